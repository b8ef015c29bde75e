"""simpler's tensormap_and_ringbuffer ``vector_example`` as a PTO program.

f = (a + b + 1) * (a + b + 2) + (a + b) over vectors of any length, in five
tasks::

    c = a + b                (kernel_add)          the entry's scope
    d = c + 1, e = c + 2     (kernel_add_scalar)   an inner scope, which
    g = d * e                (kernel_mul)          releases d, e and g
    f = g + c                (kernel_add)          when it ends

c, d, e and g are allocated by the runtime with their tasks, one
``pto.create_info`` describing all four (a length read off ``a``). The
kernels' calling convention is the real kernels': tensors, then for
kernel_add_scalar the addend (f32 bits) and for kernel_add_scalar and
kernel_mul a 32-bit slot the hand-written orchestration fills with 3 (the
kernels' comments call it the element count; they do not read it).

    pto-compile examples/simpler/tensormap_and_ringbuffer/vector_example/model.py
"""

from pto_mlir import lang as pto

V = pto.Tensor[[None], pto.f32]


@pto.kernel(core="aiv")
def kernel_add(a: V, b: V, out: pto.Out[V]): ...


@pto.kernel(core="aiv")
def kernel_add_scalar(x: V, out: pto.Out[V], scalar: pto.f32, size: pto.Scalar[pto.i32]): ...


@pto.kernel(core="aiv")
def kernel_mul(a: V, b: V, out: pto.Out[V], size: pto.Scalar[pto.i32]): ...


@pto.orchestration
def vector_example(a: V, b: V, f: pto.Out[V]):
    inter = pto.create_info([a.shape[0]], pto.f32)
    c = kernel_add(a, b, inter)
    with pto.scope():
        d = kernel_add_scalar(c, inter, 1.0, 3)
        e = kernel_add_scalar(c, inter, 2.0, 3)
        g = kernel_mul(d, e, inter, 3)
        kernel_add(g, c, f)


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(vector_example, runtime="tensormap_and_ringbuffer")
