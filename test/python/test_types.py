"""The pto types as Python classes: pto.TensorType, TaskIdType, TaskIdArrayType.

They wrap the C API (``mlirPTOTensorTypeGetChecked`` ...), so the invalid
inputs run in a child interpreter first: a C++ assertion or abort there
must fail one test, not kill the suite.
"""

import ast
import builtins
import json
import re
import runpy
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pto_mlir
from pto_mlir import builder as b
from pto_mlir.compile import graph_heap_bytes
from pto_mlir.dialects import pto
from pto_mlir.ir import (
    BF16Type,
    Context,
    F16Type,
    F32Type,
    F64Type,
    IndexType,
    IntegerType,
    Location,
    ShapedType,
    Type,
)

DYN = ShapedType.get_dynamic_size()


@pytest.mark.parametrize("shape, element, layout, text", [
    ([16, 128], F32Type.get, "nd", "!pto.tensor<16x128xf32>"),
    ([128, 16], F16Type.get, "dn", "!pto.tensor<128x16xf16, dn>"),
    ([4], BF16Type.get, None, "!pto.tensor<4xbf16>"),
    ([], lambda: IntegerType.get_signless(1), "nd", "!pto.tensor<i1>"),
    ([0, 3, 2], lambda: IntegerType.get_signless(64), "nd", "!pto.tensor<0x3x2xi64>"),
    ([None, 16], lambda: IntegerType.get_signless(8), "dn", "!pto.tensor<?x16xi8, dn>"),
    ([DYN, 2], F32Type.get, "nd", "!pto.tensor<?x2xf32>"),
])
def test_tensor_type_get_prints_and_round_trips(shape, element, layout, text):
    with Context():
        element_type = element()
        t = pto.TensorType.get(shape, element_type, layout)
        assert str(t) == text
        assert repr(t) == f"TensorType({text})"
        assert Type.parse(text) == t
        assert t.rank == len(shape)
        assert t.shape == [DYN if extent is None else extent for extent in shape]
        assert t.element_type == element_type
        assert t.layout == (layout or "nd")
        assert t.has_static_shape == all(e is not None and e != DYN for e in shape)


def test_tensor_type_properties_of_a_parsed_type():
    with Context():
        t = Type.parse("!pto.tensor<?x8x4xi32, dn>")
        # The type caster makes a parsed pto tensor a TensorType.
        assert isinstance(t, pto.TensorType)
        assert t.shape == [DYN, 8, 4]
        assert [t.is_dynamic_dim(i) for i in range(3)] == [True, False, False]
        assert str(t.element_type) == "i32" and isinstance(t.element_type, IntegerType)
        assert t.layout == "dn"
        assert not t.has_static_shape
        assert t.typeid == pto.TensorType.static_typeid
        assert pto.TensorType.type_name == "pto.tensor"


def test_isinstance_and_cast_of_each_type():
    with Context():
        tensor = pto.TensorType.get([4], F32Type.get())
        task_id = pto.TaskIdType.get()
        array = pto.TaskIdArrayType.get(3)
        builtin_tensor = Type.parse("tensor<4xf32>")
        others = [IndexType.get(), builtin_tensor, F32Type.get()]
        for cls, own in [(pto.TensorType, tensor), (pto.TaskIdType, task_id),
                         (pto.TaskIdArrayType, array)]:
            assert cls.isinstance(own)
            assert cls.isinstance(Type(own))     # a plain Type of the same
            assert isinstance(cls(Type(own)), cls)
            for other in others + [t for t in (tensor, task_id, array) if t is not own]:
                assert not cls.isinstance(other), (cls, other)
                with pytest.raises(ValueError, match=f"Cannot cast type to {cls.__name__}"):
                    cls(other)


def test_task_id_types():
    with Context() as ctx:
        t = pto.TaskIdType.get()
        assert str(t) == "!pto.task_id" and repr(t) == "TaskIdType(!pto.task_id)"
        assert t == Type.parse("!pto.task_id") == pto.TaskIdType.get(context=ctx)
        assert t.typeid == pto.TaskIdType.static_typeid
        array = pto.TaskIdArrayType.get(8)
        assert str(array) == "!pto.task_id_array<8>" and array.size == 8
        assert array == Type.parse("!pto.task_id_array<8>")
        assert pto.TaskIdArrayType.get(2 ** 32 - 1).size == 2 ** 32 - 1
        assert pto.TaskIdArrayType(Type.parse("!pto.task_id_array<5>")).size == 5
        assert pto.TaskIdArrayType.type_name == "pto.task_id_array"


