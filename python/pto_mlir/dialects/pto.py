"""Python bindings for the ``pto`` dialect.

Generated op classes (``KernelOp``, ``GraphOp``, ``SubmitOp``, ...) and enum
bindings; the type classes :class:`TensorType`, :class:`TaskIdType`,
:class:`TaskIdArrayType` and :class:`CreateInfoType` and the attribute classes :class:`DirectionAttr`,
:class:`CoreTypeAttr`, :class:`RuntimeAttr` and :class:`HoistedAttr` (over
the C API: ``get``, properties, ``isinstance``; an ``Attribute`` read from
the IR is cast with e.g. ``DirectionAttr(attr)``); and shorthand
constructors. Each function raises ``ValueError`` on invalid input,
carrying the verifier's diagnostic.
"""

from typing import List, Optional, Sequence, Union

from ._pto_ops_gen import *  # noqa: F401,F403
from ._pto_enum_gen import *  # noqa: F401,F403
from .._mlir_libs._pto_ir import (  # noqa: F401
    CoreTypeAttr, CreateInfoType, DirectionAttr, HoistedAttr, RuntimeAttr,
    TaskIdArrayType, TaskIdType, TensorType)
from .._mlir_libs._site_initialize_0 import (  # noqa: F401
    ALLOC_TENSORS_ARGS, GRAPH_MAX_NODES, GRAPH_MAX_SCALAR_ARGS,
    GRAPH_MAX_TENSOR_ARGS)
from ..ir import ArrayAttr, Attribute, DictAttr, FunctionType, MLIRError, Type, TypeAttr

#: Extent of a dynamic axis in :func:`tensor_type` shapes (printed ``?``).
DYNAMIC = -1

DIRECTION_ATTR = "pto.direction"
#: Argument attribute the legalization sets on each Graph parameter it adds.
HOISTED_ATTR = "pto.hoisted"
RUNTIME_ATTR = "pto.runtime"
#: The runtimes (``#pto.runtime<...>``); the first is the default.
RUNTIMES = ("tensormap_and_ringbuffer", "host_build_graph")
#: The module attribute naming the runtime API level the C++ is printed for.
RUNTIME_API_ATTR = "pto.runtime_api"
#: The runtime API levels (``#pto.runtime_api<...>``); the first is the default.
RUNTIME_APIS = ("spec", "simpler_6ebaf771")
PARALLEL_ATTR = "pto.parallel"


def _parse_type(text: str) -> Type:
    try:
        return Type.parse(text)
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


def direction_attr(direction: str) -> DirectionAttr:
    """Returns ``#pto.direction<in|out|inout>`` (:meth:`DirectionAttr.get`).

    Raises:
        ValueError: ``direction`` is not ``in``, ``out`` or ``inout``.
    """
    return DirectionAttr.get(direction)


def core_type_attr(core_type: str) -> CoreTypeAttr:
    """Returns ``#pto.core_type<aic|aiv|mixed>`` (:meth:`CoreTypeAttr.get`).

    Raises:
        ValueError: unknown core type.
    """
    return CoreTypeAttr.get(core_type)


def runtime_attr(runtime: str) -> RuntimeAttr:
    """Returns ``#pto.runtime<tensormap_and_ringbuffer|host_build_graph>``
    (:meth:`RuntimeAttr.get`).

    Raises:
        ValueError: unknown runtime.
    """
    return RuntimeAttr.get(runtime)


def runtime_api_attr(level: str) -> Attribute:
    """Returns ``#pto.runtime_api<level>``, the value of the module attribute
    ``pto.runtime_api``: ``"spec"`` (the API the Graph specification
    describes) or ``"simpler_6ebaf771"`` (the public runtime at that commit;
    docs/translation.md, "Runtime API levels").

    Raises:
        ValueError: unknown level.
    """
    if level not in RUNTIME_APIS:
        raise ValueError(f"unknown runtime API level {level!r}: expected one of "
                         f"{', '.join(RUNTIME_APIS)}")
    return Attribute.parse(f"#pto.runtime_api<{level}>")


def argument_directions(func) -> List[str]:
    """The direction (``"in"``, ``"out"`` or ``"inout"``) of each parameter
    of ``func``, a ``pto.kernel`` or ``pto.graph`` op (or its OpView): its
    ``pto.direction`` argument attribute, ``"in"`` without one."""
    op = getattr(func, "operation", func)
    fn_type = FunctionType(TypeAttr(op.attributes["function_type"]).value)
    directions = ["in"] * len(fn_type.inputs)
    if "arg_attrs" in op.attributes:
        for i, attrs in enumerate(ArrayAttr(op.attributes["arg_attrs"])):
            attrs = DictAttr(attrs)
            if DIRECTION_ATTR in attrs:
                directions[i] = DirectionAttr(attrs[DIRECTION_ATTR]).value
    return directions
