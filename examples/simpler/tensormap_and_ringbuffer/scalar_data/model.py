"""simpler's tensormap_and_ringbuffer ``scalar_data`` as a PTO program.

A test of host access to device tensors: the orchestration reads task
outputs on the host (``get_tensor_data``, which waits for the task that
writes them), writes tensors the tasks then read, and records what it read
in ``check``:

- c = a + b (a buffer the runtime allocates with its task); c[0], c[100];
- s, one element the runtime allocates filled with 77.0 (``pto.full``);
  s[0]; a noop task rewrites s in place; s[0] again; c[0] + s[0];
  s[0] = 42.0 and back;
- d, allocated, d[0] = 10.0 before e = d + a; e[0];
- a task reads c; c[0] = 88.0 then waits for it (write after read) and reads
  it back;
- a noop task writes b; b[0] = 55.0 waits for it; b[0]; b[0] = 0.0;
- result = a + b.

``kernel_add`` takes (src0, src1, out); ``kernel_noop`` one tensor it writes.
The hand-written orchestration launches the noop once with an ``inout``
tensor and once with ``b`` as an ``out`` one; a kernel here has one
signature, so the port passes ``b`` as ``inout`` both times, and declares
``b`` ``InOut`` at the entry, since the orchestration writes it.

    pto-compile examples/simpler/tensormap_and_ringbuffer/scalar_data/model.py
"""

from pto_mlir import lang as pto

V = pto.Tensor[[None], pto.f32]


@pto.kernel(core="aiv")
def kernel_add(src0: V, src1: V, out: pto.Out[V]): ...


@pto.kernel(core="aiv")
def kernel_noop(x: pto.InOut[V]): ...


@pto.orchestration
def scalar_data(a: V, b: pto.InOut[V], result: pto.Out[V], check: pto.Out[V]):
    inter = pto.create_info([a.shape[0]], pto.f32)
    c = kernel_add(a, b, inter)
    c0 = c[0]
    check[0] = c0
    check[1] = c[100]

    s = pto.full([1], 77.0, pto.f32)
    s0 = s[0]
    check[2] = s0
    s = kernel_noop(s)
    check[3] = s[0]
    check[4] = c0 + s0
    s[0] = 42.0
    check[5] = s[0]

    d = pto.create([a.shape[0]], pto.f32)
    d[0] = 10.0
    e = kernel_add(d, a, inter)
    check[6] = e[0]

    kernel_add(c, b, inter)
    c[0] = 88.0
    check[7] = c[0]

    b = kernel_noop(b)
    b[0] = 55.0
    check[8] = b[0]
    b[0] = 0.0

    kernel_add(a, b, result)


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(scalar_data, runtime="tensormap_and_ringbuffer")
