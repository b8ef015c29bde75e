#!/usr/bin/env python3
"""The Qwen3-14B decode step of examples/qwen3_14b_decode/model.py, built
with pto_mlir.builder: the version the example had before it was written
in pto_mlir.lang, kept so that test_qwen3_example checks that the language
builds the same module (generic form, every size). One change from that
version: the attention heads' loop no longer carries `attn` through its
iterations unchanged (the language carries what a loop reassigns; the
kernels write windows of the one buffer either way). The dimensions are the
example's own."""

import math
import sys
from typing import Sequence

from pto_mlir import builder as b
from pto_mlir.dialects import arith, pto, scf
from pto_mlir.ir import (F32Type, IndexType, InsertionPoint, Location,
                         Module, Value)

from conftest import REPO, build_verified, load_script

_example = load_script("qwen3_14b_decode_model", REPO / "examples" / "qwen3_14b_decode" / "model.py")
Dims = _example.Dims


# ----------------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------------


def _loc(name: str, depth: int = 1) -> Location:
    """A location naming a value and pointing at the line ``depth`` frames
    up (the builder does this for pto ops; arith ops are built directly)."""
    frame = sys._getframe(depth)
    return Location.name(name, childLoc=Location.file(frame.f_code.co_filename,
                                                       frame.f_lineno, 0))


def _mul(a: Value, c: int, name: str) -> Value:
    return arith.MulIOp(a, b.index(c), loc=_loc(name, 2)).result


def _name_arguments(for_op, *names: str) -> None:
    """Names the induction variable and iteration arguments of an scf.for."""
    for arg, name in zip(for_op.body.arguments, names):
        arg.set_location(_loc(name, 2))


def _f32(value: float, name: str) -> Value:
    return arith.ConstantOp(F32Type.get(), value, loc=_loc(name, 2)).result


def _bf16(shape: Sequence[int]):
    return b.tensor(list(shape), "bf16")


def _i32(shape: Sequence[int]):
    return b.tensor(list(shape), "i32")


# ----------------------------------------------------------------------------
# The program
# ----------------------------------------------------------------------------


def build(d: Dims) -> Module:
    """Builds and verifies the decode-step module at ``d`` (in the active
    Context, or a new one)."""
    return build_verified(_build, d)


