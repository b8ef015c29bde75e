"""simpler's tensormap_and_ringbuffer ``sdma_async_completion_demo`` as a PTO
program.

A producer (``kernel_sdma_tget_async``) fetches a peer's input into ``out``
over SDMA and completes asynchronously; a consumer (``kernel_consumer``)
reads ``out`` into ``result``: the runtime orders them through ``out``. The
entry's scalar is the communication context's address, which the
orchestration forwards to the producer as a 64-bit scalar.

    pto-compile examples/simpler/tensormap_and_ringbuffer/sdma_async_completion_demo/model.py
"""

from pto_mlir import lang as pto

V = pto.Tensor[[None], pto.f32]


@pto.kernel(core="aiv")
def kernel_sdma_tget_async(src: V, out: pto.Out[V], comm_ctx: pto.Scalar[pto.i64]): ...


@pto.kernel(core="aiv")
def kernel_consumer(src: V, result: pto.Out[V]): ...


@pto.orchestration
def sdma_async_completion_orchestration(src: V, out: pto.Out[V], result: pto.Out[V],
                                        comm_ctx: pto.Scalar[pto.i64]):
    out = kernel_sdma_tget_async(src, out, comm_ctx)
    kernel_consumer(out, result)


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(sdma_async_completion_orchestration, runtime="tensormap_and_ringbuffer")
