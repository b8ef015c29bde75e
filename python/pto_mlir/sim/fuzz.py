"""The differential property, checked on one program at a time.

:func:`check_text` takes a module's text and argument sets and classifies
it:

``invalid``
    the text does not parse or verify (for generated programs: a generator
    bug).
``eager-error``
    the original program cannot run even eagerly (undefined behaviour in
    the program itself) and the pipeline accepts it; nothing is concluded
    about the pass. (A program the model cannot run that the pipeline
    rejects, e.g. a ``pto.reshape`` of a view that is not contiguous, is
    ``rejected``.)
``rejected``
    the legalization (``pto-opt --pto-graph-legalize-pipeline=verify=false``:
    the registered pipeline, the one ``pto-compile`` runs, without its
    final verifier) exits with a diagnostic.
``crash`` / ``hang``
    a pass dies without a diagnostic (a signal, an assertion) or exceeds
    the timeout. Always a bug.
``verifier-rejects``
    the legalization succeeds but ``--pto-verify-graph-boundary``, the
    pipeline's last pass, rejects its output. A bug (the pipeline as a
    whole reports an error, but the pass produced IR its own verifier
    refuses).
``ok``
    accepted, and for every run: eager execution of the legalized program
    equals eager execution of the original (legalization kept the meaning),
    and replay of the legalized program equals it too, both in every
    orchestration argument and in the task trace (every value every task
    wrote, in order, including dead temporaries).
``mismatch``
    accepted, but an orchestration argument differs. Always a bug.
``trace-mismatch``
    accepted, arguments equal, but some task computed a different value (in
    a buffer no argument observes). A bug, whose effect this program
    happens to discard.
``runtime-error``
    accepted, but the legalized program raises in the model where the
    original ran eagerly (e.g. a Graph submission the runtime refuses).
    A bug.
``definition-limit``
    accepted, but replay needs more than 16 definitions of one Graph: the
    call sequence varies the Graph key too often (reported separately).

With ``cpp=True``, every accepted program's legalized text also goes
through :func:`check_cpp` (``pto-opt --pto-orchestration-prepare-pipeline
--mlir-print-debuginfo`` | ``pto-translate --pto-to-cpp`` | ``g++
-std=c++17 -fsyntax-only -Werror -I runtime/include``), recorded in
:attr:`Outcome.cpp` independently of the replay status. Its classes:

``compiled``
    the C++ compiles.
``unsupported``
    the prepare pipeline or the translation rejects the program with a
    diagnostic for a construct ``docs/translation.md`` lists under "Not
    translated yet" (:data:`DOCUMENTED_UNSUPPORTED`). Counted, not a bug.
``cxx-error``
    the translation printed C++ that does not compile. A bug.
``translate-error``
    a diagnostic that is not a documented limitation. A bug.
``translate-crash`` / ``translate-hang``
    a tool died without a diagnostic or exceeded the timeout. A bug.

The pipeline runs in a subprocess (``pto-opt``) so a crash or a hang of the
pass is observed rather than taking the checker down.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from ..ir import Context, MLIRError, Module
from .differential import first_difference
from .errors import DefinitionLimitError, SimError
from .program import load_program
from .runtime import Runtime

BUG_STATUSES = frozenset(["crash", "hang", "verifier-rejects", "mismatch", "trace-mismatch",
                          "runtime-error"])

#: Classes of :class:`CppOutcome` that are bugs (the C++ was promised to
#: compile, or the program to be rejected with a documented diagnostic).
CPP_FAILURE_STATUSES = frozenset(["cxx-error", "translate-error", "translate-crash",
                                  "translate-hang"])

#: The translation's diagnostics for what ``docs/translation.md`` lists
#: under "Not translated yet": (short name, pattern of the message).
DOCUMENTED_UNSUPPORTED: Tuple[Tuple[str, "re.Pattern[str]"], ...] = (
    ("host read in a Graph body", re.compile(
        r"accesses a tensor on the host while Graph @\S+ is recorded")),
    # Rejections by the host control tensor rules of the prepare pipeline
    # (pto-mark-host-control-tensors): diagnostics, not translation bugs.
    ("host control tensor rule", re.compile(
        r"passes host control tensor #\d+ of @\S+ to the device|"
        r"(reads|writes) (a runtime allocation|the output of a device task) while "
        r"the host builds the graph")),
    ("dispatch predicate", re.compile(
        r"has a dispatch predicate, which the translation does not support "
        r"yet")),
)


#: The runtime API header the generated C++ includes, relative to the
#: repository root.
RUNTIME_HEADER = Path("runtime") / "include" / "pto_orchestration_api.h"


def _repository_include(start: Path) -> Optional[Path]:
    # The runtime/include directory of the first of `start` and its parents
    # that holds RUNTIME_HEADER, or None.
    start = start.resolve()
    for directory in (start, *start.parents):
        if (directory / RUNTIME_HEADER).is_file():
            return directory / RUNTIME_HEADER.parent
    return None


def runtime_include(start: Optional[os.PathLike] = None) -> str:
    """The ``-I`` directory of the runtime API header the generated C++
    includes (``pto_orchestration_api.h``), the first of:

    1. ``$PTO_RUNTIME_INCLUDE``, if set (it must hold the header);
    2. ``runtime/include`` of the repository holding ``start`` (the nearest
       of ``start`` and its parents that has it), if given: a script passes
       its own location;
    3. ``runtime/include`` of the repository holding this module: its source
       tree, its build tree, or a virtual environment inside the checkout
       (``.venv``);
    4. ``runtime/include`` of the repository holding the current directory.

    Raises:
        FileNotFoundError: ``$PTO_RUNTIME_INCLUDE`` is set but lacks the
            header, or none of the others holds it.
    """
    env = os.environ.get("PTO_RUNTIME_INCLUDE")
    if env:
        if (Path(env) / RUNTIME_HEADER.name).is_file():
            return str(Path(env))
        raise FileNotFoundError(f"PTO_RUNTIME_INCLUDE={env} does not hold {RUNTIME_HEADER.name}")
    starts = [Path(start)] if start is not None else []
    starts += [Path(__file__).parent, Path.cwd()]
    for path in starts:
        found = _repository_include(path)
        if found is not None:
            return str(found)
    raise FileNotFoundError(
        f"{RUNTIME_HEADER.name} not found in the repository of "
        + ", ".join(str(p) for p in starts)
        + ": set PTO_RUNTIME_INCLUDE to the repository's runtime/include")


#: Compiler flags of the C++ check (docs/translation.md, "Compile checks");
#: the header declares the host_build_graph API by default.
CXX_FLAGS = ["-std=c++17", "-fsyntax-only", "-Werror"]


@dataclass
class CppOutcome:
    """Result of :func:`check_cpp` on one legalized program.

    status: ``compiled``, ``unsupported``, ``cxx-error``,
    ``translate-error``, ``translate-crash`` or ``translate-hang`` (see the
    module docstring); detail: the documented limitation's name
    (``unsupported``), or the diagnostic / compiler output; cpp: the C++
    text, when the translation printed one.
    """

    status: str
    detail: str = ""
    cpp: Optional[str] = None

    @property
    def is_failure(self) -> bool:
        """True if the outcome is a bug (not compiled nor a documented
        rejection)."""
        return self.status in CPP_FAILURE_STATUSES


@dataclass
class Outcome:
    """Classification of one program (see the module docstring).

    status: one of the statuses above; detail: a diagnostic or the first
    difference; legalized: the legalized text (accepted programs);
    original_replay_wrong: the un-legalized program, replayed, differs from
    eager execution or fails; graph_heap_original / graph_heap_legalized:
    graph-heap bytes of the replay runs, per run.
    """

    status: str
    detail: str = ""
    legalized: Optional[str] = None
    original_replay_wrong: Optional[bool] = None
    graph_heap_original: List[int] = field(default_factory=list)
    graph_heap_legalized: List[int] = field(default_factory=list)
    #: Graph submissions of the legalized program that replayed a recording.
    replays_legalized: int = 0
    #: The exception the un-legalized program raised under replay, if any.
    original_replay_error: str = ""
    #: The C++ check of the legalized program (``check_text(cpp=True)`` and
    #: the pipeline accepted the program), else None.
    cpp: Optional[CppOutcome] = None

    @property
    def is_bug(self) -> bool:
        """True if the replay status or the C++ check is a bug."""
        return self.status in BUG_STATUSES or (self.cpp is not None and self.cpp.is_failure)


def _find_tool(name: str, variable: str) -> str:
    """Path of tool ``name``: ``$variable``, then ``PATH``, then the
    package's ``bin`` directory; FileNotFoundError if none."""
    env = os.environ.get(variable)
    if env:
        return env
    path = shutil.which(name)
    if path:
        return path
    from .. import _tools
    try:
        return str(_tools.tool_path(name))
    except FileNotFoundError:
        pass
    raise FileNotFoundError(f"{name} not found: set {variable} or put it on PATH")


