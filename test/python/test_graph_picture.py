"""pto-compile --emit dot / svg: the picture of each Graph's first recording
(pto_mlir.graph_picture). The Qwen3 Graph's counts are checked against the
stub runtime in test_qwen3_full_example.py."""

import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from conftest import REPO

from pto_mlir import compile as pto_compile_module
from pto_mlir import graph_picture
from pto_mlir.report_page import external_references

T = "!pto.tensor<16xf32>"
INOUT = "{pto.direction = #pto.direction<inout>}"

#: One task per iteration of a 2-trip loop, then two tasks in a manual
#: scope, the second waiting for the first.
PROGRAM = f"""module attributes {{pto.runtime = #pto.runtime<host_build_graph>}} {{
  pto.kernel aiv @k(%x: {T} {INOUT})
  pto.kernel aiv @r(%x: {T}, %y: {T} {INOUT})
  pto.graph @g(%w: {T}, %x: {T} {INOUT}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %c2 step %c1 {{
      %y, %t = pto.submit @k(%x) : ({T}) -> {T}
    }}
    pto.scope manual {{
      %y, %t = pto.submit @r(%w, %x) : ({T}, {T}) -> {T}
      %y1, %t1 = pto.submit @k(%y) deps(%t : !pto.task_id) : ({T}) -> {T}
    }}
    pto.return
  }}
  pto.orchestration @main(%w: {T}, %x: {T} {INOUT}, %n: index) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {{
      pto.call @g(%w, %x) : ({T}, {T}) -> ()
    }}
    pto.return
  }}
}}
"""


def compile_to(tmp_path, text, *args):
    source = tmp_path / "prog.mlir"
    source.write_text(text)
    return subprocess.run([shutil.which("pto-compile"), str(source), "-o",
                           str(tmp_path / "out"), "-q", *args], capture_output=True, text=True)


def test_dot_groups_nodes_by_loop_iteration_and_manual_scope(tmp_path):
    result = compile_to(tmp_path, PROGRAM, "--emit", "dot", "--entry-scalar", "n=3")
    assert result.returncode == 0, result.stderr
    dot = (tmp_path / "out" / "prog.g.dot").read_text()
    assert len(re.findall(r'class="task"', dot)) == 4
    assert len(re.findall(r'-> n\d+ \[class="dep"\]', dot)) == 1
    assert "n2 -> n3 [class=\"dep\"]" in dot
    # Loop iterations 0 and 1, each a cluster with its task; the manual
    # scope filled; all inside the scope the prepare pipeline puts around
    # the body.
    assert len(re.findall(r"label=\"scf\.for prog\.mlir:\d+:\d+: iteration [01]\"", dot)) == 2
    assert re.search(r'label="manual pto\.scope prog\.mlir:\d+:\d+";\s*style="filled,dashed"',
                     dot)
    # Boundary tensors with their directions; each task names those it passes.
    assert re.search(r'b0 \[class="boundary".*label="w\\n!pto.tensor<16xf32>\\nin"', dot)
    assert re.search(r'b1 \[class="boundary".*label="x\\n!pto.tensor<16xf32>\\ninout"', dot)
    assert re.search(r'n2 \[class="task".*label="#2 r\\nin: w, x\\nout: x"', dot)

def test_picture_api_counts(tmp_path):
    from pto_mlir import pipelines
    from pto_mlir.ir import Context, Module
    with Context():
        module = Module.parse(PROGRAM)
        pipelines.legalize_graph_boundary(module)
        pipelines.run_pipeline(module, "pto-orchestration-prepare-pipeline")
        # Parsed without name locations: a parameter is named arg<i>.
        [picture] = graph_picture.draw_graphs(module, scalars={"arg2": 1})
    assert (picture.graph, picture.nodes, picture.dependencies) == ("g", 4, 1)


@pytest.mark.parametrize("args, message", [
    ((), "takes the scalar argument(s) n: give each with --entry-scalar NAME=VALUE"),
    (("--entry-scalar", "m=1"), "takes the scalar argument(s) n"),
    (("--entry-scalar", "n=1", "--entry-scalar", "m=1"), "@main has no scalar parameter named m"),
])
def test_dot_needs_the_entry_scalars(tmp_path, args, message):
    result = compile_to(tmp_path, PROGRAM, "--emit", "dot", *args)
    assert result.returncode == 1
    assert message in result.stderr
    assert "drawing failed: nothing written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_entry_scalar_must_be_name_equals_integer(tmp_path):
    result = compile_to(tmp_path, PROGRAM, "--emit", "dot", "--entry-scalar", "n")
    assert result.returncode == 2
    assert "expected NAME=INTEGER" in result.stderr


def test_dot_is_for_host_build_graph(tmp_path):
    text = PROGRAM.replace("host_build_graph", "tensormap_and_ringbuffer")
    text = text[:text.index("  pto.graph")] + """  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %y, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}
"""
    result = compile_to(tmp_path, text, "--emit", "dot")
    assert result.returncode == 1
    assert "only the host_build_graph runtime makes" in result.stderr


