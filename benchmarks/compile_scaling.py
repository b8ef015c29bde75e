"""Measures how the whole ``pto-compile`` scales with program size.

The programs are legalize_scaling.py's (``calls``, ``funcs``, ``loop``,
``shared``: N call sites or Graphs, K chained tasks each). For each
(shape, N, K) the script writes the module to a temporary file and, ``--repeat``
times, runs:

- ``pto-compile FILE -o DIR -q`` as a process: its wall time, its peak
  resident set, and the stages of its own timing line (``report.json``'s
  ``timings``: parsing, verifying, legalizing, reporting, preparing,
  translating); "other" is the rest of the process (interpreter start-up,
  imports, writing the output folder, exit);
- ``pto-opt --pto-graph-legalize-pipeline`` on the same file (process wall
  time): the issue's yardstick, ``ratio`` = pto-compile / pto-opt;
- ``pto-opt --pto-orchestration-prepare-pipeline --mlir-timing
  --verify-each=false`` on pto-compile's legalized output: each prepare
  pass's own time (``--passes`` prints them all; the table shows the
  slowest).

Medians are printed per size; the last lines fit an exponent (time ~
tasks^e) per shape and column over the sizes with at least 1,000 tasks.
``--qwen3`` adds the main job (``pto-compile
examples/qwen3_14b_decode_full/model.py``). Nothing here asserts anything:
speed is read from the numbers, never tested against a clock.

Run (docs/performance.md has the tables this prints):

    python benchmarks/compile_scaling.py                       # all shapes, <= 100k tasks
    python benchmarks/compile_scaling.py --shape funcs --graphs-only
    python benchmarks/compile_scaling.py --shape shared --max-tasks 1000000
    python benchmarks/compile_scaling.py --qwen3 --shape calls --max-tasks 1
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from legalize_scaling import _RUNNER, fit_exponent, program  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
STAGES = ("parsing", "verifying", "legalizing", "reporting", "preparing", "translating")


@dataclass
class Run:
    process_s: float
    peak_rss_mb: float
    stages: dict[str, float]
    opt_s: float = 0.0
    passes: dict[str, float] = field(default_factory=dict)

    @property
    def other_s(self) -> float:
        return self.process_s - sum(self.stages.values())


def timed(cmd: list[str]) -> tuple[float, float, str]:
    """(wall seconds, peak RSS in MiB, stderr) of one process."""
    proc = subprocess.run([sys.executable, "-c", _RUNNER, *cmd], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr[-3000:]}")
    maxrss_kb, wall_s = proc.stdout.split()[-2:]
    return float(wall_s), int(maxrss_kb) / 1024.0, proc.stderr


def mlir_timing_rows(stderr: str) -> dict[str, float]:
    """Wall seconds per row of MLIR's --mlir-timing report."""
    rows = {}
    for line in stderr.splitlines():
        cols = re.findall(r"([0-9]+\.[0-9]+)\s+\(\s*[0-9.]+%\)", line)
        if cols:
            rows[re.sub(r".*\)\s+", "", line).strip()] = float(cols[-1])
    return rows


def run_once(tools: Path, path: str, out: str, yardstick: bool) -> Run:
    wall, rss, _ = timed([str(tools / "pto-compile"), path, "-o", out, "-q"])
    report = json.loads((Path(out) / "report.json").read_text())
    run = Run(wall, rss, dict(report["timings"]))
    if yardstick:
        run.opt_s, _, _ = timed([str(tools / "pto-opt"), path,
                                 "--pto-graph-legalize-pipeline", "-o", os.devnull])
        legalized = next(Path(out).glob("*.legalized.mlir"))
        _, _, err = timed([str(tools / "pto-opt"), str(legalized),
                           "--pto-orchestration-prepare-pipeline", "--mlir-timing",
                           "--verify-each=false", "-o", os.devnull])
        rows = mlir_timing_rows(err)
        run.passes = {k: v for k, v in rows.items()
                      if k not in ("Parser", "Output", "Rest", "Total")
                      and not k.startswith(("Pipeline Collection", "'pto."))}
    return run


def median_run(runs: list[Run]) -> Run:
    def med(values):
        return statistics.median(values)
    passes = {k: med([r.passes.get(k, 0.0) for r in runs]) for k in runs[0].passes}
    return Run(med([r.process_s for r in runs]), max(r.peak_rss_mb for r in runs),
               {k: med([r.stages.get(k, 0.0) for r in runs]) for k in runs[0].stages},
               med([r.opt_s for r in runs]), passes)


def measure(tools: Path, text: str, repeat: int, suffix: str = ".mlir") -> Run:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in" + suffix)
        Path(path).write_text(text)
        return median_run([run_once(tools, path, os.path.join(tmp, f"out{i}"), True)
                           for i in range(repeat)])


