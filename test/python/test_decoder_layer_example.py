"""examples/decoder_layer.py (written in pto_mlir.lang) builds the program of
examples/decoder_layer.mlir: the same module as written, and, printed,
re-parsed and legalized, the same Graph signature and the same ops as the
.mlir example legalized."""

from collections import Counter

from pto_mlir import pipelines
from pto_mlir.ir import Context, Module

from conftest import REPO, load_script


EXAMPLE_PY = REPO / "examples" / "decoder_layer.py"
EXAMPLE_MLIR = REPO / "examples" / "decoder_layer.mlir"


example = load_script("decoder_layer_example", EXAMPLE_PY)


def op_counts(module):
    """Number of ops of each kind, per top-level symbol."""
    counts = {}

    def walk(op, counter):
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    counter[inner.operation.name] += 1
                    walk(inner.operation, counter)

    for op in module.body.operations:
        op = op.operation
        counter = Counter()
        walk(op, counter)
        counts[(op.name, str(op.attributes["sym_name"]))] = counter
    return counts


def graph_signature(module):
    (g,) = [op.operation for op in module.body.operations if op.operation.name == "pto.graph"]
    return str(g.attributes["function_type"]), str(g.attributes["arg_attrs"])


def test_python_example_builds_the_mlir_example():
    with Context():
        built = example.build()
        assert built.operation.verify()
        from_file = Module.parse(EXAMPLE_MLIR.read_text())
        # Identical as written (the generic form prints no names).
        assert built.operation.get_asm(print_generic_op_form=True) == \
            from_file.operation.get_asm(print_generic_op_form=True)


def test_printed_module_legalizes_like_the_mlir_example():
    with Context():
        built = example.build()
        printed = built.operation.get_asm(use_name_loc_as_prefix=True)
        # Each value is named after the Python variable it is assigned to.
        for name in ("%layer_idx", "%one", "%base", "%wl", "%tmp", "%tmp1", "%c1",
                     "= pto.call @layer"):
            assert name in printed, name
        ours = Module.parse(printed)
        theirs = Module.parse(EXAMPLE_MLIR.read_text())
        pipelines.legalize_graph_boundary(ours)
        pipelines.legalize_graph_boundary(theirs)
        assert graph_signature(ours) == graph_signature(theirs)
        assert op_counts(ours) == op_counts(theirs)
        # The pipeline did hoist: the view, the allocation and the derived
        # scalar are parameters now.
        function_type, _ = graph_signature(ours)
        assert "!pto.tensor<128x128xf32>" in function_type
        assert op_counts(ours)[("pto.graph", '"layer"')]["pto.create"] == 0
