#!/usr/bin/env python3
"""Runs an orchestration C++ file on the stub runtime (test/stub_runtime) and
prints its task structure: per Graph, the nodes of its first recording
(tasks, dummy barriers, allocations), the explicit dependency edges among
them (as passed, and distinct: the runtime records each producer once per
node), the kernels it launches, its SPMD tasks and its boundary; per step
(one run of the entry), the allocation calls and the tensors they allocate,
the tasks run and the Graph launches.

The file can be what pto-translate printed or a hand-written orchestration
(one that includes "runtime.h" gets the stub's; --entry names an entry
function exported under another name than aicpu_orchestration_entry). The
entry's arguments are described by an IR module's entry signature
(--module: static shapes) or by a JSON list (--args: [["bf16", [16, 5120]],
["i64", [4], [128, 2, 250, 4]], ["f32", [9], 0], ..., ["i64", 0]]: a
tensor's element type and shape, and when the orchestration reads or
writes it its elements, or one value for all; a scalar's type and value;
types as in MLIR; it wins over --module, which then gives only the kernels'
windows). A tensor whose elements are not given has no
storage: the figures are counts, and a host read of it fails.

    scripts/orchestration_stats.py pto-out/model/model.cpp \\
        --module pto-out/model/model.legalized.mlir --api spec
    scripts/orchestration_stats.py $SIMPLER/examples/a2a3/host_build_graph/\\
qwen3_14b_decode/kernels/orchestration/decode_fwd_layers.cpp \\
        --args examples/qwen3_14b_decode_full/handwritten_args.json --api simpler_6ebaf771

With --against OTHER.cpp (its arguments and level given by --against-args /
--against-module and --against-api), the first recording of each Graph of
both files is also compared node by node: kind, kernel ids, block count,
flags, scalars, the set of dependencies (as node numbers in the
recording, or "before" for a task outside it), the tensor arguments
(direction, buffer by order of first use in the recording, start offset,
shape, strides and element type) and whether the node was submitted in a manual scope.
A run without Graph launches (a tensormap_and_ringbuffer orchestration) is
compared the same way over the entry's own nodes, "the entry". There the
runtime infers most dependencies from the tensors: two runs whose nodes
agree on tensors, directions, order and scope kinds get the same ones, so
the comparison covers them without modelling the runtime's tensor map.
--merge-allocations compares consecutive allocation calls as one node
(how creates are grouped into calls is the compiler's choice), and
--without-allocation-deps leaves the dependencies on allocations out of
the sets (the retention edges of manual scopes); docs/ports.md says which
port needs them and why.
The exit status is 1 if the structures differ.

With --module, the stub checks every task against the kernels' windows
(#pto.window): a task whose window lies outside the tensor passed fails.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "test" / "python"))

import cpp_trace  # noqa: E402  (test/python: the stub runtime's driver)


def _arguments_from_module(path: Path) -> List[Tuple[str, Sequence[int]]]:
    from pto_mlir.ir import Context, Module
    from pto_mlir.sim.program import load_program
    text = path.read_text()
    with Context():
        program = load_program(Module.parse(text))
    entry = cpp_trace.entry_name(text)
    out = []
    for p in program.function(entry, "orchestration").params:
        if not p.type.is_tensor:
            raise SystemExit(f"{path}: @{entry} takes a scalar; describe the arguments with --args")
        if any(d is None for d in p.type.shape):
            raise SystemExit(f"{path}: @{entry} takes a tensor of dynamic shape; use --args")
        out.append((p.type.element_type, tuple(p.type.shape)))
    return out


#: numpy's type of each element type whose values an argument may give.
_VALUE_TYPES = {"f32": "<f4", "f16": "<f2", "i8": "<i1", "ui8": "<u1", "i16": "<i2", "i32": "<i4",
                "i64": "<i8"}


def _bits(element_type: str, values):
    """``values`` (numbers) as the element type's bit patterns, in an array
    whose bytes are the runtime's little-endian elements."""
    import numpy as np
    if element_type == "bf16":
        from pto_mlir.sim.scalars import float_to_bf16_bits
        return np.array([float_to_bf16_bits(float(v)) for v in np.ravel(values)], dtype="<u2")
    return np.asarray(values, dtype=_VALUE_TYPES[element_type])


