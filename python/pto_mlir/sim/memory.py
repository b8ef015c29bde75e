"""Memory model of the simulator: buffers and tensor views over numpy storage.

A :class:`Buffer` is one allocation: a flat, element-addressed numpy array
of a single element type, tagged with the heap it came from (an external
orchestration argument, the ordinary reclaimable heap, the graph heap that
``host_build_graph`` never reclaims mid-run, or a *template* buffer that
stands for a graph-heap allocation while a Graph is being recorded and has
no storage yet).

A :class:`TensorView` is what a ``!pto.tensor`` value holds: a buffer, a
start offset, a shape and strides, all in elements. Views alias their
source: a ``pto.slice``, ``pto.transpose`` or ``pto.reshape`` returns a new descriptor over
the same buffer, exactly like the runtime's ``ChipTensor`` (buffer address,
shapes, strides, start offset, dtype).

Element types are named as in MLIR (``f16``, ``bf16``, ``f32``, ``f64``,
``i1`` ... ``i64``). ``bf16`` has no numpy type and is stored as its raw
``uint16`` bit pattern; ``i1`` is stored as ``uint8`` holding 0 or 1.

A buffer of an accounting run (``Runtime(..., data=False)``) is
*metadata-only*: it has a kind, element type, size and id but no storage
(:attr:`Buffer.metadata_only`), so sizes of any magnitude cost nothing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

import numpy as np

from .errors import SimError

#: numpy storage type of each element type.
STORAGE_DTYPES = {
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(np.uint16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "i1": np.dtype(np.uint8),
    "i8": np.dtype(np.int8),
    "ui8": np.dtype(np.uint8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
}

#: Heap kinds (``Buffer.kind``).
EXTERNAL = "external"   # an orchestration argument, owned by the caller
HEAP = "heap"           # the ordinary, reclaimable runtime heap
GRAPH_HEAP = "graph"    # host_build_graph's graph heap: never reclaimed mid-run
TEMPLATE = "template"   # a recorded graph allocation without storage

_buffer_ids = itertools.count(1)


def storage_dtype(element_type: str) -> np.dtype:
    """The numpy dtype storing ``element_type``.

    Raises:
        SimError: an element type the simulator does not model.
    """
    try:
        return STORAGE_DTYPES[element_type]
    except KeyError:
        raise SimError(f"unsupported tensor element type {element_type!r}") from None


def contiguous_strides(shape: Sequence[int], layout: str = "nd") -> Tuple[int, ...]:
    """Element strides of a dense tensor of ``shape``: row major for ``nd``,
    column major (first axis fastest) for ``dn``."""
    strides = [0] * len(shape)
    step = 1
    order = range(len(shape) - 1, -1, -1) if layout != "dn" else range(len(shape))
    for axis in order:
        strides[axis] = step
        step *= max(int(shape[axis]), 1)
    return tuple(strides)


class Buffer:
    """One allocation: ``size`` elements of ``element_type``.

    Attributes:
        id: a process-unique number (the buffer's "address" for identity).
        kind: ``EXTERNAL``, ``HEAP``, ``GRAPH_HEAP`` or ``TEMPLATE``.
        element_type: MLIR element type name.
        size: number of elements.
        data: flat numpy array of ``size`` elements, or None for a template
            or a metadata-only buffer (``storage=False``).
        alloc_id: for a template, its index among the recording's allocations.
    """

    __slots__ = ("id", "kind", "element_type", "size", "data", "alloc_id")

    def __init__(self, kind: str, element_type: str, size: int,
                 data: Optional[np.ndarray] = None, alloc_id: Optional[int] = None,
                 storage: bool = True):
        self.id = next(_buffer_ids)
        self.kind = kind
        self.element_type = element_type
        self.size = int(size)
        self.alloc_id = alloc_id
        if data is None and kind != TEMPLATE and storage:
            # Fresh allocations are zero-filled. The runtime leaves them
            # uninitialised; a program reading one before writing it is
            # outside the contract either way, and zero keeps runs comparable.
            data = np.zeros(self.size, dtype=storage_dtype(element_type))
        self.data = data

    @property
    def metadata_only(self) -> bool:
        """True for a buffer that is sized but never stored (accounting mode);
        a template is not one (it stands for storage that does not exist yet)."""
        return self.data is None and self.kind != TEMPLATE

    @property
    def nbytes(self) -> int:
        """Storage size in bytes."""
        return self.size * storage_dtype(self.element_type).itemsize

    def __repr__(self) -> str:
        return f"Buffer#{self.id}({self.kind}, {self.element_type}x{self.size})"


@dataclass(frozen=True)
class TensorView:
    """A tensor value: a window of ``buffer`` (all quantities in elements).

    Two views name the same memory exactly when they have the same buffer,
    offset, shape and strides (``same_descriptor``). ``owner`` is the
    runtime's ``ChipTensor::owner_task_id``: the id of the task (or
    ``alloc_tensors`` call) that allocated the buffer as its output, or the
    one ``pto.set_owner`` named; ``-1`` for none. Views keep it.
    """

    buffer: Buffer
    offset: int
    shape: Tuple[int, ...]
    strides: Tuple[int, ...]
    owner: int = -1

    @property
    def element_type(self) -> str:
        return self.buffer.element_type

    @property
    def numel(self) -> int:
        n = 1
        for s in self.shape:
            n *= s
        return n

    def same_descriptor(self, other: "TensorView") -> bool:
        """True if both views describe the identical window of one buffer."""
        return (self.buffer is other.buffer and self.offset == other.offset
                and self.shape == other.shape and self.strides == other.strides)

    def descriptor(self) -> tuple:
        """(buffer id, offset, shape, strides): identity of the window."""
        return (self.buffer.id, self.offset, self.shape, self.strides)

    def check_bounds(self) -> None:
        """Raises SimError if the window reaches outside its buffer."""
        if self.numel == 0:
            return
        lo = self.offset + sum((n - 1) * s for n, s in zip(self.shape, self.strides) if s < 0)
        hi = self.offset + sum((n - 1) * s for n, s in zip(self.shape, self.strides) if s > 0)
        if lo < 0 or hi >= self.buffer.size:
            raise SimError(f"tensor view offset={self.offset} shape={self.shape} "
                           f"strides={self.strides} lies outside {self.buffer!r}")

    def array(self) -> np.ndarray:
        """A writable numpy view of the window (storage dtype).

        Raises:
            SimError: the buffer has no storage (a template) or the window
                lies outside it.
        """
        if self.buffer.metadata_only:
            raise SimError(f"{self.buffer!r} is metadata-only: an accounting run "
                           f"(data=False) has no tensor contents")
        if self.buffer.data is None:
            raise SimError(f"{self.buffer!r} has no storage: runtime allocations of "
                           f"a Graph being recorded cannot be accessed during construction")
        self.check_bounds()
        data = self.buffer.data
        item = data.itemsize
        if self.numel == 0:
            return np.zeros(self.shape, dtype=data.dtype)
        return np.lib.stride_tricks.as_strided(
            data[self.offset:], shape=self.shape,
            strides=tuple(s * item for s in self.strides), writeable=True)

    def flat_index(self, indices: Sequence[int]) -> int:
        """Element index in the buffer of the element at ``indices``.

        Raises:
            SimError: an index out of the view's shape.
        """
        if len(indices) != len(self.shape):
            raise SimError(f"{len(indices)} indices for a rank-{len(self.shape)} tensor")
        pos = self.offset
        for i, n, s in zip(indices, self.shape, self.strides):
            if not 0 <= i < n:
                raise SimError(f"index {list(indices)} out of bounds for shape {list(self.shape)}")
            pos += i * s
        return pos


def new_tensor(kind: str, element_type: str, shape: Sequence[int], layout: str = "nd",
               alloc_id: Optional[int] = None, storage: bool = True,
               owner: int = -1) -> TensorView:
    """A dense tensor on a fresh buffer of heap ``kind`` (metadata-only if
    not ``storage``), owned by task id ``owner``."""
    shape = tuple(int(s) for s in shape)
    if any(s < 0 for s in shape):
        raise SimError(f"negative extent in allocation shape {list(shape)}")
    n = 1
    for s in shape:
        n *= s
    buf = Buffer(kind, element_type, n, alloc_id=alloc_id, storage=storage)
    return TensorView(buf, 0, shape, contiguous_strides(shape, layout), owner)


def tensor_from_array(array: np.ndarray, element_type: str, layout: str = "nd") -> TensorView:
    """An ``EXTERNAL`` tensor holding a copy of ``array`` (logical shape) in
    ``layout``. For ``bf16`` the array holds the raw ``uint16`` bits."""
    dtype = storage_dtype(element_type)
    array = np.asarray(array)
    view = new_tensor(EXTERNAL, element_type, array.shape, layout)
    view.array()[...] = array.astype(dtype, copy=False)
    return view
