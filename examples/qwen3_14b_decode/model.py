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
from typing import List, Optional

from pto_mlir import builder as b
from pto_mlir import lang as pto
from pto_mlir.ir import Module


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
        pto_mlir.lang.LangError: the module does not verify.
    """
    d = replace(dims or QWEN3_14B, **overrides)
    return pto.module(_program(d), runtime="host_build_graph")


def _program(d: Dims) -> pto.OrchestrationFunction:
    """The program at dimensions ``d``: kernels, the decoder-layer Graph and
    the decode step."""
    B, H, Q, KV, D, I = d.batch, d.hidden, d.q_dim, d.kv_dim, d.head_dim, d.intermediate
    G, L, R, V = d.group, d.layers, d.cache_rows, d.vocab

    def bf16(*shape):
        return pto.Tensor[list(shape), pto.bf16]

    # Per-layer and stacked (all layers) weight types. A projection weight is
    # [in, out]; the stacked tensor puts layer l's rows at l * in.
    WQ, WQ_ALL = bf16(H, Q), bf16(L * H, Q)
    WKV, WKV_ALL = bf16(H, KV), bf16(L * H, KV)
    WO, WO_ALL = bf16(Q, H), bf16(L * Q, H)
    W_FFN_IN, W_FFN_IN_ALL = bf16(H, I), bf16(L * H, I)
    W_DOWN, W_DOWN_ALL = bf16(I, H), bf16(L * I, H)
    NORM, NORM_ALL = bf16(1, H), bf16(L, H)
    HEAD_NORM, HEAD_NORM_ALL = bf16(1, D), bf16(L, D)
    CACHE, CACHE_ALL = bf16(R, KV), bf16(L * R, KV)
    X = bf16(B, H)
    QT, KVT, FFN = bf16(B, Q), bf16(B, KV), bf16(B, I)
    ROPE = bf16(B, D)
    Q_GROUP = bf16(B, G * D)
    CACHE_HEAD = bf16(R, D)
    BLOCK_TABLE = pto.Tensor[[B, d.blocks_per_seq], pto.i32]
    PER_SEQ = pto.Tensor[[B], pto.i32]
    LOGITS = pto.Tensor[[B, V], pto.f32]

    # --- Kernels: tensors first, then scalars. -----------------------------
    # AIV (vector cores): embedding gather, norms, rotary embedding, cache
    # write, elementwise.

    @pto.kernel(core="aiv")
    def embedding(token_ids: PER_SEQ, table: bf16(V, H), out: pto.Out[X]): ...

    @pto.kernel(core="aiv")
    def rms_norm(x: X, weight: NORM, out: pto.Out[X], eps: pto.f32): ...

    @pto.kernel(core="aiv", name="head_rms_norm_q")
    def q_norm(x: QT, weight: HEAD_NORM, out: pto.Out[QT], eps: pto.f32): ...

    @pto.kernel(core="aiv", name="head_rms_norm_k")
    def k_norm(x: KVT, weight: HEAD_NORM, out: pto.Out[KVT], eps: pto.f32): ...

    @pto.kernel(core="aiv")
    def rope_q(x: QT, cos: ROPE, sin: ROPE, out: pto.Out[QT]): ...

    @pto.kernel(core="aiv")
    def rope_k(x: KVT, cos: ROPE, sin: ROPE, out: pto.Out[KVT]): ...

    @pto.kernel(core="aiv", name="kv_cache_write")
    def cache_write(k: KVT, v: KVT, slot_mapping: PER_SEQ, k_cache: pto.InOut[CACHE],
                    v_cache: pto.InOut[CACHE]): ...

    @pto.kernel(core="aiv")
    def residual_add(x: X, residual: pto.InOut[X]): ...

    @pto.kernel(core="aiv")
    def silu_mul(gate: FFN, up: FFN, out: pto.Out[FFN]): ...

    # AIC (cube cores): the matmuls.

    @pto.kernel(core="aic")
    def q_proj(x: X, w: WQ, out: pto.Out[QT]): ...

    @pto.kernel(core="aic")
    def kv_proj(x: X, w: WKV, out: pto.Out[KVT]): ...

    @pto.kernel(core="aic")
    def o_proj(x: QT, w: WO, out: pto.Out[X]): ...

    @pto.kernel(core="aic", name="gate_up_proj")
    def up_proj(x: X, w: W_FFN_IN, out: pto.Out[FFN]): ...

    @pto.kernel(core="aic")
    def down_proj(x: FFN, w: W_DOWN, out: pto.Out[X]): ...

    @pto.kernel(core="aic")
    def lm_head(x: X, w: bf16(H, V), logits: pto.Out[LOGITS]): ...

    # Mixed (cube + vector): paged decode attention of one KV head and its G
    # query heads: scores and the weighted sum of V on the cube kernel,
    # softmax on the vector kernel, which runs on both vector lanes.
    def attention_signature(q: Q_GROUP, k_cache: CACHE_HEAD, v_cache: CACHE_HEAD,
                            block_table: BLOCK_TABLE, context_lens: PER_SEQ,
                            out: pto.Out[Q_GROUP], scale: pto.f32): ...

    attention_cube = pto.kernel(attention_signature, core="aic", name="paged_attention_cube")
    attention_vector = pto.kernel(attention_signature, core="aiv",
                                  name="paged_attention_vector")
    attention = pto.kernel(attention_signature, core="mixed", name="paged_attention",
                           lanes=[attention_cube, attention_vector, attention_vector])

    # --- One decoder layer. ------------------------------------------------

    @pto.graph
    def decoder_layer(
            hidden: pto.InOut[X], wq_all: WQ_ALL, wk_all: WKV_ALL, wv_all: WKV_ALL,
            wo_all: WO_ALL, w_gate_all: W_FFN_IN_ALL, w_up_all: W_FFN_IN_ALL,
            w_down_all: W_DOWN_ALL, input_norm_w_all: NORM_ALL, post_norm_w_all: NORM_ALL,
            q_norm_w_all: HEAD_NORM_ALL, k_norm_w_all: HEAD_NORM_ALL,
            k_cache_all: pto.InOut[CACHE_ALL], v_cache_all: pto.InOut[CACHE_ALL],
            rope_cos: ROPE, rope_sin: ROPE, block_table: BLOCK_TABLE, context_lens: PER_SEQ,
            slot_mapping: PER_SEQ, layer_idx: pto.Index) -> X:
        eps = pto.f32(d.rms_eps)
        scale = pto.f32(1.0 / math.sqrt(D))

        # This layer's weights: rows [layer_idx * rows, +rows) of the stacked
        # tensors; the norm weights are one row per layer.
        wq_row = layer_idx * H
        wq = wq_all[wq_row:wq_row + H, :]
        wk_row = layer_idx * H
        wk = wk_all[wk_row:wk_row + H, :]
        wv_row = layer_idx * H
        wv = wv_all[wv_row:wv_row + H, :]
        wo_row = layer_idx * Q
        wo = wo_all[wo_row:wo_row + Q, :]
        w_gate_row = layer_idx * H
        w_gate = w_gate_all[w_gate_row:w_gate_row + H, :]
        w_up_row = layer_idx * H
        w_up = w_up_all[w_up_row:w_up_row + H, :]
        w_down_row = layer_idx * I
        w_down = w_down_all[w_down_row:w_down_row + I, :]
        input_norm_w = input_norm_w_all[layer_idx:layer_idx + 1, :]
        post_norm_w = post_norm_w_all[layer_idx:layer_idx + 1, :]
        q_norm_w = q_norm_w_all[layer_idx:layer_idx + 1, :]
        k_norm_w = k_norm_w_all[layer_idx:layer_idx + 1, :]
        # This layer's KV cache blocks.
        cache_row = layer_idx * R
        k_cache = k_cache_all[cache_row:cache_row + R, :]
        v_cache = v_cache_all[cache_row:cache_row + R, :]

        # Attention input: RMSNorm, then the q, k, v projections.
        x_norm = pto.create([B, H], pto.bf16)
        x_norm = rms_norm(hidden, input_norm_w, x_norm, eps)
        q = pto.create([B, Q], pto.bf16)
        k = pto.create([B, KV], pto.bf16)
        v = pto.create([B, KV], pto.bf16)
        q, t_q = pto.submit(q_proj, x_norm, wq, q)
        k, t_k = pto.submit(kv_proj, x_norm, wk, k)
        v, t_v = pto.submit(kv_proj, x_norm, wv, v)

        # The attention stage, ordered by explicit dependencies: the cache
        # write and the attention reach the cache through the slot mapping
        # and the block table, which automatic tracking cannot see into.
        with pto.scope(manual=True):
            # Per-head RMSNorm of q and k (Qwen3's QK norm), then the rotary
            # embedding at each sequence's position.
            q_normed = pto.create([B, Q], pto.bf16)
            q_normed, t_q_normed = pto.submit(q_norm, q, q_norm_w, q_normed, eps, deps=[t_q])
            k_normed = pto.create([B, KV], pto.bf16)
            k_normed, t_k_normed = pto.submit(k_norm, k, k_norm_w, k_normed, eps, deps=[t_k])
            q_rot = pto.create([B, Q], pto.bf16)
            q_rot, t_q_rot = pto.submit(rope_q, q_normed, rope_cos, rope_sin, q_rot,
                                        deps=[t_q_normed])
            k_rot = pto.create([B, KV], pto.bf16)
            k_rot, t_k_rot = pto.submit(rope_k, k_normed, rope_cos, rope_sin, k_rot,
                                        deps=[t_k_normed])

            # This token's k and v into the paged cache (row slot_mapping[s]).
            k_cache, v_cache, t_cache = pto.submit(cache_write, k_rot, v, slot_mapping,
                                                   k_cache, v_cache, deps=[t_k_rot, t_v])

            # Paged attention, one task per KV head and its G query heads, in
            # parallel; each waits for the rotated q and the cache write.
            attn = pto.create([B, Q], pto.bf16)
            none = pto.invalid_task_id()
            attn_ids = pto.task_id_array(d.kv_heads, none)
            for kv_head in pto.parallel(d.kv_heads):
                q_col = kv_head * (G * D)
                kv_col = kv_head * D
                q_group = q_rot[:, q_col:q_col + G * D]
                k_head = k_cache[:, kv_col:kv_col + D]
                v_head = v_cache[:, kv_col:kv_col + D]
                out_group = attn[:, q_col:q_col + G * D]
                _, t_attn = pto.submit(attention, q_group, k_head, v_head, block_table,
                                       context_lens, out_group, scale,
                                       deps=[t_q_rot, t_cache])
                attn_ids = pto.array_update(attn_ids, kv_head, t_attn)

            # The output projection, after every head group.
            attn_out = pto.create([B, H], pto.bf16)
            attn_out = o_proj(attn, wo, attn_out, deps=[attn_ids])

        hidden = residual_add(attn_out, hidden)

        # The MLP: RMSNorm, SwiGLU, down projection, residual.
        h_norm = pto.create([B, H], pto.bf16)
        h_norm = rms_norm(hidden, post_norm_w, h_norm, eps)
        gate = pto.create([B, I], pto.bf16)
        up = pto.create([B, I], pto.bf16)
        gate = up_proj(h_norm, w_gate, gate)
        up = up_proj(h_norm, w_up, up)
        act = pto.create([B, I], pto.bf16)
        act = silu_mul(gate, up, act)
        mlp_out = pto.create([B, H], pto.bf16)
        mlp_out = down_proj(act, w_down, mlp_out)
        hidden = residual_add(mlp_out, hidden)
        return hidden

    # --- The decode step. --------------------------------------------------

    @pto.orchestration
    def decode_step(
            token_ids: PER_SEQ, embed_table: bf16(V, H), wq_all: WQ_ALL, wk_all: WKV_ALL,
            wv_all: WKV_ALL, wo_all: WO_ALL, w_gate_all: W_FFN_IN_ALL,
            w_up_all: W_FFN_IN_ALL, w_down_all: W_DOWN_ALL, input_norm_w_all: NORM_ALL,
            post_norm_w_all: NORM_ALL, q_norm_w_all: HEAD_NORM_ALL,
            k_norm_w_all: HEAD_NORM_ALL, k_cache_all: pto.InOut[CACHE_ALL],
            v_cache_all: pto.InOut[CACHE_ALL], rope_cos: ROPE, rope_sin: ROPE,
            block_table: BLOCK_TABLE, context_lens: PER_SEQ, slot_mapping: PER_SEQ,
            final_norm_w: NORM, lm_head_w: bf16(H, V), logits: pto.Out[LOGITS]):
        eps = pto.f32(d.rms_eps)
        hidden = pto.create([B, H], pto.bf16)
        hidden = embedding(token_ids, embed_table, hidden)
        for layer in pto.range(L):
            hidden = decoder_layer(
                hidden, wq_all, wk_all, wv_all, wo_all, w_gate_all, w_up_all, w_down_all,
                input_norm_w_all, post_norm_w_all, q_norm_w_all, k_norm_w_all, k_cache_all,
                v_cache_all, rope_cos, rope_sin, block_table, context_lens, slot_mapping,
                layer)
        normed = pto.create([B, H], pto.bf16)
        normed = rms_norm(hidden, final_norm_w, normed, eps)
        lm_head(normed, lm_head_w, logits)

    return decode_step


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
