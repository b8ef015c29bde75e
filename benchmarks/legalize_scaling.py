"""Measures how the Graph boundary legalization scales with program size.

Every program is a host_build_graph module whose Graph
``layer(a, c inout, layer_idx)`` derives ``base = layer_idx * 128`` and
passes it to K chained ``pto.submit`` s (each writes ``c`` and is read by the
next). Shapes:

- ``calls``: one Graph, N call sites in a row (each with its own constant
  layer index);
- ``funcs``: N Graphs, each called once;
- ``loop``: one Graph called from a constant-trip ``scf.for`` of N trips;
- ``shared``: like ``funcs``, but every task of every Graph launches the same
  kernel (up to 1,000 Graphs of 1,000 tasks without 1M kernel declarations).

Apart from ``shared``, each task launches its own ``pto.kernel``. "Tasks" is
N x K, the launches of one run; the ``calls`` and ``loop`` modules hold K of
them (and N call sites).

For each (shape, N, K) the script writes the module to a temporary file,
runs ``pto-opt --pto-graph-legalize-pipeline --mlir-timing`` on it (output
discarded) ``--repeat`` times, and prints: the median pipeline time (MLIR's
timing report less parsing, printing and setup; it includes the verifier
MLIR runs after each pass that changed the IR), the time per task, the
median parse time of the same module ("Parser"), their ratio, the wall time
of the whole pto-opt process and its peak resident set. ``--bytecode``
reads and writes MLIR bytecode instead of text.
The last lines fit an exponent (time ~ tasks^e) per shape over the sizes
with at least 1,000 tasks. Nothing here asserts anything: speed is read from
the numbers, never tested against a clock.

Run (docs/performance.md has the table this prints):

    python benchmarks/legalize_scaling.py                  # all shapes
    python benchmarks/legalize_scaling.py --shape shared --max-tasks 1000000
    python benchmarks/legalize_scaling.py --threads        # 1 vs 2 threads
    python benchmarks/legalize_scaling.py --shape shared --bytecode
    python benchmarks/legalize_scaling.py --threads --bytecode --no-verify-each
    python benchmarks/legalize_scaling.py --verifier       # MLIR's verifier alone

``--verifier`` times what the pipeline cannot make faster: MLIR's verifier
(``Operation::verify``, which ``pto-opt`` runs after every pass that changed
the module) on the legalized output of the 1,000-Graph modules, on 1 and 2
threads, through the Python bindings (median of ``--repeat`` calls on one
parsed module). With the pipeline's own time on 1 thread (``--verify-each=false``)
it prints the best 2-thread speedup the whole pipeline could reach if every
pass of the project ran exactly twice as fast on 2 threads and MLIR's
verifier ran as measured.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

T = "!pto.tensor<16x128xf32>"
INOUT = "{pto.direction = #pto.direction<inout>}"


def program(shape: str, n: int, k: int) -> str:
    """Returns the textual module of `shape` with N calls/Graphs, K tasks each."""
    graphs = n if shape in ("funcs", "shared") else 1
    lines = ["module attributes {pto.runtime = #pto.runtime<host_build_graph>} {"]
    kernels = 1 if shape == "shared" else k * graphs
    for i in range(kernels):
        lines.append(f"  pto.kernel aiv @k{i}(%a: {T}, %c: {T} {INOUT}, %s: index)")
    for g in range(graphs):
        lines.append(f"  pto.graph @layer{g}(%a: {T}, %c: {T} {INOUT}, %layer_idx: index) -> {T} {{")
        lines.append("    %c128 = arith.constant 128 : index")
        lines.append("    %base = arith.muli %layer_idx, %c128 : index")
        prev = "%c"
        for t in range(k):
            kernel = 0 if shape == "shared" else g * k + t
            lines.append(f"    %c_{t}, %t_{t} = pto.submit @k{kernel}(%a, {prev}, %base)"
                         f" : ({T}, {T}, index) -> {T}")
            prev = f"%c_{t}"
        lines.append(f"    pto.return %c : {T}")
        lines.append("  }")
    lines.append(f"  pto.orchestration @main(%a: {T}, %c: {T} {INOUT}) {{")
    if shape == "loop":
        lines.append("    %lb = arith.constant 0 : index")
        lines.append("    %st = arith.constant 1 : index")
        lines.append(f"    %ub = arith.constant {n} : index")
        lines.append(f"    %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %c) -> ({T}) {{")
        lines.append(f"      %o = pto.call @layer0(%a, %acc, %i) : ({T}, {T}, index) -> {T}")
        lines.append(f"      scf.yield %o : {T}")
        lines.append("    }")
    else:
        prev = "%c"
        for i in range(n):
            callee = 0 if shape == "calls" else i
            lines.append(f"    %i{i} = arith.constant {i} : index")
            lines.append(f"    %o{i} = pto.call @layer{callee}(%a, {prev}, %i{i})"
                         f" : ({T}, {T}, index) -> {T}")
            prev = f"%o{i}"
    lines.append("    pto.return")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


@dataclass
class Run:
    pipeline_s: float
    parse_s: float
    process_s: float  # The whole pto-opt process, wall clock.
    peak_rss_mb: float


# Runs a command and prints its peak RSS. A child forked from this script
# would start from this script's own RSS (which holds the generated text);
# forked from a fresh interpreter it starts small.
_RUNNER = """
import os, subprocess, sys, time
start = time.perf_counter()
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = proc.stderr.read()
_, status, usage = os.wait4(proc.pid, 0)
sys.stderr.buffer.write(err)
print(usage.ru_maxrss, time.perf_counter() - start)
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_once(pto_opt: str, path: str, threads: int | None, bytecode: bool,
             verify_each: bool = True) -> Run:
    """Runs the pipeline once; returns MLIR's timing figures and the peak RSS."""
    cmd = [pto_opt, path, "--pto-graph-legalize-pipeline", "--mlir-timing",
           "-o", os.devnull]
    if bytecode:
        cmd.append("--emit-bytecode")
    if not verify_each:
        cmd.append("--verify-each=false")
    if threads == 1:
        cmd.append("--mlir-disable-threading")
    proc = subprocess.run([sys.executable, "-c", _RUNNER, *cmd],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"pto-opt failed on {path}:\n{proc.stderr[-2000:]}")
    # MLIR's report: the pipeline is what is neither parsing, printing nor
    # setup ("Rest"), whatever the pass nesting.
    rows = {}
    for line in proc.stderr.splitlines():
        cols = re.findall(r"([0-9]+\.[0-9]+)\s+\(\s*[0-9.]+%\)", line)
        if cols:
            rows[re.sub(r".*\)\s+", "", line).strip()] = float(cols[-1])
    total, parse = rows.get("Total", 0.0), rows.get("Parser", 0.0)
    pipeline = total - parse - rows.get("Output", 0.0) - rows.get("Rest", 0.0)
    maxrss_kb, wall_s = proc.stdout.split()[-2:]
    return Run(pipeline, parse, float(wall_s), int(maxrss_kb) / 1024.0)


