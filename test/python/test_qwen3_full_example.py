"""examples/qwen3_14b_decode_full: the Qwen3-14B decode step with the task
structure of the runtime's hand-written host_build_graph orchestration.

What pto-compile makes of it is checked against the hand-written figures
(docs/qwen3.md): at most 277 recorded nodes per Graph, 631 explicit edges,
26 boundary tensors, no boundary scalar, 2 allocation calls per decode
step; the C++ is run on the stub runtime to measure them and compiled
against the project's header at both API levels; the scaled-down variant
replays like it runs eagerly in the simulator."""

import json
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

from pto_mlir import pipelines, sim
from pto_mlir.ir import Context
from pto_mlir.translate import header_defines

from conftest import REPO, load_script


EXAMPLE = REPO / "examples" / "qwen3_14b_decode_full"
CXX = shutil.which("g++")
needs_cxx = pytest.mark.skipif(CXX is None, reason="g++ is not installed")

#: The hand-written orchestration's figures (docs/qwen3.md): the bounds.
HANDWRITTEN = {"nodes": 277, "explicit edges": 631, "boundary tensors": 26,
               "allocation calls": 2}


model = load_script("qwen3_14b_decode_full_model", EXAMPLE / "model.py")



def test_checked_in_mlir_is_what_the_script_prints():
    printed = subprocess.run([sys.executable, str(EXAMPLE / "model.py")], check=True,
                             capture_output=True, text=True).stdout
    assert (EXAMPLE / "qwen3_14b_decode_full.mlir").read_text() == printed, (
        "stale: regenerate with python examples/qwen3_14b_decode_full/model.py "
        "-o examples/qwen3_14b_decode_full/qwen3_14b_decode_full.mlir")


@pytest.fixture(scope="module", params=["spec", "simpler_6ebaf771"])
def compiled(request, tmp_path_factory):
    """pto-compile's output at one API level, and the stub's measurement
    of its C++ over two decode steps."""
    api = request.param
    out = tmp_path_factory.mktemp(f"qwen3-full-{api}")
    subprocess.run([shutil.which("pto-compile"), str(EXAMPLE / "model.py"), "-o", str(out),
                    "--runtime-api", api, "--emit", "ir,cpp,report,dot"], check=True,
                   capture_output=True)
    stats = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "orchestration_stats.py"),
         str(out / "model.cpp"), "--module", str(out / "model.legalized.mlir"),
         "--args", str(EXAMPLE / "handwritten_args.json"), "--api", api,
         "--json"], check=True, capture_output=True, text=True)
    return api, out, json.loads((out / "report.json").read_text()), json.loads(stats.stdout)


def test_picture_is_the_running_cpps_recording(compiled):
    """Issue 33: the picture of the decoder-layer Graph (pto-compile --emit
    dot, drawn from the runtime model) has as many nodes and dependency
    edges as the stub runtime's recording of the generated C++."""
    _, out, _, stats = compiled
    [graph] = stats["graphs"].values()
    [dot] = out.glob("model.*.dot")
    text = dot.read_text()
    nodes = len(re.findall(r'^\s*n\d+ \[class="(?:task|fence|alloc)"', text, re.M))
    edges = len(re.findall(r'-> n\d+ \[class="dep"\]', text))
    # The runtime records each producer once per node (as the model does);
    # the C++ may pass one twice (the hand-written code and the port do).
    assert (nodes, edges) == (graph["nodes"], graph["distinct edges"])
    assert nodes == HANDWRITTEN["nodes"]


def test_report_meets_the_handwritten_structure(compiled):
    _, _, report, _ = compiled
    [graph] = report["graphs"]
    assert graph["recorded_nodes"] <= HANDWRITTEN["nodes"]
    assert len(graph["tensors_after"]) <= HANDWRITTEN["boundary tensors"]
    assert graph["scalars_after"] == []
    assert graph["calls"] == model.QWEN3_14B.layers
    assert report["orchestration_heap"]["allocation_calls"] <= HANDWRITTEN["allocation calls"]
    # The intermediates are two arenas, one per element type, that the
    # caller allocates once per decode step.
    arenas = [h for h in graph["hoisted"] if h["kind"] == "allocation"]
    assert sorted(h["name"] for h in arenas) == ["arena_bf16", "arena_f32"]