def _build(d: Dims) -> Module:
    B, H, Q, KV, D, I = d.batch, d.hidden, d.q_dim, d.kv_dim, d.head_dim, d.intermediate
    G, L, R, V = d.group, d.layers, d.cache_rows, d.vocab
    index, f32 = IndexType.get(), F32Type.get()

    # Per-layer and stacked (all layers) weight types. A projection weight is
    # [in, out]; the stacked tensor puts layer l's rows at l * in.
    wq_t, wq_all_t = _bf16([H, Q]), _bf16([L * H, Q])
    wkv_t, wkv_all_t = _bf16([H, KV]), _bf16([L * H, KV])
    wo_t, wo_all_t = _bf16([Q, H]), _bf16([L * Q, H])
    w_ffn_in_t, w_ffn_in_all_t = _bf16([H, I]), _bf16([L * H, I])
    w_down_t, w_down_all_t = _bf16([I, H]), _bf16([L * I, H])
    norm_t, norm_all_t = _bf16([1, H]), _bf16([L, H])
    head_norm_t, head_norm_all_t = _bf16([1, D]), _bf16([L, D])
    cache_t, cache_all_t = _bf16([R, KV]), _bf16([L * R, KV])

    x_t = _bf16([B, H])
    q_t, kv_t, ffn_t = _bf16([B, Q]), _bf16([B, KV]), _bf16([B, I])
    rope_t = _bf16([B, D])
    q_group_t = _bf16([B, G * D])
    cache_head_t = _bf16([R, D])
    block_table_t = _i32([B, d.blocks_per_seq])
    per_seq_t = _i32([B])

    # What every layer reads: the stacked weights and KV caches of all
    # layers (sliced per layer inside the Graph), and the step's inputs.
    stacked = [
        b.param("wq_all", wq_all_t), b.param("wk_all", wkv_all_t), b.param("wv_all", wkv_all_t),
        b.param("wo_all", wo_all_t), b.param("w_gate_all", w_ffn_in_all_t),
        b.param("w_up_all", w_ffn_in_all_t), b.param("w_down_all", w_down_all_t),
        b.param("input_norm_w_all", norm_all_t), b.param("post_norm_w_all", norm_all_t),
        b.param("q_norm_w_all", head_norm_all_t), b.param("k_norm_w_all", head_norm_all_t),
        b.param("k_cache_all", cache_all_t, "inout"), b.param("v_cache_all", cache_all_t, "inout")]
    step_inputs = [
        b.param("rope_cos", rope_t), b.param("rope_sin", rope_t),
        b.param("block_table", block_table_t), b.param("context_lens", per_seq_t),
        b.param("slot_mapping", per_seq_t)]

    module = b.module(runtime="host_build_graph")
    with b.inserting(module):
        # --- Kernels: tensors first, then scalars. -------------------------
        # AIV (vector cores): embedding gather, norms, rotary embedding,
        # cache write, elementwise.
        embedding = b.kernel("embedding", [
            b.param("token_ids", per_seq_t), b.param("table", _bf16([V, H])),
            b.param("out", x_t, "out")], core_type="aiv")
        rms_norm = b.kernel("rms_norm", [
            b.param("x", x_t), b.param("weight", norm_t), b.param("out", x_t, "out"),
            b.param("eps", f32)], core_type="aiv")
        q_norm = b.kernel("head_rms_norm_q", [
            b.param("x", q_t), b.param("weight", head_norm_t), b.param("out", q_t, "out"),
            b.param("eps", f32)], core_type="aiv")
        k_norm = b.kernel("head_rms_norm_k", [
            b.param("x", kv_t), b.param("weight", head_norm_t), b.param("out", kv_t, "out"),
            b.param("eps", f32)], core_type="aiv")
        rope_q = b.kernel("rope_q", [
            b.param("x", q_t), b.param("cos", rope_t), b.param("sin", rope_t),
            b.param("out", q_t, "out")], core_type="aiv")
        rope_k = b.kernel("rope_k", [
            b.param("x", kv_t), b.param("cos", rope_t), b.param("sin", rope_t),
            b.param("out", kv_t, "out")], core_type="aiv")
        cache_write = b.kernel("kv_cache_write", [
            b.param("k", kv_t), b.param("v", kv_t), b.param("slot_mapping", per_seq_t),
            b.param("k_cache", cache_t, "inout"), b.param("v_cache", cache_t, "inout")],
            core_type="aiv")
        residual_add = b.kernel("residual_add", [
            b.param("x", x_t), b.param("residual", x_t, "inout")], core_type="aiv")
        silu_mul = b.kernel("silu_mul", [
            b.param("gate", ffn_t), b.param("up", ffn_t), b.param("out", ffn_t, "out")],
            core_type="aiv")
        # AIC (cube cores): the matmuls.
        q_proj = b.kernel("q_proj", [
            b.param("x", x_t), b.param("w", wq_t), b.param("out", q_t, "out")], core_type="aic")
        kv_proj = b.kernel("kv_proj", [
            b.param("x", x_t), b.param("w", wkv_t), b.param("out", kv_t, "out")], core_type="aic")
        o_proj = b.kernel("o_proj", [
            b.param("x", q_t), b.param("w", wo_t), b.param("out", x_t, "out")], core_type="aic")
        up_proj = b.kernel("gate_up_proj", [
            b.param("x", x_t), b.param("w", w_ffn_in_t), b.param("out", ffn_t, "out")], core_type="aic")
        down_proj = b.kernel("down_proj", [
            b.param("x", ffn_t), b.param("w", w_down_t), b.param("out", x_t, "out")],
            core_type="aic")
        lm_head = b.kernel("lm_head", [
            b.param("x", x_t), b.param("w", _bf16([H, V])),
            b.param("logits", b.tensor([B, V], "f32"), "out")], core_type="aic")
        # Mixed (cube + vector): paged decode attention of one KV head and
        # its G query heads: scores and the weighted sum of V on the cube
        # kernel, softmax on the vector kernel, which runs on both vector
        # lanes.
        attention_params = [
            b.param("q", q_group_t), b.param("k_cache", cache_head_t),
            b.param("v_cache", cache_head_t), b.param("block_table", block_table_t),
            b.param("context_lens", per_seq_t), b.param("out", q_group_t, "out"),
            b.param("scale", f32)]
        attention_cube = b.kernel("paged_attention_cube", attention_params,
                                  core_type="aic")
        attention_vector = b.kernel("paged_attention_vector", attention_params,
                                    core_type="aiv")
        attention = b.kernel("paged_attention", attention_params, core_type="mixed",
                             lanes=[attention_cube, attention_vector, attention_vector])

        # --- One decoder layer. --------------------------------------------
        layer = b.graph("decoder_layer", [
            b.param("hidden", x_t, "inout"), *stacked, *step_inputs,
            b.param("layer_idx", index)], results=[x_t])
        with b.inserting(layer):
            (hidden, wq_all, wk_all, wv_all, wo_all, w_gate_all, w_up_all, w_down_all,
             input_norm_all, post_norm_all, q_norm_all, k_norm_all, k_cache_all,
             v_cache_all, rope_cos, rope_sin, block_table, context_lens, slot_mapping,
             layer_idx) = b.arguments(layer)
            eps = _f32(d.rms_eps, "eps")
            scale = _f32(1.0 / math.sqrt(D), "scale")

            # This layer's weights: rows [layer_idx * rows, +rows) of the
            # stacked tensors; the norm weights are one row per layer.
            wq = b.slice(wq_all, [_mul(layer_idx, H, "wq_row"), 0], [H, Q], name="wq")
            wk = b.slice(wk_all, [_mul(layer_idx, H, "wk_row"), 0], [H, KV], name="wk")
            wv = b.slice(wv_all, [_mul(layer_idx, H, "wv_row"), 0], [H, KV], name="wv")
            wo = b.slice(wo_all, [_mul(layer_idx, Q, "wo_row"), 0], [Q, H], name="wo")
            w_gate = b.slice(w_gate_all, [_mul(layer_idx, H, "w_gate_row"), 0], [H, I],
                             name="w_gate")
            w_up = b.slice(w_up_all, [_mul(layer_idx, H, "w_up_row"), 0], [H, I], name="w_up")
            w_down = b.slice(w_down_all, [_mul(layer_idx, I, "w_down_row"), 0], [I, H],
                             name="w_down")
            input_norm_w = b.slice(input_norm_all, [layer_idx, 0], [1, H], name="input_norm_w")
            post_norm_w = b.slice(post_norm_all, [layer_idx, 0], [1, H], name="post_norm_w")
            q_norm_w = b.slice(q_norm_all, [layer_idx, 0], [1, D], name="q_norm_w")
            k_norm_w = b.slice(k_norm_all, [layer_idx, 0], [1, D], name="k_norm_w")
            # This layer's KV cache blocks.
            cache_row = _mul(layer_idx, R, "cache_row")
            k_cache = b.slice(k_cache_all, [cache_row, 0], [R, KV], name="k_cache")
            v_cache = b.slice(v_cache_all, [cache_row, 0], [R, KV], name="v_cache")

            # Attention input: RMSNorm, then the q, k, v projections.
            x_norm = b.create([B, H], "bf16", name="x_norm")
            x_norm, _ = b.submit(rms_norm, [hidden, input_norm_w, x_norm, eps],
                                 name="input_norm")
            q = b.create([B, Q], "bf16", name="q")
            k = b.create([B, KV], "bf16", name="k")
            v = b.create([B, KV], "bf16", name="v")
            q, t_q = b.submit(q_proj, [x_norm, wq, q], name="q_proj")
            k, t_k = b.submit(kv_proj, [x_norm, wk, k], name="k_proj")
            v, t_v = b.submit(kv_proj, [x_norm, wv, v], name="v_proj")

            # The attention stage, ordered by explicit dependencies: the
            # cache write and the attention reach the cache through the
            # slot mapping and the block table, which automatic tracking
            # cannot see into.
            scope = pto.ScopeOp([x_t], manual=True, loc=_loc("attention_stage"))
            with InsertionPoint(scope.body.blocks.append()):
                attn_out = _attention_stage(
                    d, q=q, k=k, v=v, t_q=t_q, t_k=t_k, t_v=t_v,
                    q_norm_w=q_norm_w, k_norm_w=k_norm_w, rope_cos=rope_cos,
                    rope_sin=rope_sin, k_cache=k_cache, v_cache=v_cache,
                    block_table=block_table, context_lens=context_lens,
                    slot_mapping=slot_mapping, wo=wo, eps=eps, scale=scale,
                    kernels=dict(q_norm=q_norm, k_norm=k_norm, rope_q=rope_q,
                                 rope_k=rope_k, cache_write=cache_write,
                                 attention=attention, o_proj=o_proj))
                pto.YieldOp([attn_out], loc=_loc("attention_stage"))
            (attn_out,) = scope.results

            hidden, _ = b.submit(residual_add, [attn_out, hidden], name="attn_residual")

            # The MLP: RMSNorm, SwiGLU, down projection, residual.
            h_norm = b.create([B, H], "bf16", name="h_norm")
            h_norm, _ = b.submit(rms_norm, [hidden, post_norm_w, h_norm, eps], name="post_norm")
            gate = b.create([B, I], "bf16", name="gate")
            up = b.create([B, I], "bf16", name="up")
            gate, _ = b.submit(up_proj, [h_norm, w_gate, gate], name="gate_proj")
            up, _ = b.submit(up_proj, [h_norm, w_up, up], name="up_proj")
            act = b.create([B, I], "bf16", name="act")
            act, _ = b.submit(silu_mul, [gate, up, act], name="silu_mul")
            mlp_out = b.create([B, H], "bf16", name="mlp_out")
            mlp_out, _ = b.submit(down_proj, [act, w_down, mlp_out], name="down_proj")
            hidden, _ = b.submit(residual_add, [mlp_out, hidden], name="mlp_residual")
            b.ret([hidden])

        # --- The decode step. ----------------------------------------------
        main = b.orchestration("decode_step", [
            b.param("token_ids", per_seq_t), b.param("embed_table", _bf16([V, H])),
            *stacked, *step_inputs,
            b.param("final_norm_w", norm_t), b.param("lm_head_w", _bf16([H, V])),
            b.param("logits", b.tensor([B, V], "f32"), "out")])
        with b.inserting(main):
            token_ids, embed_table, *layer_inputs, final_norm_w, lm_head_w, logits = \
                b.arguments(main)
            eps = _f32(d.rms_eps, "eps")
            hidden = b.create([B, H], "bf16", name="hidden")
            hidden, _ = b.submit(embedding, [token_ids, embed_table, hidden], name="embed")
            layers = scf.ForOp(b.index(0), b.index(L), b.index(1), [hidden],
                               loc=_loc("layers"))
            _name_arguments(layers, "layer", "hidden")
            with InsertionPoint(layers.body):
                (hidden,) = b.call(layer, [layers.inner_iter_args[0], *layer_inputs,
                                           layers.induction_variable], name="hidden")
                scf.YieldOp([hidden], loc=_loc("layers"))
            (hidden,) = layers.results
            normed = b.create([B, H], "bf16", name="normed")
            normed, _ = b.submit(rms_norm, [hidden, final_norm_w, normed, eps],
                                 name="final_norm")
            b.submit(lm_head, [normed, lm_head_w, logits], name="lm_head")
            b.ret()
    return module


