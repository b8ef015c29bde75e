"""pto_mlir.lang: programs written as decorated Python functions build the IR
the builder builds, every op at its Python line and column and named after
its variable; errors in a program are LangErrors at the Python expression."""

import inspect
import re
import subprocess
import sys
import textwrap

import pytest

from pto_mlir import builder as b
from pto_mlir import lang as pto
from pto_mlir.ir import Context

from conftest import REPO, load_script

X = pto.Tensor[[16, 128], pto.f32]
T = pto.Tensor[[16, 16], pto.f32]
LENS = pto.Tensor[[8], pto.i32]


@pto.kernel(core="aiv")
def step(a: X, c: pto.InOut[X], k: pto.Index): ...


@pto.kernel(core="aiv")
def tile(a: T, c: pto.InOut[T]): ...


def text(*functions, runtime="host_build_graph") -> str:
    with Context():
        return b.to_text(pto.module(*functions, runtime=runtime))


def line_of(fn, needle: str) -> int:
    """The file line of the first source line of ``fn`` containing ``needle``."""
    lines, first = inspect.getsourcelines(fn.fn)
    return first + next(i for i, line in enumerate(lines) if needle in line)


def test_loop_carries_the_values_it_reassigns():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], n: pto.Index):
        total = 0
        for i in pto.range(1, n, 2):
            c = step(a, c, i)
            total = total + i
        c = step(a, c, total)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert "%c_0:2 = scf.for %arg3 = %c1 to %n step %c2 iter_args(%arg4 = %c, %arg5 = %c0)" in ir
    assert "%total = arith.addi %arg5, %arg3 : index" in ir
    assert re.search(r"scf.yield %c_\d+, %total : !pto.tensor<16x128xf32>, index", ir)
    assert "pto.submit @step(%a, %c_0#0, %c_0#1)" in ir


def test_a_loop_carries_only_what_is_read_again():
    """Liveness decides the carries: `c` is read by the next iteration and
    after the loop; `k` and the inner loop's `j` (bound before, as a Python
    int) are reassigned but never read again, so they are not carried."""
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], n: pto.Index):
        k = 0
        for j in range(2):
            k = k + j
        for i in pto.range(n):
            k = i * 2
            for j in pto.range(4):
                c = step(a, c, j + k)
        c = step(a, c, 1)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    loops = re.findall(r"scf.for .* iter_args\((.*)\) -> \((.*)\) \{", ir)
    assert [types for _, types in loops] == ["!pto.tensor<16x128xf32>"] * 2, loops


V = pto.Tensor[[None], pto.f32]


@pto.kernel(core="aiv")
def scratch(x: V, s1: pto.Out[V], s2: pto.Out[V], out: pto.Out[V], n: pto.Index): ...


def test_create_info_describes_buffers_the_runtime_allocates():
    """A create info stands in the place of an out tensor, anywhere among the
    tensors; its run-time extent comes from the value given; the launch
    returns the allocated buffers with the others."""
    @pto.orchestration
    def main(x: V, out: pto.Out[V]):
        n = x.shape[0]
        ci = pto.create_info([n], pto.f32)
        s1, s2, out = scratch(x, ci, ci, out, n)
        out = scratch(s2, ci, ci, out, n)[2]

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert "%ci = pto.create_info(%n) : !pto.create_info<?xf32>" in ir
    assert ("pto.submit @scratch(%x, %ci, %ci, %out, %n) : (!pto.tensor<?xf32>, "
            "!pto.create_info<?xf32>, !pto.create_info<?xf32>, !pto.tensor<?xf32>, index)"
            in ir)


def test_a_create_info_for_a_parameter_it_cannot_describe_is_an_error_at_the_call():
    @pto.orchestration
    def main(x: V, out: pto.Out[V]):
        ci = pto.create_info([16], pto.f32)
        scratch(ci, ci, ci, out, 16)

    # The verifier's diagnostic, at the launch's line and column.
    error = errors_of(main)
    assert (f"test_lang.py:{line_of(main, 'scratch(ci')}:9: error: 'pto.submit' op passes "
            f"a create info for tensor parameter #0 of @scratch, which is 'in'" in str(error))

    @pto.orchestration
    def bad_dtype(x: V, out: pto.Out[V]):
        scratch(x, pto.create_info([16], "f32"), x, out, 16)

    error = errors_of(bad_dtype)
    assert error.line == line_of(bad_dtype, "create_info")
    assert "pto.create_info: the element type is a pto dtype such as pto.f32" in error.message


Q = pto.Tensor[[None, None, None], pto.bf16]


@pto.kernel(core="aiv")
def rows(x: pto.Tensor[[None, None], pto.bf16]): ...


def test_reshape_to_a_run_time_shape():
    """pto.reshape takes scalars for extents known at run time: one operand
    per '?' extent; a count the static extents rule out is an error at the
    call."""
    @pto.orchestration
    def main(q: Q):
        r = pto.reshape(q, [q.shape[0] * q.shape[1], q.shape[2]])
        rows(r)
        rows(pto.reshape(q, [q.shape[0], 64]))

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert re.search(r"%r = pto.reshape %q\(%\S+, %\S+\) : !pto.tensor<\?x\?x\?xbf16> to "
                     r"!pto.tensor<\?x\?xbf16>", ir), ir
    # Only the second reshape's count is checked when the program runs: the
    # first one's extents are q's own, multiplied.
    from pto_mlir.compile import compile_program
    with Context():
        cpp = compile_program(pto.module(main, runtime="tensormap_and_ringbuffer"),
                              runtime_api="simpler_6ebaf771").cpp
    assert cpp.count("whose element count is not its source's") == 1, cpp
    assert re.search(r"pto.reshape %q\(%\S+\) : !pto.tensor<\?x\?x\?xbf16> to "
                     r"!pto.tensor<\?x64xbf16>", ir), ir

    @pto.orchestration
    def uneven(a: pto.Tensor[[4, 8], pto.bf16], n: pto.Index):
        rows(pto.reshape(a, [n, 5]))

    # The verifier's diagnostic, at the call's line and column.
    error = errors_of(uneven)
    assert (f"test_lang.py:{line_of(uneven, 'pto.reshape')}:14: error: 'pto.reshape' op "
            f"reshapes '!pto.tensor<4x8xbf16>' to '!pto.tensor<?x5xbf16>': no run-time extent "
            f"makes their element counts equal (5 does not divide 32)" in str(error))

    @pto.orchestration
    def not_an_extent(q: Q):
        rows(pto.reshape(q, [q, 4]))

    error = errors_of(not_an_extent)
    assert error.line == line_of(not_an_extent, "pto.reshape")
    assert "extent #0 is a tensor, where a scalar belongs" in error.message

    def as_rows(x):  # A helper runs as Python, on the IR value.
        return pto.reshape(x, [x.shape[0] * x.shape[1], x.shape[2]])

    @pto.orchestration
    def helper_reads_shape(q: Q):
        rows(as_rows(q))

    error = errors_of(helper_reads_shape)
    assert error.line == line_of(helper_reads_shape, "as_rows(q)")
    assert ("a tensor (!pto.tensor<?x?x?xbf16>) has no .shape in a helper function: only a "
            "pto function reads x.shape; a helper takes pto.dim(x, axis)") in error.message


