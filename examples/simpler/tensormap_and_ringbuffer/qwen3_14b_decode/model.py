"""simpler's tensormap_and_ringbuffer ``qwen3_14b_decode`` as a PTO program.

All 40 Qwen3-14B decoder layers of one decode step in one run of the
entry, with the task structure of the hand-written orchestration (itself
the output of another compiler): the same kernels, SPMD block counts,
tiles, fences and explicit dependencies as the host_build_graph port
(``examples/qwen3_14b_decode_full``, docs/qwen3.md), without a Graph. Each
layer runs in its own scope and reads its rows of the stacked weights
through the kernels' row offsets; the runtime infers the dependencies
between layers from the tensors, and those inside a layer's manual scope
are written out::

    tiling, fence, copy_hidden (f32 residual), x_gamma0     prologue
    for layer in 0..39:                                     one scope each
        allocations of the layer's intermediates
        manual scope:
            seeds, rms_recip, q/k/v projections (SPMD 50, 10, 10 blocks)
            attention: one mixed task (AIC + 2 AIV lanes, 24 blocks)
            o_proj: 26 tiles + one SPMD task; residual + RMSNorm columns
            gate/up: SPMD per K split + tiles of columns 6-16 after fences
            SiLU per column, down projection 85 tiles
        dcr_xgamma: the residual and the next layer's input RMSNorm, after
            the 85 down tiles (their task ids leave the manual scope)
    copy_out (bf16)

The dependency of each layer on the previous one's dcr_xgamma (and of the
first layer on x_gamma0) travels as the owner of the normed activation
(``pto.set_owner`` / ``pto.owner_task_id``). The compiler adds a
dependency on the layer's allocation to the manual-scope tasks that use its
buffers (docs/ports.md says why and compares without them).

    pto-compile examples/simpler/tensormap_and_ringbuffer/qwen3_14b_decode/model.py
"""

import sys
from dataclasses import dataclass, replace
from typing import List, Optional

from pto_mlir import builder as b
from pto_mlir import lang as pto
from pto_mlir.ir import Module


@dataclass(frozen=True)
class Dims:
    """The sizes (elements, tokens, bytes) the hand-written code is compiled
    for: Qwen3-14B, 16 sequences; the tile and split counts are fixed."""

    layers: int = 40
    batch: int = 16
    heads: int = 40
    head_dim: int = 128
    kv_dim: int = 1024          # 8 KV heads x 128
    tile: int = 1024            # output columns of a tile
    rope_positions: int = 5500
    tiling_bytes: int = 27840
    workspace_bytes: int = 66132544

    @property
    def hidden(self) -> int:
        return HIDDEN_TILES * self.tile

    @property
    def intermediate(self) -> int:
        return INTER_TILES * self.tile


#: Column tiles of the hidden size and of the intermediate size.
HIDDEN_TILES, INTER_TILES = 5, 17
#: o_proj: K splits, and the tiles launched one by one (the rest: one SPMD
#: task); gate/up: the columns one SPMD task per K split computes.
O_PROJ_SPLITS, O_PROJ_DIRECT_TILES, MLP_SPMD_COLUMNS = 10, 26, 6

QWEN3_14B = Dims()
#: The same structure at sizes the simulator runs with contents.
SMALL = Dims(layers=2, batch=2, heads=5, head_dim=2, kv_dim=2, tile=2, rope_positions=4,
             tiling_bytes=8, workspace_bytes=8)


def build(dims: Optional[Dims] = None) -> Module:
    """The verified module (tensormap_and_ringbuffer) at ``dims``
    (default :data:`QWEN3_14B`)."""
    return pto.module(_program(dims or QWEN3_14B), runtime="tensormap_and_ringbuffer")


def _numbered(stem: str, n: int) -> str:
    """The hand-written kernel names: stem, stem_0, stem_1, ..."""
    return stem if n == 0 else f"{stem}_{n - 1}"


