"""simpler's tensormap_and_ringbuffer ``merge_pipeline_barrier`` as a PTO
program.

One SPMD task of 8 blocks (``merge_pipeline``) that synchronizes its blocks
through ``sync`` mid-kernel and records per-block timing. Its two scratch
buffers are allocated by the runtime with the task: two
``pto.create_info`` operands in the middle of its tensors, the length read
off ``x``. The kernel takes (x, sync, scratch 1, scratch 2, out, timing);
``sync`` is passed as an input, as the hand-written orchestration passes it.

    pto-compile examples/simpler/tensormap_and_ringbuffer/merge_pipeline_barrier/model.py
"""

from pto_mlir import lang as pto

X = pto.Tensor[[None], pto.f32]
I32 = pto.Tensor[[None], pto.i32]


@pto.kernel(core="aiv")
def merge_pipeline(x: X, sync: I32, s1: pto.Out[X], s2: pto.Out[X], out: pto.Out[X],
                   timing: pto.Out[I32]): ...


@pto.orchestration
def merge_pipeline_barrier(x: X, sync: I32, out: pto.Out[X], timing: pto.Out[I32]):
    scratch = pto.create_info([x.shape[0]], pto.f32)
    merge_pipeline(x, sync, scratch, scratch, out, timing, blocks=8)


def build():
    """The verified module (tensormap_and_ringbuffer)."""
    return pto.module(merge_pipeline_barrier, runtime="tensormap_and_ringbuffer")
