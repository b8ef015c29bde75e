"""Pass pipelines over pto modules, as Python functions.

Each function runs a registered pipeline in place on a module and raises
:class:`pto_mlir.ir.MLIRError` if a pass fails; the error carries every
diagnostic (message and location) the passes emitted. A pipeline text that
does not parse raises ``ValueError``.
"""

from .ir import Module
from .passmanager import PassManager


def run_pipeline(module: Module, pipeline: str) -> Module:
    """Runs textual pass ``pipeline`` (e.g. ``"pto-verify-graph-boundary"``)
    on ``module`` in place and returns it.

    Raises:
        ValueError: the pipeline text does not parse.
        MLIRError: a pass fails.
    """
    with module.context:
        pm = PassManager.parse(f"builtin.module({pipeline})")
        pm.run(module.operation)
    return module


def legalize_graph_boundary(module: Module) -> Module:
    """Makes every ``pto.graph`` replay-safe for the host_build_graph runtime
    (``pto-graph-legalize-pipeline``: normalize returns, hoist derived
    scalars, views and allocations to the call sites, check the legality
    rules, verify). See ``docs/graph-boundary.md``.

    Raises:
        MLIRError: a Graph cannot be made replay-safe; one diagnostic per
            problem, at the offending op.
    """
    return run_pipeline(module, "pto-graph-legalize-pipeline")