def find_pto_opt() -> str:
    """Path of ``pto-opt``: ``$PTO_OPT``, then ``PATH``, then the package's
    ``bin`` directory.

    Raises:
        FileNotFoundError: none found.
    """
    return _find_tool("pto-opt", "PTO_OPT")


def find_pto_translate() -> str:
    """Path of ``pto-translate``: ``$PTO_TRANSLATE``, then ``PATH``, then the
    package's ``bin`` directory.

    Raises:
        FileNotFoundError: none found.
    """
    return _find_tool("pto-translate", "PTO_TRANSLATE")


def find_cxx() -> Optional[str]:
    """The C++ compiler of the C++ check: ``$CXX`` if set, else ``g++`` on
    PATH; None if there is none."""
    return os.environ.get("CXX") or shutil.which("g++")


def documented_limitation(diagnostics: str) -> Optional[str]:
    """If every ``error:`` in ``diagnostics`` is a documented "Not translated
    yet" diagnostic (:data:`DOCUMENTED_UNSUPPORTED`), the name of the first
    one; else None."""
    errors = [line for line in diagnostics.splitlines() if "error:" in line]
    names = []
    for line in errors:
        match = next((name for name, pattern in DOCUMENTED_UNSUPPORTED if pattern.search(line)),
                     None)
        if match is None:
            return None
        names.append(match)
    return names[0] if names else None


