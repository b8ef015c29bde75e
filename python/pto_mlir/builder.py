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
create ops also need an insertion point (``with b.inserting(...)``). Every
value, type and op passed in must belong to that Context (``ValueError``
otherwise: MLIR itself would link IR across contexts and abort the
interpreter).
Functions raise ``ValueError`` for arguments they can check themselves (an
arity or type that cannot match the callee); everything else is checked by
the op verifiers when the module is verified.

The front end on top (the second half of this module) writes scalars,
loops and scopes the way the DSL does::

    base = b.let(b.scalar(layer_idx) * 128, "base")   # arith.muli, named
    with b.range(4, carry=[c], name="layer") as loop:  # scf.for, 4 trips
        (acc,) = loop.carried
        (nxt,) = b.call(layer, [a, w, acc, loop.iv], name="next")
        loop.yield_([nxt])
    with b.scope(manual=True) as s:                    # pto.scope manual
        ids = b.task_id_array(4)
        with b.parallel(4, carry=[ids], name="branch") as par:  # pto.parallel
            ...

- :class:`Scalar`: an index / integer value with ``+ - * // % & | ^``, the
  comparisons and unary ``-`` (``arith`` ops; ``//`` and ``%`` truncate
  like C++); :func:`scalar`, :func:`let`, :func:`cast`, :func:`min`,
  :func:`max`. A Scalar is accepted wherever a Value is.
- :func:`range` and :func:`parallel`: ``scf.for`` loops as ``with``
  blocks (:class:`Loop`), with named induction variables and carries.
- :func:`scope` (:class:`Scope`), :func:`task_id_array`,
  :func:`array_get`, :func:`array_update`.
"""

import argparse
import builtins
import abc
import contextlib
import functools
import math
import inspect
import os
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterator, List, Optional, Sequence, Tuple, Union

from .dialects import arith, pto, scf
from .ir import (
    ArrayAttr,
    Attribute,
    Block,
    Context,
    DictAttr,
    FlatSymbolRefAttr,
    FloatType,
    FunctionType,
    IndexType,
    InsertionPoint,
    IntegerAttr,
    IntegerType,
    Location,
    MLIRError,
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

#: An ``index`` operand: a literal, a Value or a :class:`Scalar`.
Index = Union[int, Value, "Scalar"]

#: Anything a builder function takes where an SSA value is expected: a
#: Value, or a :class:`Scalar` (which stands for its ``.value``).
ValueLike = Union[Value, "Scalar"]


def _check_context(obj, what: str):
    """Returns ``obj`` (a Value, Type or op) after checking it belongs to the
    current Context. MLIR does not check this: an op built from another
    Context's value links IR across contexts and aborts the interpreter when
    either is destroyed, and another Context's type builds IR that is not
    this Context's. Raises ``ValueError``."""
    try:
        current = Context.current
    except ValueError:
        return obj  # The op builder itself says a Context is needed.
    if obj.context is not current:
        raise ValueError(
            f"{what} belongs to another Context (an exited `with Context()` "
            f"or another one): build every value, type and op of a module "
            f"in the Context that builds the module")
    return obj


def _unwrap(v, what: str = "an operand"):
    """The Value a :class:`Scalar` wraps; anything else unchanged. A Value
    is checked to belong to the current Context."""
    v = v.value if isinstance(v, Scalar) else v
    if isinstance(v, Value):
        _check_context(v, what)
    return v


def _unwrap_all(values) -> list:
    return [_unwrap(v) for v in values]


def _values(values, what: str) -> list:
    """``values`` unwrapped, each checked to be an IR Value: a Python number
    or anything else is a TypeError naming the position, raised here rather
    than as an AttributeError deep inside the op builder."""
    out = [_unwrap(v, f"{what} #{i}") for i, v in enumerate(values)]
    for i, v in enumerate(out):
        if not isinstance(v, Value):
            hint = (" (make a scalar with b.index(...) or b.scalar(...))"
                    if isinstance(v, (int, float)) else "")
            raise TypeError(f"{what} #{i} is {type(v).__name__} {v!r}, not an IR "
                            f"value{hint}")
    return out


def _type(t, what: str) -> Type:
    """``t`` as a Type: a Type, or its textual form (``"index"``,
    ``"!pto.tensor<16xf32>"``), parsed in the current context. Raises
    ``TypeError`` for anything else and ``ValueError`` for text that is not
    a type."""
    if isinstance(t, Type):
        return _check_context(t, f"{what}: type {t}")
    if isinstance(t, str):
        try:
            return Type.parse(t)
        except Exception as e:  # The parser's MLIRError names the problem.
            raise ValueError(f"{what}: {t!r} is not a type: {e}") from None
    raise TypeError(f"{what}: expected a Type or its text, got {type(t).__name__}")


def _require_insertion_point(what: str) -> None:
    """An op built with no insertion point would be created detached and
    silently lost: say so instead."""
    try:
        InsertionPoint.current
    except ValueError:
        raise ValueError(f"{what} needs an insertion point: build it inside "
                         f"`with b.inserting(...)` (a module for functions, a "
                         f"function for the ops of its body)") from None


def _builds_ops(fn):
    """For the builder functions that create ops: outside ``with
    b.inserting(...)`` they raise ValueError instead of creating a detached
    op, which is lost (or, once used, destroyed while still in use: an LLVM
    fatal error)."""
    @functools.wraps(fn)
    def checked(*args, **kwargs):
        _require_insertion_point(f"b.{fn.__name__}")
        return fn(*args, **kwargs)
    return checked


# ----------------------------------------------------------------------------
# Locations
# ----------------------------------------------------------------------------

_THIS_FILE = os.path.abspath(__file__)

# The locations pinned by `at`, innermost last, per thread.
_pinned = threading.local()


class at:
    """``with at(location):`` builds every op inside the block at
    ``location`` instead of the calling Python line (named as each
    function's ``name=`` says): for a front end that knows a finer location
    than the line, such as :mod:`pto_mlir.lang`, which pins the column of
    the expression. (A class, not a generator: a front end enters one per
    expression.)"""

    __slots__ = ("location", "_stack")

    def __init__(self, location: Location):
        self.location = location

    def __enter__(self) -> Location:
        self._stack = _pinned.__dict__.setdefault("stack", [])
        self._stack.append(self.location)
        return self.location

    def __exit__(self, *exc) -> bool:
        self._stack.pop()
        return False


def _caller_location(name: Optional[str] = None) -> Location:
    """Location of the first stack frame outside this module (or the one
    :func:`at` pinned), named ``name``."""
    stack = getattr(_pinned, "stack", None)
    if stack:
        loc = stack[-1]
        return Location.name(name, childLoc=loc) if name else loc
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
           layout: Optional[str] = None) -> pto.TensorType:
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
    #: A kernel tensor parameter's ``#pto.window`` (see :func:`window`).
    window: Optional[Attribute] = None
    #: ``pto.overwrites``: an ``inout`` kernel parameter written unread.
    overwrites: bool = False


def param(name: str, type: Union[Type, str], direction: str = "in", *,
          window: Optional[Attribute] = None, overwrites: bool = False) -> Param:
    """Returns a :class:`Param`; ``type`` is a Type or its text (``"index"``).

    For a kernel's tensor parameter, ``window`` (from :func:`window`) is the
    box of the tensor passed the kernel touches, and ``overwrites`` marks an
    ``inout`` parameter the kernel writes without reading (the dialect
    reference, ``#pto.window``); the kernel's verifier checks both.

    Raises ``ValueError`` for an unknown direction, a non-``in`` direction,
    a window or ``overwrites`` on a scalar, or text that is not a type, and
    ``TypeError`` for a ``type`` that is neither."""
    type = _type(type, f"parameter {name!r}")
    if direction not in ("in", "out", "inout"):
        raise ValueError(f"parameter {name!r}: unknown direction {direction!r}")
    if (direction != "in" or window is not None or overwrites) and not _is_tensor(type):
        raise ValueError(f"parameter {name!r}: a scalar is passed by value: it must be "
                         f"'in' and has no window")
    return Param(name, type, direction, window, overwrites)


def window(offsets: str, sizes: str) -> Attribute:
    """A ``#pto.window``: ``offsets`` and ``sizes`` are affine maps without
    dimensions, as text, whose symbol ``s<k>`` is the kernel's ``k``-th
    scalar parameter and which have one result per axis, e.g.
    ``window("()[s0] -> (0, s0)", "() -> (16, 1024)")`` for the column tile
    at the first scalar. Raises ``ValueError`` for a map that does not parse
    or is not linear in the symbols."""
    text = f"#pto.window<offsets = {offsets}, sizes = {sizes}>"
    try:
        return Attribute.parse(text)
    except MLIRError as e:
        raise ValueError(f"invalid window {text}: {e}") from None


