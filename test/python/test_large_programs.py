"""Programs at the runtime's sizes: what the legalization produces and how
much it says, bounded by counts (never by the clock; speed is measured by
benchmarks/legalize_scaling.py, see docs/performance.md)."""

import re
import subprocess

import pytest

from conftest import REPO, load_script

scaling = load_script("legalize_scaling", REPO / "benchmarks" / "legalize_scaling.py")

T = "!pto.tensor<16x128xf32>"
INOUT = "{pto.direction = #pto.direction<inout>}"


def legalize(pto_opt, tmp_path, text, *extra):
    path = tmp_path / "in.mlir"
    path.write_text(text)
    return subprocess.run([pto_opt, str(path), "--pto-graph-legalize-pipeline", *extra],
                          capture_output=True, text=True)


def graph_signature(ir: str, name: str) -> str:
    return next(line for line in ir.splitlines() if f"pto.graph @{name}(" in line)


def test_reference_shape_at_the_node_limit(pto_opt, tmp_path):
    # 1000 chained tasks reading `base = layer_idx * 128`: base is the one
    # new parameter, layer_idx leaves, every call site computes base.
    result = legalize(pto_opt, tmp_path, scaling.program("calls", 3, 1000))
    assert result.returncode == 0, result.stderr[-2000:]
    params = graph_signature(result.stdout, "layer0").split("->")[0]
    assert params.count(": index") == 1
    assert params.count("!pto.tensor") == 2
    assert len(re.findall(r"pto\.call @layer0\(", result.stdout)) == 3
    assert result.stdout.count("= arith.muli") == 3  # One per call site.


def test_node_limit_diagnostic_stays_small(pto_opt, tmp_path):
    # 5,000 tasks exceed the 1024 nodes: one error, which does not print the
    # Graph (a "see current operation" note would be megabytes).
    result = legalize(pto_opt, tmp_path, scaling.program("calls", 1, 5000))
    assert result.returncode != 0
    assert "records 5000 nodes" in result.stderr
    assert "see current operation" not in result.stderr
    assert len(result.stderr) < 2000, len(result.stderr)


