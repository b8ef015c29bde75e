"""``pto-compile``: compile a PTO program to orchestration C++ with a report.

Command line (the console script ``pto-compile``, or ``python -m pto_mlir``)::

    pto-compile program.mlir              # writes pto-out/program/
    pto-compile model.py -o build/model   # a Python program defining build()
    pto-compile program.mlir --emit cpp,report --mlir-timing

The input is a ``.py`` file (a Python program, see below) or anything else,
read as MLIR (text or bytecode). For the module's runtime (its
``pto.runtime`` attribute, ``--runtime`` to set or override it) the driver
runs, in order:

1. for ``host_build_graph``: ``pto-graph-legalize-pipeline``, which makes
   every ``pto.graph`` replay-safe (``docs/graph-boundary.md``);
2. ``pto-orchestration-prepare-pipeline`` and the orchestration C++
   translation (``docs/translation.md``).

and writes into the output folder (``-o DIR``, default
``pto-out/<input stem>``):

``<stem>.legalized.mlir``
    the module after step 1 (for other runtimes: as parsed), printed with
    debug info so names and source locations survive:
    ``pto-opt --pto-orchestration-prepare-pipeline --mlir-print-debuginfo
    <stem>.legalized.mlir | pto-translate --pto-to-cpp`` prints ``<stem>.cpp``.
``<stem>.cpp``
    the orchestration C++.
``report.txt``, ``report.json``
    per Graph: the boundary tensors and scalars before and after
    legalizing, each hoisted value and its kind (``scalar``, ``view`` or
    ``allocation``), the boundary values dropped, the recorded node count
    against the runtime's limit of 1024, the graph-heap bytes allocated
    per call before and after legalizing with the total over all calls,
    and the orchestration-heap bytes its callers allocate for it per call
    and per run; per program: the orchestration-heap bytes of one run
    before and after legalizing and the runtime allocation calls one run
    of the generated C++ makes. The text report is also printed on stdout
    (unless ``--quiet``).

``--emit`` selects which of ``ir``, ``cpp`` and ``report`` are written
(default: these three); every stage runs regardless, so a program that does
not translate fails even with ``--emit ir``. ``--emit dot``, ``svg`` and
``html`` add ``<stem>.<graph>.dot`` / ``.svg``, the picture of each Graph's
first recording as the runtime model records it (``graph_picture.py``; an
entry with scalar parameters needs ``--entry-scalar NAME=VALUE``), and
``report.html``, the report as one page with the pictures and the
legalization's remarks (``report_page.py``). Every file is written to a
temporary directory next to the output folder, which is renamed into place
only once everything succeeded: on failure nothing is left behind and an
existing output folder is untouched (on success it is replaced). An existing
folder holding files pto-compile does not write is never replaced (an error
before compiling).

Names. Values keep their names through the pipeline as name locations
(``loc("wl")``), which the Python builder sets. A textual ``.mlir`` input is
parsed by the compiler's own file parser (:func:`pto_mlir.parsing.parse_file`),
which gives the ops and block arguments that have a plain location in that
file a name location with their SSA name in the source (``%wl = pto.slice
...``), as the parser recorded it, so the report, the legalized IR and the
C++ use them (``wl``, ``tmp__graph_arg0``); numeric names (``%0``) are left
alone. The module is verified after ``--runtime`` is applied, so a program
with Graphs and no ``pto.runtime`` compiles with ``--runtime
host_build_graph``.

Python programs. A ``.py`` input is run with :func:`runpy.run_path` (with
``__name__`` set to ``"__pto_compile__"``, so an ``if __name__ ==
"__main__":`` block does not run, and the file's directory first on
``sys.path``) inside an active :class:`pto_mlir.ir.Context`. It must define a
function ``build()`` taking no arguments and returning the
:class:`pto_mlir.ir.Module` it builds, typically with
:mod:`pto_mlir.builder`::

    from pto_mlir import builder as b

    def build():
        t = b.tensor([16], "f32")
        module = b.module(runtime="host_build_graph")
        with b.inserting(module):
            ...
        return module

An exception raised while running the file or ``build()`` is reported with
the line of the user's code that raised it (and the user frames of the
traceback); the builder's locations point diagnostics of the module (verifier
and pipeline errors) at the Python lines that built the ops.

Errors. A program that does not parse, verify, legalize or translate exits
with status 1 and prints every diagnostic as ``file:line:col: error:
message`` (with the source line), never a Python traceback. Status 2 is a
command-line error.

Library use: :func:`compile_program` does the same in memory and returns a
:class:`CompileResult`; it raises :class:`CompileError` (with the located
diagnostics) instead of exiting. :func:`count_recorded_nodes` and
:func:`graph_heap_bytes` are the report's measures of one Graph.
"""

import argparse
import contextlib
import json
import os
import runpy
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import __version__, _tools, translate
from .lang.errors import LangError
from .parsing import parse_file
from ._mlir_libs import _site_initialize_0 as _native
from .dialects import pto
from .ir import (
    Context,
    Location,
    MLIRError,
    Module,
)
from .passmanager import PassManager

__all__ = [
    "ALLOC_TENSORS_ARGS",
    "EMIT_KINDS",
    "GRAPH_MAX_NODES",
    "RUNTIMES",
    "BoundaryValue",
    "CompileError",
    "CompileResult",
    "GraphReport",
    "Hoisted",
    "OrchestrationHeap",
    "Report",
    "call_site_heap_bytes",
    "compile_program",
    "constant_trip_count",
    "count_recorded_nodes",
    "format_mlir_error",
    "graph_heap_bytes",
    "load_python_program",
    "main",
    "orchestration_heap_use",
]

#: The runtimes a module can target (``pto.runtime``); the first is the default.
RUNTIMES = pto.RUNTIMES

#: What ``--emit`` can select.
EMIT_KINDS = ("ir", "cpp", "report")
#: What ``--emit`` also takes, not written by default: the picture of each
#: Graph's first recording (graph_picture.py), as Graphviz source and as SVG,
#: and the report as one HTML page with the pictures (report_page.py).
PICTURE_KINDS = ("dot", "svg", "html")

#: Most nodes one Graph recording may hold (the runtime's GRAPH_MAX_NODES),
#: and most tensors one ``alloc_tensors`` call (one recorded node) creates:
#: the compiler's own definitions, through the C API.
GRAPH_MAX_NODES = pto.GRAPH_MAX_NODES
ALLOC_TENSORS_ARGS = pto.ALLOC_TENSORS_ARGS

LEGALIZE_PIPELINE = "pto-graph-legalize-pipeline"
PREPARE_PIPELINE = "pto-orchestration-prepare-pipeline"

# The package's directory, as imported and with symlinks resolved (a build
# tree links the sources but generates the op classes in place).
_PACKAGE_DIRS = {Path(os.path.abspath(__file__)).parent, Path(__file__).resolve().parent}


# ----------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------


class CompileError(Exception):
    """A program that cannot be compiled (the user's error, not the tool's).

    Attributes:
        message: the located diagnostics, one per line
            (``file:line:col: error: ...``, notes, source lines).
        stage: the stage that failed (``"parsing"``, ``"running build()"``,
            ``"legalizing"``, ``"preparing"``, ``"translating"``,
            ``"writing"``, ...).
    """

    def __init__(self, message: str, stage: str):
        super().__init__(message)
        self.message = message
        self.stage = stage


