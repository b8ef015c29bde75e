"""The operations of :mod:`pto_mlir.lang` programs, called inside pto
functions (or Python helpers they call). Each builds its ops at the
expression that calls it.

Launches: calling a kernel (``y = matmul(x, w, y)``) or :func:`submit`;
calling a Graph. Tensors: :func:`create`, :func:`reshape`,
:func:`transpose`, :func:`dim` (also ``x.shape[k]``), slicing
(``w[base:base + 128, :]``) and element access of host tensors
(``n = lens[i]``, ``flags[i] = v``). Scalars: Python operators,
:func:`cast` (also ``pto.i32(x)``), ``min`` / ``max``. Control:
``for i in pto.range(...)`` / :func:`parallel`, ``if``,
``with pto.scope(...)``. Tasks: :func:`task_dummy`, :func:`invalid_task_id`,
:func:`owner_task_id`, :func:`set_owner`, :func:`task_id_array`,
:func:`array_get`, :func:`array_update`.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Optional, Sequence

from .. import builder as b
from ..dialects import arith, pto as pto_dialect
from ..ir import Value
from . import types as t
from .errors import LangError
from .program import GraphFunction, KernelFunction, PtoFunction, current_session

__all__ = [
    "range", "parallel", "scope", "create", "reshape", "transpose", "dim", "cast",
    "submit", "task_dummy", "invalid_task_id", "owner_task_id", "set_owner",
    "task_id_array", "array_get", "array_update",
]

#: The keyword arguments of a kernel launch (``pto.submit``'s options).
LAUNCH_OPTIONS = ("deps", "blocks", "predicate", "allow_early_resolve",
                  "require_sync_start")


def _inside(what: str):
    session = current_session()
    if session is None:
        raise LangError(f"pto.{what} builds IR: use it inside a @pto.graph or "
                        f"@pto.orchestration function")
    return session


def _value(v, what: str):
    """``v`` as an IR value (a Value or builder Scalar) or a Python number."""
    if isinstance(v, (Value, b.Scalar, bool, int, float)):
        return v
    raise TypeError(f"{what} is {describe(v)}, not a value")


def _is_tensor(v) -> bool:
    return isinstance(v, Value) and pto_dialect.TensorType.isinstance(v.type)


def _is_create_info(v) -> bool:
    return isinstance(v, Value) and pto_dialect.CreateInfoType.isinstance(v.type)


def _index(v, what: str):
    """An index operand: a Python int or an index / integer Scalar."""
    if isinstance(v, float):
        raise TypeError(f"{what} is the float {v!r}, not an int or a scalar")
    if isinstance(v, bool) or not isinstance(v, (int, Value, b.Scalar)):
        raise TypeError(f"{what} is {describe(v)}, not an int or a scalar")
    if _is_tensor(v):
        raise TypeError(f"{what} is a tensor, where a scalar belongs")
    return v


class ArgumentError(TypeError):
    """A launch or call argument of the wrong kind: ``index`` is its
    position among the call's arguments (the language reports it there)."""

    def __init__(self, message: str, index: int):
        super().__init__(message)
        self.index = index


def _parameter_names(fn: PtoFunction) -> list:
    """``fn``'s parameter names, read off its `def` once (every launch of a
    kernel may need them for a message)."""
    function = fn.source().function
    names = getattr(function, "pto_parameter_names", None)
    if names is None:
        names = function.pto_parameter_names = [arg.arg for arg in function.args.args]
    return names


def _tuple_of_results(fn: PtoFunction, args: Sequence) -> Optional[ArgumentError]:
    """The error for the results of a launch with several outs passed as one
    argument, if an argument is such a tuple."""
    for i, a in enumerate(args):
        if isinstance(a, tuple) and a and all(isinstance(v, (Value, b.Scalar)) for v in a):
            return ArgumentError(f"@{fn.name} argument #{i} is a tuple of {len(a)} results "
                                 f"(a launch returns one per out or inout tensor: unpack "
                                 f"them, `x, y = k(...)`)", i)
    return None


