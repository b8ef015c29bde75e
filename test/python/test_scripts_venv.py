"""scripts/test.sh runs lit and pytest from $PTO_VENV, relative or absolute.

The script runs here as a copy next to a fake install.sh (nothing is built)
against a fake virtual environment whose lit and python record their calls.
"""

import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from conftest import REPO


def _executable(path: Path, body: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


def _fake_venv(venv: Path, log: Path):
    for tool in ("lit", "python"):
        _executable(venv / "bin" / tool, f'echo "{venv}/bin/{tool} $*" >> "{log}"')


def _run_test_sh(tmp_path: Path, pto_venv: str) -> subprocess.CompletedProcess:
    checkout = tmp_path / "checkout"
    (checkout / "scripts").mkdir(parents=True)
    shutil.copy2(REPO / "scripts" / "test.sh", checkout / "scripts" / "test.sh")
    _executable(checkout / "scripts" / "install.sh", "exit 0")
    env = {"PATH": "/usr/bin:/bin", "PTO_VENV": pto_venv, "HOME": str(tmp_path)}
    # From another directory: the script changes to the checkout itself.
    return subprocess.run(["bash", str(checkout / "scripts" / "test.sh")], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("kind", ["absolute", "relative"])
def test_test_sh_uses_pto_venv(tmp_path, kind):
    log = tmp_path / "calls.log"
    if kind == "absolute":
        venv = tmp_path / "elsewhere" / "v"
        pto_venv = str(venv)
    else:
        venv = tmp_path / "checkout" / "envs" / "v"
        pto_venv = "envs/v"
    _fake_venv(venv, log)
    result = _run_test_sh(tmp_path, pto_venv)
    assert result.returncode == 0, result.stdout + result.stderr
    assert log.read_text().splitlines() == [f"{venv}/bin/lit -sv test",
                                            f"{venv}/bin/python -m pytest -n auto --dist loadfile "
                                            "test/python"]


def _run_run_sh(tmp_path: Path, args, pto_venv: str = ".venv"):
    """scripts/run.sh, copied next to a fake install.sh, with a fake
    pto-compile that records its working directory and arguments."""
    checkout = tmp_path / "checkout"
    (checkout / "scripts").mkdir(parents=True, exist_ok=True)
    shutil.copy2(REPO / "scripts" / "run.sh", checkout / "scripts" / "run.sh")
    _executable(checkout / "scripts" / "install.sh", "exit 0")
    log = tmp_path / "calls.log"
    venv = Path(pto_venv) if Path(pto_venv).is_absolute() else checkout / pto_venv
    _executable(venv / "bin" / "pto-compile", f'echo "$(pwd) $*" >> "{log}"')
    caller = tmp_path / "elsewhere"
    caller.mkdir(exist_ok=True)
    env = {"PATH": "/usr/bin:/bin", "PTO_VENV": pto_venv, "HOME": str(tmp_path)}
    result = subprocess.run(["bash", str(checkout / "scripts" / "run.sh"), *args],
                            cwd=caller, env=env, capture_output=True, text=True, timeout=60)
    return result, log, checkout, caller


@pytest.mark.parametrize("kind", ["absolute", "relative"])
def test_run_sh_passes_relative_paths_from_the_callers_directory(tmp_path, kind):
    """Arguments are the caller's: pto-compile runs where run.sh was called
    (a relative input path used to be read from the checkout instead)."""
    pto_venv = str(tmp_path / "venv") if kind == "absolute" else ".venv"
    result, log, checkout, caller = _run_run_sh(tmp_path, ["prog.mlir", "-o", "out"], pto_venv)
    assert result.returncode == 0, result.stderr
    assert log.read_text().splitlines() == [f"{caller} prog.mlir -o out"]


def test_run_sh_default_compiles_the_qwen3_port_from_the_checkout(tmp_path):
    result, log, checkout, _ = _run_run_sh(tmp_path, [])
    assert result.returncode == 0, result.stderr
    assert log.read_text().splitlines() == [f"{checkout} examples/qwen3_14b_decode_full/model.py"]