def test_svg_without_graphviz_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name, *a, **k: None)
    with pytest.raises(graph_picture.PictureError, match="needs Graphviz's `dot` on PATH"):
        graph_picture.render_svg("digraph g {}")


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_svg_is_rendered_with_the_classes(tmp_path):
    result = compile_to(tmp_path, PROGRAM, "--emit", "svg", "--entry-scalar", "n=1")
    assert result.returncode == 0, result.stderr
    svg = (tmp_path / "out" / "prog.g.svg").read_text()
    assert svg.count('class="node task"') == 4
    assert svg.count('class="edge dep"') == 1


def test_emit_kinds_are_known():
    assert set(pto_compile_module.PICTURE_KINDS) == {"dot", "svg", "html"}
    with pytest.raises(ValueError, match="unknown --emit kind 'png'"):
        pto_compile_module.compile_program("x.mlir", emit=["png"])


class _Page(HTMLParser):
    """The parts of report.html the tests read: section ids, table cells per
    section, the inline SVG elements and the elements that could fetch."""

    def __init__(self):
        super().__init__()
        self.sections, self.cells, self.svgs, self.fetching = [], {}, 0, []
        self._cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section":
            self.sections.append(attrs["id"])
        if tag == "svg":
            self.svgs += 1
        if tag in ("script", "link", "img", "iframe") or (
                tag != "a" and ("src" in attrs or "href" in attrs)):
            self.fetching.append(tag)
        if tag == "td":
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self.cells.setdefault(self.sections[-1] if self.sections else "", []).append(
                "".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def test_html_page_holds_the_report_the_remarks_and_the_picture(tmp_path):
    """Issue 33: --emit html writes one self-contained page: per Graph the
    boundary before and after, each hoist, the legalization's remarks and
    the picture (inline SVG with Graphviz, the DOT source without)."""
    result = compile_to(tmp_path, (REPO / "examples" / "decoder_layer.mlir").read_text(),
                        "--emit", "html")
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "out" / "report.html").read_text()
    page = _Page()
    page.feed(text)
    assert page.sections == ["graph-layer"]
    assert page.fetching == [] and external_references(text) == []
    cells = page.cells["graph-layer"]
    # Boundary before (a, w, c, layer_idx) and after (a, c, tmp, wl).
    for name in ("a", "w", "c", "layer_idx", "tmp", "wl"):
        assert name in cells, (name, cells)
    # The hoists, and the remarks that say why.
    assert "hoisted-view" in cells and "hoisted-allocation" in cells
    assert any("leaves the boundary" in c for c in cells)
    # The text report's measures: the allocation node left the recording.
    assert cells[cells.index("recorded nodes") + 1] == "2 of 1024 (within the limit; 3 as written)"
    if shutil.which("dot"):
        assert page.svgs == 1 and 'class="node task"' in text
    else:
        assert page.svgs == 0 and "<details><summary>DOT</summary>" in text


def test_html_page_without_graphviz_carries_the_dot_source(tmp_path, monkeypatch):
    real_which = shutil.which
    monkeypatch.setattr(shutil, "which",
                        lambda name, *a, **k: None if name == "dot" else real_which(name, *a, **k))
    result = pto_compile_module.compile_program(REPO / "examples" / "decoder_layer.mlir",
                                                tmp_path / "out", emit=["html"])
    text = (tmp_path / "out" / "report.html").read_text()
    page = _Page()
    page.feed(text)
    assert page.svgs == 0 and "<details><summary>DOT</summary>" in text
    assert "digraph &quot;layer&quot;" in text
    assert [p.graph for p in result.pictures] == ["layer"] and result.remarks


def test_html_page_of_a_program_without_graphs(tmp_path):
    """A tensormap program has no Graphs to draw: its page is the report."""
    text = (REPO / "examples" / "orch_basic.mlir").read_text()
    result = compile_to(tmp_path, text, "--emit", "html")
    assert result.returncode == 0, result.stderr
    page = _Page()
    page.feed((tmp_path / "out" / "report.html").read_text())
    assert page.sections == [] and page.svgs == 0


def test_html_page_says_which_graph_was_not_launched(tmp_path):
    text = PROGRAM.replace("pto.orchestration @main", """pto.graph @idle(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %y, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @main""")
    result = compile_to(tmp_path, text, "--emit", "html,dot", "--entry-scalar", "n=1")
    assert result.returncode == 0, result.stderr
    html_text = (tmp_path / "out" / "report.html").read_text()
    page = _Page()
    page.feed(html_text)
    assert page.sections == ["graph-g", "graph-idle"]
    assert html_text.count("the entry did not launch this Graph") == 1
    assert sorted(p.name for p in (tmp_path / "out").glob("*.dot")) == ["prog.g.dot"]