# The modules module() made, by Context: (the Context, its modules). MLIR
# frees a module's IR with the last reference to the Module object, and a
# Value or op taken from it would then dangle (using it crashed the
# interpreter), so a module made here is held until nothing else refers to
# it or to its Context. Every IR object (op, value, block, type, attribute,
# location) holds its Context, so then nothing can reach the IR any more.
# The Context cannot hold its modules itself: a Module holds its Context
# through a reference the garbage collector does not see, so that cycle was
# never collected (every Context a module was built in leaked).
_held_modules: dict = {}
_held_lock = threading.Lock()


def _hold(m: Module) -> None:
    """Holds ``m`` (see _held_modules); first drops the modules nothing else
    can reach, so a program that builds one module per Context frees each
    when it lets its Context go."""
    with _held_lock:
        for key in list(_held_modules):
            entry = _held_modules[key]
            modules = entry[1]
            # No names are bound to the Context or a module here: the
            # Context's references are the entry's, one per module and
            # getrefcount's argument; a module's, the list's and the
            # argument.
            if sys.getrefcount(entry[0]) == len(modules) + 2 and all(
                    sys.getrefcount(modules[i]) == 2 for i in builtins.range(len(modules))):
                del _held_modules[key]
        ctx = m.context
        _held_modules.setdefault(id(ctx), (ctx, []))[1].append(m)


def module(runtime: Optional[str] = None) -> Module:
    """An empty module; ``runtime`` sets its ``pto.runtime`` attribute
    (``"tensormap_and_ringbuffer"`` or ``"host_build_graph"``). The module
    lives while anything refers to it, to its Context or to IR of that
    Context, so the values and ops built in it stay valid after the caller
    drops the Module; a Context nothing refers to any more is freed with
    its modules (when the next module is made)."""
    m = Module.create(loc=_caller_location())
    _hold(m)
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
        attrs = {}
        if p.direction != "in":
            attrs[pto.DIRECTION_ATTR] = pto.direction_attr(p.direction)
        if p.window is not None:
            attrs["pto.window"] = p.window
        if p.overwrites:
            attrs["pto.overwrites"] = UnitAttr.get()
        dicts.append(DictAttr.get(attrs))
    return ArrayAttr.get(dicts)


def _function(op_class, name: str, params: Sequence[Param],
              results: Sequence[Type], with_body: bool, **kwargs):
    _require_insertion_point(f"@{name}")
    results = [_type(t, f"@{name} result #{i}") for i, t in enumerate(results)]
    for p in params:
        _check_context(p.type, f"@{name} parameter {p.name!r} (type {p.type})")
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
           results: Sequence[Type] = (), lanes: Sequence[Any] = ()) -> pto.KernelOp:
    """Declares kernel ``@name`` (no body) running on ``core_type`` cores
    (``aic``, ``aiv`` or ``mixed``). Tensor parameters must precede scalar
    ones.

    A ``mixed`` kernel is a group that names its ``lanes`` (kernel ops or
    symbol names): the AIC kernel, then the AIV kernel of vector lane 0 and
    optionally of lane 1, each with this signature. Raises ``ValueError``
    for lanes on another core type, or a mixed kernel with fewer than 2 or
    more than 3 (the verifier checks the lanes' core types and signatures).
    """
    if (core_type == "mixed") != bool(lanes) or len(lanes) > 3 or len(lanes) == 1:
        raise ValueError(f"@{name}: a mixed kernel names 2 or 3 lanes (AIC, AIV, "
                         f"optional second AIV) and no other kernel has any; got "
                         f"core_type {core_type!r} with {len(lanes)} lanes")
    kwargs = {}
    if lanes:
        kwargs["lanes"] = ArrayAttr.get([
            FlatSymbolRefAttr.get(lane if isinstance(lane, str) else
                                  _symbol(_check_context(lane, f"@{name} lane #{i}")))
            for i, lane in enumerate(lanes)])
    return _function(pto.KernelOp, name, params, results, with_body=False,
                     core_type=pto.core_type_attr(core_type), **kwargs)


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
    """The entry-block arguments of a Graph or orchestration function.

    Raises:
        ValueError: ``func`` has no body (a kernel declaration).
    """
    op = getattr(func, "operation", func)
    if not op.regions or not len(op.regions[0].blocks):
        name = op.attributes["sym_name"] if "sym_name" in op.attributes else op.name
        raise ValueError(f"{name} has no body, so no block arguments: b.arguments takes "
                         f"a Graph or orchestration function (a kernel is a declaration)")
    return list(op.regions[0].blocks[0].arguments)


@_builds_ops
def ret(values: Sequence[Value] = ()) -> pto.ReturnOp:
    """``pto.return`` of ``values`` from the enclosing function."""
    return pto.ReturnOp(_unwrap_all(values), loc=_caller_location())


# ----------------------------------------------------------------------------
# Launches
# ----------------------------------------------------------------------------


