"""Input the bundled MLIR 22.1.8 parser aborts on (a dense array of
`index`, llvm/llvm-project#179045) is an error at its location on every
in-process parse path: the bindings' parse entry points, pto-compile and
`python -m pto_mlir.sim`. Each case runs in a fresh interpreter, so that a
regression shows as an abort there rather than killing the test session."""

import subprocess
import sys
import textwrap

import pytest

BAD = 'module attributes {a = array<index: 1>} {}\n'
MESSAGE = "dense arrays of 'index' are not supported"


def run_python(code: str, *args: str):
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("call", [
    "ir.Module.parse(BAD)",
    "ir.Module.parse(BAD.encode())",
    "ir.Module.parseFile(PATH)",
    "ir.Operation.parse(BAD, source_name='bad.mlir')",
    "ir.Attribute.parse('array<index: 1, 2>')",
    "ir.Type.parse('!pto.tensor<4xf32, array<index: 1>>')",
])
def test_binding_parse_raises_mlir_error(call, tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text(BAD)
    result = run_python(f"""
        import sys
        from pto_mlir import ir
        BAD, PATH = {BAD!r}, sys.argv[1]
        with ir.Context():
            try:
                {call}
            except ir.MLIRError as error:
                print("MLIRError:", error)
    """, str(path))
    assert result.returncode == 0, result.stderr
    assert "MLIRError:" in result.stdout and MESSAGE in result.stdout
    assert "Assertion" not in result.stderr


def test_located_like_the_tools(tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text("// array<index: 2> in a comment\n" + BAD)
    result = run_python("""
        import sys
        from pto_mlir import ir
        with ir.Context():
            try:
                ir.Module.parseFile(sys.argv[1])
            except ir.MLIRError as error:
                print(error)
    """, str(path))
    assert f'"{path}":2:24: {MESSAGE}' in result.stdout, result.stdout + result.stderr


def test_other_input_parses_as_before(tmp_path):
    path = tmp_path / "bom.mlir"
    path.write_bytes(b"\xef\xbb\xbfmodule attributes {test.a = array<i64: 1>} {}\n")
    result = run_python("""
        import sys
        from pto_mlir import ir
        with ir.Context():
            print(ir.Module.parse("module attributes {test.a = array<i64: 1>} {}"))
            print(ir.Module.parse("\\ufeffmodule {}"))
            print(ir.Module.parseFile(sys.argv[1]))
            print(ir.Attribute.parse("array<i64: 1>"))
            print(ir.Module.parse(ir.Module.parse("module {}").operation
                                  .get_asm(binary=True)))
    """, str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("array<i64: 1>") == 3


def test_pto_compile_reports_it(tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text(BAD)
    result = subprocess.run([sys.executable, "-m", "pto_mlir", str(path),
                             "-o", str(tmp_path / "out")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    assert MESSAGE in result.stderr and "Assertion" not in result.stderr


def test_sim_reports_it(tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text(BAD)
    result = subprocess.run([sys.executable, "-m", "pto_mlir.sim", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert MESSAGE in result.stderr, result.stdout + result.stderr
    assert "Assertion" not in result.stderr and result.returncode == 2
