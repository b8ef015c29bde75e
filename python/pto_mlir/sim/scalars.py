"""Scalar semantics: ``arith`` ops on Python numbers.

Integers (signless ``iN`` and ``index``, which is 64 bits here) are Python
ints kept in canonical signed form for their width, except ``i1``, which is
0 or 1. Operations wrap modulo 2**width, as ``arith`` specifies; signed and
unsigned readings are taken per op (``divsi`` / ``divui``...). Division by
zero, signed ``MIN / -1`` and over-wide shifts are undefined behaviour in
``arith`` and raise :class:`~pto_mlir.sim.errors.SimError`.

Floats are Python floats rounded to their type after every op (``f16`` and
``f32`` through numpy, ``bf16`` by round-to-nearest-even on the ``f32``
bits).
"""

from __future__ import annotations

import math
import struct

import numpy as np

from .errors import SimError
from .program import TypeInfo


def canon_int(value: int, width: int) -> int:
    """``value`` wrapped to ``width`` bits, signed (``i1``: 0 or 1)."""
    value = int(value)
    if width == 1:
        return value & 1
    mask = (1 << width) - 1
    value &= mask
    if value >> (width - 1):
        value -= 1 << width
    return value


def to_unsigned(value: int, width: int) -> int:
    """The unsigned reading of canonical ``value``."""
    return int(value) & ((1 << width) - 1)


def to_signed(value: int, width: int) -> int:
    """The signed reading of canonical ``value`` (``i1``: 0 or -1)."""
    if width == 1:
        return -1 if value & 1 else 0
    return canon_int(value, width)


def _bf16_round(x: float) -> float:
    if math.isnan(x):
        return x
    bits = struct.unpack("<I", struct.pack("<f", np.float32(x)))[0]
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return struct.unpack("<f", struct.pack("<I", (rounded << 16) & 0xFFFFFFFF))[0]


def canon_float(value: float, name: str) -> float:
    """``value`` rounded to float type ``name``."""
    value = float(value)
    if name == "f32":
        with np.errstate(over="ignore"):
            return float(np.float32(value))
    if name == "f16":
        with np.errstate(over="ignore"):
            return float(np.float16(value))
    if name == "bf16":
        return _bf16_round(value)
    return value


#: Significand bits (the implicit one included) of each float type.
_SIGNIFICAND_BITS = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}


def int_to_float(value: int, name: str) -> float:
    """Integer ``value`` rounded once, to nearest with ties to even, to float
    type ``name`` (``arith.sitofp`` / ``uitofp``, and a C++ integer-to-float
    conversion). Going through a Python float first would round twice: an
    int64 above 2^53 to double, then to f32."""
    bits = _SIGNIFICAND_BITS.get(name, 53)
    magnitude = abs(value)
    excess = magnitude.bit_length() - bits
    if excess > 0:
        kept, rest = divmod(magnitude, 1 << excess)
        half = 1 << (excess - 1)
        if rest > half or (rest == half and kept & 1):
            kept += 1
        magnitude = kept << excess
    # Exact in a double (at most 53 significant bits); canon_float only
    # overflows to infinity where the type's range ends.
    return canon_float(-float(magnitude) if value < 0 else float(magnitude), name)


def canon(value, t: TypeInfo):
    """``value`` as a canonical scalar of type ``t``."""
    if t.kind == "int":
        return canon_int(value, t.width)
    if t.kind == "float":
        return canon_float(value, t.name)
    raise SimError(f"{t.name} is not a scalar type")


def scalar_bits(value, t: TypeInfo) -> bytes:
    """A byte encoding of scalar ``value`` of type ``t`` (for hashing and
    for comparing Config values bit for bit)."""
    if t.kind == "int":
        return t.name.encode() + b":" + to_unsigned(value, t.width).to_bytes(8, "little")
    return t.name.encode() + b":" + struct.pack("<d", float(value))


def slot_bits(value, t: TypeInfo) -> int:
    """The ``uint64_t`` task-argument slot holding scalar ``value`` of type
    ``t``: an integer zero-extended from its width, a float as its IEEE bits
    (``to_u64``)."""
    if t.kind == "int":
        return to_unsigned(value, t.width)
    if t.name == "bf16":
        return float_to_bf16_bits(value)
    fmt = {"f16": "<e", "f32": "<f", "f64": "<d"}[t.name]
    return int.from_bytes(struct.pack(fmt, float(value)), "little")


