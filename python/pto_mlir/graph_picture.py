"""Pictures of recorded Graphs: Graphviz DOT (and SVG) of each Graph's first
recording, as the host_build_graph runtime makes it.

The recording comes from the project's model of the runtime
(:mod:`pto_mlir.sim`, accounting mode: no tensor contents): the prepared
program runs once from its entry, and the first :class:`~pto_mlir.sim.
runtime.Definition` of each Graph is drawn: one node per recorded node (a
task with its kernel, block count, flags and the boundary tensors it reads
and writes; a ``pto.task_dummy`` fence; an ``alloc_tensors`` batch), one
edge per explicit dependency (from another node, or from a boundary tensor
whose owner task outside the Graph it waits for), one node per boundary
tensor with its type and direction, and the recorded nodes inside nested
clusters per ``pto.scope`` (``manual`` ones filled) and per iteration of an
``scf.for``. Edges from boundary tensors to every task that passes them
would cross the whole picture of a real Graph, so the tasks name them.

Every DOT node and edge has a ``class`` (``task``, ``fence``, ``alloc``,
``boundary``; ``dep``), which Graphviz copies into the SVG, so that tools
and tests can count them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from .ir import Module
from .sim import Runtime, SimError, default_arguments, load_program
from .sim.runtime import AllocNode, Definition, TaskNode


class PictureError(Exception):
    """The program cannot be drawn (a scalar argument not given, a host read
    the accounting run cannot answer, a Graph the model refuses)."""


@dataclass
class GraphPicture:
    """One Graph's first recording, drawn.

    Attributes:
        graph: the Graph's symbol.
        dot: the Graphviz source.
        nodes: recorded nodes (tasks, fences, allocation batches).
        dependencies: explicit dependency edges.
        svg: the rendered picture, once :func:`render_svg` made it.
    """

    graph: str
    dot: str
    nodes: int
    dependencies: int
    svg: Optional[str] = None


def record_graphs(module: Module, entry: Optional[str] = None,
                  scalars: Optional[Mapping[str, int]] = None) -> Dict[str, Tuple[Definition, object]]:
    """Runs the prepared ``module`` once from its orchestration entry in the
    runtime model (accounting mode) and returns, per Graph launched, its
    first recording and its function (:class:`~pto_mlir.sim.program.Function`).
    The entry's tensors get their static shapes (a ``?`` extent is taken as
    8) and no contents.

    Args:
        module: a module after ``pto-orchestration-prepare-pipeline``.
        entry: the orchestration function (default: the module's only one).
        scalars: the entry's scalar arguments by parameter name (its name
            location, else ``arg<i>``).

    Raises:
        PictureError: a scalar argument is missing, or the model cannot run
            the program without tensor contents (a host read) or refuses it.
    """
    program = load_program(module)
    entries = [f for f in program.functions.values() if f.kind == "orchestration"]
    if entry is None:
        if len(entries) != 1:
            raise PictureError(f"{len(entries)} orchestration functions: name the entry")
        entry = entries[0].name
    fn = program.function(entry, "orchestration")
    scalars = dict(scalars or {})
    missing = [p.name or f"#{i}" for i, p in enumerate(fn.params)
               if not p.type.is_tensor and p.name not in scalars]
    if missing:
        raise PictureError(
            f"drawing the recordings runs @{entry}, which takes the scalar argument(s) "
            f"{', '.join(missing)}: give each with --entry-scalar NAME=VALUE")
    unknown = sorted(set(scalars) - {p.name for p in fn.params if not p.type.is_tensor})
    if unknown:
        raise PictureError(f"@{entry} has no scalar parameter named {', '.join(unknown)}")
    try:
        args = default_arguments(program, entry, np.random.default_rng(0), scalars=scalars,
                                 data=False)
        runtime = Runtime(program, "replay", data=False)
        runtime.run(entry, args)
    except SimError as error:
        raise PictureError(f"the runtime model cannot run @{entry} to draw it: {error}") from None
    recorded = {}
    for graph in (f for f in program.functions.values() if f.kind == "graph"):
        definitions = runtime.definitions_of(graph.name)
        if definitions:
            recorded[graph.name] = (definitions[0], graph)
    return recorded


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def short_loc(loc: str) -> str:
    """``file.mlir:line:col`` of the innermost file location in ``loc``
    (the file's base name), else ``loc`` itself."""
    found = re.findall(r'"([^"]*)":(\d+):(\d+)', loc)
    if not found:
        return loc
    path, line, column = found[-1]
    return f"{os.path.basename(path)}:{line}:{column}"


def _frame_label(frame: tuple) -> str:
    kind, loc, detail = frame
    loc = short_loc(loc)
    if kind == "for":
        return f"scf.for {loc}: iteration {detail}"
    return f"{'manual ' if detail else ''}pto.scope {loc}"


def graph_dot(definition: Definition, graph) -> GraphPicture:
    """The DOT source of one recording (``definition``) of Graph function
    ``graph``."""
    # Left to right: a Graph is a few phases deep and many tiles wide.
    lines = [f"digraph {_quote(graph.name)} {{",
             '  graph [fontname="Helvetica", fontsize=11, rankdir=LR, compound=true];',
             '  node [fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=9];']
    dependencies = sum(len(n.deps) for n in definition.nodes if isinstance(n, TaskNode))
    title = (f"Graph @{graph.name}: first recording, {len(definition.nodes)} nodes, "
             f"{dependencies} dependencies")
    lines.append(f"  label={_quote(title)};")
    lines.append("  labelloc=t;")
    # Boundary tensors: one node each, in one cluster; the tasks name the
    # ones they pass (an edge per use would cross the whole picture).
    names = {k: p.name or f"#{k}" for k, p in enumerate(graph.params)}
    lines.append("  subgraph cluster_boundary {")
    lines.append('    label="boundary tensors"; style=dotted; rank=source;')
    for k, p in enumerate(graph.params):
        if p.type.is_tensor:
            label = _quote("\n".join([names[k], p.type.name, p.direction]))
            lines.append(f'    b{k} [class="boundary", shape=ellipse, style=filled, '
                         f'fillcolor="#eef3fb", label={label}];')
    lines.append("  }")
    # Nodes, in nested clusters by frame path.
    tree: Dict[tuple, List[int]] = {}
    for i, node in enumerate(definition.nodes):
        tree.setdefault(node.frames, []).append(i)
    cluster_ids: Dict[tuple, int] = {}

    def node_line(i: int, indent: str) -> str:
        node = definition.nodes[i]
        if isinstance(node, AllocNode):
            return (f"{indent}n{i} [class=\"alloc\", shape=folder, label="
                    f"{_quote(f'#{i} alloc_tensors x{len(node.alloc_ids)}')}];")
        if node.kernel is None:
            return f"{indent}n{i} [class=\"fence\", shape=diamond, label={_quote(f'#{i} fence')}];"
        label = f"#{i} {node.kernel}"
        if node.blocks != 1:
            label += f"\nblocks {node.blocks}"
        if node.flags:
            label += "\n" + ", ".join(node.flags)
        uses = {"in": [], "out": []}
        for ref, direction in node.tensors:
            if ref[0] in ("exact", "view"):
                name = names[ref[1]] + ("[view]" if ref[0] == "view" else "")
                if direction in ("in", "inout"):
                    uses["in"].append(name)
                if direction in ("out", "inout"):
                    uses["out"].append(name)
        for key, used in uses.items():
            if used:
                label += f"\n{key}: {', '.join(dict.fromkeys(used))}"
        return f"{indent}n{i} [class=\"task\", shape=box, style=rounded, label={_quote(label)}];"

    paths = sorted(tree, key=lambda path: min(tree[path]))
    children: Dict[tuple, List[tuple]] = {}
    for path in paths:
        for depth in range(len(path)):
            parent, child = path[:depth], path[:depth + 1]
            siblings = children.setdefault(parent, [])
            if child not in siblings:
                siblings.append(child)

    def emit(path: tuple, indent: str) -> None:
        for i in tree.get(path, []):
            lines.append(node_line(i, indent))
        for child in children.get(path, []):
            number = cluster_ids.setdefault(child, len(cluster_ids))
            manual = child[-1][0] == "scope" and child[-1][2]
            lines.append(f"{indent}subgraph cluster_{number} {{")
            lines.append(f"{indent}  label={_quote(_frame_label(child[-1]))};")
            lines.append(indent + ('  style="filled,dashed";' if manual else "  style=dashed;"))
            if manual:
                lines.append(f"{indent}  fillcolor=\"#fff6e6\";")
            emit(child, indent + "  ")
            lines.append(f"{indent}}}")

    emit((), "  ")
    # Dependencies.
    for i, node in enumerate(definition.nodes):
        if not isinstance(node, TaskNode):
            continue
        for dep in node.deps:
            source = f"n{dep[1]}" if dep[0] == "node" else f"b{dep[1]}"
            lines.append(f"  {source} -> n{i} [class=\"dep\"];")
    lines.append("}")
    return GraphPicture(graph.name, "\n".join(lines) + "\n", len(definition.nodes), dependencies)


def draw_graphs(module: Module, entry: Optional[str] = None,
                scalars: Optional[Mapping[str, int]] = None) -> List[GraphPicture]:
    """:func:`graph_dot` of the first recording of every Graph ``module``'s
    entry launches (:func:`record_graphs`), in module order."""
    return [graph_dot(definition, graph)
            for definition, graph in record_graphs(module, entry, scalars).values()]


def graphviz_installed() -> bool:
    """Whether Graphviz's ``dot``, which :func:`render_svg` runs, is on PATH."""
    return shutil.which("dot") is not None


def render_svg(dot: str) -> str:
    """Renders DOT source with Graphviz's ``dot -Tsvg``.

    Raises:
        PictureError: ``dot`` is not on PATH, or it failed.
    """
    if not graphviz_installed():
        raise PictureError("--emit svg needs Graphviz's `dot` on PATH (Debian: apt install "
                           "graphviz); --emit dot writes the source without it")
    result = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True)
    if result.returncode != 0:
        raise PictureError(f"dot -Tsvg failed: {result.stderr.strip()}")
    return result.stdout
