"""Command line: check one .mlir program against the record/replay model.

    python -m pto_mlir.sim program.mlir [--entry main] [--runs 3] [--seed 0] [--no-data]

Runs the orchestration ``@entry`` ``--runs`` times with deterministic random
arguments (``pto_mlir.sim.differential.default_arguments``), eagerly and
under record/replay, for the program as written and for its legalized form
(``pto-opt --pto-graph-legalize-pipeline``), and prints for each: whether
replay equals eager (arguments and task trace), the graph-heap bytes per
run and the recordings made. Exit status: 0 if the program is rejected by
the pipeline or accepted and replays exactly, 1 otherwise.

With ``--no-data`` (accounting mode, ``Runtime(..., data=False)``) nothing
is computed, so programs of any tensor size run in seconds: only replay
runs, and for each form it prints the graph-heap bytes per run and the
recordings made; nothing is compared. Exit status: 0 unless a run fails.
"""

import argparse
import sys

import numpy as np

from ..ir import Context, MLIRError, Module
from . import fuzz
from .differential import default_arguments, first_difference
from .errors import SimError
from .program import load_program
from .runtime import Runtime


def _report(label: str, program, reference, entry: str, runs, data: bool = True) -> bool:
    eager = Runtime(reference, "eager") if data else None
    replay = Runtime(program, "replay", data=data)
    ok = True
    for i, args in enumerate(runs):
        try:
            a = eager.run(entry, args) if data else None
            b = replay.run(entry, args)
        except SimError as e:
            print(f"  {label} run {i}: {type(e).__name__}: {e}")
            return False
        if data:
            diff = first_difference(a, b)
            same_trace = a.trace == b.trace
            ok = ok and diff is None and same_trace
            verdict = "replay == eager; " if diff is None and same_trace else \
                f"REPLAY DIFFERS: {diff or 'task trace differs (dead values)'}; "
        else:
            verdict = ""  # no contents to compare
        print(f"  {label} run {i}: {verdict}graph heap {b.stats.graph_heap_bytes} B; "
              f"{b.stats.records} recorded, {b.stats.replays} replayed")
    for graph, defs in replay.definitions.items():
        print(f"  {label} @{graph}: {len(defs)} definition(s), "
              f"{[d.num_nodes for d in defs]} nodes, "
              f"{[d.alloc_bytes for d in defs]} B graph heap per submission, config keys "
              f"{[sorted(k for k in d.config) for d in defs]}")
    return ok


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Check a program against the replay model.")
    ap.add_argument("path")
    ap.add_argument("--entry", default="main")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-data", dest="data", action="store_false",
                    help="accounting mode: replay without tensor contents (no kernel is "
                         "evaluated, nothing compared); report graph heap and recordings")
    args = ap.parse_args(argv)
    text = open(args.path).read()
    with Context():
        try:
            original = load_program(Module.parse(text))
        except MLIRError as e:
            print(f"does not parse: {e}")
            return 1
    rng = np.random.default_rng(args.seed)
    runs = [default_arguments(original, args.entry, rng, data=args.data)
            for _ in range(args.runs)]
    print("as written:")
    ok = _report("original", original, original, args.entry, runs, args.data)
    status, output = fuzz.run_pipeline(text, fuzz.find_pto_opt())
    print(f"pipeline: {status}")
    if status != "accepted":
        print("  " + output.strip().replace("\n", "\n  ")[:3000])
        return 0 if status == "rejected" else 1
    with Context():
        legalized = load_program(Module.parse(output))
    if not args.data:
        print("legalized:")
        ok = _report("legalized", legalized, original, args.entry, runs, False) and ok
        return 0 if ok else 1
    print("legalized (reference: eager execution of the program as written):")
    return 0 if _report("legalized", legalized, original, args.entry, runs) else 1


if __name__ == "__main__":
    sys.exit(main())
