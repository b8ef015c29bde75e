"""The annotations of :mod:`pto_mlir.lang`: element types, tensor and scalar
types, parameter directions and kernel windows.

They are plain Python objects, evaluated when the decorated function is
defined (or, under ``from __future__ import annotations``, when its module
is built) and made MLIR types only when a module is built, in its Context::

    X = pto.Tensor[[16, 128], pto.f32]           # !pto.tensor<16x128xf32>
    pto.Tensor[[None, 128], pto.bf16]            # !pto.tensor<?x128xbf16>
    pto.Tensor[[128, 16], pto.f32, "dn"]         # column-major layout
    pto.InOut[X]      pto.Out[X]                 # directions (default in)
    pto.In[X, pto.window("()[s0] -> (0, s0)", "() -> (16, 64)")]
    pto.InOut[X, pto.overwrites]                 # written without being read
    pto.Index         pto.Scalar[pto.i32]        # scalars
"""

from __future__ import annotations

import os

from dataclasses import dataclass
from typing import Optional, Tuple, Union

from .. import builder as b
from ..ir import BF16Type, F16Type, F32Type, F64Type, IndexType, IntegerType, Type

__all__ = [
    "DType", "TensorType", "ScalarType", "ParamType", "Tensor", "Scalar", "In", "Out",
    "InOut", "Index", "window", "overwrites", "bf16", "f16", "f32", "f64", "i1", "i8",
    "i16", "i32", "i64", "index", "AnnotationError",
]


class AnnotationError(TypeError):
    """An annotation :mod:`pto_mlir.lang` cannot read (the decorated
    function's definition reports it at its line)."""


@dataclass(frozen=True)
class InvalidAnnotation:
    """What an annotation that cannot be read evaluates to: Python evaluates
    annotations when it defines the function, where an exception would be
    a traceback from inside this package; building the module reports the
    ``message`` at the annotation instead."""

    message: str


def _deferred(read):
    """``read`` (an annotation's ``__class_getitem__``) returning an
    InvalidAnnotation for what it cannot read, or one it was given. The
    message says where the annotation was written when that is not where
    it is used (a type alias)."""
    def checked(cls, item):
        items = item if isinstance(item, tuple) else (item,)
        for part in items:
            if isinstance(part, InvalidAnnotation):
                return part
        try:
            return read(cls, item)
        except AnnotationError as error:
            from .errors import caller_position
            position = caller_position()
            where = (f" (written at {os.path.basename(position[0])}:{position[1]})"
                     if position else "")
            return InvalidAnnotation(f"{error}{where}")
    return classmethod(checked)


@dataclass(frozen=True)
class DType:
    """An element or scalar type by its MLIR name (``pto.f32``).

    Called on a value inside a pto function, it converts: ``pto.i32(n)``
    is ``arith.index_cast`` / ``extsi`` / ``trunci`` of a run-time integer,
    and a constant of the type for a Python number (``pto.f32(1.0)``)."""

    name: str

    def mlir(self) -> Type:
        """The MLIR type (needs the active Context)."""
        return _MLIR_TYPES[self.name]()

    def element(self):
        """The MLIR type as a tensor's element type for the builder: made
        directly rather than parsed from its name (a parse costs more than
        the tensor type it is for); the name itself if it is not a type of
        the language's, for the builder to report."""
        make = _MLIR_TYPES.get(self.name)
        return make() if make is not None else self.name

    def __call__(self, value):
        from .ops import cast
        return cast(value, self)

    def __repr__(self) -> str:
        return f"pto.{self.name}"


_MLIR_TYPES = {
    "bf16": BF16Type.get, "f16": F16Type.get, "f32": F32Type.get, "f64": F64Type.get,
    "index": IndexType.get,
    **{f"i{w}": (lambda w=w: IntegerType.get_signless(w)) for w in (1, 8, 16, 32, 64)},
    "ui8": lambda: IntegerType.get_unsigned(8),
}