@pto.kernel(core="aiv")
def split(x: V, lo: pto.Out[V], hi: pto.Out[V]): ...


def test_each_result_unpacked_is_named_after_its_own_variable():
    """`lo, hi, t = pto.submit(...)` names each result of the one op (a
    fused location of result names inside the op's name): the C++ keeps
    `hi` and `t`, not `lo_1` and `lo_2`; `a, b = f(x), g(y)` names each
    value after its own expression."""
    from pto_mlir.compile import compile_program

    @pto.orchestration
    def main(x: V, y: pto.Out[V]):
        n = x.shape[0]
        ci = pto.create_info([n], pto.f32)
        with pto.scope(manual=True):
            lo, hi, t = pto.submit(split, x, ci, ci)
            y = scratch(lo, ci, ci, y, n, deps=[t])[2]
            head, tail = x[0:4], hi[4:8]
            scratch(head, ci, ci, y, n, deps=[t])
            scratch(tail, ci, ci, y, n, deps=[t])

    with Context():
        module = pto.module(main, runtime="tensormap_and_ringbuffer")
        ir = b.to_text(module)
        cpp = compile_program(module, runtime_api="simpler_6ebaf771").cpp
    assert 'loc("lo"(fused<"pto.result_names">["lo", "hi", "t"]))' in ir
    for name in ("lo", "hi"):
        assert re.search(rf"const ChipTensor& {name} = task_0_outs.get_ref\(\d\);", cpp), cpp
    assert "PTO2TaskId t = task_0_outs.task_id();" in cpp
    assert "ChipTensor head = " in cpp and "ChipTensor tail = " in cpp


def test_builder_functions_in_messages_are_named_as_the_language_writes_them():
    """The language builds through the builder; its messages say min(), not
    b.min, and a Python builtin the language has no op for is an error at
    its call, not Python's "type Scalar doesn't define __round__"."""
    @pto.orchestration
    def float_min(x: V):
        g = min(x[0], 2.0)

    error = errors_of(float_min)
    assert error.line == line_of(float_min, "min(x[0]")
    assert error.message == "min() on f32: index and integer only"

    @pto.orchestration
    def rounded(x: V, n: pto.Index):
        r = round(x[0])

    error = errors_of(rounded)
    assert error.line == line_of(rounded, "round(")
    assert error.message == ("round() of a run-time value is not in the language: scalars "
                             "have + - * / // % and min(), max()")


def test_a_choice_between_task_ids():
    """`t if c else none` of two task ids made before it is an arith.select;
    an arm that builds an op, or a choice between task id arrays, is an
    scf.if yielding it (the task ids leave the branch); a task id against
    another kind is an error at the expression."""
    @pto.orchestration
    def chosen(a: X, c: pto.InOut[X], n: pto.Index):
        with pto.scope(manual=True):
            none = pto.invalid_task_id()
            c, t = pto.submit(step, a, c, 0)
            c = step(a, c, 1, deps=[t if n > 1 else none])

    ir = text(chosen, runtime="tensormap_and_ringbuffer")
    assert re.search(r"arith.select %\S+, %\S+, %none : !pto.task_id", ir), ir

    @pto.orchestration
    def builds(a: X, c: pto.InOut[X], n: pto.Index):
        with pto.scope(manual=True):
            c, t = pto.submit(step, a, c, 0)
            c = step(a, c, 1, deps=[t if n > 1 else pto.invalid_task_id()])

    ir = text(builds, runtime="tensormap_and_ringbuffer")
    assert re.search(r"= scf.if %\S+ -> \(!pto.task_id\)", ir), ir
    assert "pto.invalid_task_id" in ir.split("} else {")[1], ir

    @pto.orchestration
    def mixed(a: X, c: pto.InOut[X], n: pto.Index):
        c, t = pto.submit(step, a, c, 0)
        u = t if n > 1 else 0

    assert errors_of(mixed).message.startswith("a choice between a task id and ")

    @pto.orchestration
    def arrays(a: X, c: pto.InOut[X], n: pto.Index):
        with pto.scope(manual=True):
            c, t = pto.submit(step, a, c, 0)
            ids, others = pto.task_id_array(2, t), pto.task_id_array(2)
            c = step(a, c, 1, deps=[ids if n > 1 else others])

    ir = text(arrays, runtime="tensormap_and_ringbuffer")
    assert re.search(r"= scf.if %\S+ -> \(!pto.task_id_array<2>\)", ir), ir


def test_task_ids_assigned_in_branches_leave_them():
    """A task id each branch assigns is a result of the scf.if (the C++
    declares it before the branch), as a tensor or a scalar would be."""
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], n: pto.Index):
        with pto.scope(manual=True):
            if n > 1:
                c, t = pto.submit(step, a, c, 0)
            else:
                c, t = pto.submit(step, a, c, 1)
            c = step(a, c, 2, deps=[t])

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert re.search(r"%\w+:2 = scf.if %\S+ -> \(!pto.tensor<16x128xf32>, !pto.task_id\)",
                     ir), ir
    assert re.search(r"deps\(%\w+#1 : !pto.task_id\)", ir), ir


