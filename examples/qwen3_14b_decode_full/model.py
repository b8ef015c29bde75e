#!/usr/bin/env python3
"""The Qwen3-14B decode step with the task structure of the runtime's
hand-written host_build_graph orchestration, as a PTO program.

The public PTO runtime ships a hand-written orchestration of this step
(``examples/a2a3/host_build_graph/qwen3_14b_decode`` in hw-native-sys/simpler):
one decoder layer recorded as a Graph and replayed for the other 39, its
matmuls split into SPMD tasks and tiles, its RMSNorms fused across layers,
its attention one mixed task. This program has that layer's task structure
(``docs/qwen3.md`` compares the two row by row), written the way a user first
writes it: the Graph ``@decoder_layer`` takes the stacked weights of all
layers and the layer index, views its own rows inside the body, and creates
every intermediate inside the body. The legalize pipeline makes that
replay-safe: the views become Graph parameters computed at the call site,
the intermediates two arenas (one per element type) that the caller
allocates once, before the layer loop.

The step (``@decode_step``):

* prologue: the paged-attention tiling task, a fence, the copy of the
  hidden state into f32 and the first layer's input RMSNorm (``x_gamma0``,
  5 blocks) in a manual scope;
* 40 launches of ``@decoder_layer`` from a loop that ping-pongs two pairs of
  (hidden f32, normed bf16) buffers: a layer reads one pair and writes the
  other. The normed input carries the id of the task that produced it as
  its owner (``pto.set_owner``); inside the Graph the manual scope waits
  for it (``pto.owner_task_id``), the only dependency a recorded Graph may
  have on a task outside it;
* epilogue: the copy of the last hidden state to the bf16 output.

A layer (277 recorded nodes), one manual scope:

* seeds of the accumulators, the reciprocal RMS, the q, k and v
  projections (SPMD: 50, 10 and 10 blocks);
* attention: one mixed task (AIC ``attention_cube``, AIV
  ``attention_vector`` on both lanes; 24 blocks, synchronized start) over
  the q and attention output reshaped to [batch, heads, head_dim];
* o_proj: 26 tiles (5 output columns x 10 K splits, the first 26) and one
  SPMD task of 24 blocks for the other 24; the residual and post-attention
  RMSNorm in 5 column tasks and a reduction;
* gate and up projections: per K split one SPMD task of 6 blocks (output
  columns 0-5) and, for columns 6-16, one tile per K split (55 each), each
  tile after a fence of its K split; SiLU in 17 column tasks; the down
  projection in 85 tiles (5 output columns x 17 K splits);
* last, after the manual scope, the residual and the next layer's input
  RMSNorm, fused (``dcr_xgamma``, 5 blocks), after all 85 down tiles.

Kernels are opaque; their scalars are element offsets of the tile they
compute. Run as a script to print the module (what
``qwen3_14b_decode_full.mlir`` holds).
"""

import sys
from dataclasses import dataclass, replace
from typing import List, Optional, Sequence

from pto_mlir import builder as b
from pto_mlir import lang as pto
from pto_mlir.ir import Module, Value


