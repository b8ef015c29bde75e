"""The Qwen3-14B decode step of examples/qwen3_14b_decode_full/model.py,
built with pto_mlir.builder: the version the example had before it was
written in pto_mlir.lang, kept so that test_qwen3_full_example checks that
the language builds the same module (generic form, every size). The
dimensions, tiling constants and helpers are the example's own."""

from typing import List, Sequence

from pto_mlir import builder as b
from pto_mlir.ir import Module, Value

from conftest import REPO, build_verified, load_script

_example = load_script("qwen3_14b_decode_full_model",
                       REPO / "examples" / "qwen3_14b_decode_full" / "model.py")
Dims = _example.Dims
HIDDEN_TILES, O_PROJ_SPLITS = _example.HIDDEN_TILES, _example.O_PROJ_SPLITS
O_PROJ_DIRECT_TILES, MLP_SPMD_COLUMNS = _example.O_PROJ_DIRECT_TILES, _example.MLP_SPMD_COLUMNS
_numbered, _unique = _example._numbered, _example._unique


def build(d: Dims) -> Module:
    """Builds and verifies the decode-step module at ``d`` (in the active
    Context, or a new one)."""
    return build_verified(_build, d)


def _t(shape: Sequence[int], dtype: str):
    return b.tensor(list(shape), dtype)


