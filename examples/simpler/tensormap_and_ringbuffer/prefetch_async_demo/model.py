"""simpler's tensormap_and_ringbuffer ``prefetch_async_demo`` as a PTO
program.

One task copies ``src`` to ``out`` (``kernel_prefetch_copy``, which
prefetches its input over SDMA inside the kernel: nothing of it is the
orchestration's).

    pto-compile examples/simpler/tensormap_and_ringbuffer/prefetch_async_demo/model.py
"""

from pto_mlir import lang as pto

V = pto.Tensor[[None], pto.f32]


@pto.kernel(core="aiv")
def kernel_prefetch_copy(src: V, out: pto.Out[V]): ...


@pto.orchestration
def prefetch_async_orchestration(src: V, out: pto.Out[V]):
    kernel_prefetch_copy(src, out)


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(prefetch_async_orchestration, runtime="tensormap_and_ringbuffer")