def _signature(func) -> Tuple[List[Type], List[Type], List[str]]:
    """(parameter types, result types, directions) of a kernel or Graph op,
    remembered on the op object while its type and argument attributes stay
    the same (every launch reads it; decoding the directions costs more
    than building the launch)."""
    attributes = func.attributes
    key = (attributes["function_type"],
           attributes["arg_attrs"] if "arg_attrs" in attributes else None)
    cached = getattr(func, "_pto_signature", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    fn_type = FunctionType(TypeAttr(key[0]).value)
    signature = (list(fn_type.inputs), list(fn_type.results), pto.argument_directions(func))
    try:
        func._pto_signature = (key, signature)
    except AttributeError:  # An op object without a __dict__: not remembered.
        pass
    return signature


def _symbol(func) -> str:
    return StringAttr(func.attributes["sym_name"]).value


def _is_tensor(t: Type) -> bool:
    return pto.TensorType.isinstance(t)


@_builds_ops
def submit(kernel_op, args: Sequence[Value], deps: Sequence[Value] = (),
           predicate: Optional[Value] = None, core_num: Optional[Index] = None,
           name: Optional[str] = None, *, allow_early_resolve: bool = False,
           require_sync_start: bool = False) -> Tuple[Value, ...]:
    """Launches ``kernel_op`` on ``args`` (tensors, then scalars). In the
    place of an ``out`` tensor an argument may be a create info
    (:func:`create_info`): the runtime allocates that buffer; a tail of
    ``out`` tensors of static shape may also be omitted for the runtime to
    allocate.

    Returns one tensor per out/inout parameter of the kernel (the rebound
    buffer, tied to its operand), then the task id. ``name`` names the
    results. ``args``, ``deps``, ``predicate`` and ``core_num`` may be
    Values or :class:`Scalar` s; ``core_num``, the SPMD block count, may
    also be an ``int``. ``allow_early_resolve`` and ``require_sync_start``
    set the task flags of the same names (see ``pto.submit``). Raises
    ``ValueError`` if more tensors are passed than the kernel has tensor
    parameters, or a scalar whose type is not the parameter's; ``TypeError``
    if an argument is not an IR value; ``MLIRError`` if the launch does not
    verify (a block count below 1 or over the runtime's subtask limit,
    ``require_sync_start`` without more than one block).
    """
    _check_context(kernel_op, f"kernel @{_symbol(kernel_op)}")
    args = _values(args, f"argument of @{_symbol(kernel_op)}")
    params, _, directions = _signature(kernel_op)
    num_tensor_args = sum(1 for a in args if _is_tensor(a.type)
                          or pto.CreateInfoType.isinstance(a.type))
    num_tensor_params = sum(1 for t in params if _is_tensor(t))
    if num_tensor_args > num_tensor_params:
        raise ValueError(f"@{_symbol(kernel_op)} has {num_tensor_params} tensor "
                         f"parameters, got {num_tensor_args} tensors")
    scalar_params = [t for t in params if not _is_tensor(t)]
    for i, (a, t) in enumerate(zip(args[num_tensor_args:], scalar_params)):
        if a.type != t:
            raise ValueError(f"@{_symbol(kernel_op)} scalar argument #{i} has type "
                             f"{a.type}, but the kernel declares {t}")
    outs = []
    for i, (t, d) in enumerate(zip(params, directions)):
        if _is_tensor(t) and d != "in":
            if i >= num_tensor_args:
                outs.append(t)
            elif pto.CreateInfoType.isinstance(args[i].type):
                outs.append(pto.CreateInfoType(args[i].type).tensor)
            else:
                outs.append(args[i].type)
    if isinstance(core_num, int):
        core_num = _index_value(core_num)
    op = pto.SubmitOp(outs, pto.task_id_type(), _symbol(kernel_op), list(args),
                      _unwrap_all(deps), predicate=_unwrap(predicate),
                      core_num=_unwrap(core_num),
                      allow_early_resolve=allow_early_resolve or None,
                      require_sync_start=require_sync_start or None,
                      loc=_caller_location(name))
    return tuple(op.results)


@_builds_ops
def call(graph_op, args: Sequence[Value], name: Optional[str] = None) -> Tuple[Value, ...]:
    """Calls Graph ``graph_op`` with every parameter; returns its results
    (each tensor result names the buffer the Graph returns there). Raises
    ``TypeError`` if an argument is not an IR value and ``ValueError`` for a
    scalar whose type is not the parameter's."""
    _check_context(graph_op, f"Graph @{_symbol(graph_op)}")
    params, results, _ = _signature(graph_op)
    args = _values(args, f"argument of @{_symbol(graph_op)}")
    for i, (a, t) in enumerate(zip(args, params)):
        if not _is_tensor(t) and a.type != t:
            raise ValueError(f"@{_symbol(graph_op)} argument #{i} has type {a.type}, "
                             f"but the Graph declares {t}")
    op = pto.CallOp(results, _symbol(graph_op), args, [],
                    loc=_caller_location(name))
    return tuple(op.results)


@_builds_ops
def task_dummy(deps: Sequence[Value] = (), name: Optional[str] = None) -> Value:
    """A barrier task completing after ``deps``; returns its task id."""
    return pto.TaskDummyOp(_unwrap_all(deps), loc=_caller_location(name)).result


@_builds_ops
def invalid_task_id(name: Optional[str] = None) -> Value:
    """The invalid task id (orders nothing)."""
    return pto.InvalidTaskIdOp(loc=_caller_location(name)).result


@_builds_ops
def owner_task_id(source: Value, name: Optional[str] = None) -> Value:
    """The id of the task that produced ``source`` (``pto.owner_task_id``;
    invalid if none): in a Graph body, a dependency on the producer of a
    boundary tensor, seeded by the caller with :func:`set_owner`."""
    return pto.OwnerTaskIdOp(_unwrap(source), loc=_caller_location(name)).result


@_builds_ops
def set_owner(source: Value, owner: Value, name: Optional[str] = None) -> Value:
    """``source`` with owner task ``owner`` (``pto.set_owner``): the same
    buffer and window, now waited for as ``owner``'s output, e.g. by the
    Graph it is passed to. Rejected inside a Graph body by the
    legalization."""
    return pto.SetOwnerOp(_unwrap(source), _unwrap(owner),
                          loc=_caller_location(name)).result


# ----------------------------------------------------------------------------
# Scalars
# ----------------------------------------------------------------------------


@_builds_ops
def index(value: int, name: Optional[str] = None) -> Value:
    """An ``index`` constant."""
    return arith.ConstantOp(IndexType.get(), value, loc=_caller_location(name)).result


def _index_value(v: Index) -> Value:
    if isinstance(v, Scalar):
        return v.value
    return v if isinstance(v, Value) else index(v)


def _mixed(values: Sequence[Index]) -> Tuple[List[Value], List[int]]:
    dynamic, static = [], []
    for v in values:
        if isinstance(v, int):
            static.append(v)
        else:
            dynamic.append(_unwrap(v))
            static.append(DYNAMIC_INDEX)
    return dynamic, static



# ----------------------------------------------------------------------------
# Tensors
# ----------------------------------------------------------------------------


@_builds_ops
def slice(source: Value, offsets: Sequence[Index], sizes: Sequence[Index],
          name: Optional[str] = None) -> Value:
    """A view of ``source``: ``offsets`` and ``sizes`` (elements per axis,
    each an int or an ``index`` Value or :class:`Scalar`). The result's
    extent is the size, ``?`` where the size is a value."""
    source = _unwrap(source)
    if not isinstance(source, Value) or not _is_tensor(source.type):
        raise ValueError(f"slice: the source must be a !pto.tensor, got "
                         f"{getattr(source, 'type', source)}")
    source_type = pto.TensorType(source.type)
    result_shape = _extents(sizes)
    dyn_offsets, static_offsets = _mixed(offsets)
    dyn_sizes, static_sizes = _mixed(sizes)
    return pto.SliceOp(tensor(result_shape, source_type.element_type, source_type.layout),
                       source, dyn_offsets,
                       dyn_sizes, static_offsets, static_sizes,
                       loc=_caller_location(name)).result


def _extents(shape: Sequence[Index]) -> List[int]:
    """A type's extents for ``shape``: an int as it is, a run-time value as
    DYNAMIC. Raises ValueError for a negative int, which would otherwise
    read as DYNAMIC (-1) or be refused by the type far from here."""
    out = []
    for i, s in enumerate(shape):
        if isinstance(s, int):
            if s < 0:
                raise ValueError(f"extent #{i} is {s}: an extent is 0 or more")
            if s >= 2**63:
                raise ValueError(f"extent #{i} is {s}: more than a tensor type holds "
                                 f"(the runtime takes 32-bit extents)")
            out.append(s)
        else:
            out.append(DYNAMIC)
    return out


@_builds_ops
def create(shape: Sequence[Index], dtype: Union[str, Type], layout: Optional[str] = None,
           name: Optional[str] = None) -> Value:
    """Allocates a tensor of ``shape`` (ints, or ``index`` Values or
    :class:`Scalar` s for extents known at run time) and element type
    ``dtype`` (its text or the Type, as :func:`tensor` takes it)."""
    dynamic = [_unwrap(s) for s in shape if not isinstance(s, int)]
    t = tensor(_extents(shape), dtype, layout)
    return pto.CreateOp(t, dynamic, loc=_caller_location(name)).result


@_builds_ops
def full(shape: Sequence[Index], value: Union[ValueLike, int, float],
         dtype: Union[str, Type], name: Optional[str] = None) -> Value:
    """Allocates a tensor of ``shape`` (ints, or ``index`` Values or
    :class:`Scalar` s for extents known at run time) and element type
    ``dtype`` with every element ``value`` (``pto.full``): a Python number
    becomes a constant of ``dtype``, a Value must have that type. Only the
    tensormap_and_ringbuffer runtime's public API translates it. Raises
    ``ValueError`` for a number that does not fit ``dtype``."""
    dynamic = [_unwrap(s) for s in shape if not isinstance(s, int)]
    t = tensor(_extents(shape), dtype)
    loc = _caller_location(name)
    element = pto.TensorType(t).element_type
    v = (_constant(value, element, loc) if isinstance(value, (int, float))
         and not isinstance(value, bool) else _unwrap(value))
    return pto.FullOp(t, v, dynamic, loc=loc).result


@_builds_ops
def create_info(shape: Sequence[Index], dtype: Union[str, Type],
                name: Optional[str] = None) -> Value:
    """Describes a buffer of ``shape`` (ints, or ``index`` Values or
    :class:`Scalar` s for extents known at run time) and element type
    ``dtype`` for the runtime to allocate with a launch (``pto.create_info``,
    the runtime's TensorCreateInfo): pass it to :func:`submit` in the place of
    an ``out`` tensor; the launch's result there is the new buffer. Raises
    ``ValueError`` for a shape the runtime cannot allocate (rank 0, an extent
    over 32 bits)."""
    dynamic = [_unwrap(s) for s in shape if not isinstance(s, int)]
    t = tensor(_extents(shape), dtype)
    return pto.CreateInfoOp(pto.CreateInfoType.get(t), dynamic,
                            loc=_caller_location(name)).result


@_builds_ops
def dim(source: Value, axis: int, name: Optional[str] = None) -> Value:
    """The extent of ``source`` along literal ``axis``, as an ``index``."""
    return pto.DimOp(_unwrap(source), axis, loc=_caller_location(name)).result


@_builds_ops
def read(source: Value, indices: Sequence[Index], name: Optional[str] = None) -> Value:
    """Reads one element of a host control tensor."""
    dynamic, static = _mixed(indices)
    return pto.ReadOp(_unwrap(source), dynamic, static, loc=_caller_location(name)).result


@_builds_ops
def write(value: Value, dest: Value, indices: Sequence[Index]) -> None:
    """Writes one element of a host control tensor."""
    dynamic, static = _mixed(indices)
    pto.WriteOp(_unwrap(value), _unwrap(dest), dynamic, static, loc=_caller_location())


@_builds_ops
def transpose(source: Value, axis0: int, axis1: int, name: Optional[str] = None) -> Value:
    """A view of ``source`` with two axes swapped."""
    return pto.TransposeOp(_unwrap(source), axis0, axis1, loc=_caller_location(name)).result


@_builds_ops
def reshape(source: Value, shape: Sequence[Index], name: Optional[str] = None) -> Value:
    """A view of ``source``'s elements (row-major) with ``shape``: ints, or
    ``index`` Values or :class:`Scalar` s for extents known at run time
    (``pto.reshape``). Both shapes are row-major and hold as many elements:
    the verifier compares static shapes, a run-time check the others (none
    when the extents are the source's own ``dim`` s multiplied). ``source``
    must be contiguous at run time; in a Graph both shapes are static.

    Raises:
        ValueError: a negative extent.
        MLIRError: the op does not verify (another element count, a
            column-major tensor, a run-time shape in a Graph).
    """
    src = _unwrap(source)
    dynamic = [_unwrap(s) for s in shape if not isinstance(s, int)]
    result = tensor(_extents(shape), pto.TensorType(src.type).element_type)
    return pto.ReshapeOp(result, src, dynamic, loc=_caller_location(name)).result


def set_parallel(for_op) -> None:
    """Marks an ``scf.for`` as a parallel loop (``pto.parallel``)."""
    op = for_op.operation if isinstance(for_op, OpView) else for_op
    op.attributes[pto.PARALLEL_ATTR] = UnitAttr.get()


# ----------------------------------------------------------------------------
# The front end: scalars with operators, names, loops, scopes, task id arrays
# ----------------------------------------------------------------------------
#
# Everything below builds on the functions above and is purely additive: a
# :class:`Scalar` is accepted wherever those take a Value (it stands for its
# ``.value``), and the functions above keep returning plain Values.


def _scalar_type(type: Union[str, Type, None], default: str = "index") -> Type:
    """``type`` as a Type: a Type, or text such as ``"index"`` / ``"i32"``."""
    if type is None:
        type = default
    if isinstance(type, Type):
        return type
    try:
        return Type.parse(type)
    except Exception as error:  # MLIRError, or a parse error without context
        raise ValueError(f"invalid scalar type {type!r}: {error}") from None


def _is_index(t: Type) -> bool:
    return isinstance(t.maybe_downcast(), IndexType)


def _is_integer(t: Type) -> bool:
    t = t.maybe_downcast()
    return isinstance(t, IntegerType) and t.is_signless


def _int_width(t: Type) -> int:
    return 64 if _is_index(t) else t.maybe_downcast().width


def _is_int_like(t: Type) -> bool:
    t = t.maybe_downcast()  # Once: each downcast is a call into MLIR.
    return isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.is_signless)


