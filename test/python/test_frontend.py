"""The Python front end of pto_mlir.builder: scalar arithmetic by operator
overloading, names, loops (b.range, b.parallel), scopes and task id arrays.

Programs are built, verified, legalized (Graphs) and translated to C++,
which must compile against the runtime API header; argument mistakes raise
ValueError at the call, and IR the verifiers reject raises MLIRError at the
line of this file that built the op."""

import inspect
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pto_mlir import builder as b
from pto_mlir.dialects import arith
from pto_mlir.ir import Context, F32Type, IndexType, IntegerType, MLIRError
from pto_mlir.translate import header_defines
from pto_mlir.pipelines import legalize_graph_boundary
from pto_mlir.translate import to_orchestration_cpp

from conftest import REPO

README = REPO / "README.md"
CXX = shutil.which("g++")
CXX_FLAGS = ["-std=c++17", "-fsyntax-only", "-Werror", "-I", str(REPO / "runtime" / "include")]
needs_cxx = pytest.mark.skipif(CXX is None, reason="g++ is not installed")
THIS_FILE = Path(__file__).name


def line_after() -> int:
    """The line after the caller's line."""
    return inspect.currentframe().f_back.f_lineno + 1


def compile_cpp(cpp: str, host_build_graph: bool) -> None:
    runtime = "host_build_graph" if host_build_graph else "tensormap_and_ringbuffer"
    flags = [*CXX_FLAGS, *header_defines(runtime, "spec")]
    result = subprocess.run([CXX, *flags, "-x", "c++", "-"], input=cpp,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr + "\n" + cpp


def named_asm(module) -> str:
    return module.operation.get_asm(use_name_loc_as_prefix=True)


# ----------------------------------------------------------------------------
# The spec's decoder layer: base = layer_idx * 128, a 4-trip loop
# ----------------------------------------------------------------------------

LAYERS = 4


def build_decoder_layer():
    """The decoder-layer example (examples/decoder_layer.py) written with
    operator overloading and b.range. Returns the module, ``base`` and the
    line that computes it."""
    x_t = b.tensor([16, 128], "f32")
    w_t = b.tensor([128, 128], "f32")
    w_all_t = b.tensor([LAYERS * 128, 128], "f32")
    module = b.module(runtime="host_build_graph")
    with b.inserting(module):
        matmul = b.kernel("matmul", [b.param("x", x_t), b.param("w", w_t),
                                     b.param("y", x_t, "out")], core_type="aic")
        add = b.kernel("add", [b.param("a", x_t), b.param("b", x_t),
                               b.param("c", x_t, "inout"),
                               b.param("scale", F32Type.get())], core_type="aiv")
        layer = b.graph("layer", [b.param("a", x_t), b.param("w", w_all_t),
                                  b.param("c", x_t, "inout"),
                                  b.param("layer_idx", IndexType.get())],
                        results=[x_t])
        with b.inserting(layer):
            a, w, c, layer_idx = b.arguments(layer)
            one = b.scalar(1.0, "f32", name="one")
            base_line = line_after()
            base = b.let(b.scalar(layer_idx) * 128, "base")
            wl = b.slice(w, [base, 0], [128, 128], name="wl")
            tmp = b.create([16, 128], "f32", name="tmp")
            tmp1, _ = b.submit(matmul, [a, wl, tmp], name="tmp1")
            c1, _ = b.submit(add, [tmp1, a, c, one], name="c1")
            b.ret([c1])
        main = b.orchestration("main", [b.param("a", x_t), b.param("w", w_all_t),
                                        b.param("c", x_t, "inout")])
        with b.inserting(main):
            a, w, c = b.arguments(main)
            with b.range(LAYERS, carry=[c], carry_names=["acc"], name="layer") as loop:
                (acc,) = loop.carried
                (nxt,) = b.call(layer, [a, w, acc, loop.iv], name="next")
                loop.yield_([nxt])
            assert len(loop.results) == 1 and loop.trip_count == LAYERS
            b.ret()
    return module, base, base_line


def test_decoder_layer_builds_verifies_and_keeps_names():
    with Context(), b.here():
        module, base, base_line = build_decoder_layer()
        assert module.operation.verify()
        text = named_asm(module)
        assert "%base = arith.muli %layer_idx, %c128 : index" in text
        assert re.search(r"scf\.for %layer = %c0 to %c4 step %c1 "
                         r"iter_args\(%acc = %c\)", text), text
        assert "%next = pto.call @layer(%a, %w, %acc, %layer)" in text
        # The arith op's location names it and is the line of this file
        # that built it.
        loc = base.value.owner.operation.location
        assert loc.is_a_name() and loc.name_str == "base"
        assert loc.child_loc.is_a_file()
        assert Path(loc.child_loc.filename).name == THIS_FILE
        assert loc.child_loc.start_line == base_line


def test_decoder_layer_legalizes_and_translates_with_the_loop_name():
    with Context(), b.here():
        module, _, _ = build_decoder_layer()
        legalize_graph_boundary(module)
        cpp = to_orchestration_cpp(module)
    # The loop variable's name reaches the C++ loop and the view's offset at
    # the call site: base, read only by the hoisted view, is recomputed there
    # from it (no scalar parameter), and layer_idx, read only by base, left
    # the Graph's boundary, so the launch passes no scalar at all.
    assert "for (int64_t layer = (int64_t)0; layer < (int64_t)4; layer += (int64_t)1)" in cpp
    base = re.search(r"const int64_t (base\w*) = .*\(layer\)", cpp)
    assert base, cpp
    base = base.group(1)
    assert re.search(rf"_offsets\[2\] = \{{\(uint32_t\)\({base}\), 0\}};", cpp), cpp
    assert "params_t0.add_scalar(" not in cpp
    assert "args.scalar(" not in cpp
    assert "rt_submit_graph(&main_graph_layer" in cpp
    if CXX is not None:
        compile_cpp(cpp, host_build_graph=True)


# ----------------------------------------------------------------------------
# case1: N_PHASES sequential phases of N_BRANCHES parallel branches
# ----------------------------------------------------------------------------

N_PHASES, N_BRANCHES, TILE_M = 3, 4, 16


def build_case1():
    """The spec's case1 shape in a manual scope: every launch of phase p
    depends on the task id array of phase p - 1 (the outer carry ``prev``);
    the parallel loop writes its own carrier ``tids``, one slot per branch."""
    data_t = b.tensor([N_PHASES * N_BRANCHES * TILE_M, 16], "f32")
    module = b.module()
    with b.inserting(module):
        stripe = b.kernel("kernel_stripe", [
            b.param("data", data_t), b.param("out", data_t, "inout"),
            b.param("row", IndexType.get()), b.param("scale", F32Type.get())])
        main = b.orchestration("case1", [b.param("data", data_t),
                                         b.param("out", data_t, "inout")])
        with b.inserting(main):
            data, out = b.arguments(main)
            scale = b.scalar(1.0, name="scale")
            with b.scope(manual=True, name="out_final") as s:
                seed = b.task_id_array(N_BRANCHES, name="seed")
                with b.range(N_PHASES, carry={"out_p": out, "prev": seed},
                             name="phase") as phases:
                    out_p, prev = phases.carried
                    with b.parallel(N_BRANCHES, carry={"out_b": out_p, "tids": prev},
                                    name="branch") as branches:
                        out_b, tids = branches.carried
                        row = b.let((phases.iv * N_BRANCHES + branches.iv) * TILE_M, "row")
                        out_b, tid = b.submit(stripe, [data, out_b, row, scale],
                                              deps=[prev], name="tid")
                        branches.yield_([out_b, b.array_update(tids, branches.iv, tid)])
                    phases.yield_(branches.results)
                s.yield_([phases.results[0]])
            (out_final,) = s.results
            b.ret()
    return module, phases, branches, s


def test_case1_builds_a_parallel_loop_in_a_manual_scope():
    with Context(), b.here():
        module, phases, branches, s = build_case1()
        assert module.operation.verify()
        assert "pto.parallel" in branches.op.operation.attributes
        assert "pto.parallel" not in phases.op.operation.attributes
        assert branches.trip_count == N_BRANCHES and phases.trip_count == N_PHASES
        assert s.manual and len(s.results) == 1
        text = named_asm(module)
    assert "pto.scope manual -> !pto.tensor<192x16xf32>" in text
    assert "%seed = pto.array_splat" in text
    assert "iter_args(%out_p = %out, %prev = %seed)" in text
    assert "iter_args(%out_b = %out_p, %tids = %prev)" in text
    assert "%row = arith.muli" in text
    assert "deps(%prev : !pto.task_id_array<4>)" in text
    assert "pto.array_update %tids[%branch]" in text


def test_case1_translates_and_compiles():
    with Context(), b.here():
        module, *_ = build_case1()
        cpp = to_orchestration_cpp(module)
    assert "PTO2_SCOPE(PTO2ScopeMode::MANUAL) {" in cpp
    assert "for (int64_t phase = (int64_t)0; phase < (int64_t)3; phase += (int64_t)1)" in cpp
    assert "for (int64_t branch = (int64_t)0; branch < (int64_t)4; branch += (int64_t)1)" in cpp
    assert "PTO2TaskId seed[4];" in cpp and "PTO2TaskId prev[4];" in cpp
    assert "PTO2TaskId tids[4];" in cpp
    assert "for (uint32_t k = 0; k < 4; ++k) tids[k] = prev[k];" in cpp
    assert "tids[branch] = tid;" in cpp
    assert "for (uint32_t k = 0; k < 4; ++k) prev[k] = tids[k];" in cpp
    assert "const int64_t row = " in cpp
    # Each phase waits for the whole previous phase (through a barrier the
    # prepare pipeline may insert, or one guarded slot per branch).
    assert "prev[k].is_valid()" in cpp
    if CXX is not None:
        compile_cpp(cpp, host_build_graph=False)


# ----------------------------------------------------------------------------
# Scalars
# ----------------------------------------------------------------------------


def function_body(*params):
    """An orchestration function with ``params``; returns the module, the
    function and its arguments (enter ``b.inserting(fn)`` to add ops)."""
    module = b.module()
    with b.inserting(module):
        fn = b.orchestration("f", list(params))
    return module, fn, b.arguments(fn)


def op_of(scalar):
    return scalar.value.owner.operation


def test_operators_build_arith_ops():
    with Context(), b.here():
        module, fn, (n, m) = function_body(b.param("n", IndexType.get()),
                                           b.param("m", IndexType.get()))
        with b.inserting(fn):
            x, y = b.scalar(n), b.scalar(m)
            cases = {
                "arith.addi": [x + y, x + 1, 1 + x],
                "arith.subi": [x - y, x - 1, 1 - x, -x],
                "arith.muli": [x * y, x * 2, 2 * x],
                "arith.divsi": [x // y, x // 2, 7 // x],
                "arith.remsi": [x % y, x % 3, 7 % x],
                "arith.andi": [x & y], "arith.ori": [x | 1], "arith.xori": [x ^ y],
                "arith.minsi": [b.min(x, 8)], "arith.maxsi": [b.max(0, x)],
            }
            for name, results in cases.items():
                for r in results:
                    assert isinstance(r, b.Scalar) and op_of(r).name == name
                    assert str(r.type) == "index"
            # Reflected operands keep their order: 1 - x is subi(1, x).
            r = 1 - x
            lhs = op_of(r).operands[0].owner
            assert lhs.operation.name == "arith.constant" and str(op_of(r).operands[1]) == str(n)
            # Comparisons: signed predicates, i1 results.
            for r, predicate in [(x < y, "slt"), (x <= 3, "sle"), (x > y, "sgt"),
                                 (x >= 0, "sge"), (x == y, "eq"), (x != 4, "ne"),
                                 (3 < x, "sgt")]:
                assert op_of(r).name == "arith.cmpi" and str(r.type) == "i1"
                value = op_of(r).attributes["predicate"].maybe_downcast().value
                assert value == int(getattr(arith.CmpIPredicate, predicate))
            both = (x < y) & (x > 0)
            assert str(both.type) == "i1"
            # Python ints stay Python ints.
            assert b.min(3, 5) == 3 and b.max(3, 5, 4) == 5
            b.ret()
        assert module.operation.verify()


def test_integer_types_constants_and_casts():
    with Context(), b.here():
        module, fn, (k,) = function_body(b.param("k", IntegerType.get_signless(32)))
        with b.inserting(fn):
            k = b.scalar(k)
            doubled = k * 2
            assert str(doubled.type) == "i32"
            constant = op_of(doubled).operands[1].owner.operation
            assert constant.name == "arith.constant"
            assert str(constant.attributes["value"]) == "2 : i32"
            wide = b.cast(k, "i64")
            assert op_of(wide).name == "arith.extsi" and str(wide.type) == "i64"
            narrow = b.cast(wide, "i8")
            assert op_of(narrow).name == "arith.trunci"
            as_index = b.cast(k, "index", name="k_index")
            assert op_of(as_index).name == "arith.index_cast" and as_index.name == "k_index"
            assert b.cast(k, "i32").value == k.value
            c = b.scalar(5, "i16", name="five")
            assert str(c.type) == "i16" and c.name == "five"
            f = b.scalar(0.5)
            assert str(f.type) == "f32"
            assert str(b.scalar(True).type) == "i1"
            b.ret()
        assert module.operation.verify()


def test_names_let_and_named():
    with Context(), b.here():
        module, fn, (n,) = function_body(b.param("n", IndexType.get()))
        with b.inserting(fn):
            last = b.let(b.scalar(n) - 1, "last")
            half = (b.scalar(n) // 2).named("half")
            c = b.let(7, "seven")
            assert (last.name, half.name, c.name) == ("last", "half", "seven")
            b.ret()
        text = named_asm(module)
        assert "%last = arith.subi %n, %c1 : index" in text
        assert "%half = arith.divsi %n, %c2 : index" in text
        assert "%seven = arith.constant 7 : index" in text


def test_scalars_are_accepted_where_values_are():
    """Slice offsets and sizes, create sizes, read indices, submit scalars,
    run-time loop bounds and carries."""
    with Context(), b.here():
        t = b.tensor([64, 16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("x", b.tensor([b.DYNAMIC, 16], "f32")),
                               b.param("y", b.tensor([b.DYNAMIC, 16], "f32"), "out"),
                               b.param("row", IndexType.get())])
            main = b.orchestration("main", [b.param("x", t),
                                            b.param("ctl", b.tensor([4], "i32")),
                                            b.param("n", IndexType.get())])
            with b.inserting(main):
                x, ctl, n = b.arguments(main)
                n = b.scalar(n)
                rows = b.let(b.min(n * 4, 64), "rows")
                with b.range(0, n, 1, carry=[0], carry_names=["total"], name="i") as loop:
                    (total,) = loop.carried
                    view = b.slice(x, [loop.iv % 4, 0], [rows, 16], name="view")
                    y = b.create([rows, 16], "f32", name="y")
                    first_row = b.cast(b.read(ctl, [loop.iv % 4]), "index", name="first_row")
                    b.submit(k, [view, y, loop.iv + first_row], name="launch")
                    loop.yield_([total + loop.iv])
                assert loop.trip_count is None
                (total,) = loop.results
                assert isinstance(total, b.Scalar)
                b.ret()
        assert module.operation.verify(), str(module)
        text = named_asm(module)
        assert re.search(r"scf\.for %i = %c0\w* to %n step %c1 iter_args\(%total = %c0\w*\)",
                         text), text
        assert "pto.slice %x [" in text
        assert re.search(r"%y = pto.create\(%rows\)", text), text
        cpp = to_orchestration_cpp(module)
    assert "for (int64_t i = (int64_t)0; i < n; i += (int64_t)1)" in cpp
    if CXX is not None:
        compile_cpp(cpp, host_build_graph=False)


def test_auto_scope_results_and_arrays():
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("c", t, "inout")])
            main = b.orchestration("main", [b.param("c", t, "inout")])
            with b.inserting(main):
                (c,) = b.arguments(main)
                with b.scope(name="done") as s:
                    c1, _ = b.submit(k, [c], name="c1")
                    s.yield_(c1)
                (done,) = s.results
                assert not s.manual and str(done.type) == str(t)
                with b.scope(manual=True):
                    _, t0 = b.submit(k, [done], name="t0")
                    ids = b.task_id_array(2, init=t0, name="ids")
                    first = b.array_get(ids, 0, name="first")
                    ids = b.array_update(ids, 1, first, name="ids2")
                    b.submit(k, [done], deps=[ids, b.array_get(ids, b.index(1))])
                b.ret()
        assert module.operation.verify()
        text = named_asm(module)
        assert re.search(r"%done = pto.scope -> !pto.tensor<16xf32> \{", text), text
        assert "%ids = pto.array_splat %t0_0 : !pto.task_id_array<2>" in text
        assert "%first = pto.array_get %ids[%c0] : !pto.task_id_array<2>" in text
        cpp = to_orchestration_cpp(module)
    assert "PTO2TaskId ids[2];" in cpp
    if CXX is not None:
        compile_cpp(cpp, host_build_graph=False)


# ----------------------------------------------------------------------------
# Errors
# ----------------------------------------------------------------------------


def test_value_errors_with_clear_messages():
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("c", t, "inout")])
            main = b.orchestration("main", [b.param("c", t, "inout"),
                                            b.param("n", IndexType.get()),
                                            b.param("w", IntegerType.get_signless(32))])
            with b.inserting(main):
                c, n, w = b.arguments(main)
                n, w = b.scalar(n), b.scalar(w)
                with pytest.raises(ValueError, match="needs a constant trip count"):
                    b.parallel(0, n)
                # arith.constant bounds are constant trip counts.
                assert b.parallel(1, b.index(7), 2).trip_count == 3
                with pytest.raises(ValueError, match="different types, index and i32"):
                    n + w
                with pytest.raises(ValueError, match="bounds have different types"):
                    b.range(n, w)
                with pytest.raises(ValueError, match="step must be positive"):
                    b.range(0, 4, 0)
                with pytest.raises(ValueError, match="// by the literal 0"):
                    n // 0
                with pytest.raises(ValueError, match="does not fit in i8"):
                    b.scalar(300, "i8")
                with pytest.raises(ValueError, match="index and integer scalars only"):
                    b.scalar(1.0) // 2
                with pytest.raises(ValueError, match="'/' divides floats"):
                    n / 2
                with pytest.raises(ValueError, match="Scalar wraps an index, integer or float"):
                    b.scalar(c)
                with pytest.raises(TypeError, match="no Python truth value"):
                    if n < 4:
                        pass
                with pytest.raises(ValueError, match="single task id"):
                    b.parallel(4, carry=[b.invalid_task_id()])
                with pytest.raises(ValueError, match=r"task_id_array<8>, but the loop runs 4"):
                    b.parallel(4, carry=[b.task_id_array(8)])
                with pytest.raises(ValueError, match="1 carried value\\(s\\) but 2 carry name"):
                    b.range(4, carry=[c], carry_names=["a", "b"])
                with pytest.raises(ValueError, match="index 4 is out of bounds for an array of 4"):
                    b.array_get(b.task_id_array(4), 4)
                with pytest.raises(ValueError, match="positive int size"):
                    b.task_id_array(0)
                with pytest.raises(ValueError, match="needs a !pto.task_id_array"):
                    b.array_update(c, 0, b.invalid_task_id())

                with b.range(4, carry=[c, n]) as loop:
                    with pytest.raises(ValueError, match="carries 2 value\\(s\\), yield_ got 1"):
                        loop.yield_([c])
                    with pytest.raises(ValueError,
                                       match="value #1 has type i32, but carry #1 has type index"):
                        loop.yield_([c, w])
                    with pytest.raises(ValueError, match="results exist after its with block"):
                        loop.results
                    loop.yield_([loop.carried[0], loop.carried[1] + 1])
                    with pytest.raises(ValueError, match="already called"):
                        loop.yield_([c, n])
                with pytest.raises(ValueError, match="inside the loop's with block"):
                    loop.yield_([c, n])

                # An error in a body ends the with block: ops go back to the
                # function body.
                with pytest.raises(ValueError):
                    with b.range(2):
                        n + w
                marker = b.index(42, name="after")
                assert marker.owner.operation.parent.name == "pto.orchestration"