@dataclass
class BoundaryValue:
    """One parameter of a Graph: its name (from its name location, else
    ``arg<N>``), its type as printed, and for tensors its direction
    (``in``, ``out``, ``inout``; ``None`` for scalars)."""

    name: str
    type: str
    direction: Optional[str] = None


@dataclass
class Hoisted:
    """A parameter the legalization added to a Graph.

    Attributes:
        name: the parameter's name (its name location).
        kind: ``"scalar"`` (a derived scalar each caller computes),
            ``"view"`` (a ``pto.slice`` each caller takes) or
            ``"allocation"`` (a ``pto.create`` each caller makes, as
            ``<name>__graph_arg<N>``).
        type: its type as printed.
        source: for a view, the tensor it views (a boundary tensor before
            legalizing); for a scalar, the op that computed it in the body.
        call_site_name: for an allocation, the name of the callers' buffer.
    """

    name: str
    kind: str
    type: str
    source: Optional[str] = None
    call_site_name: Optional[str] = None


@dataclass
class GraphReport:
    """What legalizing did to one ``pto.graph`` and what it costs at run time.

    Byte counts are graph-heap bytes: the ``pto.create`` ops of the Graph
    body and the runtime-allocated ``out`` tails of its launches, element
    size times element count, once per execution (an allocation inside a
    constant-trip ``scf.for`` counts once per iteration). The graph heap is
    never reclaimed during a run, so every call adds them again.

    Attributes:
        name: the Graph's symbol.
        tensors_before, scalars_before: the boundary as written.
        tensors_after, scalars_after: the boundary after legalizing.
        hoisted: the parameters the legalization added, in parameter order.
        dropped: the boundary tensors (and scalars) it removed.
        recorded_nodes: nodes one recording of the legalized Graph holds
            (:func:`count_recorded_nodes`); ``node_limit`` is the runtime's
            maximum (1024).
        recorded_nodes_before: the same count for the Graph as written.
        heap_bytes_per_call_before, heap_bytes_per_call_after: graph-heap
            bytes one call allocates, before and after legalizing.
        heap_bytes_exact: False if an allocation sits under control flow
            whose trip count is not a constant (counted once) or has a
            dynamic shape (counted as 0 bytes).
        call_sites: number of ``pto.call`` ops of the Graph.
        calls: calls per run of the orchestration: each call site once per
            iteration of the constant-trip ``scf.for`` loops around it.
        calls_exact: False if a call site sits under other control flow
            (counted once).
        heap_bytes_total_before, heap_bytes_total_after: graph-heap bytes
            over all calls (per call times ``calls``).
        call_site_heap_bytes_per_call: orchestration-heap bytes the callers
            allocate for one call after legalizing (the buffers behind its
            hoisted allocations; 0 before).
        call_site_heap_bytes_per_run: the bytes those allocations take over
            one run: each allocation once per execution, so one the
            legalize pipeline moved out of the caller's loop counts once
            however many calls it serves.
        call_site_heap_exact: False if a shape is dynamic or an allocation
            sits under control flow whose trip count is not a constant.
        call_site_allocation_calls: the runtime allocation calls one run of
            the generated C++ makes for those buffers (``alloc_tensors``
            calls, counted after ``pto-batch-allocations``; one may also
            allocate other buffers of its block).
    """

    name: str
    tensors_before: List[BoundaryValue]
    scalars_before: List[BoundaryValue]
    tensors_after: List[BoundaryValue]
    scalars_after: List[BoundaryValue]
    hoisted: List[Hoisted]
    dropped: List[BoundaryValue]
    recorded_nodes: int
    recorded_nodes_before: int
    node_limit: int
    heap_bytes_per_call_before: int
    heap_bytes_per_call_after: int
    heap_bytes_exact: bool
    call_sites: int
    calls: int
    calls_exact: bool
    heap_bytes_total_before: int
    heap_bytes_total_after: int
    call_site_heap_bytes_per_call: int = 0
    call_site_heap_bytes_per_run: int = 0
    call_site_heap_exact: bool = True
    call_site_allocation_calls: int = 0


@dataclass
class OrchestrationHeap:
    """What one run of the program's ``pto.orchestration`` functions
    allocates from the orchestration (ordinary) heap, as the compiler counts
    it (``computeOrchestrationHeapUse``).

    Attributes:
        bytes_before, bytes_after: bytes of every ``pto.create``,
            ``pto.alloc_tensors`` result and runtime-allocated ``out`` tail,
            once per execution, as written and after legalizing (which adds
            the buffers callers allocate for Graphs).
        allocation_calls: runtime allocation calls (``alloc_tensors``) one
            run of the generated C++ makes, once per execution, counted
            after ``pto-batch-allocations``.
        exact: False if a shape is dynamic or an allocation sits under
            control flow whose trip count is not a constant (counted once).
    """

    bytes_before: int = 0
    bytes_after: int = 0
    allocation_calls: int = 0
    exact: bool = True


@dataclass
class Report:
    """The compile report of one program.

    Attributes:
        input: the input as given (a path, or ``"<module>"``).
        runtime: the runtime compiled for.
        runtime_overridden: True if ``--runtime`` set it.
        runtime_api: the runtime API level the C++ is printed for
            (``pto.runtime_api``: ``"spec"`` or ``"simpler_6ebaf771"``).
        legalized: True if the Graph legalization ran (host_build_graph).
        graphs: one :class:`GraphReport` per ``pto.graph``, in module order.
        orchestration_heap: what one run allocates outside the Graphs
            (:class:`OrchestrationHeap`).
        timings: seconds spent in each stage, in order.
    """

    input: str
    runtime: str
    runtime_overridden: bool
    legalized: bool
    graphs: List[GraphReport]
    orchestration_heap: OrchestrationHeap = field(default_factory=OrchestrationHeap)
    runtime_api: str = pto.RUNTIME_APIS[0]
    timings: Dict[str, float] = field(default_factory=dict)

    def to_json(self) -> Dict:
        """The report as JSON-serializable data (``report.json``)."""
        return self._json(_plain(self.graphs))

    def _json(self, graphs) -> Dict:
        data = {"format": "pto-compile-report", "version": 1}
        for name in _field_names(Report):
            data[name] = graphs if name == "graphs" else _plain(getattr(self, name))
        data["timings"] = {k: round(v, 6) for k, v in self.timings.items()}
        return data

    def to_text(self) -> str:
        """The human-readable report (``report.txt``)."""
        return _report_text(self)


_FIELD_NAMES: Dict[type, Tuple[str, ...]] = {}
_LEAVES = (str, int, float, bool, type(None))


