"""How much of the generated orchestration C++ compiles against the real
public PTO runtime ("simpler"), per runtime and per runtime API level.

The test suite compiles the C++ against this repository's own API header
(``runtime/include``). This script measures the same C++ against the public
runtime's headers: for each runtime (``host_build_graph``,
``tensormap_and_ringbuffer``) the include directories of
``src/a2a3/runtime/<runtime>`` of a simpler checkout, with ``g++ -std=c++17
-fsyntax-only``. Each input is translated at each runtime API level
(``pto-translate --pto-to-cpp --pto-runtime-api=<level>``): ``spec``, the API
the specification describes (the baseline, not expected to compile against
simpler), and ``simpler_6ebaf771``, the public runtime at that commit.

Inputs, collected the way the tests collect them:

``lit``
    every ``// -----`` chunk of ``test/Target/Cpp/*.mlir`` the translation
    tests compile (the same files skipped as in ``test_translate.py`` and
    ``test_translate_graphs.py``), through ``pto-opt
    --pto-orchestration-prepare-pipeline`` (``hbg-*.mlir``:
    ``--pto-graph-legalize-pipeline`` first);
``examples``
    every ``.mlir`` file of ``examples/`` and every ``.py`` file there that
    defines ``build()``, through ``pto-compile --runtime-api <level>``;
``generated``
    the replay generator's programs (``pto_mlir.sim.generator.generate``),
    seeds ``0 .. --seeds - 1``, through the host_build_graph pipelines
    (``--pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline``).

An input that pto-opt's pipelines, or pto-translate at every level, reject
with a diagnostic (a program the legalization refuses, a construct the
translation does not support yet) is counted as rejected and not compiled;
a translation that fails at one level only counts as a failure at that
level.

A module's runtime is ``host_build_graph`` if its text holds
``#pto.runtime<host_build_graph>``, else ``tensormap_and_ringbuffer``.

It prints a table (rows: source kind x runtime, then totals; columns: per
level, compiled / total) and, with ``--show-errors K``, the K most common
first compiler errors per level (file paths and line numbers stripped), each
with one input that shows it. It is a measurement: it asserts nothing, its
exit status is 0 whatever the counts, and it is not part of the tests::

    .venv/bin/python scripts/compile_against_simpler.py --simpler /tmp/simpler
    .venv/bin/python scripts/compile_against_simpler.py --simpler /tmp/simpler \\
        --seeds 100 --show-errors 5 --keep /tmp/simpler-cpp

Needs ``pto-opt`` and ``pto-translate`` on PATH (or ``PTO_OPT``,
``PTO_TRANSLATE``), the ``pto_mlir`` package importable (run it with the
virtual environment's python) and g++ (or ``CXX``). ``--keep DIR`` writes the
C++ files there instead of a temporary directory; at most two worker
processes run (``--jobs``).
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

REPO = Path(__file__).resolve().parents[1]
CPP_TESTS = REPO / "test" / "Target" / "Cpp"
EXAMPLES = REPO / "examples"

LEVELS = ("spec", "simpler_6ebaf771")
RUNTIMES = ("host_build_graph", "tensormap_and_ringbuffer")
KINDS = ("lit", "examples", "generated")
HOST_BUILD_GRAPH = "#pto.runtime<host_build_graph>"

#: The marker ``-split-input-file`` splits at.
SPLIT = re.compile(r"^// -----\s*$", re.M)
#: Inputs the translation tests skip: ones that must not translate or parse
#: (errors, unparsable, hbg-errors) and open bugs (the scratch files).
SKIPPED = frozenset(["errors.mlir", "unparsable.mlir", "known-bugs-scratch.mlir",
                     "hbg-errors.mlir", "hbg-known-bugs-scratch.mlir"])
#: The pto-opt arguments of test_translate.py and of test_translate_graphs.py.
PREPARE = ("--pto-orchestration-prepare-pipeline", "--mlir-print-debuginfo")
GRAPH_PIPELINES = ("--pto-graph-legalize-pipeline", *PREPARE)

CXX_FLAGS = ("-std=c++17", "-fsyntax-only", "-x", "c++")
#: Include directories of runtime RT, relative to the simpler checkout.
INCLUDE_DIRS = ("src/a2a3/runtime/{rt}/runtime", "src/a2a3/runtime/{rt}/orchestration",
                "src/a2a3/runtime/{rt}/common", "src/common/task_interface", "src/common",
                "src/a2a3/platform/include", "src/common/platform/include",
                "src/common/log/include")
MAX_WORKERS = 2
TIMEOUT = 300.0


# ----------------------------------------------------------------------------
# Inputs
# ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One input. ``how`` is ``"tools"`` (``text`` through pto-opt with
    ``pipeline``, then pto-translate), ``"pto-compile"`` (the file ``name``)
    or ``"generated"`` (``seed``'s program through the Graph pipelines)."""

    kind: str
    name: str
    how: str
    text: str = ""
    pipeline: Tuple[str, ...] = ()
    seed: int = 0