bf16, f16, f32, f64 = DType("bf16"), DType("f16"), DType("f32"), DType("f64")
i1, i8, i16, i32, i64 = DType("i1"), DType("i8"), DType("i16"), DType("i32"), DType("i64")
index = DType("index")
#: A byte: a tensor element only (a kernel's workspace, DataType::UINT8).
ui8 = DType("ui8")

_TENSOR_ELEMENTS = ("f16", "bf16", "f32", "i1", "i8", "i16", "i32", "i64", "ui8")


@dataclass(frozen=True)
class TensorType:
    """``!pto.tensor<shape x dtype>``: ``shape`` holds an int per axis, None
    for an extent known at run time (``?``); ``layout`` ``"nd"`` (row-major)
    or ``"dn"``."""

    shape: Tuple[Optional[int], ...]
    dtype: DType
    layout: Optional[str] = None

    def mlir(self) -> Type:
        return b.tensor([b.DYNAMIC if s is None else s for s in self.shape],
                        self.dtype.element(), self.layout)

    def __repr__(self) -> str:
        shape = ", ".join("None" if s is None else str(s) for s in self.shape)
        layout = f", {self.layout!r}" if self.layout else ""
        return f"pto.Tensor[[{shape}], {self.dtype!r}{layout}]"


@dataclass(frozen=True)
class ScalarType:
    """A scalar parameter: ``index``, ``iN`` or a float type."""

    dtype: DType

    def mlir(self) -> Type:
        return self.dtype.mlir()

    def __repr__(self) -> str:
        return "pto.Index" if self.dtype.name == "index" else f"pto.Scalar[{self.dtype!r}]"


@dataclass(frozen=True)
class _Window:
    offsets: str
    sizes: str


class _Overwrites:
    def __repr__(self) -> str:
        return "pto.overwrites"


#: Marks an ``inout`` kernel parameter the kernel writes without reading it
#: (``pto.overwrites``): ``pto.InOut[X, pto.overwrites]``.
overwrites = _Overwrites()


def window(offsets: str, sizes: str) -> _Window:
    """A kernel tensor parameter's ``#pto.window``: the box of the tensor
    passed that the kernel touches, as affine maps without dimensions whose
    symbol ``s<k>`` is the kernel's ``k``-th scalar parameter (the dialect
    reference): ``pto.In[X, pto.window("()[s0] -> (0, s0)", "() -> (16, 64)")]``."""
    if not isinstance(offsets, str) or not isinstance(sizes, str):
        return InvalidAnnotation("pto.window takes the offsets and sizes maps as text")
    return _Window(offsets, sizes)


@dataclass(frozen=True)
class ParamType:
    """A parameter's type with its direction (``in``, ``out``, ``inout``),
    window and ``overwrites`` mark."""

    type: Union[TensorType, ScalarType]
    direction: str = "in"
    window: Optional[_Window] = None
    overwrites: bool = False

    def param(self, name: str, mlir_type: Optional[Type] = None) -> b.Param:
        """The builder's parameter (needs the active Context); ``mlir_type``
        is ``self.type.mlir()`` when the caller has it already."""
        window = (b.window(self.window.offsets, self.window.sizes)
                  if self.window is not None else None)
        return b.param(name, mlir_type or self.type.mlir(), self.direction, window=window,
                       overwrites=self.overwrites)


def _dtype(value, what: str) -> DType:
    if isinstance(value, DType):
        return value
    raise AnnotationError(f"{what}: expected an element type such as pto.f32, got {value!r}")


