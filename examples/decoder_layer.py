#!/usr/bin/env python3
"""examples/decoder_layer.mlir written in pto_mlir.lang.

The same program: a decoder layer as a Graph, called once per layer from an
orchestration loop of 4 trips. The body derives a scalar (``base``), takes a
per-layer view of the stacked weights (``wl``) and allocates an intermediate
(``tmp``): what host_build_graph replay cannot patch, and what
``pto_mlir.pipelines.legalize_graph_boundary`` moves to the call site.

Run it to print the module (values named after their Python names)::

    python examples/decoder_layer.py

or compile it: ``pto-compile examples/decoder_layer.py``. A Graph call
passes every parameter of the Graph; a kernel launch may omit a tail of
``out`` tensors. Kernel parameters list tensors first, then scalars. See
``docs/python.md`` for the language and ``docs/graph-boundary.md`` for
what the pipeline does with the body.
"""

from pto_mlir import builder as b
from pto_mlir import lang as pto
from pto_mlir.ir import Context, Module

LAYERS = 4

X = pto.Tensor[[16, 128], pto.f32]               # activations
W = pto.Tensor[[128, 128], pto.f32]              # one layer's weights
W_ALL = pto.Tensor[[LAYERS * 128, 128], pto.f32]  # all layers, stacked by rows


@pto.kernel(core="aic")
def matmul(x: X, w: W, y: pto.Out[X]): ...


@pto.kernel(core="aiv")
def add(a: X, b: X, c: pto.InOut[X], scale: pto.f32): ...


@pto.graph
def layer(a: X, w: W_ALL, c: pto.InOut[X], layer_idx: pto.Index) -> X:
    one = pto.f32(1.0)
    base = layer_idx * 128
    wl = w[base:base + 128, :]
    tmp = pto.create([16, 128], pto.f32)
    tmp1 = matmul(a, wl, tmp)
    c1 = add(tmp1, a, c, one)
    return c1


@pto.orchestration
def main(a: X, w: W_ALL, c: pto.InOut[X]):
    for i in pto.range(LAYERS):
        c = layer(a, w, c, i)


def build() -> Module:
    """Builds and verifies the decoder-layer module (in the active Context,
    or a new one). Raises ``pto_mlir.lang.LangError`` if it does not
    verify."""
    return pto.module(main, runtime="host_build_graph")


if __name__ == "__main__":
    with Context():
        print(b.to_text(build()), end="")