def _plain(value):
    """``value`` with every dataclass made a dict of its fields, in order,
    and lists and dicts copied: what ``dataclasses.asdict`` returns, without
    its deep copy of every leaf (the report's strings and numbers are
    immutable), so that a report of 10,000 Graphs converts in linear time
    with a small constant."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is list:
        return [_plain(v) for v in value]
    if kind is dict:
        return {k: _plain(v) for k, v in value.items()}
    return {name: _plain(getattr(value, name)) for name in _field_names(kind)}


def _field_names(kind: type) -> Tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind))
    return names


def report_json_text(report: Report) -> str:
    """``report.json``: :meth:`Report.to_json` as JSON text, indented two
    spaces, each Graph's entry on one line (one line per Graph keeps a large
    report readable and lets Python's C encoder write it: the indenting
    encoder is pure Python and took longer than compiling)."""
    # Every other entry as the indenting encoder writes it, one level in; a
    # Graph's dataclasses as their fields (vars, in field order: what
    # to_json gives), by the C encoder.
    entries = []
    encode = json.JSONEncoder(default=vars).encode  # One encoder for every Graph.
    for key, value in report._json(None).items():
        if key == "graphs":
            lines = ",\n".join("    " + encode(g) for g in report.graphs)
            text = f"[\n{lines}\n  ]" if report.graphs else "[]"
        else:
            text = json.dumps(value, indent=2).replace("\n", "\n  ")
        entries.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(entries) + "\n}\n"


@dataclass
class CompileResult:
    """What :func:`compile_program` produced.

    Attributes:
        legalized_ir: the ``<stem>.legalized.mlir`` text.
        cpp: the orchestration C++ (``<stem>.cpp``).
        arg_metadata: the entry's argument metadata (``<stem>.args.json``,
            see :func:`pto_mlir.translate.argument_metadata`), which the host
            loads with the C++: it keeps host control tensors in host memory.
        report: the :class:`Report`.
        stem: the base name of the output files.
        output_dir: the folder written, or None if nothing was written.
        files: the paths written, in order.
        remarks: with ``emit`` ``"html"``, every remark of the legalization.
        pictures: with ``emit`` ``"dot"``, ``"svg"`` or ``"html"``, one
            :class:`~pto_mlir.graph_picture.GraphPicture` per Graph the entry
            launches (``svg`` set only for ``"svg"``).
    """

    legalized_ir: str
    cpp: str
    arg_metadata: str
    report: Report
    stem: str
    output_dir: Optional[Path] = None
    files: List[Path] = field(default_factory=list)
    pictures: List["GraphPicture"] = field(default_factory=list)
    remarks: List["report_page.Remark"] = field(default_factory=list)


# ----------------------------------------------------------------------------
# Diagnostics
# ----------------------------------------------------------------------------


class _SourceCache:
    """Source lines of the files diagnostics point at (for the caret line)."""

    def __init__(self):
        self._lines: Dict[str, Optional[List[str]]] = {}

    def line(self, filename: str, line: int) -> Optional[str]:
        if filename not in self._lines:
            try:
                with open(filename, "rb") as f:
                    data = f.read()
                self._lines[filename] = data.decode("utf-8", "replace").splitlines()
            except OSError:
                self._lines[filename] = None
        lines = self._lines[filename]
        if lines is None or not 1 <= line <= len(lines):
            return None
        return lines[line - 1]


def _file_location(loc: Location) -> Optional[Tuple[str, int, int]]:
    """(file, line, column) of the first file location inside ``loc``."""
    for _ in range(64):
        if loc.is_a_file():
            return loc.filename, loc.start_line, loc.start_col
        if loc.is_a_name():
            loc = loc.child_loc
        elif loc.is_a_callsite():
            loc = loc.callee
        elif loc.is_a_fused():
            for inner in loc.locations:
                found = _file_location(inner)
                if found:
                    return found
            return None
        else:
            return None
    return None


def _located(position: Optional[Tuple[str, int, int]], severity: str, message: str,
             sources: _SourceCache) -> List[str]:
    if position is None:
        return [f"<unknown>: {severity}: {message}"]
    filename, line, col = position
    prefix = f"{filename}:{line}:{col}" if col > 0 else f"{filename}:{line}"
    lines = [f"{prefix}: {severity}: {message}"]
    text = sources.line(filename, line)
    if text is not None and severity == "error":
        lines.append(text.rstrip())
        if col > 0:
            lines.append(" " * (col - 1) + "^")
    return lines


def format_mlir_error(error: MLIRError, sources: Optional[_SourceCache] = None) -> str:
    """Formats ``error`` as ``file:line:col: error: message`` lines with notes
    and source lines, like ``pto-opt`` prints diagnostics."""
    sources = sources or _SourceCache()
    out: List[str] = []
    diagnostics = list(getattr(error, "error_diagnostics", []) or [])
    for diagnostic in diagnostics:
        out += _located(_file_location(diagnostic.location), "error",
                        diagnostic.message, sources)
        for note in diagnostic.notes:
            if note.message.startswith("see current operation"):
                continue
            out += _located(_file_location(note.location), "note", note.message, sources)
    if diagnostics:
        return "\n".join(out)
    # An MLIRError with no diagnostics (the parse guard's): its text.
    return getattr(error, "message", None) or str(error)


# ----------------------------------------------------------------------------
# Loading programs
# ----------------------------------------------------------------------------

def _user_traceback(error: BaseException) -> List[traceback.FrameSummary]:
    """The traceback frames of ``error`` outside pto_mlir and runpy."""
    frames = []
    for frame in traceback.extract_tb(error.__traceback__):
        path = Path(frame.filename)
        try:
            candidates = {Path(os.path.abspath(path)), path.resolve()}
        except (OSError, RuntimeError):
            candidates = {path}
        inside = any(p.is_relative_to(d) for p in candidates for d in _PACKAGE_DIRS)
        if inside or path.name == "runpy.py" or frame.filename.startswith("<frozen"):
            continue
        frames.append(frame)
    return frames


def _python_error(path: str, error: BaseException, what: str) -> CompileError:
    """A CompileError for an exception raised by the user's program."""
    stage = "running build()"
    if isinstance(error, LangError):
        # Located at the program's own line and column already.
        return CompileError(error.formatted, stage)
    if isinstance(error, SyntaxError) and error.filename:
        col = error.offset or 0
        head = (f"{error.filename}:{error.lineno}:{col}" if col
                else f"{error.filename}:{error.lineno}")
        lines = [f"{head}: error: {type(error).__name__}: {error.msg}"]
        if error.text:
            lines.append(error.text.rstrip("\n"))
            if col:
                lines.append(" " * (col - 1) + "^")
        return CompileError("\n".join(lines), stage)
    frames = _user_traceback(error)
    where = frames[-1] if frames else None
    head = f"{where.filename}:{where.lineno}" if where else path
    if isinstance(error, MLIRError):
        body = format_mlir_error(error)
        lines = [f"{head}: error: {what} raised MLIRError: {error.message}", body]
    else:
        text = str(error)
        lines = [f"{head}: error: {what} raised {type(error).__name__}"
                 + (f": {text}" if text else "")]
    if frames:
        lines.append("Traceback (the program's frames, most recent call last):")
        lines += [line.rstrip("\n") for line in traceback.format_list(frames)]
    return CompileError("\n".join(lines), stage)


def load_python_program(path: Union[str, os.PathLike]) -> Module:
    """Runs the Python program at ``path`` and returns the Module its
    ``build()`` returns (see the module documentation for the convention).

    Needs an active :class:`pto_mlir.ir.Context` (the program builds in it).

    Raises:
        CompileError: the program raised an exception (reported with the
            user's line and traceback), defines no ``build()``, or ``build()``
            did not return a Module.
    """
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, directory)
    try:
        try:
            namespace = runpy.run_path(path, run_name="__pto_compile__")
        except (Exception, SystemExit) as error:
            raise _python_error(path, error, f"running {path}") from None
        build = namespace.get("build")
        if not callable(build):
            raise CompileError(
                f"{path}: error: defines no function build(): a Python program "
                f"for pto-compile defines build() returning a pto_mlir.ir.Module",
                "running build()")
        try:
            module = build()
        except (Exception, SystemExit) as error:
            raise _python_error(path, error, "build()") from None
    finally:
        try:
            sys.path.remove(directory)
        except ValueError:
            pass
    if not isinstance(module, Module):
        hint = " (does it `return` the module?)" if module is None else ""
        raise CompileError(
            f"{path}: error: build() returned {type(module).__name__}, "
            f"expected a pto_mlir.ir.Module{hint}", "running build()")
    return module


