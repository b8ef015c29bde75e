"""Mutation fuzzing of pto modules through ``pto-opt`` and ``pto-translate``.

The inputs are the ``.mlir`` files of ``test/`` and ``examples/``, split
into chunks at ``// -----`` the way ``-split-input-file`` splits them
(:func:`load_corpus`; comment-only lines are dropped, they mean nothing
without ``-verify-diagnostics`` and ``FileCheck``). :func:`mutate` applies
one to three seeded mutations to a chunk:

line mutations
    delete a line, duplicate a line, swap two adjacent lines;
token mutations
    replace a number (by a small one, a neighbour, a negative or a huge
    one), replace an SSA name by another of the chunk, drop or insert a
    ``:`` / ``,`` / ``(`` / ``)``, change an element type (``f32`` ->
    ``i1``, ...), a dimension (``16x`` <-> ``?x``) or a type
    (``!pto.tensor<..>`` -> ``!pto.task_id``, ...), rename an op to another
    ``pto`` op (or an ``arith`` / ``scf`` one), change an enum keyword
    (``out`` -> ``inout``, ``aiv`` -> ``aic``, ...).

:func:`run_mutant` runs a mutant through the three steps of the documented
flow, each in its own process with a timeout (:data:`STEPS`):

1. ``pto-opt --pto-graph-legalize-pipeline --mlir-print-debuginfo``;
2. ``pto-opt --pto-orchestration-prepare-pipeline --mlir-print-debuginfo``
   on step 1's output, or on the mutant itself if step 1 failed (so the
   prepare passes also see modules the legalization rejects);
3. ``pto-translate --pto-to-cpp`` on step 2's output, when step 2 succeeds.

Each step, and the mutant as a whole, ends in one class:

``output``
    exit status 0 (for the mutant: the translation printed C++);
``diagnostic``
    exit status 1 with an ``error:`` on stderr;
``crash``
    a signal, an exit status other than 0 and 1, "PLEASE submit a bug
    report" or "Assertion" on stderr, or exit status 1 without any
    ``error:`` (a failure without a diagnostic);
``hang``
    the process exceeded the timeout.

A mutant is a ``crash`` if any step crashed, else a ``hang`` if any step
hung, else ``output`` if the translation printed C++, else ``diagnostic``.
Crashes and hangs are bugs: every input must end in output or a
diagnostic. Crashes of upstream MLIR code the tools cannot avoid are listed
in :data:`KNOWN_UPSTREAM_CRASHES`: still counted as crashes, and named.

With ``compile=True``, printed C++ is also syntax-checked with ``g++
-std=c++17 -fsyntax-only -Werror`` (``cxx_ok`` in the result; the
translation promises a diagnostic rather than C++ that does not compile).

:func:`run_campaign` generates and runs mutants in parallel (results do not
depend on the number of workers); :func:`save_finding` saves a crash or a
hang and reduces it (:func:`minimize`) to a small input that gives the same
:attr:`MutantResult.signature` with the failing step's command alone. The
bounded
run is ``test/python/test_mutation.py``; long runs are
``benchmarks/mutation_fuzz.py --minutes N``.

This module lives in ``scripts/``, outside the installed ``pto_mlir``
package (it fuzzes the tools, it is not part of their API): import it with
``scripts/`` on ``sys.path``. It needs only the standard library, and
``pto_mlir.sim.fuzz`` for :meth:`Tools.find`.
"""

from __future__ import annotations

import concurrent.futures
import os
import random
import re
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

#: The marker ``-split-input-file`` splits at.
SPLIT = re.compile(r"^// -----\s*$", re.M)

#: The steps a mutant goes through: (name, tool, arguments).
STEPS: Tuple[Tuple[str, str, Tuple[str, ...]], ...] = (
    ("legalize", "pto-opt", ("--pto-graph-legalize-pipeline", "--mlir-print-debuginfo")),
    ("prepare", "pto-opt", ("--pto-orchestration-prepare-pipeline", "--mlir-print-debuginfo")),
    ("translate", "pto-translate", ("--pto-to-cpp",)),
)

OUTCOMES = ("output", "diagnostic", "crash", "hang")
BUG_OUTCOMES = frozenset(["crash", "hang"])