def _is_float(t: Type) -> bool:
    return isinstance(t.maybe_downcast(), FloatType)


def _is_scalar_type(t: Type) -> bool:
    t = t.maybe_downcast()
    return (isinstance(t, (IndexType, FloatType))
            or (isinstance(t, IntegerType) and t.is_signless))


def _check_int_fits(value: int, t: Type) -> None:
    """Raises ``ValueError`` if literal ``value`` does not fit ``t``."""
    width = _int_width(t)
    if width == 1:
        ok = value in (0, 1, -1)
    else:  # signed, or an unsigned bit pattern narrower than 64 bits
        ok = -(1 << (width - 1)) <= value < (1 << builtins.min(width, 63))
    if not ok:
        raise ValueError(f"{value} does not fit in {t}")


#: The largest finite value of each float type (a larger one would round
#: to infinity without a word).
_FLOAT_MAX = {"f16": 65504.0, "bf16": 3.3895313892515355e38, "f32": 3.4028234663852886e38,
              "f64": 1.7976931348623157e308}


def _constant(value: Union[int, float], t: Type, loc: Location) -> Value:
    _require_insertion_point(f"the constant {value!r}")
    if _is_int_like(t):
        if not isinstance(value, int):
            raise ValueError(f"a {t} constant needs an int, got {value!r}")
        _check_int_fits(value, t)
        return arith.ConstantOp(t, int(value), loc=loc).result
    if _is_float(t):
        if not isinstance(value, (int, float)):
            raise ValueError(f"a {t} constant needs a number, got {value!r}")
        # A finite number past the type's largest would round to infinity
        # silently (an infinity or a NaN written as such is kept).
        limit = _FLOAT_MAX.get(str(t))
        try:
            number = float(value)
        except OverflowError:  # An int past every float.
            raise ValueError(f"{value} does not fit in {t}") from None
        if limit is not None and math.isfinite(number) and abs(number) > limit:
            raise ValueError(f"{value!r} does not fit in {t} (at most {limit:g})")
        return arith.ConstantOp(t, number, loc=loc).result
    raise ValueError(f"cannot make a constant of type {t}: index, integer "
                     f"and float scalars only")


def _user_name(value: Value) -> Optional[str]:
    """The NameLoc name of ``value``'s argument or defining op, if any."""
    loc = value.location
    return loc.name_str if loc.is_a_name() else None


def _rename(value: Value, name: str) -> None:
    """Names ``value`` ``name``: sets the NameLoc of its defining op (all of
    the op's results) or of its block argument, keeping the source line."""
    owner = value.owner
    if isinstance(owner, Block):
        old = value.location
        child = old.child_loc if old.is_a_name() else old
        value.maybe_downcast().set_location(Location.name(name, childLoc=child))
    else:
        op = owner.operation
        old = op.location
        child = old.child_loc if old.is_a_name() else old
        op.location = Location.name(name, childLoc=child)


def _wrap(value: Value):
    """A :class:`Scalar` for an index, integer or float value; any other
    value (tensors, task ids, task id arrays) unchanged."""
    return Scalar(value) if _is_scalar_type(value.type) else value


