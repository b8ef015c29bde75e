"""The declaration-only runtime API header (runtime/include) accepts the API
used the way generated code uses it, and rejects each known misuse."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"
CXX = shutil.which("g++")
FLAGS = ["-std=c++17", "-fsyntax-only", "-Werror", "-Wall", "-I", str(RUNTIME / "include")]
MISUSES = sorted((RUNTIME / "tests" / "api_misuse").glob("*.cpp"))

pytestmark = pytest.mark.skipif(CXX is None, reason="g++ is not installed")


def compile_cpp(path, *extra):
    return subprocess.run([CXX, *FLAGS, *extra, str(path)], capture_output=True, text=True)


def test_api_usage_compiles():
    result = compile_cpp(RUNTIME / "tests" / "api_usage_ok.cpp")
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", MISUSES, ids=lambda p: p.stem)
def test_misuse_is_rejected(path):
    expect = re.search(r"^// EXPECT: (.*)$", path.read_text(), re.M)
    assert expect, f"{path.name} has no EXPECT line"
    control = compile_cpp(path, "-DMISUSE_CONTROL")
    assert control.returncode == 0, control.stderr
    misuse = compile_cpp(path)
    assert misuse.returncode != 0, f"{path.name} compiles but must not"
    assert re.search(expect.group(1), misuse.stderr), misuse.stderr
