#!/usr/bin/env python3
"""The Qwen3-14B decode step as a PTO program for the host_build_graph runtime.

One decode step: ``batch`` sequences each feed their newest token through the
token embedding, the 40 decoder layers and the final RMSNorm and LM head,
giving one row of logits per sequence. Each decoder layer is one Graph,
``@decoder_layer``, launched 40 times by the orchestration function
``@decode_step`` from an ``scf.for`` over the layers (constant trip count);
the hidden state is carried through that loop as an ``inout`` buffer.

A decoder layer (Qwen3: pre-norm, grouped-query attention with a per-head
RMSNorm on q and k, rotary embedding, SwiGLU MLP)::

    x_norm = rms_norm(hidden, input_norm_w)
    q = x_norm @ wq;  k = x_norm @ wk;  v = x_norm @ wv
    -- manual scope: explicit dependencies --
    q_rot = rope(head_rms_norm(q, q_norm_w), cos, sin)
    k_rot = rope(head_rms_norm(k, k_norm_w), cos, sin)
    k_cache[slot], v_cache[slot] = k_rot, v            (paged KV cache write)
    attn[:, group g] = paged_attention(q_rot[:, g], k_cache[:, g], v_cache[:, g],
                                       block_table, context_lens)   for g < kv_heads
    attn_out = attn @ wo                               (after all 8 groups)
    -- end of the manual scope --
    hidden += attn_out
    h_norm = rms_norm(hidden, post_norm_w)
    act = silu(h_norm @ w_gate) * (h_norm @ w_up)
    hidden += act @ w_down

The program is written the way a user first writes it: the layer's weights
(and its KV cache blocks) are taken inside the Graph body as views at row
``layer_idx * rows`` of tensors stacking all layers, and every intermediate
is allocated inside the body with ``pto.create``. Replayed as is, every call
would reuse layer 0's weights and take fresh graph heap; the legalize
pipeline (``pto_mlir.pipelines.legalize_graph_boundary``) hoists the views
and allocations to the call site.

Run as a script to print the module with name locations (what
``qwen3_14b_decode.mlir`` holds); ``--debug-info`` prints the full
locations (the Python lines that built each op) instead.
"""

import math
import sys
from dataclasses import dataclass, replace
from typing import List, Optional, Sequence

from pto_mlir import builder as b
from pto_mlir.dialects import arith, pto, scf
from pto_mlir.ir import (Context, F32Type, IndexType, InsertionPoint, Location,
                         Module, Value)


# ----------------------------------------------------------------------------
# Dimensions
# ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Dims:
    """Model and step dimensions (elements, tokens, blocks).

    The defaults are Qwen3-14B's (config.json of Qwen/Qwen3-14B) and the
    decode step this example models: 16 sequences, one new token each, a
    paged KV cache of 128-token blocks holding up to 4096 tokens per
    sequence.
    """

    hidden: int = 5120          # hidden_size
    layers: int = 40            # num_hidden_layers
    heads: int = 40             # num_attention_heads
    kv_heads: int = 8           # num_key_value_heads
    head_dim: int = 128         # head_dim
    intermediate: int = 17408   # intermediate_size
    vocab: int = 151936         # vocab_size
    rms_eps: float = 1e-6       # rms_norm_eps
    batch: int = 16             # sequences decoded together (one token each)
    block_size: int = 128       # tokens per KV cache block
    blocks_per_seq: int = 32    # block table width: up to 4096 tokens of context

    def __post_init__(self):
        for field in ("hidden", "layers", "heads", "kv_heads", "head_dim",
                      "intermediate", "vocab", "batch", "block_size", "blocks_per_seq"):
            if not isinstance(getattr(self, field), int) or getattr(self, field) < 1:
                raise ValueError(f"{field} must be a positive int, got {getattr(self, field)!r}")
        if self.heads % self.kv_heads:
            raise ValueError(f"heads ({self.heads}) must be a multiple of "
                             f"kv_heads ({self.kv_heads})")

    @property
    def q_dim(self) -> int:
        """Width of q and of the attention output: heads * head_dim."""
        return self.heads * self.head_dim

    @property
    def kv_dim(self) -> int:
        """Width of k and v: kv_heads * head_dim."""
        return self.kv_heads * self.head_dim

    @property
    def group(self) -> int:
        """Query heads per KV head (grouped-query attention)."""
        return self.heads // self.kv_heads

    @property
    def cache_rows(self) -> int:
        """KV cache rows (token slots) per layer: every sequence's blocks."""
        return self.batch * self.blocks_per_seq * self.block_size


