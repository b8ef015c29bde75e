"""Orchestration C++ on the public PTO runtime's simulator (simpler, a2a3sim).

The tests marked ``realruntime`` run scripts/run_on_simpler.py and need what
scripts/setup_simpler_sim.sh prepares from a simpler and a pto-isa checkout
(docs/realruntime.md): they run when SIMPLER_ROOT and PTO_ISA_ROOT are set
and that setup was done (as root; state in $PTO_SIM_STATE, default
/srv/pto-simpler-sim), and are skipped otherwise, as in CI, which has no
checkout. Select or leave them out with ``-m realruntime`` /
``-m "not realruntime"``.

- simpler's vector_example with its hand-written orchestration passes its
  golden (9-17 s);
- the Qwen3-14B port (``$PTO_QWEN3_PORT_CPP``, built with ``layers=2``, or
  else compiled here with pto-compile) runs at 2 layers without crashing, and
  its outputs differ from the hand-written orchestration's no more than two
  hand-written runs differ from each other, with a margin (4-6 minutes).

The few tests without the marker check the scripts themselves, fast and
without a checkout.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, load_script

RUNNER = REPO / "scripts" / "run_on_simpler.py"
SETUP = REPO / "scripts" / "setup_simpler_sim.sh"
STATE = os.environ.get("PTO_SIM_STATE", "/srv/pto-simpler-sim")
LAYERS = 2

runner = load_script("run_on_simpler", RUNNER)


def _skip_reason():
    """Why the real-runtime tests cannot run here, or None."""
    simpler = os.environ.get("SIMPLER_ROOT")
    if not simpler or not os.environ.get("PTO_ISA_ROOT"):
        return ("SIMPLER_ROOT and PTO_ISA_ROOT are not set (no simpler / pto-isa checkout; "
                "see docs/realruntime.md)")
    problem = runner.setup_problem(STATE)
    if problem:
        return f"scripts/setup_simpler_sim.sh not done: {problem}"
    prepared = runner.read_env(STATE)["SIMPLER_ROOT"]
    if os.path.realpath(prepared) != os.path.realpath(simpler):
        return (f"{STATE} was prepared for SIMPLER_ROOT={prepared}, not {simpler}: "
                f"re-run scripts/setup_simpler_sim.sh")
    return None


_REASON = _skip_reason()
#: The runner's work directories: under /tmp, which is bound into the chroot.
WORK = Path("/tmp/pto-realruntime-tests")


def _run(args, tmp_path, timeout):
    out = tmp_path / "result.json"
    work = WORK / tmp_path.name
    proc = subprocess.run([sys.executable, str(RUNNER), "--state", STATE, "--workdir", str(work),
                           "--json", str(out), *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=timeout)
    result = json.loads(out.read_text()) if out.is_file() else None
    # The saved outputs are GiBs (the KV caches); the logs stay.
    for dump in work.glob("*.pt"):
        dump.unlink()
    return proc, result


@pytest.mark.realruntime
@pytest.mark.skipif(_REASON is not None, reason=_REASON or "")
def test_vector_example_handwritten_golden(tmp_path):
    proc, result = _run(["--scene", "vector"], tmp_path, timeout=900)
    assert proc.returncode == 0, proc.stdout[-4000:]
    assert result["golden_pass"], proc.stdout[-4000:]


def _port_args():
    """The runner's arguments for the port at LAYERS layers: its C++ from
    $PTO_QWEN3_PORT_CPP, or else compiled by the runner with pto-compile
    from PATH."""
    given = os.environ.get("PTO_QWEN3_PORT_CPP")
    if given:
        return ["--orch", given]
    pto_compile = shutil.which("pto-compile")
    if pto_compile is None:
        pytest.skip("neither PTO_QWEN3_PORT_CPP nor pto-compile on PATH")
    return ["--compile-port", "--pto-compile", pto_compile]


@pytest.mark.realruntime
@pytest.mark.skipif(_REASON is not None, reason=_REASON or "")
def test_qwen3_port_matches_handwritten_at_2_layers(tmp_path):
    proc, result = _run(["--scene", "qwen3", "--layers", str(LAYERS), "--hand-runs", "2",
                         *_port_args()], tmp_path, timeout=3 * 1800 + 600)
    assert result is not None, proc.stdout[-4000:]
    statuses = {r["name"]: r["status"] for r in result["runs"]}
    assert statuses == {"port": "ok", "hand1": "ok", "hand2": "ok"}, proc.stdout[-4000:]
    assert proc.returncode == 0, proc.stdout[-4000:]
    port, spread = result["port_vs_hand"], result["hand_spread"]
    assert port and spread, proc.stdout[-4000:]
    assert set(port) == set(spread) == {"k_cache", "v_cache", "out"}
    # With the attention kernels stubbed out, the caches are what the inputs
    # were, in every run.
    for name in ("k_cache", "v_cache"):
        assert port[name]["bitwise_equal"], (name, port[name])
    # `out`: split-K accumulation order is not deterministic, so two
    # hand-written runs differ in a few hundred of 81,920 elements by a bf16
    # ulp or so; the port may differ from a hand-written run by as much, with
    # a margin (twice the spread, at least 2% of the elements and 1/16;
    # measured: 57-384 elements between hand-written runs, 247-533 between the
    # port and a hand-written run, at most 0.015625).
    p, s = port["out"], spread["out"]
    assert p["nonfinite"] == 0, p
    assert p["differing"] <= max(2 * s["differing"], p["numel"] // 50), (p, s)
    assert p["max_abs_diff"] <= max(2 * s["max_abs_diff"], 1 / 16), (p, s)


# ---- the scripts themselves: fast, no checkout needed ----------------------

def test_setup_script_parses_and_documents_itself():
    subprocess.run(["bash", "-n", str(SETUP)], check=True)
    usage = subprocess.run(["bash", str(SETUP), "--help"], stdout=subprocess.PIPE, text=True, check=True).stdout
    assert "SIMPLER_ROOT PTO_ISA_ROOT" in usage


def test_runner_without_setup_exits_2_with_a_reason(tmp_path):
    proc = subprocess.run([sys.executable, str(RUNNER), "--state", str(tmp_path / "none"), "--scene", "vector"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    assert proc.returncode == 2
    assert "setup_simpler_sim.sh" in proc.stderr or "root" in proc.stderr, proc.stderr


def test_handwritten_copy_sets_the_layer_count(tmp_path):
    simpler = tmp_path / "simpler"
    src = simpler / runner.HBG_QWEN3_ORCH
    src.parent.mkdir(parents=True)
    src.write_text("x;\n        constexpr uint32_t num_layers = 40;\ny;\n")
    sim = runner.Sim.__new__(runner.Sim)
    sim.simpler = str(simpler)
    out = runner.handwritten_copy(sim, 3, tmp_path)
    assert out.read_text() == "x;\n        constexpr uint32_t num_layers = 3;\ny;\n"
    src.write_text("no layer count here\n")
    with pytest.raises(runner.SetupError):
        runner.handwritten_copy(sim, 3, tmp_path)


def test_examples_scene_lists_every_a2a3_scene_but_qwen3(tmp_path):
    """`--scene examples` runs simpler's a2a3 scene tests, the Qwen3 ones
    excluded (their 40-layer fixture needs 38 GiB)."""
    root = tmp_path / "simpler"
    for scene in ("host_build_graph/benchmark_bgemm", "host_build_graph/qwen3_14b_decode",
                  "tensormap_and_ringbuffer/vector_example", "tensormap_and_ringbuffer/qwen3_14b_decode"):
        test = root / "examples" / "a2a3" / scene / f"test_{scene.split('/')[1]}.py"
        test.parent.mkdir(parents=True)
        test.write_text("")
    (root / "examples" / "a5" / "x").mkdir(parents=True)
    (root / "examples" / "a5" / "x" / "test_x.py").write_text("")
    assert runner.example_tests(str(root)) == [
        "examples/a2a3/host_build_graph/benchmark_bgemm/test_benchmark_bgemm.py",
        "examples/a2a3/tensormap_and_ringbuffer/vector_example/test_vector_example.py",
    ]


@pytest.mark.parametrize("log, rc, passed, skipped", [
    ("TestX::case_a PASSED\n", 0, True, False),
    ("TestX::case_a FAILED\n", 1, False, False),
    ("ERROR: No cases matched platform=a2a3sim (manual=include)\n", 2, False, True),
])
def test_examples_scene_tells_a_failed_golden_from_a_scene_without_sim_cases(
        tmp_path, capsys, log, rc, passed, skipped):
    class FakeSim:
        def run(self, cmd, log_path, env, timeout):
            log_path.write_text(log)
            return rc, 1.0
    result = runner.run_golden(FakeSim(), tmp_path,
                               "examples/a2a3/tensormap_and_ringbuffer/x/test_x.py", 60)
    assert (result["golden_pass"], result["no_sim_case"]) == (passed, skipped)
    assert result["scene"] == "tensormap_and_ringbuffer/x"
    out = capsys.readouterr().out
    assert ("no a2a3sim case" in out) == skipped