class Scalar:
    """A scalar SSA value (``index``, ``iN`` or a float) with Python operators.

    Arithmetic builds ``arith`` ops at the line that uses the operator::

        base = b.scalar(layer_idx) * 128          # arith.muli layer_idx, 128
        row = (phase * 4 + branch) * 16           # phase, branch: Scalars
        last = b.let(n - 1, "last")               # named %last / C++ `last`
        inside = row < n                          # i1, arith.cmpi slt

    Operators: ``+ - * // %`` (``arith.addi`` / ``subi`` / ``muli`` /
    ``divsi`` / ``remsi``), unary ``-``, ``& | ^`` (``andi`` / ``ori`` /
    ``xori``) and the comparisons ``< <= > >= == !=`` (``arith.cmpi`` with a
    *signed* predicate, or ``eq`` / ``ne``), which return an ``i1`` Scalar.
    ``//`` and ``%`` are C++'s truncating division and remainder, as the
    runtime computes them: ``-7 // 2`` is -3 and ``-7 % 2`` is -1 (Python's
    -4 and 1 apply only when both operands are Python ints, which Python
    computes itself). Both operands have the Scalar's type: a Python int is
    made an ``arith.constant`` of the other operand's type (index, or ``iN``
    when it fits), and a Value operand is accepted like a Scalar.

    A Scalar stands for its ``.value`` in every builder function (submit
    arguments, dependencies, slice offsets and sizes, create sizes, loop
    bounds and carries, returns). Use ``.value`` for the raw
    :class:`~pto_mlir.ir.Value` (e.g. for ``pto_mlir.dialects`` op
    builders).

    Raises:
        ValueError: operands of different types (convert one with
            :func:`cast`), arithmetic on a float Scalar (only index and
            integer arithmetic is supported), an int literal that does not
            fit the type, or ``//`` / ``%`` by a literal 0.
        TypeError: a Scalar used as a Python bool (``if s < n:``): it is a
            run-time value; the comparison only builds an ``arith.cmpi``.
    """

    __slots__ = ("value",)
    __hash__ = None  # == builds an op, so Scalars are not dict keys

    def __init__(self, value: ValueLike):
        value = _unwrap(value)
        if not isinstance(value, Value):
            raise ValueError(f"Scalar wraps a Value, got {value!r} "
                             f"(use b.scalar() for a literal)")
        if not _is_scalar_type(value.type):
            raise ValueError(f"Scalar wraps an index, integer or float value, "
                             f"got one of type {value.type}")
        #: The wrapped :class:`~pto_mlir.ir.Value`.
        self.value = value

    @property
    def type(self) -> Type:
        """The value's type (``index``, ``iN`` or a float type)."""
        return self.value.type

    @property
    def name(self) -> Optional[str]:
        """The value's name (its NameLoc), or None."""
        return _user_name(self.value)

    def named(self, name: str) -> "Scalar":
        """Names the value ``name`` (returns ``self``): the NameLoc of the op
        that produced it (all of that op's results) or of the block
        argument. The name reaches ``--mlir-use-nameloc-as-prefix``
        printing and the generated C++; the source line is kept."""
        _rename(self.value, name)
        return self

    def __repr__(self) -> str:
        return f"Scalar({self.value.get_name()}: {self.type})"

    def __bool__(self):
        raise TypeError(
            "a Scalar is a run-time value and has no Python truth value: a "
            "comparison builds an i1 Scalar (arith.cmpi); branch with "
            "pto_mlir.dialects.scf.IfOp on its .value")

    def __index__(self):
        raise TypeError("a Scalar is a run-time value, not a Python int")

    # -- operands ------------------------------------------------------------

    def _operand(self, other, op: str, loc: Location) -> Optional[Value]:
        """``other`` as a Value of this Scalar's type, or None when Python
        should try the reflected operator."""
        if isinstance(other, bool):
            other = int(other)
        if isinstance(other, int):
            if op in ("//", "%") and other == 0:
                raise ValueError(f"{op} by the literal 0")
            return _constant(other, self.type, loc)
        if isinstance(other, float):
            if not _is_float(self.type):
                raise ValueError(f"operands of {op!r} have different types, {self.type} "
                                 f"and the float {other!r}")
            return _constant(other, self.type, loc)
        other = _unwrap(other)
        if not isinstance(other, Value):
            return None
        if other.type != self.type:
            raise ValueError(f"operands of {op!r} have different types, "
                             f"{self.type} and {other.type}: convert one with "
                             f"b.cast(value, type) (in pto_mlir.lang: pto.i32(value), ...)")
        return other

    def _binary(self, other, op_class, op: str, reflected: bool = False, float_class=None):
        if _is_float(self.type) and float_class is not None:
            op_class = float_class
        elif not _is_int_like(self.type):
            raise ValueError(f"{op!r} on a {self.type} scalar: the front end "
                             f"does {op!r} on index and integer scalars only"
                             + (" (+, -, * and / on floats)" if _is_float(self.type) else ""))
        _require_insertion_point(f"the scalar operator {op!r}")
        loc = _caller_location()
        rhs = self._operand(other, op, loc)
        if rhs is None:
            return NotImplemented
        lhs = self.value
        if reflected:
            lhs, rhs = rhs, lhs
        return Scalar(op_class(lhs, rhs, loc=loc).result)

    # On floats: arith.addf, subf, mulf, divf.
    def __add__(self, other): return self._binary(other, arith.AddIOp, "+", False, arith.AddFOp)
    def __radd__(self, other): return self._binary(other, arith.AddIOp, "+", True, arith.AddFOp)
    def __sub__(self, other): return self._binary(other, arith.SubIOp, "-", False, arith.SubFOp)
    def __rsub__(self, other): return self._binary(other, arith.SubIOp, "-", True, arith.SubFOp)
    def __mul__(self, other): return self._binary(other, arith.MulIOp, "*", False, arith.MulFOp)
    def __rmul__(self, other): return self._binary(other, arith.MulIOp, "*", True, arith.MulFOp)

    def __truediv__(self, other):
        if not _is_float(self.type):
            raise ValueError(f"'/' divides floats, and this scalar is {self.type}: "
                             f"integer division is '//' (it truncates, as in C++)")
        return self._binary(other, None, "/", False, arith.DivFOp)

    def __rtruediv__(self, other):
        if not _is_float(self.type):
            raise ValueError(f"'/' divides floats, and this scalar is {self.type}: "
                             f"integer division is '//' (it truncates, as in C++)")
        return self._binary(other, None, "/", True, arith.DivFOp)
    def __floordiv__(self, other): return self._binary(other, arith.DivSIOp, "//")
    def __rfloordiv__(self, other): return self._binary(other, arith.DivSIOp, "//", True)
    def __mod__(self, other): return self._binary(other, arith.RemSIOp, "%")
    def __rmod__(self, other): return self._binary(other, arith.RemSIOp, "%", True)
    def __and__(self, other): return self._binary(other, arith.AndIOp, "&")
    def __rand__(self, other): return self._binary(other, arith.AndIOp, "&", True)
    def __or__(self, other): return self._binary(other, arith.OrIOp, "|")
    def __ror__(self, other): return self._binary(other, arith.OrIOp, "|", True)
    def __xor__(self, other): return self._binary(other, arith.XOrIOp, "^")
    def __rxor__(self, other): return self._binary(other, arith.XOrIOp, "^", True)

    def __neg__(self):
        if _is_float(self.type):  # arith.negf: -0.0 stays distinct from 0.0.
            _require_insertion_point("the scalar operator '-'")
            return Scalar(arith.NegFOp(self.value, loc=_caller_location()).result)
        return self._binary(0, arith.SubIOp, "-", True)

    #: A float comparison as Python's: false with NaN, but for '!='.
    _FLOAT_PREDICATES = {"<": "OLT", "<=": "OLE", ">": "OGT", ">=": "OGE", "==": "OEQ",
                         "!=": "UNE"}

    def _compare(self, other, predicate: str, op: str):
        if not (_is_int_like(self.type) or _is_float(self.type)):
            raise ValueError(f"{op!r} on a {self.type} scalar: the front end "
                             f"compares index, integer and float scalars only")
        _require_insertion_point(f"the comparison {op!r}")
        loc = _caller_location()
        rhs = self._operand(other, op, loc)
        if rhs is None:
            return NotImplemented
        if _is_float(self.type):
            pred = getattr(arith.CmpFPredicate, self._FLOAT_PREDICATES[op])
            return Scalar(arith.CmpFOp(pred, self.value, rhs, loc=loc).result)
        pred = getattr(arith.CmpIPredicate, predicate)
        return Scalar(arith.CmpIOp(pred, self.value, rhs, loc=loc).result)

    def __lt__(self, other): return self._compare(other, "slt", "<")
    def __le__(self, other): return self._compare(other, "sle", "<=")
    def __gt__(self, other): return self._compare(other, "sgt", ">")
    def __ge__(self, other): return self._compare(other, "sge", ">=")
    def __eq__(self, other): return self._compare(other, "eq", "==")
    def __ne__(self, other): return self._compare(other, "ne", "!=")


def _literal_type(value) -> str:
    """The default type of a Python literal: i1, index or f32."""
    if isinstance(value, bool):
        return "i1"
    return "f32" if isinstance(value, float) else "index"


def scalar(value: Union[int, float, ValueLike], type: Union[str, Type, None] = None,
           name: Optional[str] = None) -> Scalar:
    """A :class:`Scalar`: wraps a Value, or makes a constant of a literal.

    Args:
        value: a Value or Scalar of index, integer or float type (e.g. a
            function argument from :func:`arguments`), or a Python int /
            float / bool, made an ``arith.constant``.
        type: for a literal, its type: ``"index"`` (the default for an
            int), ``"i1"`` (the default for a bool) ... ``"i64"``,
            ``"f16"``, ``"bf16"``, ``"f32"`` (the default for a float),
            ``"f64"``, or a Type. For a Value it
            must be None or the value's own type (convert with :func:`cast`).
        name: names the value (see :meth:`Scalar.named`).

    Raises:
        ValueError: an invalid type, a literal that does not fit it, a
            Value of another type than ``type``, or a value that is not a
            scalar (a tensor, a task id).
    """
    if isinstance(value, (bool, int, float)):
        default = _literal_type(value)
        loc = _caller_location(name)
        return Scalar(_constant(value, _scalar_type(type, default), loc))
    result = Scalar(value)
    if type is not None and _scalar_type(type) != result.type:
        raise ValueError(f"the value has type {result.type}, not {type}: "
                         f"convert it with b.cast(value, {str(type)!r}) (in pto_mlir.lang: "
                         f"pto.{type}(value))")
    if name is not None:
        result.named(name)
    return result


