"""The deterministic kernel model.

Kernels are opaque to orchestration, so the simulator gives every kernel
the same kind of behaviour: each Out/InOut tensor it writes becomes a fixed
pseudo-random function of

* the kernel's name and the position of the output among its parameters,
* the contents, element types and shapes of every tensor it reads
  (its In parameters and the old contents of its InOut parameters),
* the value and type of every scalar argument.

A parameter with a ``#pto.window`` is read and written only in that box
of the tensor passed (a real kernel that takes a whole activation and an
offset touches one tile of it); without one, the kernel touches the whole
view. An ``inout`` parameter with ``pto.overwrites`` is written without
its old contents being read.

Any change to any of those changes the output (up to a 2**-128 chance of a
BLAKE2 collision), which is what makes a frozen scalar or a stale view
window observable. The output never depends on where a buffer lives, on
``core_num`` or on the old contents of an Out parameter (write-only).

Values written are small: floats uniform in [-1, 1), integers in [-64, 64),
``i1`` 0 or 1, ``bf16`` the rounded bits of such a float.
"""

from __future__ import annotations

import hashlib
from typing import List, Optional, Sequence, Tuple

import numpy as np

from .errors import SimError
from .memory import TensorView, storage_dtype
from .program import TypeInfo, Window
from .scalars import scalar_bits, to_signed


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


def window_view(view: TensorView, window: Window, scalars: Sequence[int]) -> TensorView:
    """The box ``window`` selects of ``view`` for a task whose scalar
    arguments are ``scalars`` (signed integers).

    Raises:
        SimError: the box is empty or reaches outside ``view``.
    """
    offsets, sizes = window.evaluate(list(scalars))
    for axis, (offset, size, extent) in enumerate(zip(offsets, sizes, view.shape)):
        if offset < 0 or size < 1 or offset + size > extent:
            raise SimError(f"window [{offset}, {offset + size}) on axis {axis} lies outside "
                           f"the tensor passed (shape {list(view.shape)})")
    start = view.offset + sum(o * s for o, s in zip(offsets, view.strides))
    return TensorView(view.buffer, start, tuple(sizes), view.strides, view.owner)


def run_kernel(name: str, tensors: Sequence[Tuple[TensorView, str]],
               scalars: Sequence[Tuple[object, TypeInfo]],
               windows: Sequence[Optional[Window]] = (),
               overwrites: Sequence[bool] = ()) -> None:
    """Executes kernel ``name`` in place.

    Args:
        name: the kernel's symbol.
        tensors: its tensor arguments in parameter order, each with its
            direction (``"in"``, ``"out"`` or ``"inout"``).
        scalars: its scalar arguments, each with its type.
        windows: per tensor parameter, its ``#pto.window`` or None (the
            whole view); missing entries are None.
        overwrites: per tensor parameter, True for an ``inout`` one with
            ``pto.overwrites`` (written without its old contents being
            read); missing entries are False.

    Every input is read before any output is written, so aliasing between
    inputs and outputs is well defined; outputs are written in parameter
    order.

    Raises:
        SimError: a tensor or a window lies outside its buffer, or a tensor
            has no storage.
    """
    if any(w is not None for w in windows):
        values = [to_signed(v, t.width) if t.kind == "int" else 0 for v, t in scalars]
        boxed = []
        for i, (view, direction) in enumerate(tensors):
            window = windows[i] if i < len(windows) else None
            try:
                boxed.append((view if window is None else window_view(view, window, values),
                              direction))
            except SimError as e:
                raise SimError(f"kernel @{name}, tensor parameter #{i}: {e}") from None
        tensors = boxed
    base = hashlib.blake2b(digest_size=32)
    base.update(b"kernel:" + name.encode())
    for i, (view, direction) in enumerate(tensors):
        base.update(f"|t{i}:{direction}".encode())
        overwritten = i < len(overwrites) and overwrites[i]
        if direction == "in" or (direction == "inout" and not overwritten):
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
