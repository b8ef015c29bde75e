"""A thin convenience layer over the generated ``pto`` op builders.

It builds kernels, Graphs and orchestration functions with named parameters,
computes the result types of launches and views from their operands, and
gives every op a location that names the value and points at the Python
line that built it, so a verifier error is reported against the user's code::

    from pto_mlir import builder as b
    from pto_mlir.ir import Context, F32Type, IndexType, Module

    with Context(), b.here():
        module = b.module(runtime="host_build_graph")
        t = b.tensor([16, 128], "f32")
        with b.inserting(module):
            add = b.kernel("add", [b.param("a", t), b.param("c", t, "inout")],
                           core_type="aiv")
            layer = b.graph("layer", [b.param("a", t), b.param("c", t, "inout")],
                            results=[t])
            with b.inserting(layer):
                a, c = b.arguments(layer)
                c1, _ = b.submit(add, [a, c], name="c1")
                b.ret([c1])
        module.operation.verify()  # raises pto_mlir.ir.MLIRError

Every function needs an active :class:`~pto_mlir.ir.Context`; those that
create ops also need an insertion point (``with b.inserting(...)``).
Functions raise ``ValueError`` for arguments they can check themselves (an
arity or type that cannot match the callee); everything else is checked by
the op verifiers when the module is verified.
"""

import contextlib
import inspect
import os
from dataclasses import dataclass
from typing import Iterator, List, Optional, Sequence, Tuple, Union

from .dialects import arith, pto
from .ir import (
    ArrayAttr,
    Attribute,
    Block,
    DictAttr,
    FunctionType,
    IndexType,
    InsertionPoint,
    IntegerAttr,
    Location,
    Module,
    Operation,
    OpView,
    StringAttr,
    Type,
    TypeAttr,
    UnitAttr,
    Value,
)

#: Extent of an axis known only at run time.
DYNAMIC = pto.DYNAMIC

#: ``ShapedType::kDynamic``: marks a value entry in static index arrays.
DYNAMIC_INDEX = -(2 ** 63)

Index = Union[int, Value]


# ----------------------------------------------------------------------------
# Locations
# ----------------------------------------------------------------------------

_THIS_FILE = os.path.abspath(__file__)


def _caller_location(name: Optional[str] = None) -> Location:
    """Location of the first stack frame outside this module, named ``name``."""
    frame = inspect.currentframe()
    while frame is not None and os.path.abspath(frame.f_code.co_filename) == _THIS_FILE:
        frame = frame.f_back
    if frame is None:
        loc = Location.unknown()
    else:
        loc = Location.file(frame.f_code.co_filename, frame.f_lineno, 0)
    return Location.name(name, childLoc=loc) if name else loc


@contextlib.contextmanager
def here() -> Iterator[Location]:
    """Makes the caller's source line the current location (a ``with`` target)."""
    with _caller_location() as loc:
        yield loc


# ----------------------------------------------------------------------------
# Types, parameters, modules
# ----------------------------------------------------------------------------


def tensor(shape: Sequence[Optional[int]], dtype: Union[str, Type],
           layout: Optional[str] = None) -> Type:
    """``!pto.tensor`` of ``shape`` (elements per axis, ``DYNAMIC`` for ``?``).

    ``dtype`` is ``"f16"``, ``"bf16"``, ``"f32"`` or ``"i1"`` ... ``"i64"``;
    ``layout`` is ``"nd"`` (default) or ``"dn"``. Raises ``ValueError`` on an
    invalid shape, dtype or layout.
    """
    return pto.tensor_type(shape, dtype, layout)


@dataclass(frozen=True)
class Param:
    """A function parameter: its name (kept as the argument's location), its
    type, and for tensors its direction (``in``, ``out`` or ``inout``)."""

    name: str
    type: Type
    direction: str = "in"


def param(name: str, type: Type, direction: str = "in") -> Param:
    """Returns a :class:`Param`. Raises ``ValueError`` for an unknown
    direction, or a non-``in`` direction on a scalar."""
    if direction not in ("in", "out", "inout"):
        raise ValueError(f"parameter {name!r}: unknown direction {direction!r}")
    if direction != "in" and not str(type).startswith("!pto.tensor"):
        raise ValueError(f"parameter {name!r}: a scalar is passed by value and "
                         f"must be 'in', not {direction!r}")
    return Param(name, type, direction)


def module(runtime: Optional[str] = None) -> Module:
    """An empty module; ``runtime`` sets its ``pto.runtime`` attribute
    (``"tensormap_and_ringbuffer"`` or ``"host_build_graph"``)."""
    m = Module.create(loc=_caller_location())
    if runtime is not None:
        m.operation.attributes[pto.RUNTIME_ATTR] = pto.runtime_attr(runtime)
    return m


