"""Building, verifying, printing and re-parsing pto programs from Python."""

import inspect

import pytest

from pto_mlir import builder as b
from pto_mlir.dialects import arith, pto, scf
from pto_mlir.ir import Context, F32Type, IndexType, InsertionPoint, MLIRError, Module


def build_decoder_program():
    """A kernel, a Graph launching it, and an orchestration calling the Graph
    from a 4-trip loop. Returns the module and the line of the bad-op hook."""
    t = b.tensor([16, 128], "f32")
    w = b.tensor([512, 128], "f32")
    wl_t = b.tensor([128, 128], "f32")
    module = b.module(runtime="host_build_graph")
    with b.inserting(module):
        matmul = b.kernel("matmul", [b.param("x", t), b.param("w", wl_t),
                                     b.param("y", t, "out")], core_type="aic")
        add = b.kernel("add", [b.param("a", t), b.param("c", t, "inout"),
                               b.param("scale", F32Type.get())])
        layer = b.graph("layer", [b.param("a", t), b.param("w", w),
                                  b.param("c", t, "inout"),
                                  b.param("layer_idx", IndexType.get())],
                        results=[t])
        with b.inserting(layer):
            a, w_arg, c, layer_idx = b.arguments(layer)
            base = arith.MulIOp(layer_idx, b.index(128), loc=b._caller_location("base")).result
            wl = b.slice(w_arg, [base, 0], [128, 128], name="wl")
            tmp = b.create([16, 128], "f32", name="tmp")
            tmp1, _ = b.submit(matmul, [a, wl, tmp], name="tmp1")
            one = arith.ConstantOp(F32Type.get(), 1.0).result
            c1, _ = b.submit(add, [tmp1, c, one], name="c1")
            b.ret([c1])
        main = b.orchestration("main", [b.param("a", t), b.param("w", w),
                                        b.param("c", t, "inout")])
        with b.inserting(main):
            a, w_arg, c = b.arguments(main)
            loop = scf.ForOp(b.index(0), b.index(4), b.index(1), [c])
            with InsertionPoint(loop.body):
                (acc,) = b.call(layer, [a, w_arg, loop.inner_iter_args[0],
                                        loop.induction_variable], name="acc")
                scf.YieldOp([acc])
            b.ret()
    return module


def test_build_verify_print_reparse():
    with Context(), b.here():
        module = build_decoder_program()
        assert module.operation.verify()
        text = str(module)
        assert "pto.graph @layer" in text
        assert "pto.call @layer" in text
        assert "pto.submit @matmul" in text
        reparsed = Module.parse(text)
        assert reparsed.operation.verify()
        assert str(reparsed) == text


def test_names_flow_as_name_locations():
    with Context(), b.here():
        module = build_decoder_program()
        named = module.operation.get_asm(use_name_loc_as_prefix=True)
        for name in ("%layer_idx", "%base", "%wl", "%tmp", "%tmp1", "%c1", "%acc"):
            assert name in named, name


def test_verifier_error_raises_with_location():
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("a", t), b.param("c", t, "inout")])
            main = b.orchestration("main", [b.param("a", t)])
            with b.inserting(main):
                (a,) = b.arguments(main)
                bad_line = inspect.currentframe().f_lineno + 1
                b.submit(k, [a, a, b.index(3)])  # one scalar too many
                b.ret()
        with pytest.raises(MLIRError) as info:
            module.operation.verify()
    message = str(info.value)
    assert "passes 1 scalar, but @k has 0 scalar parameters" in message
    assert f'test_builder.py":{bad_line}:' in message


def test_type_and_attribute_helpers():
    with Context():
        assert str(pto.tensor_type([4, pto.DYNAMIC], "bf16")) == "!pto.tensor<4x?xbf16>"
        assert str(pto.tensor_type([8, 4], "f16", "dn")) == "!pto.tensor<8x4xf16, dn>"
        assert str(pto.task_id_type()) == "!pto.task_id"
        assert str(pto.task_id_array_type(4)) == "!pto.task_id_array<4>"
        assert str(pto.direction_attr("inout")) == "#pto.direction<inout>"
        assert str(pto.runtime_attr("host_build_graph")) == "#pto.runtime<host_build_graph>"
        with pytest.raises(ValueError):
            pto.tensor_type([4], "f64")
        with pytest.raises(ValueError):
            pto.tensor_type([-3], "f32")
        with pytest.raises(ValueError):
            pto.task_id_array_type(0)
        with pytest.raises(ValueError):
            pto.direction_attr("sideways")
        with pytest.raises(ValueError):
            b.param("n", IndexType.get(), "out")


