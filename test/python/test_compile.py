"""pto-compile (``python -m pto_mlir`` and ``pto_mlir.compile``): outputs,
report contents, located diagnostics, nothing left behind on failure, Python
programs, and the report's measures against the C++ limit check and the
record/replay model."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pto_mlir
from pto_mlir.compile import (
    GRAPH_MAX_NODES,
    CompileError,
    compile_program,
    count_recorded_nodes,
    graph_heap_bytes,
)
from pto_mlir.ir import Context, Module
from pto_mlir.translate import header_defines

from conftest import REPO

DECODER = REPO / "examples" / "decoder_layer.mlir"
ORCH_BASIC = REPO / "examples" / "orch_basic.mlir"
CXX = shutil.which("g++")
CXX_FLAGS = ["-std=c++17", "-fsyntax-only", "-Werror", "-I", str(REPO / "runtime" / "include")]
needs_cxx = pytest.mark.skipif(CXX is None, reason="g++ is not installed")

# The package as imported here (a build tree or an installed wheel), for the
# subprocesses, which may run in another directory.
PACKAGE_ROOT = os.path.abspath(os.path.dirname(os.path.dirname(pto_mlir.__file__)))


def run_cli(*args, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [PACKAGE_ROOT] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return subprocess.run([sys.executable, "-m", "pto_mlir", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, env=env)


def compiles(cpp_path: Path, runtime: str, api: str = "spec"):
    flags = [*CXX_FLAGS, *header_defines(runtime, api)]
    return subprocess.run([CXX, *flags, "-x", "c++", str(cpp_path)],
                          capture_output=True, text=True)


def leftovers(directory: Path):
    """Hidden staging/backup directories pto-compile may have left."""
    return [p.name for p in directory.iterdir() if p.name.startswith(".")]


def graph_of(report, name):
    return next(g for g in report["graphs"] if g["name"] == name)


# ----------------------------------------------------------------------------
# The decoder example
# ----------------------------------------------------------------------------


def check_decoder_report(layer):
    # Step A hoists the frontier only: `base = layer_idx * 128` is read only
    # by the hoisted view `wl`, so it gets no scalar parameter (the call site
    # recomputes it for the view), and `layer_idx`, read only by base, leaves
    # the boundary with `w` (a dead scalar parameter goes like a dead tensor).
    kinds = {h["name"]: h["kind"] for h in layer["hoisted"]}
    assert kinds == {"tmp": "allocation", "wl": "view"}
    assert [h["name"] for h in layer["hoisted"]] == ["tmp", "wl"]
    view = next(h for h in layer["hoisted"] if h["name"] == "wl")
    assert view["source"] == "w"
    assert view["type"] == "!pto.tensor<128x128xf32>"
    alloc = next(h for h in layer["hoisted"] if h["name"] == "tmp")
    assert alloc["call_site_name"] == "tmp__graph_arg0"
    assert [v["name"] for v in layer["dropped"]] == ["w", "layer_idx"]
    assert [v["name"] for v in layer["tensors_before"]] == ["a", "w", "c"]
    assert [v["name"] for v in layer["scalars_before"]] == ["layer_idx"]
    assert [v["name"] for v in layer["tensors_after"]] == ["a", "c", "tmp", "wl"]
    assert layer["scalars_after"] == []
    assert [v["direction"] for v in layer["tensors_after"]] == ["in", "inout", "inout", "in"]
    # tmp is a 16x128 f32 buffer, allocated on every one of the 4 calls.
    assert layer["heap_bytes_per_call_before"] == 16 * 128 * 4 == 8192
    assert layer["heap_bytes_per_call_after"] == 0
    assert layer["heap_bytes_exact"]
    assert (layer["call_sites"], layer["calls"], layer["calls_exact"]) == (1, 4, True)
    assert layer["heap_bytes_total_before"] == 4 * 8192
    assert layer["heap_bytes_total_after"] == 0
    # Two launches; the create's alloc_tensors node left with it.
    assert layer["recorded_nodes"] == 2 <= layer["node_limit"] == GRAPH_MAX_NODES
    assert layer["recorded_nodes_before"] == 3


def test_cli_decoder(tmp_path):
    out = tmp_path / "out"
    result = run_cli(DECODER, "-o", out)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "decoder_layer.args.json", "decoder_layer.cpp", "decoder_layer.legalized.mlir",
        "report.json", "report.txt"]
    assert leftovers(tmp_path) == []
    report = json.loads((out / "report.json").read_text())
    assert report["runtime"] == "host_build_graph" and report["legalized"]
    check_decoder_report(graph_of(report, "layer"))

    text = (out / "report.txt").read_text()
    assert result.stdout == text
    assert re.search(r"^    tmp +allocation +!pto.tensor<16x128xf32> +callers allocate "
                     r"tmp__graph_arg0$", text, re.M)
    assert re.search(r"^    wl +view +!pto.tensor<128x128xf32> +view of w$", text, re.M)
    # base is not hoisted as a scalar: only the allocation and the view are.
    assert "hoisted to the call sites: 2\n" in text
    assert not re.search(r"^    base +scalar", text, re.M)
    assert "boundary after:  4 tensors, 0 scalars\n" in text
    assert "dropped from the boundary: w, layer_idx\n" in text
    assert "recorded nodes: 2 of 1024 (within the limit; 3 as written)" in text
    assert "graph heap per call: 8192 B (8.0 KiB) before, 0 B after legalizing" in text
    assert "graph heap over all calls: 32768 B (32.0 KiB) before, 0 B after" in text
    # Progress, one line per stage, with the elapsed time.
    for stage in ("parsing", "legalizing", "preparing", "translating", "writing", "done"):
        assert re.search(rf"^pto-compile: \[ *\d+\.\d\d s\] {stage}", result.stderr, re.M), \
            result.stderr
    # Names survive into the legalized IR (name locations, printed as SSA names).
    ir = (out / "decoder_layer.legalized.mlir").read_text()
    assert 'loc("wl"' in ir and "%tmp__graph_arg0 = pto.create" in ir


def test_library_decoder(tmp_path):
    result = compile_program(DECODER, tmp_path / "lib")
    assert result.output_dir == tmp_path / "lib"
    assert [p.name for p in result.files] == [
        "decoder_layer.legalized.mlir", "decoder_layer.cpp", "decoder_layer.args.json",
        "report.txt", "report.json"]
    metadata = json.loads((tmp_path / "lib" / "decoder_layer.args.json").read_text())
    assert metadata == json.loads(result.arg_metadata)
    assert [(a["name"], a["storage"]) for a in metadata["arguments"] if a["kind"] == "tensor"] \
        == [("a", "DEVICE"), ("w", "DEVICE"), ("c", "DEVICE")]
    assert all(p.is_file() for p in result.files)
    assert result.report.to_json()["graphs"] == json.loads(
        (tmp_path / "lib" / "report.json").read_text())["graphs"]
    check_decoder_report(result.report.to_json()["graphs"][0])
    assert "rt_submit_graph(&main_graph_layer" in result.cpp
    assert "TensorCreateInfo tmp__graph_arg0_ci" in result.cpp


def test_library_writes_nothing_without_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = compile_program(DECODER)
    assert result.output_dir is None and result.files == []
    assert list(tmp_path.iterdir()) == []
    assert result.report.graphs[0].heap_bytes_per_call_before == 8192


def test_default_output_folder(tmp_path):
    result = run_cli(DECODER, "-q", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    assert (tmp_path / "pto-out" / "decoder_layer" / "decoder_layer.cpp").is_file()


def test_cpp_is_what_the_tools_print_from_the_legalized_ir(tmp_path, pto_opt, pto_translate):
    """The legalized IR keeps names and locations: preparing and translating
    it with the tools gives the same C++."""
    out = tmp_path / "out"
    assert run_cli(DECODER, "-o", out, "-q").returncode == 0
    prepared = subprocess.run(
        [pto_opt, "--pto-orchestration-prepare-pipeline", "--mlir-print-debuginfo",
         str(out / "decoder_layer.legalized.mlir")],
        capture_output=True, text=True, check=True).stdout
    cpp = subprocess.run([pto_translate, "--pto-to-cpp"], input=prepared,
                         capture_output=True, text=True, check=True).stdout
    assert cpp == (out / "decoder_layer.cpp").read_text()


@needs_cxx
@pytest.mark.parametrize("example,runtime", [(DECODER, "host_build_graph"),
                                             (ORCH_BASIC, "tensormap_and_ringbuffer")],
                         ids=["decoder_layer", "orch_basic"])
def test_cpp_compiles(tmp_path, example, runtime):
    out = tmp_path / "out"
    result = run_cli(example, "-o", out, "-q")
    assert result.returncode == 0, result.stderr
    cpp = out / f"{example.stem}.cpp"
    check = compiles(cpp, runtime)
    assert check.returncode == 0, check.stderr + "\n" + cpp.read_text()


# ----------------------------------------------------------------------------
# The default runtime, options
# ----------------------------------------------------------------------------


def test_orch_basic(tmp_path):
    out = tmp_path / "out"
    result = run_cli(ORCH_BASIC, "-o", out)
    assert result.returncode == 0, result.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["runtime"] == "tensormap_and_ringbuffer"
    assert not report["legalized"] and report["graphs"] == []
    assert "Graphs: none" in result.stdout
    assert "legalizing" not in result.stderr
    assert "rt_submit_aiv_task" in (out / "orch_basic.cpp").read_text()

    library = compile_program(ORCH_BASIC, tmp_path / "lib")
    assert library.cpp == (out / "orch_basic.cpp").read_text()


@needs_cxx
def test_runtime_override(tmp_path):
    out = tmp_path / "out"
    result = run_cli(ORCH_BASIC, "-o", out, "--runtime", "host_build_graph")
    assert result.returncode == 0, result.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["runtime"] == "host_build_graph" and report["runtime_overridden"]
    assert "(set by --runtime)" in result.stdout
    ir = (out / "orch_basic.legalized.mlir").read_text()
    assert "#pto.runtime<host_build_graph>" in ir
    check = compiles(out / "orch_basic.cpp", "host_build_graph")
    assert check.returncode == 0, check.stderr


@needs_cxx
def test_runtime_api_level(tmp_path):
    """--runtime-api simpler_6ebaf771 prints the public runtime's API (slot
    reads, rt_submit_graph configs), reported, and the C++ compiles at that
    level only; an unknown level is a usage error."""
    out = tmp_path / "out"
    result = run_cli(DECODER, "-o", out, "--runtime-api", "simpler_6ebaf771")
    assert result.returncode == 0, result.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["runtime_api"] == "simpler_6ebaf771"
    assert "runtime API: simpler_6ebaf771" in result.stdout
    cpp = out / f"{DECODER.stem}.cpp"
    text = cpp.read_text()
    assert "ConfigBase" not in text and "layout.hash(" in text
    assert "#pto.runtime_api<simpler_6ebaf771>" in (out / f"{DECODER.stem}.legalized.mlir").read_text()
    check = compiles(cpp, "host_build_graph", "simpler_6ebaf771")
    assert check.returncode == 0, check.stderr
    assert compiles(cpp, "host_build_graph").returncode != 0
    default = compile_program(DECODER)
    assert default.report.runtime_api == "spec" and "ConfigBase" in default.cpp
    assert run_cli(DECODER, "--runtime-api", "v2").returncode == 2
    with pytest.raises(ValueError, match="unknown runtime API level"):
        compile_program(DECODER, runtime_api="v2")


def test_runtime_override_is_named_in_the_error(tmp_path):
    # A Graph program compiled for the default runtime: the error asks for
    # host_build_graph, which the file already says; the note says why.
    out = tmp_path / "out"
    result = run_cli(DECODER, "-o", out, "--runtime", "tensormap_and_ringbuffer")
    assert result.returncode != 0
    assert "needs the host_build_graph runtime" in result.stderr
    assert ("note: --runtime tensormap_and_ringbuffer replaced the program's own "
            "runtime, host_build_graph") in result.stderr
    assert not out.exists()


def test_emit_selects_files(tmp_path):
    out = tmp_path / "out"
    result = run_cli(DECODER, "-o", out, "--emit", "cpp", "--emit", "report", "-q")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "decoder_layer.args.json", "decoder_layer.cpp", "report.json", "report.txt"]
    result = run_cli(DECODER, "-o", out, "--emit", "ir", "-q")
    assert sorted(p.name for p in out.iterdir()) == ["decoder_layer.legalized.mlir"]
    result = run_cli(DECODER, "-o", out, "--emit", "ir,bogus")
    assert result.returncode == 2 and "unknown kind 'bogus'" in result.stderr


def test_mlir_timing(tmp_path):
    result = run_cli(DECODER, "-o", tmp_path / "out", "--mlir-timing", "-q")
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("Execution time report") == 2
    assert "LegalizeGraphBoundary" in result.stderr
    assert "MaterializeRuntimeScopes" in result.stderr


def test_help():
    result = run_cli("--help")
    assert result.returncode == 0
    for word in ("--runtime", "--emit", "--mlir-timing", "--quiet", "--output",
                 "report.json", "build()"):
        assert word in result.stdout


# ----------------------------------------------------------------------------
# Bad input: located diagnostics, nothing written
# ----------------------------------------------------------------------------

SYNTAX_ERROR = """\
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>)
  pto.orchestration @main(%a: !pto.tensor<16xf32>) {
    %t = pto.submit @k(%a) : (!pto.tensor<16xf32) -> ()
    pto.return
  }
}
"""

# A launch under a loop whose trip count is a boundary scalar.
REJECTED = """\
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @add(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) -> !pto.tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (!pto.tensor<16xf32>) {
      %c2, %t = pto.submit @add(%a, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %c2 : !pto.tensor<16xf32>
    }
    pto.return %r : !pto.tensor<16xf32>
  }
  pto.orchestration @main(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c3 = arith.constant 3 : index
    %x = pto.call @g(%a, %c, %c3) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
}
"""


def check_failure(result, tmp_path, out, located):
    assert result.returncode == 1
    assert located in result.stderr, result.stderr
    assert "Traceback (most recent call last)" not in result.stderr  # no Python crash
    assert "nothing written" in result.stderr
    assert not out.exists()
    assert leftovers(tmp_path) == []


def test_syntax_error(tmp_path):
    source = tmp_path / "bad.mlir"
    source.write_text(SYNTAX_ERROR)
    out = tmp_path / "out"
    result = run_cli(source, "-o", out)
    check_failure(result, tmp_path, out, f"{source}:4:42: error: unbalanced '<'")
    # The source line and a caret under the column.
    assert "    %t = pto.submit @k(%a) : (!pto.tensor<16xf32) -> ()\n" + " " * 41 + "^" \
        in result.stderr
    with pytest.raises(CompileError) as error:
        compile_program(source, out)
    assert error.value.stage == "parsing"
    assert f"{source}:4:42: error:" in error.value.message
    assert not out.exists()


def test_rejected_graph(tmp_path):
    source = tmp_path / "rejected.mlir"
    source.write_text(REJECTED)
    result = run_cli(source, cwd=tmp_path)
    # The default output folder (and pto-out/) are not created either.
    check_failure(result, tmp_path, tmp_path / "pto-out", f"{source}:7:17: error: 'pto.submit' "
                  "op launches a task a number of times that can differ between calls")
    assert f"{source}:6:10: note: inside this loop" in result.stderr
    assert "legalizing failed" in result.stderr


def test_failure_keeps_an_existing_output_folder(tmp_path):
    out = tmp_path / "out"
    assert run_cli(ORCH_BASIC, "-o", out, "-q").returncode == 0
    before = {p.name: p.read_text() for p in out.iterdir()}
    source = tmp_path / "rejected.mlir"
    source.write_text(REJECTED)
    assert run_cli(source, "-o", out).returncode == 1
    assert {p.name: p.read_text() for p in out.iterdir()} == before
    # Success replaces it as a whole.
    assert run_cli(DECODER, "-o", out, "-q").returncode == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "decoder_layer.args.json", "decoder_layer.cpp", "decoder_layer.legalized.mlir",
        "report.json", "report.txt"]
    assert leftovers(tmp_path) == []


def test_a_foreign_folder_is_never_replaced(tmp_path):
    """-o naming a folder with other files (the input's, say) is refused
    before compiling."""
    out = tmp_path / "src"
    out.mkdir()
    source = out / "decoder_layer.mlir"
    source.write_text(DECODER.read_text())
    result = run_cli(source, "-o", out)
    assert result.returncode == 1
    assert "not replacing a folder that holds files pto-compile does not write " \
        "(decoder_layer.mlir)" in result.stderr
    assert [p.name for p in out.iterdir()] == ["decoder_layer.mlir"]
    assert leftovers(tmp_path) == []


def test_output_is_a_file(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    result = run_cli(DECODER, "-o", target)
    assert result.returncode == 1 and "is not a directory" in result.stderr
    assert target.read_text() == "x"


def test_missing_input(tmp_path):
    result = run_cli(tmp_path / "nope.mlir", "-o", tmp_path / "out")
    assert result.returncode == 1 and "no such file" in result.stderr
    assert not (tmp_path / "out").exists()


# ----------------------------------------------------------------------------
# Python programs
# ----------------------------------------------------------------------------

PYTHON_DECODER = '''\
"""The decoder layer example, written with pto_mlir.builder."""
from pto_mlir import builder as b
from pto_mlir.dialects import arith
from pto_mlir.ir import F32Type, IndexType


def build():
    x_t = b.tensor([16, 128], "f32")
    w_t = b.tensor([512, 128], "f32")
    wl_t = b.tensor([128, 128], "f32")
    module = b.module(runtime="host_build_graph")
    with b.inserting(module):
        matmul = b.kernel("matmul", [b.param("x", x_t), b.param("w", wl_t),
                                     b.param("y", x_t, "out")], core_type="aic")
        add = b.kernel("add", [b.param("a", x_t), b.param("b", x_t),
                               b.param("c", x_t, "inout"), b.param("scale", F32Type.get())])
        layer = b.graph("layer", [b.param("a", x_t), b.param("w", w_t),
                                  b.param("c", x_t, "inout"),
                                  b.param("layer_idx", IndexType.get())], results=[x_t])
        with b.inserting(layer):
            a, w, c, layer_idx = b.arguments(layer)
            base = arith.MulIOp(layer_idx, b.index(128), loc=b._caller_location("base")).result
            wl = b.slice(w, [base, 0], [128, 128], name="wl")
            tmp = b.create([16, 128], "f32", name="tmp")
            tmp1, _ = b.submit(matmul, [a, wl, tmp], name="tmp1")
            one = arith.ConstantOp(F32Type.get(), 1.0, loc=b._caller_location("one")).result
            c1, _ = b.submit(add, [tmp1, a, c, one], name="c1")
            b.ret([c1])
        main = b.orchestration("main", [b.param("a", x_t), b.param("w", w_t),
                                        b.param("c", x_t, "inout")])
        with b.inserting(main):
            a, w, c = b.arguments(main)
            for i in range(2):
                b.call(layer, [a, w, c, b.index(i)], name=f"out{i}")
            b.ret()
    return module


if __name__ == "__main__":
    raise SystemExit("not run by pto-compile")
'''


@needs_cxx
def test_python_program(tmp_path):
    source = tmp_path / "decoder.py"
    source.write_text(PYTHON_DECODER)
    out = tmp_path / "out"
    result = run_cli(source, "-o", out)
    assert result.returncode == 0, result.stderr
    assert f"running {source}: build()" in result.stderr
    report = json.loads((out / "report.json").read_text())
    layer = graph_of(report, "layer")
    # base, read only by the hoisted view, gets no parameter (each call site
    # recomputes it for the view), and layer_idx, read only by base, leaves.
    assert {h["name"]: h["kind"] for h in layer["hoisted"]} == {
        "tmp": "allocation", "wl": "view"}
    assert [v["name"] for v in layer["dropped"]] == ["w", "layer_idx"]
    assert layer["scalars_after"] == []
    assert (layer["call_sites"], layer["calls"]) == (2, 2)
    assert layer["heap_bytes_total_before"] == 2 * 8192
    assert layer["heap_bytes_total_after"] == 0
    # Locations point at the Python source.
    ir = (out / "decoder.legalized.mlir").read_text()
    assert f'"{source}"' in ir
    check = compiles(out / "decoder.cpp", "host_build_graph")
    assert check.returncode == 0, check.stderr

    # The library function takes the same file.
    library = compile_program(source)
    assert library.cpp == (out / "decoder.cpp").read_text()


def test_python_program_raises(tmp_path):
    source = tmp_path / "raises.py"
    source.write_text(
        "from pto_mlir import builder as b\n"
        "\n"
        "\n"
        "def element():\n"
        "    return b.tensor([16], 'f33')\n"
        "\n"
        "\n"
        "def build():\n"
        "    return element()\n")
    out = tmp_path / "out"
    result = run_cli(source, "-o", out)
    check_failure(result, tmp_path, out, f"{source}:5: error: build() raised ValueError")
    # The user's frames only, with their source lines.
    assert f'File "{source}", line 9, in build' in result.stderr
    assert "return b.tensor([16], 'f33')" in result.stderr
    assert "builder.py" not in result.stderr and "compile.py" not in result.stderr


def test_python_program_whose_build_returns_nothing(tmp_path):
    """build() without a `return`: the error says what it returned and asks
    about the return."""
    source = tmp_path / "forgot.py"
    source.write_text("def build():\n    pass\n")
    out = tmp_path / "out"
    result = run_cli(source, "-o", out)
    check_failure(result, tmp_path, out,
                  f"{source}: error: build() returned NoneType, expected a "
                  f"pto_mlir.ir.Module (does it `return` the module?)")


def test_python_program_illegal_boundary(tmp_path):
    """The pipeline's diagnostic names the user's Python file and line."""
    source = tmp_path / "illegal.py"
    source.write_text(
        "from pto_mlir import builder as b\n"
        "\n"
        "\n"
        "def build():\n"
        "    t = b.tensor([16], 'f32')\n"
        "    module = b.module(runtime='host_build_graph')\n"
        "    with b.inserting(module):\n"
        "        add = b.kernel('add', [b.param('a', t), b.param('c', t, 'out')])\n"
        "        g = b.graph('g', [b.param('a', t)], results=[t])\n"
        "        with b.inserting(g):\n"
        "            (a,) = b.arguments(g)\n"
        "            tmp = b.create([16], 'f32', name='tmp')\n"
        "            out, _ = b.submit(add, [a, tmp], name='out')\n"
        "            b.ret([out])\n"
        "        main = b.orchestration('main', [b.param('a', t)])\n"
        "        with b.inserting(main):\n"
        "            (a,) = b.arguments(main)\n"
        "            b.call(g, [a], name='r')\n"
        "            b.ret()\n"
        "    return module\n")
    out = tmp_path / "out"
    result = run_cli(source, "-o", out)
    check_failure(result, tmp_path, out,
                  f"{source}:14: error: 'pto.return' op returns at position 0 a tensor "
                  "that is not one of @g's parameters")
    assert "            b.ret([out])\n" in result.stderr
    assert f"{source}:12: note: the returned buffer comes from this 'pto.create'" \
        in result.stderr


@pytest.mark.parametrize("text,message", [
    ("def build(:\n    pass\n", ":1:11: error: SyntaxError"),
    ("x = 1\n", ": error: defines no function build()"),
    ("def build():\n    return 3\n", ": error: build() returned int"),
], ids=["syntax", "no-build", "not-a-module"])
def test_python_program_errors(tmp_path, text, message):
    source = tmp_path / "prog.py"
    source.write_text(text)
    out = tmp_path / "out"
    check_failure(run_cli(source, "-o", out), tmp_path, out, f"{source}{message}")


# ----------------------------------------------------------------------------
# The measures against the C++ limit check and the replay model
# ----------------------------------------------------------------------------


def over_limit_program():
    """A Graph of 5 * (2 + 1 + 200 * 2 + 4) + 2 = 2037 nodes: per outer
    iteration 17 batchable creates (2 alloc_tensors batches), one create
    sized in its block (alone), 200 iterations of a launch and a barrier, and
    a 4-trip i32 loop with a signed lower bound. The creates are column-major,
    so the legalization leaves them in the loop (no stacked buffer of them is
    one the runtime allocates) and the count is the same before and after."""
    dn = "!pto.tensor<16x1xf32, dn>"
    creates = "\n".join(f"      %b{i} = pto.create : {dn}" for i in range(17))
    return f"""\
module attributes {{pto.runtime = #pto.runtime<host_build_graph>}} {{
  pto.kernel aiv @add(%a: !pto.tensor<16xf32>, %c: {dn} {{pto.direction = #pto.direction<inout>}})
  pto.kernel aiv @addc(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {{pto.direction = #pto.direction<inout>}})
  pto.graph @g(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {{pto.direction = #pto.direction<inout>}}) -> !pto.tensor<16xf32> {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c400 = arith.constant 400 : index
    %lo = arith.constant -3 : i32
    %hi = arith.constant 7 : i32
    %step = arith.constant 3 : i32
    %t0 = pto.task_dummy
    scf.for %i = %c0 to %c5 step %c1 {{
{creates}
      %n = arith.constant 16 : index
      %d = pto.create(%n) : !pto.tensor<?xf32>
      scf.for %j = %c0 to %c400 step %c2 {{
        %x, %t = pto.submit @add(%a, %b0) : (!pto.tensor<16xf32>, {dn}) -> {dn}
        %td = pto.task_dummy
      }}
      scf.for %k = %lo to %hi step %step : i32 {{
        %y, %t2 = pto.submit @add(%a, %b1) : (!pto.tensor<16xf32>, {dn}) -> {dn}
      }}
    }}
    %c1r, %t1 = pto.submit @addc(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %c1r : !pto.tensor<16xf32>
  }}
  pto.orchestration @main(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {{pto.direction = #pto.direction<inout>}}) {{
    %x = pto.call @g(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }}
}}
"""


def test_node_count_agrees_with_the_limit_check(tmp_path, pto_opt):
    source = tmp_path / "big.mlir"
    source.write_text(over_limit_program())
    result = subprocess.run([pto_opt, "--pto-graph-legalize-pipeline", str(source)],
                            capture_output=True, text=True)
    assert result.returncode != 0
    reported = int(re.search(r"'pto.graph' op records (\d+) nodes", result.stderr).group(1))
    with Context():
        module = Module.parse(source.read_text())
        graph = next(op for op in module.body.operations if op.operation.name == "pto.graph")
        assert count_recorded_nodes(graph) == reported == 2037 > GRAPH_MAX_NODES
        # 5 iterations of 17 creates of 64 bytes; the ? shape is not counted.
        assert graph_heap_bytes(graph) == (5 * 17 * 64, False)
    with pytest.raises(CompileError) as error:
        compile_program(source, tmp_path / "out")
    assert f"{source}:4:3: error: 'pto.graph' op records 2037 nodes" in error.value.message
    assert not (tmp_path / "out").exists()


# A Graph whose top-level create is hoisted, whose create in a 3-trip loop
# becomes one parameter of 3 windows, and a launch omitting its out tail (the
# runtime allocates it from the graph heap); called 2 * 5 times.
LOOP_ALLOCATIONS = """\
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @copy(%a: !pto.tensor<8x4xf32>, %c: !pto.tensor<8x4xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%a: !pto.tensor<8x4xf32>, %c: !pto.tensor<8x4xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%a: !pto.tensor<8x4xf32>, %c: !pto.tensor<8x4xf32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<8x4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %top = pto.create : !pto.tensor<8x4xf32>
    %top1, %t0 = pto.submit @copy(%a, %top) : (!pto.tensor<8x4xf32>, !pto.tensor<8x4xf32>) -> !pto.tensor<8x4xf32>
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %c) -> (!pto.tensor<8x4xf32>) {
      %scratch = pto.create : !pto.tensor<8x4xf16>
      %x1, %t1 = pto.submit @acc(%top1, %x) : (!pto.tensor<8x4xf32>, !pto.tensor<8x4xf32>) -> !pto.tensor<8x4xf32>
      scf.yield %x1 : !pto.tensor<8x4xf32>
    }
    %tail, %t2 = pto.submit @copy(%a) : (!pto.tensor<8x4xf32>) -> !pto.tensor<8x4xf32>
    %r1, %t3 = pto.submit @acc(%tail, %r) : (!pto.tensor<8x4xf32>, !pto.tensor<8x4xf32>) -> !pto.tensor<8x4xf32>
    pto.return %r1 : !pto.tensor<8x4xf32>
  }
  pto.orchestration @main(%a: !pto.tensor<8x4xf32>, %c: !pto.tensor<8x4xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %o = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %c) -> (!pto.tensor<8x4xf32>) {
      %p = scf.for %j = %c0 to %c5 step %c1 iter_args(%y = %x) -> (!pto.tensor<8x4xf32>) {
        %z = pto.call @g(%a, %y) : (!pto.tensor<8x4xf32>, !pto.tensor<8x4xf32>) -> !pto.tensor<8x4xf32>
        scf.yield %z : !pto.tensor<8x4xf32>
      }
      scf.yield %p : !pto.tensor<8x4xf32>
    }
    pto.return
  }
}
"""


def replay_graph_heap(text: str) -> int:
    """Graph-heap bytes of one run of @main under the replay model."""
    from pto_mlir.sim.differential import default_arguments
    from pto_mlir.sim.program import load_program
    from pto_mlir.sim.runtime import Runtime

    with Context():
        program = load_program(Module.parse(text))
    args = default_arguments(program, "main", np.random.default_rng(0))
    return Runtime(program, "replay").run("main", args).stats.graph_heap_bytes


@pytest.mark.parametrize("name,text", [("decoder", DECODER.read_text()),
                                       ("loops", LOOP_ALLOCATIONS)])
def test_graph_heap_agrees_with_the_replay_model(tmp_path, name, text):
    source = tmp_path / f"{name}.mlir"
    source.write_text(text)
    result = compile_program(source, tmp_path / "out")
    (graph,) = result.report.graphs
    assert graph.heap_bytes_exact and graph.calls_exact
    assert graph.heap_bytes_total_before == replay_graph_heap(text)
    assert graph.heap_bytes_total_after == replay_graph_heap(
        (tmp_path / "out" / f"{name}.legalized.mlir").read_text())
    if name == "loops":
        # 128 B and 3 * 64 B hoisted; the 128 B tail stays.
        assert graph.heap_bytes_per_call_before == 128 + 3 * 64 + 128
        assert graph.heap_bytes_per_call_after == 128
        assert (graph.call_sites, graph.calls) == (1, 10)
        assert [h.kind for h in graph.hoisted] == ["allocation", "allocation"]
        assert graph.dropped == []


# LOOP_ALLOCATIONS with an allocation of the caller's own in its inner loop.
CALLER_ALLOCATIONS = LOOP_ALLOCATIONS.replace(
    "        %z = pto.call @g(%a, %y)",
    "        %e = pto.create : !pto.tensor<8x4xf32>\n"
    "        %e1, %te = pto.submit @copy(%a, %e) : (!pto.tensor<8x4xf32>, "
    "!pto.tensor<8x4xf32>) -> !pto.tensor<8x4xf32>\n"
    "        %z = pto.call @g(%a, %y)")


def replay_stats(text: str):
    """The replay model's counters of one run of @main."""
    from pto_mlir.sim.differential import default_arguments
    from pto_mlir.sim.program import load_program
    from pto_mlir.sim.runtime import Runtime

    with Context():
        program = load_program(Module.parse(text))
    args = default_arguments(program, "main", np.random.default_rng(0))
    return Runtime(program, "replay").run("main", args).stats


@pytest.mark.parametrize("name,text", [("decoder", DECODER.read_text()),
                                       ("loops", LOOP_ALLOCATIONS),
                                       ("caller", CALLER_ALLOCATIONS)])
def test_orchestration_heap_agrees_with_the_replay_model(tmp_path, name, text):
    """The report's orchestration heap (per run, before and after
    legalizing), the runtime allocation calls of the generated C++ and what
    each Graph's callers allocate for it are the compiler's counts; the
    replay model, run on the same IR, takes the same bytes and makes the
    same calls."""
    from pto_mlir.compile import PREPARE_PIPELINE
    from pto_mlir.pipelines import run_pipeline

    assert CALLER_ALLOCATIONS != LOOP_ALLOCATIONS
    source = tmp_path / f"{name}.mlir"
    source.write_text(text)
    result = compile_program(source, tmp_path / "out")
    heap = result.report.orchestration_heap
    legalized = (tmp_path / "out" / f"{name}.legalized.mlir").read_text()
    with Context():
        prepared = str(run_pipeline(Module.parse(legalized), PREPARE_PIPELINE))
    assert heap.exact
    assert heap.bytes_before == replay_stats(text).heap_bytes
    assert heap.bytes_after == replay_stats(legalized).heap_bytes
    assert heap.allocation_calls == replay_stats(prepared).heap_allocation_calls
    (graph,) = result.report.graphs
    assert graph.call_site_heap_exact
    if name != "decoder":
        # The 128 B top-level create and the 3 x 64 B windows of the loop's,
        # allocated once before the caller's loops for all 10 calls, in one
        # alloc_tensors call.
        assert graph.call_site_heap_bytes_per_call == 128 + 3 * 64
        assert graph.call_site_heap_bytes_per_run == 128 + 3 * 64
        assert graph.call_site_allocation_calls == 1
    if name == "caller":
        # The caller's own 128 B buffer, once per iteration of 2 x 5.
        assert heap.bytes_before == 10 * 128
        assert heap.bytes_after == 10 * 128 + 128 + 3 * 64
        assert heap.allocation_calls == 10 + 1
    text_report = result.report.to_text()
    assert (f"orchestration heap per run: {heap.bytes_before} B" in text_report
            and f"allocation calls per run: {heap.allocation_calls}\n" in text_report)


def trip_count_program(type_, lb, ub, step, unsigned):
    """A Graph whose only launch is in one scf.for with the given bounds."""
    loop = "scf.for unsigned" if unsigned else "scf.for"
    return f"""\
module attributes {{pto.runtime = #pto.runtime<host_build_graph>}} {{
  pto.kernel aiv @add(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {{pto.direction = #pto.direction<inout>}})
  pto.graph @g(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {{pto.direction = #pto.direction<inout>}}) {{
    %lb = arith.constant {lb} : {type_}
    %ub = arith.constant {ub} : {type_}
    %st = arith.constant {step} : {type_}
    {loop} %i = %lb to %ub step %st : {type_} {{
      %x, %t = pto.submit @add(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }}
    pto.return
  }}
  pto.orchestration @main(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {{pto.direction = #pto.direction<inout>}}) {{
    pto.call @g(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
    pto.return
  }}
}}
"""


@pytest.mark.parametrize("type_,lb,ub,step,unsigned,expected", [
    ("i16", -30000, 30000, 7, False, 8572),  # ub - lb does not fit i16
    ("i8", 100, -100, 1, False, 0),     # lb above ub: no iteration
    ("i32", -3, 7, 3, True, 0),         # unsigned: -3 is the larger bound
    ("i32", 4, 0, -1, False, 0),        # a negative step: no iteration
    ("i16", 0, 30000, 7, False, 4286),
    ("index", 0, 2000, 1, True, 2000),
])
def test_trip_counts_agree_with_the_limit_check(tmp_path, pto_opt, type_, lb, ub, step,
                                                unsigned, expected):
    """Counts outside 1..1024 are reported by the legality check, and the
    report's count is the compiler's own (through the C API), including at
    the edges of the bounds' width."""
    text = trip_count_program(type_, lb, ub, step, unsigned)
    source = tmp_path / "loop.mlir"
    source.write_text(text)
    result = subprocess.run([pto_opt, "--pto-graph-legalize-pipeline", str(source)],
                            capture_output=True, text=True)
    reported = int(re.search(r"records (\d+) nodes", result.stderr).group(1))
    with Context():
        module = Module.parse(text)
        graph = next(op for op in module.body.operations if op.operation.name == "pto.graph")
        assert count_recorded_nodes(graph) == reported == expected


def test_compiler_counts_reject_other_ops():
    """count_recorded_nodes takes a pto.graph only; constant_trip_count is
    None for a loop whose bounds are not constants."""
    from pto_mlir.compile import constant_trip_count
    text = trip_count_program("index", 0, 4, 1, False)
    with Context():
        module = Module.parse(text)
        kernel = next(op for op in module.body.operations if op.operation.name == "pto.kernel")
        with pytest.raises(ValueError, match="not a pto.graph: pto.kernel"):
            count_recorded_nodes(kernel)
        loops = []
        for op in module.body.operations:
            if op.operation.name == "pto.graph":
                for inner in op.operation.regions[0].blocks[0].operations:
                    if inner.operation.name == "scf.for":
                        loops.append(inner)
        assert [constant_trip_count(loop) for loop in loops] == [4]
    runtime_loop = """
pto.orchestration @main(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  pto.return
}
"""
    with Context():
        module = Module.parse(runtime_loop)
        main = next(iter(module.body.operations))
        loop = list(main.operation.regions[0].blocks[0].operations)[2]
        assert loop.operation.name == "scf.for" and constant_trip_count(loop) is None


def test_graph_heap_bytes_is_the_compilers_measure():
    """graph_heap_bytes reads the compiler's measure: a pto.alloc_tensors
    counts each of its results, per iteration of a constant-trip loop; a
    non-Graph op is a ValueError."""
    from pto_mlir.compile import graph_heap_bytes
    text = """
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %a, %b = pto.alloc_tensors {names = ["a", "b"]} : !pto.tensor<16xf32>, !pto.tensor<8xbf16>
      %a1, %t = pto.submit @k(%a) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}
"""
    with Context():
        module = Module.parse(text)
        ops = list(module.body.operations)
        assert graph_heap_bytes(ops[1]) == (3 * (16 * 4 + 8 * 2), True)
        with pytest.raises(ValueError, match="not a pto.graph: pto.kernel"):
            graph_heap_bytes(ops[0])


def test_library_compiles_a_module_in_memory(tmp_path):
    with Context():
        module = Module.parse(LOOP_ALLOCATIONS)
        result = compile_program(module, tmp_path / "out", emit=["report"])
    assert result.stem == "program" and result.report.input == "<module>"
    assert [p.name for p in result.files] == ["report.txt", "report.json"]
    # Parsed from a string: no source names, so parameters are named by
    # position and the callers' buffer gets the pass's default name.
    (graph,) = result.report.graphs
    assert [(h.name, h.kind) for h in graph.hoisted] == [("arg2", "allocation"),
                                                         ("arg3", "allocation")]
    assert [h.call_site_name for h in graph.hoisted] == ["alloc__graph_arg0",
                                                         "alloc__graph_arg1"]
    assert graph.heap_bytes_total_before == 10 * (128 + 3 * 64 + 128)
    with pytest.raises(ValueError):
        compile_program(module, emit=["binary"])


def _many_graphs(graphs: int, tasks: int) -> str:
    """A host_build_graph module of `graphs` Graphs of `tasks` chained
    launches each (one kernel per task): big enough that parsing it takes a
    while on any machine."""
    t = "!pto.tensor<16x128xf32>"
    inout = "{pto.direction = #pto.direction<inout>}"
    lines = ["module attributes {pto.runtime = #pto.runtime<host_build_graph>} {"]
    lines += [f"  pto.kernel aiv @k{i}(%a: {t}, %c: {t} {inout})" for i in range(graphs * tasks)]
    for g in range(graphs):
        lines.append(f"  pto.graph @g{g}(%a: {t}, %c: {t} {inout}) {{")
        prev = "%c"
        for i in range(tasks):
            lines.append(f"    %c_{i}, %t_{i} = pto.submit @k{g * tasks + i}(%a, {prev}) "
                         f": ({t}, {t}) -> {t}")
            prev = f"%c_{i}"
        lines += ["    pto.return", "  }"]
    lines.append(f"  pto.orchestration @main(%a: {t}, %c: {t} {inout}) {{")
    lines += [f"    pto.call @g{g}(%a, %c) : ({t}, {t}) -> ()" for g in range(graphs)]
    lines += ["    pto.return", "  }", "}"]
    return "\n".join(lines) + "\n"


def test_ctrl_c_ends_pto_compile_at_once_writing_nothing(tmp_path):
    """SIGINT while a stage runs in native code ends the process at once
    (killed by the signal: status 130 in a shell), with no traceback and
    nothing written; a Python handler would wait for the stage to return."""
    import signal
    source = tmp_path / "big.mlir"
    source.write_text(_many_graphs(40, 1000))
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    proc = subprocess.Popen([sys.executable, "-m", "pto_mlir", str(source), "-o", str(out)],
                            stderr=subprocess.PIPE, text=True, env=env)
    line = proc.stderr.readline()
    assert "parsing" in line, line
    proc.send_signal(signal.SIGINT)
    rest = proc.communicate(timeout=120)[1]
    assert proc.returncode == -signal.SIGINT, (proc.returncode, rest)
    assert "Traceback" not in rest
    assert not out.exists() and os.listdir(tmp_path) == ["big.mlir"]


def test_interrupted_write_leaves_the_output_as_it_was(tmp_path, monkeypatch):
    """KeyboardInterrupt half-way through writing: the staging folder is
    removed, an existing output folder is kept as it was, and the interrupt
    goes on."""
    import pto_mlir.compile as compile_module
    out = tmp_path / "out"
    out.mkdir()
    (out / "report.txt").write_text("old\n")
    opened = []

    def interrupting_open(path, *args, **kwargs):
        opened.append(path)
        if len(opened) == 2:
            raise KeyboardInterrupt
        return open(path, *args, **kwargs)

    monkeypatch.setattr(compile_module, "open", interrupting_open, raising=False)
    with pytest.raises(KeyboardInterrupt):
        compile_module._write_atomically(out, {"a.cpp": "x", "report.txt": "new\n"})
    assert sorted(os.listdir(tmp_path)) == ["out"]
    assert (out / "report.txt").read_text() == "old\n" and len(opened) == 2


def test_output_at_a_mount_point_is_refused_clearly(tmp_path):
    """A mount point cannot be renamed into place: refused up front with a
    sentence, not the rename's errno after the compile."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "none", str(mount)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        result = run_cli(str(DECODER), "-o", str(mount))
        assert result.returncode == 1
        assert "is a mount point" in result.stderr and "Errno" not in result.stderr
        assert os.listdir(mount) == []
    finally:
        subprocess.run(["umount", str(mount)], check=True)