def let(value: Union[int, float, ValueLike], name: str):
    """Names ``value`` ``name`` and returns it: ``base = b.let(layer_idx *
    128, "base")``. The name is the value's NameLoc (its defining op's, or
    its block argument's), so ``--mlir-use-nameloc-as-prefix`` prints
    ``%base`` and the C++ translation declares ``base``. A literal is made
    an ``index`` (int), ``i1`` (bool) or ``f32`` (float) constant named
    ``name``.

    Returns a :class:`Scalar` for a scalar, the Value itself for a tensor,
    a task id or a task id array. Renaming a value renames every result of
    its defining op.
    """
    if isinstance(value, (bool, int, float)):
        default = _literal_type(value)
        return Scalar(_constant(int(value) if isinstance(value, bool) else value,
                                _scalar_type(None, default),
                                _caller_location(name)))
    value = _unwrap(value)
    if not isinstance(value, Value):
        raise ValueError(f"let names a Value, Scalar or literal, got {value!r}")
    _rename(value, name)
    return _wrap(value)


@_builds_ops
def cast(value: Union[int, float, ValueLike], type: Union[str, Type],
         name: Optional[str] = None) -> Scalar:
    """``value`` converted to scalar ``type``, as a C++ conversion does.

    Between ``index`` and ``iN`` ``arith.index_cast``, between integer
    widths ``arith.extsi`` / ``arith.trunci`` (sign-extending); an integer
    to a float ``arith.sitofp`` (signed; an ``index`` through ``i64``), a
    float to an integer ``arith.fptosi`` (truncating toward zero; a value
    out of the integer's range stops the run, pto-insert-runtime-checks),
    between float widths ``arith.extf`` / ``arith.truncf``; an ``i1`` (a
    comparison) zero-extended, true being 1 as in C++; no op when the
    value has ``type`` already. A Python number becomes a constant of
    ``type``.

    Raises:
        ValueError: ``type`` or the value's type is not a scalar type.
    """
    t = _scalar_type(type)
    if not (_is_int_like(t) or _is_float(t)):
        raise ValueError(f"cast converts to index, integer or float types, not {t}")
    loc = _caller_location(name)
    if isinstance(value, (bool, int)) or (isinstance(value, float) and _is_float(t)):
        return Scalar(_constant(value if _is_float(t) else int(value), t, loc))
    v = _unwrap(value)
    if not isinstance(v, Value) or not (_is_int_like(v.type) or _is_float(v.type)):
        raise ValueError(f"cast converts index, integer or float values, got "
                         f"{getattr(v, 'type', v)}")
    if v.type == t:
        result = Scalar(v)
        return result.named(name) if name else result
    i64 = IntegerType.get_signless(64)
    if v.type == IntegerType.get_signless(1):
        # A comparison's result: true is 1, as C++ converts a bool (arith's
        # signed conversions of i1 would give -1).
        if _is_index(t):
            return Scalar(arith.IndexCastUIOp(t, v, loc=loc).result)
        if not _is_float(t):
            return Scalar(arith.ExtUIOp(t, v, loc=loc).result)
        v = arith.ExtUIOp(i64, v, loc=loc).result
    if _is_float(t):
        if _is_float(v.type):
            grows = FloatType(v.type).width < FloatType(t).width
            return Scalar((arith.ExtFOp if grows else arith.TruncFOp)(t, v, loc=loc).result)
        if _is_index(v.type):
            v = arith.IndexCastOp(i64, v, loc=loc).result
        return Scalar(arith.SIToFPOp(t, v, loc=loc).result)
    if _is_float(v.type):
        if not _is_index(t):
            return Scalar(arith.FPToSIOp(t, v, loc=loc).result)
        v = arith.FPToSIOp(i64, v, loc=loc).result
    if _is_index(v.type) or _is_index(t):
        return Scalar(arith.IndexCastOp(t, v, loc=loc).result)
    if _int_width(v.type) < _int_width(t):
        return Scalar(arith.ExtSIOp(t, v, loc=loc).result)
    return Scalar(arith.TruncIOp(t, v, loc=loc).result)


def _min_max(values, op_class, fold, what: str, name: Optional[str]):
    if len(values) < 2:
        raise ValueError(f"b.{what} takes at least 2 values, got {len(values)}")
    if all(isinstance(v, int) for v in values):
        return fold(values)
    typed = next(Scalar(v) for v in values if not isinstance(v, int))
    if not _is_int_like(typed.type):
        raise ValueError(f"b.{what} on {typed.type}: index and integer only")
    loc = _caller_location(name)
    operands = []
    for v in values:
        operand = typed._operand(v, what, loc)
        if operand is None:
            raise ValueError(f"b.{what} takes ints, Values and Scalars, got {v!r}")
        operands.append(operand)
    result = operands[0]
    for operand in operands[1:]:
        result = op_class(result, operand, loc=loc).result
    return Scalar(result)


@_builds_ops
def min(*values: Union[int, ValueLike], name: Optional[str] = None):
    """The signed minimum of two or more index / integer values
    (``arith.minsi``); literals become constants of the others' type.
    With only Python ints, returns their Python ``min`` (an int).

    Raises:
        ValueError: fewer than 2 values, or operands of different types.
    """
    return _min_max(values, arith.MinSIOp, builtins.min, "min", name)


@_builds_ops
def max(*values: Union[int, ValueLike], name: Optional[str] = None):
    """The signed maximum of two or more index / integer values
    (``arith.maxsi``); see :func:`min`."""
    return _min_max(values, arith.MaxSIOp, builtins.max, "max", name)


# -- Regions with a yield -----------------------------------------------------


class _Body(abc.ABC):
    """Shared machinery of :class:`Loop` and :class:`Scope`: an insertion
    point in one block and the values yielded at its end. Subclasses say
    which block ``with`` enters and what the end of the block builds."""

    _kind = "region"

    def __init__(self):
        self._ip: Optional[InsertionPoint] = None
        self._yielded: Optional[list] = None
        self._yield_loc: Optional[Location] = None
        self._closed = False

    def _enter(self, block: Block):
        if self._ip is not None or self._closed:
            raise ValueError(f"this {self._kind} was already entered")
        self._ip = InsertionPoint(block)
        self._ip.__enter__()
        return self

    def yield_(self, values: Union[ValueLike, Sequence[ValueLike]] = ()) -> None:
        """Sets the values yielded at the end of the body (call it once,
        inside the ``with``; it builds the yield when the ``with`` ends, so
        ops built after it still go into the body).

        Raises:
            ValueError: called outside the ``with`` block or twice, or (for
                a loop) the wrong number of values or a type that is not
                the carry's.
        """
        if self._ip is None or self._closed:
            raise ValueError(f"yield_ belongs inside the {self._kind}'s with block")
        if self._yielded is not None:
            raise ValueError(f"yield_ was already called for this {self._kind}")
        if isinstance(values, (Value, Scalar)):
            values = [values]
        self._yielded = self._check_yield(_unwrap_all(values))
        self._yield_loc = _caller_location()

    def _check_yield(self, values: list) -> list:
        return values

    @abc.abstractmethod
    def __enter__(self):
        """Enters the body's block (subclasses call ``_enter``)."""

    def __exit__(self, exc_type, exc, tb):
        ip, self._ip = self._ip, None
        self._closed = True
        try:
            if exc_type is None:
                self._finish(self._yield_loc or _caller_location())
        finally:
            ip.__exit__(exc_type, exc, tb)
        return False

    def _require_closed(self, what: str) -> None:
        if not self._closed:
            raise ValueError(f"the {self._kind}'s {what} exist after its with block")

    @property
    def results(self) -> list:
        """The op's results: a loop's carries or a scope's yielded values,
        in order (after the ``with``).

        Raises:
            ValueError: read before the ``with`` block ended.
        """
        self._require_closed("results")
        return [_wrap(v) for v in self.op.results]