def test_running_cpp_has_the_handwritten_structure(compiled):
    _, _, report, stats = compiled
    [graph] = stats["graphs"].values()
    assert graph["nodes"] == report["graphs"][0]["recorded_nodes"] <= HANDWRITTEN["nodes"]
    assert graph["explicit edges"] <= HANDWRITTEN["explicit edges"]
    assert graph["boundary tensors"] <= HANDWRITTEN["boundary tensors"]
    assert graph["boundary scalars"] == 0
    # 265 tasks and 12 fences, on 33 kernels; 16 tasks run several blocks.
    assert (graph["tasks"], graph["dummy barriers"], graph["kernels"]) == (265, 12, 33)
    assert graph["SPMD tasks (blocks > 1)"] == 16
    for step in stats["steps"]:
        assert step["allocation calls"] <= HANDWRITTEN["allocation calls"]
        assert step["graph launches"] == model.QWEN3_14B.layers
    assert [s["records"] for s in stats["steps"]] == [1, 0]


@needs_cxx
def test_cpp_compiles_against_the_runtime_header(compiled):
    api, out, _, _ = compiled
    result = subprocess.run([CXX, "-std=c++17", "-fsyntax-only", "-Wall", "-Werror",
                             *header_defines("host_build_graph", api),
                             "-I", str(REPO / "runtime" / "include"), str(out / "model.cpp")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-4000:]


def _tiles_instead_of_whole_tensors(cpp: str) -> str:
    """The calling convention the port had before kernel windows: the SiLU
    task (launched from the loop over the 17 columns) given the 1024-column
    tile at its offset (a view) instead of the whole activation, the offset
    still passed as its scalar."""
    pattern = re.compile(r"// Task \d+: @silu\n((?:\s*PTO2TaskId \w+;\n)?\s*\{\n)"
                         r"(\s*)CoreTaskArgs (\w+);\n"
                         r"(\s*\3\.add_input\(\w+\);\n)\s*\3\.add_inout\((\w+)\);\n"
                         r"((?:\s*\3\.add_input\(\w+\);\n)*)"
                         r"(\s*\3\.add_scalar\(\(uint64_t\)\((\w+)\)\);)")
    count = 0

    def tile(match):
        nonlocal count
        block, indent, params, first, mlp, inputs, scalar, offset = match.groups()
        count += 1
        return (f"// silu tile\n{block}{indent}uint32_t {params}_shape[2] = {{16, 1024}};\n"
                f"{indent}uint32_t {params}_offset[2] = {{0, (uint32_t)({offset})}};\n"
                f"{indent}ChipTensor {params}_tile = {mlp}.view({params}_shape, {params}_offset);\n"
                f"{indent}CoreTaskArgs {params};\n{first}{indent}{params}.add_inout({params}_tile);\n"
                f"{inputs}{scalar}")

    edited = pattern.sub(tile, cpp)
    assert count == 1, count  # one launch, in the loop over the columns
    return edited


@needs_cxx
def test_tile_and_offset_convention_is_caught(compiled, tmp_path):
    """The first run on the public runtime crashed: SiLU tiles were passed
    as views plus their offset, which the real kernel adds again. With the
    kernels' windows the stub stops at the first such task, before any real
    run."""
    api, out, _, _ = compiled
    edited = tmp_path / "tiles.cpp"
    edited.write_text(_tiles_instead_of_whole_tensors((out / "model.cpp").read_text()))
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "orchestration_stats.py"), str(edited),
         "--module", str(out / "model.legalized.mlir"),
         "--args", str(EXAMPLE / "handwritten_args.json"), "--api", api, "--steps", "1"],
        capture_output=True, text=True)
    assert result.returncode != 0
    # Tile 1 (tile 0 is at offset 0): the window [1024, 2048) of a
    # 1024-column view.
    assert ("kernel 33, tensor argument #1: window [1024, 2048) on axis 1 lies outside the "
            "tensor passed (extent 1024)") in result.stderr


def test_small_variant_replays_like_eager():
    """At SMALL sizes (the same 277-node structure), the legalized program
    replayed computes what the program as written computes eagerly, with no
    graph heap; as written, replay is wrong (every layer would reuse layer
    0's weights and KV cache rows) and takes graph heap on every call."""
    with Context():
        original = sim.load_program(model.build(model.SMALL))
        legal_module = model.build(model.SMALL)
        pipelines.legalize_graph_boundary(legal_module)
        legal = sim.load_program(legal_module)
    rng = np.random.default_rng(7)
    runs = [sim.default_arguments(original, "decode_step", rng) for _ in range(3)]
    result = sim.compare_modes(legal, "decode_step", runs, reference=original)
    assert result.equal, result.mismatches
    assert result.replay_graph_heap == [0, 0, 0]
    (definition,) = result.replay.definitions_of("decoder_layer")
    assert definition.num_nodes == HANDWRITTEN["nodes"]
    unlegalized = sim.compare_modes(original, "decode_step", runs)
    assert set(unlegalized.mismatches) == {0, 1, 2}
    assert all(heap > 0 for heap in unlegalized.replay_graph_heap)