def test_float_comparisons():
    """Comparisons of f32 scalars are arith.cmpf with Python's answer on NaN:
    ordered predicates (false), `!=` unordered (true)."""
    @pto.kernel(core="aiv")
    def tick(x: pto.InOut[X], k: pto.Index): ...

    @pto.orchestration
    def main(x: pto.InOut[X], f: pto.f32):
        if f > 0.5:
            x = tick(x, 1)
        x = tick(x, 2 if f != f else 3)
        x = tick(x, 4 if 0.25 <= f else 5)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert re.search(r"arith.cmpf ogt, %f, %\S+ : f32", ir), ir
    assert re.search(r"arith.cmpf une, %f, %f : f32", ir), ir
    assert re.search(r"arith.cmpf oge, %f, %\S+ : f32", ir), ir


def test_conversions_between_integers_and_floats():
    """pto.f32(n) of an index is arith.sitofp (through i64); pto.i32(f) and
    pto.index(f) of an f32 are arith.fptosi (toward zero, as C++)."""
    @pto.kernel(core="aiv")
    def scale(x: pto.InOut[X], s: pto.f32, n: pto.i32, m: pto.Index): ...

    @pto.orchestration
    def main(x: pto.InOut[X], n: pto.Index, f: pto.f32):
        x = scale(x, pto.f32(n), pto.i32(f), pto.index(f))

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert re.search(r"arith.index_cast %\S+ : index to i64", ir), ir
    assert re.search(r"arith.sitofp %\S+ : i64 to f32", ir), ir
    assert re.search(r"arith.fptosi %\S+ : f32 to i32", ir), ir
    assert re.search(r"arith.fptosi %\S+ : f32 to i64", ir), ir


def test_float_scalars_and_filled_tensors():
    """Host reads of f32 elements combine with +, -, *, / and unary -
    (arith.addf, ...); pto.full allocates a filled tensor; '/' on an integer
    scalar is an error at its expression."""
    @pto.orchestration
    def main(x: V, out: pto.Out[V]):
        a, b = x[0], x[1]
        out[0] = -(a + b * 2.0) / (a - 1.5)
        s = pto.full([4], 77.0, pto.f32)
        out[1] = s[0]

    ir = text(main, runtime="tensormap_and_ringbuffer")
    for op in ("arith.addf", "arith.mulf", "arith.subf", "arith.divf", "arith.negf"):
        assert op in ir, op
    assert re.search(r"%s = pto.full %cst\S* : !pto.tensor<4xf32>", ir), ir

    @pto.orchestration
    def int_division(x: V, out: pto.Out[V], n: pto.Index):
        k = n / 2
        out[0] = pto.f32(1.0)

    @pto.orchestration
    def bool_fill(x: V, out: pto.Out[V]):
        flags = pto.full([4], True, pto.i1)

    error = errors_of(bool_fill)
    assert error.line == line_of(bool_fill, "pto.full")
    assert "pto.full: the value is a number or a run-time scalar, got a bool" in error.message

    error = errors_of(int_division)
    assert error.line == line_of(int_division, "n / 2")
    assert "'/' divides floats, and this scalar is index: integer division is '//'" in \
        error.message


def test_python_loops_unroll_and_python_values_fold():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        for k in range(3):
            if k != 1:
                c = step(a, c, k * 10 + 1)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert ir.count("pto.submit @step") == 2
    assert "arith.constant 1 : index" in ir and "arith.constant 21 : index" in ir
    assert "scf." not in ir


def test_if_on_a_run_time_condition_yields_what_a_branch_reassigns():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], n: pto.Index):
        if n > 4:
            c = step(a, c, n)
            k = n - 4
        else:
            k = n
        c = step(a, c, k)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert "%c_0:2 = scf.if" in ir
    assert "pto.submit @step(%a, %c_0#0, %c_0#1)" in ir


def test_a_scope_returns_what_it_reassigns_and_keeps_task_ids_inside():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        with pto.scope(manual=True):
            c, t0 = pto.submit(step, a, c, 0)
            c = step(a, c, 1, deps=[t0], blocks=4)
        c = step(a, c, 2)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert "%c_0 = pto.scope manual -> !pto.tensor<16x128xf32>" in ir
    # One result: the task ids stay inside the scope.
    assert re.search(r"pto.yield %c_\d+ : !pto.tensor<16x128xf32>\n", ir)
    assert re.search(r"deps\(%c_\d+ : !pto.task_id\) core_num\(%c4\)", ir)


def test_parallel_loops_carry_task_id_arrays():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        with pto.scope(manual=True):
            ids = pto.task_id_array(4)
            for i in pto.parallel(4):
                _, t = pto.submit(step, a, c, i)
                ids = pto.array_update(ids, i, t)
            pto.task_dummy([ids])

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert "pto.parallel" in ir
    assert "!pto.task_id_array<4>" in ir


def test_windows_shapes_and_host_elements():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], lens: LENS, d: pto.InOut[pto.Tensor[[None, 16], pto.f32]]):
        n = pto.index(lens[0])
        rows = d.shape[0]
        for r in pto.range(0, rows, 16):
            d_tile = d[r:r + 16, :]
            tile(a[0:16, n:n + 16], d_tile)
        lens[1] = pto.i32(rows)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert "pto.read %lens [0]" in ir
    assert "%rows = pto.dim %d, 0" in ir
    assert "%d_tile = pto.slice %d [%arg4, 0] [16, 16]" in ir
    assert "pto.slice %a [0, %n] [16, 16]" in ir
    assert "pto.write" in ir


def test_ops_carry_the_python_line_and_column():
    @pto.graph
    def g(a: X, c: pto.InOut[X], k: pto.Index) -> X:
        base = k * 128
        return step(a, c, base)

    with Context():
        m = pto.module(g, runtime="host_build_graph")
        asm = m.operation.get_asm(enable_debug_info=True)
    line = line_of(g, "base = k * 128")
    assert f'loc("base"(#loc' in asm
    assert f'{__file__}":{line}:16)' in asm  # `k * 128` starts at column 16