@contextlib.contextmanager
def inserting(target) -> Iterator[InsertionPoint]:
    """Inserts at the end of a module, a function's body or a scope's body."""
    if isinstance(target, Module):
        block = target.body
    elif isinstance(target, Block):
        block = target
    else:
        op = target.operation if isinstance(target, OpView) else target
        block = op.regions[0].blocks[0]
    with InsertionPoint(block) as ip:
        yield ip


# ----------------------------------------------------------------------------
# Functions
# ----------------------------------------------------------------------------


def _arg_attrs(params: Sequence[Param]) -> ArrayAttr:
    dicts = []
    for p in params:
        if p.direction == "in":
            dicts.append(DictAttr.get({}))
        else:
            dicts.append(DictAttr.get({pto.DIRECTION_ATTR: pto.direction_attr(p.direction)}))
    return ArrayAttr.get(dicts)


def _function(op_class, name: str, params: Sequence[Param],
              results: Sequence[Type], with_body: bool, **kwargs):
    fn_type = FunctionType.get([p.type for p in params], list(results))
    loc = _caller_location(name)
    op = op_class(name, TypeAttr.get(fn_type), arg_attrs=_arg_attrs(params),
                  loc=loc, **kwargs)
    if with_body:
        op.regions[0].blocks.append(
            *[p.type for p in params],
            arg_locs=[Location.name(p.name, childLoc=loc) for p in params])
    return op


def kernel(name: str, params: Sequence[Param], core_type: str = "aiv",
           results: Sequence[Type] = ()) -> pto.KernelOp:
    """Declares kernel ``@name`` (no body) running on ``core_type`` cores
    (``aic``, ``aiv`` or ``mixed``). Tensor parameters must precede scalar
    ones."""
    return _function(pto.KernelOp, name, params, results, with_body=False,
                     core_type=pto.core_type_attr(core_type))


def graph(name: str, params: Sequence[Param],
          results: Sequence[Type] = ()) -> pto.GraphOp:
    """Defines Graph ``@name`` with an empty entry block: fill it with
    ``with inserting(op):`` and end it with :func:`ret`."""
    return _function(pto.GraphOp, name, params, results, with_body=True)


def orchestration(name: str, params: Sequence[Param],
                  results: Sequence[Type] = ()) -> pto.OrchestrationOp:
    """Defines orchestration function ``@name`` with an empty entry block."""
    return _function(pto.OrchestrationOp, name, params, results, with_body=True)


def arguments(func) -> List[Value]:
    """The entry-block arguments of a Graph or orchestration function."""
    return list(func.regions[0].blocks[0].arguments)


def ret(values: Sequence[Value] = ()) -> pto.ReturnOp:
    """``pto.return`` of ``values`` from the enclosing function."""
    return pto.ReturnOp(list(values), loc=_caller_location())


# ----------------------------------------------------------------------------
# Launches
# ----------------------------------------------------------------------------


def _signature(func) -> Tuple[List[Type], List[Type], List[str]]:
    fn_type = FunctionType(TypeAttr(func.attributes["function_type"]).value)
    inputs = list(fn_type.inputs)
    directions = ["in"] * len(inputs)
    if "arg_attrs" in func.attributes:
        for i, d in enumerate(ArrayAttr(func.attributes["arg_attrs"])):
            d = DictAttr(d)
            if pto.DIRECTION_ATTR in d:
                directions[i] = _enum_keyword(d[pto.DIRECTION_ATTR])
    return inputs, list(fn_type.results), directions


def _enum_keyword(attr: Attribute) -> str:
    """``inout`` for ``#pto.direction<inout>``."""
    text = str(attr)
    return text[text.index("<") + 1:-1]


def _symbol(func) -> str:
    return StringAttr(func.attributes["sym_name"]).value


def _is_tensor(t: Type) -> bool:
    return str(t).startswith("!pto.tensor")


def submit(kernel_op, args: Sequence[Value], deps: Sequence[Value] = (),
           predicate: Optional[Value] = None, core_num: Optional[Value] = None,
           name: Optional[str] = None) -> Tuple[Value, ...]:
    """Launches ``kernel_op`` on ``args`` (tensors, then scalars; a tail of
    ``out`` tensors may be omitted for the runtime to allocate).

    Returns one tensor per out/inout parameter of the kernel (the rebound
    buffer, tied to its operand), then the task id. ``name`` names the
    results. Raises ``ValueError`` if more tensors are passed than the kernel
    has tensor parameters.
    """
    params, _, directions = _signature(kernel_op)
    num_tensor_args = sum(1 for a in args if _is_tensor(a.type))
    num_tensor_params = sum(1 for t in params if _is_tensor(t))
    if num_tensor_args > num_tensor_params:
        raise ValueError(f"@{_symbol(kernel_op)} has {num_tensor_params} tensor "
                         f"parameters, got {num_tensor_args} tensors")
    outs = []
    for i, (t, d) in enumerate(zip(params, directions)):
        if _is_tensor(t) and d != "in":
            outs.append(args[i].type if i < num_tensor_args else t)
    op = pto.SubmitOp(outs, pto.task_id_type(), _symbol(kernel_op), list(args),
                      list(deps), predicate=predicate, core_num=core_num,
                      loc=_caller_location(name))
    return tuple(op.results)