def _program(d: Dims) -> pto.OrchestrationFunction:
    B, H, I, D, T, L, KV = (d.batch, d.hidden, d.intermediate, d.head_dim, d.tile, d.layers,
                            d.kv_dim)
    split = H // O_PROJ_SPLITS
    HID_F32, HID_BF16 = pto.Tensor[[B, H], pto.f32], pto.Tensor[[B, H], pto.bf16]
    INTER_F32, INTER_BF16 = pto.Tensor[[B, I], pto.f32], pto.Tensor[[B, I], pto.bf16]
    KV_F32, COLUMN = pto.Tensor[[B, KV], pto.f32], pto.Tensor[[B, 1], pto.f32]
    HEADS_BF16 = pto.Tensor[[B, d.heads, D], pto.bf16]
    # Stacked over the layers: a kernel reads layer i's rows at the offset
    # it is given.
    WQ, WKV = pto.Tensor[[L * H, H], pto.bf16], pto.Tensor[[L * H, KV], pto.bf16]
    W_IN, W_DOWN = pto.Tensor[[L * H, I], pto.bf16], pto.Tensor[[L * I, H], pto.bf16]
    GAMMA, HEAD_GAMMA = pto.Tensor[[L, H], pto.f32], pto.Tensor[[L, D], pto.f32]
    HEAD_NORM_ROW = pto.Tensor[[1, D], pto.f32]
    # Read off the arguments at run time: the cache rows, the block table.
    CACHE, BLOCK_TABLE = pto.Tensor[[None, D], pto.bf16], pto.Tensor[[None], pto.i32]
    PER_SEQ, ROPE = pto.Tensor[[B], pto.i32], pto.Tensor[[d.rope_positions, D], pto.f32]
    METADATA = pto.Tensor[[d.tiling_bytes], pto.ui8]
    WORKSPACE = pto.Tensor[[d.workspace_bytes], pto.ui8]

    # -- Kernels, in the order of their ids. Scalars are element offsets.

    @pto.kernel(core="aiv", name="paged_attention_tiling_cce")
    def pa_tiling(seq_lens: PER_SEQ, metadata: pto.Out[METADATA], max_blocks: pto.i32,
                  num_pages: pto.i32): ...

    @pto.kernel(core="aiv")
    def copy_hidden(cur: pto.Out[HID_F32], hidden_states: HID_BF16, row: pto.Index): ...

    @pto.kernel(core="aiv")
    def x_gamma0(normed: pto.Out[HID_BF16], cur: HID_F32, gamma: GAMMA): ...

    @pto.kernel(core="aiv")
    def attn_out_seed(attn_out: HID_BF16): ...

    @pto.kernel(core="aiv")
    def rms_recip(cur: HID_F32, inv_rms: pto.InOut[COLUMN, pto.overwrites]): ...

    @pto.kernel(core="aiv")
    def q_seed(q: pto.InOut[HID_F32, pto.overwrites]): ...

    @pto.kernel(core="aic")
    def q_proj(q: pto.InOut[HID_F32], normed: HID_BF16, wq: WQ, row: pto.Index): ...

    @pto.kernel(core="aiv")
    def kv_seed(k: pto.InOut[KV_F32, pto.overwrites], v: pto.InOut[KV_F32, pto.overwrites]): ...

    @pto.kernel(core="aiv")
    def mlp_out_seed(down_acc: pto.InOut[HID_F32, pto.overwrites],
                     gate_acc: pto.InOut[INTER_F32, pto.overwrites],
                     up_acc: pto.InOut[INTER_F32, pto.overwrites],
                     attn_proj: pto.InOut[HID_F32, pto.overwrites]): ...

    @pto.kernel(core="aic")
    def k_proj(k: pto.InOut[KV_F32], normed: HID_BF16, wk: WKV, row: pto.Index): ...

    @pto.kernel(core="aic")
    def v_proj(v: pto.InOut[KV_F32], normed: HID_BF16, wv: WKV, row: pto.Index): ...

    def attention_signature(
            attn_out: pto.InOut[HEADS_BF16, pto.overwrites],
            q_heads: pto.InOut[HEADS_BF16, pto.overwrites], k_cache: pto.InOut[CACHE],
            v_cache: pto.InOut[CACHE], block_table: BLOCK_TABLE,
            workspace: pto.InOut[WORKSPACE], metadata: pto.InOut[METADATA], q: HID_F32,
            k: KV_F32, v: KV_F32, q_norm_w: HEAD_NORM_ROW, k_norm_w: HEAD_NORM_ROW,
            rope_cos: ROPE, rope_sin: ROPE, inv_rms: COLUMN, slot_mapping: PER_SEQ,
            seq_lens: PER_SEQ, cache_row: pto.Index): ...

    attention = pto.kernel(attention_signature, core="mixed", name="paged_attention_rope_cce",
                           lanes=[pto.kernel(attention_signature, core="aic",
                                             name="paged_attention_rope_cce_aic"),
                                  *[pto.kernel(attention_signature, core="aiv",
                                               name="paged_attention_rope_cce_aiv")] * 2])

    @pto.kernel(core="aic")
    def out_proj(attn_out: HID_BF16, wo: WQ, attn_proj: pto.InOut[HID_F32], k_off: pto.Index,
                 row: pto.Index, n_off: pto.Index): ...

    @pto.kernel(core="aic", name="out_proj_0")
    def out_proj_rest(attn_out: HID_BF16, wo: WQ, attn_proj: pto.InOut[HID_F32],
                      first_tile: pto.Index, row: pto.Index): ...

    def residual_rms_cast_signature(
            mlp_norm_in: pto.InOut[HID_BF16], post_norm_partial: pto.InOut[HID_F32],
            attn_proj: HID_F32, cur: HID_F32, post_rms_w: GAMMA, k_off: pto.Index,
            layer: pto.Index): ...

    residual_rms_cast = [pto.kernel(residual_rms_cast_signature, core="aiv",
                                    name=_numbered("residual_rms_cast", n))
                         for n in range(HIDDEN_TILES)]

    @pto.kernel(core="aiv")
    def post_rms_reduce(attn_proj: HID_F32, cur: HID_F32,
                        inv_rms: pto.InOut[COLUMN, pto.overwrites]): ...

    def projection_signature(x: HID_BF16, w: W_IN, acc: pto.InOut[INTER_F32],
                             k_off: pto.Index, row: pto.Index): ...

    gate_proj, up_proj = [], []
    for n in range(HIDDEN_TILES):
        gate_proj.append(pto.kernel(projection_signature, core="aic",
                                    name=_numbered("gate_proj", n)))
        up_proj.append(pto.kernel(projection_signature, core="aic",
                                  name=_numbered("up_proj", n)))

    def projection_tile_signature(x: HID_BF16, w: W_IN, acc: pto.InOut[INTER_F32],
                                  k_off: pto.Index, row: pto.Index, n_off: pto.Index): ...

    gate_proj_tile = pto.kernel(projection_tile_signature, core="aic", name="gate_proj_4")
    up_proj_tile = pto.kernel(projection_tile_signature, core="aic", name="up_proj_4")

    @pto.kernel(core="aiv")
    def silu(inv_rms: COLUMN, mlp: pto.InOut[INTER_BF16], gate_acc: INTER_F32,
             up_acc: INTER_F32, n_off: pto.Index): ...

    @pto.kernel(core="aic")
    def down_proj(mlp: INTER_BF16, w_down: W_DOWN, down_acc: pto.InOut[HID_F32],
                  k_off: pto.Index, row: pto.Index, n_off: pto.Index): ...

    @pto.kernel(core="aiv")
    def dcr_xgamma(down_acc: HID_F32, post_norm_partial: HID_F32,
                   next_hidden: pto.InOut[HID_F32, pto.overwrites], gamma: GAMMA,
                   next_normed: pto.InOut[HID_BF16, pto.overwrites], gamma_row: pto.Index): ...

    @pto.kernel(core="aiv")
    def copy_out(out: pto.Out[HID_BF16], hidden: HID_F32, row: pto.Index): ...

    @pto.orchestration
    def decode_fwd_layers(
            hidden_states: HID_BF16, input_rms_weight: GAMMA, wq: WQ, wk: WKV, wv: WKV,
            q_norm_weight: HEAD_GAMMA, k_norm_weight: HEAD_GAMMA, seq_lens: PER_SEQ,
            block_table: BLOCK_TABLE, slot_mapping: PER_SEQ, rope_cos: ROPE, rope_sin: ROPE,
            k_cache: pto.InOut[CACHE], v_cache: pto.InOut[CACHE], wo: WQ, w_gate: W_IN,
            w_up: W_IN, w_down: W_DOWN, post_rms_weight: GAMMA, out: pto.Out[HID_BF16]):
        pa_metadata = pto.create([d.tiling_bytes], pto.ui8)
        pa_workspace = pto.create([d.workspace_bytes], pto.ui8)
        cur = pto.create([B, H], pto.f32)
        normed = pto.create([B, H], pto.bf16)
        # The tiling reads the cache geometry off the arguments.
        num_pages = pto.i32(k_cache.shape[0] // (L * KV))
        max_blocks = pto.i32(block_table.shape[0] // B)
        pa_metadata, t_tiling = pto.submit(pa_tiling, seq_lens, pa_metadata, max_blocks,
                                           num_pages, blocks=1, allow_early_resolve=True)
        pto.task_dummy()
        for row in pto.range(0, B, B):
            with pto.scope():
                cur, t_copy = pto.submit(copy_hidden, cur, hidden_states, row)
                cur = pto.set_owner(cur, t_copy)
        with pto.scope(manual=True):
            normed, t_norm = pto.submit(x_gamma0, normed, cur, input_rms_weight,
                                        deps=[pto.owner_task_id(cur)], blocks=5,
                                        allow_early_resolve=True)
            # A task id cannot leave its scope; the tensor carries it.
            normed = pto.set_owner(normed, t_norm)

        for i in pto.range(L):
            with pto.scope():
                next_hidden = pto.create([B, H], pto.f32)
                next_normed = pto.create([B, H], pto.bf16)
                inv_rms = pto.create([B, 1], pto.f32)
                q = pto.create([B, H], pto.f32)
                k = pto.create([B, KV], pto.f32)
                v = pto.create([B, KV], pto.f32)
                q_heads_flat = pto.create([B * d.heads, D], pto.bf16)
                attn_out = pto.create([B, H], pto.bf16)
                down_acc = pto.create([B, H], pto.f32)
                gate_acc = pto.create([B, I], pto.f32)
                up_acc = pto.create([B, I], pto.f32)
                attn_proj = pto.create([B, H], pto.f32)
                post_norm_partial = pto.create([B, H], pto.f32)
                mlp_norm_in = pto.create([B, H], pto.bf16)
                inv_rms_tile = pto.create([B, 1], pto.f32)
                mlp = pto.create([B, I], pto.bf16)
                hidden_row, inter_row = i * H, i * I
                cache_row = i * (k_cache.shape[0] // L)
                q_norm_w = q_norm_weight[i:i + 1, :]
                k_norm_w = k_norm_weight[i:i + 1, :]

                with pto.scope(manual=True):
                    prev = pto.owner_task_id(normed)
                    fence = pto.task_dummy()
                    (t_attn_seed,) = pto.submit(attn_out_seed, attn_out,
                                                allow_early_resolve=True)
                    inv_rms, t_rms = pto.submit(rms_recip, cur, inv_rms, deps=[prev, fence],
                                                allow_early_resolve=True)
                    q, t_q_seed = pto.submit(q_seed, q, allow_early_resolve=True)
                    q, t_q = pto.submit(q_proj, q, normed, wq, hidden_row,
                                        deps=[prev, t_q_seed], blocks=50,
                                        allow_early_resolve=True)
                    k, v, t_kv_seed = pto.submit(kv_seed, k, v, deps=[prev, fence])
                    down_acc, gate_acc, up_acc, attn_proj, t_mlp_seed = pto.submit(
                        mlp_out_seed, down_acc, gate_acc, up_acc, attn_proj,
                        deps=[prev, fence], allow_early_resolve=True)
                    k, t_k = pto.submit(k_proj, k, normed, wk, hidden_row, deps=[t_kv_seed],
                                        blocks=10, allow_early_resolve=True)
                    v, t_v = pto.submit(v_proj, v, normed, wv, hidden_row, deps=[t_kv_seed],
                                        blocks=10, allow_early_resolve=True)

                    q_heads = pto.reshape(q_heads_flat, [B, d.heads, D])
                    attn_heads = pto.reshape(attn_out, [B, d.heads, D])
                    attn_heads, q_heads, k_cache, v_cache, pa_workspace, pa_metadata, t_attn = \
                        pto.submit(attention, attn_heads, q_heads, k_cache, v_cache,
                                   block_table, pa_workspace, pa_metadata, q, k, v, q_norm_w,
                                   k_norm_w, rope_cos, rope_sin, inv_rms, slot_mapping,
                                   seq_lens, cache_row,
                                   deps=[t_q, t_k, t_v, t_rms, t_tiling, t_attn_seed,
                                         t_mlp_seed],
                                   blocks=24, require_sync_start=True,
                                   allow_early_resolve=True)
                    attn_out = pto.reshape(attn_heads, [B, H])
                    attn_fence = pto.task_dummy([t_attn])

                    # o_proj: tile j is output columns (j // 5) * 512, K split
                    # j % 5; the first 26 one by one, the other 24 as one SPMD
                    # task (in each of their slots of out_ids).
                    tiles = O_PROJ_SPLITS * HIDDEN_TILES
                    out_ids = pto.task_id_array(tiles)
                    for j in pto.range(O_PROJ_DIRECT_TILES):
                        attn_proj, t = pto.submit(out_proj, attn_out, wo, attn_proj,
                                                  j % HIDDEN_TILES * T, hidden_row,
                                                  j // HIDDEN_TILES * split,
                                                  deps=[attn_fence])
                        out_ids = pto.array_update(out_ids, j, t)
                    attn_proj, t_rest = pto.submit(out_proj_rest, attn_out, wo, attn_proj,
                                                   O_PROJ_DIRECT_TILES, hidden_row,
                                                   deps=[t_attn],
                                                   blocks=tiles - O_PROJ_DIRECT_TILES)
                    for j in range(O_PROJ_DIRECT_TILES, tiles):
                        out_ids = pto.array_update(out_ids, j, t_rest)

                    # The residual and post-attention RMSNorm per K split of
                    # 1024 columns, after the o_proj tiles of two splits.
                    per_column = tiles // HIDDEN_TILES
                    cast_ids = []
                    for n in range(HIDDEN_TILES):
                        mlp_norm_in, post_norm_partial, t = pto.submit(
                            residual_rms_cast[n], mlp_norm_in, post_norm_partial, attn_proj,
                            cur, post_rms_weight, n * T, i,
                            deps=[pto.array_get(out_ids, j)
                                  for j in range(n * per_column, (n + 1) * per_column)],
                            allow_early_resolve=True)
                        cast_ids.append(t)
                    inv_rms_tile, t_reduce = pto.submit(post_rms_reduce, attn_proj, cur,
                                                        inv_rms_tile, deps=[out_ids])

                    # Gate and up: per K split a fence for its tiles and one
                    # SPMD task for the first output columns; then the tiles.
                    gate_fences = pto.task_id_array(HIDDEN_TILES)
                    up_fences = pto.task_id_array(HIDDEN_TILES)
                    gate_ids = pto.task_id_array(INTER_TILES * HIDDEN_TILES)
                    up_ids = pto.task_id_array(INTER_TILES * HIDDEN_TILES)
                    for ks in range(HIDDEN_TILES):
                        gate_fences = pto.array_update(gate_fences, ks,
                                                       pto.task_dummy([cast_ids[ks]]))
                        up_fences = pto.array_update(up_fences, ks,
                                                     pto.task_dummy([cast_ids[ks]]))
                        gate_acc, t_gate = pto.submit(gate_proj[ks], mlp_norm_in, w_gate,
                                                      gate_acc, ks * T, hidden_row,
                                                      deps=[cast_ids[ks]],
                                                      blocks=MLP_SPMD_COLUMNS)
                        up_acc, t_up = pto.submit(up_proj[ks], mlp_norm_in, w_up, up_acc,
                                                  ks * T, hidden_row, deps=[cast_ids[ks]],
                                                  blocks=MLP_SPMD_COLUMNS)
                        for n in range(MLP_SPMD_COLUMNS):
                            gate_ids = pto.array_update(gate_ids, n * HIDDEN_TILES + ks, t_gate)
                            up_ids = pto.array_update(up_ids, n * HIDDEN_TILES + ks, t_up)
                    for n in pto.range(MLP_SPMD_COLUMNS, INTER_TILES):
                        for ks in pto.range(HIDDEN_TILES):
                            gate_acc, t = pto.submit(gate_proj_tile, mlp_norm_in, w_gate,
                                                     gate_acc, ks * T, hidden_row, n * T,
                                                     deps=[pto.array_get(gate_fences, ks)])
                            gate_ids = pto.array_update(gate_ids, n * HIDDEN_TILES + ks, t)
                            up_acc, t = pto.submit(up_proj_tile, mlp_norm_in, w_up, up_acc,
                                                   ks * T, hidden_row, n * T,
                                                   deps=[pto.array_get(up_fences, ks)])
                            up_ids = pto.array_update(up_ids, n * HIDDEN_TILES + ks, t)

                    # SiLU per output column, after the RMS and every K split.
                    silu_ids = pto.task_id_array(INTER_TILES)
                    for n in pto.range(INTER_TILES):
                        mlp, t = pto.submit(
                            silu, inv_rms_tile, mlp, gate_acc, up_acc, n * T,
                            deps=[t_reduce,
                                  *[pto.array_get(gate_ids, n * HIDDEN_TILES + ks)
                                    for ks in range(HIDDEN_TILES)],
                                  *[pto.array_get(up_ids, n * HIDDEN_TILES + ks)
                                    for ks in range(HIDDEN_TILES)]])
                        silu_ids = pto.array_update(silu_ids, n, t)

                    # The down projection: tile (n, ks) after SiLU column ks.
                    down_ids = pto.task_id_array(HIDDEN_TILES * INTER_TILES)
                    for n in pto.range(HIDDEN_TILES):
                        for ks in pto.range(INTER_TILES):
                            down_acc, t = pto.submit(down_proj, mlp, w_down, down_acc, ks * T,
                                                     inter_row, n * T, deps=[pto.array_get(silu_ids, ks)],
                                                     allow_early_resolve=True)
                            down_ids = pto.array_update(down_ids, n * INTER_TILES + ks, t)


                # The residual and the next layer's input RMSNorm (the last
                # layer reuses its own weight row), after the scope: in the
                # layer's auto scope it holds the layer's buffers until it
                # is done, and every task of the scope is ordered before it.
                next_hidden, next_normed, t_dcr = pto.submit(
                    dcr_xgamma, down_acc, post_norm_partial, next_hidden, input_rms_weight,
                    next_normed, min(i + 1, L - 1), deps=[down_ids], blocks=5,
                    allow_early_resolve=True)
                cur, normed = next_hidden, pto.set_owner(next_normed, t_dcr)

        for row in pto.range(0, B, B):
            with pto.scope():
                out = copy_out(out, cur, row)

    return decode_fwd_layers


HEADER = """\
// Generated by examples/simpler/tensormap_and_ringbuffer/qwen3_14b_decode/model.py.
"""


def main(argv: Optional[List[str]] = None) -> int:
    return b.example_main(build, QWEN3_14B, SMALL, HEADER, argv,
                          description=__doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
