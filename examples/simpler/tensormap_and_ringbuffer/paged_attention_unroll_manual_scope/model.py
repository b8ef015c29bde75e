"""simpler's tensormap_and_ringbuffer ``paged_attention_unroll_manual_scope``
as a PTO program.

The manual-scope paged attention of ``../paged_attention_manual_scope``,
with the cache blocks of a query tile taken up to 64 (``UNROLL``) at a
time: per group, one QK task computes the scores of all its blocks (the
kernel reads the block table itself, from ``b * max_blocks + bn``), one
softmax over them (the last block's valid length given), one PV task and
one online update. Scores and probabilities of a group are allocated with
their tasks at the group's width, ``n * block_size`` columns.

    pto-compile examples/simpler/tensormap_and_ringbuffer/paged_attention_unroll_manual_scope/model.py
"""

from pto_mlir import lang as pto

UNROLL = 64

Rows = pto.Tensor[[None, None], pto.bf16]
Tile = pto.Tensor[[None, None], pto.f32]
Vec = pto.Tensor[[None], pto.f32]
Table = pto.Tensor[[None, None], pto.i32]
Cache = pto.Tensor[[None, None, 1, None], pto.bf16]


@pto.kernel(core="aic")
def qk_matmul(qi: Rows, key_cache: Rows, block_table: Table, sij: pto.Out[Tile],
              n_blocks: pto.Index, bt_offset: pto.Index): ...


@pto.kernel(core="aiv")
def softmax_prepare(sij: Tile, pij: pto.Out[Rows], mij: pto.Out[Vec], lij: pto.Out[Vec],
                    scale: pto.f32, n_blocks: pto.Index, valid_len_last: pto.Index): ...


@pto.kernel(core="aic")
def pv_matmul(pij: Rows, value_cache: Rows, block_table: Table, oi_new: pto.Out[Tile],
              n_blocks: pto.Index, bt_offset: pto.Index): ...


@pto.kernel(core="aiv")
def online_update(mij: Vec, lij: Vec, oi_new: Tile, mi: pto.InOut[Vec], li: pto.InOut[Vec],
                  oi: pto.InOut[Tile], dst: pto.InOut[Tile], is_first: pto.Index,
                  is_last: pto.Index): ...


def rows(x, last: int):
    """``x`` as rows: its first two axes as one, axis ``last`` the columns."""
    return pto.reshape(x, [pto.dim(x, 0) * pto.dim(x, 1), pto.dim(x, last)])


@pto.orchestration
def paged_attention(query: pto.Tensor[[None, None, None], pto.bf16], key_cache: Cache,
                    value_cache: Cache, block_table: Table,
                    context_lens: pto.Tensor[[None], pto.i32],
                    out: pto.Out[pto.Tensor[[None, None, None], pto.f32]], scale: pto.f32):
    batch, num_heads, head_dim = query.shape[0], query.shape[1], query.shape[2]
    block_size = key_cache.shape[1]
    max_blocks = block_table.shape[1]
    q_tile = min(num_heads, 128)
    q_loop = (num_heads + q_tile - 1) // q_tile
    q, k, v, o = rows(query, 2), rows(key_cache, 3), rows(value_cache, 3), rows(out, 2)

    tile = pto.create_info([q_tile, head_dim], pto.f32)
    vec = pto.create_info([q_tile], pto.f32)

    for b in pto.range(batch):
        seq = pto.index(context_lens[b])
        blocks = (seq + block_size - 1) // block_size
        for t in pto.range(q_loop):
            with pto.scope(manual=True):
                head = b * num_heads + t * q_tile
                qi = q[head:head + q_tile, :]
                dst = o[head:head + q_tile, :]
                oi = pto.create([q_tile, head_dim], pto.f32)
                li = pto.create([q_tile], pto.f32)
                mi = pto.create([q_tile], pto.f32)
                # Their allocation's task id, named per buffer (one task here).
                oi_t, li_t, mi_t = (pto.owner_task_id(oi), pto.owner_task_id(li),
                                    pto.owner_task_id(mi))
                none = prev = pto.invalid_task_id()
                for bn in pto.range(0, blocks, UNROLL):
                    n = min(UNROLL, blocks - bn)
                    valid_last = min(block_size, seq - (bn + n - 1) * block_size)
                    table_offset = b * max_blocks + bn
                    scores = pto.create_info([q_tile, n * block_size], pto.f32)
                    sij, t_qk = pto.submit(qk_matmul, qi, k, block_table, scores, n, table_offset)
                    probs = pto.create_info([q_tile, n * block_size], pto.bf16)
                    pij, mij, lij, t_sf = pto.submit(softmax_prepare, sij, probs, vec, vec, scale,
                                                     n, valid_last, deps=[t_qk])
                    oi_new, t_pv = pto.submit(pv_matmul, pij, v, block_table, tile, n,
                                              table_offset, deps=[t_sf])
                    last = bn + n >= blocks
                    mi, li, oi, dst, prev = pto.submit(
                        online_update, mij, lij, oi_new, mi, li, oi, dst,
                        1 if bn == 0 else 0, 1 if last else 0,
                        deps=[t_pv, prev, oi_t if last else none, li_t if last else none,
                              mi_t if last else none])


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(paged_attention, runtime="tensormap_and_ringbuffer")