#: Crashes of upstream MLIR code (the parser asserts before any pto code
#: runs). pto-opt now reports the one below as a diagnostic; pto-translate,
#: run on pto-opt's output here, never sees it. (name, pattern of the failing step's
#: input, pattern of its stderr, reference). They still count as crashes;
#: :attr:`StepResult.known_upstream` names them, and the bounded test
#: tolerates them.
KNOWN_UPSTREAM_CRASHES = (
    ("dense array of index",
     re.compile(r"array<\s*index\s*:"),
     re.compile(r"Assertion `isIntOrFloat\(\) && \"only integers and floats have a "
                r"bitwidth\"' failed[\s\S]*MLIR Parser"),
     "llvm/llvm-project#179045: the MLIR parser asserts on array<index: ...> "
     "(fixed upstream by llvm/llvm-project#179075; the pinned xtc-mlir 22.1.8.4 "
     "still asserts)"),
)

#: Op names a rename mutation picks from (``pto`` ops, and a few others).
PTO_OPS = ("pto.array_get", "pto.array_splat", "pto.array_update", "pto.call", "pto.create",
           "pto.dim", "pto.full", "pto.graph", "pto.invalid_task_id", "pto.kernel",
           "pto.orchestration", "pto.read", "pto.return", "pto.scope", "pto.slice",
           "pto.submit", "pto.task_dummy", "pto.transpose", "pto.write", "pto.yield")
OTHER_OPS = ("arith.constant", "arith.addi", "arith.muli", "arith.index_cast", "arith.select",
             "scf.for", "scf.if", "scf.yield", "func.func")
ELEMENT_TYPES = ("f16", "f32", "bf16", "i1", "i8", "i16", "i32", "i64", "index")
TYPES = ("!pto.task_id", "!pto.task_id_array<2>", "!pto.tensor<16xf32>",
         "!pto.tensor<?x?xf32>", "!pto.tensor<0x4xi32>", "!pto.tensor<4xindex>", "index",
         "i1", "f32", "tensor<4xf32>", "none")
#: Enum keywords of the dialect's attributes and ops, by group.
KEYWORD_GROUPS = (("in", "out", "inout", "up"),
                  ("aiv", "aic", "mixed", "cube"),
                  ("host_build_graph", "tensormap_and_ringbuffer", "ringbuffer"),
                  ("direction", "runtime", "core_type", "layout"),
                  ("manual", "auto", ""),
                  ("parallel", "carry_variables", "phase_fence"))
HUGE_NUMBERS = ("2147483647", "2147483648", "4294967296", "9223372036854775807",
                "9223372036854775808", "18446744073709551616", "99999999999999999999999")

_SSA = re.compile(r"%[A-Za-z0-9_$.\-]+(?:#\d+)?")
_PUNCT = re.compile(r"[:,()]")
_ELEMENT = re.compile(r"\b(?:" + "|".join(ELEMENT_TYPES) + r")\b")
_DIM = re.compile(r"(?:(?<![\w?])|(?<=[\d?]x))(\d+|\?)x")
_TYPE = re.compile(r"!pto\.\w+(?:<[^<>]*>)?|\b(?:index|i1|i32|f32)\b")
_OP = re.compile(r"\b(?:pto|arith|scf|func)\.[a-z_]+\b")
_KEYWORD = re.compile(r"\b(?:" + "|".join(sorted({k for g in KEYWORD_GROUPS for k in g if k},
                                                  key=len, reverse=True)) + r")\b")


# ----------------------------------------------------------------------------
# The corpus
# ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Chunk:
    """One ``-split-input-file`` chunk of a corpus file: ``name`` is
    ``<path>:<chunk index>``, ``text`` the chunk without comment-only and
    blank lines."""

    name: str
    text: str

    @property
    def file(self) -> str:
        """The path of the chunk's file."""
        return self.name.rsplit(":", 1)[0]


def split_chunks(text: str) -> List[str]:
    """The chunks of ``text`` as ``-split-input-file`` sees them, each
    without comment-only and blank lines; chunks left empty are dropped."""
    chunks = []
    for chunk in SPLIT.split(text):
        lines = [line for line in chunk.splitlines()
                 if line.strip() and not line.lstrip().startswith("//")]
        if lines:
            chunks.append("\n".join(lines) + "\n")
    return chunks