# ----------------------------------------------------------------------------
# Measures of a Graph: node and trip counts are the compiler's (C API);
# the graph-heap bytes are still computed here.
# ----------------------------------------------------------------------------


def _op_name(op) -> str:
    return op.operation.name


def constant_trip_count(for_op) -> Optional[int]:
    """The trip count of an ``scf.for`` whose bounds and step are integer
    constants (in their bit width, saturated at 2**63 - 1), None otherwise:
    the compiler's own ``ReplayInvariance::getConstantTripCount``, through
    the C API."""
    return _native.constant_trip_count(for_op.operation)


def _measure_graph(measure, graph):
    """``measure`` (a binding of the C API) of ``graph``; None from it means
    ``graph`` is another op."""
    value = measure(graph.operation)
    if value is None:
        raise ValueError(f"not a pto.graph: {graph.operation.name}")
    return value


def count_recorded_nodes(graph) -> int:
    """The nodes one recording of ``graph`` (a ``pto.graph`` op) holds, as
    the compiler's legality rules count them (``countRecordedNodes``,
    through the C API): each ``pto.submit`` and ``pto.task_dummy`` once per
    iteration of the constant-trip ``scf.for`` loops around it, plus one node
    per ``alloc_tensors`` batch per iteration, saturating at 2**63 - 1; the
    runtime accepts 1 to :data:`GRAPH_MAX_NODES`.

    Raises:
        ValueError: ``graph`` is not a ``pto.graph``.
    """
    return _measure_graph(_native.count_recorded_nodes, graph)


def graph_heap_bytes(graph) -> Tuple[int, bool]:
    """Graph-heap bytes one call of ``graph`` (a ``pto.graph`` op) allocates:
    element size times element count of every ``pto.create`` (and
    ``pto.alloc_tensors`` result) in its body and of every ``out`` tail a
    launch omits (the runtime allocates it), once per execution (times the
    trips of the constant-trip ``scf.for`` loops around it). The compiler's
    own measure (``computeGraphHeapUse``, through the C API).

    Returns:
        (bytes, exact): ``exact`` is False if an allocation has a dynamic
        shape (counted 0) or sits under control flow without a constant trip
        count (counted once).

    Raises:
        ValueError: ``graph`` is not a ``pto.graph``.
    """
    return _measure_graph(_native.graph_heap_bytes, graph)


def orchestration_heap_use(module: Module) -> Tuple[int, int, bool]:
    """What one run of ``module``'s ``pto.orchestration`` functions
    allocates from the orchestration heap: the compiler's own measure
    (``computeOrchestrationHeapUse``, through the C API), summed over them.

    Returns:
        (bytes, allocation_calls, exact): bytes of every ``pto.create``,
        ``pto.alloc_tensors`` result and runtime-allocated ``out`` tail, and
        runtime allocation calls (one per ``pto.alloc_tensors`` or
        ``pto.create``), each once per execution; ``exact`` is False if a
        shape is dynamic or an allocation sits under control flow without a
        constant trip count (counted once).
    """
    total, calls, exact = 0, 0, True
    for op in module.body.operations:
        if _op_name(op) == "pto.orchestration":
            b, c, e = _native.orchestration_heap_use(op.operation)
            total, calls, exact = total + b, calls + c, exact and e
    return total, calls, exact


def call_site_heap_bytes(graph, callers: Sequence) -> Tuple[int, int, int, bool]:
    """Orchestration-heap bytes the ``pto.call`` ops ``callers`` of
    ``graph`` allocate for its ``#pto.hoisted<allocation>`` parameters: the
    compiler's measure (``computeCallSiteHeapUse``, through the C API).

    Returns:
        (per_call, per_run, allocation_calls, exact): the bytes one call
        needs, the bytes the allocations passed for them take over one run
        (each allocation once per execution, however many calls it serves),
        and the runtime allocation calls (``pto.create`` /
        ``pto.alloc_tensors`` ops, once per execution) that make them.

    Raises:
        ValueError: ``graph`` is not a ``pto.graph`` or a caller is not a
            call of it.
    """
    result = _native.call_site_heap_bytes(graph.operation,
                                          [c.operation for c in callers])
    if result is None:
        raise ValueError("call_site_heap_bytes expects a pto.graph and calls of it")
    return result


# ----------------------------------------------------------------------------
# Graph signatures before and after legalizing
# ----------------------------------------------------------------------------


def describe_graphs(module: Module, parameters: bool = True) -> List[Dict]:
    """What the compiler states about each ``pto.graph`` of ``module``, in
    module order, computed in C++ in one walk (``describeGraphs``, through
    the C API): per Graph a dict with ``name``; ``parameters`` (per
    parameter ``name``, ``type``, ``direction`` (None for a scalar),
    ``hoisted`` (None, or a dict of the ``#pto.hoisted`` fields ``kind``,
    ``of``, ``computed_by``) and, for a hoisted allocation,
    ``call_site_name``); ``nodes`` (:func:`count_recorded_nodes`);
    ``heap_bytes`` and ``heap_exact`` (:func:`graph_heap_bytes`);
    ``call_sites``, ``calls`` (per run) and ``calls_exact``; and
    ``call_site_heap`` (``per_call``, ``per_run``, ``allocation_calls``,
    ``exact``: :func:`call_site_heap_bytes` of all its callers). Without
    ``parameters`` the dicts have no ``parameters`` entry."""
    return json.loads(_native.describe_graphs(module.operation, parameters))


def _boundary_value(param: Dict) -> BoundaryValue:
    return BoundaryValue(param["name"], param["type"], param["direction"])


#: Recorded nodes over all Graphs from which pto-compile runs the
#: legalization on MLIR's thread pool (one Graph per task). Starting the pool
#: costs about 0.4 ms, what legalizing some 100 tasks takes, and each Graph
#: is legalized on one thread, so a smaller module or a single Graph only
#: pays for it (docs/performance.md).
PARALLEL_MIN_NODES = 1024


def _worth_threads(graphs: Sequence[Dict]) -> bool:
    return len(graphs) > 1 and sum(g["nodes"] for g in graphs) >= PARALLEL_MIN_NODES


