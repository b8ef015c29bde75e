"""Runs generated orchestration C++ against the stub runtime
(``test/stub_runtime``) and compares what it does with what the simulator
does for the same IR, call by call.

The C++ side: ``pto-opt --pto-orchestration-prepare-pipeline`` then
``pto-translate --pto-to-cpp --pto-runtime-api=<level>``, compiled with the
stub header and its driver (``stub_main.cpp``), fed the entry arguments of
every run on stdin; the stub prints one JSON object per runtime call
(format in ``test/stub_runtime/pto_orchestration_api.h``).

The simulator side: :class:`pto_mlir.sim.Runtime` in replay mode with
``events=True`` on the same prepared IR and the same arguments (the same
element bits, layout and storage).

Both traces are put in one canonical form (:func:`canonical_cpp_run`,
:func:`canonical_sim_run`): a buffer is named by the entry tensor it is
(``arg<i>``) or by its order of first use among the run's task arguments
(``buf<n>``), a kernel task by its kernel ids (positions of the module's
``pto.kernel`` ops without lanes, as the translation numbers them; a mixed
kernel by its lanes' ids), a Graph by its order of first launch, a scalar by
its slot bits truncated to its type's width.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from pto_mlir.dialects import pto
from pto_mlir.ir import Context, Module
from pto_mlir.translate import header_defines
from pto_mlir.sim import Runtime
from pto_mlir.sim.memory import EXTERNAL, TensorView, new_tensor, tensor_from_array
from pto_mlir.sim.program import load_program
from pto_mlir.sim.scalars import canon, slot_bits

REPO = Path(__file__).resolve().parents[2]
STUB = REPO / "test" / "stub_runtime"
API_LEVELS = pto.RUNTIME_APIS

#: The entry function the runtime calls unless a scene names another.
ENTRY = "aicpu_orchestration_entry"

#: The runtime's DataType code of each element type (its data_type.h order).
DATA_TYPES = {"f32": 0, "f16": 1, "i32": 2, "i16": 3, "i8": 4, "ui8": 5, "bf16": 6, "i64": 7,
              "i1": 11}


class ToolError(RuntimeError):
    """A tool or the compiler failed; the message holds its stderr."""


def _run(args: Sequence[str], stdin: Optional[str] = None, timeout: float = 120.0) -> str:
    proc = subprocess.run(list(args), input=stdin, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        raise ToolError(f"{' '.join(map(str, args[:3]))} ... exited {proc.returncode}:\n"
                        f"{proc.stderr[-4000:]}{proc.stdout[-2000:]}")
    return proc.stdout


def prepare(legalized: str, pto_opt: str) -> str:
    """The prepared module (what the translation prints from)."""
    return _run([pto_opt, "--pto-orchestration-prepare-pipeline", "-"], legalized)


def translate(prepared: str, api: str, pto_translate: str) -> str:
    """The orchestration C++ of ``prepared`` at runtime API level ``api``."""
    return _run([pto_translate, "--pto-to-cpp", f"--pto-runtime-api={api}", "-"], prepared)


class StubBuilder:
    """Compiles generated C++ against the stub runtime (``g++ -O0``); the
    driver is compiled once per API level."""

    def __init__(self, workdir: Path, cxx: Optional[str] = None,
                 include_dirs: Sequence[Path] = ()):
        self.workdir = Path(workdir)
        self.include_dirs = list(include_dirs)
        self.cxx = cxx or os.environ.get("CXX") or shutil.which("g++")
        if self.cxx is None:
            raise ToolError("no C++ compiler: set CXX or put g++ on PATH")
        self._drivers: Dict[Tuple[str, str], Path] = {}
        self._count = 0

    def _flags(self, api: str) -> List[str]:
        # The stub declares both runtimes' surface; the API level selects.
        # The stub's header first: the program's own headers come after it.
        return ["-std=c++17", "-O0", "-Werror", "-I", str(STUB),
                *(f"-I{d}" for d in self.include_dirs),
                *header_defines("host_build_graph", api)]

    def driver(self, api: str, entry: str = ENTRY) -> Path:
        key = (api, entry)
        if key not in self._drivers:
            obj = self.workdir / f"stub_main_{api}_{entry}.o"
            _run([self.cxx, *self._flags(api), f"-DPTO_STUB_ENTRY={entry}", "-c",
                  str(STUB / "stub_main.cpp"), "-o", str(obj)])
            self._drivers[key] = obj
        return self._drivers[key]

    def build(self, cpp: str, api: str, entry: str = ENTRY) -> Path:
        """An executable of orchestration ``cpp`` at level ``api``, whose
        entry function is ``entry``."""
        self._count += 1
        source = self.workdir / f"orchestration_{self._count}.cpp"
        source.write_text(cpp)
        exe = self.workdir / f"orchestration_{self._count}"
        _run([self.cxx, *self._flags(api), str(source), str(self.driver(api, entry)), "-o",
              str(exe)])
        return exe


# -- arguments ----------------------------------------------------------------

@dataclass
class EntryArgs:
    """One run's entry arguments in both forms: ``sim`` for
    :meth:`Runtime.run` (fresh :class:`TensorView` s and scalars) and
    ``stub`` for the driver's stdin."""

    sim: List[object]
    stub: str


