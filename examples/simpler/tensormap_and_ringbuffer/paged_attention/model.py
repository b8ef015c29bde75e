"""simpler's tensormap_and_ringbuffer ``paged_attention`` as a PTO program.

Decode attention over a paged KV cache, with an online softmax. Per batch
entry ``b`` and tile of ``q_tile`` query heads (one tile up to 128 heads),
in an auto scope: three accumulators (``oi``, ``li``, ``mi``), then per
cache block ``bn`` of the entry's context, in an inner auto scope::

    sij = qk(qi, kj)                  the block's scores      (aic)
    pij, mi, li = sf(sij[:, :valid])  softmax of the valid    (aiv)
                                      columns, times ``scale``
    oi_tmp = pv(pij, vj)              the block's values      (aic)
    up(mi, li, oi_tmp, mi_u, li_u, oi, out)  online update    (aiv)

``kj`` and ``vj`` are the rows of block ``block_table[b, bn]`` of the key
and value caches, which the kernels take as 2-D ``[rows, head_dim]``
tensors: the 3-D query and output and the 4-D caches are reshaped to rows
(run-time shapes: the extents are each tensor's own, so no count check is
needed). ``context_lens`` and ``block_table`` are read on the host. Scores,
probabilities and block outputs are allocated by the runtime with their
tasks (``pto.create_info``); the accumulators with one ``alloc_tensors``.

The hand-written orchestration reads the element type of the query at run
time; the scene's cases are all bfloat16, which the port declares.

    pto-compile examples/simpler/tensormap_and_ringbuffer/paged_attention/model.py
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
            with pto.scope():
                head = b * num_heads + t * q_tile
                qi = q[head:head + q_tile, :]
                dst = o[head:head + q_tile, :]
                oi = pto.create([q_tile, head_dim], pto.f32)
                li = pto.create([q_tile], pto.f32)
                mi = pto.create([q_tile], pto.f32)
                for bn in pto.range(blocks):
                    with pto.scope():
                        first_row = pto.index(block_table[b, bn]) * block_size
                        valid = min(block_size, seq - bn * block_size)
                        kj = k[first_row:first_row + block_size, :]
                        vj = v[first_row:first_row + block_size, :]
                        sij = qk_matmul(qi, kj, scores)
                        pij, mij, lij = softmax_prepare(sij[:, 0:valid], probs, vec, vec, scale)
                        oi_new = pv_matmul(pij, vj, tile)
                        mi, li, oi, dst = online_update(
                            mij, lij, oi_new, mi, li, oi, dst, 1 if bn == 0 else 0,
                            1 if bn == blocks - 1 else 0)


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(paged_attention, runtime="tensormap_and_ringbuffer")