def check_cpp(legalized: str, pto_opt: Optional[str] = None,
              pto_translate: Optional[str] = None, cxx: Optional[str] = None,
              timeout: float = 60.0, include: Optional[str] = None) -> CppOutcome:
    """Translates a legalized module to C++ and syntax-checks it, as
    docs/translation.md documents: ``pto-opt
    --pto-orchestration-prepare-pipeline --mlir-print-debuginfo`` then
    ``pto-translate --pto-to-cpp`` (each in a subprocess, so a crash or a
    hang is observed), then ``cxx -std=c++17 -fsyntax-only -Werror -I
    runtime/include``.

    Args:
        legalized: the module after ``--pto-graph-legalize-pipeline`` (or
            any module the pipeline accepts unchanged).
        pto_opt, pto_translate: tool paths (default: :func:`find_pto_opt`,
            :func:`find_pto_translate`).
        cxx: the compiler (default :func:`find_cxx`).
        timeout: seconds per process.
        include: directory of ``pto_orchestration_api.h`` (default
            :func:`runtime_include`).

    Returns:
        the classification (see the module docstring).

    Raises:
        FileNotFoundError: a tool or the compiler is missing.
    """
    pto_opt = pto_opt or find_pto_opt()
    pto_translate = pto_translate or find_pto_translate()
    cxx = cxx or find_cxx()
    if cxx is None:
        raise FileNotFoundError("no C++ compiler: set CXX or put g++ on PATH")
    include = include or runtime_include()
    cpp = None
    for tool, args in ((pto_opt, ["--pto-orchestration-prepare-pipeline",
                                  "--mlir-print-debuginfo"]),
                       (pto_translate, ["--pto-to-cpp"])):
        status, out = _run_tool(args, legalized if cpp is None else cpp, tool, timeout)
        step = f"{Path(tool).name} {' '.join(args)}"
        if status == "rejected":
            name = documented_limitation(out)
            if name is not None:
                return CppOutcome("unsupported", name)
            return CppOutcome("translate-error", f"{step}:\n{out[-4000:]}")
        if status != "accepted":
            return CppOutcome(f"translate-{status}", f"{step}:\n{out}")
        cpp = out
    try:
        proc = subprocess.run([cxx, *CXX_FLAGS, "-I", include, "-x", "c++", "-"],
                              input=cpp, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return CppOutcome("cxx-error", "the compiler timed out", cpp)
    if proc.returncode != 0:
        return CppOutcome("cxx-error", proc.stderr[-4000:], cpp)
    return CppOutcome("compiled", "", cpp)


def _run_tool(args: Sequence[str], text: str, pto_opt: str, timeout: float):
    # Runs ``pto_opt`` (any of the tools) on ``text`` from stdin; returns
    # ("accepted", stdout), ("rejected", stderr), ("crash", ...) or ("hang", "").
    for attempt in range(30):
        try:
            proc = subprocess.run([pto_opt, *args, "-"], input=text,
                                  capture_output=True, text=True, timeout=timeout)
            break
        except subprocess.TimeoutExpired:
            return "hang", ""
        except OSError:
            # The binary is being rebuilt (permission denied, text file busy).
            if attempt == 29:
                raise
            time.sleep(2)
    err = proc.stderr
    if proc.returncode == 0:
        return "accepted", proc.stdout
    if proc.returncode == 1 and "error:" in err and "PLEASE submit a bug report" not in err \
            and "Assertion" not in err:
        return "rejected", err
    return "crash", f"exit code {proc.returncode}\n{err[-4000:]}"


def run_pipeline(text: str, pto_opt: str, timeout: float = 60.0):
    """Runs the legalization pipeline on ``text`` in subprocesses: the
    registered ``pto-graph-legalize-pipeline`` (what ``pto-compile`` runs)
    without its last pass, then that pass, the verifier, on the printed
    result, so that a verifier rejection is told apart.

    Returns:
        (status, output): ``("accepted", legalized text)``,
        ``("rejected", stderr)``, ``("verifier-rejects", stderr)``,
        ``("crash", stderr)`` or ``("hang", "")``.
    """
    status, out = _run_tool(["--pto-graph-legalize-pipeline=verify=false"],
                           text, pto_opt, timeout)
    if status != "accepted":
        return status, out
    vstatus, vout = _run_tool(["--pto-verify-graph-boundary"], out, pto_opt, timeout)
    if vstatus == "rejected":
        return "verifier-rejects", vout
    if vstatus != "accepted":
        return vstatus, vout
    return "accepted", out


def _run_all(program, mode: str, runs: Sequence[Sequence[object]], entry: str):
    rt = Runtime(program, mode=mode)
    return rt, [rt.run(entry, args) for args in runs]


def check_text(text: str, runs: Sequence[Sequence[object]], entry: str = "main",
               pto_opt: Optional[str] = None, timeout: float = 60.0, cpp: bool = False,
               pto_translate: Optional[str] = None, cxx: Optional[str] = None,
               include: Optional[str] = None) -> Outcome:
    """Classifies module ``text`` with argument sets ``runs`` (one list of
    ``@entry`` arguments per run; runs share one runtime per mode).

    With ``cpp=True``, a program the pipeline accepts is also translated and
    compiled (:func:`check_cpp` with ``pto_translate``, ``cxx`` and
    ``include``); the result is :attr:`Outcome.cpp`."""
    pto_opt = pto_opt or find_pto_opt()
    with Context():
        try:
            original = load_program(Module.parse(text))
        except MLIRError as e:
            return Outcome("invalid", str(e))
    try:
        _, eager = _run_all(original, "eager", runs, entry)
    except SimError as e:
        # A program the runtime cannot run is the pipeline's to reject.
        status, output = run_pipeline(text, pto_opt, timeout)
        if status == "rejected":
            return Outcome("rejected", output)
        return Outcome("eager-error", str(e))

    # The un-legalized program under replay: wrong, or merely leaking.
    out = Outcome("ok")
    try:
        _, replayed = _run_all(original, "replay", runs, entry)
        out.original_replay_wrong = any(first_difference(a, b) is not None
                                        or a.trace != b.trace
                                        for a, b in zip(eager, replayed))
        out.graph_heap_original = [r.stats.graph_heap_bytes for r in replayed]
    except SimError as e:
        out.original_replay_wrong = True
        out.original_replay_error = f"{type(e).__name__}: {e}"

    status, output = run_pipeline(text, pto_opt, timeout)
    if status != "accepted":
        out.status, out.detail = status, output
        return out
    out.legalized = output
    if cpp:
        out.cpp = check_cpp(output, pto_opt, pto_translate, cxx, timeout, include)
    with Context():
        try:
            legalized = load_program(Module.parse(output))
        except MLIRError as e:
            out.status, out.detail = "crash", f"pipeline output does not parse: {e}"
            return out
    try:
        _, leg_eager = _run_all(legalized, "eager", runs, entry)
    except SimError as e:
        out.status, out.detail = "runtime-error", f"legalized program, eager: {e}"
        return out
    for i, (a, b) in enumerate(zip(eager, leg_eager)):
        diff = first_difference(a, b)
        if diff is not None:
            out.status, out.detail = "mismatch", f"run {i}: legalization changed the meaning: {diff}"
            return out
    try:
        _, leg_replay = _run_all(legalized, "replay", runs, entry)
    except DefinitionLimitError as e:
        out.status, out.detail = "definition-limit", str(e)
        return out
    except SimError as e:
        out.status, out.detail = "runtime-error", f"legalized program, replay: {e}"
        return out
    out.graph_heap_legalized = [r.stats.graph_heap_bytes for r in leg_replay]
    out.replays_legalized = sum(r.stats.replays for r in leg_replay)
    for i, (a, b) in enumerate(zip(eager, leg_replay)):
        diff = first_difference(a, b)
        if diff is not None:
            out.status, out.detail = "mismatch", f"run {i}: replay differs from eager: {diff}"
            return out
    for i, (a, b, c) in enumerate(zip(eager, leg_eager, leg_replay)):
        if not a.trace == b.trace == c.trace:
            out.status = "trace-mismatch"
            out.detail = (f"run {i}: a task computed a different value (eager/legalized "
                          f"eager/legalized replay traces {a.trace[:8]}/{b.trace[:8]}/"
                          f"{c.trace[:8]}; tasks {a.stats.tasks}/{b.stats.tasks}/"
                          f"{c.stats.tasks})")
            return out
    return out
