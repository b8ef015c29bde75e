"""The reference interpreter for pto IR with ``arith`` and ``scf``.

:class:`Interpreter` executes the :class:`~pto_mlir.sim.program.Block`
lists produced by :func:`~pto_mlir.sim.program.load_program`. Pure
computation (scalars, views, control flow, task ids) is done here; every
operation with a runtime side effect (``pto.create``, ``pto.submit``,
``pto.task_dummy``, ``pto.call``, ``pto.read``, ``pto.write``) is delegated
to an :class:`Executor`, which decides what it means: run the kernel now
(eager execution) or append a node to a Graph recording.

Values held in the environment (``env``, slot -> value):

* scalars: canonical Python ints / floats (see :mod:`~pto_mlir.sim.scalars`);
* tensors: :class:`~pto_mlir.sim.memory.TensorView`;
* task ids: ints (``-1`` is ``pto.invalid_task_id``); task id arrays: tuples.

When an executor *tracks* construction reads (Graph recording), each
scalar also carries a *taint*: the frozen set of Graph scalar parameters
(``("param", k)``) and host reads (``("read", ...)``) it was computed from.
Control flow (``scf.for`` bounds, ``scf.if`` / ``scf.while`` conditions)
reports the taint of the values it decides on to
:meth:`Executor.construction_read`: those are the construction values the
runtime keys a recorded definition on.

Semantics follow ``include/pto/Dialect/PTO/IR/PTOOps.td``; views are
clamped like the runtime's codegen clamps a runtime view:
``extent = min(size, source_extent - offset)`` (never below 0).
"""

from __future__ import annotations

import abc
import dataclasses
import math

from typing import Dict, List, Optional, Sequence, Tuple

from .errors import SimError, UnsupportedOpError
from .memory import TensorView, contiguous_strides
from .program import DYNAMIC_INDEX, Block, Function, Instr, Program, TypeInfo
#: The runtime's field widths (its own tensor descriptor and launch spec;
#: written out here, as in runtime.py, so the model checks the compiler):
#: extents and view offsets are uint32_t, a task's subtasks (blocks times
#: lanes) an int16_t.
SHAPE_MAX = (1 << 32) - 1
MAX_BLOCK_SUBTASKS = 32767

from .scalars import (SUPPORTED_ARITH, bf16_bits_to_float, canon, canon_int, eval_arith,
                      float_to_bf16_bits, to_signed, to_unsigned)

EMPTY = frozenset()

#: Upper bound on loop iterations in one function invocation (a hang guard).
MAX_LOOP_ITERATIONS = 1_000_000


#: Task flags (unit attributes of ``pto.submit``), in the order a trace lists them.
LAUNCH_FLAGS = ("allow_early_resolve", "require_sync_start")


@dataclasses.dataclass(frozen=True)
class CreateInfo:
    """The value of a ``pto.create_info``: the tensor type it describes and
    its shape; a launch passed it allocates a buffer of that shape."""

    type: TypeInfo
    shape: Tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class Launch:
    """How a task is launched, beyond its arguments.

    deps: the valid task ids among its explicit dependencies (task ids and
        task id array elements, ``-1`` dropped, duplicates dropped), in order.
    has_deps: the op lists dependencies at all. A ``pto.task_dummy`` that
        lists some, none of them valid, fences nothing and is not submitted.
    blocks: the SPMD block count (``core_num``; 1 without one).
    flags: the task flags set, from :data:`LAUNCH_FLAGS`.
    """

    deps: Tuple[int, ...] = ()
    has_deps: bool = False
    blocks: int = 1
    flags: Tuple[str, ...] = ()

    @property
    def submitted_dummy(self) -> bool:
        """For a ``pto.task_dummy``: whether the runtime gets it."""
        return not self.has_deps or bool(self.deps)