def test_create_info_type():
    with Context():
        tensor = pto.TensorType.get([None, 128], BF16Type.get())
        info = pto.CreateInfoType.get(tensor)
        assert str(info) == "!pto.create_info<?x128xbf16>"
        assert info.tensor == tensor and pto.TensorType.isinstance(info.tensor)
        parsed = Type.parse("!pto.create_info<16xf32>")
        assert pto.CreateInfoType.isinstance(parsed) and not pto.TensorType.isinstance(parsed)
        assert pto.CreateInfoType(parsed).tensor.shape == [16]
        # What TensorCreateInfo cannot say: the verifier's message, no abort.
        for bad, message in ((pto.TensorType.get([16, 16], F32Type.get(), "dn"),
                              "which the runtime cannot allocate"),
                             (pto.TensorType.get([], F32Type.get()),
                              "which the runtime cannot allocate"),
                             (pto.TensorType.get([1 << 32], F32Type.get()),
                              "does not fit the runtime's 32-bit shapes")):
            with pytest.raises(ValueError, match=message):
                pto.CreateInfoType.get(bad)


def test_an_explicit_context_is_used():
    outer, inner = Context(), Context()
    with outer:
        assert pto.TaskIdType.get(context=inner).context is inner
        assert pto.TaskIdArrayType.get(2, context=inner).context is inner
        with inner:
            f32 = F32Type.get()
        assert pto.TensorType.get([2], f32, context=inner).context is inner
        assert pto.TensorType.get([2], f32).context is inner


# Every invalid input, with the exception type and a fragment of its message.
# Each runs first in a fresh context, where pto is registered but not loaded.
INVALID = {
    "f64 element": ("pto.TensorType.get([4], F64Type.get())", "ValueError",
                    "invalid tensor element type 'f64'"),
    "index element": ("pto.TensorType.get([4], IndexType.get())", "ValueError",
                      "invalid tensor element type 'index'"),
    "i7 element": ("pto.TensorType.get([4], IntegerType.get_signless(7))", "ValueError",
                   "invalid tensor element type 'i7'"),
    "signed element": ("pto.TensorType.get([4], IntegerType.get_signed(32))", "ValueError",
                       "invalid tensor element type 'si32'"),
    "negative extent": ("pto.TensorType.get([4, -3], F32Type.get())", "ValueError",
                        "tensor extents must be non-negative or '?'"),
    "dn rank 1": ("pto.TensorType.get([4], F32Type.get(), 'dn')", "ValueError",
                  "the 'dn' layout needs a tensor of rank 2 or more"),
    "dn rank 0": ("pto.TensorType.get([], F32Type.get(), 'dn')", "ValueError",
                  "the 'dn' layout needs a tensor of rank 2 or more"),
    "unknown layout": ("pto.TensorType.get([4], F32Type.get(), 'row')", "ValueError",
                       "unknown tensor layout 'row': expected nd or dn"),
    "other context": ("pto.TensorType.get([4], F32Type.get(), context=Context())",
                      "ValueError", "element_type belongs to another context"),
    "text element": ("pto.TensorType.get([4], 'f32')", "TypeError", "incompatible"),
    "float extent": ("pto.TensorType.get([4.5], F32Type.get())", "TypeError", "incompatible"),
    "size 0": ("pto.TaskIdArrayType.get(0)", "ValueError",
               "a task id array needs a size between 1 and 4294967295, got 0"),
    "negative size": ("pto.TaskIdArrayType.get(-1)", "ValueError", "got -1"),
    "size 2**32": ("pto.TaskIdArrayType.get(2 ** 32)", "ValueError", "got 4294967296"),
    "helper size 0": ("pto.task_id_array_type(0)", "ValueError",
                      "a task id array needs a positive size"),
    "helper extent": ("pto.tensor_type([-3], 'f32')", "ValueError",
                      "invalid tensor extent -3"),
    "helper element": ("pto.tensor_type([4], 'f64')", "ValueError",
                       "invalid tensor element type 'f64'"),
    "helper layout": ("pto.tensor_type([4], 'f32', 'dn')", "ValueError",
                      "the 'dn' layout needs a tensor of rank 2 or more"),
    "cast index": ("pto.TensorType(IndexType.get())", "ValueError",
                   "Cannot cast type to TensorType"),
}