def _graph_report(before: Dict, after: Dict, dead: Sequence[int]) -> GraphReport:
    # The legalization marks every parameter it adds (#pto.hoisted) and
    # reports every one it drops (its dead-parameter remarks): the others
    # are the original ones, in order.
    params_before, params_after = before["parameters"], after["parameters"]
    hoisted = []
    for p in params_after:
        mark = p["hoisted"]
        if mark is None:
            continue
        kind = mark["kind"]
        hoisted.append(Hoisted(p["name"], kind, p["type"],
                               source=mark["of"] if kind == "view" else mark["computed_by"],
                               call_site_name=p.get("call_site_name")))
    calls = after["calls"]
    call_site_heap = after["call_site_heap"]
    return GraphReport(
        name=before["name"],
        tensors_before=[_boundary_value(p) for p in params_before if p["direction"]],
        scalars_before=[_boundary_value(p) for p in params_before if not p["direction"]],
        tensors_after=[_boundary_value(p) for p in params_after if p["direction"]],
        scalars_after=[_boundary_value(p) for p in params_after if not p["direction"]],
        hoisted=hoisted,
        dropped=[_boundary_value(params_before[k]) for k in sorted(dead)],
        recorded_nodes=after["nodes"],
        recorded_nodes_before=before["nodes"],
        node_limit=GRAPH_MAX_NODES,
        heap_bytes_per_call_before=before["heap_bytes"],
        heap_bytes_per_call_after=after["heap_bytes"],
        heap_bytes_exact=before["heap_exact"] and after["heap_exact"],
        call_sites=after["call_sites"],
        calls=calls,
        calls_exact=after["calls_exact"],
        heap_bytes_total_before=before["heap_bytes"] * calls,
        heap_bytes_total_after=after["heap_bytes"] * calls,
        call_site_heap_bytes_per_call=call_site_heap["per_call"],
        call_site_heap_bytes_per_run=call_site_heap["per_run"],
        call_site_heap_exact=call_site_heap["exact"],
    )


# ----------------------------------------------------------------------------
# The text report
# ----------------------------------------------------------------------------


