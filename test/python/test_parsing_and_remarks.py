"""The compiler's file parser (pto_mlir.parsing.parse_file, the C API's
mlirPTOParseSourceFile) and remarks delivered to Python with their
structured arguments (mlirPTOContextEnableRemarks)."""

import pytest

from pto_mlir import pipelines
from pto_mlir._mlir_libs import _site_initialize_0 as native
from pto_mlir.ir import Context, MLIRError
from pto_mlir.parsing import parse_file

SOURCE = """\
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @g(%w: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %i: index) {
    %c4 = arith.constant 4 : index
    %row = arith.muli %i, %c4 : index
    %wl = pto.slice %w[%row, 0] [4, 16] : !pto.tensor<16x16xf32> to !pto.tensor<4x16xf32>
    %0, %t = pto.submit @k(%wl, %row) : (!pto.tensor<4x16xf32>, index) -> !pto.tensor<4x16xf32>
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c1 = arith.constant 1 : index
    pto.call @g(%w, %c1) : (!pto.tensor<16x16xf32>, index) -> ()
    pto.return
  }
}
"""


def graph(module):
    return next(op for op in module.body.operations if op.operation.name == "pto.graph")


def test_parse_file_names_values_from_the_source(tmp_path):
    path = tmp_path / "p.mlir"
    path.write_text(SOURCE)
    with Context() as context:
        module = parse_file(path, context, name_locations=True)
        body = graph(module).operation.regions[0].blocks[0]
        assert [str(a.location).split("(")[1].split('"')[1] for a in body.arguments] == ["w", "i"]
        names = {op.operation.name: str(op.operation.location) for op in body.operations}
        assert names["pto.slice"].startswith('loc("wl"')
        # A numeric name is not a name: the file location stays.
        assert names["pto.submit"].startswith(f'loc("{path}":')
        plain = parse_file(path, context)
        plain_body = graph(plain).operation.regions[0].blocks[0]
        assert not str(plain_body.arguments[0].location).startswith('loc("w"')


def test_parse_file_can_leave_verification_to_the_caller(tmp_path):
    path = tmp_path / "p.mlir"
    path.write_text(SOURCE.replace("host_build_graph", "tensormap_and_ringbuffer"))
    with Context() as context:
        with pytest.raises(MLIRError, match="Unable to parse") as info:
            parse_file(path, context)
        (error,) = info.value.error_diagnostics
        assert "needs the host_build_graph runtime" in error.message
        module = parse_file(path, context, verify=False)
        with pytest.raises(MLIRError):
            module.operation.verify()


def test_parse_file_reports_a_missing_file(tmp_path):
    with Context() as context:
        with pytest.raises(MLIRError) as info:
            parse_file(tmp_path / "absent.mlir", context)
        assert "cannot open" in info.value.error_diagnostics[0].message


def test_remarks_reach_python_with_their_arguments(tmp_path):
    path = tmp_path / "p.mlir"
    path.write_text(SOURCE)
    with Context() as context:
        module = parse_file(path, context, name_locations=True)
        remarks = []
        handle = native.enable_remarks(context, "pto-legalize-graph-boundary",
                                       lambda *remark: remarks.append(remark))
        try:
            pipelines.legalize_graph_boundary(module)
        finally:
            native.disable_remarks(context, handle)
        by_name = {}
        for kind, name, category, function, location, message, args in remarks:
            assert category == "pto-legalize-graph-boundary" and function == "g"
            by_name.setdefault(name, []).append((kind, dict((k, v) for k, v, _ in args), message))
        (view,) = by_name["hoisted-view"]
        assert view[0] == "passed" and view[1]["Parameter"] == "0"  # %w left
        dead = {args["Parameter"]: (args.get("Name"), message)
                for _, args, message in by_name["dead-parameter"]}
        assert dead["0"][0] == "w" and dead["1"][0] == "i"
        assert "leaves the boundary" in dead["0"][1]
        # The added parameters say what they stand for.
        text = str(graph(module).operation)
        assert '#pto.hoisted<view, of = "w">' in text
        assert '#pto.hoisted<scalar, computed_by = "arith.muli">' in text
        # Off again: a second run reports nothing.
        count = len(remarks)
        pipelines.legalize_graph_boundary(module)
        assert len(remarks) == count


def test_remarks_can_be_selected_by_name(tmp_path):
    # pto-compile asks only for dead-parameter remarks: the legalization
    # remarks per moved op, and each remark that reaches Python costs.
    path = tmp_path / "p.mlir"
    path.write_text(SOURCE)
    with Context() as context:
        module = parse_file(path, context, name_locations=True)
        names = []
        handle = native.enable_remarks(context, "pto-legalize-graph-boundary",
                                       lambda *remark: names.append(remark[1]),
                                       ["dead-parameter"])
        try:
            pipelines.legalize_graph_boundary(module)
        finally:
            native.disable_remarks(context, handle)
    assert names == ["dead-parameter", "dead-parameter"]


def test_an_invalid_remark_category_expression_is_rejected():
    with Context() as context:
        with pytest.raises(ValueError, match="invalid remark category"):
            native.enable_remarks(context, "(", lambda *remark: None)