def _driver_line(element_type: str, shape, values: Optional[Sequence] = None) -> str:
    if not isinstance(shape, (list, tuple)):  # A scalar: its slot's bits.
        if element_type in ("f32", "f16", "bf16"):
            raw = _bits(element_type, [shape])
            return f"S {int(raw.view(f'<u{raw.itemsize}')[0])}"
        return f"S {int(shape) & ((1 << 64) - 1)}"
    strides, stride = [], 1
    for extent in reversed(shape):
        strides.insert(0, stride)
        stride *= extent
    data = "-"  # No storage: a host read of it fails.
    if values is not None:
        import numpy as np
        if isinstance(values, (int, float)):  # One value for every element.
            values = np.full(stride, values)
        array = _bits(element_type, values)
        if array.size != stride:
            raise SystemExit(f"{len(values)} values for a tensor of {stride} elements")
        data = array.tobytes().hex()
    return (f"T {cpp_trace.DATA_TYPES[element_type]} {len(shape)} {' '.join(map(str, shape))} "
            f"{' '.join(map(str, strides))} 0 {stride} {data}")


def statistics(runs: List[dict]) -> dict:
    """The figures of the stub's trace (see the module docstring)."""
    steps = []
    graphs = {}
    for run in runs:
        events = run["events"]
        launches = [e for e in events if e["kind"] == "graph"]
        outside = [e for e in events if e["kind"] != "graph" and "launch" not in e]
        steps.append({
            "allocation calls": sum(1 for e in outside if e["kind"] == "alloc"),
            "tensors allocated": sum(e["count"] for e in outside if e["kind"] == "alloc"),
            "tasks": sum(1 for e in events if e["kind"] in ("task", "dummy")),
            "graph launches": len(launches),
            "records": sum(1 for e in launches if e["mode"] == "record"),
            "replays": sum(1 for e in launches if e["mode"] == "replay"),
        })
        for launch in launches:
            if launch["mode"] != "record" or launch["graph"] in graphs:
                continue
            nodes = [e for e in events if e["kind"] != "graph" and e.get("launch") == launch["launch"]]
            graphs[launch["graph"]] = {
                **_node_figures(nodes),
                "boundary tensors": launch["boundary_tensors"],
                "boundary scalars": launch["boundary_scalars"],
            }
        if not launches and ENTRY not in graphs:
            graphs[ENTRY] = _node_figures(_entry_nodes(events))
    return {"graphs": graphs, "steps": steps}


#: The key of a run without Graph launches (the tensormap_and_ringbuffer
#: runtime's): the entry's own tasks, barriers and allocations stand where a
#: Graph's recording does.
ENTRY = "entry"


def _entry_nodes(events: List[dict]) -> List[dict]:
    return [e for e in events if e["kind"] in ("task", "dummy", "alloc")]


def _node_figures(nodes: List[dict]) -> dict:
    tasks = [e for e in nodes if e["kind"] == "task"]
    return {
        "nodes": len(nodes),
        "tasks": len(tasks),
        "dummy barriers": sum(1 for e in nodes if e["kind"] == "dummy"),
        "allocations": sum(1 for e in nodes if e["kind"] == "alloc"),
        "explicit edges": sum(len(e.get("deps", [])) for e in nodes),
        # What the runtime records: it keeps each producer once per node.
        "distinct edges": sum(len(set(e.get("deps", []))) for e in nodes),
        "kernels": len({k for e in tasks for k in e["kernels"] if k >= 0}),
        "SPMD tasks (blocks > 1)": sum(1 for e in tasks if e["blocks"] > 1),
    }