def _build(d: Dims) -> Module:
    B, H, I, D, T = d.batch, d.hidden, d.intermediate, d.head_dim, d.tile
    L, KV, NH = d.layers, d.kv_dim, d.heads

    hidden_f32, hidden_bf16 = _t([B, H], "f32"), _t([B, H], "bf16")
    inter_f32, inter_bf16 = _t([B, I], "f32"), _t([B, I], "bf16")
    kv_f32 = _t([B, KV], "f32")
    heads_bf16 = _t([B, NH, D], "bf16")
    column = _t([B, 1], "f32")
    norm_row, head_norm_row = _t([1, H], "f32"), _t([1, D], "f32")
    # Sizes the hand-written code reads off its inputs: the cache rows and
    # the block table's length (the fixture's page count).
    cache = _t([b.DYNAMIC, D], "bf16")
    per_seq = _t([B], "i32")
    block_table_t = _t([b.DYNAMIC], "i32")
    rope = _t([d.rope_positions, D], "f32")
    metadata, workspace = _t([d.tiling_bytes], "ui8"), _t([d.workspace_bytes], "ui8")
    wq_t, wkv_t = _t([H, H], "bf16"), _t([H, KV], "bf16")
    wo_t, w_in_t, w_down_t = _t([H, H], "bf16"), _t([H, I], "bf16"), _t([I, H], "bf16")
    index = "index"

    def p(name, t, direction="in"):
        return b.param(name, t, direction)

    def overwritten(name, t, window=None):
        """An inout parameter the kernel writes without reading it (the
        hand-written code passes it inout: a seed, or a tile of it)."""
        return b.param(name, t, "inout", window=window, overwrites=True)

    def read(name, t, window):
        return b.param(name, t, window=window)

    # The column tile [0:B, n_off:n_off+T] of a [B, N] activation, n_off
    # the kernel's first scalar; of a [1, N] weight row (second scalar).
    column_tile = b.window("()[s0] -> (0, s0)", f"() -> ({B}, {T})")
    row_tile = b.window("()[s0, s1] -> (s1, s0)", f"() -> (1, {T})")

    def offsets(*names):
        return [p(n, index) for n in names]

    module = b.module(runtime="host_build_graph")
    with b.inserting(module):
        # Kernels, in the order that gives them the hand-written kernel ids
        # (ids are positions among the kernels with code of their own).
        k = {}

        def kernel(name, params, core_type):
            k[name] = b.kernel(name, params, core_type=core_type)

        kernel("pa_tiling", [p("seq_lens", per_seq), p("metadata", metadata, "out"),
                             p("max_blocks", "i32"), p("num_pages", "i32")], "aiv")
        kernel("copy_hidden", [p("cur", hidden_f32, "out"), p("hidden_states", hidden_bf16),
                               *offsets("row")], "aiv")
        kernel("x_gamma0", [p("normed", hidden_bf16, "out"), p("cur", hidden_f32),
                            p("gamma", _t([L, H], "f32"))], "aiv")
        kernel("attn_out_seed", [p("attn_out", hidden_bf16)], "aiv")
        kernel("rms_recip", [p("cur", hidden_f32), overwritten("inv_rms", column)], "aiv")
        kernel("q_seed", [overwritten("q", hidden_f32)], "aiv")
        kernel("q_proj", [p("q", hidden_f32, "inout"), p("normed", hidden_bf16),
                          p("wq", wq_t), *offsets("row_base")], "aic")
        kernel("kv_seed", [overwritten("k", kv_f32), overwritten("v", kv_f32)], "aiv")
        kernel("mlp_out_seed", [overwritten("down_acc", hidden_f32),
                                overwritten("gate_acc", inter_f32),
                                overwritten("up_acc", inter_f32),
                                overwritten("attn_proj", hidden_f32)], "aiv")
        kernel("k_proj", [p("k", kv_f32, "inout"), p("normed", hidden_bf16), p("wk", wkv_t),
                          *offsets("row_base")], "aic")
        kernel("v_proj", [p("v", kv_f32, "inout"), p("normed", hidden_bf16), p("wv", wkv_t),
                          *offsets("row_base")], "aic")
        attention_params = [
            overwritten("attn_out", heads_bf16), overwritten("q_heads", heads_bf16),
            p("k_cache", cache, "inout"), p("v_cache", cache, "inout"),
            p("block_table", block_table_t), p("workspace", workspace, "inout"),
            p("metadata", metadata, "inout"), p("q", hidden_f32), p("k", kv_f32),
            p("v", kv_f32), p("q_norm_w", head_norm_row), p("k_norm_w", head_norm_row),
            p("rope_cos", rope), p("rope_sin", rope), p("inv_rms", column),
            p("slot_mapping", per_seq), p("seq_lens", per_seq), *offsets("cache_base")]
        kernel("attention_cube", attention_params, "aic")
        kernel("attention_vector", attention_params, "aiv")
        k["attention"] = b.kernel("attention", attention_params, core_type="mixed",
                                  lanes=[k["attention_cube"], k["attention_vector"],
                                         k["attention_vector"]])
        o_proj_params = [p("attn_out", hidden_bf16), p("wo", wo_t),
                         p("attn_proj", hidden_f32, "inout")]
        kernel("out_proj", [*o_proj_params, *offsets("n_off", "zero", "k_off")], "aic")
        kernel("out_proj_0", [*o_proj_params, *offsets("first_tile", "zero")], "aic")
        # A column task: column n_off of the residual (attn_proj + cur) and
        # of its RMSNorm partial, weight row `row`.
        rrc_params = [overwritten("mlp_norm_in", hidden_bf16, column_tile),
                      overwritten("post_norm_partial", hidden_f32, column_tile),
                      read("attn_proj", hidden_f32, column_tile),
                      read("cur", hidden_f32, column_tile),
                      read("post_rms_w", norm_row, row_tile),
                      *offsets("n_off", "row")]
        for n in range(HIDDEN_TILES):
            kernel(_numbered("residual_rms_cast", n), rrc_params, "aiv")
        kernel("post_rms_reduce", [p("attn_proj", hidden_f32), p("cur", hidden_f32),
                                   overwritten("inv_rms", column)], "aiv")
        for n in range(HIDDEN_TILES):
            for which in ("gate", "up"):
                kernel(_numbered(f"{which}_proj", n),
                       [p("x", hidden_bf16), p("w", w_in_t), p("acc", inter_f32, "inout"),
                        *offsets("k_off", "zero")], "aic")
        for which in ("gate", "up"):
            kernel(f"{which}_proj_tile",
                   [p("x", hidden_bf16), p("w", w_in_t), p("acc", inter_f32, "inout"),
                    *offsets("k_off", "zero", "n_off")], "aic")
        # SiLU of column n_off: gate and up read there, mlp written there.
        kernel("silu", [p("inv_rms", column), overwritten("mlp", inter_bf16, column_tile),
                        read("gate_acc", inter_f32, column_tile),
                        read("up_acc", inter_f32, column_tile), *offsets("n_off")], "aiv")
        kernel("down_proj", [p("mlp", inter_bf16), p("w_down", w_down_t),
                             p("down_acc", hidden_f32, "inout"),
                             *offsets("k_off", "zero", "n_off")], "aic")
        kernel("dcr_xgamma", [p("down_acc", hidden_f32), p("post_norm_partial", hidden_f32),
                              overwritten("next_hidden", hidden_f32), p("next_gamma", norm_row),
                              overwritten("next_normed", hidden_bf16), *offsets("zero")], "aiv")
        kernel("copy_out", [p("out", hidden_bf16, "out"), p("hidden", hidden_f32),
                            *offsets("row")], "aiv")

        # Inputs of every layer: the stacked weights and caches of all
        # layers (a layer views its rows) and the step's inputs.
        stacked = [
            p("input_rms_weight", _t([L, H], "f32")), p("wq", _t([L * H, H], "bf16")),
            p("wk", _t([L * H, KV], "bf16")), p("wv", _t([L * H, KV], "bf16")),
            p("q_norm_weight", _t([L, D], "f32")), p("k_norm_weight", _t([L, D], "f32")),
            p("seq_lens", per_seq), p("block_table", block_table_t),
            p("slot_mapping", per_seq), p("rope_cos", rope), p("rope_sin", rope),
            p("k_cache", cache, "inout"), p("v_cache", cache, "inout"),
            p("wo", _t([L * H, H], "bf16")), p("w_gate", _t([L * H, I], "bf16")),
            p("w_up", _t([L * H, I], "bf16")), p("w_down", _t([L * I, H], "bf16")),
            p("post_rms_weight", _t([L, H], "f32"))]

        layer = b.graph("decoder_layer", [
            p("cur", hidden_f32), p("normed", hidden_bf16),
            p("next_hidden", hidden_f32, "inout"), p("next_normed", hidden_bf16, "inout"),
            *stacked, p("pa_workspace", workspace, "inout"),
            p("pa_metadata", metadata, "inout"), p("layer_idx", index)],
            results=[hidden_f32, hidden_bf16])
        with b.inserting(layer):
            _decoder_layer(d, k, b.arguments(layer))

        main = b.orchestration("decode_step", [
            p("hidden_states", hidden_bf16), *stacked, p("out", hidden_bf16, "out")])
        with b.inserting(main):
            hidden_states, *layer_inputs, out = b.arguments(main)
            (input_rms_weight, _, _, _, _, _, seq_lens, block_table, _, _, _, k_cache,
             *_) = layer_inputs
            pa_metadata = b.create([d.tiling_bytes], "ui8", name="pa_metadata")
            pa_workspace = b.create([d.workspace_bytes], "ui8", name="pa_workspace")
            cur = b.create([B, H], "f32", name="cur")
            normed = b.create([B, H], "bf16", name="normed")
            # The tiling reads the cache geometry off the arguments.
            max_blocks = b.cast(b.scalar(b.dim(block_table, 0)) // B, "i32", name="max_blocks")
            num_pages = b.cast(b.scalar(b.dim(k_cache, 0)) // (L * d.kv_heads * d.block_size),
                               "i32", name="num_pages")
            pa_metadata, _ = b.submit(k["pa_tiling"], [seq_lens, pa_metadata, max_blocks,
                                                       num_pages],
                                      core_num=1, allow_early_resolve=True, name="pa_tiling")
            b.task_dummy(name="phase_fence")
            cur, t_copy = b.submit(k["copy_hidden"], [cur, hidden_states, b.index(0)],
                                   name="copy_hidden")
            with b.scope(manual=True, name="first_norm") as s:
                normed_0, t_norm = b.submit(k["x_gamma0"], [normed, cur, input_rms_weight],
                                            deps=[t_copy], core_num=5,
                                            allow_early_resolve=True, name="x_gamma0")
                # The first layer waits for the norm through its input's
                # owner (a task id cannot leave its scope; the tensor can).
                s.yield_([b.set_owner(normed_0, t_norm, name="normed_seeded")])
            (normed,) = s.results
            # The other (hidden, normed) pair; layers alternate between the two.
            spare_hidden = b.create([B, H], "f32", name="spare_hidden")
            spare_normed = b.create([B, H], "bf16", name="spare_normed")
            with b.range(L, carry=[cur, normed, spare_hidden, spare_normed],
                         carry_names=["hidden", "normed", "next_hidden", "next_normed"],
                         name="layer") as loop:
                cur_l, normed_l, next_hidden, next_normed = loop.carried
                next_hidden, next_normed = b.call(layer, [
                    cur_l, normed_l, next_hidden, next_normed, *layer_inputs, pa_workspace,
                    pa_metadata, loop.iv], name="layer_out")
                loop.yield_([next_hidden, next_normed, cur_l, normed_l])
            final_hidden = loop.results[0]
            b.submit(k["copy_out"], [out, final_hidden, b.index(0)], name="copy_out")
            b.ret()
    return module


def _decoder_layer(d: Dims, k, args: List[Value]) -> None:
    B, H, I, D, T = d.batch, d.hidden, d.intermediate, d.head_dim, d.tile
    L, KV, NH = d.layers, d.kv_dim, d.heads
    split = H // O_PROJ_SPLITS
    (cur, normed, next_hidden, next_normed, input_rms_all, wq_all, wk_all, wv_all,
     q_norm_all, k_norm_all, seq_lens, block_table, slot_mapping, rope_cos, rope_sin,
     k_cache_all, v_cache_all, wo_all, w_gate_all, w_up_all, w_down_all, post_rms_all,
     pa_workspace, pa_metadata, layer_idx) = args
    zero = b.index(0, name="zero")
    layer = b.scalar(layer_idx)

    # This layer's rows of the stacked weights and caches, and the next
    # layer's input norm weight (the last layer reuses its own).
    wq = b.slice(wq_all, [layer * H, 0], [H, H], name="wq_l")
    wk = b.slice(wk_all, [layer * H, 0], [H, KV], name="wk_l")
    wv = b.slice(wv_all, [layer * H, 0], [H, KV], name="wv_l")
    wo = b.slice(wo_all, [layer * H, 0], [H, H], name="wo_l")
    w_gate = b.slice(w_gate_all, [layer * H, 0], [H, I], name="w_gate_l")
    w_up = b.slice(w_up_all, [layer * H, 0], [H, I], name="w_up_l")
    w_down = b.slice(w_down_all, [layer * I, 0], [I, H], name="w_down_l")
    q_norm_w = b.slice(q_norm_all, [layer, 0], [1, D], name="q_norm_w")
    k_norm_w = b.slice(k_norm_all, [layer, 0], [1, D], name="k_norm_w")
    post_rms_w = b.slice(post_rms_all, [layer, 0], [1, H], name="post_rms_w")
    next_gamma = b.slice(input_rms_all, [b.min(layer + 1, L - 1), 0], [1, H],
                         name="next_input_rms_w")
    rows = b.let(b.scalar(b.dim(k_cache_all, 0)) // L, "cache_rows")
    k_cache = b.slice(k_cache_all, [layer * rows, 0], [rows, D], name="k_cache_l")
    v_cache = b.slice(v_cache_all, [layer * rows, 0], [rows, D], name="v_cache_l")

    # Intermediates: f32 accumulators and bf16 activations.
    inv_rms = b.create([B, 1], "f32", name="inv_rms")
    q = b.create([B, H], "f32", name="q")
    kk = b.create([B, KV], "f32", name="k")
    v = b.create([B, KV], "f32", name="v")
    q_heads_flat = b.create([B * NH, D], "bf16", name="q_heads_flat")
    attn_out = b.create([B, H], "bf16", name="attn_out")
    down_acc = b.create([B, H], "f32", name="down_acc")
    gate_acc = b.create([B, I], "f32", name="gate_acc")
    up_acc = b.create([B, I], "f32", name="up_acc")
    attn_proj = b.create([B, H], "f32", name="attn_proj")
    post_norm_partial = b.create([B, H], "f32", name="post_norm_partial")
    mlp_norm_in = b.create([B, H], "bf16", name="mlp_norm_in")
    inv_rms_tile = b.create([B, 1], "f32", name="inv_rms_tile")
    mlp = b.create([B, I], "bf16", name="mlp")

    def idx(v: int):
        return b.index(v)

    with b.scope(manual=True, name="layer_body") as body:
        prev = b.owner_task_id(normed, name="prev_normed")
        fence = b.task_dummy(name="seed_fence")
        (t_attn_seed,) = b.submit(k["attn_out_seed"], [attn_out], allow_early_resolve=True,
                                  name="attn_out_seed")
        inv_rms, t_rms = b.submit(k["rms_recip"], [cur, inv_rms], deps=[prev, fence],
                                  allow_early_resolve=True, name="rms_recip")
        q, t_q_seed = b.submit(k["q_seed"], [q], allow_early_resolve=True, name="q_seed")
        q, t_q = b.submit(k["q_proj"], [q, normed, wq, zero], deps=[prev, t_q_seed],
                          core_num=50, allow_early_resolve=True, name="q_proj")
        kk, v, t_kv_seed = b.submit(k["kv_seed"], [kk, v], deps=[prev, fence], name="kv_seed")
        down_acc, gate_acc, up_acc, attn_proj, t_mlp_seed = b.submit(
            k["mlp_out_seed"], [down_acc, gate_acc, up_acc, attn_proj], deps=[prev, fence],
            allow_early_resolve=True, name="mlp_out_seed")
        kk, t_k = b.submit(k["k_proj"], [kk, normed, wk, zero], deps=[t_kv_seed], core_num=10,
                           allow_early_resolve=True, name="k_proj")
        v, t_v = b.submit(k["v_proj"], [v, normed, wv, zero], deps=[t_kv_seed], core_num=10,
                          allow_early_resolve=True, name="v_proj")

        # Attention over [batch, heads, head_dim] views of q and the output.
        attn_heads = b.reshape(attn_out, [B, NH, D], name="attn_heads")
        q_heads = b.reshape(q_heads_flat, [B, NH, D], name="q_heads")
        attn_heads, q_heads, k_cache, v_cache, pa_workspace, pa_metadata, t_attn = b.submit(
            k["attention"], [attn_heads, q_heads, k_cache, v_cache, block_table, pa_workspace,
                             pa_metadata, q, kk, v, q_norm_w, k_norm_w, rope_cos, rope_sin,
                             inv_rms, slot_mapping, seq_lens, zero],
            deps=[t_q, t_k, t_v, t_rms, t_attn_seed, t_mlp_seed], core_num=24,
            allow_early_resolve=True, require_sync_start=True, name="attention")
        attn_out = b.reshape(attn_heads, [B, H], name="attn_out_rows")
        attn_fence = b.task_dummy([t_attn], name="attn_fence")

        # o_proj: tile (n, k) for K split k and output columns n; the first
        # 26 one by one, the rest as one SPMD task.
        out_ids = []
        tiles = [(n, ks) for ks in range(O_PROJ_SPLITS) for n in range(HIDDEN_TILES)]
        for n, ks in tiles[:O_PROJ_DIRECT_TILES]:
            attn_proj, t = b.submit(k["out_proj"], [attn_out, wo, attn_proj, idx(n * T), zero,
                                                    idx(ks * split)],
                                    deps=[attn_fence], name="out_proj")
            out_ids.append(t)
        rest = len(tiles) - O_PROJ_DIRECT_TILES
        attn_proj, t_rest = b.submit(k["out_proj_0"], [attn_out, wo, attn_proj,
                                                        idx(O_PROJ_DIRECT_TILES), zero],
                                     deps=[t_attn], core_num=rest, name="out_proj_rest")
        out_ids += [t_rest] * rest

        # Residual and post-attention RMSNorm per output column, then the
        # reduction of the RMS.
        per_column = len(out_ids) // HIDDEN_TILES
        rrc_ids = []
        for n in range(HIDDEN_TILES):
            # Each column task writes its column of the whole tensors (the
            # kernel's window at offset n * T).
            mlp_norm_in, post_norm_partial, t = b.submit(
                k[_numbered("residual_rms_cast", n)],
                [mlp_norm_in, post_norm_partial, attn_proj, cur, post_rms_w, idx(n * T), zero],
                deps=_unique(out_ids[n * per_column:(n + 1) * per_column]),
                allow_early_resolve=True, name="residual_rms_cast")
            rrc_ids.append(t)
        inv_rms_tile, t_reduce = b.submit(k["post_rms_reduce"],
                                          [attn_proj, cur, inv_rms_tile],
                                          deps=_unique(out_ids), name="post_rms_reduce")

        # Gate and up projections: per K split, one SPMD task for the first
        # output columns and fences for that split's tiles.
        gate_fences, up_fences, gate_spmd, up_spmd = [], [], [], []
        for ks in range(HIDDEN_TILES):
            gate_fences.append(b.task_dummy([rrc_ids[ks]], name="gate_fence"))
            up_fences.append(b.task_dummy([rrc_ids[ks]], name="up_fence"))
            gate_acc, t = b.submit(k[_numbered("gate_proj", ks)],
                                   [mlp_norm_in, w_gate, gate_acc, idx(ks * T), zero],
                                   deps=[rrc_ids[ks]], core_num=MLP_SPMD_COLUMNS,
                                   name="gate_proj")
            gate_spmd.append(t)
            up_acc, t = b.submit(k[_numbered("up_proj", ks)],
                                 [mlp_norm_in, w_up, up_acc, idx(ks * T), zero],
                                 deps=[rrc_ids[ks]], core_num=MLP_SPMD_COLUMNS, name="up_proj")
            up_spmd.append(t)
        gate_tiles, up_tiles = {}, {}
        for n in range(MLP_SPMD_COLUMNS, d.inter_tiles):
            for ks in range(HIDDEN_TILES):
                gate_acc, gate_tiles[n, ks] = b.submit(
                    k["gate_proj_tile"], [mlp_norm_in, w_gate, gate_acc, idx(ks * T), zero,
                                          idx(n * T)],
                    deps=[gate_fences[ks]], name="gate_tile")
                up_acc, up_tiles[n, ks] = b.submit(
                    k["up_proj_tile"], [mlp_norm_in, w_up, up_acc, idx(ks * T), zero,
                                        idx(n * T)],
                    deps=[up_fences[ks]], name="up_tile")

        # SiLU per output column, after the RMS and every K split of it.
        silu_ids = []
        for n in range(d.inter_tiles):
            if n < MLP_SPMD_COLUMNS:
                producers = gate_spmd + up_spmd
            else:
                producers = ([gate_tiles[n, ks] for ks in range(HIDDEN_TILES)]
                             + [up_tiles[n, ks] for ks in range(HIDDEN_TILES)])
            mlp, t = b.submit(k["silu"], [inv_rms_tile, mlp, gate_acc, up_acc, idx(n * T)],
                              deps=[t_reduce, *producers], name="silu")
            silu_ids.append(t)

        # The down projection: tile (n, k) waits for SiLU column k.
        down_ids = b.task_id_array(HIDDEN_TILES * d.inter_tiles, name="down_ids")
        slot = 0
        for n in range(HIDDEN_TILES):
            for ks in range(d.inter_tiles):
                down_acc, t = b.submit(k["down_proj"], [mlp, w_down, down_acc, idx(ks * T),
                                                         zero, idx(n * T)],
                                       deps=[silu_ids[ks]], allow_early_resolve=True,
                                       name="down_proj")
                down_ids = b.array_update(down_ids, slot, t, name="down_ids")
                slot += 1
        body.yield_([down_acc, post_norm_partial, down_ids])
    # The residual and the next layer's input RMSNorm, fused, after the
    # scope and every down tile.
    down_acc, post_norm_partial, down_ids = body.results
    next_hidden, next_normed, _ = b.submit(
        k["dcr_xgamma"], [down_acc, post_norm_partial, next_hidden, next_gamma, next_normed,
                          zero],
        deps=[down_ids], core_num=5, allow_early_resolve=True, name="dcr_xgamma")
    b.ret([next_hidden, next_normed])