def measure(pto_opt: str, shape: str, n: int, k: int, repeat: int,
            threads: int | None = None, bytecode: bool = False,
            verify_each: bool = True) -> Run:
    """Median of `repeat` runs on the module of (shape, N, K); with
    `bytecode`, the module is read and written as MLIR bytecode; without
    `verify_each`, MLIR does not verify the module after each pass (the
    pipeline's own work only)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in.mlir")
        with open(path, "w") as f:
            f.write(program(shape, n, k))
        if bytecode:
            subprocess.run([pto_opt, path, "--emit-bytecode", "-o", path + "bc"],
                           check=True)
            path += "bc"
        runs = [run_once(pto_opt, path, threads, bytecode, verify_each)
                for _ in range(repeat)]
    return Run(statistics.median(r.pipeline_s for r in runs),
               statistics.median(r.parse_s for r in runs),
               statistics.median(r.process_s for r in runs),
               max(r.peak_rss_mb for r in runs))


@dataclass
class VerifierRun:
    serial_s: float  # Operation::verify on the legalized module, 1 thread.
    threaded_s: float  # The same with MLIR's thread pool (every core).


def measure_verifier(pto_opt: str, shape: str, n: int, k: int,
                     repeat: int) -> VerifierRun:
    """Medians of `repeat` verifications of the legalized module of
    (shape, N, K), without and with multithreading. Needs the pto_mlir
    package (the venv the tools were installed into)."""
    from pto_mlir import ir  # Only this mode needs the bindings.

    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "in.mlir"), os.path.join(tmp, "out.mlirbc")
        with open(src, "w") as f:
            f.write(program(shape, n, k))
        subprocess.run([pto_opt, src, "--pto-graph-legalize-pipeline",
                        "--emit-bytecode", "-o", out], check=True)
        with open(out, "rb") as f:
            data = f.read()
    medians = []
    for threaded in (False, True):
        ctx = ir.Context()
        ctx.enable_multithreading(threaded)
        with ctx:
            module = ir.Module.parse(data)
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                if not module.operation.verify():
                    raise SystemExit(f"the legalized {shape} {n}x{k} module does not verify")
                times.append(time.perf_counter() - start)
            medians.append(statistics.median(times))
    return VerifierRun(*medians)


def fit_exponent(points: list[tuple[int, float]]) -> float | None:
    """Least-squares slope of log(time) over log(tasks)."""
    points = [(x, y) for x, y in points if x > 0 and y > 0]
    if len(points) < 2:
        return None
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else None


def default_pto_opt() -> str:
    tools = os.environ.get("PTO_TOOLS_DIR")
    if tools:
        return os.path.join(tools, "pto-opt")
    here = os.path.dirname(sys.executable)
    candidate = os.path.join(here, "pto-opt")
    return candidate if os.path.exists(candidate) else "pto-opt"


def sizes(shape: str, max_tasks: int) -> list[tuple[int, int]]:
    if shape == "shared":
        grid = [(1, 1000), (10, 1000), (100, 1000), (1000, 1000)]
    else:
        grid = [(n, k) for n in (1, 10, 100, 1000) for k in (1, 10, 100, 1000)]
    return [(n, k) for n, k in grid if n * k <= max_tasks]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shape", action="append",
                        choices=["calls", "funcs", "loop", "shared"])
    parser.add_argument("--max-tasks", type=int, default=1_000_000,
                        help="skip sizes with more tasks (default 1,000,000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (median)")
    parser.add_argument("--pto-opt", default=default_pto_opt())
    parser.add_argument("--threads", action="store_true",
                        help="compare 1 and 2 threads on 1000-Graph modules instead")
    parser.add_argument("--bytecode", action="store_true",
                        help="read and write MLIR bytecode instead of text")
    parser.add_argument("--no-verify-each", dest="verify_each", action="store_false",
                        help="pass --verify-each=false: time the passes without the "
                             "verifier MLIR runs after each pass that changed the module")
    parser.add_argument("--verifier", action="store_true",
                        help="time MLIR's verifier alone on the legalized 1000-Graph "
                             "modules, 1 and 2 threads, and the pipeline's best "
                             "2-thread speedup that leaves")
    args = parser.parse_args()

    if args.verifier:
        print(f"{'shape':>6} {'N':>5} {'K':>5} {'verify 1T ms':>13} {'us/task':>8} "
              f"{'verify 2T ms':>13} {'speedup':>8} {'passes 1T ms':>13} {'ceiling':>8}")
        for shape, n, k in [("funcs", 1000, 1), ("funcs", 1000, 10),
                            ("funcs", 1000, 100), ("shared", 1000, 1000)]:
            v = measure_verifier(args.pto_opt, shape, n, k, args.repeat)
            passes = measure(args.pto_opt, shape, n, k, args.repeat, 1, True,
                             verify_each=False).pipeline_s
            # The pipeline verifies the module once, after the legalization.
            ceiling = (passes + v.serial_s) / (passes / 2 + v.threaded_s)
            print(f"{shape:>6} {n:>5} {k:>5} {v.serial_s * 1e3:>13.1f} "
                  f"{v.serial_s * 1e6 / (n * k):>8.2f} {v.threaded_s * 1e3:>13.1f} "
                  f"{v.serial_s / v.threaded_s:>8.2f} {passes * 1e3:>13.1f} "
                  f"{ceiling:>8.2f}", flush=True)
        return

    if args.threads:
        print(f"{'shape':>6} {'N':>5} {'K':>5} {'1 thread ms':>12} {'2 threads ms':>13} {'speedup':>8}")
        for shape, n, k in [("funcs", 1000, 10), ("funcs", 1000, 100), ("shared", 1000, 1000)]:
            one = measure(args.pto_opt, shape, n, k, args.repeat, 1, args.bytecode,
                          args.verify_each)
            two = measure(args.pto_opt, shape, n, k, args.repeat, 2, args.bytecode,
                          args.verify_each)
            print(f"{shape:>6} {n:>5} {k:>5} {one.pipeline_s * 1e3:>12.1f} "
                  f"{two.pipeline_s * 1e3:>13.1f} {one.pipeline_s / two.pipeline_s:>8.2f}")
        return

    shapes = args.shape or ["calls", "funcs", "loop", "shared"]
    print(f"{'shape':>6} {'N':>5} {'K':>5} {'tasks':>8} {'legalize ms':>12} {'us/task':>8} "
          f"{'parse ms':>9} {'ratio':>6} {'process s':>9} {'peak MB':>8}", flush=True)
    for shape in shapes:
        points = []
        for n, k in sizes(shape, args.max_tasks):
            tasks = n * k
            r = measure(args.pto_opt, shape, n, k, args.repeat, bytecode=args.bytecode,
                        verify_each=args.verify_each)
            ratio = r.pipeline_s / r.parse_s if r.parse_s else float("nan")
            print(f"{shape:>6} {n:>5} {k:>5} {tasks:>8} {r.pipeline_s * 1e3:>12.2f} "
                  f"{r.pipeline_s * 1e6 / tasks:>8.2f} {r.parse_s * 1e3:>9.2f} "
                  f"{ratio:>6.2f} {r.process_s:>9.2f} {r.peak_rss_mb:>8.1f}", flush=True)
            if tasks >= 1000:
                points.append((tasks, r.pipeline_s))
        e = fit_exponent(points)
        if e is not None:
            print(f"{shape:>6} exponent over >= 1,000 tasks: {e:.2f}", flush=True)


if __name__ == "__main__":
    main()
