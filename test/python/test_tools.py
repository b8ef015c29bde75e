"""The installed command-line tools."""

import importlib.metadata
import subprocess

import pytest

import pto_mlir


def run(*cmd, stdin=None, check=True):
    return subprocess.run(list(cmd), input=stdin, capture_output=True, text=True,
                          check=check)


def test_versions(pto_opt, pto_translate):
    assert f"pto-opt {pto_mlir.__version__}" in run(pto_opt, "--version").stdout
    assert f"pto-translate {pto_mlir.__version__}" in run(pto_translate, "--version").stdout


def test_pto_compile_version(pto_compile):
    # The installed distribution's version, which is the package's.
    assert pto_mlir.__version__ == importlib.metadata.version("pto-mlir")
    result = run(pto_compile, "--version")
    assert result.stdout == f"pto-compile {pto_mlir.__version__}\n"


def test_pto_opt_registers_only_what_pto_needs(pto_opt):
    passes = run(pto_opt, "--help").stdout
    assert "--canonicalize" in passes
    # Upstream passes for other dialects are not registered.
    assert "--convert-scf-to-cf" not in passes
    assert "--linalg-" not in passes


def test_malformed_input_gives_a_located_diagnostic(pto_opt):
    result = run(pto_opt, "-", stdin="pto.kernel aiv @k(%a: !pto.tensor<4xf99>)\n",
                 check=False)
    assert result.returncode == 1
    assert "<stdin>:1:" in result.stderr
    assert "error:" in result.stderr


def test_pto_translate_has_a_working_registry(pto_translate):
    emitc = """
    emitc.func @f(%a: i32) -> i32 {
      emitc.return %a : i32
    }
    """
    out = run(pto_translate, "--mlir-to-cpp", stdin=emitc).stdout
    assert "int32_t f(int32_t" in out


TOOL_COMMANDS = {
    "pto-opt": ("pto_opt", ()),
    "pto-translate --pto-to-cpp": ("pto_translate", ("--pto-to-cpp",)),
    "pto-translate --pto-to-arg-metadata": ("pto_translate", ("--pto-to-arg-metadata",)),
}


@pytest.mark.parametrize("command", sorted(TOOL_COMMANDS))
def test_index_dense_array_is_a_diagnostic_not_a_crash(command, request, tmp_path):
    """The MLIR 22.1.8 parser asserts on `array<index: ...>`
    (llvm/llvm-project#179045); every tool that parses reports it at its
    location instead, from a file or stdin, every occurrence."""
    fixture, flags = TOOL_COMMANDS[command]
    tool = request.getfixturevalue(fixture)
    source = ("// array<index: 9> in a comment is fine\n"
              "func.func private @f() attributes {a = array< index : 1>, b = array<index>}\n")
    path = tmp_path / "index_array.mlir"
    path.write_text(source)
    for args, stdin in (((str(path),), None), (("-",), source)):
        result = run(tool, *flags, *args, stdin=stdin, check=False)
        assert result.returncode == 1
        assert "PLEASE submit a bug report" not in result.stderr
        assert ":2:40: error: dense arrays of 'index' are not supported" in result.stderr
        assert ":2:63: error: dense arrays of 'index' are not supported" in result.stderr


def test_pto_opt_leaves_other_dense_arrays_alone(pto_opt):
    ok = run(pto_opt, "-", stdin="func.func private @f() attributes {a = array<i64: 1>}\n")
    assert "array<i64: 1>" in ok.stdout
    assert "pto" in run(pto_opt, "--show-dialects").stdout


@pytest.mark.parametrize("command", sorted(TOOL_COMMANDS))
def test_tools_read_a_file_with_a_byte_order_mark(command, request, tmp_path):
    """A UTF-8 BOM (as some editors write) is not an "unexpected character";
    diagnostics keep their lines and columns."""
    fixture, flags = TOOL_COMMANDS[command]
    tool = request.getfixturevalue(fixture)
    path = tmp_path / "bom.mlir"
    path.write_bytes(b"\xef\xbb\xbf" + b"module {\n  pto.bogus\n}\n")
    result = run(tool, *flags, str(path), check=False)
    assert result.returncode == 1 and "unexpected character" not in result.stderr
    assert "bom.mlir:2:3: error:" in result.stderr


def test_pto_opt_prints_a_module_read_with_a_byte_order_mark(pto_opt, tmp_path):
    path = tmp_path / "bom.mlir"
    path.write_bytes(b"\xef\xbb\xbf" + b"module {\n  func.func private @f()\n}\n")
    assert "func.func private @f()" in run(pto_opt, str(path)).stdout