def corpus_files(repo: Path) -> List[Path]:
    """The ``.mlir`` files of ``test/`` and ``examples/`` under ``repo``,
    sorted, without lit's ``Output`` directories."""
    files = []
    for root in ("test", "examples"):
        for path in sorted((repo / root).rglob("*.mlir")):
            if "Output" not in path.relative_to(repo).parts:
                files.append(path)
    return files


def load_corpus(repo: Path) -> List[Chunk]:
    """Every chunk of :func:`corpus_files`, in a deterministic order."""
    chunks = []
    for path in corpus_files(repo):
        rel = path.relative_to(repo)
        for i, text in enumerate(split_chunks(path.read_text())):
            chunks.append(Chunk(f"{rel}:{i}", text))
    return chunks


# ----------------------------------------------------------------------------
# Mutations
# ----------------------------------------------------------------------------

Mutation = Callable[[List[str], random.Random], Optional[Tuple[str, List[str]]]]


def _pick_line(lines: List[str], rng: random.Random, pattern: "re.Pattern[str]"):
    candidates = [i for i, line in enumerate(lines) if pattern.search(line)]
    return rng.choice(candidates) if candidates else None


def _replace_match(lines, rng, pattern, choose, what):
    """Replaces one random match of ``pattern`` (in one random line that has
    one) by ``choose(match)``."""
    i = _pick_line(lines, rng, pattern)
    if i is None:
        return None
    matches = list(pattern.finditer(lines[i]))
    m = rng.choice(matches)
    new = choose(m)
    if new is None or new == m.group(0):
        return None
    out = list(lines)
    out[i] = lines[i][:m.start()] + new + lines[i][m.end():]
    return f"{what} line {i + 1}: {m.group(0)!r} -> {new!r}", out


def delete_line(lines: List[str], rng: random.Random):
    """Deletes one line."""
    if len(lines) < 2:
        return None
    i = rng.randrange(len(lines))
    return f"delete line {i + 1}", lines[:i] + lines[i + 1:]


def duplicate_line(lines: List[str], rng: random.Random):
    """Duplicates one line in place; the copy's result names (the ``%x``
    before `` = ``) get a ``_dup`` suffix, so the copy is a second op rather
    than a redefinition."""
    i = rng.randrange(len(lines))
    line = lines[i]
    eq = line.find(" = ")
    if eq >= 0:
        line = _SSA.sub(lambda m: m.group(0) + "_dup", line[:eq]) + line[eq:]
    return f"duplicate line {i + 1}", lines[:i + 1] + [line] + lines[i + 1:]


def swap_lines(lines: List[str], rng: random.Random):
    """Swaps a line with the next one."""
    if len(lines) < 2:
        return None
    i = rng.randrange(len(lines) - 1)
    out = list(lines)
    out[i], out[i + 1] = out[i + 1], out[i]
    return f"swap lines {i + 1} and {i + 2}", out


# A standalone number or a shape dimension (16x16xf32), not a digit of a
# name (%c1, f32, @k2, #loc3).
_NUMBER_TOKEN = re.compile(r"(?<![A-Za-z0-9_%@#$.\"])\d+(?![A-Za-wyz_])|(?<=[\d?]x)\d+")


def replace_number(lines: List[str], rng: random.Random):
    """Replaces a number (a literal, an index, a dimension) by a small
    number, a neighbour, a negative or a huge one."""
    def choose(m):
        n = int(m.group(0))
        kind = rng.randrange(4)
        if kind == 0:
            return str(rng.choice([0, 1, 2, 3, 7, 16, 17, 1024, 1025]))
        if kind == 1:
            return str(n + rng.choice([-1, 1]))
        if kind == 2:
            return f"-{rng.choice([1, n or 1, 2 ** 31])}"
        return rng.choice(HUGE_NUMBERS)
    return _replace_match(lines, rng, _NUMBER_TOKEN, choose, "number")


def swap_ssa_name(lines: List[str], rng: random.Random):
    """Replaces one use of an SSA name (after the `` = `` of its line) by
    another name that occurs on an earlier line."""
    uses = []
    for i, line in enumerate(lines):
        eq = line.find(" = ")
        uses += [(i, m) for m in _SSA.finditer(line) if m.start() > eq]
    rng.shuffle(uses)
    for i, m in uses[:10]:
        earlier = sorted({n.group(0) for line in lines[:i] for n in _SSA.finditer(line)}
                         - {m.group(0)})
        if earlier:
            new = rng.choice(earlier)
            out = list(lines)
            out[i] = lines[i][:m.start()] + new + lines[i][m.end():]
            return f"SSA name line {i + 1}: {m.group(0)!r} -> {new!r}", out
    return None