def recordings(runs: List[dict], merge_allocations: bool = False,
               without_allocation_deps: bool = False) -> dict:
    """Graph number -> the nodes of its first recording, in a form two
    orchestrations can be compared in (see the module docstring); for a run
    without Graph launches, ENTRY -> the entry's own nodes. The two options
    are :func:`_comparable`'s."""
    out = {}
    events = runs[0]["events"]
    launches = [e for e in events if e["kind"] == "graph"]

    def comparable(indexed):
        return _comparable(indexed, merge_allocations, without_allocation_deps)
    if not launches:
        out[ENTRY] = comparable([(i, e) for i, e in enumerate(events)
                                 if e["kind"] in ("task", "dummy", "alloc")])
    for launch in (e for e in launches if e["mode"] == "record"):
        if launch["graph"] in out:
            continue
        out[launch["graph"]] = comparable(
            [(i, e) for i, e in enumerate(events)
             if e["kind"] != "graph" and e.get("launch") == launch["launch"]])
    return out


def _comparable(indexed: List[Tuple[int, dict]], merge_allocations: bool = False,
                without_allocation_deps: bool = False) -> list:
    """Nodes (with their event numbers) as compared: dependencies as node
    numbers ("before" for an earlier event), buffers by order of first use:
    two recordings pass the same buffers exactly when their names agree.

    ``merge_allocations``: consecutive allocation calls are one node
    allocating all their tensors (how allocations are grouped into calls is
    a decision of the compiler, pto-batch-allocations). ``without_allocation_
    deps``: dependencies on allocations are left out (the retention edges
    pto-retain-manual-scope-allocations adds in manual scopes)."""
    first = indexed[0][0] if indexed else 0
    buffers = {}
    nodes = []
    node_of = {}  # event number -> node number
    allocations = set()
    for i, e in indexed:
        if merge_allocations and e["kind"] == "alloc" and nodes and nodes[-1][0] == "alloc":
            node_of[i] = len(nodes) - 1
            allocations.add(i)
            last = nodes[-1]
            nodes[-1] = last[:6] + (last[6] + _tensors(e, buffers),) + last[7:]
            continue
        node_of[i] = len(nodes)
        if e["kind"] == "alloc":
            allocations.add(i)
        deps = sorted({node_of[d] if d >= first else -1 for d in e.get("deps", [])
                       if not (without_allocation_deps and d in allocations)})
        nodes.append((e["kind"], tuple(e.get("kernels", ())), e.get("blocks", 1),
                      tuple(e.get("flags", ())), tuple(e.get("scalars", ())),
                      tuple("before" if d < 0 else d for d in deps), _tensors(e, buffers),
                      "manual" if e.get("manual") else "auto"))
    return nodes


#: The runtime's DataType enumerators, in order (their values), for the
#: comparison's rows.
_DATA_TYPE_NAMES = dict(enumerate(
    ["FLOAT32", "FLOAT16", "INT32", "INT16", "INT8", "UINT8", "BFLOAT16", "INT64", "UINT64",
     "UINT16", "UINT32", "BOOL"]))


def _tensors(event: dict, buffers: dict) -> tuple:
    """An event's tensor arguments, each buffer named by order of first use,
    with its element type (the runtime's DataType)."""
    return tuple((d, buffers.setdefault(addr, f"buffer{len(buffers)}"), offset, tuple(shape),
                  tuple(strides), _DATA_TYPE_NAMES.get(dtype[0], dtype[0]) if dtype else None)
                 for d, addr, offset, shape, strides, *dtype in event.get("tensors", ()))


def _windows(module: Optional[Path]) -> str:
    """The stub's window table for the kernels of ``module`` (none without
    one: a hand-written orchestration declares no kernels)."""
    if module is None:
        return ""
    from pto_mlir.ir import Context, Module
    from pto_mlir.sim.program import load_program
    text = module.read_text()
    with Context():
        program = load_program(Module.parse(text))
    return cpp_trace.window_table(program, cpp_trace.kernel_ids(text))


def _run(cpp: Path, arguments, api: str, steps: int, windows: str = "",
         entry: str = cpp_trace.ENTRY, include_dirs: Sequence[Path] = ()) -> List[dict]:
    lines = [_driver_line(*argument) for argument in arguments]
    step = cpp_trace.EntryArgs([], f"{len(lines)}\n" + "\n".join(lines))
    with cpp_trace.workdir() as directory:
        builder = cpp_trace.StubBuilder(Path(directory), include_dirs=include_dirs)
        exe = builder.build(cpp.read_text(), api, entry)
        return cpp_trace.run_stub(exe, [step] * steps, windows=windows)


