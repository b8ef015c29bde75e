"""The generated C++ runs and does what the IR means: every example and a
bounded set of the replay fuzzer's programs, translated at both runtime API
levels, compiled against the stub runtime (test/stub_runtime), run over
several argument sets (fresh buffers and new scalars each, so Graphs
replay), and compared with the simulator's trace of the same prepared IR
task by task: kernels, tensor windows and directions, scalar slots, block
counts, flags, explicit dependencies, allocations and each Graph launch
(cpp_trace.py). Counts, never times."""

import json
import math
import os
import re
import struct
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import cpp_trace
from pto_mlir.sim import generator
from pto_mlir.sim.errors import DefinitionLimitError
from pto_mlir.sim.fuzz import documented_limitation, run_pipeline
from pto_mlir.sim.program import TypeInfo
from pto_mlir.sim.scalars import eval_arith

from conftest import REPO


#: Examples whose entry arguments are too large for contents run in the
#: simulator's accounting mode (and without storage in the stub).
EXAMPLES = [
    ("examples/orch_basic.mlir", True),
    ("examples/decoder_layer.mlir", True),
    ("examples/graph_translation.mlir", True),
    ("examples/qwen3_14b_decode/qwen3_14b_decode.mlir", False),
    ("examples/qwen3_14b_decode_full/qwen3_14b_decode_full.mlir", False),
    # The launch attributes and the owner-seeded dependency of a Graph.
    ("test/Target/Cpp/hbg-launch-spec.mlir", True),
]

#: Generated programs tried per API level, and how many of them must get as
#: far as a comparison (the others are rejected by the legalization, use a
#: construct the translation documents as unsupported, or need more Graph
#: definitions than the runtime keeps).
FUZZ_SEEDS = range(24)
FUZZ_MIN_COMPARED = 12


@pytest.fixture(scope="module")
def builder():
    with cpp_trace.workdir() as directory:
        yield cpp_trace.StubBuilder(Path(directory))


def legalize(pto_opt, text):
    return subprocess.run([pto_opt, "--pto-graph-legalize-pipeline", "-"], input=text,
                          capture_output=True, text=True, check=True).stdout


def test_every_example_is_listed():
    listed = {path for path, _ in EXAMPLES}
    for path in sorted((REPO / "examples").rglob("*.mlir")):
        assert str(path.relative_to(REPO)) in listed, f"{path} has no C++ trace check"


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
@pytest.mark.parametrize("path,data", EXAMPLES, ids=[Path(p).stem for p, _ in EXAMPLES])
def test_example_cpp_does_what_the_simulator_does(builder, pto_opt, pto_translate, path, data,
                                                  api):
    legalized = legalize(pto_opt, (REPO / path).read_text())
    entry = cpp_trace.entry_name(legalized)
    runs = cpp_trace.synthetic_runs(legalized, entry, 3, data)
    result = cpp_trace.compare(legalized, runs, api, builder, pto_opt, pto_translate,
                               entry=entry, data=data)
    assert result.difference is None, result.difference
    assert result.tasks > 0


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_generated_programs_cpp_does_what_the_simulator_does(builder, pto_opt, pto_translate,
                                                             api):
    outcomes = Counter()
    features = Counter()
    for seed in FUZZ_SEEDS:
        program = generator.generate(seed)
        status, legalized = run_pipeline(program.text, pto_opt)
        if status != "accepted":
            assert status == "rejected", f"seed {seed}: {status}\n{legalized}"
            outcomes["rejected"] += 1
            continue
        try:
            result = cpp_trace.compare(legalized, program.runs, api, builder, pto_opt,
                                       pto_translate, entry=program.entry)
        except DefinitionLimitError:
            outcomes["definition-limit"] += 1
            continue
        except cpp_trace.ToolError as e:
            assert documented_limitation(str(e)), f"seed {seed}: {e}"
            outcomes["unsupported"] += 1
            continue
        assert result.difference is None, f"seed {seed}: {result.difference}"
        outcomes["compared"] += 1
        outcomes["tasks"] += result.tasks
        outcomes["launches"] += result.launches
        features.update(program.features)
    print(f"{api}: {dict(outcomes)}")
    assert outcomes["compared"] >= FUZZ_MIN_COMPARED, outcomes
    # The comparison covered what the C++ adds beyond plain launches.
    for feature in ("launch-attributes", "mixed-kernel", "task-id-array-deps"):
        assert features[feature] > 0, f"no compared program uses {feature}"