def drop_punctuation(lines: List[str], rng: random.Random):
    """Deletes one ``:``, ``,``, ``(`` or ``)``."""
    return _replace_match(lines, rng, _PUNCT, lambda m: "", "drop")


def insert_punctuation(lines: List[str], rng: random.Random):
    """Inserts a ``:``, ``,``, ``(`` or ``)`` at a token boundary."""
    i = rng.randrange(len(lines))
    spots = [m.start() for m in re.finditer(r"(?<=\S) |(?<= )\S", lines[i])]
    if not spots:
        return None
    at = rng.choice(spots)
    c = rng.choice(":,()")
    out = list(lines)
    out[i] = lines[i][:at] + c + lines[i][at:]
    return f"insert {c!r} line {i + 1} column {at + 1}", out


def change_type(lines: List[str], rng: random.Random):
    """Changes an element type (``f32`` -> ``i1``), a dimension (``16x`` <->
    ``?x``) or a whole type (``!pto.tensor<..>`` -> ``!pto.task_id``)."""
    kind = rng.randrange(3)
    if kind == 0:
        return _replace_match(lines, rng, _ELEMENT, lambda m: rng.choice(ELEMENT_TYPES),
                              "element type")
    if kind == 1:
        return _replace_match(lines, rng, _DIM,
                              lambda m: "?x" if m.group(1) != "?" else
                              f"{rng.choice([1, 4, 16, 0])}x", "dimension")
    return _replace_match(lines, rng, _TYPE, lambda m: rng.choice(TYPES), "type")


def rename_op(lines: List[str], rng: random.Random):
    """Renames an op (or a reference to one) to another ``pto`` op, or
    sometimes to an ``arith`` / ``scf`` / ``func`` op."""
    return _replace_match(lines, rng, _OP,
                          lambda m: rng.choice(PTO_OPS if rng.random() < 0.85 else OTHER_OPS),
                          "op")


def change_keyword(lines: List[str], rng: random.Random):
    """Replaces an enum keyword (direction, core type, runtime, attribute
    name, scope kind) by another of its group."""
    def choose(m):
        group = next(g for g in KEYWORD_GROUPS if m.group(0) in g)
        return rng.choice(group)
    return _replace_match(lines, rng, _KEYWORD, choose, "keyword")


#: Every mutation, with its weight in :func:`mutate`.
MUTATIONS: Tuple[Tuple[str, Mutation, int], ...] = (
    ("delete-line", delete_line, 3),
    ("duplicate-line", duplicate_line, 2),
    ("swap-lines", swap_lines, 2),
    ("number", replace_number, 4),
    ("ssa-name", swap_ssa_name, 4),
    ("drop-punctuation", drop_punctuation, 2),
    ("insert-punctuation", insert_punctuation, 1),
    ("type", change_type, 3),
    ("op", rename_op, 2),
    ("keyword", change_keyword, 1),
)


@dataclass
class Mutant:
    """A mutated chunk: ``index`` in its campaign, the source ``chunk``
    name, the applied ``mutations`` (kind, description) and the ``text``."""

    index: int
    chunk: str
    mutations: List[Tuple[str, str]]
    text: str

    @property
    def description(self) -> str:
        """``chunk: mutation; mutation``."""
        return f"{self.chunk}: " + "; ".join(d for _, d in self.mutations)


def mutate(text: str, rng: random.Random, count: Optional[int] = None
           ) -> Tuple[List[Tuple[str, str]], str]:
    """Applies ``count`` mutations (default: 1, 2 or 3, most often 1) chosen
    by weight from :data:`MUTATIONS` to ``text``.

    Returns:
        ([(kind, description), ...], mutated text). A mutation that does
        not apply (no number in the text, ...) is replaced by another draw.
    """
    if count is None:
        count = rng.choices([1, 2, 3], weights=[6, 3, 1])[0]
    lines = text.splitlines()
    applied: List[Tuple[str, str]] = []
    kinds = [m for m in MUTATIONS]
    weights = [w for _, _, w in MUTATIONS]
    attempts = 0
    while len(applied) < count and attempts < 50:
        attempts += 1
        kind, fn, _ = rng.choices(kinds, weights=weights)[0]
        result = fn(lines, rng)
        if result is None:
            continue
        description, lines = result
        applied.append((kind, description))
    return applied, "\n".join(lines) + "\n"


