"""simpler's tensormap_and_ringbuffer ``paged_attention_manual_scope`` as a
PTO program.

The paged attention of ``../paged_attention`` (the same kernels, views and
allocations), with each query tile's tasks in one manual scope: the runtime
infers no dependency there, and each launch names what it waits for::

    sij, t_qk = qk(qi, kj)
    pij, mi, li, t_sf = sf(sij[:, :valid])         after t_qk
    oi_tmp, t_pv = pv(pij, vj)                     after t_sf
    up(mi, li, oi_tmp, mi_u, li_u, oi, out)        after t_pv, the previous
                                                   block's update, and on the
                                                   last block the allocation

UP reads SF's outputs too; SF -> PV -> UP orders them already. In a manual
scope a task that uses an allocated buffer does not keep it alive (the
runtime's creator retention is off there): the last update depends on the
allocation of the accumulators, which keeps them until it is done.

    pto-compile examples/simpler/tensormap_and_ringbuffer/paged_attention_manual_scope/model.py
"""

from pto_mlir import lang as pto

Rows = pto.Tensor[[None, None], pto.bf16]
Tile = pto.Tensor[[None, None], pto.f32]
Vec = pto.Tensor[[None], pto.f32]
Cache = pto.Tensor[[None, None, 1, None], pto.bf16]


@pto.kernel(core="aic")
def qk_matmul(qi: Rows, kj: Rows, sij: pto.Out[Tile]): ...


@pto.kernel(core="aiv")
def softmax_prepare(sij: Tile, pij: pto.Out[Rows], mij: pto.Out[Vec], lij: pto.Out[Vec],
                    scale: pto.f32): ...


@pto.kernel(core="aic")
def pv_matmul(pij: Rows, vj: Rows, oi_new: pto.Out[Tile]): ...


@pto.kernel(core="aiv")
def online_update(mij: Vec, lij: Vec, oi_new: Tile, mi: pto.InOut[Vec], li: pto.InOut[Vec],
                  oi: pto.InOut[Tile], dst: pto.InOut[Tile], is_first: pto.Index,
                  is_last: pto.Index): ...


def rows(x, last: int):
    """``x`` as rows: its first two axes as one, axis ``last`` the columns."""
    return pto.reshape(x, [pto.dim(x, 0) * pto.dim(x, 1), pto.dim(x, last)])


@pto.orchestration
def paged_attention(query: pto.Tensor[[None, None, None], pto.bf16], key_cache: Cache,
                    value_cache: Cache, block_table: pto.Tensor[[None, None], pto.i32],
                    context_lens: pto.Tensor[[None], pto.i32],
                    out: pto.Out[pto.Tensor[[None, None, None], pto.f32]], scale: pto.f32):
    batch, num_heads, head_dim = query.shape[0], query.shape[1], query.shape[2]
    block_size = key_cache.shape[1]
    q_tile = min(num_heads, 128)
    q_loop = (num_heads + q_tile - 1) // q_tile
    q, k, v, o = rows(query, 2), rows(key_cache, 3), rows(value_cache, 3), rows(out, 2)

    tile = pto.create_info([q_tile, head_dim], pto.f32)
    vec = pto.create_info([q_tile], pto.f32)
    scores = pto.create_info([q_tile, block_size], pto.f32)
    probs = pto.create_info([q_tile, block_size], pto.bf16)

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
                for bn in pto.range(blocks):
                    first_row = pto.index(block_table[b, bn]) * block_size
                    valid = min(block_size, seq - bn * block_size)
                    kj = k[first_row:first_row + block_size, :]
                    vj = v[first_row:first_row + block_size, :]
                    sij, t_qk = pto.submit(qk_matmul, qi, kj, scores)
                    pij, mij, lij, t_sf = pto.submit(softmax_prepare, sij[:, 0:valid], probs,
                                                     vec, vec, scale, deps=[t_qk])
                    oi_new, t_pv = pto.submit(pv_matmul, pij, vj, tile, deps=[t_sf])
                    last = bn == blocks - 1
                    mi, li, oi, dst, prev = pto.submit(
                        online_update, mij, lij, oi_new, mi, li, oi, dst,
                        1 if bn == 0 else 0, 1 if last else 0,
                        deps=[t_pv, prev, oi_t if last else none, li_t if last else none,
                              mi_t if last else none])


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(paged_attention, runtime="tensormap_and_ringbuffer")
