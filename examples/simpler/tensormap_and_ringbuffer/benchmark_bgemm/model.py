"""simpler's tensormap_and_ringbuffer ``benchmark_bgemm`` as a PTO program.

A batched GEMM benchmark. The host reads its configuration from the
``config`` tensor, [tile size, grid_k, groups, tiles per task], then per
group, in a runtime scope of its own, accumulates grid_k partial products
into the group's window of ``C``: for each k a cube task
(``kernel_gemm_tile``) multiplies the group's k-th windows of ``A`` and
``B`` into a buffer the runtime allocates with it, and a vector task
(``kernel_tile_add``) adds that into ``C``. Every window and buffer holds
``tiles per task * tile size ** 2`` floats; ``A`` and ``B`` are laid out
[groups, grid_k, tiles, tile, tile], ``C`` [groups * tiles, tile, tile],
all flattened. Both kernels also take ``config``, as an input.

    pto-compile examples/simpler/tensormap_and_ringbuffer/benchmark_bgemm/model.py
"""

from pto_mlir import lang as pto

V = pto.Tensor[[None], pto.f32]
CONFIG = pto.Tensor[[4], pto.i64]


@pto.kernel(core="aic")
def kernel_gemm_tile(a: V, b: V, product: pto.Out[V], config: CONFIG): ...


@pto.kernel(core="aiv")
def kernel_tile_add(c: pto.InOut[V], product: V, config: CONFIG): ...


@pto.orchestration
def benchmark_bgemm(A: V, B: V, C: pto.InOut[V], config: CONFIG):
    tile_size = pto.index(config[0])
    grid_k = pto.index(config[1])
    groups = pto.index(config[2])
    tiles = pto.index(config[3])
    window = tiles * tile_size * tile_size
    product = pto.create_info([window], pto.f32)
    for g in pto.range(groups):
        with pto.scope():
            c = C[g * window:g * window + window]
            for k in pto.range(grid_k):
                ab = (g * grid_k + k) * window
                p = kernel_gemm_tile(A[ab:ab + window], B[ab:ab + window], product, config)
                c = kernel_tile_add(c, p, config)


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(benchmark_bgemm, runtime="tensormap_and_ringbuffer")
