"""Long-running differential fuzzing of the Graph-boundary legalization.

Generates Graph programs (``pto_mlir.sim.generator``), runs each through
``pto-opt`` (legalization, then its verifier) and through the record/replay
model (``pto_mlir.sim``), and prints counts: generated, accepted, rejected,
replay mismatches, crashes, hangs, and the rest of the outcome classes of
``pto_mlir.sim.fuzz``. Every accepted program's legalized text is also
prepared, translated (``pto-translate --pto-to-cpp``) and compiled
(``g++ -std=c++17 -fsyntax-only -Werror``), counted as C++ compiled /
translation rejected (a documented "Not translated yet" diagnostic) / C++
failed (C++ that does not compile, another diagnostic, a crash or a hang of
a tool); ``--no-cpp`` skips that. With ``--trace``, the C++ of every
accepted program that compiled is also run on the stub runtime
(``test/stub_runtime``) at both runtime API levels and its runtime calls
compared, task by task, with the simulator's trace of the same prepared IR
(``test/python/cpp_trace.py``): counted as trace same / differs / skipped
(a documented limitation) / error (a tool, the compiler or the stub
failed); slower, a compile and link per program and level. Every program
whose outcome is a bug is
saved (text, legalized text, diagnostic, C++) under ``--save-dir`` and,
with ``--minimize``, reduced line by line to a smaller program with the same
outcome.

    python benchmarks/replay_fuzz.py --minutes 5
    python benchmarks/replay_fuzz.py --seeds 2000 --start 100000
    python benchmarks/replay_fuzz.py --minutes 2 --enable local-view --minimize
    python benchmarks/replay_fuzz.py --minutes 10 --trace

``--enable`` turns on generator features that reproduce known, open bugs
(``local-view``, ``graph-write``); without it the run looks for new ones.
Needs ``pto-opt`` and ``pto-translate`` on PATH (or ``PTO_OPT``,
``PTO_TRANSLATE``) and g++ (or ``CXX``). The C++ is compiled against the
runtime API header in ``--runtime-include``: by default
``$PTO_RUNTIME_INCLUDE`` if set, else this repository's ``runtime/include``
(found from the script's own location, so no variable is needed in a
checkout). Exit status: 1 if any bug was found (a trace that differs or
errs included), 0 otherwise.
"""

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

from pto_mlir.sim import fuzz, generator

REPO = Path(__file__).resolve().parents[1]
#: The runtime API header directory when $PTO_RUNTIME_INCLUDE is not set.
DEFAULT_RUNTIME_INCLUDE = REPO / "runtime" / "include"


def minimize(text: str, runs, status: str, pto_opt: str, budget: float,
             cpp_status: Optional[str] = None, tools: Optional[dict] = None) -> str:
    """Greedy line-based delta debugging: removes chunks of lines (halving
    the chunk size) while the outcome keeps ``status`` (or, if
    ``cpp_status`` is given, while the C++ check keeps it; ``tools`` are
    the C++ check's arguments of ``fuzz.check_text``)."""

    def same(candidate: str) -> bool:
        if cpp_status is None:
            return fuzz.check_text(candidate, runs, pto_opt=pto_opt).status == status
        outcome = fuzz.check_text(candidate, runs, pto_opt=pto_opt, cpp=True, **(tools or {}))
        return outcome.cpp is not None and outcome.cpp.status == cpp_status

    lines = text.splitlines()
    deadline = time.monotonic() + budget
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        i, changed = 0, False
        while i < len(lines) and time.monotonic() < deadline:
            candidate = lines[:i] + lines[i + chunk:]
            if same("\n".join(candidate) + "\n"):
                lines, changed = candidate, True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    return "\n".join(lines) + "\n"


def snapshot(tool: str) -> str:
    """Copies a tool (``pto-opt``, ``pto-translate``) to a private directory,
    so that one run tests one build even if the binary is rebuilt meanwhile
    (retries while it is being written)."""
    target = Path(tempfile.mkdtemp(prefix="replay-fuzz-")) / Path(tool).name
    for _ in range(60):
        try:
            shutil.copy2(tool, target)
            subprocess.run([str(target), "--version"], capture_output=True, check=True,
                           timeout=60)
            return str(target)
        except (OSError, subprocess.SubprocessError):
            time.sleep(5)
    raise RuntimeError(f"could not snapshot {tool}")


def load_cpp_trace():
    """The C++ trace comparison of the tests (test/python/cpp_trace.py)."""
    sys.path.insert(0, str(REPO / "test" / "python"))
    import cpp_trace
    return cpp_trace


