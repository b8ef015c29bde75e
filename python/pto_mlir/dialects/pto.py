"""Python bindings for the ``pto`` dialect.

Generated op classes (``KernelOp``, ``GraphOp``, ``SubmitOp``, ...) and enum
bindings; the type classes :class:`TensorType`, :class:`TaskIdType` and
:class:`TaskIdArrayType` (over the C API: ``get``, properties,
``isinstance``); and constructors for the dialect's attributes, built by
parsing their textual form in the current :class:`~pto_mlir.ir.Context`.
Each function raises ``ValueError`` on invalid input, carrying the
verifier's or parser's diagnostic.
"""

from typing import Optional, Sequence, Union

from ._pto_ops_gen import *  # noqa: F401,F403
from ._pto_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._pto_types import TaskIdArrayType, TaskIdType, TensorType
from .._mlir_libs._site_initialize_0 import (  # noqa: F401
    ALLOC_TENSORS_ARGS, GRAPH_MAX_NODES, GRAPH_MAX_SCALAR_ARGS,
    GRAPH_MAX_TENSOR_ARGS)
from ..ir import Attribute, MLIRError, Type

#: Extent of a dynamic axis in :func:`tensor_type` shapes (printed ``?``).
DYNAMIC = -1

DIRECTION_ATTR = "pto.direction"
#: Argument attribute the legalization sets on each Graph parameter it adds.
HOISTED_ATTR = "pto.hoisted"
RUNTIME_ATTR = "pto.runtime"
PARALLEL_ATTR = "pto.parallel"


def _parse_type(text: str) -> Type:
    try:
        return Type.parse(text)
    except MLIRError as error:
        raise ValueError(str(error)) from None


def _parse_attr(text: str) -> Attribute:
    try:
        return Attribute.parse(text)
    except MLIRError as error:
        raise ValueError(str(error)) from None


def tensor_type(shape: Sequence[Optional[int]], element_type: Union[Type, str],
                layout: Optional[str] = None) -> TensorType:
    """Returns ``!pto.tensor<shape x element_type[, layout]>``: a
    :class:`TensorType`, which also takes ``None`` for a dynamic extent.

    Args:
        shape: one extent per axis, in elements; ``DYNAMIC`` (or ``None``) for
            an extent known only at run time.
        element_type: ``f16``, ``bf16``, ``f32`` or a signless integer type,
            as a Type or its text.
        layout: ``"nd"`` (row major, default) or ``"dn"`` (column major).

    Raises:
        ValueError: an invalid extent, element type or layout.
    """
    extents = []
    for extent in shape:
        if extent is None or extent == DYNAMIC:
            extents.append(None)
        elif isinstance(extent, int) and extent >= 0:
            extents.append(extent)
        else:
            raise ValueError(f"invalid tensor extent {extent!r}: expected a "
                             f"non-negative int or DYNAMIC")
    if isinstance(element_type, str):
        element_type = _parse_type(element_type)
    return TensorType.get(extents, element_type, layout)


def task_id_type() -> TaskIdType:
    """Returns ``!pto.task_id``, the id of a submitted task."""
    return TaskIdType.get()


def task_id_array_type(size: int) -> TaskIdArrayType:
    """Returns ``!pto.task_id_array<size>`` (``size`` >= 1 task ids).

    Raises:
        ValueError: ``size`` is not positive.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"a task id array needs a positive size, got {size!r}")
    return TaskIdArrayType.get(size)


def direction_attr(direction: str) -> Attribute:
    """Returns ``#pto.direction<in|out|inout>``.

    Raises:
        ValueError: ``direction`` is not ``in``, ``out`` or ``inout``.
    """
    if direction not in ("in", "out", "inout"):
        raise ValueError(f"unknown direction {direction!r}: expected in, out or inout")
    return _parse_attr(f"#pto.direction<{direction}>")


def core_type_attr(core_type: str) -> Attribute:
    """Returns ``#pto.core_type<aic|aiv|mixed>``.

    Raises:
        ValueError: unknown core type.
    """
    if core_type not in ("aic", "aiv", "mixed"):
        raise ValueError(f"unknown core type {core_type!r}: expected aic, aiv or mixed")
    return _parse_attr(f"#pto.core_type<{core_type}>")


def runtime_attr(runtime: str) -> Attribute:
    """Returns ``#pto.runtime<tensormap_and_ringbuffer|host_build_graph>``.

    Raises:
        ValueError: unknown runtime.
    """
    if runtime not in ("tensormap_and_ringbuffer", "host_build_graph"):
        raise ValueError(f"unknown runtime {runtime!r}: expected "
                         f"tensormap_and_ringbuffer or host_build_graph")
    return _parse_attr(f"#pto.runtime<{runtime}>")