def generate_mutants(corpus: Sequence[Chunk], seed: int, start: int = 0) -> Iterator[Mutant]:
    """An endless deterministic stream of mutants: mutant ``i`` depends only
    on ``(seed, i)`` and the corpus. Each picks a file, then a chunk of it
    (so the many small chunks of ``invalid.mlir`` do not dominate), then
    mutations (:func:`mutate`). ``start`` skips the first mutants."""
    files: Dict[str, List[Chunk]] = {}
    for chunk in corpus:
        files.setdefault(chunk.file, []).append(chunk)
    names = sorted(files)
    i = start
    while True:
        rng = random.Random(f"{seed}:{i}")
        chunk = rng.choice(files[rng.choice(names)])
        mutations, text = mutate(chunk.text, rng)
        yield Mutant(i, chunk.name, mutations, text)
        i += 1


# ----------------------------------------------------------------------------
# Running the tools
# ----------------------------------------------------------------------------

@dataclass
class Tools:
    """Paths of the tools a mutant runs through: ``pto_opt``,
    ``pto_translate``, and for ``compile=True`` the compiler ``cxx`` and the
    runtime header directory ``include``; ``timeout`` in seconds per
    process."""

    pto_opt: str
    pto_translate: str
    timeout: float = 10.0
    cxx: Optional[str] = None
    include: Optional[str] = None

    def path(self, tool: str) -> str:
        """The path of ``pto-opt`` or ``pto-translate``."""
        return self.pto_opt if tool == "pto-opt" else self.pto_translate

    @classmethod
    def find(cls, timeout: float = 10.0, compile: bool = False) -> "Tools":
        """Tools found like :mod:`pto_mlir.sim.fuzz` finds them
        (``$PTO_OPT`` / ``$PTO_TRANSLATE``, then ``PATH``, then the
        package); with ``compile``, also g++ and the runtime header."""
        from pto_mlir.sim import fuzz
        cxx = include = None
        if compile:
            cxx = fuzz.find_cxx()
            if cxx is None:
                raise FileNotFoundError("no C++ compiler: set CXX or put g++ on PATH")
            include = fuzz.runtime_include()
        return cls(fuzz.find_pto_opt(), fuzz.find_pto_translate(), timeout, cxx, include)


@dataclass
class StepResult:
    """One tool run: ``step`` name, ``outcome`` class, exit ``returncode``
    (None after a timeout), ``stdout`` and ``stderr``."""

    step: str
    outcome: str
    returncode: Optional[int]
    stdout: str = ""
    stderr: str = ""
    #: For a crash of :data:`KNOWN_UPSTREAM_CRASHES`, its name.
    known_upstream: str = ""


def classify_process(returncode: Optional[int], stderr: str) -> str:
    """The outcome class of a finished process (None: it timed out)."""
    if returncode is None:
        return "hang"
    if "PLEASE submit a bug report" in stderr or "Assertion" in stderr or \
            "LLVM ERROR" in stderr:
        return "crash"
    if returncode == 0:
        return "output"
    if returncode == 1 and "error:" in stderr:
        return "diagnostic"
    return "crash"


def run_step(step: str, tools: Tools, text: str) -> StepResult:
    """Runs step ``step`` of :data:`STEPS` on ``text`` (on stdin)."""
    _, tool, args = next(s for s in STEPS if s[0] == step)
    cmd = [tools.path(tool), *args, "-"]
    try:
        proc = subprocess.run(cmd, input=text.encode(), capture_output=True,
                              timeout=tools.timeout)
    except subprocess.TimeoutExpired:
        return StepResult(step, "hang", None)
    stdout = proc.stdout.decode(errors="replace")
    stderr = proc.stderr.decode(errors="replace")
    result = StepResult(step, classify_process(proc.returncode, stderr), proc.returncode,
                        stdout, stderr)
    if result.outcome == "crash":
        result.known_upstream = known_upstream_crash(text, stderr)
    return result


