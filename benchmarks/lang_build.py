"""Measures how fast pto_mlir.lang builds a module against pto_mlir.builder.

Both build the same module: G Graphs of K chained kernel launches each
(``base = layer_idx * 128``, a slice at ``base``, K submits), called from an
orchestration loop. The language program is written to a temporary file
(the language reads its functions' source); the builder program builds
the same ops. Printed per size (median of ``--repeat``): for the language
the time from importing the program file to the verified module (running
its decorators, reading each function's source, building), for the
builder the time of its build function; the ops built, the time per op,
the ratio language / builder; and the language's time when its functions
build a second time (their source already read). The last rows are the
Qwen3-14B decode steps against the builder versions they replaced
(test/python/qwen3_builder.py builds the same module as
examples/qwen3_14b_decode; the full port launches its tiles from loops,
which its builder version unrolled). Nothing is asserted.

    python benchmarks/lang_build.py
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pto_mlir import builder as b
from pto_mlir.ir import Context

REPO = Path(__file__).resolve().parent.parent

LANG_HEADER = '''
from pto_mlir import lang as pto

X = pto.Tensor[[16, 128], pto.f32]
W = pto.Tensor[[4096, 128], pto.f32]


@pto.kernel(core="aiv")
def step(a: X, w: pto.Tensor[[128, 128], pto.f32], c: pto.InOut[X], k: pto.Index): ...
'''

LANG_GRAPH = '''

@pto.graph
def layer{g}(a: X, w: W, c: pto.InOut[X], layer_idx: pto.Index) -> X:
    base = layer_idx * 128
    wl = w[base:base + 128, :]
    for k in range({k}):
        c = step(a, wl, c, k)
    return c
'''

LANG_MAIN = '''

@pto.orchestration
def main(a: X, w: W, c: pto.InOut[X]):
    for i in pto.range(4):
{calls}


def build():
    return pto.module(main, runtime="host_build_graph")
'''


def lang_program(graphs: int, tasks: int) -> str:
    calls = "\n".join(f"        c = layer{g}(a, w, c, i)" for g in range(graphs))
    return (LANG_HEADER + "".join(LANG_GRAPH.format(g=g, k=tasks) for g in range(graphs))
            + LANG_MAIN.format(calls=calls))


def build_with_builder(graphs: int, tasks: int):
    x_t, w_t = b.tensor([16, 128], "f32"), b.tensor([4096, 128], "f32")
    with b.here():
        module = b.module(runtime="host_build_graph")
        with b.inserting(module):
            step = b.kernel("step", [b.param("a", x_t), b.param("w", b.tensor([128, 128], "f32")),
                                     b.param("c", x_t, "inout"), b.param("k", "index")])
            layers = []
            for g in range(graphs):
                layer = b.graph(f"layer{g}", [b.param("a", x_t), b.param("w", w_t),
                                              b.param("c", x_t, "inout"),
                                              b.param("layer_idx", "index")], results=[x_t])
                with b.inserting(layer):
                    a, w, c, layer_idx = b.arguments(layer)
                    base = b.let(b.scalar(layer_idx) * 128, "base")
                    wl = b.slice(w, [base, 0], [128, 128], name="wl")
                    for k in range(tasks):
                        (c, _) = b.submit(step, [a, wl, c, b.index(k)], name="c")
                    b.ret([c])
                layers.append(layer)
            main = b.orchestration("main", [b.param("a", x_t), b.param("w", w_t),
                                            b.param("c", x_t, "inout")])
            with b.inserting(main):
                a, w, c = b.arguments(main)
                with b.range(4, carry=[c], name="i") as loop:
                    (acc,) = loop.carried
                    for layer in layers:
                        (acc,) = b.call(layer, [a, w, acc, loop.iv], name="c")
                    loop.yield_([acc])
                b.ret()
    module.operation.verify()
    return module


def count_ops(module) -> int:
    count = 0

    def walk(op):
        nonlocal count
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    count += 1
                    walk(inner.operation)
    walk(module.operation)
    return count


def timed(build, repeat: int):
    times, ops = [], 0
    for _ in range(repeat):
        with Context():
            start = time.perf_counter()
            module = build()
            times.append(time.perf_counter() - start)
            ops = count_ops(module)
    return statistics.median(times), ops


def import_program(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    program = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(program)
    return program


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'graphs':>6} {'tasks':>6} {'ops':>7} {'lang s':>8} {'builder s':>10} "
          f"{'lang us/op':>11} {'builder us/op':>14} {'ratio':>6} {'again s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for graphs, tasks in [(1, 10), (1, 100), (10, 100), (100, 10), (10, 1000)]:
            path = Path(tmp) / f"program_{graphs}_{tasks}.py"
            path.write_text(lang_program(graphs, tasks))
            lang_s, lang_ops = timed(lambda: import_program(path).build(), args.repeat)
            again_s, _ = timed(import_program(path).build, args.repeat)
            builder_s, builder_ops = timed(lambda: build_with_builder(graphs, tasks), args.repeat)
            if lang_ops != builder_ops:
                print(f"note: the programs differ: {lang_ops} and {builder_ops} ops",
                      file=sys.stderr)
            print(f"{graphs:>6} {tasks:>6} {lang_ops:>7} {lang_s:>8.3f} {builder_s:>10.3f} "
                  f"{lang_s * 1e6 / lang_ops:>11.1f} {builder_s * 1e6 / builder_ops:>14.1f} "
                  f"{lang_s / builder_s:>6.2f} {again_s:>8.3f}", flush=True)
    # The Qwen3 steps against the builder versions they replaced: the
    # smaller one builds the same module; the full port launches its tiles
    # from loops where its builder version unrolled them (fewer ops).
    sys.path.insert(0, str(REPO / "test" / "python"))
    import qwen3_builder  # noqa: E402 (each loads its example's dimensions)
    import qwen3_full_builder  # noqa: E402
    for label, example, reference in (
            ("Qwen3 decode step", "qwen3_14b_decode", qwen3_builder),
            ("Qwen3 full (loops)", "qwen3_14b_decode_full", qwen3_full_builder)):
        path = REPO / "examples" / example / "model.py"
        dims = reference.Dims()
        lang_s, lang_ops = timed(lambda: import_program(path).build(), args.repeat)
        builder_s, builder_ops = timed(lambda: reference.build(dims), args.repeat)
        again_s, _ = timed(import_program(path).build, args.repeat)
        print(f"{label:>21} {lang_ops:>7} {lang_s:>8.3f} {builder_s:>10.3f} "
              f"{lang_s * 1e6 / lang_ops:>11.1f} {builder_s * 1e6 / builder_ops:>14.1f} "
              f"{lang_s / builder_s:>6.2f} {again_s:>8.3f}  (builder: {builder_ops} ops)",
              flush=True)

if __name__ == "__main__":
    main()