def call(graph_op, args: Sequence[Value], name: Optional[str] = None) -> Tuple[Value, ...]:
    """Calls Graph ``graph_op`` with every parameter; returns its results
    (each tensor result names the buffer the Graph returns there)."""
    _, results, _ = _signature(graph_op)
    op = pto.CallOp(results, _symbol(graph_op), list(args), [],
                    loc=_caller_location(name))
    return tuple(op.results)


def task_dummy(deps: Sequence[Value] = (), name: Optional[str] = None) -> Value:
    """A barrier task completing after ``deps``; returns its task id."""
    return pto.TaskDummyOp(list(deps), loc=_caller_location(name)).result


def invalid_task_id(name: Optional[str] = None) -> Value:
    """The invalid task id (orders nothing)."""
    return pto.InvalidTaskIdOp(loc=_caller_location(name)).result


# ----------------------------------------------------------------------------
# Scalars
# ----------------------------------------------------------------------------


def index(value: int, name: Optional[str] = None) -> Value:
    """An ``index`` constant."""
    return arith.ConstantOp(IndexType.get(), value, loc=_caller_location(name)).result


def _index_value(v: Index) -> Value:
    return v if isinstance(v, Value) else index(v)


def _mixed(values: Sequence[Index]) -> Tuple[List[Value], List[int]]:
    dynamic, static = [], []
    for v in values:
        if isinstance(v, int):
            static.append(v)
        else:
            dynamic.append(v)
            static.append(DYNAMIC_INDEX)
    return dynamic, static



# ----------------------------------------------------------------------------
# Tensors
# ----------------------------------------------------------------------------


def _tensor_parts(t: Type) -> Tuple[List[Optional[int]], str, Optional[str]]:
    body = str(t)[len("!pto.tensor<"):-1]
    layout = None
    if ", " in body:
        body, layout = body.split(", ")
    *dims, dtype = body.split("x")
    shape = [DYNAMIC if d == "?" else int(d) for d in dims]
    return shape, dtype, layout


def slice(source: Value, offsets: Sequence[Index], sizes: Sequence[Index],
          name: Optional[str] = None) -> Value:
    """A view of ``source``: ``offsets`` and ``sizes`` (elements per axis,
    each an int or an ``index`` value). The result's extent is the size,
    ``?`` where the size is a value."""
    _, dtype, layout = _tensor_parts(source.type)
    result_shape = [s if isinstance(s, int) else DYNAMIC for s in sizes]
    dyn_offsets, static_offsets = _mixed(offsets)
    dyn_sizes, static_sizes = _mixed(sizes)
    return pto.SliceOp(tensor(result_shape, dtype, layout), source, dyn_offsets,
                       dyn_sizes, static_offsets, static_sizes,
                       loc=_caller_location(name)).result


def create(shape: Sequence[Index], dtype: str, layout: Optional[str] = None,
           name: Optional[str] = None) -> Value:
    """Allocates a tensor of ``shape`` (ints, or ``index`` values for
    extents known at run time) and element type ``dtype``."""
    dynamic = [s for s in shape if not isinstance(s, int)]
    t = tensor([s if isinstance(s, int) else DYNAMIC for s in shape], dtype, layout)
    return pto.CreateOp(t, dynamic, loc=_caller_location(name)).result


def dim(source: Value, axis: int, name: Optional[str] = None) -> Value:
    """The extent of ``source`` along literal ``axis``, as an ``index``."""
    return pto.DimOp(source, axis, loc=_caller_location(name)).result


def read(source: Value, indices: Sequence[Index], name: Optional[str] = None) -> Value:
    """Reads one element of a host control tensor."""
    dynamic, static = _mixed(indices)
    return pto.ReadOp(source, dynamic, static, loc=_caller_location(name)).result


def write(value: Value, dest: Value, indices: Sequence[Index]) -> None:
    """Writes one element of a host control tensor."""
    dynamic, static = _mixed(indices)
    pto.WriteOp(value, dest, dynamic, static, loc=_caller_location())


def transpose(source: Value, axis0: int, axis1: int, name: Optional[str] = None) -> Value:
    """A view of ``source`` with two axes swapped."""
    return pto.TransposeOp(source, axis0, axis1, loc=_caller_location(name)).result


def set_parallel(for_op) -> None:
    """Marks an ``scf.for`` as a parallel loop (``pto.parallel``)."""
    op = for_op.operation if isinstance(for_op, OpView) else for_op
    op.attributes[pto.PARALLEL_ATTR] = UnitAttr.get()
