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

The program may be text or MLIR bytecode. A path that cannot be read, a
program that does not parse or has no orchestration ``@entry`` is reported
in one line on stderr, with exit status 2.
"""

import argparse
import re
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


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _parse_error(path: str, error: MLIRError) -> str:
    """The parser's diagnostics at ``path:line:col``, on one line."""
    parts = []
    for d in error.error_diagnostics:
        m = re.match(r'loc\("[^"]*":(\d+):(\d+)\)', str(d.location))
        parts.append(f"{path}:{m.group(1)}:{m.group(2)}: {d.message}" if m
                     else f"{path}: {d.message}")
    if parts:
        return "; ".join(parts)
    return f"{path} does not parse: " + " ".join(str(error).split())


def _as_text(source: bytes, module: Module) -> str:
    if source.startswith(b"ML\xefR"):   # MLIR bytecode's magic number
        return module.operation.get_asm(enable_debug_info=True)
    return source.decode("utf-8", errors="replace")


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
    try:
        with open(args.path, "rb") as f:
            source = f.read()
    except OSError as e:
        return _fail(f"cannot read {args.path}: {e.strerror}")
    with Context():
        try:
            module = Module.parse(source)
        except MLIRError as e:
            return _fail(_parse_error(args.path, e))
        # The pipeline runs in pto-opt, which takes the program as text
        # (bytecode printed back as text; text as it was, locations kept).
        text = _as_text(source, module)
        original = load_program(module)
    entries = sorted(name for name, fn in original.functions.items()
                     if fn.kind == "orchestration")
    if args.entry not in entries:
        found = ", ".join(f"@{name}" for name in entries) or "none"
        return _fail(f"{args.path} has no orchestration @{args.entry} (--entry); "
                     f"orchestration functions: {found}")
    rng = np.random.default_rng(args.seed)
    try:
        runs = [default_arguments(original, args.entry, rng, data=args.data)
                for _ in range(args.runs)]
    except SimError as e:
        return _fail(f"@{args.entry}: {e}")
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