_CHILD = textwrap.dedent("""
    import json, sys
    from pto_mlir.dialects import pto
    from pto_mlir.ir import Context, F32Type, F64Type, IndexType, IntegerType
    results = {}
    for name, expression in json.loads(sys.argv[1]).items():
        with Context():
            try:
                eval(expression)
                results[name] = ["no exception", ""]
            except Exception as error:
                results[name] = [type(error).__name__, str(error)]
    print(json.dumps(results))
""")


@pytest.fixture(scope="module")
def invalid_results():
    """Runs every INVALID expression in one child interpreter (an abort
    would show as its exit status)."""
    cases = {name: case[0] for name, case in INVALID.items()}
    done = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(cases)],
                          capture_output=True, text=True)
    assert done.returncode == 0, f"the child died ({done.returncode}):\n{done.stderr}"
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_input_raises_without_crashing(name, invalid_results):
    _, expected_type, fragment = INVALID[name]
    actual_type, message = invalid_results[name]
    assert actual_type == expected_type, message
    assert fragment in message


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_input_raises_in_process(name):
    """The same in this process, now that the child showed it is safe."""
    expression, expected_type, fragment = INVALID[name]
    namespace = dict(pto=pto, Context=Context, F32Type=F32Type, F64Type=F64Type,
                     IndexType=IndexType, IntegerType=IntegerType)
    with Context():
        with pytest.raises(Exception) as info:
            eval(expression, namespace)
    assert type(info.value).__name__ == expected_type
    assert fragment in str(info.value)


def test_no_current_context_is_an_error():
    with pytest.raises(RuntimeError, match="requires a Context"):
        pto.TaskIdType.get()


def test_helpers_return_the_classes():
    with Context():
        assert isinstance(pto.tensor_type([4, pto.DYNAMIC], "bf16"), pto.TensorType)
        assert pto.tensor_type([4, None], BF16Type.get()).shape == [4, DYN]
        assert isinstance(pto.task_id_type(), pto.TaskIdType)
        assert pto.task_id_array_type(4).size == 4
        assert isinstance(b.tensor([8, 8], "f32", "dn"), pto.TensorType)


def test_builder_reads_types_through_the_classes():
    with Context(), Location.unknown():
        src_t = b.tensor([b.DYNAMIC, 64], "bf16", "dn")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("x", b.tensor([8, 16], "bf16", "dn")),
                               b.param("y", b.tensor([8, 16], "bf16", "dn"), "out")])
            main = b.orchestration("main", [b.param("src", src_t),
                                            b.param("n", "index")])
            with b.inserting(main):
                src, n = b.arguments(main)
                assert isinstance(src.type, pto.TensorType)
                # The view keeps the element type and layout of its source.
                view = b.slice(src, [0, 0], [8, 16], name="view")
                assert str(view.type) == "!pto.tensor<8x16xbf16, dn>"
                wide = b.slice(src, [0, 0], [n, 16], name="wide")
                assert str(wide.type) == "!pto.tensor<?x16xbf16, dn>"
                with pytest.raises(ValueError, match="the source must be a !pto.tensor, got index"):
                    b.slice(n, [0], [1])
                with b.scope(manual=True):
                    ids = b.task_id_array(4)
                    with pytest.raises(ValueError, match="array needs one slot per iteration"):
                        with b.parallel(3, carry=[ids]):
                            pass
                    with pytest.raises(ValueError, match="needs a !pto.task_id_array, got index"):
                        b.array_get(n, 0)
                    with pytest.raises(ValueError, match="index 4 is out of bounds for an array of 4"):
                        b.array_get(ids, 4)
                    with pytest.raises(ValueError, match="init must be a !pto.task_id"):
                        b.task_id_array(2, init=ids)
                    _, tid = b.submit(k, [view])
                    assert isinstance(tid.type, pto.TaskIdType)
                    assert isinstance(b.array_update(ids, 1, tid).type, pto.TaskIdArrayType)
                    with pytest.raises(ValueError, match="value must be a !pto.task_id"):
                        b.array_update(ids, 1, ids)
                b.ret()
        with pytest.raises(ValueError, match="a scalar is passed by value"):
            b.param("n", "index", "out")


