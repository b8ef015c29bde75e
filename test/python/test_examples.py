"""Every example in examples/ parses, verifies and round-trips: printing,
parsing and printing again gives identical text, in both the custom and the
generic form, through the Python API and through pto-opt."""

import subprocess
from pathlib import Path

import pytest

from pto_mlir.ir import Context, Module

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").rglob("*.mlir"))


def test_examples_exist():
    assert EXAMPLES, "examples/ holds no .mlir file"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_python_round_trip(path):
    with Context():
        module = Module.parse(path.read_text())
        assert module.operation.verify()
        text = str(module)
        assert str(Module.parse(text)) == text
        generic = module.operation.get_asm(print_generic_op_form=True)
        reparsed = Module.parse(generic)
        assert reparsed.operation.get_asm(print_generic_op_form=True) == generic
        assert str(reparsed) == text


def run(tool, *args, stdin=None):
    return subprocess.run([tool, *args], input=stdin, capture_output=True,
                          text=True, check=True).stdout


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_pto_opt_round_trip(pto_opt, path):
    once = run(pto_opt, str(path))
    assert run(pto_opt, "-", stdin=once) == once
    generic = run(pto_opt, "--mlir-print-op-generic", str(path))
    assert run(pto_opt, "--mlir-print-op-generic", "-", stdin=generic) == generic
    assert run(pto_opt, "-", stdin=generic) == once
