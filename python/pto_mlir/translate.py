"""Translations of pto modules to the PTO runtime's C++."""

from typing import List

from . import pipelines
from ._mlir_libs import _site_initialize_0 as _native
from .ir import Diagnostic, MLIRError, Module


def to_orchestration_cpp(module: Module, prepare: bool = True) -> str:
    """Returns the orchestration C++ for ``module``, for the runtime its
    ``pto.runtime`` attribute names, as ``pto-translate --pto-to-cpp`` prints
    it. Graph modules (host_build_graph) must be legalized first
    (:func:`pto_mlir.pipelines.legalize_graph_boundary`).

    Args:
        module: a module with one ``pto.orchestration`` function. Names come
            from the values' name locations.
        prepare: first run ``pto-orchestration-prepare-pipeline`` on the
            module (in place); pass False for IR that is already prepared.

    Raises:
        MLIRError: the module cannot be translated; carries one diagnostic
            per problem, at the op that cannot be printed.
    """
    if prepare:
        pipelines.run_pipeline(module, "pto-orchestration-prepare-pipeline")
    errors: List[str] = []

    def collect(diagnostic: Diagnostic) -> bool:
        errors.append(f"{diagnostic.location}: {diagnostic.message}")
        for note in diagnostic.notes:
            if not note.message.startswith("see current operation"):
                errors.append(f"{note.location}: note: {note.message}")
        return True

    handler = module.context.attach_diagnostic_handler(collect)
    try:
        text = _native.translate_to_orchestration_cpp(module.operation)
    finally:
        handler.detach()
    if text is None:
        raise MLIRError("cannot translate the module to orchestration C++:\n"
                        + "\n".join(errors), [])
    return text