def _misplaced_argument(fn, args, is_tensor, passed_tensors, tensors, scalars,
                        scalar_names) -> TypeError:
    """Why a kernel launch's arguments do not fit its parameters (tensors
    first, then scalars): found only once they do not."""
    error = _tuple_of_results(fn, args)
    if error is not None:
        return error
    for i in builtins.range(passed_tensors, len(args)):
        if is_tensor[i]:
            return ArgumentError(f"@{fn.name} argument #{i} is a tensor after a scalar: "
                                 f"its tensors come first, then its scalars", i)
    if passed_tensors > tensors:
        return ArgumentError(
            f"@{fn.name} argument #{tensors} is a tensor, where its scalar parameter "
            f"{scalar_names[0]!r} ({scalars[0]}) goes: it takes {tensors} tensor(s), "
            f"then {len(scalars)} scalar(s)" if scalars else
            f"@{fn.name} takes {tensors} tensor(s) and no scalar, got {passed_tensors} "
            f"tensors", tensors)
    return TypeError(f"@{fn.name} takes {len(scalars)} scalar argument(s) after its tensors "
                     f"({', '.join(scalar_names) or 'none'}), got "
                     f"{len(args) - passed_tensors}")


def _scalar_argument(v, param_type, fn: PtoFunction, position: int, name: str):
    """A scalar argument of ``param_type`` (parameter ``name``, argument
    ``position`` of the call): a Python number becomes a constant of that
    type, at the launch."""
    if isinstance(v, (bool, int, float)):
        return b._constant(int(v) if isinstance(v, bool) else v, param_type,
                           b._caller_location())
    if _is_tensor(v) or not isinstance(v, (Value, b.Scalar)):
        raise ArgumentError(f"@{fn.name} argument #{position} is {describe(v)}, where its "
                            f"scalar parameter {name!r} ({param_type}) goes", position)
    return v


def launch(session, fn: PtoFunction, args: Sequence, kwargs: dict, with_task_id: bool):
    """Launches kernel ``fn`` or calls Graph ``fn`` with ``args``.

    A kernel launch returns its tied results (one per out / inout tensor
    parameter; a lone result itself, none None), then, ``with_task_id``,
    the task id; a Graph call returns its results likewise."""
    if isinstance(fn, KernelFunction):
        unknown = kwargs and set(kwargs) - set(LAUNCH_OPTIONS)
        if unknown:
            raise TypeError(f"@{fn.name}: unknown launch option(s) "
                            f"{', '.join(sorted(unknown))} (options: "
                            f"{', '.join(LAUNCH_OPTIONS)})")
        for flag in ("allow_early_resolve", "require_sync_start"):
            if not isinstance(kwargs.get(flag, False), bool):
                raise TypeError(f"@{fn.name}: {flag} is True or False (a build-time "
                                f"flag), got {describe(kwargs[flag])}")
        op, scalars, widths, tensors = session.kernel(fn)
        # A create info stands in the place of an out tensor; a tail of out
        # tensors may be left out, so the scalars follow the tensors passed.
        is_tensor = [_is_tensor(a) or _is_create_info(a) for a in args]
        passed_tensors = next((i for i, tensor in enumerate(is_tensor) if not tensor),
                              len(args))
        scalar_names = _parameter_names(fn)[tensors:]
        if passed_tensors > tensors or len(args) - passed_tensors != len(scalars) or \
                builtins.any(is_tensor[passed_tensors:]):
            raise _misplaced_argument(fn, args, is_tensor, passed_tensors, tensors, scalars,
                                      scalar_names)
        values = list(args[:passed_tensors])
        for i, (a, p, width) in enumerate(zip(args[passed_tensors:], scalars, widths)):
            if isinstance(a, (Value, b.Scalar)) and _raw_type(a) != p:
                raise ArgumentError(
                    f"@{fn.name} argument #{passed_tensors + i} is {_raw_type(a)}, where its "
                    f"scalar parameter {scalar_names[i]!r} is {p}: convert it "
                    f"(pto.{p}(...))", passed_tensors + i)
            if type(a) is int and width is not None:
                # The common literal (a tile offset): checked and built here,
                # without the builder's type inspection per constant.
                fits = (a in (0, 1, -1) if width == 1
                        else -(1 << (width - 1)) <= a < (1 << min(width, 63)))
                if not fits:
                    raise ValueError(f"{a} does not fit in {p}")
                values.append(arith.ConstantOp(p, a, loc=b._caller_location()).result)
            else:
                values.append(_scalar_argument(a, p, fn, passed_tensors + i,
                                               scalar_names[i]))
        if kwargs:
            deps = kwargs.get("deps", ())
            if isinstance(deps, (Value, b.Scalar)):
                deps = [deps]
            results = b.submit(op, values, deps=list(deps),
                               predicate=kwargs.get("predicate"),
                               core_num=kwargs.get("blocks"),
                               allow_early_resolve=bool(kwargs.get("allow_early_resolve")),
                               require_sync_start=bool(kwargs.get("require_sync_start")))
        else:
            results = b.submit(op, values)
        outs = results[:-1]
        if with_task_id:
            return tuple(outs) + (results[-1],)
        return outs[0] if len(outs) == 1 else (None if not outs else tuple(outs))
    if isinstance(fn, GraphFunction):
        if kwargs:
            raise TypeError(f"@{fn.name}: a Graph call takes no keyword arguments")
        op = session.op(fn)
        params, _, _ = b._signature(op)
        if len(args) != len(params):
            raise TypeError(f"@{fn.name} takes {len(params)} argument(s), got {len(args)} "
                            f"(a Graph call passes every parameter)")
        names = _parameter_names(fn)
        values = [a if b._is_tensor(p) else _scalar_argument(a, p, fn, i, names[i])
                  for i, (a, p) in enumerate(zip(args, params))]
        for i, (a, p) in enumerate(zip(values, params)):
            if b._is_tensor(p) and not _is_tensor(a):
                raise ArgumentError(f"@{fn.name} argument #{i} is {describe(a)}, where its "
                                    f"tensor parameter {names[i]!r} goes", i)
        results = [b._wrap(r) for r in b.call(op, values)]
        return results[0] if len(results) == 1 else (None if not results else tuple(results))
    raise TypeError(f"@{fn.name} is an orchestration function: it is an entry, not "
                    f"called from pto code")