def chain_program(steps: int) -> str:
    """A Graph deriving a `steps`-long chain from one scalar parameter, read
    by one task at its end."""
    lines = ["module attributes {pto.runtime = #pto.runtime<host_build_graph>} {",
             f"  pto.kernel aiv @k(%c: {T} {INOUT}, %s: index)",
             f"  pto.graph @chain(%c: {T} {INOUT}, %idx: index) {{",
             "    %one = arith.constant 1 : index"]
    prev = "%idx"
    for i in range(steps):
        lines.append(f"    %v{i} = arith.addi {prev}, %one : index")
        prev = f"%v{i}"
    lines += [f"    %c1, %t = pto.submit @k(%c, {prev}) : ({T}, index) -> {T}",
              "    pto.return", "  }",
              f"  pto.orchestration @main(%c: {T} {INOUT}, %n: index) {{",
              f"    pto.call @chain(%c, %n) : ({T}, index) -> ()",
              "    pto.return", "  }", "}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("steps", [64, 16000, 100000])
def test_a_derived_chain_is_one_parameter(pto_opt, tmp_path, steps):
    # Only the chain's end reaches a task: one parameter, not `steps` (64
    # would have been rejected as 65 scalar parameters), and the call site
    # computes the whole chain. At 100,000 ops the call-site slice, a
    # recursive walk (upstream getBackwardSlice), overflowed the stack.
    result = legalize(pto_opt, tmp_path, chain_program(steps))
    assert result.returncode == 0, result.stderr[-2000:]
    signature = graph_signature(result.stdout, "chain")
    assert signature.count(": index") == 1
    body, orchestration = result.stdout.split("pto.orchestration", 1)
    assert "= arith.addi" not in body
    assert orchestration.count("= arith.addi") == steps


def test_many_graphs_are_legalized_identically_with_and_without_threads(pto_opt, tmp_path):
    text = scaling.program("funcs", 200, 5)
    threaded = legalize(pto_opt, tmp_path, text)
    serial = legalize(pto_opt, tmp_path, text, "--mlir-disable-threading")
    assert threaded.returncode == serial.returncode == 0, threaded.stderr[-2000:]
    assert threaded.stdout == serial.stdout
    assert threaded.stdout.count("pto.graph @") == 200


def test_verifier_benchmark_verifies_the_legalized_module(pto_opt):
    # The benchmark's --verifier mode legalizes with pto-opt and verifies the
    # output through the bindings; a module that failed to verify would stop it.
    run = scaling.measure_verifier(pto_opt, "funcs", 20, 3, repeat=1)
    assert run.serial_s > 0 and run.threaded_s > 0


def test_a_million_op_chain_compiles(pto_compile, tmp_path):
    """Issue 32: no recursion as deep as the input anywhere on pto-compile's
    path (legalization, report, prepare passes, translation). The chain of
    1,000,000 scalar ops moves whole to the call site, where the C++
    declares each value once."""
    source = tmp_path / "chain.mlir"
    source.write_text(chain_program(1_000_000))
    result = subprocess.run([pto_compile, str(source), "-o", str(tmp_path / "out"), "-q",
                             "--emit", "cpp"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    cpp = (tmp_path / "out" / "chain.cpp").read_text()
    assert cpp.count("const int64_t v") == 1_000_000, cpp[:2000]
    assert "add_scalar(v999999)" in cpp


def nested_scopes(depth: int, graph: bool) -> str:
    """One task under `depth` nested pto.scope ops, in a Graph (called from
    main) or in the orchestration function itself."""
    t = "!pto.tensor<16xf32>"
    runtime = "host_build_graph" if graph else "tensormap_and_ringbuffer"
    body = ["pto.scope {"] * depth
    body.append(f"%y, %t = pto.submit @k(%x) : ({t}) -> {t}")
    body += ["}"] * depth
    lines = [f"module attributes {{pto.runtime = #pto.runtime<{runtime}>}} {{",
             f"pto.kernel aiv @k(%x: {t} {INOUT})"]
    if graph:
        lines += [f"pto.graph @g(%x: {t} {INOUT}) {{", *body, "pto.return", "}",
                  f"pto.orchestration @main(%x: {t} {INOUT}) {{",
                  f"pto.call @g(%x) : ({t}) -> ()", "pto.return", "}"]
    else:
        lines += [f"pto.orchestration @main(%x: {t} {INOUT}) {{", *body, "pto.return", "}"]
    return "\n".join(lines + ["}"]) + "\n"


@pytest.mark.parametrize("graph", [True, False], ids=["graph", "orchestration"])
def test_the_deepest_accepted_nesting_compiles(pto_compile, tmp_path, graph):
    """Issue 32: 1022 nested scopes (with the module's and the function's
    braces, the 1024 levels every pto parse accepts; deeper is a diagnostic,
    test_parse_guard.py) go through the whole pto-compile, and the C++ nests
    as deep."""
    source = tmp_path / "deep.mlir"
    source.write_text(nested_scopes(1022, graph))
    result = subprocess.run([pto_compile, str(source), "-o", str(tmp_path / "out"), "-q",
                             "--emit", "cpp"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    cpp = (tmp_path / "out" / "deep.cpp").read_text()
    assert cpp.count("PTO2_SCOPE") >= 1022 or cpp.count("{") >= 1022, cpp[:3000]
    deeper = tmp_path / "deeper.mlir"
    deeper.write_text(nested_scopes(1023, graph))
    result = subprocess.run([pto_compile, str(deeper), "-o", str(tmp_path / "out2"), "-q"],
                            capture_output=True, text=True)
    assert result.returncode == 1, result.stderr[-2000:]
    assert "nesting deeper than 1024 braces" in result.stderr
