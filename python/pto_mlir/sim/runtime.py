"""A model of the host_build_graph runtime: eager execution and Graph
record/replay.

:class:`Runtime` runs an orchestration function on numpy data in one of two
modes:

``"eager"``
    Every ``pto.call`` interprets the Graph body directly: kernels run as
    they are launched, allocations come from the ordinary heap. This is
    what the program means, and the reference the tests compare against.

``"replay"``
    ``pto.call`` is ``rt_submit_graph``. The first call for a *Graph key*
    *records* a :class:`Definition`: the body is interpreted once, but
    launches, dummies and allocations only append nodes; then the nodes run.
    A later call whose key matches an existing definition does not run the
    body at all: it *replays* the nodes, patching only

    * the addresses of the boundary tensors (the Graph's tensor arguments),
    * the values of the boundary scalars (its scalar arguments),

    and everything else stays as the first call left it
    (``docs/graph-boundary.md``, ``legalize-graph-boundary.md``):

    * a task tensor argument is classified on the recording call as
      ``("exact", k)`` (the descriptor of boundary tensor *k* itself),
      ``("view", k, delta, shape, strides)`` (same buffer as boundary *k*,
      BOUNDARY_VIEW: replay uses the new address of *k*, ``start_offset +
      delta``, and the recorded shape and strides), or ``("internal", a,
      offset, shape, strides)`` (a window of graph allocation *a*);
    * a task scalar argument is ``("param", k)`` when it *is* Graph scalar
      parameter *k* (the SSA value is the entry block argument: the
      parameter origin is kept and replay patches it) and otherwise
      ``("static", value)``, frozen static data;
    * allocations (``pto.create`` in the body, runtime-allocated Out tails of
      launches in the body) are nodes with the recorded shape; every
      submission, recording or replay, takes them from the *graph heap*,
      which is never reclaimed during a run (:attr:`RunStats.graph_heap_bytes`
      counts it);
    * the tensors the Graph returns are recorded as parameter positions.

    The Graph key is: the Graph's symbol; the *Config*, i.e. the construction
    values the recording read (the Graph scalar parameters that decided
    ``scf.for`` bounds and ``scf.if`` / ``scf.while`` conditions, and every
    element read with ``pto.read``); and the boundary layout (element type,
    shape, strides and storage size of each boundary tensor, the alias
    partition it belongs to and its offset relative to the partition's first
    member). Relocated buffers and uniformly shifted views keep the key. A
    call matching no definition records a new one; a 17th definition for one
    Graph raises :class:`~pto_mlir.sim.errors.DefinitionLimitError`.

    A value the body computes from its scalar parameters (``arith``,
    including ``select``) is *not* a Config value when it only feeds a task
    argument, a view's offset or extent, or an allocation's shape: the
    recording copies the number in and replay reuses it. Those are the
    spec's failure classes (a frozen derived scalar, a frozen view offset);
    only control flow and host reads select definitions.

    Submissions the runtime refuses raise
    :class:`~pto_mlir.sim.errors.GraphSubmissionError`: no boundary tensor or
    more than 128, more than 64 boundary scalars, explicit dependencies on
    the call, a recording of 0 or more than 1024 nodes, a Graph launched
    while another is being recorded, a Graph returning something that is not
    one of its parameters. A dispatch predicate on a Graph call is ignored
    (the runtime zeroes it).

Orchestration-level work (launches, allocations, host reads and writes
outside Graphs) runs eagerly in both modes.

Host ``pto.read`` / ``pto.write`` inside a Graph body are construction-time
operations: on a recording they happen once, while the body is interpreted
(before any node runs); a replay does not repeat them. Reading a buffer that
a task of the same Graph submission writes raises
:class:`~pto_mlir.sim.errors.SimError` in both modes (construction cannot
see device results).

Accounting mode (``Runtime(..., data=False)``) runs the same bookkeeping
without any tensor contents, for programs whose data would not fit in
memory: buffers are metadata-only (kind, element type, size, id; see
:attr:`~pto_mlir.sim.memory.Buffer.metadata_only`), kernels are counted but
not evaluated, ``pto.write`` and ``pto.full`` store nothing. Definitions,
Graph keys (layout and Config), nodes, replay patching and every byte
counter go through exactly the code of the data mode. Anything whose
outcome depends on tensor contents raises
:class:`~pto_mlir.sim.errors.SimError` instead of guessing: a host
``pto.read`` (its value could select a definition) and a dispatch
predicate (it decides whether a task or a Graph call runs).

With ``events=True`` every run also keeps its structured trace
(:attr:`RunResult.events`, :class:`Event`): tasks with their tensor windows,
scalar slots, block count, flags and explicit dependencies, allocation calls
and Graph launches. Owner tasks are modelled for it: a runtime-allocated
output is owned by its task (an ``alloc_tensors`` call counts as one), views
keep the owner, ``pto.set_owner`` replaces it, ``pto.owner_task_id`` reads
it; a recorded task's dependency on a boundary tensor's owner is re-read at
each submission, and one on a task outside the Graph that owns no boundary
tensor raises :class:`~pto_mlir.sim.errors.GraphSubmissionError`. A
``pto.task_dummy`` all of whose dependencies are invalid is not submitted.

What the model leaves out: timing and concurrency (tasks run one at a time
in submission order, which every legal dependency order refines; explicit
dependencies, ``core_num`` and the task flags are recorded, not scheduled),
scopes (``pto.scope`` only groups), memory limits (heaps are unbounded;
bytes are counted instead).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ..ir import Module
from .errors import DefinitionLimitError, GraphSubmissionError, SimError
from .interp import CreateInfo, Executor, Interpreter, Launch, load_element, store_element
from .kernels import run_kernel
from .memory import (EXTERNAL, GRAPH_HEAP, HEAP, TEMPLATE, Buffer, TensorView, new_tensor,
                     tensor_from_array)
from .program import Function, Instr, Program, TypeInfo, load_program
from .scalars import canon, scalar_bits, slot_bits

#: Runtime limits (pto_orchestration_api.h, host_build_graph). Written out
#: here on purpose rather than read from the compiler (pto.GRAPH_MAX_NODES
#: ...): the model is an independent check of the compiler, so a wrong limit
#: in one shows up as a disagreement with the other.
GRAPH_MAX_TENSOR_ARGS = 128
GRAPH_MAX_SCALAR_ARGS = 64
GRAPH_MAX_NODES = 1024
GRAPH_MAX_DEFINITIONS = 16
ALLOC_TENSORS_ARGS = 16

Ref = tuple


@dataclass
class RunStats:
    """Counters for one :meth:`Runtime.run` (or, in :attr:`Runtime.totals`,
    for all runs).

    graph_heap_bytes: bytes taken from the graph heap (Graph allocations, per
        submission; never reclaimed during the run).
    heap_bytes: bytes taken from the ordinary, reclaimable heap.
    heap_allocation_calls: runtime allocation calls of orchestration code
        (one per ``pto.create`` or ``pto.alloc_tensors`` it runs; a
        runtime-allocated ``out`` tail is part of its launch).
    """

    graph_calls: int = 0
    records: int = 0
    replays: int = 0
    eager_graph_calls: int = 0
    tasks: int = 0
    graph_heap_bytes: int = 0
    graph_heap_allocations: int = 0
    heap_bytes: int = 0
    heap_allocation_calls: int = 0
    construction_writes: int = 0

    def add(self, other: "RunStats") -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass
class RunResult:
    """Outcome of one :meth:`Runtime.run`.

    tensors: for each orchestration parameter, the final contents of a tensor
        argument (a numpy array of the parameter's logical shape, storage
        dtype; ``bf16`` as raw ``uint16`` bits), ``None`` for a scalar.
    results: the orchestration's returned values (tensors as numpy copies).
    stats: counters of this run.
    trace: a digest of every task the run executed, in order (kernel name and
        the contents of every tensor it wrote). Two runs with equal traces
        computed the same values everywhere, including in buffers that no
        argument can observe afterwards (dead temporaries).

    events: with ``Runtime(..., events=True)``, every runtime call the run
        made, in order (:class:`Event`); empty otherwise.

    In accounting mode (``data=False``) there are no contents: every entry
    of ``tensors`` and every tensor in ``results`` is ``None`` and ``trace``
    is ``""``; ``stats`` and ``events`` are complete.
    """

    tensors: List[Optional[np.ndarray]]
    results: List[object]
    stats: RunStats
    trace: str = ""
    events: List["Event"] = field(default_factory=list)


@dataclass(frozen=True)
class Event:
    """One runtime call of a run, as the runtime sees it (the structured
    trace, :attr:`RunResult.events`).

    kind:
        ``"task"`` (a kernel task), ``"dummy"`` (a ``pto.task_dummy`` that
        was submitted), ``"alloc"`` (one ``alloc_tensors`` call, or a
        ``pto.create`` / ``pto.full`` outside a batch), ``"graph"`` (a
        ``pto.call``; the tasks of its submission follow it).
    name: the kernel symbol of a task, the Graph symbol of a graph event.
    tensors: per tensor argument of a task, ``(direction, buffer id, offset,
        shape, strides)``; ids are :attr:`Buffer.id`, quantities elements.
    scalars: per scalar argument, ``(bits, width)``: the value as its
        ``uint64_t`` slot holds it (an integer zero-extended from its
        width, a float as its IEEE bits), and the type's width in bits.
    blocks, flags: the SPMD block count and task flags (tasks only).
    deps: indices in the event list of the task's (or dummy's) explicit
        dependencies, sorted; a dependency on an ``alloc_tensors`` call
        names its alloc event.
    count: tensors an alloc event allocates.
    mode: a graph event's ``"record"``, ``"replay"`` or ``"eager"``.

    Task ids the model hands out are not part of an event: they are opaque
    in the runtime too, and the ``deps`` indices say what they order.
    """

    kind: str
    name: Optional[str] = None
    tensors: tuple = ()
    scalars: tuple = ()
    blocks: int = 1
    flags: Tuple[str, ...] = ()
    deps: Tuple[int, ...] = ()
    count: int = 0
    mode: str = ""


@dataclass
class AllocNode:
    """A recorded ``alloc_tensors`` (at most 16 allocations).

    frames: where in the Graph body it was recorded, as
    :attr:`~pto_mlir.sim.interp.Interpreter.frames` (loop iterations and
    scopes, outermost first).
    """

    alloc_ids: List[int]
    frames: Tuple[tuple, ...] = ()


@dataclass
class TaskNode:
    """A recorded launch (``kernel`` None for ``pto.task_dummy``).

    deps: its explicit dependencies, each ``("node", i)`` (node ``i`` of the
    same recording) or ``("owner", k)`` (the owner task of boundary tensor
    ``k``, re-read at every submission); blocks, flags: as in
    :class:`~pto_mlir.sim.interp.Launch`; frames: as in :class:`AllocNode`.
    """

    kernel: Optional[str]
    tensors: List[Tuple[Ref, str]]
    scalars: List[Tuple[Ref, TypeInfo]]
    pred: Optional[Ref]
    task_allocs: List[int]
    loc: str
    deps: List[Ref] = field(default_factory=list)
    blocks: int = 1
    flags: Tuple[str, ...] = ()
    frames: Tuple[tuple, ...] = ()


@dataclass
class Definition:
    """One recorded topology of a Graph.

    layout: the boundary layout part of the key; config: construction values
    read while recording (``("param", k)`` or ``("read", k, rel)`` -> bytes);
    allocs: template view of each graph allocation; returns: for each
    returned value, the parameter index it names.
    """

    graph: str
    index: int
    layout: tuple
    config: Dict[tuple, bytes]
    nodes: List[Union[AllocNode, TaskNode]]
    allocs: List[TensorView]
    returns: List[int]
    replays: int = 0

    @property
    def num_nodes(self) -> int:
        return len(self.nodes)

    @property
    def alloc_bytes(self) -> int:
        """Graph-heap bytes one submission of this definition takes."""
        return sum(v.buffer.nbytes for v in self.allocs)


def layout_key(boundary: Sequence[Optional[TensorView]]) -> tuple:
    """The boundary-layout part of a Graph key (see the module docstring)."""
    parts = []
    first: Dict[int, int] = {}
    for k, v in enumerate(boundary):
        if v is None:
            continue
        j = first.setdefault(v.buffer.id, k)
        parts.append((k, v.element_type, v.shape, v.strides, v.buffer.size, j,
                      v.offset - boundary[j].offset))
    return tuple(parts)


def _pred_true(rt: "Runtime", view: TensorView, loc: str) -> bool:
    """A dispatch predicate: the task runs if the first element is nonzero."""
    if view.numel == 0:
        return False
    _require_contents(rt, view, f"{loc}: a dispatch predicate")
    return bool(view.array().reshape(-1)[0] != 0)


def _kernel_params(kernel: Function):
    tparams = [p for p in kernel.params if p.type.is_tensor]
    sparams = [p for p in kernel.params if not p.type.is_tensor]
    return tparams, sparams


def _static_shape(t: TypeInfo, where: str) -> Tuple[int, ...]:
    if any(d is None for d in t.shape):
        raise SimError(f"{where}: a runtime-allocated output of type {t.name} has a dynamic shape")
    return tuple(t.shape)


def _require_contents(rt: "Runtime", view: TensorView, what: str) -> None:
    """Raises SimError unless ``what`` can use the contents of ``view``."""
    if not rt.data:
        # Refuse rather than guess: a value read here could select a
        # definition or decide whether a task runs, and even a buffer with
        # storage is stale (kernels do not run).
        raise SimError(f"{what} needs tensor contents, which an accounting run "
                       f"(data=False) does not have")
    if view.buffer.data is None:
        raise SimError(f"{what}: {view.buffer!r} has no storage")


def _element_bits(view: TensorView, position: int) -> bytes:
    return view.buffer.data[position:position + 1].tobytes()


class _Direct(Executor):
    """Eager execution (orchestration bodies, and Graph bodies in eager mode)."""

    def __init__(self, rt: "Runtime", graph: Optional[Function]):
        self.rt = rt
        self.graph = graph
        self.written: set = set()

    def _alloc(self, t: TypeInfo, shape, owner: int) -> TensorView:
        view = new_tensor(HEAP, t.element_type, shape, t.layout, storage=self.rt.data,
                          owner=owner)
        self.rt._run.heap_bytes += view.buffer.nbytes
        return view

    def _count_allocation_call(self) -> None:
        if self.graph is None:
            self.rt._run.heap_allocation_calls += 1

    def create(self, instr, shape, t, batchable, block_token):
        self._count_allocation_call()
        task_id = self.rt._next_task_id()
        self.rt._log_alloc(1, task_id)
        return self._alloc(t, shape, task_id)

    def alloc_tensors(self, instr, shapes, types):
        self._count_allocation_call()
        task_id = self.rt._next_task_id()
        self.rt._log_alloc(len(shapes), task_id)
        return [self._alloc(t, shape, task_id) for shape, t in zip(shapes, types)]

    def submit(self, instr, kernel, tensors, scalars, scalar_slots, pred, launch):
        tparams, sparams = _kernel_params(kernel)
        if len(tensors) > len(tparams) or len(scalars) != len(sparams):
            raise SimError(f"{instr.loc}: launch of @{kernel.name} does not match its signature")
        task_id = self.rt._next_task_id()
        views = [self._alloc(v.type, v.shape, task_id) if isinstance(v, CreateInfo) else v
                 for v in tensors]
        for p in tparams[len(tensors):]:
            if p.direction != "out":
                raise SimError(f"{instr.loc}: omitted parameter of @{kernel.name} is not 'out'")
            views.append(self._alloc(p.type, _static_shape(p.type, instr.loc), task_id))
        outs = [v for v, p in zip(views, tparams) if p.direction != "in"]
        if pred is None or _pred_true(self.rt, pred, instr.loc):
            types = [self.rt.interp.types[s] for s in scalar_slots]
            self.rt._run_task(kernel.name, [(v, p.direction) for v, p in zip(views, tparams)],
                              list(zip(scalars, types)), launch,
                              self.rt._dep_events(launch.deps), task_id)
            self.written.update(v.buffer.id for v in outs)
        return outs, task_id

    def task_dummy(self, instr, launch):
        if not launch.submitted_dummy:
            return -1
        task_id = self.rt._next_task_id()
        self.rt._log_task(None, [], [], launch, self.rt._dep_events(launch.deps), task_id)
        return task_id

    def call(self, instr, graph, args, has_deps, pred):
        return self.rt._call_graph(instr, graph, args, has_deps, pred, self)

    def read(self, instr, view, position):
        if self.graph is not None and view.buffer.id in self.written:
            raise SimError(f"{instr.loc}: Graph @{self.graph.name} reads, during construction, "
                           f"a buffer that one of its own tasks writes")
        view.check_bounds()
        _require_contents(self.rt, view, f"{instr.loc}: {instr.name}")
        return load_element(view, position)

    def write(self, instr, view, position, value):
        if self.rt.data:  # accounting: writes are no-ops
            _require_contents(self.rt, view, f"{instr.loc}: {instr.name}")
            store_element(view, position, value)


class _Recorder(Executor):
    """Interprets a Graph body once, turning its side effects into nodes."""

    tracks_construction = True

    def __init__(self, rt: "Runtime", graph: Function, args: Sequence[object]):
        self.rt = rt
        self.graph = graph
        self.args = list(args)
        self.boundary = [a if p.type.is_tensor else None for p, a in zip(graph.params, args)]
        self.nodes: List[Union[AllocNode, TaskNode]] = []
        self.allocs: List[TensorView] = []
        self.config: Dict[tuple, bytes] = {}
        #: Open allocation batch per statement list: the node and its task id.
        self.batches: Dict[object, Tuple[AllocNode, int]] = {}
        self.written: set = set()
        #: Task id handed out while recording -> its node index.
        self.node_of_id: Dict[int, int] = {}
        #: The interpreter's frames outside the Graph body (the call site's).
        self.outer_frames = len(rt.interp.frames)

    # -- classification ------------------------------------------------------

    def classify(self, view: TensorView, instr: Instr) -> Ref:
        if view.buffer.kind == TEMPLATE:
            return ("internal", view.buffer.alloc_id, view.offset, view.shape, view.strides)
        for k, b in enumerate(self.boundary):
            if b is not None and b.same_descriptor(view):
                return ("exact", k)
        for k, b in enumerate(self.boundary):
            if b is not None and b.buffer is view.buffer:
                return ("view", k, view.offset - b.offset, view.shape, view.strides)
        raise GraphSubmissionError(
            f"{instr.loc}: a task of Graph @{self.graph.name} uses a tensor that is neither "
            f"a boundary tensor nor a graph allocation")

    def _template(self, t: TypeInfo, shape, owner: int) -> TensorView:
        alloc_id = len(self.allocs)
        view = new_tensor(TEMPLATE, t.element_type, shape, t.layout, alloc_id=alloc_id,
                          owner=owner)
        self.allocs.append(view)
        return view

    def _new_node(self, node) -> int:
        """Appends ``node``; returns the task id it gets."""
        task_id = self.rt._next_task_id()
        self.node_of_id[task_id] = len(self.nodes)
        node.frames = tuple(self.rt.interp.frames[self.outer_frames:])
        self.nodes.append(node)
        return task_id

    def _classify_deps(self, launch, instr: Instr) -> List[Ref]:
        refs = []
        for dep in launch.deps:
            node = self.node_of_id.get(dep)
            if node is not None:
                refs.append(("node", node))
                continue
            for k, b in enumerate(self.boundary):
                if b is not None and b.owner == dep:
                    refs.append(("owner", k))
                    break
            else:
                raise GraphSubmissionError(
                    f"{instr.loc}: a task of Graph @{self.graph.name} depends on a task outside "
                    f"the Graph that owns none of its boundary tensors")
        return refs

    # -- Executor ------------------------------------------------------------

    def create(self, instr, shape, t, batchable, block_token):
        batch = self.batches.get(block_token) if batchable else None
        # One batch per statement-list instance (the token), at most 16.
        if batch is None or len(batch[0].alloc_ids) == ALLOC_TENSORS_ARGS:
            node = AllocNode([])
            batch = (node, self._new_node(node))
            if batchable:
                self.batches[block_token] = batch
        node, task_id = batch
        view = self._template(t, shape, task_id)
        node.alloc_ids.append(view.buffer.alloc_id)
        return view

    def alloc_tensors(self, instr, shapes, types):
        if not 1 <= len(shapes) <= ALLOC_TENSORS_ARGS:
            raise SimError(f"{instr.loc}: alloc_tensors of {len(shapes)} tensors "
                           f"(the runtime takes 1 to {ALLOC_TENSORS_ARGS})")
        node = AllocNode([])
        task_id = self._new_node(node)
        views = [self._template(t, shape, task_id) for shape, t in zip(shapes, types)]
        node.alloc_ids.extend(v.buffer.alloc_id for v in views)
        return views

    def submit(self, instr, kernel, tensors, scalars, scalar_slots, pred, launch):
        tparams, sparams = _kernel_params(kernel)
        if len(tensors) > len(tparams) or len(scalars) != len(sparams):
            raise SimError(f"{instr.loc}: launch of @{kernel.name} does not match its signature")
        deps = self._classify_deps(launch, instr)
        node = TaskNode(kernel.name, [], [], None, [], instr.loc, deps, launch.blocks,
                        launch.flags)
        task_id = self._new_node(node)
        views = []
        task_allocs = []
        for v in tensors:
            if isinstance(v, CreateInfo):  # Recorded with the shape it has now.
                v = self._template(v.type, v.shape, task_id)
                task_allocs.append(v.buffer.alloc_id)
            views.append(v)
        for p in tparams[len(tensors):]:
            if p.direction != "out":
                raise SimError(f"{instr.loc}: omitted parameter of @{kernel.name} is not 'out'")
            v = self._template(p.type, _static_shape(p.type, instr.loc), task_id)
            task_allocs.append(v.buffer.alloc_id)
            views.append(v)
        refs = [(self.classify(v, instr), p.direction) for v, p in zip(views, tparams)]
        srefs = []
        types = self.rt.interp.types
        for slot, value in zip(scalar_slots, scalars):
            k = self.graph.param_index.get(slot)
            srefs.append((("param", k) if k is not None else ("static", value), types[slot]))
        node.tensors, node.scalars, node.task_allocs = refs, srefs, task_allocs
        node.pred = self.classify(pred, instr) if pred is not None else None
        outs = [v for v, p in zip(views, tparams) if p.direction != "in"]
        self.written.update(v.buffer.id for v in outs)
        return outs, task_id

    def task_dummy(self, instr, launch):
        if not launch.submitted_dummy:
            return -1
        deps = self._classify_deps(launch, instr)
        return self._new_node(TaskNode(None, [], [], None, [], instr.loc, deps))

    def call(self, instr, graph, args, has_deps, pred):
        raise GraphSubmissionError(
            f"{instr.loc}: Graph @{self.graph.name} launches Graph @{graph.name} while it is "
            f"being recorded")

    def _boundary_of(self, view: TensorView, instr: Instr) -> int:
        if view.buffer.kind == TEMPLATE:
            raise SimError(f"{instr.loc}: Graph @{self.graph.name} accesses one of its own "
                           f"runtime allocations during construction")
        if view.buffer.id in self.written:
            raise SimError(f"{instr.loc}: Graph @{self.graph.name} reads, during construction, "
                           f"a buffer that one of its own tasks writes")
        for k, b in enumerate(self.boundary):
            if b is not None and b.buffer is view.buffer:
                return k
        raise SimError(f"{instr.loc}: host access to a tensor outside the boundary")

    def read(self, instr, view, position):
        k = self._boundary_of(view, instr)
        view.check_bounds()
        _require_contents(self.rt, view, f"{instr.loc}: {instr.name}")
        self.config[("read", k, position - self.boundary[k].offset)] = _element_bits(view, position)
        return load_element(view, position)

    def write(self, instr, view, position, value):
        if view.buffer.kind == TEMPLATE:
            raise SimError(f"{instr.loc}: Graph @{self.graph.name} writes one of its own "
                           f"runtime allocations during construction")
        view.check_bounds()
        # A construction-time host write: done now, never replayed.
        if self.rt.data:  # accounting: counted, not stored
            _require_contents(self.rt, view, f"{instr.loc}: {instr.name}")
            store_element(view, position, value)
        self.rt._run.construction_writes += 1

    def construction_read(self, taint):
        for item in taint:
            if item[0] == "param":
                k = item[1]
                self.config[("param", k)] = scalar_bits(self.args[k], self.graph.params[k].type)


class Runtime:
    """The host_build_graph runtime model.

    Args:
        program: a lowered :class:`Program` or a parsed module.
        mode: ``"eager"`` or ``"replay"`` (see the module docstring).
        max_definitions: recorded definitions kept per Graph (16).
        max_nodes: nodes a recording may have (1024).
        data: ``True`` to compute tensor contents over numpy storage;
            ``False`` for accounting mode (see the module docstring): the
            same records, replays and counters (:class:`RunStats`, in
            bytes and counts; :attr:`definitions`) with no storage and no
            kernel evaluation, so memory and time do not grow with tensor
            sizes. Host ``pto.read`` and dispatch predicates raise
            :class:`SimError` in accounting mode.
        events: ``True`` to keep the structured trace of every run
            (:attr:`RunResult.events`), e.g. to compare with what generated
            C++ does against a recording runtime; it grows with the tasks
            run.

    Definitions persist across :meth:`run` calls, so a sequence of runs
    exercises replay with fresh buffers and new scalar values. The graph
    heap is reset at the start of every run.
    """

    def __init__(self, program: Union[Program, Module], mode: str = "replay",
                 max_definitions: int = GRAPH_MAX_DEFINITIONS, max_nodes: int = GRAPH_MAX_NODES,
                 data: bool = True, events: bool = False):
        if mode not in ("eager", "replay"):
            raise ValueError(f"unknown mode {mode!r}: expected 'eager' or 'replay'")
        if isinstance(program, Module):
            program = load_program(program)
        self.program = program
        self.mode = mode
        self.max_definitions = max_definitions
        self.max_nodes = max_nodes
        self.data = data
        self.interp = Interpreter(program)
        #: Graph symbol -> its recorded definitions, in recording order.
        self.definitions: Dict[str, List[Definition]] = {}
        #: Counters summed over every run.
        self.totals = RunStats()
        self._run = RunStats()
        self._task_ids = 0
        self.keep_events = events
        self._events: List[Event] = []
        self._event_of_task: Dict[int, int] = {}

    # -- public --------------------------------------------------------------

    def run(self, entry: str, args: Sequence[object]) -> RunResult:
        """Runs orchestration function ``@entry`` on ``args``.

        Args:
            entry: symbol of a ``pto.orchestration``.
            args: one per parameter. A tensor parameter takes a numpy array
                of its logical shape (converted to the element type and
                copied into a fresh external buffer in the parameter's
                layout; ``bf16`` as raw ``uint16`` bits) or a
                :class:`TensorView` (used as is: share buffers between
                arguments that way). In accounting mode only the shape of
                an array is used (any object with a ``shape`` will do, e.g.
                ``np.broadcast_to(0, shape)``, which takes no memory) and the
                fresh external buffer is metadata-only. A scalar parameter
                takes a Python number (wrapped/rounded to its type).

        Returns:
            the final contents of every tensor argument, the returned values
            and the run's counters (no contents in accounting mode: see
            :class:`RunResult`).

        Raises:
            SimError: (or a subclass) the program cannot run; see the module
                docstring.
        """
        fn = self.program.function(entry, "orchestration")
        if len(args) != len(fn.params):
            raise SimError(f"@{entry} takes {len(fn.params)} arguments, got {len(args)}")
        values = [self._convert_arg(p, a) for p, a in zip(fn.params, args)]
        self._run = RunStats()
        self._trace = hashlib.blake2b(digest_size=16)
        self._events = []
        self._event_of_task = {}
        self.interp.iterations = 0
        try:
            returned = self.interp.run_function(fn, values, _Direct(self, None))
        finally:
            self.totals.add(self._run)
        def contents(v):
            return v.array().copy() if self.data else None

        tensors = [contents(v) if isinstance(v, TensorView) else None for v in values]
        results = [contents(v) if isinstance(v, TensorView) else v for v in returned]
        return RunResult(tensors, results, self._run,
                         self._trace.hexdigest() if self.data else "", self._events)

    def definitions_of(self, graph: str) -> List[Definition]:
        """The definitions recorded so far for Graph ``@graph``."""
        return list(self.definitions.get(graph, []))

    # -- internals -----------------------------------------------------------

    def _convert_arg(self, p, a):
        t = p.type
        if t.is_tensor:
            if isinstance(a, TensorView):
                return a
            # Accounting needs only the shape: never materialize the contents.
            arr = np.asarray(a) if self.data else a
            shape = tuple(int(n) for n in np.shape(arr))
            if len(shape) != len(t.shape) or any(d is not None and d != n
                                                 for d, n in zip(t.shape, shape)):
                raise SimError(f"argument {p.name}: shape {list(shape)} does not match {t.name}")
            if not self.data:
                return new_tensor(EXTERNAL, t.element_type, shape, t.layout, storage=False)
            return tensor_from_array(arr, t.element_type, t.layout)
        if t.is_scalar:
            return canon(a, t)
        raise SimError(f"argument {p.name}: unsupported parameter type {t.name}")

    def _run_task(self, kernel: str, tensors: Sequence[Tuple[TensorView, str]],
                  scalars: Sequence[Tuple[object, TypeInfo]], launch: Launch,
                  dep_events: Sequence[int], task_id: Optional[int]) -> None:
        """Executes one task; in accounting mode only counts it."""
        self._log_task(kernel, tensors, scalars, launch, dep_events, task_id)
        if self.data:
            params = [p for p in self.program.function(kernel, "kernel").params
                      if p.type.is_tensor]
            run_kernel(kernel, tensors, scalars, [p.window for p in params],
                       [p.overwrites for p in params])
        self._trace_task(kernel, [v for v, d in tensors if d != "in"])

    # -- the structured trace --------------------------------------------------

    def _log(self, event: Event, task_id: Optional[int]) -> int:
        if not self.keep_events:
            return -1
        index = len(self._events)
        self._events.append(event)
        if task_id is not None:
            self._event_of_task[task_id] = index
        return index

    def _log_task(self, kernel: Optional[str], tensors, scalars, launch: Launch,
                  dep_events: Sequence[int], task_id: Optional[int]) -> int:
        if not self.keep_events:
            return -1
        return self._log(Event(
            "task" if kernel is not None else "dummy", kernel,
            tuple((d, v.buffer.id, v.offset, v.shape, v.strides) for v, d in tensors),
            tuple((slot_bits(value, t), t.width) for value, t in scalars),
            launch.blocks, launch.flags, tuple(sorted(set(dep_events)))), task_id)

    def _log_alloc(self, count: int, task_id: Optional[int]) -> int:
        return self._log(Event("alloc", count=count), task_id)

    def _dep_events(self, task_ids: Sequence[int]) -> List[int]:
        """Event indices of the tasks ``task_ids`` name (a task that never
        reached the runtime, e.g. predicated off, orders nothing)."""
        return [self._event_of_task[t] for t in task_ids if t in self._event_of_task]

    def _trace_task(self, kernel: str, outs: Sequence[TensorView]) -> None:
        self._run.tasks += 1
        if not self.data:
            return
        self._trace.update(b"|" + kernel.encode())
        for v in outs:
            self._trace.update(np.ascontiguousarray(v.array()).tobytes())

    def _next_task_id(self) -> int:
        self._task_ids += 1
        return self._task_ids

    def _call_graph(self, instr: Instr, graph: Function, args: List[object], has_deps: bool,
                    pred: Optional[TensorView], caller: _Direct) -> List[object]:
        if self.mode == "eager":
            self._run.eager_graph_calls += 1
            self._log(Event("graph", graph.name, mode="eager"), None)
            if pred is not None and not _pred_true(self, pred, instr.loc):
                # Skipped: each result is the argument its return names.
                results = []
                for slot in graph.body.instrs[-1].operands:
                    k = graph.param_index.get(slot)
                    if k is None:
                        raise SimError(f"{instr.loc}: a predicated-off call of Graph "
                                       f"@{graph.name}, whose results are not its parameters")
                    results.append(args[k])
                return results
            return self.interp.run_function(graph, args, _Direct(self, graph))
        return self._submit_graph(instr, graph, args, has_deps)

    def _submit_graph(self, instr: Instr, graph: Function, args: List[object],
                      has_deps: bool) -> List[object]:
        where = f"{instr.loc}: submission of Graph @{graph.name}"
        self._run.graph_calls += 1
        if has_deps:
            raise GraphSubmissionError(f"{where} carries explicit dependencies")
        n_tensors = sum(1 for p in graph.params if p.type.is_tensor)
        n_scalars = len(graph.params) - n_tensors
        if n_tensors == 0:
            raise GraphSubmissionError(f"{where} has no boundary tensor: nothing to patch")
        if n_tensors > GRAPH_MAX_TENSOR_ARGS:
            raise GraphSubmissionError(f"{where} has {n_tensors} boundary tensors (max 128)")
        if n_scalars > GRAPH_MAX_SCALAR_ARGS:
            raise GraphSubmissionError(f"{where} has {n_scalars} boundary scalars (max 64)")
        boundary = [a if p.type.is_tensor else None for p, a in zip(graph.params, args)]
        layout = layout_key(boundary)
        defs = self.definitions.setdefault(graph.name, [])
        found = None
        for d in defs:
            if d.layout == layout and self._config_matches(d, graph, args):
                found = d
                break
        if found is None:
            if len(defs) >= self.max_definitions:
                raise DefinitionLimitError(
                    f"{where} needs definition #{len(defs) + 1}: the runtime keeps at most "
                    f"{self.max_definitions} per Graph")
            found = self._record(instr, graph, args, layout, len(defs))
            defs.append(found)
            self._run.records += 1
            self._log(Event("graph", graph.name, mode="record"), None)
        else:
            found.replays += 1
            self._run.replays += 1
            self._log(Event("graph", graph.name, mode="replay"), None)
        self._execute(found, graph, args)
        return [args[k] for k in found.returns]

    def _config_matches(self, d: Definition, graph: Function, args) -> bool:
        for key, bits in d.config.items():
            if key[0] == "param":
                k = key[1]
                if scalar_bits(args[k], graph.params[k].type) != bits:
                    return False
            else:
                _, k, rel = key
                view = args[k]
                pos = view.offset + rel
                if not 0 <= pos < view.buffer.size or _element_bits(view, pos) != bits:
                    return False
        return True

    def _record(self, instr: Instr, graph: Function, args, layout, index: int) -> Definition:
        rec = _Recorder(self, graph, args)
        taint = {p.slot: frozenset([("param", k)])
                 for k, p in enumerate(graph.params) if p.type.is_scalar}
        returned = self.interp.run_function(graph, args, rec, taint)
        term = self.interp.last_return
        returns = []
        for pos, (slot, value) in enumerate(zip(term.operands, returned)):
            k = None
            if isinstance(value, TensorView):
                for j, b in enumerate(rec.boundary):
                    if b is not None and b.same_descriptor(value):
                        k = j
                        break
            else:
                k = graph.param_index.get(slot)
            if k is None:
                raise GraphSubmissionError(
                    f"{term.loc}: Graph @{graph.name} returns at position {pos} a value that is "
                    f"not one of its parameters")
            returns.append(k)
        n = len(rec.nodes)
        if n < 1 or n > self.max_nodes:
            raise GraphSubmissionError(
                f"{instr.loc}: recording Graph @{graph.name} produced {n} nodes; the runtime "
                f"accepts 1 to {self.max_nodes}")
        return Definition(graph.name, index, layout, dict(rec.config), rec.nodes, rec.allocs,
                          returns)

    def _graph_alloc(self, template: TensorView) -> Buffer:
        buf = Buffer(GRAPH_HEAP, template.element_type, template.buffer.size, storage=self.data)
        self._run.graph_heap_bytes += buf.nbytes
        self._run.graph_heap_allocations += 1
        return buf

    def _execute(self, d: Definition, graph: Function, args) -> None:
        real: Dict[int, Buffer] = {}

        def resolve(ref: Ref) -> TensorView:
            kind = ref[0]
            if kind == "exact":
                return args[ref[1]]
            if kind == "view":
                _, k, delta, shape, strides = ref
                b = args[k]
                return TensorView(b.buffer, b.offset + delta, shape, strides)
            _, a, offset, shape, strides = ref
            return TensorView(real[a], offset, shape, strides)

        # Node index -> its event in this submission.
        event_of_node: Dict[int, int] = {}

        def dep_events(deps: Sequence[Ref]) -> List[int]:
            out = []
            for kind, i in deps:
                if kind == "node":
                    e = event_of_node.get(i)
                    if e is not None:
                        out.append(e)
                else:  # ("owner", k): whoever owns the boundary tensor now
                    out.extend(self._dep_events([args[i].owner]))
            return out

        for index, node in enumerate(d.nodes):
            if isinstance(node, AllocNode):
                for a in node.alloc_ids:
                    real[a] = self._graph_alloc(d.allocs[a])
                event_of_node[index] = self._log_alloc(len(node.alloc_ids), None)
                continue
            for a in node.task_allocs:
                real[a] = self._graph_alloc(d.allocs[a])
            launch = Launch(blocks=node.blocks, flags=node.flags)
            if node.kernel is None:
                event_of_node[index] = self._log_task(None, [], [], launch,
                                                      dep_events(node.deps), None)
                continue
            if node.pred is not None and not _pred_true(self, resolve(node.pred), node.loc):
                continue
            tensors = [(resolve(ref), direction) for ref, direction in node.tensors]
            scalars = []
            for ref, t in node.scalars:
                scalars.append((args[ref[1]] if ref[0] == "param" else ref[1], t))
            event_of_node[index] = len(self._events)
            try:
                self._run_task(node.kernel, tensors, scalars, launch, dep_events(node.deps),
                               None)
            except SimError as e:
                raise SimError(f"{node.loc}: replayed task @{node.kernel}: {e}") from None