def test_results_are_inferred_without_a_return_annotation():
    @pto.graph
    def g(a: X, c: pto.InOut[X]):
        return step(a, c, 0)

    assert "-> !pto.tensor<16x128xf32>" in text(g)


def test_kernels_are_ordered_as_defined():
    @pto.kernel
    def first(a: X): ...

    @pto.kernel
    def second(a: X): ...

    @pto.orchestration
    def main(a: X):
        second(a)
        first(a)

    ir = text(second, main, first, runtime="tensormap_and_ringbuffer")
    assert ir.index("@first") < ir.index("@second") < ir.index("@main")


def run_program(tmp_path, source: str):
    """Writes ``source`` to a file (the language reads its functions from
    their file) and runs it; returns (the path, its namespace)."""
    path = tmp_path / "program.py"
    path.write_text(source)
    namespace = {"__file__": str(path)}
    exec(compile(source, str(path), "exec"), namespace)
    return path, namespace


def errors_of(*functions, runtime="tensormap_and_ringbuffer") -> pto.LangError:
    with Context(), pytest.raises(pto.LangError) as info:
        pto.module(*functions, runtime=runtime)
    return info.value


def test_the_same_function_text_in_two_files_is_read_from_its_own(tmp_path):
    """Python's code objects of the same text compare equal across files: the
    source of each function is looked up by its own code object, and an
    error points at the file it is in."""
    source = textwrap.dedent("""
        from pto_mlir import lang as pto
        X = pto.Tensor[[16], pto.f32]

        @pto.kernel(core="aiv")
        def step(a: X, c: pto.InOut[X]): ...

        @pto.orchestration
        def main(a: X, c: pto.InOut[X]):
            c = step(a, c, 1)
    """)
    programs = []
    for name in ("first", "second"):
        (tmp_path / f"{name}.py").write_text(source)
        programs.append(load_script(f"same_text_{name}", tmp_path / f"{name}.py"))
    assert programs[0].main.fn.__code__ == programs[1].main.fn.__code__
    for name, program in zip(("first", "second"), programs):
        error = errors_of(program.main)
        assert error.filename == str(tmp_path / f"{name}.py"), error.filename


def test_a_task_id_made_in_a_scope_is_waited_for_after_it():
    """A task id reassigned in a scope and read after it leaves the scope as
    a result (the runtime resolves a dependency on a task of any earlier
    scope)."""
    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        c, t = pto.submit(step, a, c, 0)
        with pto.scope(manual=True):
            c, t = pto.submit(step, a, c, 1, deps=[t])
        c = step(a, c, 2, deps=[t])

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert re.search(r"%\w+:2 = pto.scope manual -> !pto.tensor<16x128xf32>, !pto.task_id ",
                     ir), ir
    assert re.search(r"deps\(%\w+#1 : !pto.task_id\)", ir), ir

    # Carried by a loop: each iteration's launch waits for the last one's.
    @pto.orchestration
    def chain(a: X, c: pto.InOut[X]):
        c, t = pto.submit(step, a, c, 0)
        for i in pto.range(4):
            with pto.scope(manual=True):
                c, t = pto.submit(step, a, c, i, deps=[t])

    ir = text(chain, runtime="tensormap_and_ringbuffer")
    assert re.search(r"iter_args\(%\w+ = %\w+, %\w+ = %\w+\) -> "
                     r"\(!pto.tensor<16x128xf32>, !pto.task_id\)", ir), ir


def test_a_tensor_where_a_scalar_belongs_is_reported_at_the_operand():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        k = a * 2
        step(a, c, k)

    error = errors_of(main)
    assert error.line == line_of(main, "k = a * 2")
    assert "a tensor (!pto.tensor<16x128xf32>) where a scalar belongs" in error.message
    assert error.formatted.splitlines()[-1].strip() == "^"
    assert error.formatted.splitlines()[-2].strip() == "k = a * 2"