def split_chunks(path: Path) -> List[str]:
    """The chunks of ``path`` as -split-input-file sees them (the tests'
    split: only chunks holding a module)."""
    return [chunk for chunk in SPLIT.split(path.read_text()) if "module" in chunk]


def lit_jobs() -> List[Job]:
    jobs = []
    for path in sorted(CPP_TESTS.glob("*.mlir")):
        if path.name in SKIPPED:
            continue
        pipeline = GRAPH_PIPELINES if path.match("hbg-*.mlir") else PREPARE
        for index, chunk in enumerate(split_chunks(path)):
            jobs.append(Job("lit", f"{path.name}:{index}", "tools", chunk, pipeline))
    return jobs


def defines_build(path: Path) -> bool:
    return re.search(r"^def build\(", path.read_text(), re.M) is not None


def example_jobs() -> List[Job]:
    paths = sorted(p for p in EXAMPLES.rglob("*")
                   if p.suffix == ".mlir" or (p.suffix == ".py" and defines_build(p)))
    return [Job("examples", str(p.relative_to(REPO)), "pto-compile") for p in paths]


def generated_jobs(seeds: int) -> List[Job]:
    return [Job("generated", f"seed {seed}", "generated", pipeline=GRAPH_PIPELINES, seed=seed)
            for seed in range(seeds)]


# ----------------------------------------------------------------------------
# One input
# ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Tools:
    pto_opt: str
    pto_translate: str
    cxx: str
    simpler: str
    workdir: str


@dataclass
class LevelResult:
    """``compiled``: the C++ compiled; else ``error`` is the first error
    line (of the compiler, or of the tool that printed no C++)."""

    compiled: bool
    error: str = ""


@dataclass
class Result:
    job: Job
    runtime: str = RUNTIMES[1]
    #: The pipeline's first error when it rejected the input (not compiled).
    rejected: Optional[str] = None
    levels: Dict[str, LevelResult] = field(default_factory=dict)


