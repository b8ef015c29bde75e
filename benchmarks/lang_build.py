"""Measures how fast pto_mlir.lang builds a module against pto_mlir.builder.

Both build the same module: G Graphs of K chained kernel launches each
(``base = layer_idx * 128``, a slice at ``base``, K submits), called from an
orchestration loop. Each program is a Python file, written to a temporary
directory (the language reads its functions' source). Printed per size
(median of ``--repeat``): the time from importing the program file to the
verified module for the language and for the builder (Python compiles
each file on import unless its bytecode is cached, and the language also
reads its functions' source and builds), their ratio; the time of the
build alone per op built, for both, and its ratio. The last rows are the
Qwen3-14B decode steps against the builder versions they replaced
(test/python/qwen3_builder.py builds the same module as
examples/qwen3_14b_decode; the full port launches its tiles from loops,
which its builder version unrolled). Nothing is asserted.

    python benchmarks/lang_build.py
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
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


BUILDER_HEADER = '''
from pto_mlir import builder as b

'''


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



def builder_program(graphs: int, tasks: int) -> str:
    """The builder program of one size, as a file that defines build()."""
    return (BUILDER_HEADER + inspect.getsource(build_with_builder)
            + f"\n\ndef build():\n    return build_with_builder({graphs}, {tasks})\n")


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


def measure(label: str, lang_path: Path, builder_path: Path, build_builder, repeat: int):
    """Prints one row: both programs from import, then their builds alone."""
    lang_s, lang_ops = timed(lambda: import_program(lang_path).build(), repeat)
    builder_s, builder_ops = timed(lambda: build_builder(import_program(builder_path)), repeat)
    lang_build_s, _ = timed(import_program(lang_path).build, repeat)
    builder_module = import_program(builder_path)
    builder_build_s, _ = timed(lambda: build_builder(builder_module), repeat)
    note = f"  (builder: {builder_ops} ops)" if builder_ops != lang_ops else ""
    print(f"{label:>21} {lang_ops:>7} {lang_s:>8.3f} {builder_s:>10.3f} "
          f"{lang_s / builder_s:>6.2f} {lang_build_s * 1e6 / lang_ops:>10.1f} "
          f"{builder_build_s * 1e6 / builder_ops:>10.1f} "
          f"{(lang_build_s / lang_ops) / (builder_build_s / builder_ops):>6.2f}{note}",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'':>21} {'':>7} {'from import':^26} {'build per op':^29}")
    print(f"{'program':>21} {'ops':>7} {'lang s':>8} {'builder s':>10} {'ratio':>6} "
          f"{'lang us':>10} {'builder us':>10} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for graphs, tasks in [(1, 10), (1, 100), (10, 100), (100, 10), (10, 1000)]:
            lang_path = Path(tmp) / f"lang_{graphs}_{tasks}.py"
            lang_path.write_text(lang_program(graphs, tasks))
            builder_path = Path(tmp) / f"builder_{graphs}_{tasks}.py"
            builder_path.write_text(builder_program(graphs, tasks))
            measure(f"{graphs} x {tasks} tasks", lang_path, builder_path,
                    lambda program: program.build(), args.repeat)
    # The Qwen3 steps against the builder versions they replaced: the
    # smaller one builds the same module; the full port launches its tiles
    # from loops where its builder version unrolled them (fewer ops).
    sys.path.insert(0, str(REPO / "test" / "python"))
    for label, example, reference in (
            ("Qwen3 decode step", "qwen3_14b_decode", "qwen3_builder"),
            ("Qwen3 full (loops)", "qwen3_14b_decode_full", "qwen3_full_builder")):
        measure(label, REPO / "examples" / example / "model.py",
                REPO / "test" / "python" / f"{reference}.py",
                lambda program: program.build(program.Dims()), args.repeat)


if __name__ == "__main__":
    main()