@pytest.mark.parametrize("body, needle, message", [
    ("x = [v for v in range(n)]", "x = [", "a Scalar is a run-time value, not a Python int"),
    ("x = n / 2", "x = n", "'/' divides floats, and this scalar is index: integer division is '//'"),
    ("for i in pto.range(n):\n    t = i\nstep(a, c, t)", "step(a, c, t)",
     "'t' exists only inside the pto.range loop"),
    ("for i in pto.range(n):\n    break", "break", "`break` in a pto.range loop"),
    ("x = int(n)", "x = int(n)", "int() of a run-time value"),
    ("step(a, c)", "step(a, c)", "@step takes 1 scalar argument(s) after its tensors (k), "
     "got 0"),
    # At the argument, naming the parameter.
    ("step(a, c, a)", "a)", "@step argument #2 is a tensor, where its scalar parameter 'k' "
     "(index) goes"),
    ("step(a, c, pto.i32(n))", "pto.i32(n))", "@step argument #2 is i32, where its scalar "
     "parameter 'k' is index: convert it"),
    ("pto.submit(step, a, c, a)", "a)", "@step argument #2 is a tensor, where its scalar "
     "parameter 'k'"),
    ("step(a, c, 's')", "'s')", "@step argument #2 is the Python str 's', where its scalar "
     "parameter 'k' (index) goes"),
    ("r = pto.submit(step, a, c, 0)\nstep(a, r, 1)", "step(a, r, 1)",
     "@step argument #1 is a tuple of 2 results (a launch returns one per out or inout "
     "tensor: unpack them"),
    ("step(a, c, n, blocks=2, colour=1)", "step(a, c, n, blocks", "unknown launch option"),
    ("try:\n    pass\nexcept Exception:\n    pass", "try:",
     "a `try` statement is not supported"),
    ("while n > 0:\n    pass", "while n", "a `while` loop runs at build time"),
    ("x = undefined_name", "x = undefined", "name 'undefined_name' is not defined"),
    # Found by trying to break the language (each built wrong IR or raised
    # from inside the library before).
    ("i = n + 100\nfor i in pto.range(4):\n    c = step(a, c, i)\nc = step(a, c, i + 1)",
     "i + 1", "is the index of the pto.range loop"),
    ("for i in pto.range(4):\n    y = i\nzs = [y for _ in range(2)]", "zs = [",
     "'y' exists only inside the pto.range loop"),
    ("z = (m := n + 7)", "z = (m", "`:=` is not supported"),
    ("tag = 'a'\nif n > 1:\n    tag = 'b'\nc = step(a, c, len(tag))", "if n > 1",
     "only run-time values and numbers can differ"),
    ("y = c if n > 1 else 0", "y = c if",
     "the expression is the Python int 0 on one branch and a !pto.tensor"),
    ("with pto.scope(manual=a):\n    c = step(a, c, 0)", "with pto.scope",
     "manual is True or False"),
    ("for j in range(3):\n    with pto.scope():\n        break", "with pto.scope",
     "`break` / `continue` inside a pto.scope"),
    ("m = (lambda v: 1 // v)(0)", "m = (lambda", "ZeroDivisionError"),
    ("m: pto.i32 = n", "m: pto.i32", "annotated pto.i32"),
    ("c = step(a, c, n, require_sync_start=a)", "require_sync_start",
     "require_sync_start is True or False"),
    # Found by a second round.
    ("i = n\nif n > 1:\n    for i in pto.range(4):\n        c = step(a, c, i)\n"
     "c = step(a, c, i + 1)", "i + 1", "is the index of the pto.range loop"),
    ("with pto.scope():\n    res = (step(a, c, 0), n + 1)\nc, m = res", "with pto.scope",
     "'res' holds a run-time value made inside the region"),
    ("s = 1\nif n > 1:\n    s = True\nc = step(a, c, s)", "if n > 1",
     "'s' is a bool on one branch and a number on the other"),
    ("for i in pto.range(2 ** 70, 2 ** 70 + 1):\n    pass", "for i in",
     "does not fit in index"),
    ("for x in (1 // j for j in range(2)):\n    pass", "for x in", "ZeroDivisionError"),
    ("xs = [0]\nif n > 1:\n    xs[0] = n", "xs[0] = n", "changing an item of a Python object"),
    ("extra = []\nfor i in pto.range(4):\n    extra.append(i)", "extra.append",
     "list.append() inside a run-time"),
    ("y = n\nf = lambda: y + 1\nc = step(a, c, f())", "f = lambda",
     "a lambda that reads 'y'"),
])
def test_language_errors_point_at_the_python_line(tmp_path, body, needle, message):
    source = textwrap.dedent("""
        from pto_mlir import lang as pto
        X = pto.Tensor[[16, 128], pto.f32]

        @pto.kernel
        def step(a: X, c: pto.InOut[X], k: pto.Index): ...

        @pto.orchestration
        def main(a: X, c: pto.InOut[X], n: pto.Index):
    """) + "".join(f"    {line}\n" for line in body.split("\n"))
    path, namespace = run_program(tmp_path, source)
    error = errors_of(namespace["main"])
    assert message in error.message
    assert error.filename == str(path)
    assert needle in source.splitlines()[error.line - 1]


def test_an_unreadable_type_alias_says_where_it_was_written(tmp_path):
    """A malformed pto.Tensor in a type alias is reported at the parameter
    that uses it, saying where the alias was written and how to write it."""
    source = textwrap.dedent("""
        from pto_mlir import lang as pto
        W = pto.Tensor[128, 128, pto.f32]

        @pto.kernel
        def k(w: W): ...

        @pto.orchestration
        def main(w: W):
            k(w)
    """)
    path, namespace = run_program(tmp_path, source)
    error = errors_of(namespace["main"])
    assert error.line == 9, error.formatted  # main's parameter, built first
    assert error.message == ("parameter 'w': pto.Tensor takes the shape as a list: "
                             "pto.Tensor[[128, 128], pto.f32] (written at program.py:3)")


def test_an_argument_of_the_wrong_kind_is_reported_at_the_argument():
    """A launch argument that does not fit its parameter: the caret is under
    the argument (in a kernel call and in pto.submit, whose kernel comes
    first), and the message names the parameter."""
    @pto.orchestration
    def direct(a: X, c: pto.InOut[X], n: pto.Index):
        c = step(a, c, a)

    error = errors_of(direct)
    assert error.line == line_of(direct, "c = step(a, c, a)")
    assert "argument #2 is a tensor, where its scalar parameter 'k' (index) goes" in \
        error.message
    line = error.formatted.splitlines()
    assert line[-2][line[-1].index("^"):] == "a)", error.formatted

    @pto.orchestration
    def submitted(a: X, c: pto.InOut[X], n: pto.Index):
        c, t = pto.submit(step, a, c, pto.i32(n))

    error = errors_of(submitted)
    assert "argument #2 is i32, where its scalar parameter 'k' is index" in error.message
    line = error.formatted.splitlines()
    caret = line[-1].index("^")
    assert line[-2][caret:].startswith("pto.i32(n))"), error.formatted


def test_a_launch_made_by_python_code_is_reported_at_that_code(tmp_path):
    """A wrong launch inside a helper or a comprehension is reported at the
    line that runs it, in the language's words (not at an argument of the
    helper's call, not as a Python exception class)."""
    source = textwrap.dedent("""
        from pto_mlir import lang as pto
        X = pto.Tensor[[16, 128], pto.f32]

        @pto.kernel
        def step(a: X, c: pto.InOut[X], k: pto.Index): ...

        def helper(a, c, n):
            return step(a, c, a)

        @pto.orchestration
        def main(a: X, c: pto.InOut[X], n: pto.Index):
            c = helper(a, c, n)
            ys = [step(a, c, c) for _ in range(1)]
    """)
    path, namespace = run_program(tmp_path, source)
    error = errors_of(namespace["main"])
    assert error.message.startswith("@step argument #2 is a tensor"), error.message
    assert error.line == 13 and error.column == 9, error.formatted  # `helper(`, not `n`
    lines = source.splitlines()
    lines[12] = "    pass"
    path.write_text("\n".join(lines) + "\n")
    path, namespace = run_program(tmp_path, "\n".join(lines) + "\n")
    error = errors_of(namespace["main"])
    assert error.message.startswith("@step argument #2 is a tensor"), error.message
    assert error.line == 14, error.formatted