def _arguments(module: Optional[Path], args: Optional[Path]):
    if args:
        return [(t, tuple(s) if isinstance(s, list) else s, *rest)
                for t, s, *rest in json.loads(args.read_text())]
    return _arguments_from_module(module)


def compare_recordings(ours: dict, theirs: dict) -> List[str]:
    """The differences between two :func:`recordings` (empty if none)."""
    out = []
    if set(ours) != set(theirs):
        out.append(f"Graphs {sorted(map(str, ours))} against {sorted(map(str, theirs))}")
    for number in sorted(set(ours) & set(theirs), key=str):
        a, b = ours[number], theirs[number]
        where = "the entry" if number == ENTRY else f"Graph {number}"
        if len(a) != len(b):
            out.append(f"{where}: {len(a)} nodes against {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                out.append(f"{where}, node {i}:\n  {x}\n  {y}")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cpp", type=Path, help="the orchestration C++ file")
    parser.add_argument("--module", type=Path,
                        help="an IR module whose entry the C++ is: its kernels' windows, and "
                             "the arguments when --args is not given")
    parser.add_argument("--args", type=Path,
                        help="a JSON list of [element type, shape] per tensor and "
                             "[type, value] per scalar")
    parser.add_argument("--entry", default=cpp_trace.ENTRY,
                        help=f"the C++ entry function (default {cpp_trace.ENTRY})")
    parser.add_argument("--api", choices=cpp_trace.API_LEVELS, default="spec",
                        help="the runtime API level the C++ was printed for")
    parser.add_argument("--steps", type=int, default=2, help="runs of the entry (default 2)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--against", type=Path,
                        help="another orchestration to compare the recordings with")
    parser.add_argument("--against-module", type=Path, help="--module for --against")
    parser.add_argument("--against-args", type=Path, help="--args for --against")
    parser.add_argument("--against-api", choices=cpp_trace.API_LEVELS, default="spec",
                        help="--api for --against")
    parser.add_argument("--against-entry", default=cpp_trace.ENTRY, help="--entry for --against")
    parser.add_argument("--against-include", type=Path, action="append", default=[],
                        help="an include directory --against needs besides the stub's "
                             "(repeatable)")
    parser.add_argument("--merge-allocations", action="store_true",
                        help="compare consecutive allocation calls as one (their grouping "
                             "into calls is the compiler's choice)")
    parser.add_argument("--without-allocation-deps", action="store_true",
                        help="compare dependency sets without the dependencies on "
                             "allocations (the retention edges of manual scopes)")
    options = parser.parse_args(argv)
    if not (options.module or options.args):
        parser.error("the arguments: give --module or --args")
    if options.against and not (options.against_module or options.against_args):
        parser.error("--against needs --against-module or --against-args")

    runs = _run(options.cpp, _arguments(options.module, options.args), options.api,
                options.steps, _windows(options.module), options.entry)
    stats = statistics(runs)
    if options.against:
        theirs = _run(options.against, _arguments(options.against_module,
                                                  options.against_args),
                      options.against_api, 1, _windows(options.against_module),
                      options.against_entry, options.against_include)
        normalize = dict(merge_allocations=options.merge_allocations,
                         without_allocation_deps=options.without_allocation_deps)
        ours = recordings(runs, **normalize)
        differences = compare_recordings(ours, recordings(theirs, **normalize))
        # The first 20 in full, then where the others are.
        for number, line in enumerate(differences):
            print(line if number < 20 else line.split("\n")[0])
        total = sum(len(nodes) for nodes in ours.values())
        print(f"{len(differences)} differences over {total} recorded nodes")
        return 1 if differences else 0
    if options.json:
        print(json.dumps(stats, indent=2))
        return 0
    for number, graph in sorted(stats["graphs"].items(), key=lambda item: str(item[0])):
        print("the entry (a run without Graph launches):" if number == ENTRY
              else f"Graph {number} (its first recording):")
        for name, value in graph.items():
            print(f"  {name:26} {value}")
    for number, step_stats in enumerate(stats["steps"]):
        print(f"step {number}:")
        for name, value in step_stats.items():
            print(f"  {name:26} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
