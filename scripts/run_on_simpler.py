#!/usr/bin/env python3
"""Runs orchestration C++ on the public PTO runtime's simulator (simpler, a2a3sim).

Needs what ``scripts/setup_simpler_sim.sh SIMPLER_ROOT PTO_ISA_ROOT`` prepares
(a Debian 13 chroot with GCC 14, a venv with simpler installed editable, the
bind mounts; it writes ``$PTO_SIM_STATE/env.sh``, default
``/srv/pto-simpler-sim``) and root (the runs happen in that chroot). Details
and measured figures: docs/realruntime.md.

Scenes:

``qwen3`` (default)
    simpler's host_build_graph ``qwen3_14b_decode`` scene at ``--layers L``
    (default 2) with the CANN attention kernels replaced by an empty stub
    (scripts/realruntime/). The hand-written orchestration (simpler's
    ``decode_fwd_layers.cpp``, copied with ``num_layers = L``) runs
    ``--hand-runs`` times (default 2) and the port, if given (``--orch
    FILE.cpp``, or ``--compile-port``: ``pto-compile
    examples/qwen3_14b_decode_full/model.py`` at ``layers=L``), once, all on
    the same inputs. Printed per output tensor: bitwise equality, largest
    absolute difference and differing elements of the port against the first
    hand-written run, and the same between the two hand-written runs (the
    run-to-run spread: split-K accumulation order is not deterministic). Per
    run: wall time and the runtime's own host orchestration time
    (``SIMPLER_HBG_BIND_BREAKDOWN_ENABLE=1``, ``SIMPLER_LOG_LEVEL=TIMING``,
    summarized by ``python -m simpler_setup.tools.hbg_bind_phases``).
``vector``
    simpler's ``tensormap_and_ringbuffer/vector_example`` with its
    hand-written orchestration (9-17 s): a quick smoke test of the setup;
    reports whether its golden check passed.
``examples``
    simpler's own scene tests (``--example PATH``, repeatable, relative to
    SIMPLER_ROOT; default every ``examples/a2a3/*/*/test_*.py`` but the
    Qwen3 ones, whose 40-layer fixture needs 38 GiB) with their hand-written
    orchestrations, one after the other: per scene whether it completed and
    its golden passed, with the reason when not (a scene that declares no
    a2a3sim case is reported as such and skipped). With ``--ports``, each
    scene that has a port (``examples/simpler/<runtime>/<name>/model.py``)
    runs again on a copy of its directory (under the work directory) whose
    orchestration source is the port's C++ and whose scene names the port's
    entry, ``aicpu_orchestration_entry``.

Exit status: 0 when every run completed (and, for ``vector`` and
``examples``, every golden passed); 1 when a run crashed, timed out or a golden failed; 2 when the setup
is missing or an input is wrong. Differences between the port and the
hand-written runs are reported, not judged (``--json FILE`` writes them for
test/python/test_realruntime.py).

    sudo scripts/run_on_simpler.py --scene vector
    sudo scripts/run_on_simpler.py --scene examples --ports \
        --example examples/a2a3/tensormap_and_ringbuffer/vector_example/test_vector_example.py
    sudo scripts/run_on_simpler.py --layers 2 --orch pto-out/qwen3-L2/model.cpp
    sudo scripts/run_on_simpler.py --layers 2 --compile-port
    sudo scripts/run_on_simpler.py --layers 2          # hand-written only
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
SUPPORT = HERE / "realruntime"
SETUP = HERE / "setup_simpler_sim.sh"
DEFAULT_STATE = "/srv/pto-simpler-sim"

HBG_QWEN3_ORCH = "examples/a2a3/host_build_graph/qwen3_14b_decode/kernels/orchestration/decode_fwd_layers.cpp"
VECTOR_TEST = "examples/a2a3/tensormap_and_ringbuffer/vector_example/test_vector_example.py"
QWEN3_MODEL = REPO / "examples/qwen3_14b_decode_full/model.py"
NUM_LAYERS_RE = re.compile(r"constexpr uint32_t num_layers = \d+;")

BIND_PHASE_RE = re.compile(r"bind phase=(\w+) start_ns=(\d+) dur_ns=(\d+)")
HOST_ORCH_RE = re.compile(r"host-orch phase=(\w+) total_ns=(\d+) count=(\d+)")
VS_GOLDEN_RE = re.compile(r"\[qwen3-sim\] (\w+): shape=\([^)]*\) max_abs_diff_vs_golden=(\S+) mismatched_elems=(\d+)/(\d+)")


class SetupError(Exception):
    pass


def log(msg: str) -> None:
    print(f"[run-on-simpler] {msg}", flush=True)


def read_env(state: str) -> dict:
    """The KEY='VALUE' lines setup_simpler_sim.sh writes to $state/env.sh."""
    path = Path(state) / "env.sh"
    if not path.is_file():
        raise SetupError(f"{path} missing: run scripts/setup_simpler_sim.sh SIMPLER_ROOT PTO_ISA_ROOT first")
    env = {}
    for line in path.read_text().splitlines():
        m = re.match(r"^(\w+)='(.*)'$", line)
        if m:
            env[m.group(1)] = m.group(2)
    for key in ("SIMPLER_ROOT", "PTO_SIM_CHROOT", "PTO_SIM_VENV"):
        if key not in env:
            raise SetupError(f"{path} lacks {key}: re-run scripts/setup_simpler_sim.sh")
    return env


def setup_problem(state: str) -> str | None:
    """Why the runner cannot run here (None if it can): used by the tests to skip."""
    if os.geteuid() != 0:
        return "needs root (the runs happen in a chroot)"
    try:
        env = read_env(state)
    except SetupError as e:
        return str(e)
    chroot = Path(env["PTO_SIM_CHROOT"])
    if not (chroot / "usr/bin/g++-15").exists():
        return f"{chroot} has no g++-15 link: re-run scripts/setup_simpler_sim.sh"
    if not (Path(env["SIMPLER_ROOT"]) / "build/.pto-sim-installed").is_file():
        return f"simpler at {env['SIMPLER_ROOT']} is not installed: re-run scripts/setup_simpler_sim.sh"
    return None


class Sim:
    """Runs commands in the chroot with the venv, at the same paths as on the host."""

    def __init__(self, state: str):
        self.state = state
        self.env = read_env(state)
        self.simpler = self.env["SIMPLER_ROOT"]
        self.chroot = self.env["PTO_SIM_CHROOT"]
        self.venv = self.env["PTO_SIM_VENV"]

    def ensure_mounts(self) -> None:
        r = subprocess.run(["bash", str(SETUP), "--mount"], env={**os.environ, "PTO_SIM_STATE": self.state},
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            raise SetupError(f"bind mounts failed:\n{r.stdout}")
        for line in r.stdout.splitlines():
            log(line.strip())

    def argv(self, cmd: list[str], extra_env: dict, cwd: str) -> list[str]:
        env = {"HOME": "/root", "PATH": f"{self.venv}/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
               "SIMPLER_ROOT": self.simpler, **extra_env}
        script = f"cd {shlex.quote(cwd)} && exec {shlex.join(cmd)}"
        return ["chroot", self.chroot, "/usr/bin/env", "-i", *[f"{k}={v}" for k, v in env.items()],
                "/bin/bash", "-c", script]

    def run(self, cmd: list[str], log_path: Path, extra_env: dict | None = None, cwd: str | None = None,
            timeout: float | None = None) -> tuple[int | None, float]:
        """Runs cmd, output to log_path; returns (exit status or None on time-out, seconds)."""
        argv = self.argv(cmd, extra_env or {}, cwd or self.simpler)
        start = time.monotonic()
        with open(log_path, "w") as out:
            out.write(f"# {shlex.join(cmd)}\n# env {json.dumps(extra_env or {})}\n")
            out.flush()
            proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
            try:
                rc = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                rc = None
        return rc, time.monotonic() - start

    def capture(self, cmd: list[str], cwd: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(self.argv(cmd, {}, cwd or self.simpler), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)


def timing_of(log_path: Path) -> dict:
    """The runtime's own host-time figures in a run's log: host_orch per bind
    pass (ms) and the host-orch operation totals (us) of the last pass."""
    host_orch, ops_last, ops = [], {}, {}
    for line in log_path.read_text(errors="replace").splitlines():
        m = BIND_PHASE_RE.search(line)
        if m and m.group(1) == "host_orch":
            host_orch.append(int(m.group(3)) / 1e6)
            ops_last, ops = ops, {}
            continue
        m = HOST_ORCH_RE.search(line)
        if m:
            ops[m.group(1)] = {"total_us": int(m.group(2)) / 1e3, "count": int(m.group(3))}
    return {"host_orch_ms": host_orch, "host_orch_ops": ops or ops_last}


def vs_golden_of(log_path: Path) -> dict:
    """The scene's own comparison against simpler's golden (the last round's):
    output -> [largest absolute difference, elements outside rtol/atol, elements]."""
    rows = {}
    for line in log_path.read_text(errors="replace").splitlines():
        m = VS_GOLDEN_RE.search(line)
        if m:
            rows[m.group(1)] = [float(m.group(2)), int(m.group(3)), int(m.group(4))]
    return rows


def tail(path: Path, n: int = 25) -> str:
    lines = path.read_text(errors="replace").splitlines()
    return "\n".join(lines[-n:])


def crash_reason(rc: int | None, log_path: Path) -> str:
    if rc is None:
        return "timed out"
    if rc < 0 or rc >= 128:
        sig = -rc if rc < 0 else rc - 128
        try:
            return f"killed by {signal.Signals(sig).name}"
        except ValueError:
            return f"exit status {rc}"
    return f"exit status {rc}"


# --------------------------------------------------------- scenes with a golden
def run_golden(sim: Sim, work: Path, test: str, timeout: float, label: str = "hand-written") -> dict:
    """Runs one of simpler's scene tests (``test``, relative to SIMPLER_ROOT,
    or a copy's absolute path) with the orchestration it names; reports
    whether its golden passed."""
    name = Path(test).parent.name
    runtime = Path(test).parent.parent.name
    log_path = work / f"{runtime}.{name}.{label}.log"
    log(f"{runtime}/{name} ({label}), log {log_path}")
    rc, secs = sim.run(["python", test, "-p", "a2a3sim", "--manual", "include", "--log-level", "timing"],
                       log_path, {"SIMPLER_LOG_LEVEL": "TIMING"}, timeout=timeout)
    text = log_path.read_text(errors="replace")
    # simpler's standalone runner prints "<Class>::<case> PASSED" per case.
    golden = rc == 0 and re.search(r"::\w+ PASSED", text) is not None \
        and re.search(r"::\w+ FAILED|Golden mismatch", text) is None
    # A scene whose cases name no a2a3sim platform does not run here at all.
    no_sim_case = "No cases matched platform=a2a3sim" in text
    result = {"scene": f"{runtime}/{name}", "orchestration": label, "test": test, "rc": rc,
              "seconds": round(secs, 1), "golden_pass": golden, "no_sim_case": no_sim_case,
              "log": str(log_path)}
    if no_sim_case:
        print(f"{runtime}/{name}: no a2a3sim case (the scene declares none), skipped")
        return result
    print(f"{runtime}/{name} {label}: golden {'PASS' if golden else 'FAIL'} "
          f"({crash_reason(rc, log_path) if rc != 0 else 'exit 0'}), {secs:.1f} s wall")
    if not golden:
        print(tail(log_path))
    return result


ORCH_SOURCE_RE = re.compile(r'"source":\s*"(kernels/orchestration/[^"]+\.cpp)"')
ORCH_FUNCTION_RE = re.compile(r'("orchestration":\s*\{[^}]*?"function_name":\s*)"(\w+)"', re.S)


def port_of(test: str) -> Path | None:
    """The project's port of scene ``test``: examples/simpler/<runtime>/<name>/model.py."""
    scene = Path(test).parent
    model = REPO / "examples" / "simpler" / scene.parent.name / scene.name / "model.py"
    return model if model.is_file() else None


def run_port(sim: Sim, work: Path, test: str, timeout: float, pto_compile: str) -> dict:
    """Runs scene ``test`` on a copy of its directory whose orchestration
    source is the port's C++ (pto-compile at the public runtime's level,
    entry aicpu_orchestration_entry, which the copy's scene names)."""
    scene = Path(sim.simpler) / Path(test).parent
    model = port_of(test)
    out = work / f"{scene.parent.name}.{scene.name}.port"
    cmd = [pto_compile, str(model), "-o", str(out), "--runtime-api", "simpler_6ebaf771", "-q"]
    log(f"compiling the port: {shlex.join(cmd)}")
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise SetupError(f"pto-compile failed:\n{r.stdout}")
    cpp = next(out.glob("*.cpp"))
    copy = work / "scenes" / scene.parent.name / scene.name
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(scene, copy)
    scene_test = copy / Path(test).name
    text = scene_test.read_text()
    sources = set(ORCH_SOURCE_RE.findall(text))
    if len(sources) != 1:
        raise SetupError(f"{test}: expected one orchestration source, found {sorted(sources)}")
    shutil.copyfile(cpp, copy / sources.pop())
    scene_test.write_text(ORCH_FUNCTION_RE.sub(r'\1"aicpu_orchestration_entry"', text))
    return run_golden(sim, work, str(scene_test), timeout, label="port")


def pto_compile_tool(args) -> str:
    return args.pto_compile or shutil.which("pto-compile") or str(REPO / ".venv/bin/pto-compile")


def example_tests(simpler: str) -> list[str]:
    """simpler's a2a3 scene tests, but the Qwen3 ones (38 GiB fixture)."""
    root = Path(simpler)
    return [str(p.relative_to(root)) for p in sorted(root.glob("examples/a2a3/*/*/test_*.py"))
            if "qwen3" not in p.parent.name]


def run_vector(sim: Sim, work: Path, args) -> dict:
    result = run_golden(sim, work, VECTOR_TEST, args.timeout)
    result["scene"] = "vector"
    return result


# ----------------------------------------------------------------- qwen3 scene
def handwritten_copy(sim: Sim, layers: int, work: Path) -> Path:
    src = Path(sim.simpler) / HBG_QWEN3_ORCH
    text = src.read_text()
    if len(NUM_LAYERS_RE.findall(text)) != 1:
        raise SetupError(f"{src}: expected one 'constexpr uint32_t num_layers = N;'")
    dst = work / f"handwritten_L{layers}.cpp"
    dst.write_text(NUM_LAYERS_RE.sub(f"constexpr uint32_t num_layers = {layers};", text))
    return dst


def compile_port(layers: int, work: Path, pto_compile: str, model: Path = QWEN3_MODEL) -> Path:
    wrapper = work / f"qwen3_port_L{layers}.py"
    wrapper.write_text(
        "# written by scripts/run_on_simpler.py: the Qwen3 port at a reduced layer count\n"
        "import importlib.util\nimport sys\n\n"
        f"_spec = importlib.util.spec_from_file_location('_pto_qwen3_full_model', {str(model)!r})\n"
        "_model = importlib.util.module_from_spec(_spec)\n"
        "sys.modules['_pto_qwen3_full_model'] = _model\n"
        "_spec.loader.exec_module(_model)\n\n\n"
        f"def build():\n    return _model.build(layers={layers})\n")
    out = work / "port"
    cmd = [pto_compile, str(wrapper), "-o", str(out), "--runtime-api", "simpler_6ebaf771"]
    log(f"compiling the port: {shlex.join(cmd)}")
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise SetupError(f"pto-compile failed:\n{r.stdout}")
    cpps = sorted(out.glob("*.cpp"))
    if len(cpps) != 1:
        raise SetupError(f"pto-compile wrote {len(cpps)} .cpp files to {out}")
    return cpps[0]


def qwen3_run(sim: Sim, name: str, orch: Path, work: Path, args) -> dict:
    log_path, dump = work / f"{name}.log", work / f"{name}.pt"
    env = {
        "QWEN3_SIM_ORCH": str(orch),
        "QWEN3_SIM_LAYERS": str(args.layers),
        "QWEN3_SIM_DUMP": str(dump),
        "QWEN3_SIM_GOLDEN_ASSERT": "0",
        "SIMPLER_HBG_BIND_BREAKDOWN_ENABLE": "1",
        "SIMPLER_LOG_LEVEL": "TIMING",
    }
    if args.layers >= 4:
        env["QWEN3_SIM_LIGHT"] = "1"
    cmd = ["python", str(work / "qwen3_scene.py"), "-p", "a2a3sim", "--log-level", "timing"]
    if args.rounds > 1:
        cmd += ["--rounds", str(args.rounds)]
    if args.skip_golden:
        cmd.append("--skip-golden")
    log(f"{name}: {orch.name} at {args.layers} layers, log {log_path}")
    rc, secs = sim.run(cmd, log_path, env, timeout=args.timeout)
    result = {"name": name, "orch": str(orch), "rc": rc, "seconds": round(secs, 1), "log": str(log_path),
              "dump": str(dump) if dump.is_file() else None, "vs_golden": vs_golden_of(log_path),
              **timing_of(log_path)}
    status = "ok" if rc == 0 and result["dump"] else crash_reason(rc, log_path) if rc != 0 else "no outputs saved"
    result["status"] = status
    orch_ms = ", ".join(f"{v:.3f}" for v in result["host_orch_ms"]) or "-"
    log(f"{name}: {status}, {secs:.1f} s wall, host_orch {orch_ms} ms")
    if status != "ok":
        print(tail(log_path))
    else:
        phases = sim.capture(["python", "-m", "simpler_setup.tools.hbg_bind_phases", str(log_path),
                              "--rounds", str(args.rounds)] + (["--keep-first"] if args.rounds == 1 else []))
        result["hbg_bind_phases"] = phases.stdout
        (work / f"{name}.phases.txt").write_text(phases.stdout)
    return result


def compare(sim: Sim, a: dict, b: dict, work: Path, layers: int) -> dict | None:
    if not (a.get("dump") and b.get("dump")):
        return None
    r = sim.capture(["python", str(work / "compare_outputs.py"), a["dump"], b["dump"], "--layers", str(layers),
                     "--json"], cwd=str(work))
    if r.returncode != 0:
        log(f"compare {a['name']} vs {b['name']} failed:\n{r.stdout}")
        return None
    return json.loads(r.stdout.strip().splitlines()[-1])


def fmt_row(row: dict | None) -> str:
    if row is None:
        return "-"
    if "error" in row:
        return row["error"]
    return (f"bitwise_equal={row['bitwise_equal']} max_abs_diff={row['max_abs_diff']:.6g} "
            f"differing={row['differing']}/{row['numel']}")


def run_qwen3(sim: Sim, work: Path, args) -> dict:
    for f in ("qwen3_scene.py", "cann_attention_sim_stub.cpp", "compare_outputs.py"):
        shutil.copy(SUPPORT / f, work / f)
    hand = handwritten_copy(sim, args.layers, work)
    port = None
    if args.orch:
        port = work / "port_orch.cpp"
        shutil.copy(args.orch, port)
    elif args.compile_port:
        port = compile_port(args.layers, work, pto_compile_tool(args), args.model.resolve())
    runs = []
    if port is not None:
        runs.append(qwen3_run(sim, "port", port, work, args))
    for i in range(args.hand_runs):
        runs.append(qwen3_run(sim, f"hand{i + 1}", hand, work, args))
    by_name = {r["name"]: r for r in runs}
    port_vs_hand = compare(sim, by_name["port"], by_name["hand1"], work, args.layers) \
        if "port" in by_name and "hand1" in by_name else None
    spread = compare(sim, by_name["hand1"], by_name["hand2"], work, args.layers) \
        if "hand1" in by_name and "hand2" in by_name else None

    print(f"\n== qwen3_14b_decode (host_build_graph) on a2a3sim, {args.layers} layers ==")
    for r in runs:
        orch_ms = ", ".join(f"{v:.3f}" for v in r["host_orch_ms"]) or "-"
        print(f"{r['name']:>6}: {r['status']}, wall {r['seconds']:.1f} s, host_orch {orch_ms} ms")
        ops = r.get("host_orch_ops") or {}
        if ops:
            print("        host-orch ops (us total/count): " + ", ".join(
                f"{k}={v['total_us']:.1f}/{v['count']}" for k, v in ops.items()))
        if r.get("vs_golden"):
            print("        vs simpler's golden (max_abs_diff, outside rtol/atol): " + ", ".join(
                f"{k}={v[0]:.6g}, {v[1]}/{v[2]}" for k, v in r["vs_golden"].items()))
    names = sorted(set((port_vs_hand or {}) | (spread or {})))
    for n in names:
        print(f"{n}:")
        if port is not None:
            print(f"  port vs hand1:  {fmt_row((port_vs_hand or {}).get(n))}")
        if spread is not None:
            print(f"  hand1 vs hand2: {fmt_row(spread.get(n))}")
        eq = []
        row = (port_vs_hand or {}).get(n) or {}
        if "a_equals_input" in row:
            eq.append(f"port={row['a_equals_input']}")
        row = (spread or {}).get(n) or (port_vs_hand or {}).get(n) or {}
        if "a_equals_input" in row and spread:
            eq += [f"hand1={row['a_equals_input']}", f"hand2={row['b_equals_input']}"]
        elif "b_equals_input" in row:
            eq.append(f"hand1={row['b_equals_input']}")
        if eq:
            print(f"  equals the input (attention stubbed): {', '.join(eq)}")
    return {"scene": "qwen3", "layers": args.layers, "runs": runs, "port_vs_hand": port_vs_hand,
            "hand_spread": spread}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--scene", choices=("qwen3", "vector", "examples"), default="qwen3")
    parser.add_argument("--example", action="append", default=[],
                        help="examples: a scene test, relative to SIMPLER_ROOT (repeatable; "
                             "default every examples/a2a3/*/*/test_*.py but Qwen3)")
    parser.add_argument("--ports", action="store_true",
                        help="examples: also run each scene with the project's port "
                             "(examples/simpler/<runtime>/<name>/model.py) where there is one")
    parser.add_argument("--layers", type=int, default=2, help="qwen3: decoder layers (default 2; 8 at most in 24 GiB)")
    port = parser.add_mutually_exclusive_group()
    port.add_argument("--orch", type=Path, help="qwen3: the port's orchestration C++ (built at --layers)")
    port.add_argument("--compile-port", action="store_true",
                      help="qwen3: compile examples/qwen3_14b_decode_full/model.py at layers=L with pto-compile")
    parser.add_argument("--model", type=Path, default=QWEN3_MODEL,
                        help="--compile-port: the model's .py (default examples/qwen3_14b_decode_full/model.py)")
    parser.add_argument("--pto-compile", help="pto-compile to use (default: on PATH, else .venv/bin/pto-compile)")
    parser.add_argument("--hand-runs", type=int, default=2, help="qwen3: hand-written runs (default 2)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds per run, in one process (simpler's --rounds)")
    parser.add_argument("--skip-golden", action="store_true", help="qwen3: simpler's --skip-golden (8 layers)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per run (default 1800)")
    parser.add_argument("--state", default=os.environ.get("PTO_SIM_STATE", DEFAULT_STATE),
                        help=f"what setup_simpler_sim.sh made (default $PTO_SIM_STATE or {DEFAULT_STATE})")
    parser.add_argument("--workdir", type=Path, help="where logs and dumps go (default: a new /tmp/pto-simpler-run-*)")
    parser.add_argument("--json", type=Path, help="write the results there")
    args = parser.parse_args(argv)

    try:
        problem = setup_problem(args.state)
        if problem:
            raise SetupError(problem)
        sim = Sim(args.state)
        sim.ensure_mounts()
        if args.orch and not args.orch.is_file():
            raise SetupError(f"{args.orch}: no such file")
        if args.workdir:
            args.workdir.mkdir(parents=True, exist_ok=True)
            work = args.workdir.resolve()
        else:
            work = Path(tempfile.mkdtemp(prefix="pto-simpler-run-", dir="/tmp"))
        if not str(work).startswith("/tmp/"):
            raise SetupError(f"--workdir must be under /tmp (bound into the chroot): {work}")
        log(f"simpler {sim.simpler}, chroot {sim.chroot}, work {work}")
        if args.scene == "vector":
            result = run_vector(sim, work, args)
        elif args.scene == "examples":
            tests = args.example or example_tests(sim.simpler)
            runs = []
            for t in tests:
                runs.append(run_golden(sim, work, t, args.timeout))
                if args.ports and port_of(t) and not runs[-1]["no_sim_case"]:
                    runs.append(run_port(sim, work, t, args.timeout, pto_compile_tool(args)))
            result = {"scene": "examples", "runs": runs}
        else:
            result = run_qwen3(sim, work, args)
    except SetupError as e:
        print(f"[run-on-simpler] error: {e}", file=sys.stderr)
        return 2
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    if args.scene == "vector":
        return 0 if result["golden_pass"] else 1
    if args.scene == "examples":
        return 0 if all(r["golden_pass"] or r["no_sim_case"] for r in result["runs"]) else 1
    return 0 if all(r["status"] == "ok" for r in result["runs"]) else 1


if __name__ == "__main__":
    sys.exit(main())
