"""Translations of pto modules to the PTO runtime's C++ and its argument
metadata."""

import json
from typing import Any, Dict, List

from . import pipelines
from ._mlir_libs import _site_initialize_0 as _native
from .dialects import pto
from .ir import Diagnostic, DiagnosticInfo, DiagnosticSeverity, MLIRError, Module


def header_defines(runtime: str, runtime_api: str) -> List[str]:
    """The ``-D`` flags that make the project's declaration of the runtime
    API (``runtime/include/pto_orchestration_api.h``, and the stub runtime's
    header in ``test/stub_runtime``) declare what C++ printed for ``runtime``
    at API level ``runtime_api`` may use: ``PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER``
    hides the host_build_graph-only surface, ``PTO_RUNTIME_API_SIMPLER_6EBAF771``
    selects the public runtime's level. The real runtime's headers need none.

    Raises:
        ValueError: an unknown runtime or API level.
    """
    if runtime not in pto.RUNTIMES:
        raise ValueError(f"unknown runtime {runtime!r}")
    if runtime_api not in pto.RUNTIME_APIS:
        raise ValueError(f"unknown runtime API level {runtime_api!r}")
    defines = []
    if runtime == "tensormap_and_ringbuffer":
        defines.append("-DPTO_RUNTIME_TENSORMAP_AND_RINGBUFFER")
    if runtime_api == "simpler_6ebaf771":
        defines.append("-DPTO_RUNTIME_API_SIMPLER_6EBAF771")
    return defines


def to_orchestration_cpp(module: Module, prepare: bool = True) -> str:
    """Returns the orchestration C++ for ``module``, for the runtime its
    ``pto.runtime`` attribute names, as ``pto-translate --pto-to-cpp`` prints
    it. Graph modules (host_build_graph) must be legalized first
    (:func:`pto_mlir.pipelines.legalize_graph_boundary`).

    Args:
        module: a module with one ``pto.orchestration`` function. Names come
            from the values' name locations.
        prepare: first run ``pto-orchestration-prepare-pipeline`` on the
            module (in place); pass False for IR that is already prepared
            (it carries the ``pto.prepared`` attribute that pipeline sets).

    Raises:
        MLIRError: the module cannot be translated (or, with
            ``prepare=False``, was not prepared). Its ``error_diagnostics``
            hold one ``DiagnosticInfo`` per problem (``location`` at the op
            that cannot be printed, ``message``, ``notes``), as MLIR's own
            errors do; no note dumps an op.
    """
    return _translate(module, prepare, _native.translate_to_orchestration_cpp,
                      "orchestration C++")


def argument_metadata_json(module: Module, prepare: bool = True) -> str:
    """Returns the argument metadata of ``module``'s orchestration entry as
    JSON text, as ``pto-translate --pto-to-arg-metadata`` prints it. The host
    loads it with the orchestration C++ (spec legalize-graph-boundary.md,
    "Host control tensors").

    Args:
        module: a module with one ``pto.orchestration`` function.
        prepare: first run ``pto-orchestration-prepare-pipeline`` on the
            module (in place); pass False for IR that is already prepared
            (it carries ``pto.prepared``).

    Raises:
        MLIRError: with ``prepare=False``, the module was not prepared;
            otherwise the prepare pipeline's diagnostics (under
            host_build_graph, a ``pto.read`` / ``pto.write`` that reaches a
            runtime allocation or a device task's output, or a host control
            tensor that also reaches the device; one each). The metadata
            itself reads the ``pto.host_control`` marks and checks nothing.
    """
    return _translate(module, prepare, _native.translate_to_argument_metadata,
                      "argument metadata")


def argument_metadata(module: Module, prepare: bool = True) -> Dict[str, Any]:
    """Returns the argument metadata of ``module``'s orchestration entry
    (:func:`argument_metadata_json`, parsed).

    The result is ``{"entry": str, "runtime": str, "arguments": [...]}``
    with one dict per entry argument, in order: ``index``, ``name`` (when
    the argument has a name location), ``kind`` (``"tensor"`` or
    ``"scalar"``), ``slot`` (its index in ``orch_args.tensor(i)`` or
    ``orch_args.scalar<T>(i)``), ``type`` (the MLIR type), and for tensors
    ``direction`` and where the host keeps it: ``storage`` ``"HOST"`` with
    ``transfer`` ``"NONE"`` for a host control tensor (host_build_graph
    only), ``"DEVICE"`` with ``"DEFAULT"`` otherwise.

    Raises:
        MLIRError: as :func:`argument_metadata_json`.
    """
    return json.loads(argument_metadata_json(module, prepare))


def _translate(module: Module, prepare: bool, translation, what: str) -> str:
    if prepare:
        pipelines.run_pipeline(module, "pto-orchestration-prepare-pipeline")
    errors: List[DiagnosticInfo] = []

    def collect(diagnostic: Diagnostic) -> bool:
        # A copy: the Diagnostic itself lives only during this call.
        if diagnostic.severity == DiagnosticSeverity.ERROR:
            errors.append(DiagnosticInfo(diagnostic))
        return True

    handler = module.context.attach_diagnostic_handler(collect)
    try:
        text = translation(module.operation)
    finally:
        handler.detach()
    if text is None:
        raise MLIRError(f"cannot translate the module to {what}", errors)
    return text