class Tensor:
    """``pto.Tensor[[16, 128], pto.f32]``: a tensor type; None (or ``"?"``)
    for an extent known at run time; a third item ``"dn"`` for the
    column-major layout."""

    def _read(cls, item) -> TensorType:
        if not isinstance(item, tuple) or len(item) not in (2, 3):
            raise AnnotationError(
                f"pto.Tensor takes [shape, dtype] or [shape, dtype, layout], got {item!r}")
        if isinstance(item[0], int):
            raise AnnotationError(f"pto.Tensor takes the shape as a list: "
                                  f"pto.Tensor[[{', '.join(map(repr, item[:-1]))}], "
                                  f"{item[-1]!r}]")
        shape, dtype = item[0], _dtype(item[1], "pto.Tensor")
        if not isinstance(shape, (list, tuple)):
            raise AnnotationError(f"pto.Tensor: the shape is a list of extents, got {shape!r}")
        extents = []
        for s in shape:
            if s is None or s == "?":
                extents.append(None)
            elif isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 2 ** 63:
                extents.append(s)
            else:
                raise AnnotationError(
                    f"pto.Tensor: an extent is an int in [0, 2**63) or None (run-time), "
                    f"got {s!r}")
        if dtype.name not in _TENSOR_ELEMENTS:
            raise AnnotationError(f"pto.Tensor: {dtype!r} is not a tensor element type "
                                  f"({', '.join(_TENSOR_ELEMENTS)})")
        layout = item[2] if len(item) == 3 else None
        if layout not in (None, "nd", "dn"):
            raise AnnotationError(f"pto.Tensor: the layout is 'nd' or 'dn', got {layout!r}")
        return TensorType(tuple(extents), dtype, layout)

    __class_getitem__ = _deferred(_read)


class Scalar:
    """``pto.Scalar[pto.i32]``: a scalar parameter of that type."""

    def _read(cls, item) -> ScalarType:
        return ScalarType(_dtype(item, "pto.Scalar"))

    __class_getitem__ = _deferred(_read)


#: An ``index`` scalar parameter.
Index = ScalarType(index)


def _directed(direction: str, name: str):
    class Directed:
        __doc__ = (f"``pto.{name}[T, ...]``: a tensor parameter passed {direction}, "
                   f"optionally with a pto.window and pto.overwrites (kernels only).")

        def _read(cls, item) -> ParamType:
            items = item if isinstance(item, tuple) else (item,)
            t = items[0]
            if not isinstance(t, TensorType):
                raise AnnotationError(
                    f"a direction applies to a tensor type (pto.Tensor[...]), got {t!r}: "
                    f"scalars are passed by value")
            win, over = None, False
            for extra in items[1:]:
                if isinstance(extra, _Window) and win is None:
                    win = extra
                elif extra is overwrites and not over:
                    over = True
                else:
                    raise AnnotationError(f"after the tensor type come at most one "
                                          f"pto.window(...) and pto.overwrites, got {extra!r}")
            return ParamType(t, direction, win, over)

        __class_getitem__ = _deferred(_read)

    Directed.__name__ = Directed.__qualname__ = name
    return Directed


In, Out, InOut = _directed("in", "In"), _directed("out", "Out"), _directed("inout", "InOut")


def param_type(annotation, what: str) -> ParamType:
    """A parameter annotation as a :class:`ParamType`. Raises
    :class:`AnnotationError` for anything else."""
    if isinstance(annotation, InvalidAnnotation):
        raise AnnotationError(f"{what}: {annotation.message}")
    if isinstance(annotation, ParamType):
        return annotation
    if isinstance(annotation, (TensorType, ScalarType)):
        return ParamType(annotation)
    if isinstance(annotation, DType):
        return ParamType(ScalarType(annotation))
    raise AnnotationError(f"{what}: {annotation!r} is not a pto type (pto.Tensor[...], "
                          f"pto.In/Out/InOut[...], pto.Index, pto.Scalar[...])")


def result_type(annotation, what: str) -> Tuple[Union[TensorType, ScalarType], ...]:
    """A return annotation (one type or a tuple of types) as result types."""
    if annotation is None:
        return ()
    items = annotation if isinstance(annotation, tuple) else (annotation,)
    out = []
    for t in items:
        if isinstance(t, InvalidAnnotation):
            raise AnnotationError(f"{what}: {t.message}")
        if isinstance(t, DType):
            t = ScalarType(t)
        if not isinstance(t, (TensorType, ScalarType)):
            raise AnnotationError(f"{what}: {t!r} is not a result type (pto.Tensor[...], "
                                  f"pto.Index, pto.Scalar[...])")
        out.append(t)
    return tuple(out)