def test_branches_that_leave_numbers_and_names_shadowed_in_comprehensions():
    """An `if` whose branches leave Python numbers yields constants built
    in each branch; a comprehension or lambda whose own variable shadows a
    name still reads the name's value after the `if`."""
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], n: pto.Index):
        s = 1
        y = n
        if n > 1:
            s = 2
            y = n + 2
        m = [y for y in [y]][0] + (lambda y: y * 2)(y)
        c = step(a, c, s + m)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert re.search(r"%s?\w*:2 = scf.if", ir), ir
    assert re.search(r"scf.if [^{]*\{\n\s*%c2\w* = arith.constant 2 : index", ir), ir


def test_break_and_continue_keep_the_values_regions_leave():
    """A build-time loop left by `break` reads the `if` result assigned
    before the break (liveness follows the jump)."""
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], n: pto.Index):
        y = n
        for j in range(3):
            if n > 1:
                y = n + 10
            if j == 0:
                break
            y = n + 20
        c = step(a, c, y)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert re.search(r"%y = scf.if", ir) and "pto.submit @step(%a, %c, %y)" in ir, ir
    assert "20" not in ir


def test_run_time_choices_run_only_the_chosen_arm():
    """`x if c else y` and `and`/`or` on run-time conditions: an arm that
    builds ops (a launch, a host read) is built inside an scf.if branch, so
    it runs only when chosen; pure values become an arith.select."""
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], n: pto.Index, h: LENS):
        m = pto.index(h[n]) if n < 8 else 0
        ok = n > 0 and h[0] > 1
        k = n if ok else 1
        c = step(a, c, m + k)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert ir.count("scf.if") == 2, ir
    assert re.search(r"scf.if [^{]*\{\n\s*%\w+ = pto.read %h", ir), ir
    assert "arith.select" in ir


def test_augmented_assignment_evaluates_its_target_once():
    @pto.orchestration
    def main(h: LENS):
        keys = iter([0, 1])
        h[next(keys)] += 1

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert "pto.read %h [0]" in ir and "pto.write" in ir and "[1]" not in ir, ir


COUNTER = 0


def _bump() -> int:
    global COUNTER
    COUNTER += 1
    return COUNTER


def test_build_time_python_reads_globals_as_they_are_now():
    """A third round of trying to break the language: globals read live (a
    helper changing one), `+=` on a Python list in place (another name of
    the list sees it), a comparison chain stopping at its first false part,
    a static shape compared with a tuple, an augmented assignment's target
    before its value, a generator expression a builtin consumes at once."""
    @pto.orchestration
    def main(a: X, c: pto.InOut[X], n: pto.Index, h: LENS):
        _bump()
        c = step(a, c, COUNTER)
        ids = []
        alias = ids
        for j in range(2):
            c, t = pto.submit(step, a, c, j)
            ids += [t]
        c = step(a, c, 7, deps=alias)
        if 0 <= n < pto.index(h[n]):
            h[0] = 1
        if a.shape == (16, 128):
            c = step(a, c, 9)
        keys = iter([0, 1])
        h[next(keys)] += next(keys)
        c = step(a, c, sum(k * 2 for k in range(3)))

    global COUNTER
    COUNTER = 41
    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert "arith.constant 42 : index" in ir, ir
    assert re.search(r"deps\(%\w+, %\w+ : !pto.task_id, !pto.task_id\)", ir), ir
    assert re.search(r"scf.if [^{]*\{\n\s*%\w+ = pto.read %h \[%n\]", ir), ir
    assert "arith.constant 9 : index" in ir
    assert re.search(r"pto.read %h \[0\]", ir) and "arith.constant 6 : index" in ir, ir


def test_augmented_assignment_of_items_is_in_place_and_dynamic_shapes_are_not_compared():
    """A fourth round: `d[k] += [t]` extends the list d[k] is (another name
    of it sees the tasks); comparing a shape with a run-time extent is an
    error at the comparison (Python cannot decide it at build time)."""
    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        with pto.scope(manual=True):
            waits = []
            stages = {"mm": waits}
            for j in range(2):
                c, t = pto.submit(step, a, c, j)
                stages["mm"] += [t]
            c = step(a, c, 5, deps=waits)

    ir = text(main, runtime="tensormap_and_ringbuffer")
    assert re.search(r"deps\(%\w+, %\w+ : !pto.task_id, !pto.task_id\)", ir), ir

    @pto.orchestration
    def dynamic(a: pto.Tensor[[None, 128], pto.f32]):
        if a.shape == (16, 128):
            pass

    error = errors_of(dynamic)
    assert "compare its extents one by one" in error.message
    assert error.line == line_of(dynamic, "if a.shape ==")


def test_a_scope_keeps_names_python_did_not_assign_in_it():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        with pto.scope():
            if False:
                c = step(a, c, 1)
        c = step(a, c, 2)

    assert "pto.submit @step(%a, %c," in text(main, runtime="tensormap_and_ringbuffer")


def test_deep_nesting_builds(tmp_path):
    """A 300-branch `elif` chain and a 1,000-term sum: Python compiles them,
    and the language builds them (its code generator recurses with them)."""
    elifs = "".join(f"    elif n == {i}:\n        c = step(a, c, {i})\n" for i in range(1, 300))
    source = (RULE_HEADER.replace("X = pto.Tensor[[128, 128], pto.f32]",
                                  "X = pto.Tensor[[16, 128], pto.f32]")
              + "\n@pto.kernel\ndef step(a: X, c: pto.InOut[X], k: pto.Index): ...\n\n"
              "@pto.orchestration\ndef main(a: X, c: pto.InOut[X], n: pto.Index):\n"
              "    if n == 0:\n        c = step(a, c, 0)\n" + elifs
              + "    c = step(a, c, " + " + ".join(["n"] * 1000) + ")\n\n"
              "def build():\n    return pto.module(main)\n")
    _, namespace = run_program(tmp_path, source)
    with Context():
        module = namespace["build"]()
        assert module.operation.get_asm().count("scf.if") == 300


