"""Kernel windows (#pto.window): a kernel that takes a whole tensor and an
offset touches one box of it, and passing it a tile plus the offset makes
it apply the offset twice (what crashed the first run of the Qwen3 port on
the public runtime's simulator). The simulator's kernel model touches only
the box; the stub runtime, given the module's window table, checks every
task; both reject a box outside the tensor passed, which
pto-verify-kernel-windows can only see when the offset is a constant."""

import subprocess
from pathlib import Path

import numpy as np
import pytest

import cpp_trace
from pto_mlir.ir import Context, Module
from pto_mlir.sim import Runtime, SimError
from pto_mlir.sim.program import load_program


#: A SiLU-like kernel writing the column tile at its offset of a [4, ?]
#: activation; the entry passes either the whole tensor (the real kernel's
#: convention) or the tile at that offset (applied twice by the kernel).
PROGRAM = """
module attributes {{pto.runtime = #pto.runtime<host_build_graph>}} {{
  pto.kernel aiv @silu(%mlp: !pto.tensor<4x?xf32> {{pto.direction = #pto.direction<inout>,
                         pto.window = #pto.window<offsets = ()[s0] -> (0, s0), sizes = () -> (4, 8)>}},
                       %gate: !pto.tensor<4x32xf32> {{
                         pto.window = #pto.window<offsets = ()[s0] -> (0, s0), sizes = () -> (4, 8)>}},
                       %n_off: index)
  pto.orchestration @main(%mlp: !pto.tensor<4x32xf32> {{pto.direction = #pto.direction<inout>}},
                          %gate: !pto.tensor<4x32xf32>, %tile: index) {{
    %c8 = arith.constant 8 : index
    %n_off = arith.muli %tile, %c8 : index
    {launch}
    pto.return
  }}
}}
"""

WHOLE = """%out, %t = pto.submit @silu(%mlp, %gate, %n_off)
        : (!pto.tensor<4x32xf32>, !pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>"""
TILE = """%view = pto.slice %mlp [0, %n_off] [4, 8] : !pto.tensor<4x32xf32> to !pto.tensor<4x8xf32>
    %out, %t = pto.submit @silu(%view, %gate, %n_off)
        : (!pto.tensor<4x8xf32>, !pto.tensor<4x32xf32>, index) -> !pto.tensor<4x8xf32>"""


def _legalized(pto_opt, launch: str) -> str:
    return subprocess.run([pto_opt, "--pto-graph-legalize-pipeline", "-"],
                          input=PROGRAM.format(launch=launch), capture_output=True,
                          text=True, check=True).stdout


def _run_sim(text: str, tile: int, mlp: np.ndarray, gate: np.ndarray):
    with Context():
        program = load_program(Module.parse(text))
    return Runtime(program, mode="replay").run("main", [mlp, gate, tile])


@pytest.fixture(scope="module")
def builder():
    with cpp_trace.workdir() as directory:
        yield cpp_trace.StubBuilder(Path(directory))


def test_simulator_writes_only_the_window(pto_opt):
    rng = np.random.default_rng(0)
    mlp = rng.integers(0, 4, (4, 32)).astype(np.float32)
    gate = rng.integers(0, 4, (4, 32)).astype(np.float32)
    result = _run_sim(_legalized(pto_opt, WHOLE), 2, mlp, gate)
    after = result.tensors[0]
    # Columns 16..23 rewritten, every other element as it was.
    outside = np.ones((4, 32), bool)
    outside[:, 16:24] = False
    assert np.array_equal(after[outside], mlp[outside])
    assert not np.array_equal(after[:, 16:24], mlp[:, 16:24])
    # The box is all the kernel reads of its input: the gate outside it
    # does not change the result.
    other_gate = gate.copy()
    other_gate[:, :16] += 1
    again = _run_sim(_legalized(pto_opt, WHOLE), 2, mlp, other_gate)
    assert np.array_equal(again.tensors[0], after)


def test_simulator_rejects_a_window_outside_the_tile(pto_opt):
    text = _legalized(pto_opt, TILE)
    with pytest.raises(SimError, match=r"window \[16, 24\) on axis 1 lies outside the tensor "
                                        r"passed \(shape \[4, 8\]\)"):
        _run_sim(text, 2, np.zeros((4, 32)), np.zeros((4, 32)))
    # Tile 0 is in bounds either way.
    _run_sim(text, 0, np.zeros((4, 32)), np.zeros((4, 32)))


def test_stub_checks_every_task_against_the_windows(pto_opt, pto_translate, builder):
    runs = [[np.zeros((4, 32)), np.zeros((4, 32)), tile] for tile in (0, 3)]
    whole = cpp_trace.compare(_legalized(pto_opt, WHOLE), runs, "simpler_6ebaf771", builder,
                              pto_opt, pto_translate)
    assert whole.difference is None
    with pytest.raises(cpp_trace.ToolError,
                       match=r"kernel 0, tensor argument #0: window \[24, 32\) on axis 1 lies "
                             r"outside the tensor passed \(extent 8\)"):
        cpp_trace.compare(_legalized(pto_opt, TILE), runs, "simpler_6ebaf771", builder,
                          pto_opt, pto_translate)


def test_window_table_lists_each_kernel_id(pto_opt):
    text = _legalized(pto_opt, WHOLE)
    with Context():
        program = load_program(Module.parse(text))
    table = cpp_trace.window_table(program, cpp_trace.kernel_ids(text))
    # Two windows of kernel 0: tensor argument, rank, scalars and their
    # widths, then offsets and sizes as (constant, coefficient) pairs.
    assert table.splitlines() == ["W 2", "0 0 2 1 64 0 0 0 1 4 0 8 0",
                                  "0 1 2 1 64 0 0 0 1 4 0 8 0"]