def test_dimensions_are_checked():
    with pytest.raises(ValueError, match="heads \\* head_dim"):
        model.Dims(heads=39)
    with pytest.raises(ValueError, match="positive int"):
        model.Dims(layers=0)


def test_both_api_levels_record_the_same_graph(tmp_path):
    """The port's C++ at the two API levels records the same 277 nodes
    (kinds, kernels, blocks, flags, scalars, dependencies); against the
    smaller model, scripts/orchestration_stats.py --against reports the
    differences and exits 1."""
    outs = {}
    for api in ("spec", "simpler_6ebaf771"):
        outs[api] = tmp_path / api
        subprocess.run([shutil.which("pto-compile"), str(EXAMPLE / "model.py"), "-o",
                        str(outs[api]), "--runtime-api", api], check=True, capture_output=True)
    fixture = str(EXAMPLE / "handwritten_args.json")
    stats = [sys.executable, str(REPO / "scripts" / "orchestration_stats.py"),
             str(outs["spec"] / "model.cpp"), "--module",
             str(outs["spec"] / "model.legalized.mlir"), "--args", fixture, "--steps", "1"]
    same = subprocess.run(stats + [
        "--against", str(outs["simpler_6ebaf771"] / "model.cpp"),
        "--against-module", str(outs["simpler_6ebaf771"] / "model.legalized.mlir"),
        "--against-args", fixture, "--against-api", "simpler_6ebaf771"],
        capture_output=True, text=True)
    assert same.returncode == 0, same.stdout + same.stderr
    assert "0 differences over 277 recorded nodes" in same.stdout
    small = tmp_path / "small"
    subprocess.run([shutil.which("pto-compile"),
                    str(REPO / "examples" / "qwen3_14b_decode" / "model.py"), "-o", str(small)],
                   check=True, capture_output=True)
    other = subprocess.run(stats + ["--against", str(small / "model.cpp"), "--against-module",
                                    str(small / "model.legalized.mlir")],
                           capture_output=True, text=True)
    assert other.returncode == 1, other.stdout + other.stderr
    assert "Graph 0: 277 nodes against 25" in other.stdout


def test_the_loops_record_what_the_unrolled_builder_version_recorded(compiled, tmp_path):
    """model.py launches the o_proj, gate/up, SiLU and down tiles from
    pto.range loops, as the hand-written code does; the builder version it
    replaced (test/python/qwen3_full_builder.py) launched every tile from
    straight-line code. Both record the same 277 nodes, dependency sets
    included (scripts/orchestration_stats.py --against)."""
    import qwen3_full_builder
    from pto_mlir.compile import compile_program

    api, out, _, _ = compiled
    before = tmp_path / "unrolled"
    with Context():
        compile_program(qwen3_full_builder.build(model.QWEN3_14B), before, runtime_api=api)
    fixture = str(EXAMPLE / "handwritten_args.json")
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "orchestration_stats.py"),
         str(out / "model.cpp"), "--module", str(out / "model.legalized.mlir"),
         "--args", fixture, "--api", api, "--steps", "1",
         "--against", str(before / "program.cpp"),
         "--against-module", str(before / "program.legalized.mlir"),
         "--against-args", fixture, "--against-api", api],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 differences over 277 recorded nodes" in result.stdout


def test_cache_geometry_comes_from_the_inputs(compiled, tmp_path):
    """Like the hand-written code, the port reads the KV cache's page count
    off its inputs (the block table's length, the cache's rows): the same
    C++ runs a fixture of another page count, and the tiling task and each
    layer's cache views follow it."""
    api, out, _, _ = compiled
    stats = load_script("orchestration_stats", REPO / "scripts" / "orchestration_stats.py")
    fixture = json.loads((EXAMPLE / "handwritten_args.json").read_text())
    d = model.QWEN3_14B
    for pages in (d.pages, 352):
        args = [(t, tuple(shape)) for t, shape in fixture]
        rows = d.layers * pages * d.kv_heads * d.block_size
        args[8] = ("i32", (pages,))
        args[12] = args[13] = ("bf16", (rows, d.head_dim))
        [run] = stats._run(out / "model.cpp", args, api, 1, stats._windows(out / "model.legalized.mlir"))
        tasks = [e for e in run["events"] if e["kind"] == "task"]
        tiling = tasks[0]
        assert tiling["kernels"] == [0]
        # max_blocks (pages per sequence), num_pages.
        assert tiling["scalars"] == [pages // d.batch, pages]
        attention = [e for e in tasks if e["kernels"] == [11, 12, 12]]
        assert len(attention) == d.layers
        for layer, task in enumerate(attention):
            _, _, offset, shape, _, _ = task["tensors"][2]  # this layer's k_cache rows
            assert shape == [rows // d.layers, d.head_dim]
            assert offset == layer * (rows // d.layers) * d.head_dim