def test_an_annotation_it_cannot_read_is_reported_at_the_annotation():
    @pto.orchestration
    def main(a: list):
        pass

    error = errors_of(main)
    assert "is not a pto type" in error.message
    assert error.line == line_of(main, "def main")


def test_a_graph_call_with_the_wrong_argument_count():
    @pto.graph
    def g(a: X, c: pto.InOut[X]):
        step(a, c, 0)

    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        g(a)

    error = errors_of(main, runtime="host_build_graph")
    assert "@g takes 2 argument(s), got 1" in error.message
    assert error.line == line_of(main, "g(a)")


def test_calling_a_kernel_outside_a_pto_function():
    with pytest.raises(pto.LangError, match="called outside a pto function") as info:
        step(1, 2, 3)
    assert (info.value.filename, info.value.line) == (__file__, _this_line() - 1)
    # With the column and a caret under the call, as the language's other
    # errors.
    assert info.value.column == 9
    assert info.value.formatted.splitlines()[-1] == " " * 8 + "^"


def _this_line() -> int:
    return inspect.currentframe().f_back.f_lineno


def test_misused_decorators_and_module_are_errors_at_the_calling_line():
    class NotAFunction:
        pass

    with pytest.raises(pto.LangError, match="decorates a function") as info:
        pto.graph(NotAFunction)
    assert info.value.line == _this_line() - 1
    with pytest.raises(pto.LangError, match="unknown runtime 'bogus'") as info:
        pto.module(step, runtime="bogus")
    assert info.value.line == _this_line() - 1


def test_an_annotation_python_evaluates_is_reported_when_the_module_is_built():
    """pto.Tensor[[16], "f32"] (a string where an element type belongs) is
    evaluated by Python when the function is defined: no exception there,
    the LangError at the annotation when the module is built."""
    @pto.orchestration
    def main(a: pto.Tensor[[16], "f32"]):
        pass

    error = errors_of(main)
    assert "expected an element type such as pto.f32, got 'f32'" in error.message
    assert error.line == line_of(main, "def main")
    assert error.formatted.splitlines()[-1] == " " * (error.column - 1) + "^"


def test_verifier_errors_are_reported_at_the_python_line():
    @pto.orchestration
    def main(a: X, c: pto.InOut[X]):
        step(a, c, 0, blocks=0)

    error = errors_of(main)
    assert f"{__file__}:{line_of(main, 'blocks=0')}:" in error.formatted


@pytest.mark.parametrize("size", ["QWEN3_14B", "SMALL"])
def test_the_qwen3_example_builds_what_its_builder_version_built(size):
    """examples/qwen3_14b_decode is written in the language; the builder
    version it replaced (test/python/qwen3_builder.py) builds the same
    module, op for op (the generic form prints no names). (The full port
    launches its tiles from pto.range loops where its builder version
    unrolled them: test_qwen3_full_example compares their recordings.)"""
    import qwen3_builder as reference
    model = load_script("qwen3_14b_decode_model",
                        REPO / "examples" / "qwen3_14b_decode" / "model.py")
    dims = getattr(model, size)
    with Context():
        written = model.build(dims).operation.get_asm(print_generic_op_form=True)
        built = reference.build(dims)
        assert written == built.operation.get_asm(print_generic_op_form=True)


LEGALITY_PROGRAM = """
from pto_mlir import lang as pto
X = pto.Tensor[[16, 128], pto.f32]

@pto.kernel
def step(a: X, c: pto.InOut[X], k: pto.Index): ...

@pto.graph
def layer(a: X, c: pto.InOut[X], k: pto.Index) -> X:
    owned = pto.set_owner(a, pto.invalid_task_id())
    return step(owned, c, k)

@pto.orchestration
def main(a: X, c: pto.InOut[X]):
    c = layer(a, c, 1)

def build():
    return pto.module(main, runtime="host_build_graph")
"""