def measure_qwen3(tools: Path, repeat: int) -> Run:
    model = REPO / "examples" / "qwen3_14b_decode_full" / "model.py"
    with tempfile.TemporaryDirectory() as tmp:
        runs = [run_once(tools, str(model), os.path.join(tmp, f"out{i}"), False)
                for i in range(repeat)]
    return median_run(runs)


def sizes(shape: str, max_tasks: int, graphs_only: bool) -> list[tuple[int, int]]:
    if graphs_only:
        grid = [(n, 1) for n in (1, 10, 100, 1000, 10000)]
    elif shape == "shared":
        grid = [(1, 1000), (10, 1000), (100, 1000), (1000, 1000)]
    else:
        grid = [(n, k) for n in (1, 10, 100, 1000, 10000) for k in (1, 10, 100, 1000)]
    return [(n, k) for n, k in grid if n * k <= max_tasks]


def default_tools() -> Path:
    tools = os.environ.get("PTO_TOOLS_DIR")
    return Path(tools) if tools else Path(sys.executable).parent


HEADER = (f"{'shape':7} {'N':>6} {'K':>5} {'tasks':>8} {'process':>8} "
          + " ".join(f"{s[:9]:>9}" for s in STAGES)
          + f" {'other':>7} {'pto-opt':>8} {'ratio':>6} {'RSS MiB':>8}  slowest prepare pass")


def row(shape: str, n: int, k: int, run: Run) -> str:
    slowest = max(run.passes.items(), key=lambda kv: kv[1], default=("", 0.0))
    ratio = run.process_s / run.opt_s if run.opt_s else float("nan")
    return (f"{shape:7} {n:>6} {k:>5} {n * k:>8} {run.process_s:8.3f} "
            + " ".join(f"{run.stages.get(s, 0.0):9.3f}" for s in STAGES)
            + f" {run.other_s:7.3f} {run.opt_s:8.3f} {ratio:6.2f} {run.peak_rss_mb:8.1f}"
            + (f"  {slowest[0]} {slowest[1]:.3f}" if slowest[0] else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shape", action="append",
                        choices=["calls", "funcs", "loop", "shared"])
    parser.add_argument("--max-tasks", type=int, default=100_000,
                        help="skip sizes with more tasks (default 100,000)")
    parser.add_argument("--graphs-only", action="store_true",
                        help="only 1 to 10,000 one-task Graphs (call sites)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per size (median)")
    parser.add_argument("--passes", action="store_true",
                        help="print every prepare pass's time per size")
    parser.add_argument("--qwen3", action="store_true", help="also the Qwen3 main job")
    parser.add_argument("--tools", type=Path, default=default_tools(),
                        help="folder of pto-compile and pto-opt (default: this Python's)")
    args = parser.parse_args()

    print(HEADER)
    series: dict[str, list[tuple[int, Run]]] = {}
    for shape in args.shape or ["calls", "funcs", "loop", "shared"]:
        for n, k in sizes(shape, args.max_tasks, args.graphs_only):
            run = measure(args.tools, program(shape, n, k), args.repeat)
            series.setdefault(shape, []).append((n * k, run))
            print(row(shape, n, k, run), flush=True)
            if args.passes:
                print("    " + ", ".join(f"{p} {t:.4f}" for p, t in run.passes.items()))
    if args.qwen3:
        run = measure_qwen3(args.tools, args.repeat)
        print(f"qwen3 main job (model.py): process {run.process_s:.3f} s, "
              + ", ".join(f"{s} {t:.3f}" for s, t in run.stages.items())
              + f", other {run.other_s:.3f}, peak RSS {run.peak_rss_mb:.1f} MiB")

    print("\nexponents (time ~ tasks^e) over sizes with >= 1,000 tasks:")
    for shape, points in series.items():
        big = [(t, r) for t, r in points if t >= 1000]
        columns = {"process": [(t, r.process_s) for t, r in big],
                   **{s: [(t, r.stages.get(s, 0.0)) for t, r in big] for s in STAGES},
                   "pto-opt": [(t, r.opt_s) for t, r in big]}
        passes = {p for _, r in big for p in r.passes}
        columns.update({p: [(t, r.passes.get(p, 0.0)) for t, r in big] for p in sorted(passes)})
        fitted = {c: fit_exponent(v) for c, v in columns.items()}
        text = ", ".join(f"{c} {e:.2f}" for c, e in fitted.items() if e is not None)
        print(f"  {shape}: {text or 'fewer than two sizes'}")


if __name__ == "__main__":
    main()