def run(cmd: Sequence[str], stdin: Optional[str] = None) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(list(cmd), input=stdin, capture_output=True, text=True,
                              timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(list(cmd), -1, "", "error: timed out")


def first_error(stderr: str) -> str:
    """The first line of ``stderr`` with an ``error:`` (else its last line)."""
    lines = stderr.strip().splitlines()
    return next((line for line in lines if "error:" in line), lines[-1] if lines else "")


def runtime_of(text: str) -> str:
    return RUNTIMES[0] if HOST_BUILD_GRAPH in text else RUNTIMES[1]


def include_flags(simpler: str, runtime: str) -> List[str]:
    return [f"-I{Path(simpler) / d.format(rt=runtime)}" for d in INCLUDE_DIRS]


def file_stem(job: Job) -> str:
    return re.sub(r"[^\w.-]+", "_", f"{job.kind}-{job.name}")


def compile_cpp(tools: Tools, job: Job, level: str, runtime: str, cpp: str) -> LevelResult:
    path = Path(tools.workdir) / f"{file_stem(job)}.{level}.cpp"
    path.write_text(cpp)
    result = run([tools.cxx, *CXX_FLAGS, *include_flags(tools.simpler, runtime), str(path)])
    if result.returncode == 0:
        return LevelResult(True)
    return LevelResult(False, first_error(result.stderr))


def translate(tools: Tools, prepared: str, level: str) -> Tuple[Optional[str], str]:
    result = run([tools.pto_translate, "--pto-to-cpp", f"--pto-runtime-api={level}", "-"],
                 prepared)
    if result.returncode != 0:
        return None, "pto-translate: " + first_error(result.stderr)
    return result.stdout, ""


def check_with_tools(tools: Tools, job: Job, text: str) -> Result:
    """``text`` through pto-opt (``job.pipeline``), then each level through
    pto-translate and the compiler. Rejected: pto-opt, or pto-translate at
    every level, exits with a diagnostic (no C++ to compile)."""
    result = Result(job, runtime_of(text))
    prepared = run([tools.pto_opt, *job.pipeline, "-"], text)
    if prepared.returncode != 0:
        result.rejected = "pto-opt: " + first_error(prepared.stderr)
        return result
    translated = {level: translate(tools, prepared.stdout, level) for level in LEVELS}
    if all(cpp is None for cpp, _ in translated.values()):
        result.rejected = translated[LEVELS[0]][1]
        return result
    for level, (cpp, error) in translated.items():
        result.levels[level] = (LevelResult(False, error) if cpp is None else
                                compile_cpp(tools, job, level, result.runtime, cpp))
    return result


def check_with_pto_compile(tools: Tools, job: Job) -> Result:
    """The example ``job.name`` through ``pto-compile --runtime-api`` at
    each level; the runtime is read from the legalized IR it writes."""
    result = Result(job)
    for index, level in enumerate(LEVELS):
        out = Path(tools.workdir) / f"{file_stem(job)}.{level}.out"
        compiled = run([sys.executable, "-m", "pto_mlir", str(REPO / job.name), "-o", str(out),
                        "--runtime-api", level, "--emit", "ir,cpp", "-q"])
        if compiled.returncode != 0:
            if index == 0:
                result.rejected = "pto-compile: " + first_error(compiled.stderr)
                return result
            result.levels[level] = LevelResult(False, "pto-compile: " + first_error(compiled.stderr))
            continue
        stem = Path(job.name).stem
        result.runtime = runtime_of((out / f"{stem}.legalized.mlir").read_text())
        result.levels[level] = compile_cpp(tools, job, level, result.runtime,
                                           (out / f"{stem}.cpp").read_text())
    return result


def check(tools: Tools, job: Job) -> Result:
    if job.how == "pto-compile":
        return check_with_pto_compile(tools, job)
    if job.how == "generated":
        from pto_mlir.sim import generator
        return check_with_tools(tools, job, generator.generate(job.seed).text)
    return check_with_tools(tools, job, job.text)


def check_all(tools: Tools, jobs: Sequence[Job], workers: int) -> List[Result]:
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(check, tools, job) for job in jobs]
        results = []
        for done, future in enumerate(futures, 1):
            results.append(future.result())
            if done % 50 == 0 or done == len(futures):
                print(f"  {done}/{len(futures)} inputs", file=sys.stderr, flush=True)
        return results


# ----------------------------------------------------------------------------
# Report
# ----------------------------------------------------------------------------

#: ``path:line:col: `` (or ``path:line: ``, ``<stdin>:line:col: ``).
LOCATION = re.compile(r"[^\s:]+(?::\d+)+:\s*")
PATH = re.compile(r"(?:/[\w.+-]+)+/([\w.+-]+)")


def normalize(error: str) -> str:
    """``error`` without its location and with paths reduced to file names."""
    return PATH.sub(r"\1", LOCATION.sub("", error)).strip()


def count_row(results: Iterable[Result]) -> Tuple[int, Dict[str, Tuple[int, int]]]:
    """(rejected, {level: (compiled, total)}) of ``results``."""
    results = list(results)
    rejected = sum(r.rejected is not None for r in results)
    counts = {}
    for level in LEVELS:
        done = [r.levels[level] for r in results if level in r.levels]
        counts[level] = (sum(l.compiled for l in done), len(done))
    return rejected, counts