def compare_trace(cpp_trace, builder, legalized: str, gp, api: str, pto_opt: str,
                  pto_translate: str) -> tuple[str, str]:
    """Runs the C++ of an accepted program on the stub at API level `api`
    and compares it with the simulator. Returns (status, detail): status is
    "same", "differs", "skipped" (the simulator's Graph definition limit or
    a limitation the translation documents) or "error"."""
    from pto_mlir.sim.errors import DefinitionLimitError

    try:
        result = cpp_trace.compare(legalized, gp.runs, api, builder, pto_opt, pto_translate,
                                   entry=gp.entry)
    except DefinitionLimitError as e:
        return "skipped", str(e)
    except cpp_trace.ToolError as e:
        return ("skipped" if fuzz.documented_limitation(str(e)) else "error"), str(e)
    except Exception as e:  # The simulator refused what it ran before: a bug.
        return "error", f"{type(e).__name__}: {e}"
    if result.difference is not None:
        return "differs", result.difference
    return "same", ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=None, help="number of programs")
    ap.add_argument("--minutes", type=float, default=None, help="time budget")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--enable", action="append", default=[],
                    choices=sorted(generator.KNOWN_BUG_FEATURES),
                    help="generator feature reproducing a known bug")
    ap.add_argument("--save-dir", default="/tmp/replay-bugs/fuzz")
    ap.add_argument("--minimize", action="store_true", help="reduce each bug found")
    ap.add_argument("--max-saved", type=int, default=20, help="bugs to save per status")
    ap.add_argument("--report-every", type=float, default=30.0, help="seconds")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="use the tools in place instead of private copies")
    ap.add_argument("--no-cpp", action="store_true",
                    help="do not translate and compile the accepted programs")
    ap.add_argument("--trace", action="store_true",
                    help="run the C++ of each accepted program on the stub runtime at both "
                    "API levels and compare its calls with the simulator's trace")
    ap.add_argument("--runtime-include", metavar="DIR",
                    default=os.environ.get("PTO_RUNTIME_INCLUDE") or str(DEFAULT_RUNTIME_INCLUDE),
                    help="directory of pto_orchestration_api.h for the C++ check (default: "
                    "$PTO_RUNTIME_INCLUDE if set, else this repository's runtime/include, "
                    f"{DEFAULT_RUNTIME_INCLUDE})")
    args = ap.parse_args(argv)
    if args.seeds is None and args.minutes is None:
        args.seeds = 500
    pto_opt = fuzz.find_pto_opt()
    if not args.no_snapshot:
        pto_opt = snapshot(pto_opt)
    print(f"pto-opt: {pto_opt}", flush=True)
    cpp = not args.no_cpp
    tools = {}
    if cpp:
        cxx = fuzz.find_cxx()
        if cxx is None:
            ap.error("no C++ compiler (set CXX or install g++), or pass --no-cpp")
        pto_translate = fuzz.find_pto_translate()
        if not args.no_snapshot:
            pto_translate = snapshot(pto_translate)
        include = Path(args.runtime_include)
        if not (include / "pto_orchestration_api.h").is_file():
            ap.error(f"{include} does not hold pto_orchestration_api.h: pass "
                     "--runtime-include (or set PTO_RUNTIME_INCLUDE), or pass --no-cpp")
        tools = dict(pto_translate=pto_translate, cxx=cxx, include=str(include))
        print(f"pto-translate: {pto_translate}; compiler: {cxx}; runtime header: {include}",
              flush=True)
    save = Path(args.save_dir)
    trace = None
    if args.trace:
        if not cpp:
            ap.error("--trace runs the C++: drop --no-cpp")
        cpp_trace = load_cpp_trace()
        trace_dir = tempfile.TemporaryDirectory(prefix="replay-fuzz-trace-")
        trace = (cpp_trace, cpp_trace.StubBuilder(Path(trace_dir.name), cxx=tools["cxx"]))

    counts = collections.Counter()
    features = collections.Counter()
    unsupported = collections.Counter()
    heap_orig = heap_leg = 0
    start = time.monotonic()
    last_report = start
    seed = args.start

    def done() -> bool:
        if args.seeds is not None and seed >= args.start + args.seeds:
            return True
        return args.minutes is not None and time.monotonic() - start > args.minutes * 60

    def summary() -> str:
        accepted = sum(counts[s] for s in ("ok", "mismatch", "trace-mismatch",
                                           "runtime-error", "definition-limit"))
        return (f"generated {counts['generated']}  accepted {accepted}  "
                f"rejected {counts['rejected']}  replay mismatches "
                f"{counts['mismatch'] + counts['trace-mismatch']} "
                f"(arguments {counts['mismatch']}, trace only {counts['trace-mismatch']})  "
                f"crashes {counts['crash']}  hangs {counts['hang']}  "
                f"verifier rejects own output {counts['verifier-rejects']}  "
                f"runtime errors {counts['runtime-error']}  "
                f"definition limit {counts['definition-limit']}  "
                f"invalid {counts['invalid']}  eager errors {counts['eager-error']}  "
                + (cpp_summary() if cpp else "") + (trace_summary() if trace else "") +
                f"[{time.monotonic() - start:.0f}s]")

    def cpp_summary() -> str:
        failed = sum(counts["cpp " + s] for s in fuzz.CPP_FAILURE_STATUSES)
        return (f"C++ compiled {counts['cpp compiled']}  translation rejected "
                f"{counts['cpp unsupported']}  C++ failed {failed} (not compiling "
                f"{counts['cpp cxx-error']}, other diagnostics {counts['cpp translate-error']}, "
                f"crashes {counts['cpp translate-crash']}, hangs {counts['cpp translate-hang']})  ")

    def save_case(kind: str, text: str, legalized: str, detail: str,
                  cpp: Optional[str] = None) -> Optional[Path]:
        """Saves the current seed's program (and what the tools made of it)
        under --save-dir/<kind>, up to --max-saved per kind; returns the
        directory, or None past the limit."""
        if counts[f"saved {kind}"] >= args.max_saved:
            return None
        counts[f"saved {kind}"] += 1
        d = save / kind
        d.mkdir(parents=True, exist_ok=True)
        (d / f"seed{seed}.mlir").write_text(text)
        (d / f"seed{seed}.txt").write_text(detail + "\n")
        if legalized:
            (d / f"seed{seed}.legalized.mlir").write_text(legalized)
        if cpp:
            (d / f"seed{seed}.cpp").write_text(cpp)
        print(f"seed {seed}: {kind}: {detail[:300]}", flush=True)
        return d

    def trace_summary() -> str:
        return (f"traces same {counts['trace same']}  differ {counts['trace differs']}  "
                f"skipped {counts['trace skipped']}  errors {counts['trace error']}  ")

    while not done():
        gp = generator.generate(seed, args.enable)
        outcome = fuzz.check_text(gp.text, gp.runs, pto_opt=pto_opt, cpp=cpp, **tools)
        counts["generated"] += 1
        counts[outcome.status] += 1
        if outcome.cpp is not None:
            counts["cpp " + outcome.cpp.status] += 1
            if outcome.cpp.status == "unsupported":
                unsupported[outcome.cpp.detail] += 1
        features.update(gp.features)
        if outcome.status == "definition-limit" and \
                "DefinitionLimitError" not in outcome.original_replay_error:
            counts["definition limit only after legalizing"] += 1
        if outcome.status == "ok":
            if outcome.original_replay_wrong:
                counts["ok, un-legalized replays wrongly"] += 1
            heap_orig += sum(outcome.graph_heap_original)
            heap_leg += sum(outcome.graph_heap_legalized)
        if outcome.status in fuzz.BUG_STATUSES or outcome.status in ("invalid", "eager-error"):
            d = save_case(outcome.status, gp.text, outcome.legalized, outcome.detail)
            if d and args.minimize and outcome.status in fuzz.BUG_STATUSES:
                small = minimize(gp.text, gp.runs, outcome.status, pto_opt, budget=120)
                (d / f"seed{seed}.min.mlir").write_text(small)
        if outcome.cpp is not None and outcome.cpp.is_failure:
            kind = outcome.cpp.status
            d = save_case(kind, gp.text, outcome.legalized, outcome.cpp.detail, outcome.cpp.cpp)
            if d and args.minimize:
                small = minimize(gp.text, gp.runs, outcome.status, pto_opt, budget=120,
                                 cpp_status=kind, tools=tools)
                (d / f"seed{seed}.min.mlir").write_text(small)
        if trace and outcome.status == "ok" and outcome.cpp is not None \
                and outcome.cpp.status == "compiled":
            for api in trace[0].API_LEVELS:
                status, detail = compare_trace(*trace, outcome.legalized, gp, api, pto_opt,
                                               tools["pto_translate"])
                counts["trace " + status] += 1
                if status in ("differs", "error"):
                    save_case(f"trace-{status}-{api}", gp.text, outcome.legalized, detail)
        seed += 1
        if time.monotonic() - last_report > args.report_every:
            print(summary(), flush=True)
            last_report = time.monotonic()

    print(summary())
    print(f"accepted programs whose un-legalized form replays wrongly: "
          f"{counts['ok, un-legalized replays wrongly']} of {counts['ok']}")
    print(f"definition limit reached only after legalizing: "
          f"{counts['definition limit only after legalizing']} of {counts['definition-limit']}")
    print(f"graph heap over all runs of accepted programs: un-legalized {heap_orig} bytes, "
          f"legalized {heap_leg} bytes")
    if cpp:
        print("translation rejected, by documented limitation: "
              + (", ".join(f"{k} {v}" for k, v in sorted(unsupported.items())) or "none"))
    print("features: " + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))
    bugs = sum(counts[s] for s in fuzz.BUG_STATUSES)
    bugs += sum(counts["cpp " + s] for s in fuzz.CPP_FAILURE_STATUSES)
    bugs += counts["trace differs"] + counts["trace error"]
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