@pytest.mark.parametrize("build", [
    "b.slice(a, [0], [8])", "b.create([4], 'f32')", "b.scalar(5)", "n + 1", "n < 2",
    "b.index(3)", "b.dim(a, 0)", "b.reshape(a, [4, 4])", "b.task_dummy()",
    "b.submit(k, [a])", "b.range(4)", "b.scope()", "b.task_id_array(2)", "b.ret()"])
def test_ops_outside_an_insertion_point_raise(build):
    """An op built after `with b.inserting(...)` has closed would be created
    detached: lost, or destroyed while used (an LLVM fatal error for
    `b.scalar(5) + 1`). Every builder function that creates ops raises."""
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("a", t)])
            main = b.orchestration("main", [b.param("a", t), b.param("n", "index")])
            with b.inserting(main):
                a, n = b.arguments(main)
                n = b.scalar(n)
        with pytest.raises(ValueError, match="needs an insertion point"):
            eval(build, {"b": b, "a": a, "n": n, "k": k})
        # Nothing was added: the body is still empty and verifies once closed.
        assert len(main.regions[0].blocks[0].operations) == 0


def test_arguments_of_a_kernel_declaration_raise():
    with Context(), b.here():
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("a", b.tensor([16], "f32"))])
        with pytest.raises(ValueError, match='"k" has no body, so no block arguments'):
            b.arguments(k)


def test_argument_mistakes_raise_at_the_call():
    """Mistakes the builder can see are Python errors at the call, not
    AttributeErrors from inside the op builder or errors at verify time."""
    with Context(), b.here():
        t = b.tensor([16], "f32")
        with pytest.raises(ValueError, match="needs an insertion point"):
            b.kernel("k", [b.param("a", t)])
        module = b.module()
        with b.inserting(module):
            # A type may be given as text.
            k = b.kernel("k", [b.param("a", "!pto.tensor<16xf32>"), b.param("n", "index")])
            assert str(b._signature(k)[0][1]) == "index"
            with pytest.raises(ValueError, match="'idx' is not a type"):
                b.param("n", "idx")
            with pytest.raises(TypeError, match="expected a Type or its text"):
                b.param("n", 3)
            g = b.graph("g", [b.param("a", t), b.param("n", "index")])
            main = b.orchestration("main", [b.param("a", t), b.param("f", "f32")])
            with b.inserting(main):
                a, f = b.arguments(main)
                with pytest.raises(TypeError, match="argument of @k #0 is int 7"):
                    b.submit(k, [7, b.index(1)])
                with pytest.raises(ValueError, match="scalar argument #0 has type f32, "
                                                     "but the kernel declares index"):
                    b.submit(k, [a, f])
                with pytest.raises(ValueError, match="argument #1 has type f32, but the "
                                                     "Graph declares index"):
                    b.call(g, [a, f])
                b.ret()


def test_submit_arity_checked_before_building():
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("a", t)])
            main = b.orchestration("main", [b.param("a", t)])
            with b.inserting(main):
                (a,) = b.arguments(main)
                with pytest.raises(ValueError, match="1 tensor parameters, got 2"):
                    b.submit(k, [a, a])


def _run_fresh(code: str):
    """Runs `code` in a fresh interpreter: a regression shows as an abort or
    a segfault there instead of killing the test session."""
    import subprocess
    import sys
    import textwrap
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=120)


PREAMBLE = """
    import gc
    from pto_mlir import builder as b
    from pto_mlir.ir import Context, MLIRError

    def build(t):
        m = b.module()
        with b.inserting(m):
            k = b.kernel("k", [b.param("a", t, "inout")])
            main = b.orchestration("main", [b.param("a", t, "inout")])
            with b.inserting(main):
                (a,) = b.arguments(main)
        return m, k, main, a
"""


def test_values_outlive_a_dropped_module():
    """A module built by b.module() lives as long as its Context: values
    and ops taken from it stay usable after the Module is dropped (MLIR
    would free the IR with the last reference, and a use then crashed)."""
    result = _run_fresh(PREAMBLE + """
    with Context(), b.here():
        t = b.tensor([4], "f32")
        _, k, main, a = build(t)
        gc.collect()
        print("type", a.type)
        with b.inserting(main):
            b.submit(k, [a])
            b.ret()
        main.verify()
        print("verified")
    """)
    assert result.returncode == 0, result.stderr
    assert "type !pto.tensor<4xf32>" in result.stdout and "verified" in result.stdout


