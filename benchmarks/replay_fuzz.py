"""Long-running differential fuzzing of the Graph-boundary legalization.

Generates Graph programs (``pto_mlir.sim.generator``), runs each through
``pto-opt`` (legalization, then its verifier) and through the record/replay
model (``pto_mlir.sim``), and prints counts: generated, accepted, rejected,
replay mismatches, crashes, hangs, and the rest of the outcome classes of
``pto_mlir.sim.fuzz``. Every program whose outcome is a bug is saved (text,
legalized text, diagnostic) under ``--save-dir`` and, with ``--minimize``,
reduced line by line to a smaller program with the same outcome.

    python benchmarks/replay_fuzz.py --minutes 5
    python benchmarks/replay_fuzz.py --seeds 2000 --start 100000
    python benchmarks/replay_fuzz.py --minutes 2 --enable local-view --minimize

``--enable`` turns on generator features that reproduce known, open bugs
(``local-view``, ``graph-write``); without it the run looks for new ones.
Needs ``pto-opt`` on PATH (or ``PTO_OPT``). Exit status: 1 if any bug was
found, 0 otherwise.
"""

import argparse
import collections
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pto_mlir.sim import fuzz, generator


def minimize(text: str, runs, status: str, pto_opt: str, budget: float) -> str:
    """Greedy line-based delta debugging: removes chunks of lines (halving
    the chunk size) while the outcome keeps ``status``."""
    lines = text.splitlines()
    deadline = time.monotonic() + budget
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        i, changed = 0, False
        while i < len(lines) and time.monotonic() < deadline:
            candidate = lines[:i] + lines[i + chunk:]
            outcome = fuzz.check_text("\n".join(candidate) + "\n", runs, pto_opt=pto_opt)
            if outcome.status == status:
                lines, changed = candidate, True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    return "\n".join(lines) + "\n"


def snapshot(pto_opt: str) -> str:
    """Copies ``pto-opt`` to a private directory, so that one run tests one
    build even if the binary is rebuilt meanwhile (retries while it is being
    written)."""
    target = Path(tempfile.mkdtemp(prefix="replay-fuzz-")) / "pto-opt"
    for _ in range(60):
        try:
            shutil.copy2(pto_opt, target)
            subprocess.run([str(target), "--version"], capture_output=True, check=True,
                           timeout=60)
            return str(target)
        except (OSError, subprocess.SubprocessError):
            time.sleep(5)
    raise RuntimeError(f"could not snapshot {pto_opt}")


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
                    help="use pto-opt in place instead of a private copy")
    args = ap.parse_args(argv)
    if args.seeds is None and args.minutes is None:
        args.seeds = 500
    pto_opt = fuzz.find_pto_opt()
    if not args.no_snapshot:
        pto_opt = snapshot(pto_opt)
    print(f"pto-opt: {pto_opt}", flush=True)
    save = Path(args.save_dir)

    counts = collections.Counter()
    features = collections.Counter()
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
                f"[{time.monotonic() - start:.0f}s]")

    while not done():
        gp = generator.generate(seed, args.enable)
        outcome = fuzz.check_text(gp.text, gp.runs, pto_opt=pto_opt)
        counts["generated"] += 1
        counts[outcome.status] += 1
        features.update(gp.features)
        if outcome.status == "definition-limit" and \
                "DefinitionLimitError" not in outcome.original_replay_error:
            counts["definition limit only after legalizing"] += 1
        if outcome.status == "ok":
            if outcome.original_replay_wrong:
                counts["ok, un-legalized replays wrongly"] += 1
            heap_orig += sum(outcome.graph_heap_original)
            heap_leg += sum(outcome.graph_heap_legalized)
        if outcome.is_bug or outcome.status in ("invalid", "eager-error"):
            saved = counts[f"saved {outcome.status}"]
            if saved < args.max_saved:
                counts[f"saved {outcome.status}"] += 1
                d = save / outcome.status
                d.mkdir(parents=True, exist_ok=True)
                (d / f"seed{seed}.mlir").write_text(gp.text)
                (d / f"seed{seed}.txt").write_text(outcome.detail + "\n")
                if outcome.legalized:
                    (d / f"seed{seed}.legalized.mlir").write_text(outcome.legalized)
                if args.minimize and outcome.is_bug:
                    small = minimize(gp.text, gp.runs, outcome.status, pto_opt, budget=120)
                    (d / f"seed{seed}.min.mlir").write_text(small)
                print(f"seed {seed}: {outcome.status}: {outcome.detail[:300]}", flush=True)
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
    print("features: " + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))
    bugs = sum(counts[s] for s in fuzz.BUG_STATUSES)
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
