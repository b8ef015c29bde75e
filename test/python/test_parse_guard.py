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


def _nested_scopes(depth: int) -> str:
    """An orchestration whose one task sits in `depth` nested pto.scope ops;
    braces in a string and a comment do not count."""
    lines = ['module attributes {test.note = "}}}{{{"} {',
             "  // {{{{ not nesting",
             "  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})",
             "  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = "
             "#pto.direction<inout>}) {"]
    lines += ["pto.scope {"] * depth
    lines.append("%y, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>")
    lines += ["}"] * depth
    lines += ["pto.return", "}", "}"]
    return "\n".join(lines) + "\n"


NESTING = "nesting deeper than 1024 braces"


@pytest.mark.parametrize("tool", ["pto-opt", "bindings"])
def test_deep_nesting_is_an_error_not_a_stack_overflow(tool, tmp_path, pto_opt):
    """4,000 nested scopes overflowed the parser's stack (a segfault, as
    upstream MLIR does for nested scf.if); deeper than 1024 braces is an
    error at the brace that goes too deep, and 1,000 scopes still parse."""
    deep, fine = tmp_path / "deep.mlir", tmp_path / "fine.mlir"
    deep.write_text(_nested_scopes(4000))
    fine.write_text(_nested_scopes(1000))
    if tool == "pto-opt":
        bad = subprocess.run([pto_opt, str(deep), "-o", "/dev/null"], capture_output=True,
                             text=True, timeout=120)
        good = subprocess.run([pto_opt, str(fine), "-o", "/dev/null"], capture_output=True,
                              text=True, timeout=120)
    else:
        code = """
            import sys
            from pto_mlir import ir
            with ir.Context():
                try:
                    ir.Module.parseFile(sys.argv[1])
                    print("parsed")
                except ir.MLIRError as error:
                    print(error)
                    sys.exit(1)
        """
        bad, good = run_python(code, str(deep)), run_python(code, str(fine))
    assert bad.returncode == 1, bad.stderr[-2000:]
    # The 1025th brace: the module's, the function's and 1023 scopes' (line
    # 1027, after the brace of the string and the comment's).
    assert "deep.mlir" in bad.stdout + bad.stderr and ":1027:11" in bad.stdout + bad.stderr
    assert NESTING in bad.stdout + bad.stderr
    assert good.returncode == 0, good.stderr[-2000:]