# -- scalar arithmetic the C++ and the simulator must round alike -------------


def two_float_scalars(entry: str, params: str, body: str) -> str:
    """A module whose orchestration function ``entry(%o, <params>)`` computes
    ``%x`` and ``%y`` (f32) in ``body`` and passes them to one task."""
    tensor = "!pto.tensor<16xf32>"
    inout = "{pto.direction = #pto.direction<inout>}"
    return f"""
module {{
  pto.kernel aiv @floats(%o: {tensor} {inout}, %x: f32, %y: f32)
  pto.orchestration @{entry}(%o: {tensor} {inout}, {params}) {{
{body}
    %o1, %t = pto.submit @floats(%o, %x, %y) : ({tensor}, f32, f32) -> {tensor}
    pto.return
  }}
}}
"""


def compare_scalar_runs(builder, pto_opt, pto_translate, api, module, entry, values,
                        tasks: int = 1):
    """Runs ``module`` once per tuple of ``values`` (its scalar arguments) in
    C++ and in the simulator; asserts the traces agree (``tasks`` per run)."""
    legalized = legalize(pto_opt, module)
    runs = [[np.zeros(16, np.float32), *scalars] for scalars in values]
    result = cpp_trace.compare(legalized, runs, api, builder, pto_opt, pto_translate,
                               entry=entry)
    assert result.difference is None, result.difference
    assert result.tasks == tasks * len(values)
    return result


#: (a, b, maximumf, minimumf): NaN wins, +0 is above -0.
EXTREMA_CASES = [
    (math.nan, 1.0, math.nan, math.nan), (1.0, math.nan, math.nan, math.nan),
    (0.0, -0.0, 0.0, -0.0), (-0.0, 0.0, 0.0, -0.0), (2.0, -3.0, 2.0, -3.0),
    (-3.0, 2.0, 2.0, -3.0),
]


def test_simulator_float_extrema_are_ieee():
    f32 = TypeInfo("float", "f32", 32)
    for a, b, high, low in EXTREMA_CASES:
        for name, expected in (("arith.maximumf", high), ("arith.minimumf", low)):
            [got] = eval_arith(name, [a, b], [f32, f32], [f32], {}, "test")
            assert struct.pack("<d", got) == struct.pack("<d", expected) or (
                math.isnan(got) and math.isnan(expected)), (name, a, b, got)


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_float_extrema_cpp_does_what_the_simulator_does(builder, pto_opt, pto_translate, api):
    module = two_float_scalars("extrema", "%a: f32, %b: f32",
                               "    %x = arith.maximumf %a, %b : f32\n"
                               "    %y = arith.minimumf %a, %b : f32")
    compare_scalar_runs(builder, pto_opt, pto_translate, api, module, "extrema",
                        [(a, b) for a, b, _, _ in EXTREMA_CASES])


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_float_division_cpp_does_what_the_simulator_does(builder, pto_opt, pto_translate, api):
    """divf by zero and of zero by zero: infinities of the right sign, and
    the NaN of 0/0 with the bits the machine's division gives (its sign too),
    as inf - inf has."""
    module = two_float_scalars("division", "%a: f32, %b: f32",
                               "    %x = arith.divf %a, %b : f32\n"
                               "    %y = arith.subf %a, %b : f32")
    compare_scalar_runs(builder, pto_opt, pto_translate, api, module, "division",
                        [(0.0, 0.0), (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0), (-0.0, 0.0),
                         (math.inf, math.inf), (math.nan, 0.0), (6.0, 3.0)])


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_int_to_float_rounds_once(builder, pto_opt, pto_translate, api):
    """sitofp rounds an integer to f32 once; through a double first (2^60 +
    2^36 + 1 becomes 2^60, then stays) it would land on another f32 than the
    C++ conversion (2^60 + 2^37)."""
    module = two_float_scalars("convert", "%wide: i64, %narrow: i32",
                               "    %x = arith.sitofp %wide : i64 to f32\n"
                               "    %y = arith.sitofp %narrow : i32 to f32")
    compare_scalar_runs(builder, pto_opt, pto_translate, api, module, "convert",
                        [(2**60 + 2**36 + 1, 2**24 + 1), (-(2**62 + 2**38 + 1), -(2**24 + 3)),
                         (2**63 - 1, 2**31 - 1), (7, -7)])