def entry_args(program, entry: str, values: Sequence[object], data: bool) -> EntryArgs:
    """Converts ``values`` (numpy arrays / numbers, one per parameter of
    ``@entry``) into fresh simulator views and the driver's text.

    With ``data=False`` the tensors are metadata-only (the simulator's
    accounting mode; the stub gets zeroed storage)."""
    fn = program.function(entry, "orchestration")
    sim, lines = [], []
    for p, value in zip(fn.params, values):
        t = p.type
        if t.is_tensor:
            if data:
                view = tensor_from_array(np.asarray(value), t.element_type, t.layout)
            else:
                view = new_tensor(EXTERNAL, t.element_type, np.shape(value), t.layout,
                                  storage=False)
            hexdata = view.buffer.data.tobytes().hex() if data else "-"
            lines.append(" ".join(map(str, [
                "T", DATA_TYPES[t.element_type], len(view.shape), *view.shape, *view.strides,
                view.offset, view.buffer.size, hexdata or "-"])))
            sim.append(view)
        else:
            v = canon(value, t)
            lines.append(f"S {slot_bits(v, t)}")
            sim.append(v)
    return EntryArgs(sim, f"{len(lines)}\n" + "\n".join(lines))


# -- traces -------------------------------------------------------------------

def window_table(program, ids: Dict[str, Tuple[int, ...]]) -> str:
    """The driver's ``W`` section: every ``#pto.window`` of ``program``'s
    kernels under the kernel ids the translation gives them (a mixed
    group's windows under each of its lanes' ids), for the stub to check
    every task against; empty when no kernel has one."""
    entries = []
    for fn in program.functions.values():
        if fn.kind != "kernel" or fn.name not in ids:
            continue
        tensors = [p for p in fn.params if p.type.is_tensor]
        widths = [p.type.width if p.type.kind == "int" else 64
                  for p in fn.params if not p.type.is_tensor]
        for index, p in enumerate(tensors):
            if p.window is None:
                continue
            forms = []
            for constant, coefficients in (*p.window.offsets, *p.window.sizes):
                padded = list(coefficients) + [0] * (len(widths) - len(coefficients))
                forms.append(" ".join(map(str, [constant, *padded])))
            for kernel_id in ids[fn.name]:
                if kernel_id >= 0:
                    entries.append(" ".join(map(str, [kernel_id, index, len(p.window.offsets),
                                                      len(widths), *widths, *forms])))
    return f"W {len(entries)}\n" + "\n".join(entries) + "\n" if entries else ""


def run_stub(exe: Path, runs: Sequence[EntryArgs], timeout: float = 120.0,
             windows: str = "") -> List[dict]:
    """Runs ``exe`` on ``runs``; returns per run ``{"args": [addr...],
    "events": [...]}``. ``windows`` (:func:`window_table`) makes the stub
    check every task's tensors against its kernels' windows.

    Raises:
        ToolError: the stub reported misuse (an ``error`` line), a task's
            window outside its tensor, or crashed.
    """
    stdin = windows + f"{len(runs)}\n" + "\n".join(r.stub for r in runs) + "\n"
    proc = subprocess.run([str(exe)], input=stdin, capture_output=True, text=True,
                          timeout=timeout)
    out: List[dict] = []
    for line in proc.stdout.splitlines():
        event = json.loads(line)
        kind = event["kind"]
        if kind == "error":
            raise ToolError(f"stub runtime: {event['message']}")
        if kind == "run":
            out.append({"args": [], "events": []})
        elif kind == "arg":
            out[-1]["args"].append(event["addr"])
        else:
            out[-1]["events"].append(event)
    if proc.returncode != 0:
        raise ToolError(f"{exe.name} exited {proc.returncode}:\n{proc.stderr[-4000:]}")
    return out


