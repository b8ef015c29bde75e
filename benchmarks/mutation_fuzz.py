"""Long-running mutation fuzzing of pto-opt and pto-translate.

Mutates the chunks of the ``.mlir`` files in ``test/`` and ``examples/``
(line and token mutations, ``scripts/mutate.py``), runs every mutant through
``pto-opt --pto-graph-legalize-pipeline``, ``pto-opt
--pto-orchestration-prepare-pipeline`` and ``pto-translate --pto-to-cpp``
(each process with a timeout) and prints counts: mutants tried, outputs,
diagnostics, crashes, hangs. Every input must end in output or a
diagnostic, so each crash or hang is a bug (crashes in upstream MLIR code
that the tools cannot avoid are named as such, see
``mutate.KNOWN_UPSTREAM_CRASHES``): the first ``--max-saved`` of
each signature are saved under ``--save-dir`` (the mutant, the input and
command of the failing step, stderr) and, with ``--minimize``, reduced to a
small input that reproduces with the command alone (``min.mlir``).
``--compile`` also syntax-checks the printed C++ with g++ (or ``CXX``)
against the runtime API header in ``--runtime-include`` (by default
``$PTO_RUNTIME_INCLUDE`` if set, else this repository's ``runtime/include``,
found from the script's own location) and counts the C++ that does not
compile (saved under ``--save-dir/not-compiling``).

    python benchmarks/mutation_fuzz.py --minutes 5 --minimize
    python benchmarks/mutation_fuzz.py --mutants 20000 --seed 3 --compile
    python benchmarks/mutation_fuzz.py --show 7:1234     # print mutant 1234 of seed 7

Needs ``pto-opt`` and ``pto-translate`` on PATH (or ``PTO_OPT``,
``PTO_TRANSLATE``). The tools are copied to a private directory first
(``--no-snapshot`` to use them in place). Exit status: 1 if any crash or
hang other than a known upstream one was found, 0 otherwise.
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: The runtime API header directory when $PTO_RUNTIME_INCLUDE is not set.
DEFAULT_RUNTIME_INCLUDE = REPO / "runtime" / "include"
sys.path.insert(0, str(REPO / "scripts"))

import mutate  # noqa: E402


def snapshot(tool: str) -> str:
    """Copies ``tool`` to a private directory, so that one run tests one
    build even if the binary is rebuilt meanwhile."""
    target = Path(tempfile.mkdtemp(prefix="mutation-fuzz-")) / Path(tool).name
    for _ in range(60):
        try:
            shutil.copy2(tool, target)
            subprocess.run([str(target), "--version"], capture_output=True, check=True,
                           timeout=60)
            return str(target)
        except (OSError, subprocess.SubprocessError):
            time.sleep(5)
    raise RuntimeError(f"could not snapshot {tool}")


def cxx_signature(stderr: str) -> str:
    """The first compiler error, without positions and numbers."""
    line = next((l for l in stderr.splitlines() if "error:" in l), stderr[:200])
    line = line.split("error:", 1)[-1]
    return re.sub(r"‘[^’]*’|'[^']*'|\d+", "_", line).strip()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=None, help="time budget")
    ap.add_argument("--mutants", type=int, default=None, help="number of mutants")
    ap.add_argument("--seed", type=int, default=1, help="mutation seed")
    ap.add_argument("--start", type=int, default=0, help="index of the first mutant")
    ap.add_argument("--workers", type=int, default=None, help="parallel mutants "
                    "(default: CPU count)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per process")
    ap.add_argument("--compile", action="store_true",
                    help="syntax-check the printed C++ with g++")
    ap.add_argument("--runtime-include", metavar="DIR",
                    default=os.environ.get("PTO_RUNTIME_INCLUDE") or str(DEFAULT_RUNTIME_INCLUDE),
                    help="directory of pto_orchestration_api.h for --compile (default: "
                    "$PTO_RUNTIME_INCLUDE if set, else this repository's runtime/include, "
                    f"{DEFAULT_RUNTIME_INCLUDE})")
    ap.add_argument("--save-dir", default="/tmp/mutation-bugs")
    ap.add_argument("--minimize", action="store_true", help="reduce each crash/hang saved")
    ap.add_argument("--max-saved", type=int, default=3, help="findings saved per signature")
    ap.add_argument("--report-every", type=float, default=30.0, help="seconds")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="use the tools in place instead of private copies")
    ap.add_argument("--show", metavar="SEED:INDEX",
                    help="print one mutant (its source chunk and mutations) and exit")
    args = ap.parse_args(argv)

    corpus = mutate.load_corpus(REPO)
    if args.show:
        seed, index = (int(x) for x in args.show.split(":"))
        mutant = next(mutate.generate_mutants(corpus, seed, index))
        print(f"// {mutant.description}")
        print(mutant.text, end="")
        return 0
    if args.mutants is None and args.minutes is None:
        args.mutants = 5000

    # The compiler and the header are found here rather than by
    # Tools.find(compile=True), whose header lookup depends on where the
    # pto_mlir package is installed.
    tools = mutate.Tools.find(args.timeout)
    if args.compile:
        from pto_mlir.sim import fuzz
        tools.cxx = fuzz.find_cxx()
        if tools.cxx is None:
            ap.error("no C++ compiler: set CXX or put g++ on PATH")
        include = Path(args.runtime_include)
        if not (include / "pto_orchestration_api.h").is_file():
            ap.error(f"{include} does not hold pto_orchestration_api.h: pass "
                     "--runtime-include (or set PTO_RUNTIME_INCLUDE)")
        tools.include = str(include)
    if not args.no_snapshot:
        tools.pto_opt = snapshot(tools.pto_opt)
        tools.pto_translate = snapshot(tools.pto_translate)
    print(f"pto-opt: {tools.pto_opt}; pto-translate: {tools.pto_translate}; "
          f"{len(corpus)} chunks from {len(mutate.corpus_files(REPO))} files; "
          f"seed {args.seed}", flush=True)
    save = Path(args.save_dir)
    saved = collections.Counter()
    signatures = collections.Counter()
    upstream = {}
    started = time.monotonic()
    last = [started]
    live = mutate.Campaign()

    def on_result(mutant, result):
        live.add(mutant, result)
        live.seconds = time.monotonic() - started
        if result.outcome in mutate.BUG_OUTCOMES:
            signature = result.signature
            signatures[signature] += 1
            if result.known_upstream:
                ref = next(r for n, _, _, r in mutate.KNOWN_UPSTREAM_CRASHES
                           if n == result.known_upstream)
                upstream[signature] = f"\n          known upstream MLIR bug: {ref}"
            if saved[signature] < args.max_saved:
                saved[signature] += 1
                d = mutate.save_finding(save, mutant, result, tools,
                                        minimize_budget=120.0 if args.minimize else 0.0)
                print(f"mutant {mutant.index}: {signature}\n  {mutant.description}\n"
                      f"  saved in {d}", flush=True)
        elif result.cxx_ok is False:
            signature = "C++ does not compile: " + cxx_signature(result.cxx_error)
            signatures[signature] += 1
            if saved[signature] < args.max_saved:
                saved[signature] += 1
                d = save / "not-compiling" / f"{mutant.index}"
                d.mkdir(parents=True, exist_ok=True)
                (d / "mutant.mlir").write_text(mutant.text)
                (d / "prepared.mlir").write_text(result.steps[1].stdout)
                (d / "orchestration.cpp").write_text(result.steps[-1].stdout)
                (d / "g++.txt").write_text(result.cxx_error)
                (d / "description.txt").write_text(mutant.description + "\n")
                print(f"mutant {mutant.index}: C++ does not compile: {mutant.description}\n"
                      f"  {result.cxx_error[:300]}\n  saved in {d}", flush=True)
        if time.monotonic() - last[0] > args.report_every:
            print(live.summary(), flush=True)
            last[0] = time.monotonic()

    campaign = mutate.run_campaign(
        corpus, tools, seed=args.seed, count=args.mutants,
        seconds=None if args.minutes is None else args.minutes * 60,
        workers=args.workers, compile=args.compile, start=args.start, on_result=on_result)
    for line in mutate.describe(campaign, top=1):
        print(line)
    if signatures:
        print("signatures (crashes, hangs, C++ that does not compile):")
        for signature, n in signatures.most_common():
            print(f"  {n:6d}  {signature}{upstream.get(signature, '')}")
    # Known upstream crashes and C++ that does not compile are reported only.
    return 1 if campaign.new_findings else 0


if __name__ == "__main__":
    sys.exit(main())
