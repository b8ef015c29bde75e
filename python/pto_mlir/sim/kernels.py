"""The deterministic kernel model.

Kernels are opaque to orchestration, so the simulator gives every kernel
the same kind of behaviour: each Out/InOut tensor it writes becomes a fixed
pseudo-random function of

* the kernel's name and the position of the output among its parameters,
* the contents, element types and shapes of every tensor it reads
  (its In parameters and the old contents of its InOut parameters),
* the value and type of every scalar argument.

Any change to any of those changes the output (up to a 2**-128 chance of a
BLAKE2 collision), which is what makes a frozen scalar or a stale view
window observable. The output never depends on where a buffer lives, on
``core_num`` or on the old contents of an Out parameter (write-only).

Values written are small: floats uniform in [-1, 1), integers in [-64, 64),
``i1`` 0 or 1, ``bf16`` the rounded bits of such a float.
"""

from __future__ import annotations

import hashlib
from typing import List, Sequence, Tuple

import numpy as np

from .memory import TensorView, storage_dtype
from .program import TypeInfo
from .scalars import scalar_bits


def _tensor_digest(h, view: TensorView) -> None:
    arr = np.ascontiguousarray(view.array())
    h.update(view.element_type.encode())
    h.update(repr(view.shape).encode())
    h.update(arr.tobytes())


def _fill(seed: bytes, shape: Tuple[int, ...], element_type: str) -> np.ndarray:
    rng = np.random.Generator(np.random.PCG64(int.from_bytes(seed[:16], "little")))
    n = int(np.prod(shape, dtype=np.int64)) if shape else 1
    if element_type in ("f16", "f32", "f64"):
        vals = rng.random(n, dtype=np.float64) * 2.0 - 1.0
        out = vals.astype(storage_dtype(element_type))
    elif element_type == "bf16":
        f = (rng.random(n, dtype=np.float64) * 2.0 - 1.0).astype(np.float32)
        bits = f.view(np.uint32).astype(np.uint64)
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
        out = bits.astype(np.uint16)
    elif element_type == "i1":
        out = rng.integers(0, 2, n).astype(np.uint8)
    else:
        out = rng.integers(-64, 64, n).astype(storage_dtype(element_type))
    return out.reshape(shape)


def run_kernel(name: str, tensors: Sequence[Tuple[TensorView, str]],
               scalars: Sequence[Tuple[object, TypeInfo]]) -> None:
    """Executes kernel ``name`` in place.

    Args:
        name: the kernel's symbol.
        tensors: its tensor arguments in parameter order, each with its
            direction (``"in"``, ``"out"`` or ``"inout"``).
        scalars: its scalar arguments, each with its type.

    Every input is read before any output is written, so aliasing between
    inputs and outputs is well defined; outputs are written in parameter
    order.

    Raises:
        SimError: a tensor lies outside its buffer or has no storage.
    """
    base = hashlib.blake2b(digest_size=32)
    base.update(b"kernel:" + name.encode())
    for i, (view, direction) in enumerate(tensors):
        base.update(f"|t{i}:{direction}".encode())
        if direction in ("in", "inout"):
            _tensor_digest(base, view)
    for i, (value, t) in enumerate(scalars):
        base.update(f"|s{i}:".encode() + scalar_bits(value, t))
    outputs: List[Tuple[TensorView, np.ndarray]] = []
    for i, (view, direction) in enumerate(tensors):
        if direction == "in":
            continue
        h = base.copy()
        h.update(f"|out{i}".encode())
        outputs.append((view, _fill(h.digest(), view.shape, view.element_type)))
    for view, values in outputs:
        view.array()[...] = values