def loop_ticks(builder, pto_opt, pto_translate, api, module, runs):
    """Runs ``module`` (@tick launched once per iteration, its i64 scalar
    the counter) in the C++ and the simulator, checks they agree, and
    returns per run the counter values the C++ passed."""
    result = cpp_trace.compare(legalize(pto_opt, module), runs, api, builder, pto_opt,
                               pto_translate)
    assert result.difference is None, result.difference
    return [[e[3][0][0] for e in run if e[0] == "task"] for run in result.cpp]


def tick_loops(params: str, loops: str) -> str:
    """A module whose @main(%a, <params>) runs ``loops``, which launch @tick
    with an i64 counter value per iteration."""
    return ("module {\n"
            "  pto.kernel aiv @tick(%x: !pto.tensor<16xf32> "
            "{pto.direction = #pto.direction<inout>}, %v: i64)\n"
            "  pto.orchestration @main(%a: !pto.tensor<16xf32> "
            "{pto.direction = #pto.direction<inout>}, " + params + ") {\n"
            + loops + "    pto.return\n  }\n}\n")


NARROW_LOOPS = tick_loops("%lo: i8, %hi: i64", """\
    %c127 = arith.constant 127 : i8
    %c50 = arith.constant 50 : i8
    %r = scf.for %i = %lo to %c127 step %c50 iter_args(%x = %a) -> (!pto.tensor<16xf32>) : i8 {
      %w = arith.extsi %i : i8 to i64
      %x1, %t = pto.submit @tick(%x, %w) : (!pto.tensor<16xf32>, i64) -> !pto.tensor<16xf32>
      scf.yield %x1 : !pto.tensor<16xf32>
    }
    %max = arith.constant 9223372036854775807 : i64
    %s100 = arith.constant 100 : i64
    %r2 = scf.for %j = %hi to %max step %s100 iter_args(%x = %r) -> (!pto.tensor<16xf32>) : i64 {
      %x1, %t = pto.submit @tick(%x, %j) : (!pto.tensor<16xf32>, i64) -> !pto.tensor<16xf32>
      scf.yield %x1 : !pto.tensor<16xf32>
    }
""")


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_loops_near_the_counter_maximum_run_their_trips(builder, pto_opt, pto_translate, api):
    """An i8 loop from 100 below 127 step 50 runs once and an i64 loop from
    2^63 - 10 below 2^63 - 1 step 100 once, in the simulator and in the C++
    (`i += step` wrapped there and never ended); from -128 the i8 loop runs
    6 times."""
    ticks = loop_ticks(builder, pto_opt, pto_translate, api, NARROW_LOOPS,
                       [[np.zeros(16), 100, 2**63 - 10], [np.zeros(16), -128, 2**63 - 250]])
    assert ticks[0] == [100, 2**63 - 10]
    assert ticks[1] == [(-128 + 50 * k) % 2**64 for k in range(6)] + [2**63 - 250, 2**63 - 150,
                                                                      2**63 - 50]


UNSIGNED_LOOP = tick_loops("%lo: i8, %hi: i8", """\
    %c100 = arith.constant 100 : i8
    %r = scf.for unsigned %u = %lo to %hi step %c100 iter_args(%x = %a) -> (!pto.tensor<16xf32>) : i8 {
      %w = arith.extui %u : i8 to i64
      %x1, %t = pto.submit @tick(%x, %w) : (!pto.tensor<16xf32>, i64) -> !pto.tensor<16xf32>
      scf.yield %x1 : !pto.tensor<16xf32>
    }
""")


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_unsigned_loops_run_their_trips(builder, pto_opt, pto_translate, api):
    """`scf.for unsigned` was refused by the translation only; it compares
    and steps through uint8_t: 100 below 250 step 100 is 100, 200; 60 below
    255 is 60, 160 (then 260 passes the maximum: the loop ends)."""
    ticks = loop_ticks(builder, pto_opt, pto_translate, api, UNSIGNED_LOOP,
                       [[np.zeros(16), 100, 250 - 256], [np.zeros(16), 60, 255 - 256]])
    assert ticks == [[100, 200], [60, 160]]


# -- the comparison sees a wrong translation ------------------------------------

