"""The installed command-line tools."""

import subprocess

import pto_mlir


def run(*cmd, stdin=None, check=True):
    return subprocess.run(list(cmd), input=stdin, capture_output=True, text=True,
                          check=check)


def test_versions(pto_opt, pto_translate):
    assert f"pto-opt {pto_mlir.__version__}" in run(pto_opt, "--version").stdout
    assert f"pto-translate {pto_mlir.__version__}" in run(pto_translate, "--version").stdout


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