#: Qwen3-14B, batch 16.
QWEN3_14B = Dims()

#: A scaled-down variant with the same structure, small enough for the
#: record/replay model (``pto_mlir.sim``).
SMALL = Dims(hidden=64, layers=4, heads=4, kv_heads=2, head_dim=16,
             intermediate=96, vocab=128, batch=2, block_size=4, blocks_per_seq=2)


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


def build(dims: Optional[Dims] = None, **overrides) -> Module:
    """Builds the decode-step module.

    Args:
        dims: the dimensions (default :data:`QWEN3_14B`).
        **overrides: fields of :class:`Dims` to change, e.g.
            ``build(layers=2)`` or ``build(SMALL)``.

    Returns:
        the verified module (in the active Context, or a new one).

    Raises:
        ValueError: invalid dimensions.
        TypeError: an unknown dimension name.
        pto_mlir.ir.MLIRError: the module does not verify.
    """
    d = replace(dims or QWEN3_14B, **overrides)
    if Context.current is None:
        with Context():
            return build(d)
    with Location.unknown():
        module = _build(d)
    module.operation.verify()
    return module


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
    heads = scf.ForOp(b.index(0), b.index(d.kv_heads), b.index(1), [attn, ids],
                      loc=_loc("attention_heads"))
    b.set_parallel(heads)
    _name_arguments(heads, "kv_head", "attn", "attn_ids")
    with InsertionPoint(heads.body):
        h = heads.induction_variable
        attn_h, ids_h = heads.inner_iter_args
        q_col = _mul(h, G * D, "q_col")
        kv_col = _mul(h, D, "kv_col")
        q_group = b.slice(q_rot, [0, q_col], [B, G * D], name="q_group")
        k_head = b.slice(k_cache, [0, kv_col], [d.cache_rows, D], name="k_head")
        v_head = b.slice(v_cache, [0, kv_col], [d.cache_rows, D], name="v_head")
        out_group = b.slice(attn_h, [0, q_col], [B, G * D], name="out_group")
        _, t_attn = b.submit(kn["attention"], [q_group, k_head, v_head, block_table,
                                               context_lens, out_group, scale],
                             deps=[t_q_rot, t_cache], name="attention")
        ids_next = pto.ArrayUpdateOp(ids_h, h, t_attn, loc=_loc("attn_ids")).result
        scf.YieldOp([attn_h, ids_next], loc=_loc("attention_heads"))
    attn, attn_ids = heads.results

    # The output projection, after every head group.
    attn_out = b.create([B, H], "bf16", name="attn_out")
    attn_out, _ = b.submit(kn["o_proj"], [attn, wo, attn_out], deps=[attn_ids],
                           name="o_proj")
    return attn_out


# ----------------------------------------------------------------------------
# Printing
# ----------------------------------------------------------------------------


def to_text(module: Module, debug_info: bool = False) -> str:
    """The module's text, values named after their name locations
    (:func:`pto_mlir.builder.to_text`)."""
    return b.to_text(module, debug_info)


HEADER = """\
// Generated by examples/qwen3_14b_decode/model.py: do not edit.
// Regenerate with: python examples/qwen3_14b_decode/model.py -o examples/qwen3_14b_decode/qwen3_14b_decode.mlir
"""


def main(argv: Optional[List[str]] = None) -> int:
    return b.example_main(build, QWEN3_14B, SMALL, HEADER, argv,
                          description=__doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