def _raw_type(v):
    return (v.value if isinstance(v, b.Scalar) else v).type


def describe(v, with_type: bool = False) -> str:
    """What ``v`` is, in the language's words (not the bindings' classes),
    for messages: ``with_type``, an IR value's type too, and a Python
    number as the Python value it is (where a run-time value was expected);
    without, a Python number is a scalar (an argument of a launch)."""
    def typed(what: str) -> str:
        return f"{what} ({v.type})" if with_type else what
    if _is_tensor(v):
        return typed("a tensor")
    if isinstance(v, b.Scalar):
        return typed("a run-time scalar") if with_type else "a scalar"
    if isinstance(v, Value):
        if _is_create_info(v):
            return typed("a create info")
        if pto_dialect.TaskIdType.isinstance(v.type) or \
                pto_dialect.TaskIdArrayType.isinstance(v.type):
            return typed("a task id")
        return f"a value of type {v.type}"
    if not with_type and isinstance(v, bool):
        return "a bool"
    if not with_type and isinstance(v, (int, float)):
        return "a scalar"
    return f"the Python {type(v).__name__} {v!r}"



def submit(kernel: KernelFunction, *args, deps=(), blocks=None, predicate=None,
           allow_early_resolve: bool = False, require_sync_start: bool = False):
    """Launches ``kernel`` (``pto.submit``) and returns its tied results and
    then its task id: ``c1, t1 = pto.submit(add, a, b, c, deps=[t0])``.

    Calling the kernel (``c1 = add(a, b, c)``) takes the same options and
    returns the results without the task id. ``blocks`` is the SPMD block
    count; ``deps`` the task ids waited for (a manual scope's only order);
    ``predicate`` a device tensor the scheduler reads to skip the task
    (``pto.submit``'s ``pred``).

    Raises:
        TypeError: ``kernel`` is not a @pto.kernel, an argument of the wrong
            kind or count.
    """
    session = _inside("submit")
    if not isinstance(kernel, KernelFunction):
        raise TypeError(f"pto.submit launches a @pto.kernel, got {kernel!r}")
    try:
        return launch(session, kernel, args, {
            "deps": deps, "blocks": blocks, "predicate": predicate,
            "allow_early_resolve": allow_early_resolve,
            "require_sync_start": require_sync_start}, with_task_id=True)
    except ArgumentError as error:
        # The kernel's arguments follow it in this call.
        raise ArgumentError(str(error), error.index + 1) from None


# -- Loops and scopes (read by the code generator) ------------------------------