def kernel_ids(module_text: str) -> Dict[str, Tuple[int, ...]]:
    """Kernel symbol -> the ids the translation gives it: kernels without
    lanes are numbered in module order; a mixed kernel is (AIC lane, AIV
    lane 0, AIV lane 1 or -1)."""
    with Context():
        module = Module.parse(module_text)
        own, lanes = {}, {}
        for op in module.body.operations:
            if op.operation.name != "pto.kernel":
                continue
            attrs = op.operation.attributes
            name = attrs["sym_name"].value
            if "lanes" in attrs:
                lanes[name] = [str(a).lstrip("@").strip('"') for a in attrs["lanes"]]
            else:
                own[name] = len(own)
    ids = {name: (i,) for name, i in own.items()}
    for name, group in lanes.items():
        ids[name] = tuple(own[k] for k in group) + (-1,) * (3 - len(group))
    return ids


class _Namer:
    def __init__(self, args: Sequence[object]):
        self.names = {a: f"arg{i}" for i, a in enumerate(args)}
        self.fresh = 0

    def __call__(self, key) -> str:
        name = self.names.get(key)
        if name is None:
            name = self.names[key] = f"buf{self.fresh}"
            self.fresh += 1
        return name


def canonical_sim_run(result, arg_views: Sequence[object], ids: Dict[str, Tuple[int, ...]],
                      graphs: Dict[str, int]) -> List[tuple]:
    """The simulator's events of one run in canonical form; ``graphs``
    (Graph symbol -> launch order) is shared across runs."""
    name = _Namer([v.buffer.id for v in arg_views if isinstance(v, TensorView)])
    out = []
    for e in result.events:
        if e.kind == "task":
            out.append(("task", ids[e.name],
                        tuple((d, name(b), o, tuple(s), tuple(st)) for d, b, o, s, st in e.tensors),
                        tuple(e.scalars), e.blocks, tuple(e.flags), tuple(e.deps)))
        elif e.kind == "dummy":
            out.append(("dummy", tuple(e.deps)))
        elif e.kind == "alloc":
            out.append(("alloc", e.count))
        else:
            out.append(("graph", graphs.setdefault(e.name, len(graphs)), e.mode))
    return out


def _modes(run: Sequence[tuple]) -> Tuple[List[tuple], List[str]]:
    """Splits the record/replay decision off the graph events."""
    events, modes = [], []
    for e in run:
        if e[0] == "graph":
            modes.append(e[2])
            e = e[:2]
        events.append(e)
    return events, modes


def canonical_cpp_run(run: dict, sim_canonical: Sequence[tuple]) -> List[tuple]:
    """The stub's events of one run in canonical form. Scalars are
    truncated to the width of the simulator's scalar at the same place
    (64 bits where the traces already disagree)."""
    name = _Namer(run["args"])
    out = []
    for i, e in enumerate(run["events"]):
        kind = e["kind"]
        if kind == "task":
            widths = [64] * len(e["scalars"])
            if i < len(sim_canonical) and sim_canonical[i][0] == "task":
                widths = [w for _, w in sim_canonical[i][3]] + widths[len(sim_canonical[i][3]):]
            scalars = tuple((v & ((1 << w) - 1), w) for v, w in zip(e["scalars"], widths))
            kernels = tuple(e["kernels"])
            out.append(("task", kernels,
                        tuple((d, name(a), o, tuple(s), tuple(st)) for d, a, o, s, st, *_ in e["tensors"]),
                        scalars, e["blocks"], tuple(e["flags"]), tuple(sorted(set(e["deps"])))))
        elif kind == "dummy":
            out.append(("dummy", tuple(sorted(set(e["deps"])))))
        elif kind == "alloc":
            out.append(("alloc", e["count"]))
        else:
            out.append(("graph", e["graph"], e["mode"]))
    return out


def first_difference(cpp: Sequence[tuple], sim: Sequence[tuple]) -> Optional[str]:
    """None if the canonical traces are equal, else where they first differ."""
    for i, (a, b) in enumerate(zip(cpp, sim)):
        if a != b:
            return f"event {i}:\n  C++: {a}\n  sim: {b}"
    if len(cpp) != len(sim):
        return (f"{len(cpp)} events from the C++, {len(sim)} from the simulator; the first "
                f"extra: {(cpp if len(cpp) > len(sim) else sim)[min(len(cpp), len(sim))]}")
    return None


