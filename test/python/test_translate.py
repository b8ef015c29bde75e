"""The orchestration C++ translation end to end: every translation test input
(test/Target/Cpp, each split chunk) and the orch_basic example go through
`pto-opt --pto-orchestration-prepare-pipeline` and `pto-translate --pto-to-cpp`,
and the C++ must compile against the runtime API header; the Python API
`pto_mlir.translate.to_orchestration_cpp` prints the same C++ and raises
MLIRError with the diagnostics when a module cannot be translated. The
host_build_graph inputs (hbg-*.mlir, legalized first) are
test_translate_graphs.py's."""

import re
import shutil
import subprocess

import pytest

from pto_mlir.ir import Context, MLIRError, Module
from pto_mlir.dialects import pto
from pto_mlir.translate import header_defines, to_orchestration_cpp

from conftest import REPO

CPP_TESTS = REPO / "test" / "Target" / "Cpp"
ORCH_BASIC = REPO / "examples" / "orch_basic.mlir"
CXX = shutil.which("g++")
CXX_FLAGS = ["-std=c++17", "-fsyntax-only", "-Werror", "-I", str(REPO / "runtime" / "include")]
# Each runtime API level (pto.runtime_api, set with --pto-runtime-api).
API_LEVELS = pto.RUNTIME_APIS
HOST_BUILD_GRAPH = "#pto.runtime<host_build_graph>"
# errors.mlir and unparsable.mlir hold inputs that must not translate (the
# second, not even parse: test_tools.py and test_parse_guard.py cover it);
# empty-input.mlir holds a module with no function at all;
# known-bugs-scratch.mlir holds open bugs (C++ that does not compile, wrong
# C++): all are skipped.
SKIPPED = {"errors.mlir", "unparsable.mlir", "empty-input.mlir", "known-bugs-scratch.mlir"}
SPLIT = re.compile(r"^// -----\s*$", re.M)
PREPARE = ["--pto-orchestration-prepare-pipeline", "--mlir-print-debuginfo"]
# host_build_graph inputs: their RUN lines run --pto-graph-legalize-pipeline
# first; test_translate_graphs.py translates and compiles them.
GRAPH_INPUTS = "hbg-*.mlir"

needs_cxx = pytest.mark.skipif(CXX is None, reason="g++ is not installed")


def split_chunks(path):
    """The chunks of `path` as -split-input-file sees them."""
    return [chunk for chunk in SPLIT.split(path.read_text()) if "module" in chunk]


def collect_inputs():
    cases = []
    for path in sorted(CPP_TESTS.glob("*.mlir")):
        if path.name in SKIPPED or path.match(GRAPH_INPUTS):
            continue
        for index, chunk in enumerate(split_chunks(path)):
            cases.append(pytest.param(chunk, id=f"{path.name}:{index}"))
    cases.append(pytest.param(ORCH_BASIC.read_text(), id="examples/orch_basic.mlir"))
    return cases


INPUTS = collect_inputs()
ERROR_CASES = [pytest.param(chunk, id=f"errors.mlir:{index}")
               for index, chunk in enumerate(split_chunks(CPP_TESTS / "errors.mlir"))]


def run(cmd, stdin):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120)


def translate_cli(pto_opt, pto_translate, source, api=None):
    prepared = run([pto_opt, *PREPARE, "-"], source)
    assert prepared.returncode == 0, prepared.stderr
    level = [f"--pto-runtime-api={api}"] if api else []
    cpp = run([pto_translate, "--pto-to-cpp", *level, "-"], prepared.stdout)
    assert cpp.returncode == 0, cpp.stderr
    return cpp.stdout


def compile_cpp(cpp, host_build_graph=False, api="spec"):
    """Syntax-checks `cpp` against the API of its runtime and API level."""
    runtime = "host_build_graph" if host_build_graph else "tensormap_and_ringbuffer"
    flags = [*CXX_FLAGS, *header_defines(runtime, api)]
    return run([CXX, *flags, "-x", "c++", "-"], cpp)


def test_inputs_found():
    # One chunk per spec section at least, plus the example.
    assert len(INPUTS) >= 20
    assert len(ERROR_CASES) >= 25


@needs_cxx
@pytest.mark.parametrize("api", API_LEVELS)
@pytest.mark.parametrize("source", INPUTS)
def test_translation_compiles(pto_opt, pto_translate, source, api):
    if api == "spec" and "pto.full" in source:
        # Filling a new tensor is the public API's alone: refused, at the op.
        prepared = run([pto_opt, *PREPARE, "-"], source)
        cpp = run([pto_translate, "--pto-to-cpp", "--pto-runtime-api=spec", "-"],
                  prepared.stdout)
        assert cpp.returncode == 1 and "'pto.full' op has no translation at this runtime " \
            "and API level" in cpp.stderr, cpp.stderr
        return
    cpp = translate_cli(pto_opt, pto_translate, source, api)
    assert '#include "pto_orchestration_api.h"' in cpp
    assert "void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {" in cpp
    assert f"// Runtime API: {api.replace('_', ' ')} " in cpp
    result = compile_cpp(cpp, host_build_graph=HOST_BUILD_GRAPH in source, api=api)
    assert result.returncode == 0, result.stderr + "\n" + cpp