class Loop(_Body):
    """An ``scf.for`` being built by :func:`range` or :func:`parallel`.

    Inside the ``with`` block, ops go into the loop body:

    - ``iv``: the induction variable, a :class:`Scalar` of the bounds' type;
    - ``carried``: the iteration arguments, one per ``carry`` value, in
      order (Scalars for scalars, Values for tensors and task ids);
    - ``yield_(values)``: what the iteration hands to the next one (by
      default the carried values unchanged).

    After the ``with`` block, ``results`` are the loop's results (the last
    iteration's yielded values, or the carries' initial values when it runs
    no iteration). ``op`` is the ``scf.for``; ``trip_count`` its trip count
    when the bounds are constants, else None.
    """

    _kind = "loop"

    def __init__(self, op, trip_count: Optional[int]):
        super().__init__()
        #: The ``scf.for`` op.
        self.op = op
        #: Number of iterations when the bounds are constants, else None.
        self.trip_count = trip_count

    def __enter__(self) -> "Loop":
        return self._enter(self.op.body)

    @property
    def iv(self) -> Scalar:
        """The induction variable (a :class:`Scalar`)."""
        return Scalar(self.op.induction_variable)

    @property
    def carried(self) -> list:
        """The iteration arguments, in ``carry`` order."""
        return [_wrap(v) for v in self.op.inner_iter_args]

    def _check_yield(self, values: list) -> list:
        carried = list(self.op.inner_iter_args)
        if len(values) != len(carried):
            raise ValueError(f"the loop carries {len(carried)} value(s), "
                             f"yield_ got {len(values)}")
        for i, (v, c) in enumerate(zip(values, carried)):
            if isinstance(v, int) and _is_int_like(c.type):
                v = values[i] = _constant(v, c.type, _caller_location())
            if not isinstance(v, Value):
                raise ValueError(f"yield_ value #{i} is not a Value: {v!r}")
            if v.type != c.type:
                raise ValueError(f"yield_ value #{i} has type {v.type}, but "
                                 f"carry #{i} has type {c.type}")
        return values

    def _finish(self, loc: Location) -> None:
        values = self._yielded
        if values is None:
            values = list(self.op.inner_iter_args)
        scf.YieldOp(values, loc=loc)


def _constant_int(v) -> Optional[int]:
    """The value of an int literal or an ``arith.constant`` integer."""
    if isinstance(v, int):
        return int(v)
    v = _unwrap(v)
    owner = v.owner
    if isinstance(owner, Block) or owner.operation.name != "arith.constant":
        return None
    attr = owner.operation.attributes["value"].maybe_downcast()
    return attr.value if isinstance(attr, IntegerAttr) else None