def table(results: Sequence[Result]) -> List[str]:
    rows: List[Tuple[str, str, Sequence[Result]]] = []
    for kind in KINDS:
        for runtime in RUNTIMES:
            group = [r for r in results if r.job.kind == kind and r.runtime == runtime]
            if group:
                rows.append((kind, runtime, group))
    for runtime in RUNTIMES:
        rows.append(("total", runtime, [r for r in results if r.runtime == runtime]))
    rows.append(("total", "all", list(results)))
    header = f"{'source':<10} {'runtime':<25} {'inputs':>6} {'rejected':>8}"
    header += "".join(f" {level:>17}" for level in LEVELS)
    lines = [header, "-" * len(header)]
    for kind, runtime, group in rows:
        if kind == "total" and runtime == RUNTIMES[0]:
            lines.append("-" * len(header))
        rejected, counts = count_row(group)
        line = f"{kind:<10} {runtime:<25} {len(group):>6} {rejected:>8}"
        line += "".join(f" {f'{c}/{t}':>17}" for c, t in counts.values())
        lines.append(line)
    return lines


def common_errors(results: Sequence[Result], level: str, top: int) -> List[str]:
    counts: collections.Counter[str] = collections.Counter()
    example: Dict[str, Result] = {}
    for r in results:
        outcome = r.levels.get(level)
        if outcome is not None and not outcome.compiled:
            message = normalize(outcome.error)
            counts[message] += 1
            example.setdefault(message, r)
    failed = sum(counts.values())
    lines = [f"{level}: {failed} failed, {len(counts)} distinct first errors"]
    for message, n in counts.most_common(top):
        r = example[message]
        lines.append(f"  {n:>4}  {message}")
        lines.append(f"        e.g. {r.job.kind} {r.job.name} ({r.runtime})")
    return lines


def rejections(results: Sequence[Result], top: int) -> List[str]:
    counts = collections.Counter(normalize(r.rejected) for r in results if r.rejected)
    return [f"  {n:>4}  {message}" for message, n in counts.most_common(top)]


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------


def find_tools(simpler: str, workdir: str) -> Tools:
    from pto_mlir.sim import fuzz
    cxx = os.environ.get("CXX") or shutil.which("g++")
    if cxx is None:
        raise SystemExit("no C++ compiler: set CXX or put g++ on PATH")
    return Tools(fuzz.find_pto_opt(), fuzz.find_pto_translate(), cxx, simpler, workdir)


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simpler", required=True, metavar="DIR",
                        help="a checkout of the public PTO runtime (simpler)")
    parser.add_argument("--seeds", type=int, default=100,
                        help="generated programs: seeds 0 .. N-1 (default 100)")
    parser.add_argument("--show-errors", type=int, default=0, metavar="K",
                        help="print the K most common first errors per level")
    parser.add_argument("--jobs", type=int, default=MAX_WORKERS,
                        help=f"worker processes (at most {MAX_WORKERS})")
    parser.add_argument("--keep", metavar="DIR",
                        help="write the C++ files into DIR (kept) instead of a temporary one")
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_args(argv)
    simpler = Path(args.simpler).resolve()
    for runtime in RUNTIMES:
        header = simpler / INCLUDE_DIRS[1].format(rt=runtime) / "pto_orchestration_api.h"
        if not header.is_file():
            raise SystemExit(f"{args.simpler} is not a simpler checkout: no {header}")
    start = time.perf_counter()
    jobs = lit_jobs() + example_jobs() + generated_jobs(args.seeds)
    workers = max(1, min(args.jobs, MAX_WORKERS))
    with tempfile.TemporaryDirectory(prefix="simpler-cpp-") as temporary:
        workdir = Path(args.keep or temporary)
        workdir.mkdir(parents=True, exist_ok=True)
        tools = find_tools(str(simpler), str(workdir.resolve()))
        print(f"{len(jobs)} inputs, {workers} workers, against {simpler}", file=sys.stderr)
        results = check_all(tools, jobs, workers)
    print(f"Generated C++ compiled against simpler ({simpler}): "
          f"g++ {' '.join(CXX_FLAGS)}, compiled/total per runtime API level")
    print()
    print("\n".join(table(results)))
    if args.show_errors > 0:
        print()
        print(f"Most common first errors (top {args.show_errors} per level):")
        for level in LEVELS:
            print("\n".join(common_errors(results, level, args.show_errors)))
        rejected = rejections(results, args.show_errors)
        if rejected:
            print(f"Rejected, no C++ (top {args.show_errors}):")
            print("\n".join(rejected))
    print()
    print(f"wall time: {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