@dataclass(frozen=True)
class LoopRange:
    """What ``pto.range`` / ``pto.parallel`` returns: iterated by a ``for``
    statement, it is an ``scf.for`` (with ``pto.parallel``)."""

    start: object
    stop: object
    step: object
    parallel: bool


def range(start, stop=None, step=1) -> LoopRange:
    """``for i in pto.range(lo, hi, step):``: a run-time loop (``scf.for``),
    like Python's ``range`` (``pto.range(n)`` counts from 0). Values
    reassigned in the body that were defined before the loop are carried
    (``iter_args``); bounds are ints or index / integer scalars. Python's
    ``range`` unrolls the loop at build time instead."""
    return LoopRange(start, stop, step, False)


def parallel(start, stop=None, step=1) -> LoopRange:
    """``for i in pto.parallel(n):``: a loop of independent iterations
    (``scf.for`` with ``pto.parallel``); the trip count is a constant."""
    return LoopRange(start, stop, step, True)


@dataclass(frozen=True)
class ScopeRequest:
    """What ``pto.scope`` returns: entered by a ``with`` statement."""

    manual: bool


def scope(manual: bool = False) -> ScopeRequest:
    """``with pto.scope(manual=True):``: a runtime scope (``pto.scope``).
    In an auto scope the runtime orders tasks by their tensors; in a manual
    one only ``deps`` do. Values reassigned inside that were defined before
    (and values defined inside and used after it) leave it as its results;
    task ids stay inside."""
    if not isinstance(manual, bool):
        raise TypeError(f"pto.scope: manual is True or False (a build-time choice), got "
                        f"{describe(manual)}")
    return ScopeRequest(manual)


# -- Tensors --------------------------------------------------------------------


def create(shape: Sequence, dtype: t.DType, layout: Optional[str] = None):
    """A new tensor (``pto.create``) of ``shape`` (ints, or index scalars
    for extents known at run time) and element type ``dtype``
    (``pto.f32``); ``layout`` ``"dn"`` for column-major."""
    _inside("create")
    if not isinstance(dtype, t.DType):
        raise TypeError(f"pto.create: the element type is a pto dtype such as pto.f32, "
                        f"got {dtype!r}")
    return b.create([_index(s, f"extent #{i}") for i, s in enumerate(shape)],
                    dtype.element(), layout)


def full(shape: Sequence, value, dtype: t.DType):
    """A new tensor (``pto.full``) of ``shape`` (ints, or index scalars for
    extents known at run time) and element type ``dtype`` with every element
    ``value`` (a Python number, or a run-time scalar of that type). Only the
    tensormap_and_ringbuffer runtime's public API translates it (the
    runtime's ``TensorCreateInfo::set_initial_value``).

    Raises:
        TypeError: ``dtype`` is not a pto dtype, an extent is not an int or a
            scalar.
        ValueError: a number that does not fit ``dtype``.
    """
    _inside("full")
    if not isinstance(dtype, t.DType):
        raise TypeError(f"pto.full: the element type is a pto dtype such as pto.f32, "
                        f"got {dtype!r}")
    if isinstance(value, bool):
        raise TypeError("pto.full: the value is a number or a run-time scalar, got a bool "
                        "(write 1 or 0)")
    if not isinstance(value, (int, float, b.Scalar)):
        raise TypeError(f"pto.full: the value is a number or a run-time scalar, got "
                        f"{describe(value)}")
    return b.full([_index(s, f"extent #{i}") for i, s in enumerate(shape)], value,
                  dtype.element())


def create_info(shape: Sequence, dtype: t.DType):
    """A description of a buffer for the runtime to allocate with a launch
    (``pto.create_info``, the runtime's TensorCreateInfo): ``shape`` holds
    ints, or index scalars for extents known at run time (``x.shape[0]``),
    ``dtype`` is a pto dtype. Pass it to a kernel in the place of an
    ``pto.Out`` tensor: ``c = add(a, b, pto.create_info([n], pto.f32))``
    returns the new buffer; one description may serve several launches, each
    allocating its own buffer.

    Raises:
        TypeError: ``dtype`` is not a pto dtype, an extent is not an int or a
            scalar.
        ValueError: a shape the runtime cannot allocate (rank 0, an extent
            over 32 bits); in a Graph, a run-time extent.
    """
    _inside("create_info")
    if not isinstance(dtype, t.DType):
        raise TypeError(f"pto.create_info: the element type is a pto dtype such as "
                        f"pto.f32, got {dtype!r}")
    return b.create_info([_index(s, f"extent #{i}") for i, s in enumerate(shape)],
                         dtype.element())


