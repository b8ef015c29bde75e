"""The compile report as one self-contained HTML page (``pto-compile --emit
html``): per Graph, its boundary before and after legalizing, each value
hoisted to the call sites, the legalization's remarks (why each value moved
or stayed), the measures of the text report, and the picture of its first
recording (inline SVG when Graphviz is installed, else its DOT source).
Nothing is fetched: styles are inline and the pictures embedded."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, Sequence

if TYPE_CHECKING:
    from .graph_picture import GraphPicture

_STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 2em; color: #1d2430; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccd; }
h3 { font-size: 1em; margin-bottom: .3em; }
table { border-collapse: collapse; margin: .3em 0 1em 0; }
td, th { border: 1px solid #d8dce6; padding: .2em .6em; text-align: left; vertical-align: top; }
th { background: #eef3fb; }
code { font-family: Menlo, Consolas, monospace; font-size: .92em; }
.pair { display: flex; gap: 2em; flex-wrap: wrap; }
.moved { color: #1b6e2e; } .stayed { color: #8a5a00; }
.picture { overflow: auto; max-height: 60em; border: 1px solid #d8dce6; }
.meta td:first-child { font-weight: bold; }
"""


@dataclass
class Remark:
    """One remark of the legalization: its name (``hoisted-view``,
    ``view-left-in-place``, ...), kind (``passed`` when something moved,
    ``missed`` when it stayed), the Graph (function) it is about, where,
    and what it says."""

    name: str
    kind: str
    function: str
    location: str
    message: str


def _e(text: object) -> str:
    return html.escape(str(text))


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]], cls: str = "") -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row in rows)
    attr = f' class="{cls}"' if cls else ""
    # A key-value table has no header row.
    head = f"<tr>{head}</tr>" if any(headers) else ""
    return f"<table{attr}>{head}{body}</table>"


def _boundary(title: str, values) -> str:
    rows = [(f"<code>{_e(v.name)}</code>", f"<code>{_e(v.type)}</code>",
             _e(v.direction or "scalar")) for v in values]
    return f"<div><h3>{_e(title)}</h3>" + _table(("name", "type", "direction"), rows) + "</div>"


def _bytes(n: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n} B ({n / scale:.1f} {unit})"
    return f"{n} B"


def _svg_body(svg: str) -> str:
    """The ``<svg>`` element of Graphviz's output (its XML prolog and
    doctype do not belong inside HTML)."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


def report_html(report, pictures: Sequence["GraphPicture"] = (),
                remarks: Sequence[Remark] = ()) -> str:
    """The page of ``report`` (:class:`pto_mlir.compile.Report`), with the
    ``pictures`` of its Graphs and the legalization's ``remarks``."""
    from .graph_picture import short_loc
    by_graph: Dict[str, List[Remark]] = {}
    for remark in remarks:
        by_graph.setdefault(remark.function, []).append(remark)
    picture_of = {p.graph: p for p in pictures}
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>pto-compile report: {_e(report.input)}</title>",
           f"<style>{_STYLE}</style></head><body>",
           f"<h1>pto-compile report: <code>{_e(report.input)}</code></h1>"]
    runtime = report.runtime + (" (set by --runtime)" if report.runtime_overridden else "")
    meta = [("runtime", _e(runtime)), ("runtime API", _e(report.runtime_api)),
            ("Graphs", len(report.graphs))]
    heap = report.orchestration_heap
    meta.append(("orchestration heap per run",
                 f"{_bytes(heap.bytes_before)} before, {_bytes(heap.bytes_after)} after "
                 f"legalizing; {heap.allocation_calls} allocation calls"))
    if report.timings:
        meta.append(("compile time", _e(", ".join(f"{k} {v:.3f} s"
                                                   for k, v in report.timings.items()))))
    out.append(_table(("", ""), meta, "meta"))
    if report.graphs:
        out.append("<p>" + " · ".join(f'<a href="#graph-{_e(g.name)}">@{_e(g.name)}</a>'
                                      for g in report.graphs) + "</p>")
    for g in report.graphs:
        out.append(f'<section id="graph-{_e(g.name)}"><h2>Graph @{_e(g.name)}</h2>')
        status = "within" if 1 <= g.recorded_nodes <= g.node_limit else "OUTSIDE"
        out.append(_table(("", ""), [
            ("recorded nodes", f"{g.recorded_nodes} of {g.node_limit} ({status} the limit; "
                               f"{g.recorded_nodes_before} as written)"),
            ("graph heap per call", f"{_bytes(g.heap_bytes_per_call_before)} before, "
                                    f"{_bytes(g.heap_bytes_per_call_after)} after"),
            ("calls per run", f"{g.calls}, from {g.call_sites} call site(s)"),
            ("orchestration heap its callers allocate",
             f"{_bytes(g.call_site_heap_bytes_per_call)} per call, "
             f"{_bytes(g.call_site_heap_bytes_per_run)} per run, in "
             f"{g.call_site_allocation_calls} allocation call(s)"),
            ("dropped from the boundary",
             ", ".join(f"<code>{_e(v.name)}</code>" for v in g.dropped) or "none"),
        ], "meta"))
        out.append('<div class="pair">')
        out.append(_boundary("boundary before", g.tensors_before + g.scalars_before))
        out.append(_boundary("boundary after", g.tensors_after + g.scalars_after))
        out.append("</div>")
        out.append(f"<h3>hoisted to the call sites: {len(g.hoisted)}</h3>")
        if g.hoisted:
            out.append(_table(("name", "kind", "type", "from", "callers' buffer"), [
                (f"<code>{_e(h.name)}</code>", _e(h.kind), f"<code>{_e(h.type)}</code>",
                 f"<code>{_e(h.source or '')}</code>",
                 f"<code>{_e(h.call_site_name or '')}</code>") for h in g.hoisted]))
        graph_remarks = by_graph.get(g.name, [])
        out.append(f"<h3>what the legalization decided: {len(graph_remarks)} remark(s)</h3>")
        if graph_remarks:
            out.append(_table(("", "remark", "where", "why"), [
                (f'<span class="{"moved" if r.kind == "passed" else "stayed"}">'
                 f'{"moved" if r.kind == "passed" else "stayed"}</span>',
                 f"<code>{_e(r.name)}</code>", f"<code>{_e(short_loc(r.location))}</code>",
                 _e(r.message)) for r in graph_remarks]))
        picture = picture_of.get(g.name)
        if picture is None and pictures:
            out.append("<p>No picture: the entry did not launch this Graph with the "
                       "arguments the picture was drawn with.</p>")
        if picture is not None:
            out.append(f"<h3>first recording: {picture.nodes} nodes, "
                       f"{picture.dependencies} dependencies</h3>")
            if picture.svg:
                out.append(f'<div class="picture">{_svg_body(picture.svg)}</div>')
            else:
                out.append("<p>Graphviz's <code>dot</code> is not on PATH: the picture's "
                           "source, for any DOT viewer:</p>")
                out.append(f"<details><summary>DOT</summary><pre>{_e(picture.dot)}</pre>"
                           "</details>")
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def external_references(page: str) -> List[str]:
    """The URLs ``page`` would fetch (``src``/``href`` to a scheme other than
    a fragment): none for a page :func:`report_html` makes."""
    return [url for url in re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', page)
            if not url.startswith("#")]