class Executor(abc.ABC):
    """What runtime side effects mean: an abstract interface that the eager
    executor and the recorder implement.

    ``tracks_construction``: True while recording a Graph (scalars carry
    taints, control flow reports construction reads).
    """

    tracks_construction = False

    @abc.abstractmethod
    def create(self, instr: Instr, shape: Tuple[int, ...], t: TypeInfo,
               batchable: bool, block_token: object) -> TensorView:
        """Implemented by each executor."""

    @abc.abstractmethod
    def alloc_tensors(self, instr: Instr, shapes: List[Tuple[int, ...]],
                      types: List[TypeInfo]) -> List[TensorView]:
        """One ``alloc_tensors`` call of ``len(shapes)`` tensors (a
        ``pto.alloc_tensors``): implemented by each executor."""

    @abc.abstractmethod
    def submit(self, instr: Instr, kernel: Function, tensors: List[TensorView],
               scalars: List[object], scalar_slots: List[int], pred: Optional[TensorView],
               launch: "Launch") -> Tuple[List[TensorView], int]:
        """One ``pto.submit``: returns its Out/InOut tensors and its task id."""

    @abc.abstractmethod
    def task_dummy(self, instr: Instr, launch: "Launch") -> int:
        """One ``pto.task_dummy``: returns its task id (``-1`` if it is not
        submitted, see :class:`Launch`)."""

    @abc.abstractmethod
    def call(self, instr: Instr, graph: Function, args: List[object], has_deps: bool,
             pred: Optional[TensorView]) -> List[object]:
        """Implemented by each executor."""

    @abc.abstractmethod
    def read(self, instr: Instr, view: TensorView, position: int) -> object:
        """Implemented by each executor."""

    @abc.abstractmethod
    def write(self, instr: Instr, view: TensorView, position: int, value) -> None:
        """Implemented by each executor."""

    def construction_read(self, taint: frozenset) -> None:
        """Control flow decided on values with ``taint`` (recording only)."""


def load_element(view: TensorView, position: int):
    """The scalar at buffer element ``position`` of ``view``'s buffer."""
    raw = view.buffer.data[position]
    et = view.element_type
    if et == "bf16":
        return bf16_bits_to_float(int(raw))
    if et.startswith("f"):
        return float(raw)
    return int(raw)


def store_element(view: TensorView, position: int, value) -> None:
    """Stores scalar ``value`` at buffer element ``position``."""
    et = view.element_type
    if et == "bf16":
        view.buffer.data[position] = float_to_bf16_bits(value)
    elif et.startswith("f"):
        view.buffer.data[position] = value
    elif et == "i1":
        view.buffer.data[position] = int(value) & 1
    else:
        view.buffer.data[position] = to_signed(int(value), int(et[1:]))


def _mixed(static: Sequence[int], dynamic: List[int]) -> List[int]:
    out, it = [], iter(dynamic)
    for s in static:
        out.append(next(it) if s == DYNAMIC_INDEX else s)
    return out


def _check_extents(ins: Instr, shape: Sequence[int]) -> None:
    """An allocation the runtime cannot describe is a run-time failure, not a
    truncated shape.

    Raises:
        SimError: an extent is negative or above 2^32-1.
    """
    for axis, n in enumerate(shape):
        if not 0 <= n <= SHAPE_MAX:
            raise SimError(f"{ins.loc}: {ins.name} extent {n} on axis {axis} is outside "
                           f"the runtime's [0, {SHAPE_MAX}]")