def _attention_stage(d: Dims, *, q, k, v, t_q, t_k, t_v, q_norm_w, k_norm_w, rope_cos,
                     rope_sin, k_cache, v_cache, block_table, context_lens, slot_mapping,
                     wo, eps, scale, kernels) -> Value:
    """The body of the manual scope; returns the o_proj output."""
    B, Q, KV, D, G, H = d.batch, d.q_dim, d.kv_dim, d.head_dim, d.group, d.hidden
    kn = kernels

    # Per-head RMSNorm of q and k (Qwen3's QK norm), then the rotary
    # embedding at each sequence's position.
    q_normed = b.create([B, Q], "bf16", name="q_normed")
    q_normed, t_q_normed = b.submit(kn["q_norm"], [q, q_norm_w, q_normed, eps],
                                    deps=[t_q], name="q_norm")
    k_normed = b.create([B, KV], "bf16", name="k_normed")
    k_normed, t_k_normed = b.submit(kn["k_norm"], [k, k_norm_w, k_normed, eps],
                                    deps=[t_k], name="k_norm")
    q_rot = b.create([B, Q], "bf16", name="q_rot")
    q_rot, t_q_rot = b.submit(kn["rope_q"], [q_normed, rope_cos, rope_sin, q_rot],
                              deps=[t_q_normed], name="q_rope")
    k_rot = b.create([B, KV], "bf16", name="k_rot")
    k_rot, t_k_rot = b.submit(kn["rope_k"], [k_normed, rope_cos, rope_sin, k_rot],
                              deps=[t_k_normed], name="k_rope")

    # This token's k and v into the paged cache (row slot_mapping[s]).
    k_cache, v_cache, t_cache = b.submit(
        kn["cache_write"], [k_rot, v, slot_mapping, k_cache, v_cache],
        deps=[t_k_rot, t_v], name="cache_write")

    # Paged attention, one task per KV head and its G query heads, in
    # parallel; each waits for the rotated q and the cache write.
    attn = b.create([B, Q], "bf16", name="attn")
    none = b.invalid_task_id(name="none")
    ids = pto.ArraySplatOp(pto.task_id_array_type(d.kv_heads), none,
                           loc=_loc("attn_ids")).result
    heads = scf.ForOp(b.index(0), b.index(d.kv_heads), b.index(1), [ids],
                      loc=_loc("attention_heads"))
    b.set_parallel(heads)
    _name_arguments(heads, "kv_head", "attn_ids")
    with InsertionPoint(heads.body):
        h = heads.induction_variable
        (ids_h,) = heads.inner_iter_args
        q_col = _mul(h, G * D, "q_col")
        kv_col = _mul(h, D, "kv_col")
        q_group = b.slice(q_rot, [0, q_col], [B, G * D], name="q_group")
        k_head = b.slice(k_cache, [0, kv_col], [d.cache_rows, D], name="k_head")
        v_head = b.slice(v_cache, [0, kv_col], [d.cache_rows, D], name="v_head")
        out_group = b.slice(attn, [0, q_col], [B, G * D], name="out_group")
        _, t_attn = b.submit(kn["attention"], [q_group, k_head, v_head, block_table,
                                               context_lens, out_group, scale],
                             deps=[t_q_rot, t_cache], name="attention")
        ids_next = pto.ArrayUpdateOp(ids_h, h, t_attn, loc=_loc("attn_ids")).result
        scf.YieldOp([ids_next], loc=_loc("attention_heads"))
    (attn_ids,) = heads.results

    # The output projection, after every head group.
    attn_out = b.create([B, H], "bf16", name="attn_out")
    attn_out, _ = b.submit(kn["o_proj"], [attn, wo, attn_out], deps=[attn_ids],
                           name="o_proj")
    return attn_out
