#!/usr/bin/env python3
"""examples/decoder_layer.mlir written with the Python builder.

The same program: a decoder layer as a Graph, called once per layer from an
orchestration loop of 4 trips. The body derives a scalar (``base``), takes a
per-layer view of the stacked weights (``wl``) and allocates an intermediate
(``tmp``): what host_build_graph replay cannot patch, and what
``pto_mlir.pipelines.legalize_graph_boundary`` moves to the call site.

Run it to print the module (values named after their Python names)::

    python examples/decoder_layer.py

A Graph launch needs every parameter of the Graph; a kernel launch may
omit a tail of ``out`` tensors. Kernel parameters list tensors first, then
scalars. See ``docs/graph-boundary.md`` for what the pipeline does with the
body.
"""

import sys

from pto_mlir import builder as b
from pto_mlir.dialects import arith, scf
from pto_mlir.ir import Context, F32Type, IndexType, InsertionPoint, Location, Module

LAYERS = 4


def _named(name: str) -> Location:
    """A location naming a value at the caller's line (for arith ops; the
    builder names the pto ops it builds itself)."""
    frame = sys._getframe(1)
    return Location.name(name, childLoc=Location.file(frame.f_code.co_filename,
                                                       frame.f_lineno, 0))


def build() -> Module:
    """Builds and verifies the decoder-layer module (in the active Context,
    or a new one). Raises ``pto_mlir.ir.MLIRError`` if it does not verify."""
    if Context.current is None:
        with Context():
            return build()

    with b.here():
        x_t = b.tensor([16, 128], "f32")           # activations
        w_t = b.tensor([128, 128], "f32")          # one layer's weights
        w_all_t = b.tensor([LAYERS * 128, 128], "f32")  # all layers, stacked by rows

        module = b.module(runtime="host_build_graph")
        with b.inserting(module):
            matmul = b.kernel("matmul", [b.param("x", x_t), b.param("w", w_t),
                                         b.param("y", x_t, "out")], core_type="aic")
            add = b.kernel("add", [b.param("a", x_t), b.param("b", x_t),
                                   b.param("c", x_t, "inout"),
                                   b.param("scale", F32Type.get())], core_type="aiv")

            layer = b.graph("layer", [b.param("a", x_t), b.param("w", w_all_t),
                                      b.param("c", x_t, "inout"),
                                      b.param("layer_idx", IndexType.get())],
                            results=[x_t])
            with b.inserting(layer):
                a, w, c, layer_idx = b.arguments(layer)
                c128 = b.index(128)
                one = arith.ConstantOp(F32Type.get(), 1.0, loc=_named("one")).result
                base = arith.MulIOp(layer_idx, c128, loc=_named("base")).result
                wl = b.slice(w, [base, 0], [128, 128], name="wl")
                tmp = b.create([16, 128], "f32", name="tmp")
                tmp1, _ = b.submit(matmul, [a, wl, tmp], name="tmp1")
                c1, _ = b.submit(add, [tmp1, a, c, one], name="c1")
                b.ret([c1])

            main = b.orchestration("main", [b.param("a", x_t), b.param("w", w_all_t),
                                            b.param("c", x_t, "inout")])
            with b.inserting(main):
                a, w, c = b.arguments(main)
                c0, c1, n = b.index(0), b.index(1), b.index(LAYERS)
                loop = scf.ForOp(c0, n, c1, [c], loc=_named("out"))
                with InsertionPoint(loop.body):
                    (acc,) = loop.inner_iter_args
                    (nxt,) = b.call(layer, [a, w, acc, loop.induction_variable],
                                    name="next")
                    scf.YieldOp([nxt])
                b.ret()
    module.operation.verify()
    return module


if __name__ == "__main__":
    with Context():
        build().operation.print(use_name_loc_as_prefix=True)