def bf16_bits_to_float(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", (int(bits) & 0xFFFF) << 16))[0]


def float_to_bf16_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", _bf16_round(x)))[0] >> 16


_CMPI = {
    0: lambda a, b, w: a == b,                                      # eq
    1: lambda a, b, w: a != b,                                      # ne
    2: lambda a, b, w: to_signed(a, w) < to_signed(b, w),           # slt
    3: lambda a, b, w: to_signed(a, w) <= to_signed(b, w),          # sle
    4: lambda a, b, w: to_signed(a, w) > to_signed(b, w),           # sgt
    5: lambda a, b, w: to_signed(a, w) >= to_signed(b, w),          # sge
    6: lambda a, b, w: to_unsigned(a, w) < to_unsigned(b, w),       # ult
    7: lambda a, b, w: to_unsigned(a, w) <= to_unsigned(b, w),      # ule
    8: lambda a, b, w: to_unsigned(a, w) > to_unsigned(b, w),       # ugt
    9: lambda a, b, w: to_unsigned(a, w) >= to_unsigned(b, w),      # uge
}


def _cmpf(pred: int, a: float, b: float) -> bool:
    unordered = math.isnan(a) or math.isnan(b)
    table = {
        0: False,
        1: not unordered and a == b, 2: not unordered and a > b,
        3: not unordered and a >= b, 4: not unordered and a < b,
        5: not unordered and a <= b, 6: not unordered and a != b,
        7: not unordered,
        8: unordered or a == b, 9: unordered or a > b, 10: unordered or a >= b,
        11: unordered or a < b, 12: unordered or a <= b, 13: unordered or a != b,
        14: unordered, 15: True,
    }
    return table[pred]


def _sdiv(a: int, b: int, w: int, where: str) -> int:
    a, b = to_signed(a, w), to_signed(b, w)
    if b == 0:
        raise SimError(f"{where}: signed division by zero (undefined behaviour)")
    if w > 1 and a == -(1 << (w - 1)) and b == -1:
        raise SimError(f"{where}: signed division overflow (undefined behaviour)")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _udiv(a: int, b: int, w: int, where: str) -> int:
    a, b = to_unsigned(a, w), to_unsigned(b, w)
    if b == 0:
        raise SimError(f"{where}: unsigned division by zero (undefined behaviour)")
    return a // b


def _check_shift(b: int, w: int, where: str) -> int:
    b = to_unsigned(b, w)
    if b >= w:
        raise SimError(f"{where}: shift by {b} >= bit width {w} (poison)")
    return b


def eval_arith(name: str, operands, operand_types, result_types, attrs, where: str):
    """Evaluates arith op ``name`` (``"arith.addi"``...) on canonical operand
    values; returns the list of canonical result values.

    Raises:
        SimError: undefined behaviour (division by zero, ...).
        KeyError: ``name`` is not modelled (the caller reports it).
    """
    rt = result_types[0] if result_types else None
    op = name[len("arith."):]
    if op == "constant":
        v = attrs["value"]
        if isinstance(v, bool):
            v = int(v)
        return [canon(v, rt)]
    if rt is not None and rt.kind == "int" and operand_types and operand_types[0].kind == "int" \
            and op in _INT_BINARY:
        w = operand_types[0].width
        a, b = operands
        return [canon_int(_INT_BINARY[op](a, b, w, where), rt.width)]
    if op in _FLOAT_BINARY:
        a, b = operands
        return [canon_float(_FLOAT_BINARY[op](a, b), rt.name)]
    if op == "negf":
        return [canon_float(-operands[0], rt.name)]
    if op == "absf":
        return [canon_float(abs(operands[0]), rt.name)]
    if op == "cmpi":
        w = operand_types[0].width
        return [int(_CMPI[attrs["predicate"]](operands[0], operands[1], w))]
    if op == "cmpf":
        return [int(_cmpf(attrs["predicate"], operands[0], operands[1]))]
    if op == "select":
        c, a, b = operands
        return [a if c & 1 else b]
    if op in ("index_cast", "extsi", "trunci"):
        src = operand_types[0]
        return [canon_int(to_signed(operands[0], src.width), rt.width)]
    if op in ("index_castui", "extui"):
        src = operand_types[0]
        return [canon_int(to_unsigned(operands[0], src.width), rt.width)]
    if op == "sitofp":
        return [int_to_float(to_signed(operands[0], operand_types[0].width), rt.name)]
    if op == "uitofp":
        return [int_to_float(to_unsigned(operands[0], operand_types[0].width), rt.name)]
    if op in ("fptosi", "fptoui"):
        x = operands[0]
        if math.isnan(x) or math.isinf(x):
            raise SimError(f"{where}: {op} of {x} (poison)")
        v = int(x)  # truncation toward zero
        lo, hi = ((-(1 << (rt.width - 1)), (1 << (rt.width - 1)) - 1) if op == "fptosi"
                  else (0, (1 << rt.width) - 1))
        if not lo <= v <= hi:
            raise SimError(f"{where}: {op} of {x} overflows {rt.name} (poison)")
        return [canon_int(v, rt.width)]
    if op in ("extf", "truncf"):
        return [canon_float(operands[0], rt.name)]
    raise KeyError(name)


def _shl(a, b, w, where):
    return to_unsigned(a, w) << _check_shift(b, w, where)


def _shrui(a, b, w, where):
    return to_unsigned(a, w) >> _check_shift(b, w, where)


def _shrsi(a, b, w, where):
    return to_signed(a, w) >> _check_shift(b, w, where)


def _srem(a, b, w, where):
    q = _sdiv(a, b, w, where)
    return to_signed(a, w) - q * to_signed(b, w)


def _urem(a, b, w, where):
    bu = to_unsigned(b, w)
    if bu == 0:
        raise SimError(f"{where}: unsigned remainder by zero (undefined behaviour)")
    return to_unsigned(a, w) % bu


def _floordivsi(a, b, w, where):
    a2, b2 = to_signed(a, w), to_signed(b, w)
    _sdiv(a, b, w, where)  # same undefined cases
    return a2 // b2


def _ceildivsi(a, b, w, where):
    a2, b2 = to_signed(a, w), to_signed(b, w)
    _sdiv(a, b, w, where)
    return -((-a2) // b2)


def _ceildivui(a, b, w, where):
    q = _udiv(a, b, w, where)
    return q + (1 if to_unsigned(a, w) % to_unsigned(b, w) else 0)


_INT_BINARY = {
    "addi": lambda a, b, w, where: a + b,
    "subi": lambda a, b, w, where: a - b,
    "muli": lambda a, b, w, where: a * b,
    "divsi": _sdiv,
    "divui": _udiv,
    "remsi": _srem,
    "remui": _urem,
    "floordivsi": _floordivsi,
    "ceildivsi": _ceildivsi,
    "ceildivui": _ceildivui,
    "andi": lambda a, b, w, where: to_unsigned(a, w) & to_unsigned(b, w),
    "ori": lambda a, b, w, where: to_unsigned(a, w) | to_unsigned(b, w),
    "xori": lambda a, b, w, where: to_unsigned(a, w) ^ to_unsigned(b, w),
    "shli": _shl,
    "shrui": _shrui,
    "shrsi": _shrsi,
    "maxsi": lambda a, b, w, where: max(to_signed(a, w), to_signed(b, w)),
    "minsi": lambda a, b, w, where: min(to_signed(a, w), to_signed(b, w)),
    "maxui": lambda a, b, w, where: max(to_unsigned(a, w), to_unsigned(b, w)),
    "minui": lambda a, b, w, where: min(to_unsigned(a, w), to_unsigned(b, w)),
}


def _float_extremum(a: float, b: float, pick, negative_zero: bool) -> float:
    """arith.maximumf / minimumf (IEEE 754-2019 maximum / minimum): NaN if
    either operand is NaN; of two equal operands (zeros differing only in
    sign), -0 for the minimum and +0 for the maximum."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b:
        return a if (math.copysign(1.0, a) < 0) == negative_zero else b
    return pick(a, b)


def _divf(a: float, b: float) -> float:
    """IEEE division by the host's floating-point unit, as the C++ does:
    Python raises on a zero divisor, and the NaN of 0/0 carries the host's
    sign (negative on x86), as that of inf - inf does."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.float64(a) / np.float64(b))


_FLOAT_BINARY = {
    "addf": lambda a, b: a + b,
    "subf": lambda a, b: a - b,
    "mulf": lambda a, b: a * b,
    "divf": lambda a, b: _divf(a, b),
    "maximumf": lambda a, b: _float_extremum(a, b, max, negative_zero=False),
    "minimumf": lambda a, b: _float_extremum(a, b, min, negative_zero=True),
    "maxnumf": lambda a, b: b if math.isnan(a) else a if math.isnan(b) else max(a, b),
    "minnumf": lambda a, b: b if math.isnan(a) else a if math.isnan(b) else min(a, b),
}


#: Names of the arith ops :func:`eval_arith` models.
SUPPORTED_ARITH = frozenset(
    ["arith.constant", "arith.negf", "arith.absf", "arith.cmpi", "arith.cmpf", "arith.select",
     "arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui", "arith.trunci",
     "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.extf", "arith.truncf"]
    + [f"arith.{k}" for k in _INT_BINARY] + [f"arith.{k}" for k in _FLOAT_BINARY])