def known_upstream_crash(text: str, stderr: str) -> str:
    """The name of the :data:`KNOWN_UPSTREAM_CRASHES` entry a crash on input
    ``text`` with ``stderr`` matches, or ``""``."""
    for name, input_pattern, stderr_pattern, _ in KNOWN_UPSTREAM_CRASHES:
        if input_pattern.search(text) and stderr_pattern.search(stderr):
            return name
    return ""


def command_line(step: str) -> str:
    """The shell command of step ``step`` on a file ``input.mlir``."""
    _, tool, args = next(s for s in STEPS if s[0] == step)
    return f"{tool} {' '.join(args)} input.mlir"


@dataclass
class MutantResult:
    """What happened to one input: its ``outcome`` (the worst step, see the
    module docstring), the ``steps`` run, and with compilation ``cxx_ok``
    (None: not compiled) and ``cxx_error``."""

    outcome: str
    steps: List[StepResult] = field(default_factory=list)
    cxx_ok: Optional[bool] = None
    cxx_error: str = ""

    @property
    def failing_step(self) -> Optional[StepResult]:
        """The first step that crashed or hung, if any."""
        return next((s for s in self.steps if s.outcome in BUG_OUTCOMES), None)

    @property
    def known_upstream(self) -> str:
        """For a crash of upstream MLIR (:data:`KNOWN_UPSTREAM_CRASHES`), its
        name; else ``""``."""
        s = self.failing_step
        return s.known_upstream if s is not None else ""

    @property
    def signature(self) -> str:
        """What identifies a crash or a hang: the step, the class and the
        assertion, LLVM error or first error line, else the exit status
        (empty for other outcomes)."""
        s = self.failing_step
        if s is None:
            return ""
        if s.outcome == "hang":
            return f"{s.step}: hang"
        for pattern in (r"Assertion .*? failed", r"LLVM ERROR: .*", r"error: .*"):
            m = re.search(pattern, s.stderr)
            if m:
                text = re.sub(r"<stdin>:\d+:\d+", "<stdin>", m.group(0))
                return f"{s.step}: crash: {text[:300]}"
        return f"{s.step}: crash: exit status {s.returncode}"


