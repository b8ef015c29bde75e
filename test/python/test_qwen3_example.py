"""The Qwen3-14B decode example (examples/qwen3_14b_decode; issue 6, item 3).

The program is written as a user first writes it (per-layer weight views
and intermediates inside the Graph body). These tests check that it has the
structure the example promises, that the checked-in .mlir is what the
script prints, that the legalize pipeline hoists every per-layer view and
every intermediate and keeps the node count and the boundary within the
runtime's limits, that the C++ compiles against the check header, and,
with the record/replay model on the scaled-down variant, that the
legalized program replays like eager execution with no graph heap.

The full-size model's stacked weights alone are about 26 GB, so it runs in
the replay model's accounting mode (``sim.Runtime(..., data=False)``:
metadata-only buffers, kernels not evaluated): its measured graph heap is
checked against the static count from the Graph body's allocations, and
accounting is checked to keep exactly the bookkeeping of a run with data on
the scaled-down variant.
"""

import math
import shutil
import subprocess
from collections import Counter

import numpy as np
import pytest

from pto_mlir import pipelines, sim
from pto_mlir.ir import Context, IntegerAttr, Module, OpResult
from pto_mlir.translate import to_orchestration_cpp

from conftest import REPO, load_script


EXAMPLE = REPO / "examples" / "qwen3_14b_decode"
MLIR_FILE = EXAMPLE / "qwen3_14b_decode.mlir"
CXX = shutil.which("g++")
CXX_FLAGS = ["-std=c++17", "-fsyntax-only", "-Werror", "-I", str(REPO / "runtime" / "include")]
needs_cxx = pytest.mark.skipif(CXX is None, reason="g++ is not installed")

# Runtime limits (docs/graph-boundary.md, Step D).
MAX_NODES, MAX_TENSORS, MAX_SCALARS, ALLOC_BATCH = 1024, 128, 64, 16
ELEMENT_BYTES = {"bf16": 2, "f16": 2, "f32": 4, "i32": 4, "i64": 8, "i8": 1, "i1": 1}


model = load_script("qwen3_14b_decode_model", EXAMPLE / "model.py")

#: Per-layer views the body takes of the stacked tensors, and the layer's
#: intermediates (model.py's names).
VIEWS = {"wq", "wk", "wv", "wo", "w_gate", "w_up", "w_down", "input_norm_w",
         "post_norm_w", "q_norm_w", "k_norm_w", "k_cache", "v_cache"}
INTERMEDIATES = {"x_norm", "q", "k", "v", "q_normed", "k_normed", "q_rot", "k_rot",
                 "attn", "attn_out", "h_norm", "gate", "up", "act", "mlp_out"}
STEP_INPUTS = {"hidden", "rope_cos", "rope_sin", "block_table", "context_lens",
               "slot_mapping"}


# ----------------------------------------------------------------------------
# Reading the IR
# ----------------------------------------------------------------------------


def walk(op, loops=()):
    """Yields (op, enclosing scf.for ops) for every op nested in ``op``."""
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                inner = inner.operation
                yield inner, loops
                yield from walk(inner, loops + ((inner,) if inner.name == "scf.for" else ()))


def symbol_op(module, kind, name):
    for op in module.body.operations:
        op = op.operation
        if op.name == kind and str(op.attributes["sym_name"]) == f'"{name}"':
            return op
    raise KeyError(f"{kind} @{name}")


def graph(module):
    return symbol_op(module, "pto.graph", "decoder_layer")


def is_tensor(t):
    return str(t).startswith("!pto.tensor")


def params(func):
    """(name, type) of each parameter, names from the name locations."""
    args = func.regions[0].blocks[0].arguments
    return [(a.location.name_str if a.location.is_a_name() else None, a.type) for a in args]


def boundary(func):
    ps = params(func)
    return (sum(1 for _, t in ps if is_tensor(t)), sum(1 for _, t in ps if not is_tensor(t)))


def constant(value):
    owner = value.owner
    assert owner.name == "arith.constant", f"not a constant: {owner}"
    return IntegerAttr(owner.attributes["value"]).value