class Interpreter:
    """Executes functions of one :class:`Program`.

    Args:
        program: the lowered module.
    """

    def __init__(self, program: Program):
        self.program = program
        self.types = program.slot_types
        self._block_defs: Dict[int, frozenset] = {}
        self.iterations = 0
        #: The ``pto.return`` the last :meth:`run_function` ended with.
        self.last_return: Optional[Instr] = None
        #: Where execution is: one frame per enclosing ``scf.for`` iteration
        #: (``("for", loc, iteration)``) and ``pto.scope``
        #: (``("scope", loc, manual)``), outermost first. A recording keeps
        #: each node's frames (the picture groups nodes by them).
        self.frames: List[tuple] = []

    # -- entry ---------------------------------------------------------------

    def run_function(self, fn: Function, args: Sequence[object], ex: Executor,
                     taint: Optional[Dict[int, frozenset]] = None) -> List[object]:
        """Runs ``fn``'s body on ``args`` (one value per parameter) with
        executor ``ex``; returns the values of its ``pto.return``.

        ``taint`` seeds the taints of the entry block's arguments (only
        read when ``ex.tracks_construction``).

        Raises:
            SimError: a malformed call, undefined behaviour, an unsupported
                op (:class:`UnsupportedOpError`), or whatever ``ex`` raises.
        """
        if fn.body is None:
            raise SimError(f"@{fn.name} has no body")
        if len(args) != len(fn.params):
            raise SimError(f"@{fn.name} takes {len(fn.params)} arguments, got {len(args)}")
        env: Dict[int, object] = {}
        for p, a in zip(fn.params, args):
            env[p.slot] = a
        tenv = dict(taint or {}) if ex.tracks_construction else None
        term, values = self.exec_block(fn.body, env, ex, tenv)
        self.last_return = term
        if term.name != "pto.return":
            raise SimError(f"@{fn.name} ends with {term.name}, not pto.return")
        return values

    # -- blocks --------------------------------------------------------------

    def _defined_in(self, block: Block) -> frozenset:
        key = id(block)
        got = self._block_defs.get(key)
        if got is None:
            got = frozenset(s for ins in block.instrs for s in ins.results) | frozenset(block.args)
            self._block_defs[key] = got
        return got

    def exec_block(self, block: Block, env: Dict[int, object], ex: Executor,
                   tenv: Optional[Dict[int, frozenset]]) -> Tuple[Instr, List[object]]:
        """Executes ``block`` (its arguments already bound in ``env``);
        returns its terminator and the terminator's operand values."""
        token = object()  # one statement list instance, for allocation batching
        for ins in block.instrs:
            name = ins.name
            if name in ("pto.return", "pto.yield", "scf.yield", "scf.condition"):
                return ins, [env[s] for s in ins.operands]
            handler = _HANDLERS.get(name)
            if handler is None:
                if name in SUPPORTED_ARITH:
                    self._arith(ins, env, tenv)
                    continue
                raise UnsupportedOpError(name, ins.loc)
            handler(self, ins, env, ex, tenv, block, token)
        raise SimError(f"block without terminator")

    def _taint_of(self, tenv, slots) -> frozenset:
        out = EMPTY
        for s in slots:
            t = tenv.get(s)
            if t:
                out = out | t
        return out

    def _tick(self, where: str) -> None:
        self.iterations += 1
        if self.iterations > MAX_LOOP_ITERATIONS:
            raise SimError(f"{where}: more than {MAX_LOOP_ITERATIONS} loop iterations")

    # -- arith ---------------------------------------------------------------

    def _arith(self, ins: Instr, env, tenv) -> None:
        types = self.types
        try:
            results = eval_arith(ins.name, [env[s] for s in ins.operands],
                                 [types[s] for s in ins.operands],
                                 [types[s] for s in ins.results], ins.attrs, ins.loc)
        except KeyError:
            raise UnsupportedOpError(ins.name, ins.loc,
                                     "operand types not modelled") from None
        for s, v in zip(ins.results, results):
            env[s] = v
        if tenv is not None:
            t = self._taint_of(tenv, ins.operands)
            for s in ins.results:
                tenv[s] = t

    # -- scf -----------------------------------------------------------------

    def _scf_for(self, ins, env, ex, tenv, block, token):
        lb, ub, step = (env[s] for s in ins.operands[:3])
        iv_type = self.types[ins.operands[0]]
        unsigned = bool(ins.attrs.get("unsignedCmp", False))
        rd = (lambda v: to_unsigned(v, iv_type.width)) if unsigned else \
             (lambda v: to_signed(v, iv_type.width))
        if rd(step) <= 0:
            raise SimError(f"{ins.loc}: scf.for with step {step} (must be positive)")
        iters = [env[s] for s in ins.operands[3:]]
        ctl = EMPTY
        iter_taints = None
        if tenv is not None:
            ctl = self._taint_of(tenv, ins.operands[:3])
            ex.construction_read(ctl)
            iter_taints = [tenv.get(s, EMPTY) for s in ins.operands[3:]]
        body = ins.regions[0][0]
        iv = lb
        iteration = 0
        while rd(iv) < rd(ub):
            self._tick(ins.loc)
            self.frames.append(("for", ins.loc, iteration))
            iteration += 1
            env[body.args[0]] = iv
            for s, v in zip(body.args[1:], iters):
                env[s] = v
            if tenv is not None:
                tenv[body.args[0]] = ctl
                for s, t in zip(body.args[1:], iter_taints):
                    tenv[s] = t
            try:
                term, iters = self.exec_block(body, env, ex, tenv)
            finally:
                self.frames.pop()
            if tenv is not None:
                iter_taints = [tenv.get(s, EMPTY) for s in term.operands]
            # lb, lb + step, ... below ub, computed exactly: a step past the
            # type's maximum ends the loop (it does not wrap around).
            following = rd(iv) + rd(step)
            if following >= rd(ub):
                break
            iv = canon_int(following, iv_type.width)
        for s, v in zip(ins.results, iters):
            env[s] = v
        if tenv is not None:
            for s, t in zip(ins.results, iter_taints):
                tenv[s] = t

    def _scf_if(self, ins, env, ex, tenv, block, token):
        cond = env[ins.operands[0]]
        if tenv is not None:
            ex.construction_read(tenv.get(ins.operands[0], EMPTY))
        region = ins.regions[0] if cond & 1 else ins.regions[1]
        if not region:
            return
        term, values = self.exec_block(region[0], env, ex, tenv)
        for s, v in zip(ins.results, values):
            env[s] = v
        if tenv is not None:
            for s, o in zip(ins.results, term.operands):
                tenv[s] = tenv.get(o, EMPTY)

    def _scf_while(self, ins, env, ex, tenv, block, token):
        values = [env[s] for s in ins.operands]
        taints = [tenv.get(s, EMPTY) for s in ins.operands] if tenv is not None else None
        before, after = ins.regions[0][0], ins.regions[1][0]
        while True:
            self._tick(ins.loc)
            for s, v in zip(before.args, values):
                env[s] = v
            if tenv is not None:
                for s, t in zip(before.args, taints):
                    tenv[s] = t
            term, vals = self.exec_block(before, env, ex, tenv)
            cond, fwd = vals[0], vals[1:]
            if tenv is not None:
                ex.construction_read(tenv.get(term.operands[0], EMPTY))
                taints = [tenv.get(s, EMPTY) for s in term.operands[1:]]
            if not cond & 1:
                for s, v in zip(ins.results, fwd):
                    env[s] = v
                if tenv is not None:
                    for s, t in zip(ins.results, taints):
                        tenv[s] = t
                return
            for s, v in zip(after.args, fwd):
                env[s] = v
            if tenv is not None:
                for s, t in zip(after.args, taints):
                    tenv[s] = t
            term, values = self.exec_block(after, env, ex, tenv)
            if tenv is not None:
                taints = [tenv.get(s, EMPTY) for s in term.operands]

    # -- pto: structure ------------------------------------------------------

    def _scope(self, ins, env, ex, tenv, block, token):
        self.frames.append(("scope", ins.loc, bool(ins.attrs.get("manual", False))))
        try:
            term, values = self.exec_block(ins.regions[0][0], env, ex, tenv)
        finally:
            self.frames.pop()
        for s, v in zip(ins.results, values):
            env[s] = v
        if tenv is not None:
            for s, o in zip(ins.results, term.operands):
                tenv[s] = tenv.get(o, EMPTY)

    # -- pto: tensors --------------------------------------------------------

    def _slice(self, ins, env, ex, tenv, block, token):
        src: TensorView = env[ins.operands[0]]
        seg = ins.attrs.get("operandSegmentSizes", [1, 0, 0])
        n_off = seg[1]
        dyn_off = [to_signed(env[s], 64) for s in ins.operands[1:1 + n_off]]
        dyn_size = [to_signed(env[s], 64) for s in ins.operands[1 + n_off:]]
        offsets = _mixed(ins.attrs["static_offsets"], dyn_off)
        sizes = _mixed(ins.attrs["static_sizes"], dyn_size)
        if len(offsets) != len(src.shape) or len(sizes) != len(src.shape):
            raise SimError(f"{ins.loc}: pto.slice rank mismatch")
        start = src.offset
        shape = []
        for axis, (o, n) in enumerate(zip(offsets, sizes)):
            if o < 0 or n < 0:
                raise SimError(f"{ins.loc}: pto.slice with negative offset {o} or size {n} "
                               f"on axis {axis}")
            if o > SHAPE_MAX or n > SHAPE_MAX:
                raise SimError(f"{ins.loc}: pto.slice offset {o} or size {n} on axis {axis} "
                               f"past the runtime's 32-bit views")
            # Codegen clamps a runtime view to the source.
            n = max(0, min(n, src.shape[axis] - o))
            start += o * src.strides[axis]
            shape.append(n)
        env[ins.results[0]] = TensorView(src.buffer, start, tuple(shape), src.strides, src.owner)

    def _transpose(self, ins, env, ex, tenv, block, token):
        src: TensorView = env[ins.operands[0]]
        a, b = ins.attrs["axis0"], ins.attrs["axis1"]
        shape, strides = list(src.shape), list(src.strides)
        shape[a], shape[b] = shape[b], shape[a]
        strides[a], strides[b] = strides[b], strides[a]
        env[ins.results[0]] = TensorView(src.buffer, src.offset, tuple(shape), tuple(strides),
                                         src.owner)

    def _reshape(self, ins, env, ex, tenv, block, token):
        """The runtime's ``reshape``: the same elements, row-major, in a new
        shape (a run-time extent from its operand); only a contiguous source
        can be reshaped, to as many elements (which the runtime
        debug-asserts)."""
        src: TensorView = env[ins.operands[0]]
        # Contiguous: each axis longer than 1 has its row-major stride.
        if any(n > 1 and s != c for n, s, c in
               zip(src.shape, src.strides, contiguous_strides(src.shape))):
            raise SimError(f"{ins.loc}: pto.reshape of a view that is not contiguous")
        sizes = iter(to_signed(env[s], 64) for s in ins.operands[1:])
        shape = tuple(next(sizes) if d is None else d
                      for d in self.types[ins.results[0]].shape)
        _check_extents(ins, shape)
        if math.prod(shape) != math.prod(src.shape):
            raise SimError(f"{ins.loc}: pto.reshape of {math.prod(src.shape)} elements "
                           f"{src.shape} to {math.prod(shape)} {shape}")
        env[ins.results[0]] = TensorView(src.buffer, src.offset, shape,
                                         contiguous_strides(shape), src.owner)

    def _dim(self, ins, env, ex, tenv, block, token):
        src: TensorView = env[ins.operands[0]]
        axis = ins.attrs["axis"]
        static = self.types[ins.operands[0]].shape[axis]
        env[ins.results[0]] = static if static is not None else src.shape[axis]
        if tenv is not None:
            tenv[ins.results[0]] = EMPTY

    def _alloc_shape(self, ins, env, block, first: int) -> Tuple[Tuple[int, ...], TypeInfo, bool]:
        t = self.types[ins.results[0]]
        dyn_slots = ins.operands[first:]
        it = iter(to_signed(env[s], 64) for s in dyn_slots)
        shape = tuple(next(it) if d is None else d for d in t.shape)
        _check_extents(ins, shape)
        # A create whose extent is computed in its own statement list cannot
        # join the list's batched alloc_tensors (utils/alloc_batching.h).
        defined_here = self._defined_in(block) - frozenset(block.args)
        batchable = not any(s in defined_here for s in dyn_slots)
        return shape, t, batchable

    def _create(self, ins, env, ex, tenv, block, token):
        shape, t, batchable = self._alloc_shape(ins, env, block, 0)
        env[ins.results[0]] = ex.create(ins, shape, t, batchable, token)

    def _create_info(self, ins, env, ex, tenv, block, token):
        # A description only: each launch it is passed to allocates.
        t = self.types[ins.results[0]]
        sizes = iter(to_signed(env[s], 64) for s in ins.operands)
        shape = tuple(next(sizes) if d is None else d for d in t.shape)
        _check_extents(ins, shape)
        env[ins.results[0]] = CreateInfo(t.tensor_type, shape)
        if tenv is not None:
            tenv[ins.results[0]] = self._taint_of(tenv, ins.operands)

    def _alloc_tensors(self, ins, env, ex, tenv, block, token):
        # The compiler's batch, taken as written: one call, one node.
        sizes = iter(to_signed(env[s], 64) for s in ins.operands)
        types = [self.types[r] for r in ins.results]
        shapes = [tuple(next(sizes) if d is None else d for d in t.shape) for t in types]
        for shape in shapes:
            _check_extents(ins, shape)
        for result, view in zip(ins.results, ex.alloc_tensors(ins, shapes, types)):
            env[result] = view

    def _full(self, ins, env, ex, tenv, block, token):
        shape, t, batchable = self._alloc_shape(ins, env, block, 1)
        view = ex.create(ins, shape, t, batchable, token)
        value = env[ins.operands[0]]
        if not view.buffer.metadata_only:  # an accounting run stores nothing
            arr = view.array()
            if t.element_type == "bf16":
                arr[...] = float_to_bf16_bits(value)
            else:
                arr[...] = value
        env[ins.results[0]] = view

    def _indices(self, ins, env, first: int) -> List[int]:
        dyn = [to_signed(env[s], 64) for s in ins.operands[first:]]
        return _mixed(ins.attrs["static_indices"], dyn)

    def _read(self, ins, env, ex, tenv, block, token):
        view: TensorView = env[ins.operands[0]]
        idx = self._indices(ins, env, 1)
        pos = view.flat_index(idx)
        if tenv is not None:
            ex.construction_read(self._taint_of(tenv, ins.operands[1:]))
        value = ex.read(ins, view, pos)
        rt = self.types[ins.results[0]]
        env[ins.results[0]] = canon(value, rt)
        if tenv is not None:
            tenv[ins.results[0]] = frozenset([("read", id(ins), pos)])

    def _write(self, ins, env, ex, tenv, block, token):
        value = env[ins.operands[0]]
        view: TensorView = env[ins.operands[1]]
        idx = self._indices(ins, env, 2)
        pos = view.flat_index(idx)
        ex.write(ins, view, pos, value)

    # -- pto: tasks ----------------------------------------------------------

    def _launch(self, ins, env, first_dep: int, n_deps: int, core_num: Optional[int]) -> Launch:
        ids = []
        for s in ins.operands[first_dep:first_dep + n_deps]:
            v = env[s]
            for tid in (v if isinstance(v, tuple) else (v,)):
                if tid != -1 and tid not in ids:
                    ids.append(tid)
        blocks = 1 if core_num is None else to_signed(env[core_num], 64)
        if "callee" in ins.attrs and core_num is not None:
            lanes = self.program.function(ins.attrs["callee"]).lanes
            if not 1 <= blocks <= MAX_BLOCK_SUBTASKS // lanes:
                raise SimError(f"{ins.loc}: core_num {blocks} of @{ins.attrs['callee']} "
                               f"({lanes} lane(s) a block) is outside the runtime's "
                               f"[1, {MAX_BLOCK_SUBTASKS // lanes}]")
        flags = tuple(f for f in LAUNCH_FLAGS if ins.attrs.get(f))
        return Launch(tuple(ids), n_deps > 0, blocks, flags)

    def _submit(self, ins, env, ex, tenv, block, token):
        kernel = self.program.function(ins.attrs["callee"], "kernel")
        seg = ins.attrs["operandSegmentSizes"]
        n_args, n_deps, n_pred = seg[0], seg[1], seg[2]
        n_core = seg[3] if len(seg) > 3 else 0
        arg_slots = ins.operands[:n_args]
        pred_slot = ins.operands[n_args + n_deps] if n_pred else None
        core_slot = ins.operands[n_args + n_deps + n_pred] if n_core else None
        # A create info stands in the place of its out tensor.
        is_tensor = [self.types[s].kind in ("tensor", "create_info") for s in arg_slots]
        tensors = [env[s] for s, t in zip(arg_slots, is_tensor) if t]
        scalar_slots = [s for s, t in zip(arg_slots, is_tensor) if not t]
        scalars = [env[s] for s in scalar_slots]
        pred = env[pred_slot] if pred_slot is not None else None
        if tenv is not None:
            # The recording keeps the edges it made: a dependency chosen by a
            # Graph scalar (``t1 if n > 1 else t2``) is decided on it.
            ex.construction_read(self._taint_of(tenv, ins.operands[n_args:n_args + n_deps]))
        launch = self._launch(ins, env, n_args, n_deps, core_slot)
        outs, task_id = ex.submit(ins, kernel, tensors, scalars, scalar_slots, pred, launch)
        for s, v in zip(ins.results[:-1], outs):
            env[s] = v
        env[ins.results[-1]] = task_id

    def _task_dummy(self, ins, env, ex, tenv, block, token):
        if tenv is not None:
            ex.construction_read(self._taint_of(tenv, ins.operands))
        env[ins.results[0]] = ex.task_dummy(ins, self._launch(ins, env, 0, len(ins.operands),
                                                              None))

    def _call(self, ins, env, ex, tenv, block, token):
        graph = self.program.function(ins.attrs["callee"], "graph")
        seg = ins.attrs["operandSegmentSizes"]
        n_args, n_deps, n_pred = seg[0], seg[1], seg[2]
        args = [env[s] for s in ins.operands[:n_args]]
        pred = env[ins.operands[n_args + n_deps]] if n_pred else None
        results = ex.call(ins, graph, args, n_deps > 0, pred)
        for s, v in zip(ins.results, results):
            env[s] = v
        if tenv is not None:
            for s in ins.results:
                tenv[s] = EMPTY

    def _invalid_task_id(self, ins, env, ex, tenv, block, token):
        env[ins.results[0]] = -1

    def _set_owner(self, ins, env, ex, tenv, block, token):
        env[ins.results[0]] = dataclasses.replace(env[ins.operands[0]],
                                                  owner=env[ins.operands[1]])

    def _owner_task_id(self, ins, env, ex, tenv, block, token):
        env[ins.results[0]] = env[ins.operands[0]].owner

    def _array_splat(self, ins, env, ex, tenv, block, token):
        env[ins.results[0]] = (env[ins.operands[0]],) * self.types[ins.results[0]].size
        self._pass_taint(ins, tenv)

    def _pass_taint(self, ins, tenv) -> None:
        """An array op's result depends on every operand (the slot chosen by
        a Graph scalar decides which task id a dependency names)."""
        if tenv is not None:
            tenv[ins.results[0]] = self._taint_of(tenv, ins.operands)

    def _assert(self, ins, env, ex, tenv, block, token):
        """``cf.assert`` (``pto-insert-runtime-checks``): the C++ stops the
        run with the message."""
        if not env[ins.operands[0]]:
            raise SimError(ins.attrs.get("msg", f"{ins.loc}: cf.assert failed"))

    def _array_get(self, ins, env, ex, tenv, block, token):
        arr, k = env[ins.operands[0]], to_signed(env[ins.operands[1]], 64)
        if not 0 <= k < len(arr):
            raise SimError(f"{ins.loc}: pto.array_get index {k} out of bounds for {len(arr)}")
        env[ins.results[0]] = arr[k]
        self._pass_taint(ins, tenv)

    def _array_update(self, ins, env, ex, tenv, block, token):
        arr, k, v = (env[s] for s in ins.operands)
        k = to_signed(k, 64)
        if not 0 <= k < len(arr):
            raise SimError(f"{ins.loc}: pto.array_update index {k} out of bounds for {len(arr)}")
        env[ins.results[0]] = arr[:k] + (v,) + arr[k + 1:]
        self._pass_taint(ins, tenv)


_HANDLERS = {
    "scf.for": Interpreter._scf_for,
    "scf.if": Interpreter._scf_if,
    "scf.while": Interpreter._scf_while,
    "pto.scope": Interpreter._scope,
    "pto.slice": Interpreter._slice,
    "pto.transpose": Interpreter._transpose,
    "pto.reshape": Interpreter._reshape,
    "pto.dim": Interpreter._dim,
    "pto.create": Interpreter._create,
    "pto.alloc_tensors": Interpreter._alloc_tensors,
    "pto.create_info": Interpreter._create_info,
    "pto.full": Interpreter._full,
    "pto.read": Interpreter._read,
    "pto.write": Interpreter._write,
    "pto.submit": Interpreter._submit,
    "pto.task_dummy": Interpreter._task_dummy,
    "pto.call": Interpreter._call,
    "pto.invalid_task_id": Interpreter._invalid_task_id,
    "pto.set_owner": Interpreter._set_owner,
    "pto.owner_task_id": Interpreter._owner_task_id,
    "pto.array_splat": Interpreter._array_splat,
    "pto.array_get": Interpreter._array_get,
    "pto.array_update": Interpreter._array_update,
    "cf.assert": Interpreter._assert,
}