def _loop(start, stop, step, carry, carry_names, name, parallel: bool) -> Loop:
    what = "b.parallel" if parallel else "b.range"
    if stop is None:
        start, stop = 0, start
    bounds = [start, stop, step]
    for bound in bounds:
        if not isinstance(bound, (int, Value, Scalar)):
            raise ValueError(f"{what}: bound {bound!r} is not an int, Value or Scalar")
    typed = [_unwrap(v) for v in bounds if not isinstance(v, int)]
    t = typed[0].type if typed else IndexType.get()
    for v in typed:
        if v.type != t:
            raise ValueError(f"{what}: the bounds have different types, {t} and "
                             f"{v.type}: convert with b.cast(value, type) (in pto_mlir.lang: "
                             f"pto.i32(value), ...)")
    if not _is_int_like(t):
        raise ValueError(f"{what}: bounds of type {t}: index or integer only")
    if isinstance(step, int) and step <= 0:
        raise ValueError(f"{what}: the step must be positive, got {step}")

    constants = [_constant_int(v) for v in bounds]
    trip = None
    if None not in constants:
        lo, hi, st = constants
        if st <= 0:
            raise ValueError(f"{what}: the step must be positive, got {st}")
        trip = builtins.max(0, -(-(hi - lo) // st))
    if parallel and trip is None:
        raise ValueError(
            "b.parallel needs a constant trip count (int bounds or "
            "arith.constant values): task ids carried through a parallel loop "
            "take one array slot per iteration; use b.range for a run-time "
            "trip count")

    if isinstance(carry, Mapping):
        if carry_names is not None:
            raise ValueError(f"{what}: give the carry names either as the keys "
                             f"of carry or as carry_names, not both")
        carry_names = list(carry.keys())
        carry = list(carry.values())
    carry = list(carry)
    if carry_names is not None and len(carry_names) != len(carry):
        raise ValueError(f"{what}: {len(carry)} carried value(s) but "
                         f"{len(carry_names)} carry name(s)")

    loc = _caller_location()
    inits = []
    for i, c in enumerate(carry):
        if isinstance(c, (bool, int)):
            c = _constant(int(c), IndexType.get(), loc)
        c = _unwrap(c)
        if not isinstance(c, Value):
            raise ValueError(f"{what}: carry #{i} is not a Value, Scalar or int: {c!r}")
        inits.append(c)
    if parallel:
        for i, c in enumerate(inits):
            if pto.TaskIdType.isinstance(c.type):
                raise ValueError(
                    f"b.parallel: carry #{i} is a single task id: carry a task id "
                    f"array with one slot per iteration (b.task_id_array({trip}))")
            if (pto.TaskIdArrayType.isinstance(c.type)
                    and pto.TaskIdArrayType(c.type).size != trip):
                raise ValueError(
                    f"b.parallel: carry #{i} has type {c.type}, but the loop runs "
                    f"{trip} iterations: the array needs one slot per iteration")

    lb, ub, st = (v if not isinstance(v, int) else _constant(v, t, loc)
                  for v in (start, stop, step))
    with loc:
        op = scf.ForOp(_unwrap(lb), _unwrap(ub), _unwrap(st), inits, loc=loc)
    if parallel:
        op.operation.attributes[pto.PARALLEL_ATTR] = UnitAttr.get()
    args = list(op.body.arguments)
    names = [name] + [carry_names[i] if carry_names is not None else _user_name(c)
                      for i, c in enumerate(inits)]
    for arg, arg_name in zip(args, names):
        arg.set_location(Location.name(arg_name, childLoc=loc) if arg_name else loc)
    return Loop(op, trip)


@_builds_ops
def range(start: Index, stop: Optional[Index] = None, step: Index = 1, *,
          carry: Union[Sequence[Any], Mapping[str, Any]] = (),
          carry_names: Optional[Sequence[str]] = None,
          name: Optional[str] = None) -> Loop:
    """A sequential ``scf.for`` loop, built in a ``with`` block::

        with b.range(4, carry=[c], name="layer") as loop:     # 0, 1, 2, 3
            (acc,) = loop.carried
            (nxt,) = b.call(layer, [a, acc, loop.iv], name="next")
            loop.yield_([nxt])
        (c,) = loop.results

    Like Python's ``range``: ``range(stop)`` or ``range(start, stop,
    step)``, iterating ``start, start + step, ...`` while below ``stop``.
    Bounds are ints, Values or Scalars of one index or integer type (ints
    become constants of it; ``index`` when all are ints); constant or
    run-time trip counts.

    Args:
        carry: the loop-carried values' initial values (tensors, scalars,
            task ids, task id arrays; an int is an ``index``), or a dict
            from carry name to initial value.
        carry_names: names of the iteration arguments (block argument
            NameLocs; by default each initial value's own name).
        name: the induction variable's name (C++ ``for (int64_t <name> =
            ...)``; by default ``i``).

    Returns:
        a :class:`Loop` to use as the ``with`` target.

    Raises:
        ValueError: bounds of different or non-integer types, a
            non-positive step, a carry that is not a value, or names that
            do not match the carries; in the body, ``yield_`` with the
            wrong number of values or a value whose type is not its
            carry's. Bad IR in the body is reported by the op verifiers
            (``MLIRError`` at the offending line on module verify).
    """
    return _loop(start, stop, step, carry, carry_names, name, parallel=False)


@_builds_ops
def parallel(start: Index, stop: Optional[Index] = None, step: Index = 1, *,
             carry: Union[Sequence[Any], Mapping[str, Any]] = (),
             carry_names: Optional[Sequence[str]] = None,
             name: Optional[str] = None) -> Loop:
    """A parallel loop (``scf.for`` with ``pto.parallel``, ``pl.parallel``):
    its iterations are independent. Arguments and use as :func:`range`.

    The trip count must be a constant (int bounds, or ``arith.constant``
    values): task ids carried through the loop (in a manual
    :func:`scope`) are a :func:`task_id_array` with one slot per
    iteration, written with :func:`array_update` at the induction
    variable::

        with b.parallel(4, carry=[ids], name="branch") as loop:
            (slots,) = loop.carried
            _, tid = b.submit(k, [x, loop.iv], deps=[ids])
            loop.yield_([b.array_update(slots, loop.iv, tid)])

    Raises:
        ValueError: as :func:`range`; also a trip count that is not a
            constant, a single ``!pto.task_id`` carry, or a task id array
            carry whose size is not the trip count.
    """
    return _loop(start, stop, step, carry, carry_names, name, parallel=True)


class Scope(_Body):
    """A ``pto.scope`` being built by :func:`scope`.

    Inside the ``with`` block, ops go into the scope; ``yield_(values)``
    sets the values that leave it (none by default). After the ``with``
    block, ``results`` are those values as the scope's results and ``op``
    is the ``pto.scope``.
    """

    _kind = "scope"

    def __init__(self, op, manual: bool, loc: Location):
        super().__init__()
        #: The ``pto.scope`` op (replaced when the scope yields values).
        self.op = op
        self._manual = manual
        self._loc = loc

    def __enter__(self) -> "Scope":
        return self._enter(self.op.regions[0].blocks[0])

    @property
    def manual(self) -> bool:
        """Whether the scope is manual (explicit dependencies only)."""
        return self._manual

    def _check_yield(self, values: list) -> list:
        for i, v in enumerate(values):
            if not isinstance(v, Value):
                raise ValueError(f"yield_ value #{i} is not a Value: {v!r}")
        return values

    def _finish(self, loc: Location) -> None:
        values = self._yielded or []
        if values:
            # The result types are known only now: build the scope again
            # with results, and move the body into it.
            old = self.op
            new = pto.ScopeOp([v.type for v in values], manual=self._manual,
                              loc=self._loc, ip=InsertionPoint(old))
            block = new.regions[0].blocks.append()
            for op in list(old.regions[0].blocks[0].operations):
                block.append(op)
            old.operation.erase()
            self.op = new
            with InsertionPoint(block):
                pto.YieldOp(values, loc=loc)
        else:
            pto.YieldOp([], loc=loc)


@_builds_ops
def scope(manual: bool = False, name: Optional[str] = None) -> Scope:
    """A runtime scope (``pto.scope``, ``PTO2_SCOPE``), built in a ``with``
    block::

        with b.scope(manual=True, name="out") as s:
            c1, t1 = b.submit(k, [a, c])
            c2, _ = b.submit(k, [a, c1], deps=[t1])
            s.yield_([c2])
        (c,) = s.results

    In an auto scope (the default) the runtime orders tasks by their tensor
    accesses; in a ``manual`` one only the explicit ``deps`` order them.
    ``name`` names the results (the C++ variables that carry them out).

    Raises:
        ValueError: ``yield_`` outside the ``with`` block, twice, or with a
            non-value. Bad IR in the body is reported by the op verifiers
            (``MLIRError`` on module verify).
    """
    loc = _caller_location(name)
    op = pto.ScopeOp([], manual=bool(manual), loc=loc)
    op.regions[0].blocks.append()
    return Scope(op, bool(manual), loc)


# -- Printing -------------------------------------------------------------------


#: The metadata of a fused location that names an op's results one by one
#: (include/pto/Support/UserNames.h).
_RESULT_NAMES = "pto.result_names"


def _name_only(loc: Location) -> Location:
    """``loc`` reduced to its name, and its results' names when it has them."""
    if not loc.is_a_name():
        return Location.unknown()
    child = loc.child_loc
    if child.is_a_fused() and str(child.attr).startswith(f'loc(fused<"{_RESULT_NAMES}">'):
        return Location.name(loc.name_str, childLoc=Location.fused(
            [Location.name(l.name_str) if l.is_a_name() else Location.unknown()
             for l in child.locations], metadata=StringAttr.get(_RESULT_NAMES)))
    return Location.name(loc.name_str)


def to_text(module: Module, debug_info: bool = False) -> str:
    """The module's text, each value named after its name location (the
    ``name=`` of the op that built it: ``%wq``, not ``%0``).

    By default every location is reduced to its name (``loc("wq")``), so the
    text does not depend on where the building script lives and
    ``pto-translate`` still names the C++ variables after it;
    ``debug_info`` keeps the Python file and line of every op.
    """
    if debug_info:
        return module.operation.get_asm(enable_debug_info=True,
                                        use_name_loc_as_prefix=True)
    with module.context:
        copy = Module.parse(module.operation.get_asm(enable_debug_info=True))

        def strip(op):
            op.location = _name_only(op.location)
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.arguments:
                        arg.set_location(_name_only(arg.location))
                    for inner in block.operations:
                        strip(inner.operation)

        strip(copy.operation)
    text = copy.operation.get_asm(enable_debug_info=True, use_local_scope=True,
                                  use_name_loc_as_prefix=True)
    return text.replace(" loc(unknown)", "")


def example_main(build, default, small, header: str,
                 argv: Optional[Sequence[str]] = None, description: str = "") -> int:
    """The command line of an example program: prints ``build(default)``
    (``build(small)`` with ``--small``) as :func:`to_text` does, after
    ``header``, to stdout or to ``-o FILE``; ``--debug-info`` keeps the
    Python file and line of every op.

    Returns:
        the exit status (0).
    """
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("-o", "--output", help="write the module here instead of stdout")
    parser.add_argument("--debug-info", action="store_true",
                        help="print full locations (Python file and line) instead of names only")
    parser.add_argument("--small", action="store_true",
                        help="the scaled-down variant (SMALL)")
    args = parser.parse_args(argv)
    with Context():
        module = build(small if args.small else default)
        text = header + to_text(module, debug_info=args.debug_info)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


# -- Task id arrays -------------------------------------------------------------


def _array_size(array: Value, what: str) -> int:
    if not pto.TaskIdArrayType.isinstance(array.type):
        raise ValueError(f"{what} needs a !pto.task_id_array, got {array.type}")
    return pto.TaskIdArrayType(array.type).size


def _array_index(i: Index, size: int, what: str) -> Value:
    if isinstance(i, int) and not 0 <= i < size:
        raise ValueError(f"{what}: index {i} is out of bounds for an array of {size}")
    return _index_value(i)


@_builds_ops
def task_id_array(n: int, init: Optional[ValueLike] = None,
                  name: Optional[str] = None) -> Value:
    """A ``!pto.task_id_array<n>`` with every slot set to ``init``
    (``pto.array_splat``; by default the invalid task id, which orders
    nothing). Carry it through a :func:`parallel` loop of ``n`` iterations
    in a manual :func:`scope`, writing one slot per iteration; a launch
    with the array in its ``deps`` waits for every valid slot. In C++:
    ``PTO2TaskId <name>[n];`` filled in a loop.

    Raises:
        ValueError: ``n`` is not a positive int, or ``init`` is not a task id.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"a task id array needs a positive int size, got {n!r}")
    loc = _caller_location(name)
    if init is None:
        init = pto.InvalidTaskIdOp(loc=_caller_location()).result
    init = _unwrap(init)
    if not isinstance(init, Value) or not pto.TaskIdType.isinstance(init.type):
        raise ValueError(f"task_id_array: init must be a !pto.task_id, got "
                         f"{getattr(init, 'type', init)}")
    return pto.ArraySplatOp(pto.task_id_array_type(n), init, loc=loc).result


@_builds_ops
def array_get(array: Value, index: Index, name: Optional[str] = None) -> Value:
    """Slot ``index`` of task id array ``array`` (``pto.array_get``), a
    ``!pto.task_id``: a snapshot, unaffected by later updates of the slot.

    Raises:
        ValueError: ``array`` is not a task id array, or an int ``index``
            is out of bounds. A constant ``index`` Value out of bounds is
            the op verifier's error (``MLIRError`` on module verify).
    """
    array = _unwrap(array)
    size = _array_size(array, "array_get")
    i = _array_index(index, size, "array_get")
    return pto.ArrayGetOp(array, i, loc=_caller_location(name)).result


@_builds_ops
def array_update(array: Value, index: Index, value: ValueLike,
                 name: Optional[str] = None) -> Value:
    """``array`` with slot ``index`` set to task id ``value``
    (``pto.array_update``; the C++ writes the slot in place). Yield the
    result from the loop body that carries the array.

    Raises:
        ValueError: as :func:`array_get`, or ``value`` is not a task id.
    """
    array = _unwrap(array)
    size = _array_size(array, "array_update")
    i = _array_index(index, size, "array_update")
    value = _unwrap(value)
    if not isinstance(value, Value) or not pto.TaskIdType.isinstance(value.type):
        raise ValueError(f"array_update: value must be a !pto.task_id, got "
                         f"{getattr(value, 'type', value)}")
    return pto.ArrayUpdateOp(array, i, value, loc=_caller_location(name)).result
