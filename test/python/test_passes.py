"""The pto passes from Python and from pto-opt."""

import subprocess

import pytest

from pto_mlir import pipelines
from pto_mlir.ir import Context, MLIRError, Module

from conftest import REPO

DECODER = REPO / "examples" / "decoder_layer.mlir"


def test_legalize_decoder_example():
    with Context():
        module = Module.parse(DECODER.read_text())
        pipelines.legalize_graph_boundary(module)
        text = str(module)
    # The view and the allocation became parameters; the stacked weights,
    # read only through the view, left the boundary. The derived scalar
    # `base` is read only by the hoisted view, so it gets no parameter (Step A
    # hoists the frontier only: the call site recomputes it for the view),
    # and `layer_idx`, read only by base, left the boundary too: no scalar
    # parameters are left.
    graph = next(line for line in text.splitlines() if "pto.graph @layer" in line)
    assert graph.count("!pto.tensor") == 4 + 1  # 4 tensor params, 1 result
    assert "512x128" not in graph
    assert graph.count(": index") == 0
    body = text[text.index("pto.graph @layer"):text.index("pto.orchestration")]
    assert "pto.create" not in body and "pto.slice" not in body
    assert "arith.muli" not in body
    orchestration = text.split("pto.orchestration")[1]
    assert "pto.create" in orchestration
    assert "arith.muli" in orchestration and "pto.slice" in orchestration
    call = next(line for line in orchestration.splitlines() if "pto.call @layer" in line)
    assert "index" not in call
    # Before the call: the allocation, then what the view's offset needs
    # (base), then the view.
    order = [orchestration.index(op) for op in
             ("pto.create", "arith.muli", "pto.slice", "pto.call @layer")]
    assert order == sorted(order)


def test_failure_raises_with_the_diagnostic():
    # A view whose offset is read from a tensor: neither hoistable nor
    # replay-invariant.
    source = """
    module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
      pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
      pto.graph @g(%w: !pto.tensor<512x128xf32>,
                   %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                   %lens: !pto.tensor<8xi32>) {
        %v = pto.read %lens[0] : !pto.tensor<8xi32>
        %off = arith.index_cast %v : i32 to index
        %wl = pto.slice %w[%off, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
        %o1, %t = pto.submit @k(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
        pto.return
      }
    }
    """
    with Context():
        module = Module.parse(source)
        with pytest.raises(MLIRError) as info:
            pipelines.legalize_graph_boundary(module)
    message = str(info.value)
    assert "'pto.slice' op takes a view of boundary tensor #0 of Graph @g" in message


def test_a_graph_outside_host_build_graph_does_not_parse():
    source = DECODER.read_text().replace("#pto.runtime<host_build_graph>",
                                         "#pto.runtime<tensormap_and_ringbuffer>")
    with Context():
        with pytest.raises(MLIRError, match="needs the host_build_graph runtime"):
            Module.parse(source)


def test_pipeline_text_errors_raise():
    with Context():
        module = Module.parse("module {}")
        with pytest.raises(ValueError, match="no-such-pass"):
            pipelines.run_pipeline(module, "no-such-pass")


TEST_INPUTS = sorted(p for p in (REPO / "test").rglob("*.mlir")
                     if "Output" not in p.parts)


@pytest.mark.parametrize("path", TEST_INPUTS, ids=lambda p: str(p.relative_to(REPO)))
def test_pipeline_never_crashes(pto_opt, path):
    """Every test input, valid or not, ends in output or a diagnostic."""
    result = subprocess.run(
        [pto_opt, "--split-input-file", "--pto-graph-legalize-pipeline", str(path)],
        capture_output=True, text=True, timeout=60)
    assert result.returncode in (0, 1), result.stderr[-2000:]
    assert "PLEASE submit a bug report" not in result.stderr
    assert "Assertion" not in result.stderr
    if result.returncode == 1:
        assert "error:" in result.stderr


def split_chunks(path):
    return [c for c in path.read_text().split("\n// -----\n") if c.strip()]