WRONG_TRANSLATIONS = [
    # A boundary scalar copied before it is forwarded: the recording links
    # the copy, not the slot, so replay freezes the first call's value.
    ("examples/graph_translation.mlir", "simpler_6ebaf771",
     lambda cpp: cpp.replace(".add_scalar(args.scalar(", ".add_scalar((uint64_t)args.scalar("),
     "scalars"),
    # A block count dropped.
    ("test/Target/Cpp/hbg-launch-spec.mlir", "spec",
     lambda cpp: cpp.replace(".launch_spec.set_block_num(50);", ";"), "blocks"),
    # A dependency dropped.
    ("test/Target/Cpp/hbg-launch-spec.mlir", "simpler_6ebaf771",
     lambda cpp: cpp.replace(".set_dependencies(", ".set_dependencies(nullptr, 0); (void)("),
     "deps"),
    # A view's offset computed wrongly.
    ("examples/graph_translation.mlir", "spec",
     lambda cpp: re.sub(r"(_offsets\[2\] = \{)\(uint32_t\)\(\w+\), 0\}", r"\g<1>0, 0}", cpp),
     "offset"),
]


@pytest.mark.parametrize("path,api,edit,what", WRONG_TRANSLATIONS,
                         ids=[w for _, _, _, w in WRONG_TRANSLATIONS])
def test_comparison_sees_a_wrong_translation(builder, pto_opt, pto_translate, path, api, edit,
                                             what):
    legalized = legalize(pto_opt, (REPO / path).read_text())
    entry = cpp_trace.entry_name(legalized)
    runs = cpp_trace.synthetic_runs(legalized, entry, 2, True)
    cpp = cpp_trace.translate(cpp_trace.prepare(legalized, pto_opt), api, pto_translate)
    assert edit(cpp) != cpp, "the edit no longer applies to the generated C++"
    right = cpp_trace.compare(legalized, runs, api, builder, pto_opt, pto_translate, entry=entry)
    assert right.difference is None, right.difference
    wrong = cpp_trace.compare(legalized, runs, api, builder, pto_opt, pto_translate, entry=entry,
                              edit_cpp=edit)
    assert wrong.difference is not None


# -- what pto-compile reports is what the C++ does ------------------------------


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_compile_report_matches_the_running_cpp(tmp_path, pto_compile, api):
    """The main job's report (recorded nodes per Graph, boundary, calls,
    allocation calls per run) against scripts/orchestration_stats.py's
    measurement of the C++ it wrote, run for two steps on the stub."""
    out = tmp_path / "model"
    subprocess.run([pto_compile, str(REPO / "examples" / "qwen3_14b_decode" / "model.py"),
                    "-o", str(out), "--runtime-api", api], check=True, capture_output=True)
    report = json.loads((out / "report.json").read_text())
    stats = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "orchestration_stats.py"), str(out / "model.cpp"),
         "--module", str(out / "model.legalized.mlir"), "--api", api, "--json"],
        check=True, capture_output=True, text=True)
    measured = json.loads(stats.stdout)
    [graph] = report["graphs"]
    [recorded] = measured["graphs"].values()
    assert recorded["nodes"] == graph["recorded_nodes"]
    assert recorded["boundary tensors"] == len(graph["tensors_after"])
    assert recorded["boundary scalars"] == len(graph["scalars_after"])
    for step in measured["steps"]:
        assert step["graph launches"] == graph["calls"]
        assert step["allocation calls"] == report["orchestration_heap"]["allocation_calls"]
    assert [s["records"] for s in measured["steps"]] == [1, 0]


# -- the long-running fuzzer compares traces too --------------------------------