def trip_count(for_op):
    lb, ub, step = (constant(v) for v in list(for_op.operands)[:3])
    return max(0, -(-(ub - lb) // step))


def tensor_bytes(t):
    body = str(t)[len("!pto.tensor<"):-1].split(", ")[0]
    *dims, dtype = body.split("x")
    return math.prod(int(d) for d in dims) * ELEMENT_BYTES[dtype]


def node_count(op, trips=1):
    """Recorded nodes of the body of ``op`` (docs/graph-boundary.md, Step D):
    each launch and dummy once per iteration of the constant-trip loops
    around it, allocations in batches of 16 per block."""
    nodes = 0
    for region in op.regions:
        for block in region.blocks:
            creates = 0
            for inner in block.operations:
                inner = inner.operation
                if inner.name in ("pto.submit", "pto.task_dummy"):
                    nodes += trips
                elif inner.name == "pto.create":
                    creates += 1
                inner_trips = trips * (trip_count(inner) if inner.name == "scf.for" else 1)
                nodes += node_count(inner, inner_trips)
            nodes += trips * -(-creates // ALLOC_BATCH)
    return nodes


def graph_heap_bytes(func):
    """Graph-heap bytes one submission of ``func`` takes: the allocations its
    body makes on every replay (every pto.create in the body; the example
    has none under a loop)."""
    total = 0
    for op, loops in walk(func):
        if op.name == "pto.create":
            total += tensor_bytes(op.results[0].type) * math.prod(
                trip_count(loop) for loop in loops)
    return total


def build(dims=None):
    return model.build(dims) if dims else model.build()


def legalized(dims=None):
    module = build(dims)
    pipelines.legalize_graph_boundary(module)
    return module


def compile_cpp(cpp, tmp_path, name):
    path = tmp_path / name
    path.write_text(cpp)
    result = subprocess.run([CXX, *CXX_FLAGS, str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# ----------------------------------------------------------------------------
# The program as written
# ----------------------------------------------------------------------------


def test_program_structure():
    with Context():
        module = build()
        assert module.operation.verify()
        assert str(module.operation.attributes["pto.runtime"]) == "#pto.runtime<host_build_graph>"
        d = model.QWEN3_14B
        assert (d.hidden, d.layers, d.heads, d.kv_heads, d.head_dim, d.intermediate) == \
            (5120, 40, 40, 8, 128, 17408)

        cores = {str(op.attributes["sym_name"]).strip('"'): str(op.attributes["core_type"])
                 for op in module.body.operations if op.operation.name == "pto.kernel"}
        for matmul in ("q_proj", "kv_proj", "o_proj", "gate_up_proj", "down_proj", "lm_head"):
            assert cores[matmul] == "#pto.core_type<aic>", matmul
        for vector in ("rms_norm", "head_rms_norm_q", "head_rms_norm_k", "rope_q", "rope_k",
                       "kv_cache_write", "residual_add", "silu_mul", "embedding"):
            assert cores[vector] == "#pto.core_type<aiv>", vector
        assert cores["paged_attention"] == "#pto.core_type<mixed>"

        # The orchestration calls the one Graph from a 40-trip loop carrying
        # the hidden state.
        main = symbol_op(module, "pto.orchestration", "decode_step")
        (loop,) = [op for op, _ in walk(main) if op.name == "scf.for"]
        assert trip_count(loop) == 40
        assert len(loop.results) == 1 and is_tensor(loop.results[0].type)
        calls = [op for op, loops in walk(main) if op.name == "pto.call"]
        assert len(calls) == 1 and calls[0].parent.name == "scf.for"
        assert str(calls[0].attributes["callee"]) == "@decoder_layer"

        # As first written: views at layer_idx * rows of the stacked
        # tensors, intermediates created in the body, a manual scope with
        # explicit dependencies.
        g = graph(module)
        body = list(walk(g))
        views = {op.location.name_str for op, loops in body
                 if op.name == "pto.slice" and not loops}
        creates = {op.location.name_str for op, _ in body if op.name == "pto.create"}
        assert views == VIEWS and creates == INTERMEDIATES
        scopes = [op for op, _ in body if op.name == "pto.scope"]
        assert len(scopes) == 1 and "manual" in scopes[0].attributes
        with_deps = [op for op, _ in walk(scopes[0])
                     if op.name == "pto.submit" and len(op.opview.deps)]
        assert len(with_deps) == 7  # every launch in the scope waits explicitly
        # hidden, the 13 stacked tensors, the 5 step inputs; layer_idx.
        assert boundary(g) == (19, 1)


def test_checked_in_mlir_is_what_the_script_prints():
    with Context():
        module = build()
        text = model.HEADER + model.to_text(module)
    assert MLIR_FILE.read_text() == text, (
        "examples/qwen3_14b_decode/qwen3_14b_decode.mlir is stale: regenerate with "
        "python examples/qwen3_14b_decode/model.py -o examples/qwen3_14b_decode/qwen3_14b_decode.mlir")
    with Context():
        reparsed = Module.parse(text)
        assert reparsed.operation.verify()
        # Same program: the generic forms (no locations) agree.
        assert reparsed.operation.get_asm(print_generic_op_form=True) == \
            module.operation.get_asm(print_generic_op_form=True)


# ----------------------------------------------------------------------------
# Legalization
# ----------------------------------------------------------------------------


def test_legalize_hoists_every_view_and_intermediate():
    with Context():
        module = legalized()
        g = graph(module)
        body = list(walk(g))
        # No allocation left in the body, and every view left is inside the
        # per-KV-head loop, at offsets derived from its induction variable.
        assert not [op for op, _ in body if op.name == "pto.create"]
        # The top-level views are the intermediates' windows of the one bf16
        # arena, at literal offsets (the same on every call), each reshaped
        # to its intermediate's shape; every other view is inside the
        # per-KV-head loop, at offsets derived from its induction variable.
        arena = next(a for a, (n, _) in zip(g.regions[0].blocks[0].arguments, params(g))
                     if n == "arena_bf16")
        top_level_views = [op for op, loops in body if op.name == "pto.slice" and not loops]
        assert len(top_level_views) == len(INTERMEDIATES)
        assert all(op.operands[0] == arena for op in top_level_views)
        reshaped = {op.location.name_str for op, loops in body
                    if op.name == "pto.reshape" and not loops}
        assert reshaped == INTERMEDIATES
        for op, loops in body:
            if op.name == "pto.slice" and loops:
                assert len(loops) == 1 and trip_count(loops[0]) == model.QWEN3_14B.kv_heads
        # Every per-layer view is now a boundary tensor, the intermediates
        # share the arena, and the stacked tensors left the boundary.
        names = [n for n, t in params(g) if is_tensor(t)]
        assert set(names) == VIEWS | STEP_INPUTS | {"arena_bf16"}
        assert len(names) == len(set(names))
        # No scalar parameter is left: the row offsets (`layer_idx * rows`)
        # are read only by the hoisted views, so Step A gives them no
        # parameter (the call site recomputes them), and `layer_idx`, read
        # only by them and by hoisted views, is a dead scalar parameter
        # after the hoisting and leaves the boundary.
        tensors, scalars = boundary(g)
        # 20 tensors, within the hand-written orchestration's 26.
        assert tensors == len(VIEWS | STEP_INPUTS) + 1 == 20
        assert scalars == 0
        assert tensors <= MAX_TENSORS and scalars <= MAX_SCALARS
        # Each direction as the runtime needs it: hoisted allocations and
        # the KV cache views are written, the weights only read.
        directions = {}
        attrs = g.attributes["arg_attrs"]
        for (name, t), d in zip(params(g), attrs):
            directions[name] = "inout" if "inout" in str(d) else "out" if "out" in str(d) else "in"
        for name in {"arena_bf16", "hidden", "k_cache", "v_cache"}:
            assert directions[name] == "inout", name
        for name in VIEWS - {"k_cache", "v_cache"}:
            assert directions[name] == "in", name
        # The call site takes the views in its layer loop; the arena is
        # allocated once, before the loop, for all 40 calls.
        main = symbol_op(module, "pto.orchestration", "decode_step")
        (loop,) = [op for op, _ in walk(main) if op.name == "scf.for"]
        in_loop = Counter(op.name for op, loops in walk(loop))
        assert in_loop["pto.slice"] == len(VIEWS)
        assert in_loop["pto.create"] == 0
        # ... and, like the Graph, passes no scalar (layer_idx left the call
        # too): one tensor operand per boundary tensor.
        (call,) = [op for op, _ in walk(loop) if op.name == "pto.call"]
        operands = list(call.operands)
        created = [v.owner.operation for v in operands
                   if isinstance(v, OpResult) and v.owner.operation.name == "pto.create"]
        assert len(created) == 1
        assert all(op.parent.name == "pto.orchestration" for op in created)
        assert len(operands) == tensors and all(is_tensor(v.type) for v in operands)


def test_node_count_within_limit():
    with Context():
        d = model.QWEN3_14B
        original, legal = build(), legalized()
        before, after = node_count(graph(original)), node_count(graph(legal))
    launches = 17 + d.kv_heads  # one paged-attention task per KV head
    # Before: the launches plus one allocation batch per block holding
    # creates (the body and the manual scope).
    assert (before, after) == (launches + 2, launches) == (27, 25)
    assert after <= MAX_NODES


def test_verifier_accepts_the_legalized_module():
    with Context():
        module = legalized()
        pipelines.run_pipeline(module, "pto-verify-graph-boundary")


def test_graph_heap_per_call_full_size():
    """Graph-heap bytes per decode step, computed from the Graph body (the
    replay model measures the same quantity below, at full size without
    data)."""
    d = model.QWEN3_14B
    with Context():
        original, legal = build(), legalized()
        before, after = graph_heap_bytes(graph(original)), graph_heap_bytes(graph(legal))
    B, H, KV, I = d.batch, d.hidden, d.kv_dim, d.intermediate
    # x_norm q q_normed q_rot attn attn_out h_norm mlp_out: B x H; k v
    # k_normed k_rot: B x KV; gate up act: B x I; all bf16.
    assert before == 2 * B * (8 * H + 4 * KV + 3 * I) == 3_112_960
    assert before * d.layers == 124_518_400
    assert after == 0


def test_orchestration_heap_per_decode_step(tmp_path):
    """After the legalize pipeline the callers allocate the layer's 15
    intermediates once per decode step, not once per layer call: the
    orchestration heap grows by one layer's intermediates (not 40 of them)
    and the generated C++ makes 1 allocation call per step, the entry's own
    buffers and the arena together (issue 14's targets: at most 3.1 MB and
    at most 2). The intermediates' sizes are multiples of the arena's
    1024-byte alignment, so the arena holds no padding."""
    from pto_mlir.compile import compile_program

    result = compile_program(EXAMPLE / "model.py", tmp_path / "out", emit=["report"])
    heap = result.report.orchestration_heap
    (layer,) = result.report.graphs
    assert heap.exact and layer.call_site_heap_exact and layer.calls == 40
    assert layer.call_site_heap_bytes_per_call == 3_112_960
    assert layer.call_site_heap_bytes_per_run == 3_112_960
    assert heap.bytes_after - heap.bytes_before == 3_112_960
    assert heap.allocation_calls == layer.call_site_allocation_calls == 1


# ----------------------------------------------------------------------------
# C++
# ----------------------------------------------------------------------------


@needs_cxx
def test_cpp_compiles(tmp_path):
    with Context():
        module = legalized()
        cpp = to_orchestration_cpp(module)
    assert ("static void decode_step_graph_decoder_layer(const GraphTaskArgs& args, "
            "const simpler::hbg::ConfigBase& /*config*/)" in cpp)
    assert "PTO2_SCOPE(PTO2ScopeMode::MANUAL)" in cpp
    assert cpp.count("rt_submit_graph(") == 1
    # Names come from the Python program.
    for name in ("ext_wq_all", "wq_row", "arena_bf16__graph_arg0", "x_norm", "kv_head",
                 "attn_ids"):
        assert name in cpp, name
    compile_cpp(cpp, tmp_path, "qwen3_14b_decode.cpp")


@needs_cxx
def test_cpp_from_the_mlir_file_compiles(tmp_path, pto_opt, pto_translate):
    """The README's command line on the checked-in file."""
    prepared = subprocess.run(
        [pto_opt, "--pto-graph-legalize-pipeline", "--pto-orchestration-prepare-pipeline",
         "--mlir-print-debuginfo", str(MLIR_FILE)],
        capture_output=True, text=True, check=True).stdout
    cpp = subprocess.run([pto_translate, "--pto-to-cpp"], input=prepared,
                         capture_output=True, text=True, check=True).stdout
    assert "ext_wq_all" in cpp
    compile_cpp(cpp, tmp_path, "from_file.cpp")


# ----------------------------------------------------------------------------
# Replay (scaled-down variant)
# ----------------------------------------------------------------------------


def test_small_variant_replays_like_eager_with_no_graph_heap():
    d = model.SMALL
    with Context():
        original_module = build(d)
        static_before = graph_heap_bytes(graph(original_module))
        nodes_before = node_count(graph(original_module))
        original = sim.load_program(original_module)
        legal_module = legalized(d)
        nodes_after = node_count(graph(legal_module))
        legal = sim.load_program(legal_module)
    rng = np.random.default_rng(14)
    runs = [sim.default_arguments(original, "decode_step", rng) for _ in range(3)]

    result = sim.compare_modes(legal, "decode_step", runs, reference=original)
    assert result.equal, result.mismatches
    assert result.replay_graph_heap == [0, 0, 0]
    (definition,) = result.replay.definitions_of("decoder_layer")  # one for all layers
    assert definition.num_nodes == nodes_after == 17 + d.kv_heads
    assert definition.alloc_bytes == 0
    assert sum(s.graph_calls for s in result.replay_stats) == 3 * d.layers

    # As written: every layer after the first replays layer 0's weights and
    # KV cache window, and every call takes fresh graph heap.
    unlegalized = sim.compare_modes(original, "decode_step", runs)
    assert set(unlegalized.mismatches) == {0, 1, 2}
    (definition,) = unlegalized.replay.definitions_of("decoder_layer")
    assert definition.alloc_bytes == static_before
    assert definition.num_nodes == nodes_before
    assert unlegalized.replay_graph_heap == [static_before * d.layers] * 3


def test_dimensions_are_parameters():
    with Context():
        module = model.build(layers=2, batch=4)
        g = graph(module)
        assert boundary(g) == (19, 1)
        main = symbol_op(module, "pto.orchestration", "decode_step")
        (loop,) = [op for op, _ in walk(main) if op.name == "scf.for"]
        assert trip_count(loop) == 2
    with pytest.raises(ValueError, match="multiple of kv_heads"):
        model.Dims(heads=6, kv_heads=4)
    with pytest.raises(TypeError):
        model.build(hidden_size=1)


# ----------------------------------------------------------------------------
# Replay without data (full size)
# ----------------------------------------------------------------------------


def bookkeeping(rt, stats):
    """What a replay-mode runtime recorded, comparable across runtimes:
    per-run counters and, per Graph, each definition's key, nodes,
    allocations (as shapes: buffers differ) and returns."""
    defs = {g: [(d.layout, d.config, d.nodes, d.returns, d.replays, d.alloc_bytes,
                 [(v.element_type, v.buffer.size, v.offset, v.shape, v.strides)
                  for v in d.allocs])
                for d in ds]
            for g, ds in rt.definitions.items()}
    return stats, defs


def test_full_size_graph_heap_measured_without_data():
    """The full-size decode step replayed in accounting mode (seconds, tens
    of MB): the graph heap the model measures is the static count per layer
    call times 40 as written, 0 after legalizing, with one definition for
    all layers."""
    d = model.QWEN3_14B
    with Context():
        original_module, legal_module = build(), legalized()
        static = graph_heap_bytes(graph(original_module))
        programs = {"original": sim.load_program(original_module),
                    "legalized": sim.load_program(legal_module)}
    args = sim.default_arguments(programs["original"], "decode_step",
                                 np.random.default_rng(0), data=False)
    measured = {}
    for name, program in programs.items():
        rt = sim.Runtime(program, "replay", data=False)
        results = [rt.run("decode_step", args) for _ in range(2)]
        (definition,) = rt.definitions_of("decoder_layer")
        assert definition.replays == 2 * d.layers - 1
        assert [r.stats.graph_calls for r in results] == [d.layers] * 2
        assert all(t is None for r in results for t in r.tensors)  # nothing computed
        measured[name] = ([r.stats.graph_heap_bytes for r in results], definition.alloc_bytes)
    assert measured["original"] == ([static * d.layers] * 2, static)
    assert static * d.layers == 124_518_400
    assert measured["legalized"] == ([0, 0], 0)


def test_accounting_keeps_the_bookkeeping_of_data_runs():
    """Same arguments, same runtime code: runs with and without data record
    the same definitions (keys, nodes, allocations) and count the same
    calls, tasks and bytes, on the program as written and legalized."""
    d = model.SMALL
    with Context():
        programs = [sim.load_program(build(d)), sim.load_program(legalized(d))]
    rng = np.random.default_rng(3)
    runs = [sim.default_arguments(programs[0], "decode_step", rng) for _ in range(2)]
    for program in programs:
        seen = []
        for data in (True, False):
            rt = sim.Runtime(program, "replay", data=data)
            seen.append(bookkeeping(rt, [rt.run("decode_step", a).stats for a in runs]))
        assert seen[0] == seen[1]
        (defs,) = seen[0][1].values()
        assert len(defs) == 1 and defs[0][4] == 2 * d.layers - 1