@dataclass
class Comparison:
    """The outcome of :func:`compare`: per run the canonical traces, and the
    first difference (None when the C++ did what the simulator did).

    Every event must be equal, except that a Graph launch the simulator
    replays may be recorded anew by the C++ (``extra_records`` counts
    those): the compiled Config keys on every scalar that may decide the
    body's control flow (``pto.config_scalar``), the simulator only on
    those the recording read, so the C++ may keep more definitions. The
    tasks such a recording runs must still be the replay's, and a launch the
    simulator records must be recorded by the C++ too (a replay there would
    run a definition recorded for other construction values).
    """

    api: str
    cpp: List[List[tuple]]
    sim: List[List[tuple]]
    difference: Optional[str]
    extra_records: int = 0

    @property
    def tasks(self) -> int:
        return sum(1 for run in self.sim for e in run if e[0] in ("task", "dummy"))

    @property
    def launches(self) -> int:
        return sum(1 for run in self.sim for e in run if e[0] == "graph")


def compare(legalized: str, runs: Sequence[Sequence[object]], api: str, builder: StubBuilder,
            pto_opt: str, pto_translate: str, entry: str = "main",
            data: bool = True, edit_cpp: Optional[Callable[[str], str]] = None) -> Comparison:
    """Translates ``legalized`` at level ``api``, runs its C++ on the stub
    and the prepared IR in the simulator, both on ``runs`` (one list of
    entry arguments per run, runs sharing one runtime), and compares.
    ``edit_cpp``, if given, rewrites the C++ before it is compiled (to
    check that the comparison sees a wrong translation).

    Raises:
        ToolError: a tool, the compiler or the stub failed.
        pto_mlir.sim.SimError: the simulator refused the program.
    """
    prepared = prepare(legalized, pto_opt)
    cpp_text = translate(prepared, api, pto_translate)
    exe = builder.build(edit_cpp(cpp_text) if edit_cpp else cpp_text, api)
    ids = kernel_ids(prepared)
    with Context():
        program = load_program(Module.parse(prepared))
    args = [entry_args(program, entry, values, data) for values in runs]
    cpp_runs = run_stub(exe, args, windows=window_table(program, ids))
    rt = Runtime(program, mode="replay", data=data, events=True)
    graphs: Dict[str, int] = {}
    sim, cpp = [], []
    for run_args, cpp_run in zip(args, cpp_runs):
        result = rt.run(entry, run_args.sim)
        sim.append(canonical_sim_run(result, run_args.sim, ids, graphs))
        cpp.append(canonical_cpp_run(cpp_run, sim[-1]))
    difference = None
    extra_records = 0
    if len(cpp_runs) != len(runs):
        difference = f"the C++ made {len(cpp_runs)} runs of {len(runs)}"
    for i, (a, b) in enumerate(zip(cpp, sim)):
        (a, cpp_modes), (b, sim_modes) = _modes(a), _modes(b)
        if difference is None:
            d = first_difference(a, b)
            if d is not None:
                difference = f"run {i}, {d}"
        for k, (m, n) in enumerate(zip(cpp_modes, sim_modes)):
            if (m, n) == ("record", "replay"):
                extra_records += 1
            elif m != n and difference is None:
                difference = f"run {i}, Graph launch {k}: the C++ does {m}, the simulator {n}"
    return Comparison(api, cpp, sim, difference, extra_records)


def entry_name(module_text: str) -> str:
    """The symbol of the module's only ``pto.orchestration``."""
    with Context():
        module = Module.parse(module_text)
        names = [op.operation.attributes["sym_name"].value for op in module.body.operations
                 if op.operation.name == "pto.orchestration"]
    if len(names) != 1:
        raise ValueError(f"{len(names)} orchestration functions, expected one")
    return names[0]


def synthetic_runs(module_text: str, entry: str, count: int, data: bool,
                   seed: int = 0) -> List[List[object]]:
    """``count`` argument lists for ``@entry``: every tensor of its static
    shape (8 for a dynamic extent) with small random integers (or, without
    ``data``, an array that only has a shape), every scalar ``run + 2``."""
    with Context():
        program = load_program(Module.parse(module_text))
    rng = np.random.default_rng(seed)
    runs = []
    for run in range(count):
        values = []
        for p in program.function(entry, "orchestration").params:
            if p.type.is_tensor:
                shape = tuple(8 if d is None else d for d in p.type.shape)
                values.append(rng.integers(0, 4, shape) if data else np.broadcast_to(0, shape))
            else:
                values.append(run + 2)
        runs.append(values)
    return runs


def workdir() -> tempfile.TemporaryDirectory:
    """A scratch directory for builds."""
    return tempfile.TemporaryDirectory(prefix="pto-cpp-trace-")