def _bytes_text(n: int) -> str:
    """``8192 B (8.0 KiB)``."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n} B ({n / scale:.1f} {unit})"
    return f"{n} B"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _boundary_lines(tensors: Sequence[BoundaryValue], scalars: Sequence[BoundaryValue],
                    indent: str) -> List[str]:
    rows = [(v.name, v.type, v.direction or "") for v in tensors]
    rows += [(v.name, v.type, "scalar") for v in scalars]
    width = max((len(r[0]) for r in rows), default=0)
    type_width = max((len(r[1]) for r in rows), default=0)
    return [f"{indent}{name:<{width}}  {type_:<{type_width}}  {what}".rstrip()
            for name, type_, what in rows]


# A count that is not exact counts what runs under a branch, or under a loop
# whose trip count is not literal, once: neither a lower nor an upper bound.
_ESTIMATE = " (estimate: code under branches and non-literal loops counted once)"


def _report_text(report: Report) -> str:
    lines = [f"pto-compile report: {report.input}"]
    runtime = report.runtime + (" (set by --runtime)" if report.runtime_overridden else "")
    lines.append(f"runtime: {runtime}")
    lines.append(f"runtime API: {report.runtime_api}")
    if not report.graphs:
        lines.append("Graphs: none" + ("" if report.legalized else
                                       " (legalization runs for host_build_graph only)"))
    for g in report.graphs:
        lines.append("")
        lines.append(f"Graph @{g.name}")
        lines.append(f"  boundary before: {_plural(len(g.tensors_before), 'tensor')}, "
                     f"{_plural(len(g.scalars_before), 'scalar')}")
        lines += _boundary_lines(g.tensors_before, g.scalars_before, "    ")
        lines.append(f"  boundary after:  {_plural(len(g.tensors_after), 'tensor')}, "
                     f"{_plural(len(g.scalars_after), 'scalar')}")
        lines += _boundary_lines(g.tensors_after, g.scalars_after, "    ")
        if g.hoisted:
            lines.append(f"  hoisted to the call sites: {len(g.hoisted)}")
            width = max(len(h.name) for h in g.hoisted)
            kind_width = max(len(h.kind) for h in g.hoisted)
            type_width = max(len(h.type) for h in g.hoisted)
            for h in g.hoisted:
                detail = ""
                if h.kind == "view" and h.source:
                    detail = f"view of {h.source}"
                elif h.kind == "allocation" and h.call_site_name:
                    detail = f"callers allocate {h.call_site_name}"
                elif h.kind == "scalar" and h.source:
                    detail = f"computed by {h.source}"
                lines.append(f"    {h.name:<{width}}  {h.kind:<{kind_width}}  "
                             f"{h.type:<{type_width}}  {detail}".rstrip())
        else:
            lines.append("  hoisted to the call sites: none")
        dropped = ", ".join(v.name for v in g.dropped) or "none"
        lines.append(f"  dropped from the boundary: {dropped}")
        status = "within" if 1 <= g.recorded_nodes <= g.node_limit else "OUTSIDE"
        lines.append(f"  recorded nodes: {g.recorded_nodes} of {g.node_limit} ({status} "
                     f"the limit; {g.recorded_nodes_before} as written)")
        estimate = "" if g.heap_bytes_exact else _ESTIMATE
        lines.append(f"  graph heap per call{estimate}: "
                     f"{_bytes_text(g.heap_bytes_per_call_before)} before, "
                     f"{_bytes_text(g.heap_bytes_per_call_after)} after legalizing")
        estimate = "" if g.calls_exact else _ESTIMATE
        lines.append(f"  calls per run{estimate}: {g.calls}, from "
                     f"{_plural(g.call_sites, 'call site')}")
        lines.append(f"  graph heap over all calls: "
                     f"{_bytes_text(g.heap_bytes_total_before)} before, "
                     f"{_bytes_text(g.heap_bytes_total_after)} after")
        estimate = "" if g.call_site_heap_exact else _ESTIMATE
        lines.append(f"  orchestration heap its callers allocate{estimate}: "
                     f"{_bytes_text(g.call_site_heap_bytes_per_call)} per call, "
                     f"{_bytes_text(g.call_site_heap_bytes_per_run)} per run, in "
                     f"{_plural(g.call_site_allocation_calls, 'allocation call')}")
    if len(report.graphs) > 1:
        before = sum(g.heap_bytes_total_before for g in report.graphs)
        after = sum(g.heap_bytes_total_after for g in report.graphs)
        lines.append("")
        lines.append(f"all Graphs, graph heap over all calls: {_bytes_text(before)} "
                     f"before, {_bytes_text(after)} after")
    heap = report.orchestration_heap
    estimate = "" if heap.exact else _ESTIMATE
    lines.append("")
    lines.append(f"orchestration heap per run{estimate}: {_bytes_text(heap.bytes_before)} "
                 f"before, {_bytes_text(heap.bytes_after)} after legalizing")
    lines.append(f"allocation calls per run{estimate}: {heap.allocation_calls}")
    if report.timings:
        total = sum(report.timings.values())
        parts = ", ".join(f"{k} {v:.3f} s" for k, v in report.timings.items())
        lines.append("")
        lines.append(f"compile time: {total:.3f} s ({parts})")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------
# Writing
# ----------------------------------------------------------------------------


def _is_output_file(path: Path) -> bool:
    """A file pto-compile writes (so an output folder it may replace)."""
    name = path.name
    return path.is_file() and (name in ("report.txt", "report.json")
                               or name in ("report.html",)
                               or name.endswith((".legalized.mlir", ".cpp", ".args.json",
                                                 ".dot", ".svg")))


def _check_output_dir(output: Path) -> None:
    """Raises CompileError unless ``output`` is absent, or a folder holding
    only files pto-compile writes (it is replaced as a whole: another folder,
    such as the input's, must never be)."""
    if not output.exists():
        return
    if not output.is_dir():
        raise CompileError(f"{output}: error: exists and is not a directory", "writing")
    if os.path.ismount(output):
        raise CompileError(
            f"{output}: error: is a mount point: pto-compile writes its output "
            f"folder beside it and renames it into place, which a mount point "
            f"cannot take; choose a folder inside it", "writing")
    foreign = sorted(p.name for p in output.iterdir() if not _is_output_file(p))
    if foreign:
        shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
        raise CompileError(
            f"{output}: error: not replacing a folder that holds files pto-compile "
            f"does not write ({shown}); remove it or choose another -o", "writing")


@contextlib.contextmanager
def _interrupt_raises():
    """While writing, Ctrl-C raises KeyboardInterrupt (whatever handler the
    caller set, e.g. pto-compile's immediate exit) so that the staging folder
    is removed before the interrupt goes on."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _write_atomically(output: Path, files: Dict[str, str]) -> List[Path]:
    """Writes ``files`` (name -> text) as the only contents of ``output``:
    into a temporary directory in the same parent, renamed into place once
    complete; an existing ``output`` is replaced only then. Interrupted,
    it leaves ``output`` as it was and re-raises KeyboardInterrupt."""
    _check_output_dir(output)
    with _interrupt_raises():
        return _write_staged(output, files)


def _write_staged(output: Path, files: Dict[str, str]) -> List[Path]:
    parent = output.parent
    created: Optional[Path] = None
    missing = []
    p = parent
    while not p.exists():
        missing.append(p)
        p = p.parent
    staging = backup = None
    try:
        if missing:
            created = missing[-1]
            parent.mkdir(parents=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{output.name}.", suffix=".tmp", dir=parent))
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(staging, 0o777 & ~umask)
        for name, text in files.items():
            with open(staging / name, "w", encoding="utf-8") as f:
                f.write(text)
        if output.exists():
            backup = Path(tempfile.mkdtemp(prefix=f".{output.name}.", suffix=".old",
                                           dir=parent))
            os.rename(output, backup)
            try:
                os.rename(staging, output)
            except OSError:
                os.rename(backup, output)
                backup = None
                raise
            shutil.rmtree(backup, ignore_errors=True)
            backup = None
        else:
            os.rename(staging, output)
        staging = None
    except (OSError, KeyboardInterrupt) as error:
        if backup is not None and not output.exists():
            os.rename(backup, output)
            backup = None
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        if backup is not None:
            shutil.rmtree(backup, ignore_errors=True)
        if created is not None:
            shutil.rmtree(created, ignore_errors=True)
        if isinstance(error, KeyboardInterrupt):
            raise
        where = f" ({error.filename})" if error.filename else ""
        raise CompileError(f"{output}: error: cannot write the output: "
                           f"{error.strerror or error}{where}", "writing") from None
    return [output / name for name in files]


# ----------------------------------------------------------------------------
# The driver
# ----------------------------------------------------------------------------


def _runtime_api_of(module: Module) -> str:
    attributes = module.operation.attributes
    if pto.RUNTIME_API_ATTR not in attributes:
        return pto.RUNTIME_APIS[0]
    written = attributes[pto.RUNTIME_API_ATTR]
    # The dialect verified it is a #pto.runtime_api.
    return next(level for level in pto.RUNTIME_APIS
                if written == pto.runtime_api_attr(level))


def _runtime_of(module: Module) -> str:
    attributes = module.operation.attributes
    if pto.RUNTIME_ATTR not in attributes:
        return RUNTIMES[0]
    text = str(attributes[pto.RUNTIME_ATTR])
    return text[text.index("<") + 1:-1] if "<" in text else text


def _run_pipeline(module: Module, pipeline: str, timing: bool) -> None:
    """Runs ``pipeline`` on ``module``, then verifies the module once.

    MLIR's verifier after each of the pipeline's passes (``pto-opt``'s
    default, ``--verify-each``) would cost more than the passes themselves
    on a large module (docs/performance.md); the passes' own checks still
    run, and IR a pass left invalid still fails here, before anything
    prints or translates it.
    """
    pm = PassManager.parse(f"builtin.module({pipeline})", context=module.context)
    pm.enable_verifier(False)
    if timing:
        pm.enable_timing()
    try:
        pm.run(module.operation)
        module.operation.verify()
    finally:
        if timing:
            print(f"pto-compile: MLIR pass timing of {pipeline}:", file=sys.stderr,
                  flush=True)
        # The timing report is printed when the pass manager is destroyed.
        del pm


ProgressCallback = Callable[[str, float], None]


def _draw(module: Module, target: str, scalars: Optional[Dict[str, int]],
          svg: bool) -> List:
    """The pictures of the prepared ``module``'s Graph recordings."""
    from . import graph_picture  # The runtime model: only pictures need it.

    if target != "host_build_graph":
        raise CompileError(f"--emit dot/svg/html draws Graph recordings, which only the "
                           f"host_build_graph runtime makes (the program targets {target})",
                           "drawing")
    try:
        pictures = graph_picture.draw_graphs(module, scalars=scalars)
        if svg:
            for picture in pictures:
                picture.svg = graph_picture.render_svg(picture.dot)
    except graph_picture.PictureError as error:
        raise CompileError(f"pto-compile: error: {error}", "drawing") from None
    return pictures


def compile_program(source: Union[str, os.PathLike, Module],
                    output: Optional[Union[str, os.PathLike]] = None, *,
                    runtime: Optional[str] = None,
                    runtime_api: Optional[str] = None,
                    emit: Iterable[str] = EMIT_KINDS,
                    entry_scalars: Optional[Dict[str, int]] = None,
                    mlir_timing: bool = False,
                    progress: Optional[ProgressCallback] = None) -> CompileResult:
    """Compiles a PTO program: legalizes its Graphs (for host_build_graph),
    translates it to orchestration C++ and reports what legalizing did.

    Args:
        source: a ``.py`` file (a Python program defining ``build()``), any
            other path (MLIR text or bytecode), or a Module (compiled in
            place: it is legalized and prepared).
        output: the folder to write, replaced as a whole on success and left
            untouched on failure (an existing folder must hold only files
            pto-compile writes); None writes nothing (the results are
            returned only).
        runtime: ``"tensormap_and_ringbuffer"`` or ``"host_build_graph"``:
            sets the module's ``pto.runtime`` before compiling; None keeps it
            (no attribute means ``tensormap_and_ringbuffer``).
        runtime_api: ``"spec"`` or ``"simpler_6ebaf771"``: sets the module's
            ``pto.runtime_api``, the runtime API level the C++ is printed for
            (docs/translation.md, "Runtime API levels"); None keeps it (no
            attribute means ``spec``).
        emit: which of ``"ir"`` (``<stem>.legalized.mlir``), ``"cpp"``
            (``<stem>.cpp`` and its argument metadata ``<stem>.args.json``)
            and ``"report"`` (``report.txt``,
            ``report.json``) to write into ``output``, and also, never by
            default, ``"dot"`` / ``"svg"``: ``<stem>.<graph>.dot`` / ``.svg``,
            the picture of each Graph's first recording
            (:mod:`pto_mlir.graph_picture`; svg needs Graphviz's ``dot``),
            and ``"html"``: ``report.html``, the report with the pictures and
            the legalization's remarks (:mod:`pto_mlir.report_page`; inline
            SVG when Graphviz is installed, the DOT source otherwise).
        entry_scalars: the entry's scalar arguments by name, for the
            pictures (drawing runs the program in the runtime model).
        mlir_timing: print MLIR's pass timing report for each pipeline on
            stderr.
        progress: called as ``progress(message, elapsed_seconds)`` when a
            stage starts (``"parsing x.mlir"``, ``"legalizing"``, ...) and
            once at the end (``"done"``).

    Returns:
        a :class:`CompileResult` (the texts, the :class:`Report`, and the
        files written).

    Raises:
        CompileError: the program does not load, parse, verify, legalize or
            translate, or the output cannot be written; ``message`` holds the
            located diagnostics.
        ValueError: an unknown ``runtime``, ``runtime_api`` or ``emit`` kind.
    """
    emit = list(emit)
    for kind in emit:
        if kind not in EMIT_KINDS + PICTURE_KINDS:
            raise ValueError(f"unknown --emit kind {kind!r}: expected one of "
                             f"{', '.join(EMIT_KINDS + PICTURE_KINDS)}")
    if runtime is not None and runtime not in RUNTIMES:
        raise ValueError(f"unknown runtime {runtime!r}: expected one of {', '.join(RUNTIMES)}")
    if runtime_api is not None and runtime_api not in pto.RUNTIME_APIS:
        raise ValueError(f"unknown runtime API level {runtime_api!r}: expected one of "
                         f"{', '.join(pto.RUNTIME_APIS)}")
    start = time.perf_counter()
    timings: Dict[str, float] = {}
    current: List = [None, start]

    def stage(key: Optional[str], message: Optional[str] = None) -> None:
        now = time.perf_counter()
        if current[0] is not None:
            timings[current[0]] = timings.get(current[0], 0.0) + now - current[1]
        current[0], current[1] = key, now
        if progress is not None and message is not None:
            progress(message, now - start)

    if isinstance(source, Module):
        module, input_name, stem = source, "<module>", "program"
        context = module.context
    else:
        path = Path(source)
        input_name, stem = os.fspath(source), path.stem
        context = Context()
        if path.suffix != ".py":
            # Started when the module is known to be worth it (below).
            context.enable_multithreading(False)
    output_dir = Path(output) if output is not None else None
    if output_dir is not None:
        _check_output_dir(output_dir)

    sources = _SourceCache()

    # Set when --runtime replaced the module's own runtime: a diagnostic
    # asking to set pto.runtime would otherwise contradict the input file.
    runtime_override: List[str] = []

    def failed(error: MLIRError, what: str) -> CompileError:
        message = format_mlir_error(error, sources)
        if runtime_override:
            message += "\n" + runtime_override[0]
        return CompileError(message, what)

    with context, Location.unknown():
        if not isinstance(source, Module):
            if path.suffix == ".py":
                stage("running build()", f"running {input_name}: build()")
                module = load_python_program(path)
            else:
                stage("parsing", f"parsing {input_name}")
                try:
                    path.read_bytes()
                except OSError as error:
                    raise CompileError(f"{input_name}: error: cannot read the input: "
                                       f"{error.strerror or error}", "parsing") from None
                # Verified below, once --runtime had its say.
                try:
                    module = parse_file(input_name, context, verify=False,
                                        name_locations=True)
                except MLIRError as error:
                    raise failed(error, "parsing") from None

    # build() may have built in a context of its own.
    with module.context, Location.unknown(context=module.context):
        overridden = False
        if runtime is not None:
            written = _runtime_of(module)
            overridden = written != runtime
            if overridden:
                runtime_override.append(
                    f"note: --runtime {runtime} replaced the program's own "
                    f"runtime, {written}")
            module.operation.attributes[pto.RUNTIME_ATTR] = pto.runtime_attr(runtime)
        if runtime_api is not None:
            module.operation.attributes[pto.RUNTIME_API_ATTR] = pto.runtime_api_attr(runtime_api)
        stage("verifying", "verifying")
        try:
            module.operation.verify()
        except MLIRError as error:
            raise failed(error, "verifying") from None
        remarks: List = []
        if "html" in emit:
            from . import report_page  # Only the page needs it.
        target = _runtime_of(module)
        api = _runtime_api_of(module)

        heap_before, _, heap_exact = orchestration_heap_use(module)
        legalize = target == "host_build_graph"
        if legalize:
            before = describe_graphs(module)
            if (not isinstance(source, Module) and path.suffix != ".py"
                    and _worth_threads(before)):
                context.enable_multithreading(True)
            stage("legalizing", f"legalizing Graphs ({LEGALIZE_PIPELINE})")
            # The parameters each Graph loses, as the pass reports them.
            dead: Dict[str, List[int]] = {}

            def on_remark(kind, name, category, function, location, message, args):
                if name == "dead-parameter":
                    number = next(v for k, v, _ in args if k == "Parameter")
                    dead.setdefault(function, []).append(int(number))
                if "html" in emit:
                    remarks.append(report_page.Remark(name, kind, function, str(location),
                                                      message))

            # The page shows every remark; otherwise only those read here
            # reach Python (the pass remarks per moved op).
            handle = _native.enable_remarks(
                module.context, "pto-legalize-graph-boundary", on_remark,
                None if "html" in emit else ["dead-parameter"])
            try:
                _run_pipeline(module, LEGALIZE_PIPELINE, mlir_timing)
            except MLIRError as error:
                raise failed(error, "legalizing") from None
            finally:
                _native.disable_remarks(module.context, handle)

        stage("reporting", "measuring Graphs" if legalize else "printing the IR")
        # Verified: after parsing, and by _run_pipeline.
        legalized_ir = _native.print_with_locations(module.operation)
        graphs = []
        heap_after, _, exact_after = orchestration_heap_use(module)
        if legalize:
            after = {g["name"]: g for g in describe_graphs(module)}
            graphs = [_graph_report(g, after[g["name"]], dead.get(g["name"], []))
                      for g in before]

        stage("preparing", f"preparing for translation ({PREPARE_PIPELINE})")
        try:
            _run_pipeline(module, PREPARE_PIPELINE, mlir_timing)
        except MLIRError as error:
            raise failed(error, "preparing") from None
        _, allocation_calls, exact_prepared = orchestration_heap_use(module)
        if legalize:
            prepared = {g["name"]: g for g in describe_graphs(module, parameters=False)}
            for report_graph in graphs:
                report_graph.call_site_allocation_calls = (
                    prepared[report_graph.name]["call_site_heap"]["allocation_calls"])
        orchestration_heap = OrchestrationHeap(
            heap_before, heap_after, allocation_calls,
            heap_exact and exact_after and exact_prepared)

        stage("translating", "translating to orchestration C++")
        try:
            cpp = translate.to_orchestration_cpp(module, prepare=False)
            arg_metadata = translate.argument_metadata_json(module, prepare=False)
        except MLIRError as error:
            raise failed(error, "translating") from None

        pictures = []
        # The page of a program without Graphs (tensormap) has no pictures;
        # asking for pictures of one is an error (_draw).
        if {"dot", "svg"} & set(emit) or ("html" in emit and graphs):
            stage("drawing", "drawing the Graph recordings")
            from .graph_picture import graphviz_installed  # Only pictures need it.
            svg = "svg" in emit or ("html" in emit and graphviz_installed())
            pictures = _draw(module, target, entry_scalars, svg)

    stage(None)
    report = Report(input_name, target, overridden, legalize, graphs,
                    orchestration_heap, timings=dict(timings), runtime_api=api)
    result = CompileResult(legalized_ir, cpp, arg_metadata, report, stem, pictures=pictures,
                           remarks=remarks)
    if output_dir is not None:
        # Writing is not part of the report's timings: the report is written.
        stage("writing", f"writing {output_dir}")
        files: Dict[str, str] = {}
        if "ir" in emit:
            files[f"{stem}.legalized.mlir"] = legalized_ir
        if "cpp" in emit:
            files[f"{stem}.cpp"] = cpp
            files[f"{stem}.args.json"] = arg_metadata
        if "report" in emit:
            files["report.txt"] = report.to_text()
            files["report.json"] = report_json_text(report)
        if "html" in emit:
            files["report.html"] = report_page.report_html(report, pictures, remarks)
        for picture in pictures:
            if "dot" in emit:
                files[f"{stem}.{picture.graph}.dot"] = picture.dot
            if "svg" in emit:
                files[f"{stem}.{picture.graph}.svg"] = picture.svg
        result.files = _write_atomically(output_dir, files)
        result.output_dir = output_dir
    stage(None, "done")
    return result


def _entry_scalar(text: str) -> Tuple[str, int]:
    name, sep, value = text.partition("=")
    try:
        if not sep or not name:
            raise ValueError
        return name, int(value, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected NAME=INTEGER, got {text!r}") from None


def _parse_emit(values: Optional[List[str]]) -> List[str]:
    if not values:
        return list(EMIT_KINDS)
    kinds = []
    for value in values:
        for kind in value.split(","):
            kind = kind.strip()
            if kind not in EMIT_KINDS + PICTURE_KINDS:
                raise argparse.ArgumentTypeError(
                    f"unknown kind {kind!r} (choose from "
                    f"{', '.join(EMIT_KINDS + PICTURE_KINDS)})")
            if kind not in kinds:
                kinds.append(kind)
    return kinds


def _argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pto-compile",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Compile a PTO program to orchestration C++: for host_build_graph,\n"
            "make its Graphs replay-safe (pto-graph-legalize-pipeline), then\n"
            "translate it (pto-orchestration-prepare-pipeline, --pto-to-cpp),\n"
            "and report, per Graph, what was hoisted, the recorded node count\n"
            "and the graph-heap bytes saved."),
        epilog=(
            "outputs (in the output folder):\n"
            "  <stem>.legalized.mlir  the IR after legalizing, with debug info\n"
            "  <stem>.cpp             the orchestration C++\n"
            "  report.txt, report.json  per Graph: boundary before/after, hoisted\n"
            "                         values (scalar/view/allocation), dropped values,\n"
            "                         recorded nodes (limit 1024), graph-heap bytes\n"
            "                         per call and over all calls, before/after\n"
            "\n"
            "A .py input is run and must define build() returning a\n"
            "pto_mlir.ir.Module (see the pto_mlir.compile module documentation).\n"
            "Progress goes to stderr, the report to stdout.\n"
            "Exit status: 0 success, 1 the program has errors (located\n"
            "diagnostics on stderr; nothing is written), 2 bad command line."))
    parser.add_argument("input", help="a .mlir file, or a .py file defining build()")
    parser.add_argument("-o", "--output", metavar="DIR",
                        help="output folder (default: pto-out/<input stem>); replaced "
                             "as a whole on success, untouched on failure; a "
                             "folder with other files is refused")
    parser.add_argument("--runtime", choices=RUNTIMES,
                        help="compile for this runtime (sets or overrides the module's "
                             "pto.runtime; default: the module's, else "
                             "tensormap_and_ringbuffer)")
    parser.add_argument("--runtime-api", choices=pto.RUNTIME_APIS,
                        help="print the C++ for this runtime API level (sets or "
                             "overrides the module's pto.runtime_api; default: the "
                             "module's, else spec; simpler_6ebaf771 is the public "
                             "runtime at that commit)")
    parser.add_argument("--emit", action="append", metavar="KINDS",
                        help="comma-separated files to write: ir, cpp, report "
                             "(default: these three), dot, svg (the picture of each "
                             "Graph's first recording; svg needs Graphviz), html (the "
                             "report as one page, with the pictures and the "
                             "legalization's remarks); repeatable")
    parser.add_argument("--entry-scalar", action="append", metavar="NAME=VALUE",
                        default=[], type=_entry_scalar,
                        help="a scalar argument of the entry, for --emit dot/svg "
                             "(drawing runs the program in the runtime model); repeatable")
    parser.add_argument("--mlir-timing", action="store_true",
                        help="print MLIR's pass timing report for each pipeline (stderr)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no progress lines and no report on stdout; errors only")
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__version__}")
    parser.add_argument("--plugin-path", action=_PrintPath, path=_tools.plugin_path,
                        help="print the path of PTOPlugin.so (for mlir-opt's "
                             "--load-dialect-plugin / --load-pass-plugin) and exit")
    parser.add_argument("--cmake-dir", action=_PrintPath, path=_tools.cmake_dir,
                        help="print the folder of PTOConfig.cmake (PTO_DIR for "
                             "find_package(PTO CONFIG)) and exit")
    return parser