def test_replay_fuzz_compares_traces(tmp_path):
    """benchmarks/replay_fuzz.py --trace runs this comparison on each accepted
    program that compiled, at both API levels (counts, exit status 0)."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "replay_fuzz.py"), "--seeds", "4",
         "--no-snapshot", "--trace", "--save-dir", str(tmp_path / "bugs")],
        capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    summary = next(line for line in reversed(result.stdout.splitlines())
                   if line.startswith("generated "))
    same = int(re.search(r"traces same (\d+) ", summary).group(1))
    compiled = int(re.search(r"C\+\+ compiled (\d+) ", summary).group(1))
    assert compiled > 0 and "differ 0 " in summary and "errors 0 " in summary, summary
    assert same + int(re.search(r"skipped (\d+) ", summary).group(1)) == 2 * compiled, summary


#: Values the runtime takes in narrower fields, computed from an entry
#: scalar: an extent (uint32_t) and a block count (at most 32767).
NARROWED = """\
module {
  pto.kernel aiv @fill(%x: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @main(%n: index) {
    %c2 = arith.constant 2 : index
    %m = arith.muli %n, %c2 : index
    %b = pto.create(%m) : !pto.tensor<?xf32>
    %b1, %t = pto.submit @fill(%b) core_num(%n) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    pto.return
  }
}
"""


def run_failing(builder, pto_opt, pto_translate, api, source: str, values):
    """(the C++'s failure, the simulator's) for @main of ``source`` run with
    ``values``; each must fail."""
    from pto_mlir.ir import Context, Module
    from pto_mlir.sim import Runtime, SimError
    from pto_mlir.sim.program import load_program
    prepared = cpp_trace.prepare(legalize(pto_opt, source), pto_opt)
    exe = builder.build(cpp_trace.translate(prepared, api, pto_translate), api)
    with Context():
        program = load_program(Module.parse(prepared))
    args = cpp_trace.entry_args(program, "main", values, data=True)
    with pytest.raises(cpp_trace.ToolError) as cpp_failure:
        cpp_trace.run_stub(exe, [args])
    with pytest.raises(SimError) as sim_failure:
        Runtime(program, mode="replay", data=True).run("main", args.sim)
    return str(cpp_failure.value), str(sim_failure.value)


def run_narrowed(builder, pto_opt, pto_translate, api, n):
    """(the C++'s failure, the simulator's) for NARROWED at %n = n."""
    return run_failing(builder, pto_opt, pto_translate, api, NARROWED, [n])


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_computed_values_past_the_runtime_fields_stop_the_run(builder, pto_opt, pto_translate,
                                                              api):
    """Issue 31 item 6: an extent of 2^32 was printed as `(uint32_t)` of it
    (0 rows) and 40000 blocks as `static_cast<int16_t>` (-25536). The C++
    now stops with the check's message before the runtime call (the public
    runtime's fatal report, or a message and abort() at the spec level), and
    the simulator stops at the same op; in range, both run alike."""
    result = cpp_trace.compare(legalize(pto_opt, NARROWED), [[3], [32767]], api, builder,
                               pto_opt, pto_translate)
    assert result.difference is None, result.difference
    assert result.tasks == 2

    cpp, sim = run_narrowed(builder, pto_opt, pto_translate, api, 2**31)
    for text in (cpp, sim):
        assert "'pto.create' dynamic extent #0 is outside [0, 4294967295]" in text, text
    if api == "simpler_6ebaf771":
        assert "stub runtime: fatal error 5: " in cpp, cpp

    cpp, sim = run_narrowed(builder, pto_opt, pto_translate, api, 40000)
    for text in (cpp, sim):
        assert "'pto.submit' core_num is outside [1, 32767]" in text, text


#: A reshape to a shape known at run time: [d0, 16] rows as [n, 8].
RESHAPED = """\
module {
  pto.kernel aiv @scale(%x: !pto.tensor<?x8xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%a: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>},
                          %n: index) {
    %r = pto.reshape %a(%n) : !pto.tensor<?x16xf32> to !pto.tensor<?x8xf32>
    %r1, %t = pto.submit @scale(%r) : (!pto.tensor<?x8xf32>) -> !pto.tensor<?x8xf32>
    pto.return
  }
}
"""


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_a_reshape_to_another_element_count_stops_the_run(builder, pto_opt, pto_translate, api):
    """The runtime only debug-asserts a reshape's element count: the C++
    checks it before the reshape (pto-insert-runtime-checks) and the
    simulator stops there too; with the right count both see the same
    [6, 8] view of the [3, 16] buffer."""
    a = np.arange(48, dtype=np.float32).reshape(3, 16)
    result = cpp_trace.compare(legalize(pto_opt, RESHAPED), [[a, 6]], api, builder,
                               pto_opt, pto_translate)
    assert result.difference is None, result.difference
    assert result.tasks == 1

    prepared = cpp_trace.prepare(legalize(pto_opt, RESHAPED), pto_opt)
    assert prepared.count("cf.assert") == 2  # the count, and n within 32 bits
    for n in (5, 7, 0):
        for text in run_failing(builder, pto_opt, pto_translate, api, RESHAPED, [a, n]):
            assert ("'pto.reshape' views !pto.tensor<?x8xf32> whose element count is not its "
                    "source's (!pto.tensor<?x16xf32>)" in text), text


#: A kernel written for 16 rows given a tensor of rows known at run time.
STATIC_PARAMETER = """\
module {
  pto.kernel aiv @scale(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%a: !pto.tensor<?x8xf32> {pto.direction = #pto.direction<inout>}) {
    %a1, %t = pto.submit @scale(%a) : (!pto.tensor<?x8xf32>) -> !pto.tensor<?x8xf32>
    pto.return
  }
}
"""


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_a_tensor_of_another_extent_than_the_kernel_declares_stops_the_run(
        builder, pto_opt, pto_translate, api):
    """The runtime hands a kernel whatever tensor it is given; a kernel
    declared for 16 rows would read past 12. The C++ checks the extent
    before the launch and the simulator stops there too; 16 rows run alike."""
    good = np.arange(128, dtype=np.float32).reshape(16, 8)
    result = cpp_trace.compare(legalize(pto_opt, STATIC_PARAMETER), [[good]], api, builder,
                               pto_opt, pto_translate)
    assert result.difference is None, result.difference
    for text in run_failing(builder, pto_opt, pto_translate, api, STATIC_PARAMETER,
                            [good[:12]]):
        assert ("'pto.submit' passes @scale tensor #0 whose extent #0 is not 16, which the "
                "kernel's parameter declares" in text), text


#: A Graph whose manual scope picks a dependency by a boundary scalar.
CHOSEN_DEPENDENCY = """\
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @k2(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
               %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.scope manual {
      %x1, %t1 = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %y1, %t2 = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %c1 = arith.constant 1 : index
      %more = arith.cmpi sgt, %n, %c1 : index
      %t = arith.select %more, %t1, %t2 : !pto.task_id
      %y2, %t3 = pto.submit @k2(%x1, %y1) deps(%t : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                          %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      pto.call @g(%x, %y, %i) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> ()
    }
    pto.return
  }
}
"""


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_a_dependency_chosen_by_a_graph_scalar_records_per_choice(builder, pto_opt,
                                                                  pto_translate, api):
    """The recording keeps the edge it made: a dependency a boundary scalar
    chooses makes that scalar part of the Graph's Config, so the call that
    chooses the other edge records anew. The simulator replayed the first
    recording (adversarial round, 2026-12-07); both now record twice."""
    assert_records_twice(CHOSEN_DEPENDENCY, builder, pto_opt, pto_translate, api)


def assert_records_twice(module: str, builder, pto_opt, pto_translate, api) -> None:
    """Runs ``module`` (@main(%x, %y, %n) calling @g(%x, %y, %i) for i < n)
    at n = 4: the C++ and the simulator agree, and the simulator records @g
    twice (once per dependency its scalar chooses)."""
    zeros = np.zeros(16, dtype=np.float32)
    result = cpp_trace.compare(legalize(pto_opt, module), [[zeros, zeros, 4]], api, builder,
                               pto_opt, pto_translate)
    assert result.difference is None, result.difference
    records = [event for event in result.sim[0] if event[0] == "graph"]
    assert [event[-1] for event in records].count("record") == 2, records


TASK_IDS_LEAVING_REGIONS = """
module attributes {pto.runtime = #pto.runtime<tensormap_and_ringbuffer>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %i: index)
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                          %f: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %none = pto.invalid_task_id
    %seed = pto.array_splat %none : !pto.task_id_array<2>
    %t, %ids = pto.scope manual -> !pto.task_id, !pto.task_id_array<2> {
      %picked = scf.if %f -> !pto.task_id {
        %x1, %a = pto.submit @k(%x, %c0) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
        scf.yield %a : !pto.task_id
      } else {
        %x2, %b = pto.submit @k(%x, %c1) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
        scf.yield %b : !pto.task_id
      }
      %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %seed) -> (!pto.task_id_array<2>) {
        %x3, %u = pto.submit @k(%x, %i) deps(%picked : !pto.task_id) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
        %a2 = pto.array_update %a[%i], %u : !pto.task_id_array<2>
        scf.yield %a2 : !pto.task_id_array<2>
      }
      pto.yield %picked, %r : !pto.task_id, !pto.task_id_array<2>
    }
    %x4, %w = pto.submit @k(%x, %c2) deps(%t, %ids : !pto.task_id, !pto.task_id_array<2>) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
}
"""


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_task_ids_leaving_a_scope_and_a_branch(builder, pto_opt, pto_translate, api):
    """Task ids made in a manual scope (one chosen by a branch, an array
    filled by a loop) and waited for after it: the C++ passes the same
    dependencies as the simulator, for either branch."""
    zeros = np.zeros(16, dtype=np.float32)
    result = cpp_trace.compare(legalize(pto_opt, TASK_IDS_LEAVING_REGIONS),
                               [[zeros, True], [zeros, False]], api, builder, pto_opt,
                               pto_translate)
    assert result.difference is None, result.difference
    for run in result.sim:
        tasks = [event for event in run if event[0] == "task"]
        # The branch's task, the loop's two after it, the last after all three.
        assert [task[-1] for task in tasks] == [(), (0,), (0,), (0, 1, 2)], run


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_scalar_conversions_of_the_builder_run_as_the_simulator_says(builder, pto_opt,
                                                                     pto_translate, api):
    """b.cast between index, integers and f32 (what the language's
    pto.f32(n), pto.i32(f), pto.index(f) build): an index through i64 to
    f32, a float truncated toward zero, in the C++ as in the simulator."""
    from pto_mlir import builder as b
    from pto_mlir.ir import Context
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            floats = b.kernel("floats", [b.param("o", t, "inout"), b.param("x", "f32"),
                                         b.param("y", "f32")])
            main = b.orchestration("convert", [b.param("o", t, "inout"),
                                               b.param("n", "index"), b.param("f", "f32")])
            with b.inserting(main):
                o, n, f = b.arguments(main)
                x = b.cast(n, "f32")
                y = b.cast(b.cast(b.cast(f, "index"), "i32"), "f32")
                b.submit(floats, [o, x, y])
                b.ret()
        text = str(module)
    assert "arith.sitofp" in text and "arith.fptosi" in text, text
    compare_scalar_runs(builder, pto_opt, pto_translate, api, text, "convert",
                        [(5, 2.7), (-3, -2.7), (2**40 + 3, 1e9), (0, -0.5)])


#: A float computed at run time (half the argument) converted to an i32
#: and an i8.
CONVERTED = """\
module {
  pto.kernel aiv @ints(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %a: i32, %b: i8)
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %f: f32) {
    %half = arith.constant 0.5 : f32
    %g = arith.mulf %f, %half : f32
    %a = arith.fptosi %g : f32 to i32
    %b = arith.fptosi %g : f32 to i8
    %x1, %t = pto.submit @ints(%x, %a, %b) : (!pto.tensor<16xf32>, i32, i8) -> !pto.tensor<16xf32>
    pto.return
  }
}
"""


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_a_float_conversion_out_of_range_stops_the_run(builder, pto_opt, pto_translate, api):
    """C++ leaves the conversion of NaN, an infinity or a float whose
    truncation does not fit undefined (the simulator's poison): the C++ stops
    with the check's message, as the simulator does; in range both run
    alike (truncating toward zero)."""
    zeros = np.zeros(16, dtype=np.float32)
    result = cpp_trace.compare(legalize(pto_opt, CONVERTED), [[zeros, 9.0], [zeros, -3.0],
                                                               [zeros, 255.0]],
                               api, builder, pto_opt, pto_translate)
    assert result.difference is None, result.difference
    assert len(result.cpp) == 3 and all(
        sum(event[0] == "task" for event in run) == 1 for run in result.cpp), result.cpp
    for value in (2.0**33, math.nan, -600.0):
        cpp, sim = run_failing(builder, pto_opt, pto_translate, api, CONVERTED, [zeros, value])
        for text in (cpp, sim):
            assert "which C++ leaves undefined" in text, (value, text)


CMPF_PREDICATES = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                   "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]


def float_comparisons() -> str:
    """@main(%o, %a, %b) passes every arith.cmpf predicate of %a and %b,
    as an i32 0 or 1, to two tasks of eight scalars."""
    tensor, inout = "!pto.tensor<16xf32>", "{pto.direction = #pto.direction<inout>}"
    scalars = ", ".join(f"%s{i}: i32" for i in range(8))
    lines = [f"module {{\n  pto.kernel aiv @eight(%o: {tensor} {inout}, {scalars})",
             f"  pto.orchestration @main(%o: {tensor} {inout}, %a: f32, %b: f32) {{"]
    for i, predicate in enumerate(CMPF_PREDICATES):
        lines.append(f"    %c{i} = arith.cmpf {predicate}, %a, %b : f32")
        lines.append(f"    %v{i} = arith.extui %c{i} : i1 to i32")
    for half in range(2):
        values = ", ".join(f"%v{8 * half + i}" for i in range(8))
        types = ", ".join(["i32"] * 8)
        lines.append(f"    %o{half}, %t{half} = pto.submit @eight(%o, {values}) : "
                     f"({tensor}, {types}) -> {tensor}")
    lines.append("    pto.return\n  }\n}\n")
    return "\n".join(lines)


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_float_comparisons_run_as_the_simulator_says(builder, pto_opt, pto_translate, api):
    """Every arith.cmpf predicate, ordered and unordered, on numbers, equal
    values, signed zeros, infinities and NaN: the C++ gives what the
    simulator gives (IEEE: ordered predicates are false on NaN)."""
    pairs = [(1.0, 2.0), (2.0, 1.0), (1.5, 1.5), (0.0, -0.0), (math.inf, 1.0),
             (math.nan, 1.0), (1.0, math.nan), (math.nan, math.nan)]
    result = compare_scalar_runs(builder, pto_opt, pto_translate, api, float_comparisons(),
                                 "main", pairs, tasks=2)
    # (NaN, 1.0): every ordered predicate false, every unordered one true.
    bits = [scalar[0] for event in result.cpp[5] if event[0] == "task"
            for scalar in event[3]]
    expected = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    assert bits == expected, dict(zip(CMPF_PREDICATES, bits))


#: CHOSEN_DEPENDENCY with the choice made by a slot of a task id array: the
#: array's slot (read or written) is picked by a Graph scalar.
CHOSEN_BY_ARRAY = CHOSEN_DEPENDENCY.replace(
    "      %t = arith.select %more, %t1, %t2 : !pto.task_id\n",
    "      %c0i = arith.constant 0 : index\n"
    "      %slot = arith.remui %n, %c2 : index\n"
    "      %ids = pto.array_splat %t1 : !pto.task_id_array<2>\n"
    "      %ids1 = pto.array_update %ids[%c1], %t2 : !pto.task_id_array<2>\n"
    "      %t = pto.array_get %ids1[%slot] : !pto.task_id_array<2>\n").replace(
    "      %c1 = arith.constant 1 : index\n      %more",
    "      %c1 = arith.constant 1 : index\n      %c2 = arith.constant 2 : index\n      %more")


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_a_dependency_chosen_through_a_task_id_array_records_per_choice(
        builder, pto_opt, pto_translate, api):
    """The slot of a task id array a Graph scalar picks decides the edge, as
    a select does: both record once per slot (the simulator replayed the
    first recording: adversarial round, 2026-12-07)."""
    assert "pto.array_get %ids1[%slot]" in CHOSEN_BY_ARRAY
    assert_records_twice(CHOSEN_BY_ARRAY, builder, pto_opt, pto_translate, api)


@pytest.mark.parametrize("api", cpp_trace.API_LEVELS)
def test_a_comparison_converts_to_one(builder, pto_opt, pto_translate, api):
    """pto.i32 / pto.f32 / pto.index of a comparison give 1 for true, as C++
    converts a bool (arith's signed conversions of i1 gave -1: adversarial
    round, 2026-12-07)."""
    from pto_mlir import builder as b
    from pto_mlir.ir import Context
    with Context(), b.here():
        t = b.tensor([16], "f32")
        module = b.module()
        with b.inserting(module):
            k = b.kernel("k", [b.param("x", t, "inout"), b.param("a", "i32"),
                               b.param("f", "f32"), b.param("c", "index")])
            main = b.orchestration("main", [b.param("x", t, "inout"), b.param("n", "index")])
            with b.inserting(main):
                x, n = b.arguments(main)
                flag = b.scalar(n) > 2
                b.submit(k, [x, b.cast(flag, "i32"), b.cast(flag, "f32"), b.cast(flag, "index")])
                b.ret()
        text = str(module)
    zeros = np.zeros(16, dtype=np.float32)
    result = cpp_trace.compare(legalize(pto_opt, text), [[zeros, 5], [zeros, 1]], api,
                               builder, pto_opt, pto_translate)
    assert result.difference is None, result.difference
    scalars = [event[3] for run in result.cpp for event in run if event[0] == "task"]
    assert scalars == [((1, 32), (struct.unpack("<I", struct.pack("<f", 1.0))[0], 32), (1, 64)),
                       ((0, 32), (0, 32), (0, 64))], scalars