@pytest.mark.parametrize("source", INPUTS)
def test_python_api_matches_the_tools(pto_opt, pto_translate, source):
    """to_orchestration_cpp (prepare in memory) prints what the tools print.
    The runtime checks' messages name the source buffer, which the tools
    read as `<stdin>` and Module.parse as `-`."""
    expected = translate_cli(pto_opt, pto_translate, source).replace('"<stdin>:', '"-:')
    with Context():
        module = Module.parse(source)
        assert to_orchestration_cpp(module) == expected


def test_unprepared_module_raises_naming_the_pipeline():
    """prepare=False on a module the prepare pipeline never saw: both
    translations raise, naming the pipeline, instead of printing launches
    outside any scope."""
    from pto_mlir.translate import argument_metadata_json
    with Context():
        module = Module.parse(ORCH_BASIC.read_text())
        for translation in (to_orchestration_cpp, argument_metadata_json):
            with pytest.raises(MLIRError) as info:
                translation(module, prepare=False)
            assert "has not been prepared for translation" in str(info.value)
            assert "--pto-orchestration-prepare-pipeline" in str(info.value)


@needs_cxx
def test_python_api_orch_basic():
    with Context():
        module = Module.parse(ORCH_BASIC.read_text())
        cpp = to_orchestration_cpp(module)
        # prepare=True ran the pipeline in place: translating again without
        # it prints the same C++.
        assert "pto.scope" in str(module)
        assert to_orchestration_cpp(module, prepare=False) == cpp
    assert "return PTO2OrchestrationConfig{ .expected_arg_count = 3 };" in cpp
    assert "const ChipTensor& ext_a = orch_args.tensor(0).ref();" in cpp
    assert "TaskOutputTensors alloc_0 = alloc_tensors(c_ci);" in cpp
    assert "const ChipTensor& c = alloc_0.get_ref(0);" in cpp
    assert cpp.count("CoreTaskArgs params_t") == 2
    assert "params_t1.add_output(ext_d);" in cpp
    assert cpp.rstrip().endswith('}  // extern "C"')
    result = compile_cpp(cpp)
    assert result.returncode == 0, result.stderr


def test_python_api_error_raises_with_the_diagnostic():
    # A module-level error: a module without an entry function.
    source = """
    module {
      pto.kernel aiv @kernel_add(%x: !pto.tensor<16x16xf32>)
    }
    """
    with Context():
        module = Module.parse(source)
        with pytest.raises(MLIRError) as info:
            to_orchestration_cpp(module)
    message = str(info.value)
    assert "cannot translate the module to orchestration C++" in message
    assert ("expects exactly one pto.orchestration function (the runtime entry), "
            "found 0") in message


def test_python_api_error_carries_the_notes():
    """An auto scope inside a manual one: the error at the inner scope and a
    note at the manual scope, from the dialect's verifier."""
    source = """
    module {
      pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
        pto.scope manual {
          pto.scope {
            %x1, %tid = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
          } loc("inner")
        } loc("outer")
        pto.return
      }
    }
    """
    # The dialect's verifier rejects it when it is parsed.
    with Context():
        with pytest.raises(MLIRError) as info:
            Module.parse(source)
    # Structured: location, message, notes.
    (error,) = info.value.error_diagnostics
    assert str(error.location) == 'loc("inner")'
    assert error.message.startswith("'pto.scope' op is an auto scope inside a manual scope")
    # (MLIR adds the op's text as a note too.)
    assert ('loc("outer")', "the manual scope") in [(str(n.location), n.message)
                                                    for n in error.notes]
    assert 'error: "inner": \'pto.scope\' op is an auto scope inside' in str(info.value)


def test_python_api_error_at_the_op():
    source = """
    module {
      pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %p: !pto.tensor<1xi32>) {
        %x1, %t = pto.submit @k(%x) pred(%p : !pto.tensor<1xi32>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("launch")
        pto.return
      }
    }
    """
    with Context():
        module = Module.parse(source)
        with pytest.raises(MLIRError) as info:
            to_orchestration_cpp(module)
    (error,) = info.value.error_diagnostics
    assert error.message.startswith("'pto.submit' op has a dispatch predicate")
    assert str(error.location) == 'loc("launch")' and not error.notes


@pytest.mark.parametrize("source", ERROR_CASES)
def test_errors_raise_in_python_and_fail_in_the_tool(pto_translate, source):
    """Each errors.mlir case: the tool exits 1 with a diagnostic (no crash);
    the Python API raises MLIRError carrying it."""
    result = run([pto_translate, "--pto-to-cpp", "-"], source)
    assert result.returncode == 1, result.stderr
    assert "error:" in result.stderr
    assert "PLEASE submit a bug report" not in result.stderr
    with Context():
        module = Module.parse(source)
        with pytest.raises(MLIRError) as info:
            to_orchestration_cpp(module, prepare=False)
    # The same op (or, for a module-level error, the same message) is
    # reported by both.
    op = re.search(r"error: ('[\w.]+' op)", result.stderr)
    expected = op.group(1) if op else re.search(r"error: (.{30})", result.stderr).group(1)
    assert expected in str(info.value)


def test_header_defines_name_every_runtime_and_level():
    assert header_defines("host_build_graph", "spec") == []
    assert header_defines("tensormap_and_ringbuffer", "simpler_6ebaf771") == [
        "-DPTO_RUNTIME_TENSORMAP_AND_RINGBUFFER", "-DPTO_RUNTIME_API_SIMPLER_6EBAF771"]
    with pytest.raises(ValueError, match="unknown runtime API level"):
        header_defines("host_build_graph", "v2")
    with pytest.raises(ValueError, match="unknown runtime 'hbg'"):
        header_defines("hbg", "spec")
