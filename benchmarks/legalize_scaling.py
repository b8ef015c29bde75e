"""Times the Graph boundary legalization on generated programs of growing size.

Each program has G Graphs, each deriving S scalars, taking V views of a
stacked weight tensor and allocating A intermediates, called C times from an
orchestration loop. Prints one line per size: ops before, wall time of the
pipeline (best of 3, through the Python API) and ops after. Run:

    python benchmarks/legalize_scaling.py
"""

import time

from pto_mlir import pipelines
from pto_mlir.ir import Context, Module

T = "!pto.tensor<16x128xf32>"
W = "!pto.tensor<8192x128xf32>"
V = "!pto.tensor<128x128xf32>"


def program(graphs: int, scalars: int, views: int, allocs: int, calls: int) -> str:
    lines = ["module attributes {pto.runtime = #pto.runtime<host_build_graph>} {",
             f"  pto.kernel aiv @k(%x: {T}, %w: {V}, %y: {T} {{pto.direction = #pto.direction<inout>}}, %s: index)"]
    for g in range(graphs):
        lines.append(f"  pto.graph @g{g}(%x: {T}, %w: {W}, %acc: {T} {{pto.direction = #pto.direction<inout>}}, %idx: index) -> {T} {{")
        lines.append("    %c1 = arith.constant 1 : index")
        prev = "%idx"
        for s in range(scalars):
            lines.append(f"    %s{s} = arith.addi {prev}, %c1 : index")
            prev = f"%s{s}"
        cur = "%acc"
        for a in range(allocs):
            lines.append(f"    %t{a} = pto.create : {T}")
        for v in range(views):
            lines.append(f"    %v{v} = pto.slice %w[%s{v % scalars}, 0] [128, 128] : {W} to {V}")
            target = f"%t{v % allocs}" if allocs else cur
            lines.append(f"    %r{v}, %id{v} = pto.submit @k(%x, %v{v}, {target}, {prev}) : ({T}, {V}, {T}, index) -> {T}")
        lines.append(f"    pto.return %acc : {T}")
        lines.append("  }")
    lines.append(f"  pto.orchestration @main(%x: {T}, %w: {W}, %acc: {T} {{pto.direction = #pto.direction<inout>}}) {{")
    lines.append("    %c0 = arith.constant 0 : index")
    lines.append("    %c1 = arith.constant 1 : index")
    lines.append(f"    %n = arith.constant {calls} : index")
    lines.append(f"    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %acc) -> ({T}) {{")
    cur = "%a"
    for g in range(graphs):
        lines.append(f"      %o{g} = pto.call @g{g}(%x, %w, {cur}, %i) : ({T}, {W}, {T}, index) -> {T}")
        cur = f"%o{g}"
    lines.append(f"      scf.yield {cur} : {T}")
    lines.append("    }")
    lines.append("    pto.return")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines)


def count_ops(module: Module) -> int:
    n = 0

    def visit(op):
        nonlocal n
        n += 1
        for region in op.regions:
            for block in region.blocks:
                for child in block.operations:
                    visit(child.operation)

    visit(module.operation)
    return n


def main() -> None:
    print(f"{'graphs':>6} {'scalars':>7} {'views':>5} {'allocs':>6} {'ops before':>10} "
          f"{'ms (best of 3)':>14} {'ops after':>9}")
    for graphs, scalars, views, allocs in [(1, 4, 4, 4), (10, 8, 8, 8), (40, 8, 16, 14),
                                           (40, 32, 32, 16), (160, 16, 16, 16)]:
        text = program(graphs, scalars, views, allocs, calls=4)
        best = float("inf")
        for _ in range(3):
            with Context():
                module = Module.parse(text)
                before = count_ops(module)
                start = time.perf_counter()
                pipelines.legalize_graph_boundary(module)
                best = min(best, time.perf_counter() - start)
                after = count_ops(module)
        print(f"{graphs:>6} {scalars:>7} {views:>5} {allocs:>6} {before:>10} "
              f"{best * 1e3:>14.1f} {after:>9}")


if __name__ == "__main__":
    main()