def test_a_context_no_one_refers_to_is_freed_with_its_modules():
    """Holding b.module()'s modules must not keep their Contexts alive: a
    Module refers to its Context where the garbage collector does not see
    it, so a Context holding its modules leaked (600 builds of the small
    Qwen3 step: 600 live Contexts, 259 MB). A Context is freed once nothing
    refers to it, its modules or their IR; a value still held keeps it."""
    result = _run_fresh(PREAMBLE + """
    for _ in range(20):
        with Context(), b.here():
            build(b.tensor([4], "f32"))
    with Context(), b.here():
        _, k, main, kept = build(b.tensor([4], "f32"))
    del k, main
    for _ in range(20):
        with Context(), b.here():
            build(b.tensor([4], "f32"))
    gc.collect()
    # The context of `kept` and the last one made (held until the next
    # b.module() looks).
    print("live", Context._get_live_count())
    print("kept", kept.type)
    """)
    assert result.returncode == 0, result.stderr
    assert "live 2" in result.stdout and "kept !pto.tensor<4xf32>" in result.stdout


@pytest.mark.parametrize("use", [
    "b.submit(k2, [a1])",
    "b.submit(k1, [a2])",
    "b.call(g1, [a2])",
    "b.ret([a1])",
    "b.slice(a1, [0], [2])",
    "b.scalar(n1) + 1",
    "b.kernel('k3', [b.param('x', t1)])",
    "b.kernel('k3', [p1])",
    "b.graph('g3', [b.param('x', t2)], results=[t1])",
])
def test_another_contexts_objects_raise_value_error(use):
    """A value, type, op or parameter of another Context (an exited one
    included) is a ValueError at the call; nothing aborts at exit."""
    result = _run_fresh(PREAMBLE + f"""
    with Context(), b.here():
        t1 = b.tensor([4], "f32")
        p1 = b.param("x", t1)
        m1 = b.module("host_build_graph")
        with b.inserting(m1):
            k1 = b.kernel("k", [b.param("a", t1, "inout")])
            g1 = b.graph("g", [b.param("a", t1, "inout")])
            main1 = b.orchestration("main", [b.param("a", t1, "inout"), b.param("n", "index")])
            with b.inserting(main1):
                a1, n1 = b.arguments(main1)
    with Context(), b.here():
        t2 = b.tensor([4], "f32")
        m2 = b.module("host_build_graph")
        with b.inserting(m2):
            k2 = b.kernel("k", [b.param("a", t2, "inout")])
            main2 = b.orchestration("main", [b.param("a", t2, "inout")])
            with b.inserting(main2):
                (a2,) = b.arguments(main2)
                try:
                    {use}
                    print("accepted")
                except ValueError as error:
                    print("ValueError:", error)
                b.ret()
        m2.operation.verify()
    print("exit")
    """)
    assert result.returncode == 0, result.stderr
    assert "belongs to another Context" in result.stdout, result.stdout
    assert "accepted" not in result.stdout and "exit" in result.stdout


def test_mixed_kernel_names_its_lanes():
    """A mixed kernel is built with its lanes (ops or names) and prints
    them; lanes on another core type, or a wrong count, raise ValueError."""
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            params = [b.param("x", t, "inout")]
            cube = b.kernel("cube", params, core_type="aic")
            vec = b.kernel("vec", params, core_type="aiv")
            b.kernel("both", params, core_type="mixed", lanes=[cube, vec, "vec"])
            for core_type, lanes in (("mixed", []), ("mixed", [cube]), ("aiv", [cube, vec]),
                                     ("mixed", [cube, vec, vec, vec])):
                with pytest.raises(ValueError, match="a mixed kernel names 2 or 3 lanes"):
                    b.kernel("bad", params, core_type=core_type, lanes=lanes)
        module.operation.verify()
        assert "pto.kernel mixed(@cube, @vec, @vec) @both(" in str(module)


def test_fills_descriptions_and_float_constants_check_their_input():
    """b.full and b.create_info: a negative extent is an error, not the
    dynamic marker; a float constant past its type's largest value is an
    error, not an infinity (one written as such is kept)."""
    with Context(), b.here():
        module = b.module(runtime="tensormap_and_ringbuffer")
        with b.inserting(module):
            main = b.orchestration("main", [])
            with b.inserting(main):
                with pytest.raises(ValueError, match="extent #0 is -1: an extent is 0 or more"):
                    b.create_info([-1], "f32")
                with pytest.raises(ValueError, match="extent #1 is -2"):
                    b.full([4, -2], 0, "i32")
                with pytest.raises(ValueError, match=r"1e\+300 does not fit in f32"):
                    b.full([4], 1e300, "f32")
                with pytest.raises(ValueError, match="does not fit in f16"):
                    b.full([4], 70000, "f16")
                with pytest.raises(ValueError, match="does not fit in f32"):
                    b.full([4], 1 << 2000, "f32")
                ones = b.full([4], float("inf"), "f32")
                assert "0x7F800000" in str(ones.owner.operands[0].owner)
                b.ret()
        module.operation.verify()