def _compile(tools: Tools, prepared: str, cpp: str) -> Tuple[bool, str]:
    flags = ["-std=c++17", "-fsyntax-only", "-Werror", "-I", tools.include or "."]
    # The runtime and API level the module was translated for are the values
    # of the module's `pto.runtime` / `pto.runtime_api` attributes; the same
    # attribute values under another name (a mutant's renaming) select nothing.
    from pto_mlir.translate import header_defines  # The package's own mapping.

    hbg = re.search(r"(?<![\w.])pto\.runtime = #pto\.runtime<host_build_graph>", prepared)
    public = re.search(r"(?<![\w.])pto\.runtime_api = #pto\.runtime_api<simpler_6ebaf771>",
                       prepared)
    flags += header_defines("host_build_graph" if hbg else "tensormap_and_ringbuffer",
                            "simpler_6ebaf771" if public else "spec")
    try:
        proc = subprocess.run([tools.cxx, *flags, "-x", "c++", "-"], input=cpp,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return False, "the compiler timed out"
    return proc.returncode == 0, proc.stderr[-3000:]


def run_mutant(text: str, tools: Tools, compile: bool = False,
               until: Optional[str] = None) -> MutantResult:
    """Runs ``text`` through :data:`STEPS` (see the module docstring) and
    classifies it.

    Args:
        text: the module.
        tools: the tools and the timeout.
        compile: syntax-check printed C++ (needs ``tools.cxx``).
        until: stop after this step (``"legalize"`` or ``"prepare"``).
    """
    steps = [run_step("legalize", tools, text)]
    if until != "legalize":
        prepare_input = steps[0].stdout if steps[0].outcome == "output" else text
        steps.append(run_step("prepare", tools, prepare_input))
        if steps[1].outcome == "output" and until != "prepare":
            steps.append(run_step("translate", tools, steps[1].stdout))
    outcomes = {s.outcome for s in steps}
    if "crash" in outcomes:
        outcome = "crash"
    elif "hang" in outcomes:
        outcome = "hang"
    elif steps[-1].step == "translate" and steps[-1].outcome == "output":
        outcome = "output"
    else:
        outcome = "diagnostic"
    result = MutantResult(outcome, steps)
    if compile and outcome == "output" and tools.cxx:
        result.cxx_ok, result.cxx_error = _compile(tools, steps[1].stdout, steps[-1].stdout)
    return result


def minimize(text: str, keep: Callable[[str], bool], budget: float = 120.0) -> str:
    """Reduces ``text`` while ``keep(candidate)`` holds: removes chunks of
    lines (halving the chunk size down to one line), then single tokens
    (``%name``, numbers, attribute dictionaries, ``loc(...)``), within
    ``budget`` seconds."""
    deadline = time.monotonic() + budget
    lines = text.splitlines()
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        i, changed = 0, False
        while i < len(lines) and time.monotonic() < deadline:
            candidate = lines[:i] + lines[i + chunk:]
            if candidate and keep("\n".join(candidate) + "\n"):
                lines, changed = candidate, True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    # Token level: drop attribute dictionaries, locations and trailing
    # comments, one at a time.
    removable = re.compile(r"\s*loc\([^()]*\)|\s*\{[^{}]*\}(?=\s*[,)\n:]|$)|\s*//.*$")
    i = 0
    while i < len(lines) and time.monotonic() < deadline:
        progressed = False
        for m in removable.finditer(lines[i]):
            candidate = list(lines)
            candidate[i] = lines[i][:m.start()] + lines[i][m.end():]
            if keep("\n".join(candidate) + "\n"):
                lines, progressed = candidate, True
                break
        if not progressed:
            i += 1
    return "\n".join(lines) + "\n"


def failing_input(text: str, result: MutantResult) -> Tuple[str, str]:
    """The command and the input that reproduce ``result``'s crash or hang
    directly: the failing step's command line, and the text that step read
    (the mutant, or an earlier step's output)."""
    step = result.failing_step
    if step is None:
        raise ValueError("no crash or hang")
    if step.step == "legalize":
        return command_line("legalize"), text
    if step.step == "prepare":
        first = result.steps[0]
        return command_line("prepare"), first.stdout if first.outcome == "output" else text
    return command_line("translate"), result.steps[1].stdout


# ----------------------------------------------------------------------------
# Campaigns
# ----------------------------------------------------------------------------

@dataclass
class Finding:
    """A crash or a hang: the mutant and its result."""

    mutant: Mutant
    result: MutantResult


@dataclass
class Campaign:
    """Counts of a run: ``tried``, per outcome (``counts``), per step and
    outcome (``step_counts``, e.g. ``"legalize output"``), per mutation
    kind and outcome (``mutation_counts``), C++ compile results
    (``compiled``, ``not_compiling``), the crashes and hangs
    (``findings``, known upstream ones included), wall time ``seconds``."""

    tried: int = 0
    counts: Dict[str, int] = field(default_factory=lambda: {k: 0 for k in OUTCOMES})
    step_counts: Dict[str, int] = field(default_factory=dict)
    mutation_counts: Dict[str, int] = field(default_factory=dict)
    compiled: int = 0
    not_compiling: List[Tuple[Mutant, MutantResult]] = field(default_factory=list)
    findings: List[Finding] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def known_upstream(self) -> int:
        """Crashes of :data:`KNOWN_UPSTREAM_CRASHES`."""
        return sum(1 for f in self.findings if f.result.known_upstream)

    @property
    def new_findings(self) -> List[Finding]:
        """Crashes and hangs other than known upstream ones."""
        return [f for f in self.findings if not f.result.known_upstream]

    def add(self, mutant: Mutant, result: MutantResult) -> None:
        """Counts one mutant."""
        self.tried += 1
        self.counts[result.outcome] = self.counts.get(result.outcome, 0) + 1
        for s in result.steps:
            key = f"{s.step} {s.outcome}"
            self.step_counts[key] = self.step_counts.get(key, 0) + 1
        for kind, _ in mutant.mutations:
            key = f"{kind} {result.outcome}"
            self.mutation_counts[key] = self.mutation_counts.get(key, 0) + 1
        if result.outcome in BUG_OUTCOMES:
            self.findings.append(Finding(mutant, result))
        if result.cxx_ok is True:
            self.compiled += 1
        elif result.cxx_ok is False:
            self.not_compiling.append((mutant, result))

    def summary(self) -> str:
        """One line: mutants tried, outputs, diagnostics, crashes, hangs."""
        line = (f"mutants tried {self.tried}  outputs {self.counts['output']}  "
                f"diagnostics {self.counts['diagnostic']}  crashes {self.counts['crash']} "
                f"(known upstream MLIR bugs {self.known_upstream})  "
                f"hangs {self.counts['hang']}")
        if self.compiled or self.not_compiling:
            line += f"  C++ compiled {self.compiled}  C++ not compiling {len(self.not_compiling)}"
        return line + f"  [{self.seconds:.0f}s]"


def run_campaign(corpus: Sequence[Chunk], tools: Tools, seed: int = 0,
                 count: Optional[int] = None, seconds: Optional[float] = None,
                 workers: Optional[int] = None, compile: bool = False, start: int = 0,
                 on_result: Optional[Callable[[Mutant, MutantResult], None]] = None
                 ) -> Campaign:
    """Runs mutants ``start, start + 1, ...`` of
    :func:`generate_mutants` (``seed``) until ``count`` mutants or
    ``seconds`` have passed, on ``workers`` threads (default: the CPU
    count), each running its own tool processes.

    With ``count`` and no ``seconds`` the result is deterministic whatever
    the number of workers. ``on_result`` is called (on the calling thread,
    in mutant order) after each mutant.
    """
    if count is None and seconds is None:
        raise ValueError("give count or seconds")
    workers = workers or os.cpu_count() or 1
    campaign = Campaign()
    began = time.monotonic()
    stream = generate_mutants(corpus, seed, start)

    def more() -> bool:
        if count is not None and produced >= count:
            return False
        return seconds is None or time.monotonic() - began < seconds

    produced = 0
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        pending: List[Tuple[Mutant, "concurrent.futures.Future[MutantResult]"]] = []
        while more() or pending:
            while more() and len(pending) < 2 * workers:
                mutant = next(stream)
                produced += 1
                pending.append((mutant, pool.submit(run_mutant, mutant.text, tools, compile)))
            if not pending:
                break
            mutant, future = pending.pop(0)
            result = future.result()
            campaign.add(mutant, result)
            if on_result is not None:
                on_result(mutant, result)
    campaign.seconds = time.monotonic() - began
    return campaign


def save_finding(directory: Path, mutant: Mutant, result: MutantResult, tools: Tools,
                 minimize_budget: float = 0.0) -> Path:
    """Writes a crash or hang under ``directory/<outcome>-<step>-<index>/``:
    ``mutant.mlir`` (the whole mutant), ``input.mlir`` (what the failing
    step read), ``command.txt``, ``stderr.txt``, ``description.txt`` and,
    with a ``minimize_budget``, ``min.mlir`` (the minimized failing step
    input, checked to reproduce with the command alone). Returns the
    directory."""
    step = result.failing_step
    d = directory / f"{result.outcome}-{step.step}-{mutant.index}"
    d.mkdir(parents=True, exist_ok=True)
    command, failing = failing_input(mutant.text, result)
    (d / "mutant.mlir").write_text(mutant.text)
    (d / "input.mlir").write_text(failing)
    (d / "command.txt").write_text(command + "\n")
    (d / "stderr.txt").write_text(step.stderr[-20000:])
    (d / "description.txt").write_text(f"{mutant.description}\nsignature: {result.signature}\n")
    if minimize_budget > 0:
        signature = result.signature
        check_tools = tools if result.outcome != "hang" else Tools(
            tools.pto_opt, tools.pto_translate, max(2.0, tools.timeout / 2))

        def keep(candidate: str) -> bool:
            alone = run_step(step.step, check_tools, candidate)
            return MutantResult(alone.outcome, [alone]).signature == signature
        (d / "min.mlir").write_text(minimize(failing, keep, minimize_budget))
    return d


def describe(campaign: Campaign, top: int = 0) -> Iterable[str]:
    """Report lines of a campaign: the summary, the per-step counts and,
    with ``top``, the outcome counts of each mutation kind."""
    yield campaign.summary()
    yield "per step: " + ", ".join(f"{k} {v}" for k, v in sorted(campaign.step_counts.items()))
    if top:
        yield "per mutation: " + ", ".join(
            f"{k} {v}" for k, v in sorted(campaign.mutation_counts.items()))