def test_graph_heap_bytes_reads_the_tensor_types():
    with Context():
        module = pto_mlir.ir.Module.parse("""
          module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
            pto.kernel aiv @k(%x: !pto.tensor<4x4xi1>,
                              %y: !pto.tensor<3x8xbf16, dn> {pto.direction = #pto.direction<out>})
            pto.graph @g(%x: !pto.tensor<4x4xi1>, %n: index) {
              %a = pto.create() : !pto.tensor<2x8xf32>
              %b = pto.create() : !pto.tensor<5xi16>
              %y, %t = pto.submit @k(%x) : (!pto.tensor<4x4xi1>) -> !pto.tensor<3x8xbf16, dn>
              pto.return
            }
          }""")
        graph = next(op for op in module.body.operations if op.operation.name == "pto.graph")
        # f32 2x8, i16 5, and the omitted out tail bf16 3x8 the runtime allocates.
        assert graph_heap_bytes(graph) == (2 * 8 * 4 + 5 * 2 + 3 * 8 * 2, True)
        dynamic = pto_mlir.ir.Module.parse("""
          module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
            pto.graph @g(%n: index) {
              %a = pto.create(%n) : !pto.tensor<?x8xf32>
              pto.return
            }
          }""")
        graph = next(op for op in dynamic.body.operations if op.operation.name == "pto.graph")
        assert graph_heap_bytes(graph) == (0, False)


def _unresolved_names(stub: ast.Module) -> set:
    """Names the stub's annotations use that it neither imports nor defines."""
    known = set(dir(builtins))
    annotations = []
    for node in ast.walk(stub):
        if isinstance(node, ast.ClassDef):
            known.add(node.name)
        elif isinstance(node, ast.Import):
            known |= {alias.asname or alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            known |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.FunctionDef):
            arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
            annotations += [a.annotation for a in arguments if a.annotation]
            annotations += [node.returns] if node.returns else []
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
    used = {n.id for a in annotations for n in ast.walk(a) if isinstance(n, ast.Name)}
    return used - known


def test_stubs_are_installed_and_describe_the_classes():
    package = Path(pto_mlir.__file__).parent
    libs = package / "_mlir_libs"
    tree = ast.parse((libs / "_pto_ir.pyi").read_text())
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    assert set(classes) == {"TensorType", "TaskIdType", "TaskIdArrayType",
                            "CreateInfoType", "DirectionAttr", "CoreTypeAttr",
                            "RuntimeAttr", "HoistedAttr"}
    assert ast.unparse(classes["TensorType"].bases[0]).endswith("ir.ShapedType")
    members = {name: {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
               for name, node in classes.items()}
    assert {"get", "isinstance", "layout"} <= members["TensorType"]
    assert {"get", "isinstance"} <= members["TaskIdType"]
    assert {"get", "isinstance", "size"} <= members["TaskIdArrayType"]
    assert {"get", "isinstance", "tensor"} <= members["CreateInfoType"]
    assert {"get", "isinstance", "kind", "of", "computed_by"} <= members["HoistedAttr"]
    assert _unresolved_names(tree) == set()
    assert _unresolved_names(ast.parse((libs / "_site_initialize_0.pyi").read_text())) == set()
    assert (libs / "_mlir" / "ir.pyi").is_file()
    assert (package / "py.typed").is_file()


def test_python_guide_example_runs(repo, tmp_path):
    guide = (repo / "docs" / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", guide, re.S)
    assert blocks, "docs/python.md has no Python example"
    for i, block in enumerate(blocks):
        # From a file, as a user runs it: pto_mlir.lang reads its functions' source.
        path = tmp_path / f"example_{i}.py"
        path.write_text(block)
        runpy.run_path(str(path), run_name="__main__")


def test_runtime_limits_come_from_the_compiler():
    """The runtime limits Python reports against are the C++ definitions
    (read through the C API); the simulator keeps its own copy on purpose,
    and the two agree."""
    from pto_mlir import compile as pto_compile
    from pto_mlir.sim import runtime as sim_runtime
    assert (pto.ALLOC_TENSORS_ARGS, pto.GRAPH_MAX_TENSOR_ARGS,
            pto.GRAPH_MAX_SCALAR_ARGS, pto.GRAPH_MAX_NODES) == (16, 128, 64, 1024)
    assert pto_compile.GRAPH_MAX_NODES is pto.GRAPH_MAX_NODES
    assert pto_compile.ALLOC_TENSORS_ARGS is pto.ALLOC_TENSORS_ARGS
    for name in ("ALLOC_TENSORS_ARGS", "GRAPH_MAX_TENSOR_ARGS",
                 "GRAPH_MAX_SCALAR_ARGS", "GRAPH_MAX_NODES"):
        assert getattr(sim_runtime, name) == getattr(pto, name), name
