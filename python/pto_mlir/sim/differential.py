"""Eager-versus-replay comparison helpers.

The property the Graph-boundary legalization must establish: running an
orchestration under the record/replay model leaves every orchestration
argument bit-for-bit equal to eager execution, for any sequence of runs
(fresh buffers, new scalar values) sharing one runtime's recorded
definitions. These helpers build arguments, run both modes and report the
first difference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence

import numpy as np

from .memory import storage_dtype
from .program import Program
from .runtime import Runtime, RunResult, RunStats


def default_arguments(program: Program, entry: str, rng: np.random.Generator,
                      scalars: Optional[Dict[str, object]] = None,
                      dynamic_extent: int = 8, data: bool = True) -> List[object]:
    """Deterministic random arguments for orchestration ``@entry``.

    Args:
        program: the lowered module.
        entry: an orchestration function.
        rng: the source of randomness (e.g. ``np.random.default_rng(seed)``).
        scalars: values of scalar parameters by name; a scalar not listed
            gets an integer in [0, 4) (or a float in [0, 1)).
        dynamic_extent: extent used for a ``?`` axis.
        data: ``False`` for arguments of an accounting run
            (``Runtime(..., data=False)``): each tensor is a zero-filled
            read-only broadcast array of the logical shape and storage
            dtype, taking no memory whatever its size.

    Returns:
        one value per parameter: numpy arrays of the logical shape (floats
        uniform in [-1, 1), integers in [-64, 64), ``i1`` 0/1, ``bf16`` as
        raw bits) and Python numbers.
    """
    fn = program.function(entry, "orchestration")
    out: List[object] = []
    for p in fn.params:
        t = p.type
        if t.is_tensor:
            shape = tuple(dynamic_extent if d is None else d for d in t.shape)
            et = t.element_type
            if not data:
                # One stored element, stride 0 on every axis.
                arr = np.broadcast_to(np.zeros((), storage_dtype(et)), shape)
            elif et in ("f16", "f32"):
                arr = (rng.random(shape) * 2 - 1).astype(storage_dtype(et))
            elif et == "bf16":
                f = (rng.random(shape) * 2 - 1).astype(np.float32)
                arr = (f.view(np.uint32) >> 16).astype(np.uint16)
            elif et == "i1":
                arr = rng.integers(0, 2, shape).astype(np.uint8)
            else:
                arr = rng.integers(-64, 64, shape).astype(storage_dtype(et))
            out.append(arr)
        elif scalars and p.name in scalars:
            out.append(scalars[p.name])
        elif t.kind == "float":
            out.append(float(rng.random()))
        else:
            out.append(int(rng.integers(0, 4)))
    return out


def same_tensors(a: RunResult, b: RunResult) -> bool:
    """True if both runs left every tensor argument bit-for-bit equal."""
    return first_difference(a, b) is None


def first_difference(a: RunResult, b: RunResult) -> Optional[str]:
    """Describes the first tensor argument whose final contents differ
    between two runs (compared as raw bytes, so NaNs compare equal to
    themselves), or None."""
    for i, (x, y) in enumerate(zip(a.tensors, b.tensors)):
        if x is None and y is None:
            continue
        if x is None or y is None or x.shape != y.shape or x.dtype != y.dtype:
            return f"argument #{i}: shape or dtype differs"
        if x.tobytes() != y.tobytes():
            diff = np.argwhere(x.view(np.uint8).reshape(x.shape + (-1,)) !=
                               y.view(np.uint8).reshape(y.shape + (-1,)))
            where = tuple(int(v) for v in diff[0][:-1]) if len(diff) else ()
            return (f"argument #{i}: {len({tuple(d[:-1]) for d in diff.tolist()})} elements differ, "
                    f"first at {list(where)}")
    return None


@dataclass
class Comparison:
    """Outcome of :func:`compare_modes`.

    mismatches: for each run index whose tensors differ, a description.
    eager_stats / replay_stats: counters of each run, per mode.
    replay: the replay-mode runtime (its recorded definitions).
    """

    mismatches: Dict[int, str] = field(default_factory=dict)
    eager_stats: List[RunStats] = field(default_factory=list)
    replay_stats: List[RunStats] = field(default_factory=list)
    replay: Optional[Runtime] = None

    @property
    def equal(self) -> bool:
        return not self.mismatches

    @property
    def replay_graph_heap(self) -> List[int]:
        """Graph-heap bytes of each replay-mode run."""
        return [s.graph_heap_bytes for s in self.replay_stats]


def compare_modes(program: Program, entry: str, runs: Sequence[Sequence[object]],
                  reference: Optional[Program] = None) -> Comparison:
    """Runs ``@entry`` once per argument list in ``runs``, in eager mode on
    ``reference`` (default: ``program`` itself) and in replay mode on
    ``program``, each mode on one runtime for the whole sequence, and
    compares the tensor arguments after every run.

    Pass the un-legalized program as ``reference`` to check that the
    legalized one, replayed, computes what the original means. Tensor
    arguments must be numpy arrays (each run copies them into fresh
    buffers), not shared :class:`TensorView` objects.

    Raises:
        SimError: either mode cannot run the program (the exception of the
            mode that failed first, eager first).
    """
    eager = Runtime(reference or program, mode="eager")
    replay = Runtime(program, mode="replay")
    result = Comparison(replay=replay)
    for i, args in enumerate(runs):
        a = eager.run(entry, args)
        b = replay.run(entry, args)
        result.eager_stats.append(a.stats)
        result.replay_stats.append(b.stats)
        diff = first_difference(a, b)
        if diff is not None:
            result.mismatches[i] = diff
    return result