@pytest.mark.parametrize("path", TEST_INPUTS, ids=lambda p: str(p.relative_to(REPO)))
def test_verifier_accepts_every_legalized_output(pto_opt, path):
    """Wherever the legalization succeeds, its own verifier, run as a
    separate invocation on the printed output, accepts the result."""
    for chunk in split_chunks(path):
        legalized = subprocess.run(
            [pto_opt, "--pto-graph-legalize-pipeline=verify=false", "-"],
            input=chunk, capture_output=True, text=True, timeout=60)
        if legalized.returncode != 0 or "pto.graph" not in legalized.stdout:
            continue
        verified = subprocess.run(
            [pto_opt, "--pto-verify-graph-boundary", "-"],
            input=legalized.stdout, capture_output=True, text=True, timeout=60)
        assert verified.returncode == 0, (chunk, verified.stderr)


def _many_intermediates(count: int) -> str:
    """A Graph whose body allocates ``count`` intermediates, each written by
    one task and read by the next."""
    t = "!pto.tensor<16x64xf32>"
    inout = "{pto.direction = #pto.direction<inout>}"
    lines = ["module attributes {pto.runtime = #pto.runtime<host_build_graph>} {",
             f"  pto.kernel aiv @k(%x: {t}, %y: {t} {inout})",
             f"  pto.graph @g(%h: {t} {inout}) {{"]
    prev = "%h"
    for i in range(count):
        lines.append(f"    %b{i} = pto.create : {t}")
        lines.append(f"    %w{i}, %t{i} = pto.submit @k({prev}, %b{i}) : ({t}, {t}) -> {t}")
        prev = f"%w{i}"
    lines += [f"    %o, %to = pto.submit @k({prev}, %h) : ({t}, {t}) -> {t}",
              "    pto.return", "  }",
              f"  pto.orchestration @main(%h: {t} {inout}) {{",
              f"    pto.call @g(%h) : ({t}) -> ()", "    pto.return", "  }", "}"]
    return "\n".join(lines)


def test_arenas_fit_more_than_128_intermediates():
    """200 intermediates of one element type share one arena: the Graph's
    boundary is 2 tensors. Without arenas each would be a parameter, and the
    201 tensor parameters exceed the runtime's 128; the note says that only
    one of them (the caller's own) is no allocation of the body."""
    with Context():
        module = Module.parse(_many_intermediates(200))
        pipelines.run_pipeline(module, "pto-graph-legalize-pipeline")
        graph = next(op for op in module.body.operations if op.operation.name == "pto.graph")
        args = graph.regions[0].blocks[0].arguments
        assert [str(a.type) for a in args] == ["!pto.tensor<16x64xf32>",
                                               f"!pto.tensor<{200 * 1024}xf32>"]
        module = Module.parse(_many_intermediates(200))
        with pytest.raises(MLIRError) as error:
            pipelines.run_pipeline(module, "pto-graph-legalize-pipeline{arenas=false}")
    messages = [d.message for d in error.value.error_diagnostics]
    assert any("has 201 tensor parameters" in m for m in messages), messages
    notes = [n.message for d in error.value.error_diagnostics for n in d.notes]
    assert any(n.startswith("1 of them are the callers' tensors") for n in notes), notes


EXAMPLES = sorted((REPO / "examples").rglob("*.mlir"))


@pytest.mark.parametrize("path", TEST_INPUTS + EXAMPLES, ids=lambda p: str(p.relative_to(REPO)))
def test_legalization_is_a_fixpoint(pto_opt, path):
    """Issue 31 item 13: on a module it has legalized, the pipeline changes
    nothing (it had hoisted every arena window as a view and then rejected
    the Graph for its parameter count)."""
    for chunk in split_chunks(path):
        once = subprocess.run([pto_opt, "--pto-graph-legalize-pipeline", "-"], input=chunk,
                              capture_output=True, text=True, timeout=60)
        if once.returncode != 0 or "pto.graph" not in once.stdout:
            continue
        twice = subprocess.run([pto_opt, "--pto-graph-legalize-pipeline", "-"],
                               input=once.stdout, capture_output=True, text=True, timeout=60)
        assert twice.returncode == 0, (chunk, twice.stderr[-2000:])
        assert twice.stdout == once.stdout, chunk
