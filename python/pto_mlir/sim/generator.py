"""A seeded generator of random Graph programs, for differential fuzzing.

:func:`generate` returns a :class:`GeneratedProgram`: the MLIR text of a
``host_build_graph`` module with one or two ``pto.graph`` functions and an
orchestration ``@main`` that calls them from several call sites, plus
deterministic argument sets for a sequence of runs.

The bodies mix what the Graph-boundary legalization must handle:

* scalars derived from the Graph's scalar parameters, in chains, with bare
  renames (``x + 0``, ``x * 1``), ``select``, casts to ``i32`` / ``f32``;
* views of boundary tensors at derived offsets, views of views, views of a
  buffer after an in-place launch rebinds it, transposes;
* in-place chains (InOut launches rebinding a tensor), runtime-allocated
  output tails;
* ``pto.create`` at the top level and inside constant-trip loops, and at
  the top level with rows computed from a scalar parameter (a boundary
  tensor of dynamic shape once legalized; drawn from a second random stream
  so that the other constructs of each seed stay as they were);
* constant-trip ``scf.for`` loops (with loop-carried tensors; some with a
  lower bound other than 0 or a step other than 1), ``pto.scope`` (auto and
  manual), ``pto.task_dummy`` with dependencies;
* ``pto.parallel`` loops, in Graph bodies and around call sites, mostly with
  a lower bound other than 0 or a step other than 1 (``2 to 14 step 3``):
  each iteration fills its slot of a ``!pto.task_id_array<N>`` (N the trip
  count) at the iteration number ``(iv - lb) / step``, and dummies after
  the loop depend on the array or on one slot (``pto.array_get``);
* runtime views near the end of their source: offsets from a boundary
  scalar (hoisted to the call site), a loop induction variable or a
  ``pto.dim``, and call-site windows of ``Wt`` and ``D``, that run past the
  end for some calls and runs, so the view is clamped to ``min(size,
  extent - offset)`` rows;
* a dynamic-extent orchestration argument ``D`` (``!pto.tensor<?x16xf32>``,
  16, 24 or 40 rows, drawn per run) and a ``?x16`` Graph input ``%xd``,
  each read by several ``pto.dim`` of axis 0 in different blocks (entry
  block, loop and branch bodies), used as task scalars, view offsets and
  view extents;
* rarely, constructs the legalization must reject: launches under a runtime
  loop or a branch, scalars mixing a parameter with a loop induction
  variable, scalars read from a host tensor passed to a task;
* from a stream of their own, the shapes issue 31 found bugs in: an
  ``arith.select`` between two allocations of the body (by a literal or a
  boundary-scalar condition: arena packing must not accept the latter), a
  ``pto.reshape`` at the end of a chain of views (contiguous, or a
  transposed tile or column window the pipeline must reject), a
  constant-trip loop with an ``i8``/``i16``/``i32`` counter, signed or
  unsigned, ending near the type's largest value, ``f32`` task scalars from
  NaN, -0.0 and infinities through ``maximumf``/``minimumf``/``maxnumf``/
  ``minnumf`` or from integers above 2^24 through ``sitofp``, and call
  loops of ``@main`` inside a ``pto.scope manual``.

:attr:`GeneratedProgram.features` names the constructs a program uses
(among them ``parallel-loop-offset-step``, ``end-view``, ``repeated-dim``
and ``repeated-dim-nested`` for the last three; ``launch-attributes`` for
a launch with a ``core_num`` or task flags, ``mixed-kernel`` for one of the
mixed kernel ``@k_mix``; ``select-allocations``, ``reshape-chain``,
``narrow-loop``, ``special-float`` and ``call-loop-in-manual-scope`` for
the shapes of issue 31).

Every generated module parses and verifies (a failure to do so is a bug in
this generator). Each program is either rejected by the pipeline with a
diagnostic, or must replay exactly like it executes eagerly.

Features that reproduce known, reported legalization bugs are off by default
and can be enabled by name (see :data:`KNOWN_BUG_FEATURES`), so that a
bounded fuzz run stays green while the bug is open and a long run can still
look for it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Set, Tuple

import numpy as np

T = "!pto.tensor<8x16xf32>"
TT = "!pto.tensor<16x8xf32>"
M = "!pto.tensor<32x16xf32>"
W = "!pto.tensor<64x16xf32>"
FLAGS = "!pto.tensor<4xi32>"
TD = "!pto.tensor<?x16xf32>"
TID = "!pto.task_id"

OUT = " {pto.direction = #pto.direction<out>}"
INOUT = " {pto.direction = #pto.direction<inout>}"

KERNELS = f"""\
  pto.kernel aiv @k_unary(%a: {T}, %o: {T}{OUT})
  pto.kernel aiv @k_binary(%a: {T}, %b: {T}, %o: {T}{OUT})
  pto.kernel aiv @k_acc(%a: {T}, %c: {T}{INOUT}, %s: index)
  pto.kernel aiv @k_accf(%a: {T}, %c: {T}{INOUT}, %s: f32)
  pto.kernel aiv @k_scale(%c: {T}{INOUT}, %s: i32, %t: index)
  pto.kernel aic @k_mid(%m: {M}, %c: {T}{INOUT})
  pto.kernel aiv @k_two(%a: {T}, %o1: {T}{OUT}, %o2: {T}{OUT})
  pto.kernel aiv @k_tr(%a: {TT}, %c: {T}{INOUT})
  pto.kernel aiv @k_big(%a: {T}, %o: {W}{OUT})
  pto.kernel aiv @k_upd(%a: {T}, %w: {W}{INOUT}, %s: index)
  pto.kernel aiv @k_dyn(%a: {TD}, %c: {T}{INOUT}, %s: index)
  pto.kernel aiv @k_dfill(%a: {T}, %o: {TD}{OUT})
  pto.kernel aic @k_mix_cube(%a: {T}, %o: {T}{OUT})
  pto.kernel aiv @k_mix_vec(%a: {T}, %o: {T}{OUT})
  pto.kernel mixed(@k_mix_cube, @k_mix_vec, @k_mix_vec) @k_mix(%a: {T}, %o: {T}{OUT})
