"""scripts/orchestration_stats.py --against: what the node comparison sees
and what its two normalizations leave out (docs/ports.md, "How a port is
checked"). Each program is compiled with pto-compile and run on the stub
runtime (test/stub_runtime)."""

import subprocess
import sys

import pytest

from conftest import REPO

#: Two manual-scope launches on a pair of buffers (f32 and a ui8 byte
#: buffer), then a launch in a scope of its own. BUFFERS makes the pair.
PROGRAM = """
module attributes {{pto.runtime = #pto.runtime<tensormap_and_ringbuffer>}} {{
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {{pto.direction = #pto.direction<inout>}}, %y: !pto.tensor<16x{bytes}> {{pto.direction = #pto.direction<inout>}})
  pto.orchestration @main(%o: !pto.tensor<16xf32> {{pto.direction = #pto.direction<inout>}}) {{
{buffers}
    pto.scope {{
      %c = pto.create : !pto.tensor<16x{bytes}>
      %o1, %c1, %t3 = pto.submit @k(%o, %c) : (!pto.tensor<16xf32>, !pto.tensor<16x{bytes}>) -> (!pto.tensor<16xf32>, !pto.tensor<16x{bytes}>)
    }}
    pto.return
  }}
}}
"""

LAUNCHES = """\
      pto.scope manual {{
        %a1, %b1, %t = pto.submit @k(%a, %b) : (!pto.tensor<16xf32>, !pto.tensor<16x{bytes}>) -> (!pto.tensor<16xf32>, !pto.tensor<16x{bytes}>)
        %a2, %b2, %t2 = pto.submit @k(%a1, %b1) deps(%t : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16x{bytes}>) -> (!pto.tensor<16xf32>, !pto.tensor<16x{bytes}>)
      }}"""

#: The pair allocated in one call inside a scope the function outlives: the
#: compiler's retention pass gives each manual launch a dependency on it.
ONE_CALL_RETAINED = """\
    pto.scope {{
      %a = pto.create : !pto.tensor<16xf32>
      %b = pto.create : !pto.tensor<16x{bytes}>
""" + LAUNCHES + """
    }}"""

#: The pair allocated in two calls that live until the function returns:
#: no retention dependency.
TWO_CALLS = """\
    %a = pto.alloc_tensors : !pto.tensor<16xf32>
    %b = pto.alloc_tensors : !pto.tensor<16x{bytes}>
""" + LAUNCHES.replace("\n      ", "\n    ").replace("      pto.scope", "    pto.scope")


def compile_program(tmp_path, pto_compile, name, buffers, bytes_type="ui8"):
    path = tmp_path / f"{name}.mlir"
    path.write_text(PROGRAM.format(buffers=buffers.format(bytes=bytes_type),
                                   bytes=bytes_type))
    subprocess.run([pto_compile, str(path), "-o", str(tmp_path / name), "-q"], check=True)
    return tmp_path / name / f"{name}.cpp", tmp_path / name / f"{name}.legalized.mlir"


def compare(ours, theirs, *options):
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "orchestration_stats.py"), str(ours[0]),
         "--module", str(ours[1]), "--steps", "1", "--against", str(theirs[0]),
         "--against-module", str(theirs[1]), *options], capture_output=True, text=True)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout.rstrip().splitlines()


@pytest.fixture(scope="module")
def programs(tmp_path_factory, pto_compile):
    tmp_path = tmp_path_factory.mktemp("stats")
    return {name: compile_program(tmp_path, pto_compile, name, buffers, bytes_type)
            for name, buffers, bytes_type in (("retained", ONE_CALL_RETAINED, "ui8"),
                                              ("two_calls", TWO_CALLS, "ui8"),
                                              ("two_calls_i8", TWO_CALLS, "i8"))}


def test_allocation_calls_and_retention_dependencies_are_normalized(programs):
    """One allocation call against two, with retention dependencies against
    none: every node differs (the node numbers shift); merging consecutive
    allocation calls aligns them, and leaving out the dependencies on
    allocations makes them equal."""
    ours, theirs = programs["retained"], programs["two_calls"]
    plain = compare(ours, theirs)
    assert plain[0] == "the entry: 5 nodes against 6", plain
    assert plain[-1] == "5 differences over 5 recorded nodes", plain
    merged = compare(ours, theirs, "--merge-allocations")
    assert merged[-1] == "2 differences over 5 recorded nodes", merged
    # The two manual launches: a dependency on node 0, the allocation.
    assert merged[0] == "the entry, node 1:" and "(0,)" in merged[1], merged
    assert compare(ours, theirs, "--merge-allocations", "--without-allocation-deps")[-1] == \
        "0 differences over 5 recorded nodes"


def test_element_types_are_compared(programs):
    """A byte buffer passed as UINT8 against INT8: each launch that passes
    it differs, normalized or not."""
    lines = compare(programs["two_calls"], programs["two_calls_i8"], "--merge-allocations",
                    "--without-allocation-deps")
    assert lines[-1] == "3 differences over 5 recorded nodes", lines
    assert [line for line in lines if line.startswith("the entry")] == [
        "the entry, node 1:", "the entry, node 2:", "the entry, node 4:"], lines
    assert "'UINT8')" in lines[1] and "'INT8')" in lines[2], lines