def test_verifier_error_points_at_this_file():
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("c", t, "inout"), b.param("row", IndexType.get())])
            main = b.orchestration("main", [b.param("c", t, "inout"),
                                            b.param("n", IndexType.get())])
            with b.inserting(main):
                c, n = b.arguments(main)
                with b.scope(manual=True):
                    ids = b.task_id_array(4, name="ids")
                    bad_index_line = line_after()
                    b.array_get(ids, b.scalar(7), name="oops")
                b.ret()
        with pytest.raises(MLIRError) as info:
            module.operation.verify()
    message = str(info.value)
    assert "index 7 is out of bounds for '!pto.task_id_array<4>'" in message, message
    assert f'{THIS_FILE}":{bad_index_line}:' in message, message


def test_a_wrong_scalar_type_raises_at_the_launch():
    # Before, this surfaced only at verify; the builder sees the kernel's
    # signature and says so at the line that builds the launch.
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("c", t, "inout"), b.param("row", IndexType.get())])
            main = b.orchestration("main", [b.param("c", t, "inout"),
                                            b.param("n", IndexType.get())])
            with b.inserting(main):
                c, n = b.arguments(main)
                with b.range(4, name="i") as loop:
                    with pytest.raises(ValueError) as info:
                        b.submit(k, [c, loop.iv < n], name="bad")  # an i1 for an index
                b.ret()
    assert "@k scalar argument #0 has type i1, but the kernel declares index" in str(info.value)
    assert info.traceback[-1].path.name == "builder.py"
    assert any(Path(entry.path).name == THIS_FILE for entry in info.traceback)


# ----------------------------------------------------------------------------
# README
# ----------------------------------------------------------------------------


def test_readme_front_end_example_runs(capsys):
    text = README.read_text()
    section = text.split("## Python front end", 1)[1].split("\n## ", 1)[0]
    (snippet,) = re.findall(r"```py\n(.*?)```", section, re.S)
    exec(compile(snippet, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    for name in ("%base = arith.muli", "scf.for %layer", "iter_args(%acc = %c)", "%next"):
        assert name in printed, name