@dataclass(frozen=True)
class Dims:
    """Dimensions (elements, tokens, blocks) and the tiling.

    The defaults are those of the hand-written orchestration's fixture:
    Qwen3-14B, 16 sequences, a paged KV cache of 688 pages of 8 heads x 128
    tokens per layer, RoPE tables for 5500 positions.
    """

    layers: int = 40
    batch: int = 16
    heads: int = 40
    kv_heads: int = 8
    head_dim: int = 128
    tile: int = 1024          # output columns of a tile; hidden = 5 tiles
    inter_tiles: int = 17     # intermediate = 17 tiles
    block_size: int = 128     # tokens per KV cache block
    pages: int = 688          # KV cache pages per layer
    rope_positions: int = 5500
    tiling_bytes: int = 27840         # paged-attention tiling metadata
    workspace_bytes: int = 66132544   # paged-attention workspace

    def __post_init__(self):
        for name in ("layers", "batch", "heads", "kv_heads", "head_dim", "tile",
                     "inter_tiles", "block_size", "pages", "rope_positions",
                     "tiling_bytes", "workspace_bytes"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive int, got {value!r}")
        if self.heads * self.head_dim != self.hidden:
            raise ValueError(f"heads * head_dim ({self.heads * self.head_dim}) must equal "
                             f"hidden ({self.hidden} = {HIDDEN_TILES} tiles)")
        if self.hidden % O_PROJ_SPLITS:
            raise ValueError(f"hidden ({self.hidden}) must split into {O_PROJ_SPLITS} "
                             f"o_proj K splits")
        if self.pages % self.batch:
            raise ValueError(f"pages ({self.pages}) must be a multiple of batch "
                             f"({self.batch})")

    @property
    def hidden(self) -> int:
        return HIDDEN_TILES * self.tile

    @property
    def intermediate(self) -> int:
        return self.inter_tiles * self.tile

    @property
    def kv_dim(self) -> int:
        return self.kv_heads * self.head_dim

    @property
    def cache_rows(self) -> int:
        """KV cache rows per layer: pages x KV heads x tokens per block."""
        return self.pages * self.kv_heads * self.block_size

    @property
    def block_table(self) -> int:
        """Entries of the flat block table: pages (each sequence's blocks)."""
        return self.pages


#: Output-column tiles of the hidden size (5 x 1024 = 5120).
HIDDEN_TILES = 5
#: K splits of o_proj (of 512 rows each at full size) and the tiles
#: launched one by one; the remaining ones run as one SPMD task.
O_PROJ_SPLITS = 10
O_PROJ_DIRECT_TILES = 26
#: Output columns of the gate and up projections one SPMD task per K split
#: computes (6 blocks); columns from here on are tiles.
MLP_SPMD_COLUMNS = 6

#: The hand-written orchestration's fixture.
QWEN3_14B = Dims()

#: The same structure at sizes the record/replay model runs with contents.
SMALL = Dims(layers=3, batch=2, heads=5, kv_heads=1, head_dim=8, tile=8, block_size=4,
             pages=4, rope_positions=16, tiling_bytes=16, workspace_bytes=64)


def build(dims: Optional[Dims] = None, **overrides) -> Module:
    """Builds the decode-step module.

    Args:
        dims: the dimensions (default :data:`QWEN3_14B`).
        **overrides: fields of :class:`Dims` to change, e.g. ``layers=2``.

    Returns:
        the verified module (in the active Context, or a new one).

    Raises:
        ValueError: invalid dimensions.
        pto_mlir.lang.LangError: the module does not verify.
    """
    d = replace(dims or QWEN3_14B, **overrides)
    return pto.module(_program(d), runtime="host_build_graph")


def _numbered(stem: str, n: int) -> str:
    """The hand-written kernel names: stem, stem_0, stem_1, ..."""
    return stem if n == 0 else f"{stem}_{n - 1}"


def _unique(values: Sequence[Value]) -> List[Value]:
    out: List[Value] = []
    for v in values:
        if not any(v == u for u in out):
            out.append(v)
    return out


def _program(d: Dims) -> pto.OrchestrationFunction:
    """The program at dimensions ``d``: its kernels (defined in the order
    that gives them the hand-written kernel ids: ids are positions among the
    kernels with code of their own), the Graph and the entry."""
    B, H, I, D, T = d.batch, d.hidden, d.intermediate, d.head_dim, d.tile
    L, KV, NH = d.layers, d.kv_dim, d.heads
    split = H // O_PROJ_SPLITS

    HID_F32, HID_BF16 = pto.Tensor[[B, H], pto.f32], pto.Tensor[[B, H], pto.bf16]
    INTER_F32, INTER_BF16 = pto.Tensor[[B, I], pto.f32], pto.Tensor[[B, I], pto.bf16]
    KV_F32 = pto.Tensor[[B, KV], pto.f32]
    HEADS_BF16 = pto.Tensor[[B, NH, D], pto.bf16]
    COLUMN = pto.Tensor[[B, 1], pto.f32]
    NORM_ROW, HEAD_NORM_ROW = pto.Tensor[[1, H], pto.f32], pto.Tensor[[1, D], pto.f32]
    # Sizes the hand-written code reads off its inputs: the cache rows and
    # the block table's length (the fixture's page count).
    CACHE = pto.Tensor[[None, D], pto.bf16]
    PER_SEQ = pto.Tensor[[B], pto.i32]
    BLOCK_TABLE = pto.Tensor[[None], pto.i32]
    ROPE = pto.Tensor[[d.rope_positions, D], pto.f32]
    # The attention's byte buffers (the runtime's UINT8).
    METADATA = pto.Tensor[[d.tiling_bytes], pto.ui8]
    WORKSPACE = pto.Tensor[[d.workspace_bytes], pto.ui8]
    WQ, WKV = pto.Tensor[[H, H], pto.bf16], pto.Tensor[[H, KV], pto.bf16]
    WO, W_IN, W_DOWN = pto.Tensor[[H, H], pto.bf16], pto.Tensor[[H, I], pto.bf16], pto.Tensor[[I, H], pto.bf16]
    GAMMA = pto.Tensor[[L, H], pto.f32]

    # The column tile [0:B, n_off:n_off+T] of a [B, N] activation, n_off
    # the kernel's first scalar; of a [1, N] weight row (second scalar).
    column_tile = pto.window("()[s0] -> (0, s0)", f"() -> ({B}, {T})")
    row_tile = pto.window("()[s0, s1] -> (s1, s0)", f"() -> (1, {T})")

    # -- Kernels. An inout parameter marked pto.overwrites is written
    # without being read (the hand-written code passes it inout: a seed, or
    # a tile of it).

    @pto.kernel(core="aiv")
    def pa_tiling(seq_lens: PER_SEQ, metadata: pto.Out[METADATA],
                  max_blocks: pto.i32, num_pages: pto.i32): ...

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
    def q_proj(q: pto.InOut[HID_F32], normed: HID_BF16, wq: WQ, row_base: pto.Index): ...

    @pto.kernel(core="aiv")
    def kv_seed(k: pto.InOut[KV_F32, pto.overwrites], v: pto.InOut[KV_F32, pto.overwrites]): ...

    @pto.kernel(core="aiv")
    def mlp_out_seed(down_acc: pto.InOut[HID_F32, pto.overwrites],
                     gate_acc: pto.InOut[INTER_F32, pto.overwrites],
                     up_acc: pto.InOut[INTER_F32, pto.overwrites],
                     attn_proj: pto.InOut[HID_F32, pto.overwrites]): ...

    @pto.kernel(core="aic")
    def k_proj(k: pto.InOut[KV_F32], normed: HID_BF16, wk: WKV, row_base: pto.Index): ...

    @pto.kernel(core="aic")
    def v_proj(v: pto.InOut[KV_F32], normed: HID_BF16, wv: WKV, row_base: pto.Index): ...

    def attention_signature(
            attn_out: pto.InOut[HEADS_BF16, pto.overwrites],
            q_heads: pto.InOut[HEADS_BF16, pto.overwrites],
            k_cache: pto.InOut[CACHE], v_cache: pto.InOut[CACHE], block_table: BLOCK_TABLE,
            workspace: pto.InOut[WORKSPACE], metadata: pto.InOut[METADATA], q: HID_F32,
            k: KV_F32, v: KV_F32, q_norm_w: HEAD_NORM_ROW, k_norm_w: HEAD_NORM_ROW,
            rope_cos: ROPE, rope_sin: ROPE, inv_rms: COLUMN, slot_mapping: PER_SEQ,
            seq_lens: PER_SEQ, cache_base: pto.Index): ...

    attention_cube = pto.kernel(attention_signature, core="aic", name="attention_cube")
    attention_vector = pto.kernel(attention_signature, core="aiv", name="attention_vector")
    attention = pto.kernel(attention_signature, core="mixed", name="attention",
                           lanes=[attention_cube, attention_vector, attention_vector])

    def o_proj_signature(attn_out: HID_BF16, wo: WO, attn_proj: pto.InOut[HID_F32],
                         n_off: pto.Index, zero: pto.Index, k_off: pto.Index): ...

    def o_proj_rest_signature(attn_out: HID_BF16, wo: WO, attn_proj: pto.InOut[HID_F32],
                              first_tile: pto.Index, zero: pto.Index): ...

    out_proj = pto.kernel(o_proj_signature, core="aic", name="out_proj")
    out_proj_rest = pto.kernel(o_proj_rest_signature, core="aic", name="out_proj_0")

    # A column task: column n_off of the residual (attn_proj + cur) and of
    # its RMSNorm partial, weight row `row`.
    def residual_rms_cast_signature(
            mlp_norm_in: pto.InOut[HID_BF16, column_tile, pto.overwrites],
            post_norm_partial: pto.InOut[HID_F32, column_tile, pto.overwrites],
            attn_proj: pto.In[HID_F32, column_tile], cur: pto.In[HID_F32, column_tile],
            post_rms_w: pto.In[NORM_ROW, row_tile], n_off: pto.Index, row: pto.Index): ...

    residual_rms_cast = [pto.kernel(residual_rms_cast_signature, core="aiv",
                                    name=_numbered("residual_rms_cast", n))
                         for n in range(HIDDEN_TILES)]

    @pto.kernel(core="aiv")
    def post_rms_reduce(attn_proj: HID_F32, cur: HID_F32,
                        inv_rms: pto.InOut[COLUMN, pto.overwrites]): ...

    def projection_signature(x: HID_BF16, w: W_IN, acc: pto.InOut[INTER_F32],
                             k_off: pto.Index, zero: pto.Index): ...

    gate_proj, up_proj = [], []
    for n in range(HIDDEN_TILES):
        gate_proj.append(pto.kernel(projection_signature, core="aic",
                                    name=_numbered("gate_proj", n)))
        up_proj.append(pto.kernel(projection_signature, core="aic",
                                  name=_numbered("up_proj", n)))

    def projection_tile_signature(x: HID_BF16, w: W_IN, acc: pto.InOut[INTER_F32],
                                  k_off: pto.Index, zero: pto.Index, n_off: pto.Index): ...

    gate_proj_tile = pto.kernel(projection_tile_signature, core="aic", name="gate_proj_tile")
    up_proj_tile = pto.kernel(projection_tile_signature, core="aic", name="up_proj_tile")

    # SiLU of column n_off: gate and up read there, mlp written there.
    @pto.kernel(core="aiv")
    def silu(inv_rms: COLUMN, mlp: pto.InOut[INTER_BF16, column_tile, pto.overwrites],
             gate_acc: pto.In[INTER_F32, column_tile], up_acc: pto.In[INTER_F32, column_tile],
             n_off: pto.Index): ...

    @pto.kernel(core="aic")
    def down_proj(mlp: INTER_BF16, w_down: W_DOWN, down_acc: pto.InOut[HID_F32],
                  k_off: pto.Index, zero: pto.Index, n_off: pto.Index): ...

    @pto.kernel(core="aiv")
    def dcr_xgamma(down_acc: HID_F32, post_norm_partial: HID_F32,
                   next_hidden: pto.InOut[HID_F32, pto.overwrites], next_gamma: NORM_ROW,
                   next_normed: pto.InOut[HID_BF16, pto.overwrites], zero: pto.Index): ...

    @pto.kernel(core="aiv")
    def copy_out(out: pto.Out[HID_BF16], hidden: HID_F32, row: pto.Index): ...

    # -- One decoder layer, recorded once and replayed for the others. It
    # takes the stacked weights and caches of all layers and views its own
    # rows; its intermediates are created in the body.

    @pto.graph
    def decoder_layer(
            cur: HID_F32, normed: HID_BF16, next_hidden: pto.InOut[HID_F32],
            next_normed: pto.InOut[HID_BF16], input_rms_all: GAMMA,
            wq_all: pto.Tensor[[L * H, H], pto.bf16], wk_all: pto.Tensor[[L * H, KV], pto.bf16],
            wv_all: pto.Tensor[[L * H, KV], pto.bf16], q_norm_all: pto.Tensor[[L, D], pto.f32],
            k_norm_all: pto.Tensor[[L, D], pto.f32], seq_lens: PER_SEQ,
            block_table: BLOCK_TABLE, slot_mapping: PER_SEQ, rope_cos: ROPE, rope_sin: ROPE,
            k_cache_all: pto.InOut[CACHE], v_cache_all: pto.InOut[CACHE],
            wo_all: pto.Tensor[[L * H, H], pto.bf16], w_gate_all: pto.Tensor[[L * H, I], pto.bf16],
            w_up_all: pto.Tensor[[L * H, I], pto.bf16],
            w_down_all: pto.Tensor[[L * I, H], pto.bf16], post_rms_all: GAMMA,
            pa_workspace: pto.InOut[WORKSPACE], pa_metadata: pto.InOut[METADATA],
            layer_idx: pto.Index) -> (HID_F32, HID_BF16):
        zero = pto.index(0)
        # This layer's rows of the stacked weights and caches, and the next
        # layer's input norm weight (the last layer reuses its own).
        wq = wq_all[layer_idx * H:layer_idx * H + H, :]
        wk = wk_all[layer_idx * H:layer_idx * H + H, :]
        wv = wv_all[layer_idx * H:layer_idx * H + H, :]
        wo = wo_all[layer_idx * H:layer_idx * H + H, :]
        w_gate = w_gate_all[layer_idx * H:layer_idx * H + H, :]
        w_up = w_up_all[layer_idx * H:layer_idx * H + H, :]
        w_down = w_down_all[layer_idx * I:layer_idx * I + I, :]
        q_norm_w = q_norm_all[layer_idx:layer_idx + 1, :]
        k_norm_w = k_norm_all[layer_idx:layer_idx + 1, :]
        post_rms_w = post_rms_all[layer_idx:layer_idx + 1, :]
        next_layer = min(layer_idx + 1, L - 1)
        next_gamma = input_rms_all[next_layer:next_layer + 1, :]
        cache_rows = k_cache_all.shape[0] // L
        k_cache = k_cache_all[layer_idx * cache_rows:layer_idx * cache_rows + cache_rows, :]
        v_cache = v_cache_all[layer_idx * cache_rows:layer_idx * cache_rows + cache_rows, :]

        # Intermediates: f32 accumulators and bf16 activations.
        inv_rms = pto.create([B, 1], pto.f32)
        q = pto.create([B, H], pto.f32)
        k = pto.create([B, KV], pto.f32)
        v = pto.create([B, KV], pto.f32)
        q_heads_flat = pto.create([B * NH, D], pto.bf16)
        attn_out = pto.create([B, H], pto.bf16)
        down_acc = pto.create([B, H], pto.f32)
        gate_acc = pto.create([B, I], pto.f32)
        up_acc = pto.create([B, I], pto.f32)
        attn_proj = pto.create([B, H], pto.f32)
        post_norm_partial = pto.create([B, H], pto.f32)
        mlp_norm_in = pto.create([B, H], pto.bf16)
        inv_rms_tile = pto.create([B, 1], pto.f32)
        mlp = pto.create([B, I], pto.bf16)

        with pto.scope(manual=True):
            prev = pto.owner_task_id(normed)
            fence = pto.task_dummy()
            (t_attn_seed,) = pto.submit(attn_out_seed, attn_out, allow_early_resolve=True)
            inv_rms, t_rms = pto.submit(rms_recip, cur, inv_rms, deps=[prev, fence],
                                        allow_early_resolve=True)
            q, t_q_seed = pto.submit(q_seed, q, allow_early_resolve=True)
            q, t_q = pto.submit(q_proj, q, normed, wq, zero, deps=[prev, t_q_seed], blocks=50,
                                allow_early_resolve=True)
            k, v, t_kv_seed = pto.submit(kv_seed, k, v, deps=[prev, fence])
            down_acc, gate_acc, up_acc, attn_proj, t_mlp_seed = pto.submit(
                mlp_out_seed, down_acc, gate_acc, up_acc, attn_proj, deps=[prev, fence],
                allow_early_resolve=True)
            k, t_k = pto.submit(k_proj, k, normed, wk, zero, deps=[t_kv_seed], blocks=10,
                                allow_early_resolve=True)
            v, t_v = pto.submit(v_proj, v, normed, wv, zero, deps=[t_kv_seed], blocks=10,
                                allow_early_resolve=True)

            # Attention over [batch, heads, head_dim] views of q and the output.
            attn_heads = pto.reshape(attn_out, [B, NH, D])
            q_heads = pto.reshape(q_heads_flat, [B, NH, D])
            attn_heads, q_heads, k_cache, v_cache, pa_workspace, pa_metadata, t_attn = \
                pto.submit(attention, attn_heads, q_heads, k_cache, v_cache, block_table,
                           pa_workspace, pa_metadata, q, k, v, q_norm_w, k_norm_w, rope_cos,
                           rope_sin, inv_rms, slot_mapping, seq_lens, zero,
                           deps=[t_q, t_k, t_v, t_rms, t_attn_seed, t_mlp_seed], blocks=24,
                           allow_early_resolve=True, require_sync_start=True)
            attn_out = pto.reshape(attn_heads, [B, H])
            attn_fence = pto.task_dummy([t_attn])

            # o_proj: tile i is output columns n = i % 5 and K split
            # ks = i // 5; the first 26 tiles one by one, the other 24 as one
            # SPMD task. out_ids holds a task per tile (the SPMD task in each
            # of its slots).
            tiles = O_PROJ_SPLITS * HIDDEN_TILES
            out_ids = pto.task_id_array(tiles)
            for i in pto.range(O_PROJ_DIRECT_TILES):
                attn_proj, t = pto.submit(out_proj, attn_out, wo, attn_proj,
                                          i % HIDDEN_TILES * T, zero,
                                          i // HIDDEN_TILES * split, deps=[attn_fence])
                out_ids = pto.array_update(out_ids, i, t)
            rest = tiles - O_PROJ_DIRECT_TILES
            attn_proj, t_rest = pto.submit(out_proj_rest, attn_out, wo, attn_proj,
                                           O_PROJ_DIRECT_TILES, zero, deps=[t_attn],
                                           blocks=rest)
            for i in pto.range(O_PROJ_DIRECT_TILES, tiles):
                out_ids = pto.array_update(out_ids, i, t_rest)

            # Residual and post-attention RMSNorm per output column (each
            # task writes its column of the whole tensors: the kernel's
            # window at offset n * T), then the reduction of the RMS.
            per_column = tiles // HIDDEN_TILES
            rrc_ids = []
            for n in range(HIDDEN_TILES):
                mlp_norm_in, post_norm_partial, t = pto.submit(
                    residual_rms_cast[n], mlp_norm_in, post_norm_partial, attn_proj, cur,
                    post_rms_w, n * T, zero,
                    deps=[pto.array_get(out_ids, j)
                          for j in range(n * per_column, (n + 1) * per_column)],
                    allow_early_resolve=True)
                rrc_ids.append(t)
            inv_rms_tile, t_reduce = pto.submit(post_rms_reduce, attn_proj, cur, inv_rms_tile,
                                                deps=[out_ids])

            # Gate and up projections: per K split, one SPMD task for the
            # first output columns and fences for that split's tiles; then
            # the tiles of the other columns. gate_ids / up_ids hold the task
            # that computes each (column, K split), the SPMD task for the
            # first columns.
            columns = d.inter_tiles * HIDDEN_TILES
            gate_fences = pto.task_id_array(HIDDEN_TILES)
            up_fences = pto.task_id_array(HIDDEN_TILES)
            gate_ids = pto.task_id_array(columns)
            up_ids = pto.task_id_array(columns)
            for ks in range(HIDDEN_TILES):
                gate_fences = pto.array_update(gate_fences, ks, pto.task_dummy([rrc_ids[ks]]))
                up_fences = pto.array_update(up_fences, ks, pto.task_dummy([rrc_ids[ks]]))
                gate_acc, t_gate = pto.submit(gate_proj[ks], mlp_norm_in, w_gate, gate_acc,
                                              ks * T, zero, deps=[rrc_ids[ks]],
                                              blocks=MLP_SPMD_COLUMNS)
                up_acc, t_up = pto.submit(up_proj[ks], mlp_norm_in, w_up, up_acc, ks * T, zero,
                                          deps=[rrc_ids[ks]], blocks=MLP_SPMD_COLUMNS)
                for n in range(MLP_SPMD_COLUMNS):
                    gate_ids = pto.array_update(gate_ids, n * HIDDEN_TILES + ks, t_gate)
                    up_ids = pto.array_update(up_ids, n * HIDDEN_TILES + ks, t_up)
            for n in pto.range(MLP_SPMD_COLUMNS, d.inter_tiles):
                for ks in pto.range(HIDDEN_TILES):
                    gate_acc, t = pto.submit(gate_proj_tile, mlp_norm_in, w_gate, gate_acc,
                                             ks * T, zero, n * T,
                                             deps=[pto.array_get(gate_fences, ks)])
                    gate_ids = pto.array_update(gate_ids, n * HIDDEN_TILES + ks, t)
                    up_acc, t = pto.submit(up_proj_tile, mlp_norm_in, w_up, up_acc, ks * T,
                                           zero, n * T, deps=[pto.array_get(up_fences, ks)])
                    up_ids = pto.array_update(up_ids, n * HIDDEN_TILES + ks, t)

            # SiLU per output column, after the RMS and every K split of it.
            silu_ids = pto.task_id_array(d.inter_tiles)
            for n in pto.range(d.inter_tiles):
                mlp, t = pto.submit(
                    silu, inv_rms_tile, mlp, gate_acc, up_acc, n * T,
                    deps=[t_reduce,
                          *[pto.array_get(gate_ids, n * HIDDEN_TILES + ks)
                            for ks in range(HIDDEN_TILES)],
                          *[pto.array_get(up_ids, n * HIDDEN_TILES + ks)
                            for ks in range(HIDDEN_TILES)]])
                silu_ids = pto.array_update(silu_ids, n, t)

            # The down projection: tile (n, k) waits for SiLU column k.
            down_ids = pto.task_id_array(HIDDEN_TILES * d.inter_tiles)
            for n in pto.range(HIDDEN_TILES):
                for ks in pto.range(d.inter_tiles):
                    down_acc, t = pto.submit(down_proj, mlp, w_down, down_acc, ks * T, zero,
                                             n * T, deps=[pto.array_get(silu_ids, ks)],
                                             allow_early_resolve=True)
                    down_ids = pto.array_update(down_ids, n * d.inter_tiles + ks, t)
        # The residual and the next layer's input RMSNorm, fused, after the
        # scope and every down tile.
        next_hidden, next_normed, _ = pto.submit(
            dcr_xgamma, down_acc, post_norm_partial, next_hidden, next_gamma,
            next_normed, zero, deps=[down_ids], blocks=5, allow_early_resolve=True)
        return next_hidden, next_normed

    # -- The step: the prologue, 40 layers ping-ponging two (hidden,
    # normed) pairs, the epilogue.

    @pto.orchestration
    def decode_step(
            hidden_states: HID_BF16, input_rms_weight: GAMMA,
            wq: pto.Tensor[[L * H, H], pto.bf16], wk: pto.Tensor[[L * H, KV], pto.bf16],
            wv: pto.Tensor[[L * H, KV], pto.bf16], q_norm_weight: pto.Tensor[[L, D], pto.f32],
            k_norm_weight: pto.Tensor[[L, D], pto.f32], seq_lens: PER_SEQ,
            block_table: BLOCK_TABLE, slot_mapping: PER_SEQ, rope_cos: ROPE, rope_sin: ROPE,
            k_cache: pto.InOut[CACHE], v_cache: pto.InOut[CACHE],
            wo: pto.Tensor[[L * H, H], pto.bf16], w_gate: pto.Tensor[[L * H, I], pto.bf16],
            w_up: pto.Tensor[[L * H, I], pto.bf16], w_down: pto.Tensor[[L * I, H], pto.bf16],
            post_rms_weight: GAMMA, out: pto.Out[HID_BF16]):
        # Inputs of every layer: the stacked weights and caches of all
        # layers (a layer views its rows) and the step's inputs.
        stacked = [input_rms_weight, wq, wk, wv, q_norm_weight, k_norm_weight, seq_lens,
                   block_table, slot_mapping, rope_cos, rope_sin, k_cache, v_cache, wo, w_gate,
                   w_up, w_down, post_rms_weight]
        pa_metadata = pto.create([d.tiling_bytes], pto.ui8)
        pa_workspace = pto.create([d.workspace_bytes], pto.ui8)
        cur = pto.create([B, H], pto.f32)
        normed = pto.create([B, H], pto.bf16)
        # The tiling reads the cache geometry off the arguments.
        max_blocks = pto.i32(block_table.shape[0] // B)
        num_pages = pto.i32(k_cache.shape[0] // (L * d.kv_heads * d.block_size))
        pa_metadata = pa_tiling(seq_lens, pa_metadata, max_blocks, num_pages, blocks=1,
                                allow_early_resolve=True)
        pto.task_dummy()
        cur, t_copy = pto.submit(copy_hidden, cur, hidden_states, 0)
        with pto.scope(manual=True):
            normed, t_norm = pto.submit(x_gamma0, normed, cur, input_rms_weight, deps=[t_copy],
                                        blocks=5, allow_early_resolve=True)
            # The first layer waits for the norm through its input's owner
            # (a task id cannot leave its scope; the tensor can).
            normed = pto.set_owner(normed, t_norm)
        # The other (hidden, normed) pair; layers alternate between the two.
        next_hidden = pto.create([B, H], pto.f32)
        next_normed = pto.create([B, H], pto.bf16)
        hidden = cur
        for layer in pto.range(L):
            hidden, normed, next_hidden, next_normed = (
                *decoder_layer(hidden, normed, next_hidden, next_normed, *stacked,
                               pa_workspace, pa_metadata, layer),
                hidden, normed)
        copy_out(out, hidden, 0)

    return decode_step


HEADER = """\
// Generated by examples/qwen3_14b_decode_full/model.py: do not edit.
// Regenerate with: python examples/qwen3_14b_decode_full/model.py -o examples/qwen3_14b_decode_full/qwen3_14b_decode_full.mlir
"""


def main(argv: Optional[List[str]] = None) -> int:
    return b.example_main(build, QWEN3_14B, SMALL, HEADER, argv,
                          description=__doc__.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