def reshape(x, shape: Sequence):
    """A view of ``x``'s elements, row-major, with ``shape`` (``pto.reshape``):
    ints, or index scalars for extents known at run time, e.g.
    ``pto.reshape(q, [q.shape[0] * q.shape[1], q.shape[2]])`` sees a
    ``[batch, heads, dim]`` tensor as rows. Both shapes hold as many
    elements: the compiler checks static shapes, and the program checks the
    others when it runs, unless the extents are ``x``'s own multiplied as
    above. ``x`` must be contiguous (a whole tensor, or a window of whole
    rows); in a Graph both shapes are static.

    Raises:
        TypeError: ``x`` is not a tensor, an extent is not an int or a
            scalar.
        ValueError: a negative extent, another element count, a run-time
            shape in a Graph.
    """
    _inside("reshape")
    _tensor(x, "pto.reshape")
    return b.reshape(x, [_index(s, f"extent #{i}") for i, s in enumerate(shape)])


def transpose(x, axis0: int, axis1: int):
    """A view of ``x`` with two axes swapped (``pto.transpose``)."""
    _inside("transpose")
    _tensor(x, "pto.transpose")
    return b.transpose(x, axis0, axis1)


def dim(x, axis: int):
    """The extent of ``x`` along ``axis``: an int when it is static, else
    an index scalar (``pto.dim``)."""
    _inside("dim")
    _tensor(x, "pto.dim")
    extent = extents(x)[axis]
    if extent is not None:
        return extent
    return b.Scalar(b.dim(x, axis))


def extents(x: Value) -> list:
    """The extents of tensor ``x``: an int per static axis, None per
    dynamic one."""
    t = pto_dialect.TensorType(x.type)
    return [None if t.is_dynamic_dim(i) else t.shape[i] for i in builtins.range(t.rank)]


def _tensor(x, what: str) -> None:
    if not _is_tensor(x):
        raise TypeError(f"{what} takes a tensor, got {describe(x)}")


def cast(value, dtype: t.DType):
    """``value`` converted to ``dtype`` (``pto.i32(x)`` is the same): a
    Python number becomes a constant of it; a run-time scalar is converted
    as C++ converts it (``arith.index_cast``, ``extsi``, ``trunci``;
    ``sitofp`` to a float, ``fptosi`` from one, truncating toward zero)."""
    _inside("cast")
    if not isinstance(dtype, t.DType):
        raise TypeError(f"pto.cast: the type is a pto dtype such as pto.i32, got {dtype!r}")
    if isinstance(value, (bool, int, float)):
        return b.scalar(value, dtype.name)
    if _is_tensor(value):
        raise TypeError(f"pto.{dtype.name}() converts a scalar, got a tensor")
    return b.cast(value, dtype.name)


# -- Tasks ----------------------------------------------------------------------


def task_dummy(deps=()):
    """A barrier task that completes after ``deps`` (``pto.task_dummy``);
    returns its task id."""
    _inside("task_dummy")
    return b.task_dummy(list(deps))


def invalid_task_id():
    """The invalid task id (orders nothing)."""
    _inside("invalid_task_id")
    return b.invalid_task_id()


def owner_task_id(x):
    """The id of the task that produced tensor ``x`` (``pto.owner_task_id``)."""
    _inside("owner_task_id")
    return b.owner_task_id(x)


def set_owner(x, owner):
    """``x`` with owner task ``owner`` (``pto.set_owner``)."""
    _inside("set_owner")
    return b.set_owner(x, owner)


def task_id_array(n: int, init=None):
    """An array of ``n`` task ids, each ``init`` or invalid."""
    _inside("task_id_array")
    return b.task_id_array(n, init)


def array_get(array, i):
    """Slot ``i`` of a task id array."""
    _inside("array_get")
    return b.array_get(array, i)


def array_update(array, i, value):
    """The array with slot ``i`` set to ``value`` (reassign it:
    ``ids = pto.array_update(ids, i, t)``)."""
    _inside("array_update")
    return b.array_update(array, i, value)
