"""The fuzzers find the runtime API header without ``$PTO_RUNTIME_INCLUDE``.

benchmarks/replay_fuzz.py and benchmarks/mutation_fuzz.py --compile default
to the repository's runtime/include (found from the script's location), and
``pto_mlir.sim.fuzz.runtime_include`` finds it from the module's location
wherever the package is (source tree, build tree, a virtual environment in
the checkout), or from the current directory.
"""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pto_mlir.sim import fuzz

from conftest import REPO

RUNTIME_INCLUDE = REPO / "runtime" / "include"
FUZZ_SOURCE = REPO / "python" / "pto_mlir" / "sim" / "fuzz.py"
HEADER = "pto_orchestration_api.h"


def _environment():
    env = dict(os.environ)
    env.pop("PTO_RUNTIME_INCLUDE", None)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    # argparse wraps help at the terminal width, and breaks a long path at a
    # hyphen (/tmp/my-clone): wide enough that the path stays whole.
    env["COLUMNS"] = "10000"
    return env


def _run(script, args, cwd):
    return subprocess.run([sys.executable, str(REPO / "benchmarks" / script), *args],
                          capture_output=True, text=True, cwd=cwd, env=_environment(),
                          timeout=600)


@pytest.mark.skipif(fuzz.find_cxx() is None, reason="g++ is not installed")
def test_replay_fuzz_runs_without_the_variable(tmp_path):
    # From a directory outside the repository, so only the script's own
    # location can lead to the header.
    result = _run("replay_fuzz.py", ["--seeds", "3", "--no-snapshot",
                                     "--save-dir", str(tmp_path / "bugs")], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"runtime header: {RUNTIME_INCLUDE}\n" in result.stdout
    assert "generated 3 " in result.stdout and "C++ failed 0 " in result.stdout, result.stdout


def test_replay_fuzz_help_names_the_default():
    result = _run("replay_fuzz.py", ["--help"], REPO)
    assert result.returncode == 0
    help_text = " ".join(result.stdout.split())
    assert "--runtime-include DIR" in help_text
    assert f"$PTO_RUNTIME_INCLUDE if set, else this repository's runtime/include, " \
           f"{RUNTIME_INCLUDE}" in help_text


@pytest.mark.skipif(fuzz.find_cxx() is None, reason="g++ is not installed")
def test_mutation_fuzz_compiles_without_the_variable(tmp_path):
    # About 1 mutant in 15 survives to the translation: 80 make it all but
    # certain that some C++ is compiled (20 gave none once the corpus grew).
    result = _run("mutation_fuzz.py", ["--mutants", "80", "--compile", "--no-snapshot",
                                       "--workers", "1", "--save-dir", str(tmp_path / "bugs")],
                  tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "mutants tried 80 " in result.stdout, result.stdout
    assert "C++ not compiling 0 " in result.stdout, result.stdout


def _load_fuzz_copy(monkeypatch, location: Path):
    """The source of pto_mlir.sim.fuzz, copied to ``location`` and imported
    from there (its relative imports resolve to the installed package)."""
    location.parent.mkdir(parents=True, exist_ok=True)
    location.write_text(FUZZ_SOURCE.read_text())
    name = "pto_mlir.sim._fuzz_copy"
    spec = importlib.util.spec_from_file_location(name, location)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    return module


def _fake_repository(root: Path) -> Path:
    include = root / "runtime" / "include"
    include.mkdir(parents=True)
    (include / HEADER).write_text("// test\n")
    return include


def test_module_in_a_virtual_environment_of_the_checkout(tmp_path, monkeypatch):
    """pip installs the package into .venv/lib/pythonX.Y/site-packages: the
    header is found from there, whatever the current directory."""
    include = _fake_repository(tmp_path / "repo")
    module = _load_fuzz_copy(monkeypatch, tmp_path / "repo" / ".venv" / "lib" / "python3.11"
                             / "site-packages" / "pto_mlir" / "sim" / "fuzz.py")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.delenv("PTO_RUNTIME_INCLUDE", raising=False)
    assert module.runtime_include() == str(include)


def test_module_in_the_source_tree(monkeypatch, tmp_path):
    include = _fake_repository(tmp_path / "repo")
    module = _load_fuzz_copy(monkeypatch,
                             tmp_path / "repo" / "python" / "pto_mlir" / "sim" / "fuzz.py")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PTO_RUNTIME_INCLUDE", raising=False)
    assert module.runtime_include() == str(include)


def test_start_then_current_directory(tmp_path, monkeypatch):
    """A module outside any checkout (a virtual environment elsewhere):
    ``start`` (a script's location) first, then the current directory."""
    first = _fake_repository(tmp_path / "first")
    second = _fake_repository(tmp_path / "second")
    module = _load_fuzz_copy(monkeypatch, tmp_path / "venv" / "site-packages" / "pto_mlir"
                             / "sim" / "fuzz.py")
    (tmp_path / "second" / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "second" / "sub")
    monkeypatch.delenv("PTO_RUNTIME_INCLUDE", raising=False)
    script = tmp_path / "first" / "benchmarks" / "x.py"
    assert module.runtime_include(start=script.parent) == str(first)
    assert module.runtime_include() == str(second)


def test_variable_first_and_errors(tmp_path, monkeypatch):
    module = _load_fuzz_copy(monkeypatch, tmp_path / "venv" / "pto_mlir" / "sim" / "fuzz.py")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PTO_RUNTIME_INCLUDE", str(RUNTIME_INCLUDE))
    assert module.runtime_include() == str(RUNTIME_INCLUDE)
    monkeypatch.setenv("PTO_RUNTIME_INCLUDE", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="does not hold"):
        module.runtime_include()
    monkeypatch.delenv("PTO_RUNTIME_INCLUDE")
    with pytest.raises(FileNotFoundError, match="set PTO_RUNTIME_INCLUDE"):
        module.runtime_include()