"""


def tid_array(n: int) -> str:
    """The type of a task id array of ``n`` slots."""
    return f"!pto.task_id_array<{n}>"


#: Row counts of the orchestration's dynamic-extent argument ``D``
#: (``!pto.tensor<?x16xf32>``), one per run. At least 16, so that every
#: dynamic-extent tensor a Graph receives (``D``, or a window of it or of
#: ``Wt`` the call site takes) has at least 9 rows.
D_ROWS = (16, 24, 40)

#: Features that reproduce open legalization bugs (off unless requested):
#: ``local-view``: a view of a Graph-local buffer (a create in a loop, a
#: runtime-allocated output) at an offset read from a boundary scalar;
#: ``graph-write``: a host ``pto.write`` in a Graph body.
KNOWN_BUG_FEATURES = frozenset(["local-view", "graph-write"])


@dataclass
class GeneratedProgram:
    """A generated module and its run arguments.

    seed: the generator seed; text: MLIR; features: the constructs it used;
    runs: argument lists for ``Runtime.run("main", ...)``, one per run.
    """

    seed: int
    text: str
    features: Set[str]
    runs: List[List[object]]
    entry: str = "main"


@dataclass
class _Val:
    name: str
    kind: str  # param | const | derived | iv | mixed | read | carried


class _Frame:
    def __init__(self):
        self.idx: List[_Val] = []
        self.i32: List[_Val] = []
        self.f32: List[_Val] = []
        self.tiles: List[str] = []       # readable T
        self.wtiles: List[str] = []      # writable T (locals, views of writable buffers)
        self.local_big: List[str] = []   # W-typed Graph-local buffers
        self.entry_big: List[str] = []   # W-typed creates in the entry block (hoisted)
        self.chosen_big: List[Tuple[str, bool, bool]] = []  # (name, boundary, writable)
        self.mids: List[str] = []
        self.tts: List[str] = []
        self.tids: List[str] = []
        self.dtiles: List[str] = []      # readable ?x16 tensors
        self.tarrs: List[Tuple[str, int]] = []  # task id arrays (name, slots)


def loop_bounds(r: random.Random, trips: int, nontrivial: bool = True) -> Tuple[Tuple[int, int], int]:
    """((lower, upper), step) of a loop of ``trips`` iterations whose lower
    bound is not 0 or whose step is not 1 (if ``nontrivial``), e.g. ``2 to
    14 step 3`` for 4; the upper bound is not always the last value plus
    the step."""
    while True:
        lb = r.choice([0, 1, 2, 3, 5])
        st = r.choice([1, 2, 3, 4])
        if not nontrivial or lb != 0 or st != 1:
            break
    ub = lb if trips == 0 else lb + (trips - 1) * st + r.randrange(1, st + 1)
    return (lb, ub), st


def _emit_task_id_array_seed(gen, arr: str) -> str:
    """Emits through ``gen`` (a Graph or entry generator) a task id array of
    type ``arr`` with every slot invalid; returns its name."""
    none = gen.fresh("none")
    gen.emit(f"{none} = pto.invalid_task_id")
    seed = gen.fresh("ids")
    gen.emit(f"{seed} = pto.array_splat {none} : {arr}")
    return seed


def _emit_iteration_number(gen, iv: str, lb: str, st: str) -> str:
    """Emits through ``gen`` ``(iv - lb) / step``, the array slot of a loop
    iteration; returns its name."""
    d = gen.fresh("pd")
    gen.emit(f"{d} = arith.subi {iv}, {lb} : index")
    slot = gen.fresh("slot")
    gen.emit(f"{slot} = arith.divui {d}, {st} : index")
    return slot


class _GraphGen:
    """Builds one Graph body."""

    def __init__(self, rng: random.Random, name: str, enabled: Set[str], features: Set[str]):
        self.r = rng
        # Draws for constructs added after the corpus was fixed, so that
        # every seed keeps the draws of `rng` (and its other constructs).
        # Seeded from the integer part of the state only: the whole state
        # holds None, whose hash differs between processes, and a seed must
        # give the same program in every process.
        self.extra = random.Random(hash(rng.getstate()[1]))
        # Launch attributes and mixed kernels draw from their own stream, so
        # that adding them kept every other draw of `extra` too.
        self.launch_extra = random.Random(hash(rng.getstate()[1]) ^ 0x5BD1E995)
        # The shapes issue 31 found bugs in (select among allocations,
        # reshapes over view chains, narrow loop counters, special floats):
        # a stream of their own again.
        self.shapes = random.Random(hash(rng.getstate()[1]) ^ 0x2545F491)
        self.name = name
        self.enabled = enabled
        self.features = features
        self.n = 0
        self.lines: List[str] = []
        self.indent = 2
        self.frames: List[_Frame] = [_Frame()]
        self.latest: Dict[str, str] = {}    # param buffer -> latest SSA name
        self.consts: Dict[Tuple[int, str], str] = {}
        self.depth = 0
        # Manual scopes around what is generated: a scope inside one is
        # manual too (the runtime refuses an auto scope there).
        self.manual_depth = 0
        self.launches = 0
        # Signature.
        self.tensor_params: List[Tuple[str, str, str]] = [("x", T, "in"), ("acc", T, "inout"),
                                                          ("w", W, "in")]
        if self.r.random() < 0.5:
            self.tensor_params.append(("acc2", T, self.r.choice(["inout", "inout", "out"])))
        if self.r.random() < 0.5:
            self.tensor_params.append(("b", W, "inout"))
        if self.r.random() < 0.2 or "graph-write" in enabled:
            self.tensor_params.append(("flags", FLAGS, "inout"))
        if self.r.random() < 0.3:
            # A dynamic-extent input: its pto.dim is replay-invariant (the
            # boundary layout keys the definition) and read repeatedly.
            self.tensor_params.append(("xd", TD, "in"))
        self.scalar_params: List[Tuple[str, str]] = [("p0", "index")]
        if self.r.random() < 0.7:
            self.scalar_params.append(("p1", "index"))
        if self.r.random() < 0.4:
            self.scalar_params.append(("q", "i32"))
        if self.r.random() < 0.4:
            self.scalar_params.append(("f", "f32"))
        top = self.frames[0]
        top.tiles.append("%x")
        for pname, ptype, _ in self.tensor_params:
            if ptype == T and pname != "x":
                self.latest[pname] = f"%{pname}"
                top.tiles.append(f"%{pname}")
            elif ptype == W:
                self.latest[pname] = f"%{pname}"
            elif ptype == TD:
                top.dtiles.append(f"%{pname}")
        self.dims = 0          # pto.dim of %xd along axis 0 emitted so far
        self.nested_dims = 0   # ... of them inside a loop, branch or scope
        for pname, ptype in self.scalar_params:
            v = _Val(f"%{pname}", "param")
            {"index": top.idx, "i32": top.i32, "f32": top.f32}[ptype].append(v)

    # -- helpers -------------------------------------------------------------

    def fresh(self, stem: str = "v") -> str:
        self.n += 1
        return f"%{stem}{self.n}"

    def emit(self, line: str) -> None:
        self.lines.append("  " * self.indent + line)

    def const(self, value, typ: str = "index") -> str:
        # Constants are emitted where needed (a region may not see a constant
        # defined in a sibling region), so they are not cached across frames.
        name = self.fresh("c")
        if typ == "f32":
            self.emit(f"{name} = arith.constant {float(value)!r} : f32")
        else:
            self.emit(f"{name} = arith.constant {int(value)} : {typ}")
        return name

    def pool(self, attr: str) -> list:
        out = []
        for f in self.frames:
            out.extend(getattr(f, attr))
        return out

    def top(self) -> _Frame:
        return self.frames[-1]

    def pick_idx(self, allow_bad: bool = True) -> _Val:
        pool = self.pool("idx")
        if not allow_bad:
            pool = [v for v in pool if v.kind in ("param", "const", "derived", "iv")]
        if not pool or self.r.random() < 0.15:
            v = _Val(self.const(self.r.randrange(0, 9)), "const")
            self.top().idx.append(v)
            return v
        return self.r.choice(pool)

    @staticmethod
    def combine(a: str, b: str) -> str:
        if {a, b} & {"carried", "read", "mixed"}:
            return "mixed"
        pa = a in ("param", "derived")
        pb = b in ("param", "derived")
        ia = a == "iv"
        ib = b == "iv"
        if (pa or pb) and (ia or ib):
            return "mixed"
        if pa or pb:
            return "derived"
        if ia or ib:
            return "iv"
        return "const"

    # -- scalars -------------------------------------------------------------

    def gen_scalar(self) -> None:
        choice = self.r.random()
        a = self.pick_idx()
        if choice < 0.45:
            b = self.pick_idx()
            op = self.r.choice(["addi", "subi", "muli", "maxsi", "minsi", "xori", "addi"])
            name = self.fresh("s")
            self.emit(f"{name} = arith.{op} {a.name}, {b.name} : index")
            kind = self.combine(a.kind, b.kind)
            self.features.add("derived-scalar")
        elif choice < 0.6:
            k = self.const(self.r.randrange(1, 9))
            op = self.r.choice(["remui", "divui", "remsi", "divsi"])
            name = self.fresh("s")
            self.emit(f"{name} = arith.{op} {a.name}, {k} : index")
            kind = self.combine(a.kind, "const")
            self.features.add("derived-scalar")
        elif choice < 0.72:
            zero = self.r.random() < 0.5
            z = self.const(0 if zero else 1)
            op = "addi" if zero else "muli"
            name = self.fresh("s")
            self.emit(f"{name} = arith.{op} {a.name}, {z} : index")
            kind = a.kind
            self.features.add("rename")
        elif choice < 0.82:
            b = self.pick_idx()
            c = self.fresh("cmp")
            pred = self.r.choice(["slt", "sle", "eq", "ne", "ugt"])
            self.emit(f"{c} = arith.cmpi {pred}, {a.name}, {b.name} : index")
            name = self.fresh("s")
            self.emit(f"{name} = arith.select {c}, {a.name}, {b.name} : index")
            kind = self.combine(a.kind, b.kind)
            self.features.add("select")
        elif choice < 0.92:
            name = self.fresh("q")
            self.emit(f"{name} = arith.index_cast {a.name} : index to i32")
            self.top().i32.append(_Val(name, a.kind))
            self.features.add("cast")
            if self.r.random() < 0.5:
                fname = self.fresh("fl")
                self.emit(f"{fname} = arith.sitofp {name} : i32 to f32")
                self.top().f32.append(_Val(fname, a.kind))
            return
        elif choice < 0.96 and self.pool("i32"):
            x, y = self.r.choice(self.pool("i32")), self.r.choice(self.pool("i32"))
            name = self.fresh("q")
            self.emit(f"{name} = arith.{self.r.choice(['addi', 'muli', 'subi'])} {x.name}, {y.name} : i32")
            self.top().i32.append(_Val(name, self.combine(x.kind, y.kind)))
            self.features.add("i32-arith")
            return
        else:
            fpool = self.pool("f32")
            if fpool:
                x = self.r.choice(fpool)
                c = self.const(self.r.choice([0.5, 2.0, -1.25]), "f32")
                name = self.fresh("fl")
                self.emit(f"{name} = arith.{self.r.choice(['addf', 'mulf'])} {x.name}, {c} : f32")
                self.top().f32.append(_Val(name, self.combine(x.kind, "const")))
            return
        self.top().idx.append(_Val(name, kind))

    def offset(self, slots: int, allow_varying: bool = True) -> Tuple[str, str]:
        """An offset in [0, 8 * (slots - 1)], multiple of 8: (text, kind),
        where text is a literal or an SSA name."""
        roll = self.r.random()
        if roll < 0.2:
            return str(8 * self.r.randrange(slots)), "const"
        if roll < 0.3 and allow_varying:
            # A boundary scalar used directly (callers pass small values).
            p = self.r.choice([v for v in self.frames[0].idx if v.kind == "param"])
            return p.name, "param"
        if roll < 0.36:
            # Replay-invariant through the boundary shape: 64 - 8 * k.
            d = self.fresh("dim")
            self.emit(f"{d} = pto.dim %w, 0 : {W}")
            k = self.const(8 * self.r.randrange(9 - slots, 9))
            o = self.fresh("off")
            self.emit(f"{o} = arith.subi {d}, {k} : index")
            self.features.add("dim")
            return o, "const"
        pool = self.pool("idx")
        if not allow_varying:
            pool = [v for v in pool if v.kind in ("const", "iv")]
        else:
            pool = [v for v in pool if v.kind != "read"]
        if not pool:
            return str(8 * self.r.randrange(slots)), "const"
        v = self.r.choice(pool)
        k = self.const(slots)
        m = self.fresh("m")
        self.emit(f"{m} = arith.remui {v.name}, {k} : index")
        c8 = self.const(8)
        o = self.fresh("off")
        self.emit(f"{o} = arith.muli {m}, {c8} : index")
        kind = self.combine(v.kind, "const")
        self.top().idx.append(_Val(o, kind))
        return o, kind

    # -- tensors -------------------------------------------------------------

    def big_sources(self) -> List[Tuple[str, bool, bool]]:
        """(name, is_boundary, writable) of W-typed buffers."""
        out = [(self.latest["w"], True, False)]
        if "b" in self.latest:
            out.append((self.latest["b"], True, True))
        out += [(n, False, True) for n in self.pool("local_big")]
        out += [(n, True, True) for n in self.pool("entry_big")]
        out += self.pool("chosen_big")
        return out

    def gen_choice(self) -> None:
        """A W buffer chosen among two: by arith.select, by scf.if, or by a
        constant-trip loop that swaps two buffers every iteration."""
        sources = self.big_sources()
        (a, ba, wa), (b, bb, wb) = self.r.choice(sources), self.r.choice(sources)
        entry = (None, ba and bb, wa and wb)
        how = self.r.random()
        if how < 0.7 and self.depth < 2:
            lb, ub, st = self.const(0), self.const(self.r.randrange(1, 4)), self.const(1)
            iv, x, y = self.fresh("i"), self.fresh("sx"), self.fresh("sy")
            res = self.fresh("sw")
            self.emit(f"{res}:2 = scf.for {iv} = {lb} to {ub} step {st} iter_args({x} = {a}, "
                      f"{y} = {b}) -> ({W}, {W}) {{")
            self.indent += 1
            self.depth += 1
            saved = dict(self.latest)
            self.frames.append(_Frame())
            self.top().idx.append(_Val(iv, "iv"))
            self.top().chosen_big.append((x,) + entry[1:])
            self.gen_view()
            self.gen_launch()
            self.frames.pop()
            self.latest = saved
            self.emit(f"scf.yield {y}, {x} : {W}, {W}")
            self.depth -= 1
            self.indent -= 1
            self.emit("}")
            self.features.add("buffer-swap-loop")
            return
        c = self.fresh("cond")
        u, v = self.pick_idx(), self.pick_idx()
        self.emit(f"{c} = arith.cmpi ult, {u.name}, {v.name} : index")
        res = self.fresh("ch")
        if how < 0.85:
            self.emit(f"{res} = arith.select {c}, {a}, {b} : {W}")
            self.features.add("buffer-select")
        else:
            self.emit(f"{res} = scf.if {c} -> ({W}) {{")
            self.emit(f"  scf.yield {a} : {W}")
            self.emit("} else {")
            self.emit(f"  scf.yield {b} : {W}")
            self.emit("}")
            self.features.add("buffer-branch")
        self.top().chosen_big.append((res,) + entry[1:])

    def gen_view(self) -> None:
        src, boundary, writable = self.r.choice(self.big_sources())
        if not boundary and "local-view" not in self.enabled:
            allow = False
        else:
            allow = True
            if not boundary:
                self.features.add("local-view")
        if self.r.random() < 0.2 and self.gen_end_view(src, writable, allow):
            return
        if self.r.random() < 0.35:
            off, kind = self.offset(5, allow)
            mid = self.fresh("mid")
            self.emit(f"{mid} = pto.slice {src}[{off}, 0] [32, 16] : {W} to {M}")
            self.top().mids.append(mid)
            self.features.add("view")
            if self.r.random() < 0.6:
                off2, _ = self.offset(4, allow)
                v = self.fresh("vv")
                self.emit(f"{v} = pto.slice {mid}[{off2}, 0] [8, 16] : {M} to {T}")
                self.top().tiles.append(v)
                if writable:
                    self.top().wtiles.append(v)
                self.features.add("view-of-view")
            return
        off, kind = self.offset(8, allow)
        v = self.fresh("view")
        self.emit(f"{v} = pto.slice {src}[{off}, 0] [8, 16] : {W} to {T}")
        self.top().tiles.append(v)
        if writable:
            self.top().wtiles.append(v)
        self.features.add("view")
        if self.r.random() < 0.2:
            t = self.fresh("tr")
            self.emit(f"{t} = pto.transpose {v}, 0, 1 : {T}")
            self.top().tts.append(t)
            self.features.add("transpose")

    def end_offset(self, rows: int, allow_varying: bool) -> Optional[str]:
        """A runtime offset for an 8-row window of a source of ``rows`` rows
        that runs past the source's end for some values (the view is clamped
        to ``min(8, rows - offset)`` rows, 0 past the end): a boundary scalar
        (the legalization hoists the view to the call site) or, for a source
        whose views must be replay-invariant, a loop induction variable.
        None if there is no such value."""
        base = rows - 8 - self.r.randrange(0, 5)
        pool = [v for v in self.frames[0].idx if v.kind == "param"] if allow_varying else []
        ivs = [v for v in self.pool("idx") if v.kind == "iv"]
        if ivs and (not pool or self.r.random() < 0.3):
            pool = ivs
        if not pool:
            return None
        v = self.r.choice(pool)
        b = self.const(base)
        o = self.fresh("eo")
        if v.kind == "param" and self.r.random() < 0.3:
            # The scalar itself: past the end for large call values.
            self.emit(f"{o} = arith.addi {v.name}, {b} : index")
        else:
            k = self.const(8)
            m = self.fresh("m")
            self.emit(f"{m} = arith.remui {v.name}, {k} : index")
            self.emit(f"{o} = arith.addi {m}, {b} : index")
        self.top().idx.append(_Val(o, self.combine(v.kind, "const")))
        return o

    def gen_end_view(self, src: str, writable: bool, allow_varying: bool) -> bool:
        """A view near the end of ``src`` (64 rows) or of a 32-row window of
        it, at a runtime offset that runs past the end in some calls."""
        if self.r.random() < 0.3:
            off, _ = self.offset(5, allow_varying)
            o = self.end_offset(32, allow_varying)
            if o is None:
                return False
            mid = self.fresh("mid")
            self.emit(f"{mid} = pto.slice {src}[{off}, 0] [32, 16] : {W} to {M}")
            self.top().mids.append(mid)
            v = self.fresh("ev")
            self.emit(f"{v} = pto.slice {mid}[{o}, 0] [8, 16] : {M} to {T}")
            self.features.add("view-of-view")
        else:
            o = self.end_offset(64, allow_varying)
            if o is None:
                return False
            v = self.fresh("ev")
            self.emit(f"{v} = pto.slice {src}[{o}, 0] [8, 16] : {W} to {T}")
        self.top().tiles.append(v)
        if writable:
            self.top().wtiles.append(v)
        self.features.update(["view", "end-view"])
        return True

    def gen_dim(self) -> None:
        """A ``pto.dim`` of the dynamic-extent input ``%xd`` along axis 0
        (each call emits a new one, in whatever block it is in, so a body
        reads the same extent several times), used as a task scalar, as a
        view offset near the end of ``%xd`` or of ``%w``, or as a view
        extent."""
        if "xd" not in [p for p, _, _ in self.tensor_params]:
            return self.gen_scalar()
        d = self.fresh("dn")
        self.emit(f"{d} = pto.dim %xd, 0 : {TD}")
        self.dims += 1
        if self.depth:
            self.nested_dims += 1
        self.features.add("dyn-tensor")
        if self.dims >= 2:
            self.features.add("repeated-dim")
            if self.nested_dims:
                self.features.add("repeated-dim-nested")
        # Replay-invariant: the boundary layout (shape) keys the definition.
        self.top().idx.append(_Val(d, "const"))
        roll = self.r.random()
        if roll < 0.3:
            a = self.r.choice(self.pool("tiles"))
            dst, key = self.r.choice(self.writable_tiles())
            res, tid = self.fresh("o"), self.fresh("t")
            self.emit(f"{res}, {tid} = pto.submit @k_acc({a}, {dst}, {d}) : "
                      f"({T}, {T}, index) -> {T}")
            self.rebind(dst, key, res)
            self.top().tids.append(tid)
            self.launches += 1
            self.features.add("dim-scalar")
        elif roll < 0.55:
            # The last k rows: an 8-row window past the end for k < 8.
            k = self.r.randrange(1, 9)
            c = self.const(k)
            o = self.fresh("do")
            self.emit(f"{o} = arith.subi {d}, {c} : index")
            v = self.fresh("dv")
            self.emit(f"{v} = pto.slice %xd[{o}, 0] [8, 16] : {TD} to {T}")
            self.top().tiles.append(v)
            self.features.update(["dim-offset", "view"] + (["end-view"] if k < 8 else []))
        elif roll < 0.8:
            two = self.const(2)
            h = self.fresh("dh")
            self.emit(f"{h} = arith.divui {d}, {two} : index")
            v = self.fresh("dv")
            if self.r.random() < 0.5:
                self.emit(f"{v} = pto.slice %xd[0, 0] [{h}, 16] : {TD} to {TD}")
            else:
                # A window of %w whose extent is half of %xd's: clamped when
                # the offset is near the end.
                off, _ = self.offset(8)
                self.emit(f"{v} = pto.slice %w[{off}, 0] [{h}, 16] : {W} to {TD}")
            self.top().dtiles.append(v)
            self.features.update(["dim-extent", "view"])
        else:
            c = self.const(self.r.choice([24, 32, 48]))
            o = self.fresh("do")
            self.emit(f"{o} = arith.addi {d}, {c} : index")
            v = self.fresh("dv")
            self.emit(f"{v} = pto.slice %w[{o}, 0] [8, 16] : {W} to {T}")
            self.top().tiles.append(v)
            self.features.update(["dim-offset", "view", "end-view"])

    def gen_dynamic_create(self) -> bool:
        """A create at the top level of the body whose rows (9 or 10) are
        computed from a scalar parameter: the legalization makes it a
        boundary tensor of dynamic shape that each call site allocates, its
        shape part of the Graph key. Filled by one task, then readable as a
        ``?x16`` tensor."""
        params = [v for v in self.frames[0].idx if v.kind == "param"]
        if self.depth or not params:
            return False
        p = self.extra.choice(params).name
        two, nine = self.const(2), self.const(9)
        low, rows = self.fresh("dr"), self.fresh("dr")
        self.emit(f"{low} = arith.remui {p}, {two} : index")
        self.emit(f"{rows} = arith.addi {low}, {nine} : index")
        c, res, tid = self.fresh("dyn"), self.fresh("o"), self.fresh("t")
        self.emit(f"{c} = pto.create({rows}) : {TD}")
        src = self.extra.choice(self.pool("tiles"))
        self.emit(f"{res}, {tid} = pto.submit @k_dfill({src}, {c}) : ({T}, {TD}) -> {TD}")
        self.top().dtiles.append(res)
        self.features.add("dynamic-create")
        return True

    def gen_create(self) -> None:
        if self.extra.random() < 0.15 and self.gen_dynamic_create():
            return
        if self.r.random() < 0.75:
            c = self.fresh("tmp")
            self.emit(f"{c} = pto.create : {T}")
            self.top().tiles.append(c)
            self.top().wtiles.append(c)
        else:
            c = self.fresh("big")
            self.emit(f"{c} = pto.create : {W}")
            # Step C hoists a create of the entry block: views of it are
            # views of a boundary tensor then.
            (self.top().entry_big if self.depth == 0 else self.top().local_big).append(c)
        self.features.add("create-in-loop" if self.depth else "create")

    def writable_tiles(self) -> List[Tuple[str, Optional[str]]]:
        """(name, param key or None) of T tensors a launch may write."""
        out = []
        for key in ("acc", "acc2"):
            if key in self.latest:
                out.append((self.latest[key], key))
        out += [(t, None) for t in self.pool("wtiles")]
        return out

    def scalar_arg(self, typ: str) -> str:
        allow_bad = self.r.random() < 0.08
        if typ == "index":
            pool = self.pool("idx")
        elif typ == "i32":
            pool = self.pool("i32")
        else:
            pool = self.pool("f32")
        if not allow_bad:
            pool = [v for v in pool if v.kind in ("param", "const", "derived", "iv")]
        if pool and self.r.random() < 0.85:
            derived = [v for v in pool if v.kind == "derived"]
            v = self.r.choice(derived if derived and self.r.random() < 0.5 else pool)
            if v.kind in ("mixed", "read", "carried"):
                self.features.add("bad-scalar")
            return v.name
        if typ == "f32":
            return self.const(self.r.choice([1.0, 0.5, -2.0]), "f32")
        return self.const(self.r.randrange(0, 9), typ)

    def rebind(self, old: str, key: Optional[str], new: str) -> None:
        if key is not None:
            self.latest[key] = new
        else:
            self.top().wtiles.append(new)
        self.top().tiles.append(new)

    def launch_attributes(self) -> str:
        """Optional launch attributes for the next ``pto.submit`` (drawn
        from ``launch_extra``): an SPMD block count (a constant) and task flags,
        as text to put before its ``:``."""
        if self.launch_extra.random() >= 0.3:
            return ""
        text, flags = "", []
        if self.launch_extra.random() < 0.7:
            blocks = self.launch_extra.choice([1, 2, 4, 24])
            text = f" core_num({self.const(blocks)})"
            if blocks > 1 and self.launch_extra.random() < 0.5:
                flags.append("require_sync_start")
        if self.launch_extra.random() < 0.4:
            flags.insert(0, "allow_early_resolve")
        self.features.add("launch-attributes")
        return text + (f" {{{', '.join(flags)}}}" if flags else "")

    def gen_launch(self) -> None:
        self.launches += 1
        attributes = self.launch_attributes()
        first_line = len(self.lines)
        self._gen_launch()
        for i in range(first_line, len(self.lines)):
            if " = pto.submit @" not in self.lines[i]:
                continue
            if "pto.submit @k_unary(" in self.lines[i] and self.launch_extra.random() < 0.3:
                # The same signature as a group of an AIC and two AIV lanes.
                self.lines[i] = self.lines[i].replace("@k_unary(", "@k_mix(")
                self.features.add("mixed-kernel")
            if attributes:
                head, _, tail = self.lines[i].partition(" : (")
                self.lines[i] = f"{head}{attributes} : ({tail}"
            break

    def _gen_launch(self) -> None:
        tiles = self.pool("tiles")
        kernel = self.r.choice(["k_unary", "k_binary", "k_acc", "k_acc", "k_accf", "k_scale",
                                "k_mid", "k_two", "k_tr", "k_big", "k_upd", "k_dyn"])
        tid = self.fresh("t")
        if kernel == "k_dyn" and not self.pool("dtiles"):
            kernel = "k_acc"
        if kernel == "k_mid" and not self.pool("mids"):
            kernel = "k_acc"
        if kernel == "k_tr" and not self.pool("tts"):
            kernel = "k_acc"
        if kernel == "k_upd" and "b" not in self.latest and not self.pool("local_big") \
                and not self.pool("entry_big"):
            kernel = "k_acc"
        outs = self.writable_tiles()
        if kernel in ("k_unary", "k_binary"):
            ins = [self.r.choice(tiles) for _ in range(1 if kernel == "k_unary" else 2)]
            dst, key = self.r.choice(outs)
            res = self.fresh("o")
            self.emit(f"{res}, {tid} = pto.submit @{kernel}({', '.join(ins + [dst])}) : "
                      f"({', '.join([T] * (len(ins) + 1))}) -> {T}")
            self.rebind(dst, key, res)
        elif kernel in ("k_acc", "k_accf"):
            a = self.r.choice(tiles)
            dst, key = self.r.choice(outs)
            s = self.scalar_arg("index" if kernel == "k_acc" else "f32")
            st = "index" if kernel == "k_acc" else "f32"
            res = self.fresh("o")
            self.emit(f"{res}, {tid} = pto.submit @{kernel}({a}, {dst}, {s}) : "
                      f"({T}, {T}, {st}) -> {T}")
            self.rebind(dst, key, res)
            self.features.add("in-place")
        elif kernel == "k_dyn":
            a = self.r.choice(self.pool("dtiles"))
            dst, key = self.r.choice(outs)
            s = self.scalar_arg("index")
            res = self.fresh("o")
            self.emit(f"{res}, {tid} = pto.submit @k_dyn({a}, {dst}, {s}) : "
                      f"({TD}, {T}, index) -> {T}")
            self.rebind(dst, key, res)
            self.features.add("dyn-tensor")
        elif kernel == "k_scale":
            dst, key = self.r.choice(outs)
            s = self.scalar_arg("i32")
            t = self.scalar_arg("index")
            res = self.fresh("o")
            self.emit(f"{res}, {tid} = pto.submit @k_scale({dst}, {s}, {t}) : "
                      f"({T}, i32, index) -> {T}")
            self.rebind(dst, key, res)
        elif kernel == "k_mid":
            m = self.r.choice(self.pool("mids"))
            dst, key = self.r.choice(outs)
            res = self.fresh("o")
            self.emit(f"{res}, {tid} = pto.submit @k_mid({m}, {dst}) : ({M}, {T}) -> {T}")
            self.rebind(dst, key, res)
        elif kernel == "k_tr":
            m = self.r.choice(self.pool("tts"))
            dst, key = self.r.choice(outs)
            res = self.fresh("o")
            self.emit(f"{res}, {tid} = pto.submit @k_tr({m}, {dst}) : ({TT}, {T}) -> {T}")
            self.rebind(dst, key, res)
        elif kernel == "k_two":
            a = self.r.choice(tiles)
            o1, o2 = self.fresh("o"), self.fresh("o")
            if self.r.random() < 0.6:
                self.emit(f"{o1}, {o2}, {tid} = pto.submit @k_two({a}) : ({T}) -> ({T}, {T})")
                self.features.add("out-tail")
                self.top().tiles.extend([o1, o2])
                self.top().wtiles.extend([o1, o2])
            else:
                d1, k1 = self.r.choice(outs)
                self.emit(f"{o1}, {o2}, {tid} = pto.submit @k_two({a}, {d1}) : ({T}, {T}) -> ({T}, {T})")
                self.features.add("out-tail")
                self.rebind(d1, k1, o1)
                self.top().tiles.append(o2)
                self.top().wtiles.append(o2)
        elif kernel == "k_big":
            a = self.r.choice(tiles)
            o = self.fresh("bigo")
            self.emit(f"{o}, {tid} = pto.submit @k_big({a}) : ({T}) -> {W}")
            self.top().local_big.append(o)
            self.features.add("out-tail")
        else:  # k_upd: in place on a W buffer, then views of the rebinding
            a = self.r.choice(tiles)
            choices = ([("b", self.latest["b"])] if "b" in self.latest else []) + \
                      [("chosen", n) for n, _, wr in self.pool("chosen_big") if wr] + \
                      [(None, n) for n in self.pool("local_big")] + \
                      [("entry", n) for n in self.pool("entry_big")]
            key, dst = self.r.choice(choices)
            s = self.scalar_arg("index")
            res = self.fresh("bo")
            self.emit(f"{res}, {tid} = pto.submit @k_upd({a}, {dst}, {s}) : ({T}, {W}, index) -> {W}")
            if key == "entry":
                self.top().entry_big.append(res)
            elif key == "chosen":
                pass
            elif key is not None:
                self.latest[key] = res
            else:
                self.top().local_big.append(res)
            self.features.add("in-place-big")
        self.top().tids.append(tid)

    # -- structure -----------------------------------------------------------

    def gen_statements(self, count: int) -> None:
        for _ in range(count):
            if self.depth == 0 and self.shapes.random() < 0.12:
                self.gen_recent_shape()
            extra = self.r.random()
            if extra < 0.04 and self.depth < 2:
                self.gen_parallel_loop()
                continue
            if extra < 0.10 and "xd" in [p for p, _, _ in self.tensor_params]:
                self.gen_dim()
                continue
            roll = self.r.random()
            if roll < 0.22:
                self.gen_scalar()
            elif roll < 0.38:
                self.gen_view()
            elif roll < 0.46:
                self.gen_create()
            elif roll < 0.76:
                self.gen_launch()
            elif roll < 0.84 and self.depth < 2:
                self.gen_const_loop()
            elif roll < 0.88 and self.depth < 2:
                self.gen_scope()
            elif roll < 0.91:
                self.gen_dummy()
            elif roll < 0.935 and self.depth < 2:
                self.gen_runtime_loop()
            elif roll < 0.96 and self.depth < 2:
                self.gen_if()
            elif roll < 0.97:
                self.gen_read()
            elif roll < 0.99:
                self.gen_choice()
            else:
                self.gen_write()

    # -- shapes of issue 31, from the `shapes` stream -------------------------

    def gen_recent_shape(self) -> None:
        """At the top level of the body: one construct issue 31 found bugs
        in, drawn from ``shapes`` only (the other streams keep their
        draws)."""
        how = self.shapes.random()
        if how < 0.25:
            self.gen_select_allocations()
        elif how < 0.5:
            self.gen_reshape_chain()
        elif how < 0.75:
            self.gen_narrow_loop()
        else:
            self.gen_special_float()

    def _accumulate(self, tile: str, kernel: str = "k_acc", scalar: Optional[str] = None,
                    scalar_type: str = "index") -> None:
        """``acc`` += a function of ``tile`` (one launch)."""
        if scalar is None:
            scalar = self.const(0)
        res, tid = self.fresh("o"), self.fresh("t")
        self.emit(f"{res}, {tid} = pto.submit @{kernel}({tile}, {self.latest['acc']}, {scalar}) : "
                  f"({T}, {T}, {scalar_type}) -> {T}")
        self.latest["acc"] = res
        self.top().tiles.append(res)
        self.launches += 1

    def gen_select_allocations(self) -> None:
        """Two allocations of the body, written, then one of them chosen by
        ``arith.select`` and read: a literal condition (the same buffer on
        every call) or one read from a boundary scalar (the legalization
        must reject it, arenas or not)."""
        a, b = self.fresh("sa"), self.fresh("sb")
        self.emit(f"{a} = pto.create : {T}")
        self.emit(f"{b} = pto.create : {T}")
        written = []
        for buf, src in ((a, "%x"), (b, self.latest["acc"])):
            res, tid = self.fresh("o"), self.fresh("t")
            self.emit(f"{res}, {tid} = pto.submit @k_unary({src}, {buf}) : ({T}, {T}) -> {T}")
            written.append(res)
            self.launches += 1
        cond = self.fresh("sc")
        if self.shapes.random() < 0.65:
            self.emit(f"{cond} = arith.constant {self.shapes.choice(['true', 'false'])}")
        else:
            self.emit(f"{cond} = arith.cmpi ult, %p0, {self.const(self.shapes.randrange(1, 6))} "
                      f": index")
        chosen = self.fresh("sel")
        self.emit(f"{chosen} = arith.select {cond}, {written[0]}, {written[1]} : {T}")
        self._accumulate(chosen)
        self.features.add("select-allocations")

    def gen_reshape_chain(self) -> None:
        """A ``pto.reshape`` at the end of a chain of views: rows of a window
        of rows, a window at a boundary-scalar offset, rows of the
        dynamic-extent input, and (not contiguous, to be rejected) a
        transposed tile or a column window."""
        sources = ["%w"] + ([self.latest["b"]] if "b" in self.latest else [])
        src = self.shapes.choice(sources)
        how = self.shapes.random()
        has_xd = "xd" in [p for p, _, _ in self.tensor_params]
        tile = self.fresh("rv")
        if how < 0.4 or (0.65 <= how < 0.85 and not has_xd):
            mid = self.fresh("rm")
            self.emit(f"{mid} = pto.slice {src}[{self.const(self.shapes.randrange(0, 33))}, 0] "
                      f"[32, 16] : {W} to {M}")
            self.emit(f"{tile} = pto.slice {mid}[{self.const(self.shapes.randrange(0, 25))}, 0] "
                      f"[8, 16] : {M} to {T}")
        elif how < 0.65:
            # A window at a boundary-scalar offset, kept inside the 64 rows
            # whatever the scalar (the calls pass up to several hundred).
            row = self.fresh("pr")
            self.emit(f"{row} = arith.remui %p0, {self.const(57)} : index")
            self.emit(f"{tile} = pto.slice {src}[{row}, 0] [8, 16] : {W} to {T}")
        elif how < 0.85:
            self.emit(f"{tile} = pto.slice %xd[{self.const(self.shapes.randrange(0, 2))}, 0] "
                      f"[8, 16] : {TD} to {T}")
        elif how < 0.93:
            view = self.fresh("rv")
            self.emit(f"{view} = pto.slice {src}[{self.const(self.shapes.randrange(0, 57))}, 0] "
                      f"[8, 16] : {W} to {T}")
            flipped = self.fresh("rt")
            self.emit(f"{flipped} = pto.transpose {view}, 0, 1 : {T}")
            self.emit(f"{tile} = pto.reshape {flipped} : {TT} to {T}")
            self._accumulate(tile)
            self.features.add("reshape-chain")
            return
        else:
            cols = self.fresh("rc")
            self.emit(f"{cols} = pto.slice {src}[{self.const(self.shapes.randrange(0, 49))}, "
                      f"{self.const(self.shapes.randrange(0, 9))}] [16, 8] : {W} to {TT}")
            self.emit(f"{tile} = pto.reshape {cols} : {TT} to {T}")
            self._accumulate(tile)
            self.features.add("reshape-chain")
            return
        shaped = self.fresh("rs")
        self.emit(f"{shaped} = pto.reshape {tile} : {T} to {TT}")
        res, tid = self.fresh("o"), self.fresh("t")
        self.emit(f"{res}, {tid} = pto.submit @k_tr({shaped}, {self.latest['acc']}) : "
                  f"({TT}, {T}) -> {T}")
        self.latest["acc"] = res
        self.top().tiles.append(res)
        self.launches += 1
        self.features.add("reshape-chain")

    def gen_narrow_loop(self) -> None:
        """A constant-trip loop whose counter is an ``i8``/``i16``/``i32``,
        signed or unsigned, ending near the type's largest value with a step
        that would carry the counter past it."""
        bits = self.shapes.choice([8, 16, 32])
        typ = f"i{bits}"
        unsigned = self.shapes.random() < 0.3
        top = (1 << bits) - 1 if unsigned else (1 << (bits - 1)) - 1
        step = self.shapes.choice([1, 7, 50, 100])
        ub = top - self.shapes.randrange(0, 3)
        lowest = 0 if unsigned else -(1 << (bits - 1))
        lb = max(lowest, ub - self.shapes.randrange(1, 3 * step + 1))

        def literal(v: int) -> str:
            # Unsigned values above the signed range are written as the
            # signed value of the same bits.
            if v >= 1 << (bits - 1):
                v -= 1 << bits
            name = self.fresh("c")
            self.emit(f"{name} = arith.constant {v} : {typ}")
            return name

        lo, hi, st = literal(lb), literal(ub), literal(step)
        iv, carried, res = self.fresh("ni"), self.fresh("nca"), self.fresh("nl")
        kind = "unsigned " if unsigned else ""
        self.emit(f"{res} = scf.for {kind}{iv} = {lo} to {hi} step {st} "
                  f"iter_args({carried} = {self.latest['acc']}) -> ({T}) : {typ} {{")
        self.indent += 1
        index = self.fresh("nix")
        cast = "index_castui" if unsigned else "index_cast"
        self.emit(f"{index} = arith.{cast} {iv} : {typ} to index")
        out, tid = self.fresh("o"), self.fresh("t")
        self.emit(f"{out}, {tid} = pto.submit @k_acc(%x, {carried}, {index}) : "
                  f"({T}, {T}, index) -> {T}")
        self.launches += 1
        self.emit(f"scf.yield {out} : {T}")
        self.indent -= 1
        self.emit("}")
        self.latest["acc"] = res
        self.top().tiles.append(res)
        self.features.add("narrow-loop")

    def gen_special_float(self) -> None:
        """An ``f32`` task scalar from NaN, -0.0 or infinity through
        ``maximumf`` / ``minimumf`` / ``maxnumf``, or from an integer above
        2^24 through ``sitofp`` (rounded); with the ``f32`` parameter when
        the Graph has one (the call site then computes it)."""
        specials = ["0x7FC00000", "-0.0", "0x7F800000", "0xFF800000", "1.5"]
        a = self.fresh("sf")
        self.emit(f"{a} = arith.constant {self.shapes.choice(specials)} : f32")
        how = self.shapes.random()
        if how < 0.6:
            has_f = "f" in [p for p, _ in self.scalar_params]
            b = "%f" if has_f and self.shapes.random() < 0.5 else self.fresh("sf")
            if b != "%f":
                self.emit(f"{b} = arith.constant {self.shapes.choice(specials)} : f32")
            op = self.shapes.choice(["maximumf", "minimumf", "maxnumf", "minnumf"])
            value = self.fresh("sf")
            self.emit(f"{value} = arith.{op} {a}, {b} : f32")
        else:
            width = self.shapes.choice([32, 64])
            big = self.shapes.choice([(1 << 24) + 1, (1 << 24) + 3, -(1 << 25) - 1,
                                      (1 << 31) - 1] + ([(1 << 53) + 1] if width == 64 else []))
            i = self.fresh("si")
            self.emit(f"{i} = arith.constant {big} : i{width}")
            value = self.fresh("sf")
            self.emit(f"{value} = arith.sitofp {i} : i{width} to f32")
        self._accumulate("%x", "k_accf", value, "f32")
        self.features.add("special-float")

    def carried_keys(self) -> List[str]:
        return [k for k in ("acc", "acc2") if k in self.latest]

    def gen_const_loop(self) -> None:
        trips = self.r.randrange(0, 4) if self.r.random() < 0.1 else self.r.randrange(1, 4)
        if self.r.random() < 0.2:
            first, step = loop_bounds(self.r, trips)
            lb, ub, st = self.const(first[0]), self.const(first[1]), self.const(step)
            self.features.add("loop-offset-step")
        else:
            lb, ub, st = self.const(0), self.const(trips), self.const(1)
        iv = self.fresh("i")
        keys = self.carried_keys()
        key = self.r.choice(keys) if keys and self.r.random() < 0.6 else None
        saved_latest = dict(self.latest)
        if key is not None:
            carried = self.fresh("ca")
            res = self.fresh("lr")
            self.emit(f"{res} = scf.for {iv} = {lb} to {ub} step {st} "
                      f"iter_args({carried} = {self.latest[key]}) -> ({T}) {{")
        else:
            self.emit(f"scf.for {iv} = {lb} to {ub} step {st} {{")
        self.indent += 1
        self.depth += 1
        self.frames.append(_Frame())
        self.top().idx.append(_Val(iv, "iv"))
        if key is not None:
            self.latest[key] = carried
            self.top().tiles.append(carried)
        self.features.add("const-loop")
        self.gen_statements(self.r.randrange(1, 5))
        if key is not None:
            self.emit(f"scf.yield {self.latest[key]} : {T}")
        self.frames.pop()
        self.depth -= 1
        self.indent -= 1
        self.emit("}")
        # Names defined in the loop are out of scope now.
        self.latest = saved_latest
        if key is not None:
            self.latest[key] = res
            self.top().tiles.append(res)
            self.features.add("loop-carried-tensor")

    def gen_parallel_loop(self) -> None:
        """A ``pto.parallel`` loop of N constant trips whose bounds are
        usually not ``0 to N step 1``: each iteration fills its slot of a
        ``!pto.task_id_array<N>``, at the iteration number ``(iv - lb) /
        step`` (at the induction variable itself when the loop runs 0 to
        N by 1); later dummies depend on the whole array or one slot."""
        trips = self.r.randrange(1, 6)
        nontrivial = self.r.random() < 0.85
        (lo, hi), step = loop_bounds(self.r, trips, nontrivial)
        arr = tid_array(trips)
        lb, ub, st = self.const(lo), self.const(hi), self.const(step)
        seed = _emit_task_id_array_seed(self, arr)
        iv, a, res = self.fresh("pi"), self.fresh("ia"), self.fresh("pl")
        keys = self.carried_keys()
        key = self.r.choice(keys) if keys and self.r.random() < 0.4 else None
        saved_latest = dict(self.latest)
        if key is not None:
            carried = self.fresh("ca")
            self.emit(f"{res}:2 = scf.for {iv} = {lb} to {ub} step {st} iter_args({a} = {seed}, "
                      f"{carried} = {self.latest[key]}) -> ({arr}, {T}) {{")
        else:
            self.emit(f"{res} = scf.for {iv} = {lb} to {ub} step {st} iter_args({a} = {seed}) "
                      f"-> ({arr}) {{")
        self.indent += 1
        self.depth += 1
        self.frames.append(_Frame())
        self.top().idx.append(_Val(iv, "iv"))
        if key is not None:
            self.latest[key] = carried
            self.top().tiles.append(carried)
        if lo == 0 and step == 1 and self.r.random() < 0.5:
            slot = iv
        else:
            slot = _emit_iteration_number(self, iv, lb, st)
            self.top().idx.append(_Val(slot, "iv"))
        if self.r.random() < 0.3:
            prev = self.fresh("prev")
            self.emit(f"{prev} = pto.array_get {a}[{slot}] : {arr}")
            dd = self.fresh("d")
            self.emit(f"{dd} = pto.task_dummy deps({prev} : {TID})")
            self.top().tids.append(dd)
            self.launches += 1
        self.gen_statements(self.r.randrange(1, 4))
        if not self.top().tids:
            self.gen_launch()
        tid = self.r.choice(self.top().tids)
        a1 = self.fresh("ia")
        self.emit(f"{a1} = pto.array_update {a}[{slot}], {tid} : {arr}")
        if key is not None:
            self.emit(f"scf.yield {a1}, {self.latest[key]} : {arr}, {T}")
        else:
            self.emit(f"scf.yield {a1} : {arr}")
        self.frames.pop()
        self.depth -= 1
        self.indent -= 1
        self.emit("} {pto.parallel}")
        self.latest = saved_latest
        ids = res
        if key is not None:
            ids = f"{res}#0"
            self.latest[key] = f"{res}#1"
            self.top().tiles.append(f"{res}#1")
        self.top().tarrs.append((ids, trips))
        self.features.add("parallel-loop")
        if lo != 0 or step != 1:
            self.features.add("parallel-loop-offset-step")
        if self.r.random() < 0.6:
            self.gen_dummy()

    def gen_scope(self) -> None:
        keys = self.carried_keys()
        key = self.r.choice(keys) if keys else None
        manual = self.r.random() < 0.4 or self.manual_depth > 0
        saved_latest = dict(self.latest)
        res = self.fresh("sc")
        head = "pto.scope manual" if manual else "pto.scope"
        self.emit(f"{res} = {head} -> {T} {{" if key else f"{head} {{")
        self.indent += 1
        self.depth += 1
        self.manual_depth += manual
        self.frames.append(_Frame())
        self.features.add("manual-scope" if manual else "scope")
        self.gen_statements(self.r.randrange(1, 4))
        if key:
            self.emit(f"pto.yield {self.latest[key]} : {T}")
        self.frames.pop()
        self.manual_depth -= manual
        self.depth -= 1
        self.indent -= 1
        self.emit("}")
        self.latest = saved_latest
        if key:
            self.latest[key] = res
            self.top().tiles.append(res)

    def gen_dummy(self) -> None:
        tids = self.pool("tids")
        arrays = self.pool("tarrs")
        d = self.fresh("d")
        if arrays and self.r.random() < 0.7:
            name, n = self.r.choice(arrays)
            if self.r.random() < 0.4:
                # One slot, read after the loop.
                k = self.const(self.r.randrange(n))
                got = self.fresh("got")
                self.emit(f"{got} = pto.array_get {name}[{k}] : {tid_array(n)}")
                deps, types = [got], [TID]
            else:
                deps, types = [name], [tid_array(n)]
            if tids and self.r.random() < 0.5:
                deps.append(self.r.choice(tids))
                types.append(TID)
            self.emit(f"{d} = pto.task_dummy deps({', '.join(deps)} : {', '.join(types)})")
            self.features.add("task-id-array-deps")
        elif tids and self.r.random() < 0.8:
            deps = self.r.sample(tids, min(len(tids), self.r.randrange(1, 3)))
            self.emit(f"{d} = pto.task_dummy deps({', '.join(deps)} : {', '.join([TID] * len(deps))})")
        else:
            self.emit(f"{d} = pto.task_dummy")
        self.top().tids.append(d)
        self.launches += 1
        self.features.add("dummy")

    def gen_runtime_loop(self) -> None:
        p = self.r.choice([v for v in self.frames[0].idx if v.kind == "param"])
        lb, st = self.const(0), self.const(1)
        k = self.const(4)
        ub = self.fresh("ub")
        self.emit(f"{ub} = arith.remui {p.name}, {k} : index")
        iv = self.fresh("j")
        acc0 = self.const(0)
        res = self.fresh("rl")
        carried = self.fresh("ra")
        self.emit(f"{res} = scf.for {iv} = {lb} to {ub} step {st} iter_args({carried} = "
                  f"{acc0}) -> (index) {{")
        self.indent += 1
        self.depth += 1
        self.frames.append(_Frame())
        self.top().idx.append(_Val(iv, "mixed"))
        saved_latest = dict(self.latest)
        if self.r.random() < 0.3:
            self.gen_launch()
            self.features.add("launch-in-runtime-loop")
        nxt = self.fresh("s")
        self.emit(f"{nxt} = arith.addi {carried}, {iv} : index")
        self.emit(f"scf.yield {nxt} : index")
        self.frames.pop()
        self.latest = saved_latest
        self.depth -= 1
        self.indent -= 1
        self.emit("}")
        self.top().idx.append(_Val(res, "carried"))
        self.features.add("runtime-loop")

    def gen_if(self) -> None:
        a, b = self.pick_idx(), self.pick_idx()
        c = self.fresh("cond")
        self.emit(f"{c} = arith.cmpi slt, {a.name}, {b.name} : index")
        res = self.fresh("if")
        self.emit(f"{res} = scf.if {c} -> (index) {{")
        self.indent += 1
        self.depth += 1
        saved_latest = dict(self.latest)
        self.frames.append(_Frame())
        if self.r.random() < 0.3:
            self.gen_launch()
            self.features.add("launch-in-branch")
        x = self.pick_idx()
        self.emit(f"scf.yield {x.name} : index")
        self.frames.pop()
        self.indent -= 1
        self.emit("} else {")
        self.indent += 1
        self.frames.append(_Frame())
        y = self.pick_idx()
        self.emit(f"scf.yield {y.name} : index")
        self.frames.pop()
        self.latest = saved_latest
        self.depth -= 1
        self.indent -= 1
        self.emit("}")
        self.top().idx.append(_Val(res, "carried"))
        self.features.add("branch")

    def gen_read(self) -> None:
        if "flags" not in [p for p, _, _ in self.tensor_params]:
            return self.gen_scalar()
        r = self.fresh("rd")
        self.emit(f"{r} = pto.read %flags[{self.r.randrange(4)}] : {FLAGS}")
        self.top().i32.append(_Val(r, "read"))
        self.features.add("host-read")
        if self.r.random() < 0.5:
            i = self.fresh("ri")
            self.emit(f"{i} = arith.index_cast {r} : i32 to index")
            self.top().idx.append(_Val(i, "read"))

    def gen_write(self) -> None:
        if "graph-write" not in self.enabled or \
                "flags" not in [p for p, _, _ in self.tensor_params]:
            return self.gen_launch()
        v = self.scalar_arg("i32")
        self.emit(f"pto.write {v}, %flags[{self.r.randrange(4)}] : {FLAGS}")
        self.features.add("graph-write")

    def build(self) -> str:
        self.indent = 2
        if "xd" in [p for p, _, _ in self.tensor_params] and self.r.random() < 0.6:
            self.gen_dim()
        self.gen_statements(self.r.randrange(2, 9))
        if self.launches == 0:
            self.gen_launch()
        rets = [k for k, _, d in self.tensor_params if d != "in" and k in self.latest
                and self.r.random() < 0.8]
        if "acc" not in rets:
            rets.insert(0, "acc")
        self.returns = rets
        types = [dict((k, t) for k, t, _ in self.tensor_params)[k] for k in rets]
        ret_vals = [self.latest[k] for k in rets]
        self.emit(f"pto.return {', '.join(ret_vals)} : {', '.join(types)}")
        params = []
        for pname, ptype, d in self.tensor_params:
            attr = {"in": "", "out": OUT, "inout": INOUT}[d]
            params.append(f"%{pname}: {ptype}{attr}")
        params += [f"%{pname}: {ptype}" for pname, ptype in self.scalar_params]
        result = types[0] if len(types) == 1 else f"({', '.join(types)})"
        self.result_types = types
        head = f"  pto.graph @{self.name}({', '.join(params)}) -> {result} {{"
        return "\n".join([head] + self.lines + ["  }"])


class _MainGen:
    """Builds the orchestration ``@main`` calling the Graphs."""

    def __init__(self, rng: random.Random, graphs: List[_GraphGen], features: Set[str]):
        self.r = rng
        self.graphs = graphs
        self.features = features
        self.lines: List[str] = []
        self.n = 0
        self.indent = 2
        self.latest = {"A": "%A", "A2": "%A2", "B": "%B"}
        self.scope_idx: List[List[str]] = [["%n0", "%n1"]]
        self.scope_tiles: List[List[str]] = [["%X"]]
        self.entry_dims: List[str] = []  # pto.dim %D, 0 of the entry block
        # Call loops in a manual scope (issue 31): a stream of their own.
        self.shapes = random.Random(hash(rng.getstate()[1]) ^ 0x68E31DA4)
        self.dims = 0          # pto.dim of %D along axis 0 emitted so far
        self.nested_dims = 0   # ... of them inside a loop, branch or scope

    def fresh(self, stem="m") -> str:
        self.n += 1
        return f"%{stem}{self.n}"

    def emit(self, line: str) -> None:
        self.lines.append("  " * self.indent + line)

    def const(self, v, typ="index") -> str:
        c = self.fresh("k")
        if typ == "f32":
            self.emit(f"{c} = arith.constant {float(v)!r} : f32")
        else:
            self.emit(f"{c} = arith.constant {int(v)} : {typ}")
        return c

    def dim_d(self) -> str:
        """A new ``pto.dim %D, 0`` in the current block (the extent of the
        dynamic-extent argument, 16 to 40 rows)."""
        d = self.fresh("dn")
        self.emit(f"{d} = pto.dim %D, 0 : {TD}")
        self.dims += 1
        if len(self.scope_idx) > 1:
            self.nested_dims += 1
        self.features.add("dyn-tensor")
        if self.dims >= 2:
            self.features.add("repeated-dim")
            if self.nested_dims:
                self.features.add("repeated-dim-nested")
        return d

    def idx(self) -> str:
        pool = [v for frame in self.scope_idx for v in frame]
        if len(self.scope_idx) > 1 and self.scope_idx[-1] and self.r.random() < 0.5:
            pool = self.scope_idx[-1]  # the loop's induction variable: varies per call
        roll = self.r.random()
        if roll < 0.08:
            # D's extent (read here, or the entry block's read), or a value
            # derived from it: as a Graph's offset, past the end of an 8-row
            # window of a 64-row source for some runs.
            d = self.r.choice(self.entry_dims) if self.entry_dims and self.r.random() < 0.4 \
                else self.dim_d()
            how = self.r.random()
            if how < 0.4:
                return d
            s = self.fresh("ds")
            if how < 0.7:
                self.emit(f"{s} = arith.subi {d}, {self.const(self.r.randrange(1, 9))} : index")
            else:
                self.emit(f"{s} = arith.addi {d}, {self.const(self.r.choice([16, 24]))} : index")
            self.features.add("dim-scalar")
            return s
        if roll < 0.2:
            return self.const(self.r.randrange(0, 8))
        a = self.r.choice(pool)
        if roll < 0.45:
            b = self.r.choice(pool)
            s = self.fresh("s")
            self.emit(f"{s} = arith.{self.r.choice(['addi', 'muli', 'maxsi'])} {a}, {b} : index")
            return s
        return a

    def tile_in(self) -> str:
        roll = self.r.random()
        if roll < 0.15:
            off = self.idx()
            k = self.const(8)
            m = self.fresh("mm")
            self.emit(f"{m} = arith.remui {off}, {k} : index")
            c8 = self.const(8)
            o = self.fresh("mo")
            self.emit(f"{o} = arith.muli {m}, {c8} : index")
            v = self.fresh("wv")
            self.emit(f"{v} = pto.slice %Wt[{o}, 0] [8, 16] : {W} to {T}")
            self.features.add("call-site-view")
            return v
        if roll < 0.25:
            # The last rows of Wt, past its end when off % 8 > 0.
            m = self.fresh("mm")
            self.emit(f"{m} = arith.remui {self.idx()}, {self.const(8)} : index")
            o = self.fresh("mo")
            self.emit(f"{o} = arith.addi {m}, {self.const(56)} : index")
            v = self.fresh("wv")
            self.emit(f"{v} = pto.slice %Wt[{o}, 0] [8, 16] : {W} to {T}")
            self.features.update(["call-site-view", "end-view"])
            return v
        if roll < 0.32:
            # The last k rows of D (an 8-row window past its end for k < 8).
            k = self.r.randrange(1, 9)
            o = self.fresh("mo")
            self.emit(f"{o} = arith.subi {self.dim_d()}, {self.const(k)} : index")
            v = self.fresh("dv")
            self.emit(f"{v} = pto.slice %D[{o}, 0] [8, 16] : {TD} to {T}")
            self.features.update(["call-site-view", "dim-offset"]
                                 + (["end-view"] if k < 8 else []))
            return v
        pool = [v for frame in self.scope_tiles for v in frame] + [self.latest["A"]]
        return self.r.choice(pool)

    def tile_out(self) -> Tuple[str, Optional[str]]:
        roll = self.r.random()
        if roll < 0.5:
            return self.latest["A"], "A"
        if roll < 0.8:
            return self.latest["A2"], "A2"
        c = self.fresh("ct")
        self.emit(f"{c} = pto.create : {T}")
        self.features.add("call-site-create")
        return c, None

    def tile_dyn(self) -> str:
        """A ``?x16`` argument of at least 9 rows: D, or a window of D or Wt
        with D's extent, at a runtime offset (past the end of the source for
        some runs: the window is clamped)."""
        roll = self.r.random()
        if roll < 0.35:
            return "%D"
        d = self.dim_d()
        m = self.fresh("mm")
        self.emit(f"{m} = arith.remui {self.idx()}, {self.const(8)} : index")
        v = self.fresh("dv")
        if roll < 0.55:
            # D from row m with D's extent: m rows past its end.
            self.emit(f"{v} = pto.slice %D[{m}, 0] [{d}, 16] : {TD} to {TD}")
            self.features.add("end-view")
        elif roll < 0.75:
            o = self.fresh("mo")
            self.emit(f"{o} = arith.muli {m}, {self.const(3)} : index")
            self.emit(f"{v} = pto.slice %Wt[{o}, 0] [{d}, 16] : {W} to {TD}")
        else:
            # The last rows of Wt: 64 - extent + m, m rows past its end.
            w = self.fresh("wn")
            self.emit(f"{w} = pto.dim %Wt, 0 : {W}")
            b = self.fresh("mb")
            self.emit(f"{b} = arith.subi {w}, {d} : index")
            o = self.fresh("mo")
            self.emit(f"{o} = arith.addi {b}, {m} : index")
            self.emit(f"{v} = pto.slice %Wt[{o}, 0] [{d}, 16] : {W} to {TD}")
            self.features.add("end-view")
        self.features.update(["call-site-view", "dim-extent"])
        return v

    def call(self, g: _GraphGen) -> None:
        args, types = [], []
        bound: Dict[str, Tuple[str, Optional[str]]] = {}
        used_outs = set()
        for pname, ptype, d in g.tensor_params:
            if ptype == T:
                if d == "in":
                    a = self.tile_in()
                else:
                    a, key = self.tile_out()
                    # Two writable parameters on one buffer would alias writes.
                    if key is not None and key in used_outs:
                        c = self.fresh("ct")
                        self.emit(f"{c} = pto.create : {T}")
                        a, key = c, None
                    used_outs.add(key)
                    bound[pname] = (a, key)
            elif ptype == TD:
                a = self.tile_dyn()
            elif ptype == W:
                if d == "in":
                    a = "%Wt" if self.r.random() < 0.8 else self.latest["B"]
                else:
                    a = self.latest["B"]
                    bound[pname] = (a, "B")
            else:
                a = "%F"
            args.append(a)
            types.append(ptype)
        for pname, ptype in g.scalar_params:
            if ptype == "index":
                args.append(self.idx())
            elif ptype == "i32":
                v = self.fresh("qi")
                self.emit(f"{v} = arith.index_cast {self.idx()} : index to i32")
                args.append(v)
            else:
                args.append("%fv" if self.r.random() < 0.6 else self.const(self.r.choice([0.5, 3.0]), "f32"))
            types.append(ptype)
        results = [self.fresh("r") for _ in g.returns]
        lhs = f"{', '.join(results)} = " if results else ""
        rt = g.result_types[0] if len(g.result_types) == 1 else f"({', '.join(g.result_types)})"
        self.emit(f"{lhs}pto.call @{g.name}({', '.join(args)}) : ({', '.join(types)}) -> {rt}")
        for res, key in zip(results, g.returns):
            _, buf = bound.get(key, (None, None))
            if buf is not None:
                self.latest[buf] = res
        # Fold what the call wrote into call-site buffers into A, so that an
        # orchestration argument observes it.
        for pname, (name, buf) in bound.items():
            if buf is None:
                z = self.const(0)
                res, tid = self.fresh("fold"), self.fresh("ft")
                self.emit(f"{res}, {tid} = pto.submit @k_acc({name}, {self.latest['A']}, {z}) : "
                          f"({T}, {T}, index) -> {T}")
                self.latest["A"] = res

    def build(self) -> str:
        self.indent = 2
        sites = self.r.randrange(1, 4)
        order = [self.r.choice(self.graphs) for _ in range(sites)]
        for g in self.graphs:
            if g not in order:
                order.append(g)
        self.features.add("call-sites-%d" % min(len(order), 3))
        if self.r.random() < 0.5:
            self.entry_dims.append(self.dim_d())
        for g in order:
            if self.r.random() < 0.6:
                # A manual scope around the call loop: a buffer the calls
                # share would not order them there.
                manual = self.shapes.random() < 0.15
                if manual:
                    scoped = self.fresh("ms")
                    self.emit(f"{scoped} = pto.scope manual -> {T} {{")
                    self.indent += 1
                trips = self.r.randrange(1, 5)
                if self.r.random() < 0.35:
                    (lo, hi), step = loop_bounds(self.r, trips)
                    self.features.add("loop-offset-step")
                else:
                    lo, hi, step = 0, trips, 1
                lb, ub, st = self.const(lo), self.const(hi), self.const(step)
                parallel = self.r.random() < 0.2
                l = self.fresh("l")
                carried = self.fresh("ca")
                res = self.fresh("lres")
                arr = tid_array(trips)
                if parallel:
                    # Each iteration folds into A with a task whose id
                    # fills the iteration's slot of a task id array.
                    seed = _emit_task_id_array_seed(self, arr)
                    ia = self.fresh("ia")
                    self.emit(f"{res}:2 = scf.for {l} = {lb} to {ub} step {st} iter_args({ia} = "
                              f"{seed}, {carried} = {self.latest['A']}) -> ({arr}, {T}) {{")
                else:
                    self.emit(f"{res} = scf.for {l} = {lb} to {ub} step {st} iter_args({carried} = "
                              f"{self.latest['A']}) -> ({T}) {{")
                self.indent += 1
                self.scope_idx.append([l])
                self.scope_tiles.append([])
                saved = dict(self.latest)
                self.latest["A"] = carried
                for _ in range(self.r.randrange(1, 3)):
                    self.call(g)
                if parallel:
                    slot = l if lo == 0 and step == 1 else _emit_iteration_number(self, l, lb, st)
                    f, tid = self.fresh("fold"), self.fresh("ft")
                    self.emit(f"{f}, {tid} = pto.submit @k_acc({self.tile_in()}, {self.latest['A']}, "
                              f"{slot}) : ({T}, {T}, index) -> {T}")
                    ia1 = self.fresh("ia")
                    self.emit(f"{ia1} = pto.array_update {ia}[{slot}], {tid} : {arr}")
                    self.emit(f"scf.yield {ia1}, {f} : {arr}, {T}")
                else:
                    self.emit(f"scf.yield {self.latest['A']} : {T}")
                self.latest = saved
                self.latest["A"] = f"{res}#1" if parallel else res
                self.scope_idx.pop()
                self.scope_tiles.pop()
                self.indent -= 1
                self.emit("} {pto.parallel}" if parallel else "}")
                if parallel:
                    if self.r.random() < 0.7:
                        self.emit(f"{self.fresh('d')} = pto.task_dummy deps({res}#0 : {arr})")
                    self.features.add("parallel-loop")
                    if lo != 0 or step != 1:
                        self.features.add("parallel-loop-offset-step")
                if manual:
                    self.emit(f"pto.yield {self.latest['A']} : {T}")
                    self.indent -= 1
                    self.emit("}")
                    self.latest["A"] = scoped
                    self.features.add("call-loop-in-manual-scope")
                self.features.add("call-in-loop")
            elif self.r.random() < 0.25:
                # A call site under a branch or in a scope: the call's
                # rebindings stay inside.
                saved = dict(self.latest)
                if self.r.random() < 0.5:
                    c = self.fresh("cnd")
                    self.emit(f"{c} = arith.cmpi sle, %n0, %n1 : index")
                    self.emit(f"scf.if {c} {{")
                    self.features.add("call-in-branch")
                else:
                    self.emit("pto.scope {")
                    self.features.add("call-in-scope")
                self.indent += 1
                self.scope_idx.append([])
                self.scope_tiles.append([])
                self.call(g)
                self.scope_idx.pop()
                self.scope_tiles.pop()
                self.indent -= 1
                self.emit("}")
                self.latest = saved
            else:
                self.call(g)
        self.emit("pto.return")
        params = (f"%X: {T}, %A: {T}{INOUT}, %A2: {T}{INOUT}, %Wt: {W}, %B: {W}{INOUT}, "
                  f"%F: {FLAGS}{INOUT}, %D: {TD}, %n0: index, %n1: index, %fv: f32")
        return "\n".join([f"  pto.orchestration @main({params}) {{"] + self.lines + ["  }"])


def generate(seed: int, enable: Sequence[str] = (), runs: int = 4) -> GeneratedProgram:
    """Generates program number ``seed``.

    Args:
        seed: any int; the same seed gives the same program and arguments.
        enable: names from :data:`KNOWN_BUG_FEATURES` to allow.
        runs: number of argument sets (runs share one replay runtime; the
            last run repeats the first run's scalars with fresh buffers).

    Returns:
        the program. Its ``runs`` match ``@main``'s parameters: ``X``, ``A``,
        ``A2`` (8x16 f32), ``Wt``, ``B`` (64x16 f32), ``F`` (4 x i32, small
        non-negative values), ``D`` (``?x16`` f32, :data:`D_ROWS` rows; the
        last run has the first run's), ``n0``, ``n1`` (index in [0, 6)),
        ``fv`` (f32).
    """
    enabled = set(enable)
    unknown = enabled - KNOWN_BUG_FEATURES
    if unknown:
        raise ValueError(f"unknown generator features {sorted(unknown)}")
    rng = random.Random(seed)
    features: Set[str] = set()
    graphs = [_GraphGen(rng, f"g{i}", enabled, features) for i in range(rng.choice([1, 1, 2]))]
    bodies = [g.build() for g in graphs]
    main = _MainGen(rng, graphs, features).build()
    text = ("module attributes {pto.runtime = #pto.runtime<host_build_graph>} {\n"
            + KERNELS + "\n".join(bodies) + "\n" + main + "\n}\n")
    nrng = np.random.default_rng(seed)
    arg_sets = []
    for i in range(runs):
        if i == runs - 1 and runs > 1:
            rows = arg_sets[0][6].shape[0]
            n0, n1, fv = arg_sets[0][7], arg_sets[0][8], arg_sets[0][9]
        else:
            rows = D_ROWS[int(nrng.integers(0, len(D_ROWS)))]
            n0, n1, fv = int(nrng.integers(0, 6)), int(nrng.integers(0, 6)), float(nrng.random())
        arg_sets.append([
            (nrng.random((8, 16)) * 2 - 1).astype(np.float32),
            (nrng.random((8, 16)) * 2 - 1).astype(np.float32),
            (nrng.random((8, 16)) * 2 - 1).astype(np.float32),
            (nrng.random((64, 16)) * 2 - 1).astype(np.float32),
            (nrng.random((64, 16)) * 2 - 1).astype(np.float32),
            nrng.integers(0, 4, (4,)).astype(np.int32),
            (nrng.random((rows, 16)) * 2 - 1).astype(np.float32),
            n0, n1, fv,
        ])
    return GeneratedProgram(seed, text, features, arg_sets)