def test_pto_compile_reports_a_legality_error_at_the_python_line(tmp_path):
    path = tmp_path / "program.py"
    path.write_text(LEGALITY_PROGRAM)
    result = subprocess.run([sys.executable, "-m", "pto_mlir", str(path),
                             "-o", str(tmp_path / "out")],
                            capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    line = next(i for i, text in enumerate(LEGALITY_PROGRAM.splitlines(), 1)
                if "pto.set_owner" in text)
    assert f"{path}:{line}:" in result.stderr, result.stderr
    assert "owned = pto.set_owner(a, pto.invalid_task_id())" in result.stderr
    assert "^" in result.stderr


# -- Every legality rule, in the language ---------------------------------------
#
# Each program marks the line the error belongs to with `# <- error`; the
# error must be reported there (file:line:col, the source line and a caret),
# by pto.module's verification or by pto-compile's legalization.

RULE_HEADER = """
from pto_mlir import lang as pto
X = pto.Tensor[[128, 128], pto.f32]
W = pto.Tensor[[512, 128], pto.f32]
LENS = pto.Tensor[[8], pto.i32]

@pto.kernel
def k(x: X, y: pto.InOut[X]): ...

@pto.kernel
def ks(y: pto.InOut[X], s: pto.Index): ...

@pto.kernel
def kd(y: pto.InOut[pto.Tensor[[None, 128], pto.f32]]): ...
"""

LEGALITY_RULES = {
    "a window that cannot be rebuilt at the call site": ("""
@pto.graph
def g(o: pto.InOut[X], w: W, lens: LENS):
    off = pto.index(lens[0])
    wl = w[off:off + 128, :]  # <- error
    k(wl, o)
""", "whose window can differ between calls but cannot be rebuilt at the call site"),
    "a scalar its callers cannot recompute": ("""
@pto.graph
def g(o: pto.InOut[X], lens: LENS):
    n = pto.index(lens[0])
    ks(o, n)  # <- error
""", "passes scalar argument #1 computed in Graph @g from values that can differ"),
    "an allocation of a shape known at run time": ("""
@pto.graph
def g(o: pto.InOut[X], lens: LENS):
    n = pto.index(lens[0])
    t = pto.create([n, 128], pto.f32)  # <- error
    kd(t)
    k(o, o)
""", "an allocation's shape must be a compile-time constant"),
    "a Graph without tensor parameters": ("""
@pto.graph
def g(n: pto.Index):  # <- error
    pto.task_dummy()
""", "has no tensor parameter"),
    "a Graph returning a scalar": ("""
@pto.graph
def g(o: pto.InOut[X], n: pto.Index) -> pto.Index:
    k(o, o)
    return n  # <- error
""", "returns at position 0 a scalar from Graph @g"),
    "a Graph returning a buffer it was not passed": ("""
@pto.graph
def g(o: X):
    t = pto.create([128, 128], pto.f32)
    t = k(o, t)
    return t  # <- error
""", "returns at position 0 a tensor that is not one of @g's parameters"),
    "too many recorded nodes": ("""
@pto.graph
def g(o: pto.InOut[X]):  # <- error
    for i in range(1025):
        o = k(o, o)
""", "records 1025 nodes"),
    "a launch count that differs between calls": ("""
@pto.graph
def g(o: pto.InOut[X], n: pto.Index):
    for i in pto.range(n):
        o = k(o, o)  # <- error
""", "launches a task a number of times that can differ between calls of Graph @g"),
    "a Graph calling a Graph": ("""
@pto.graph
def inner(o: pto.InOut[X]):
    k(o, o)

@pto.graph
def outer(o: pto.InOut[X]):
    inner(o)  # <- error
""", "calls Graph @inner from Graph @outer"),
    "a block count that is not a literal": ("""
@pto.graph
def g(o: pto.InOut[X], n: pto.Index):
    k(o, o, blocks=n)  # <- error
""", "has a core_num that is not a literal"),
    "a task's owner set in a Graph": ("""
@pto.graph
def g(o: pto.InOut[X]):
    owned = pto.set_owner(o, pto.invalid_task_id())  # <- error
    k(owned, o)
""", "sets a tensor's owner task inside a Graph"),
    "too many scalar parameters": (
        "\n@pto.graph\ndef g(o: pto.InOut[X], " +
        ", ".join(f"s{i}: pto.Index" for i in range(65)) + "):  # <- error\n"
        "    ks(o, s0)\n", "has 65 scalar parameters"),
    "too many tensor parameters": (
        "\n@pto.graph\ndef g(" + ", ".join(f"t{i}: pto.InOut[X]" for i in range(129)) +
        "):  # <- error\n    k(t0, t1)\n", "has 129 tensor parameters"),
    # The prepare pipeline's checks of programs (any runtime).
    "a kernel window outside the tensor passed": ("""
@pto.kernel
def column(x: pto.In[pto.Tensor[[8, 64], pto.f32],
                     pto.window("()[s0] -> (0, s0)", "() -> (8, 16)")],
           n_off: pto.Index): ...

@pto.graph
def g(o: pto.InOut[X], a: pto.Tensor[[8, 64], pto.f32]):
    column(a, 60)  # <- error
    k(o, o)
""", "covers [60, 76) on axis 1, outside the tensor passed (extent 64)"),
    "a reshape of a window that is not contiguous": ("""
@pto.graph
def g(o: pto.InOut[X], a: pto.Tensor[[8, 16], pto.f32]):
    w = a[:, 0:4]
    r = pto.reshape(w, [32])  # <- error
    k(o, o)
""", "reshapes a window whose elements are not consecutive in the buffer it views"),
    "a reshape to a run-time shape in a Graph": ("""
@pto.graph
def g(o: pto.InOut[X], a: pto.Tensor[[None, 16], pto.f32]):
    r = pto.reshape(a, [a.shape[0] * 16])  # <- error
    k(o, o)
""", "the runtime replays a recorded view as recorded, so both shapes of a reshape in a Graph are static"),
    "a host control tensor passed to a device task": ("""
@pto.kernel
def k2(x: pto.Tensor[[2], pto.i32]): ...

@pto.orchestration
def entry(ctl: LENS):
    n = ctl[0]
    k2(ctl[2:4])  # <- error
""", "passes host control tensor #0 of @entry to the device"),
    "a host tensor read while a Graph is recorded": ("""
@pto.graph
def g(o: pto.InOut[X], ctl: LENS):
    n = ctl[0]  # <- error
    k(o, o)
""", "accesses a tensor on the host while Graph @g is recorded"),
    "a write to a parameter the Graph declares in": ("""
@pto.graph
def g(a: X, c: pto.InOut[X]):
    return k(c, a)  # <- error
""", "writes parameter #0 of Graph @g, which it declares 'in'"),
}


@pytest.mark.parametrize("rule", list(LEGALITY_RULES))
def test_every_legality_rule_points_at_the_python_line(tmp_path, rule):
    from pto_mlir.compile import CompileError, compile_program

    body, message = LEGALITY_RULES[rule]
    function = body.split("def ")[-1].split("(")[0]
    # A Graph comes with an empty entry (a module has one).
    entry = "" if "@pto.orchestration" in body else """
@pto.orchestration
def main(o: pto.InOut[X]):
    pass
"""
    functions = function if not entry else f"{function}, main"
    source = RULE_HEADER + body + entry + f"""
def build():
    return pto.module({functions}, runtime="host_build_graph")
"""
    path = tmp_path / "program.py"
    path.write_text(source)
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "# <- error" in text)
    with pytest.raises(CompileError) as info:
        compile_program(path)
    text = info.value.message
    assert message in text, text
    assert f"{path}:{line}:" in text, text
    # The source line and a caret under the expression follow the error.
    lines = text.splitlines()
    at = next(i for i, t in enumerate(lines) if t.startswith(f"{path}:{line}:"))
    column = int(lines[at].split(":")[2])
    assert lines[at + 1] == source.splitlines()[line - 1]
    assert lines[at + 2] == " " * (column - 1) + "^"
