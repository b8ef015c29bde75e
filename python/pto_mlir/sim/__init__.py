"""pto_mlir.sim: an executable model of PTO programs and of the
host_build_graph runtime's record/replay contract.

Nothing here runs on Ascend hardware. The package interprets pto IR (with
``arith`` and ``scf``) over numpy buffers, models every kernel as a
deterministic function of what it reads, and models ``rt_submit_graph``:
eager execution, or recording a Graph's topology on the first call for a
Graph key and replaying it afterwards, patching only boundary tensor
addresses and boundary scalar values. Comparing the two shows whether a
Graph is replay-safe::

    from pto_mlir import sim
    from pto_mlir.ir import Context, Module

    with Context():
        module = Module.parse(text)
        program = sim.load_program(module)
    eager = sim.Runtime(program, mode="eager")
    replay = sim.Runtime(program, mode="replay")
    for args in calls:
        a = eager.run("main", args)
        b = replay.run("main", args)
        assert sim.same_tensors(a, b)

``sim.Runtime(program, mode, data=False)`` does the same bookkeeping
(definitions, graph-heap bytes, counters) without tensor contents, for
programs too large to hold in memory.

Modules: :mod:`.program` (lowering the MLIR objects), :mod:`.interp` (the
interpreter), :mod:`.scalars` (``arith`` semantics), :mod:`.memory`
(buffers and views), :mod:`.kernels` (the kernel model), :mod:`.runtime`
(eager and record/replay), :mod:`.differential` (eager-vs-replay
comparison), :mod:`.generator` (random Graph programs for fuzzing).
"""

from .errors import (DefinitionLimitError, GraphSubmissionError, SimError,
                     UnsupportedOpError)
from .memory import Buffer, TensorView, tensor_from_array
from .program import Program, load_program
from .interp import Launch
from .runtime import Definition, Event, Runtime, RunResult, RunStats
from .differential import (compare_modes, default_arguments, first_difference,
                           same_tensors)

__all__ = [
    "Buffer", "Definition", "DefinitionLimitError", "Event", "GraphSubmissionError", "Launch",
    "Program",
    "RunResult", "RunStats", "Runtime", "SimError", "TensorView", "UnsupportedOpError",
    "compare_modes", "default_arguments", "first_difference", "load_program",
    "same_tensors", "tensor_from_array",
]