class _PrintPath(argparse.Action):
    """Prints a path of the installed package and exits, like --version."""

    def __init__(self, option_strings, dest, path, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         **kwargs)
        self.path = path

    def __call__(self, parser, namespace, values, option_string=None):
        try:
            print(self.path())
        except FileNotFoundError as error:
            parser.exit(1, f"pto-compile: error: {error}\n")
        parser.exit()


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The ``pto-compile`` command line; returns the exit status (0 success,
    1 the program has errors, 2 bad command line)."""
    parser = _argument_parser()
    args = parser.parse_args(argv)
    try:
        emit = _parse_emit(args.emit)
    except argparse.ArgumentTypeError as error:
        parser.error(f"argument --emit: {error}")
    output = args.output if args.output is not None else \
        os.path.join("pto-out", Path(args.input).stem)

    def progress(message: str, elapsed: float) -> None:
        print(f"pto-compile: [{elapsed:7.2f} s] {message}", file=sys.stderr, flush=True)

    if not os.path.exists(args.input):
        print(f"pto-compile: error: {args.input}: no such file", file=sys.stderr)
        return 1
    # Ctrl-C ends the process at once (status 130 in the shell), also inside
    # a long native pass, where a Python handler would only run once it
    # returns: nothing is on disk before the output is written, and writing
    # (_write_atomically) turns an interrupt back into a KeyboardInterrupt to
    # clean up first.
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        result = compile_program(args.input, output, runtime=args.runtime,
                                 runtime_api=args.runtime_api, emit=emit,
                                 entry_scalars=dict(args.entry_scalar),
                                 mlir_timing=args.mlir_timing,
                                 progress=None if args.quiet else progress)
    except CompileError as error:
        sys.stdout.flush()
        print(error.message, file=sys.stderr)
        print(f"pto-compile: {error.stage} failed: nothing written", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("pto-compile: interrupted: nothing written", file=sys.stderr)
        return 130
    if not args.quiet:
        print(result.report.to_text(), end="", flush=True)
        names = ", ".join(p.name for p in result.files)
        print(f"pto-compile: wrote {result.output_dir}/ ({names})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
