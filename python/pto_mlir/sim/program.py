"""Lowering of a parsed pto module into plain Python structures.

The interpreter does not call into the MLIR bindings while it runs: this
module walks the :mod:`pto_mlir.ir` objects once (``Operation``, ``Block``,
``Value``, attributes) and produces a :class:`Program` of :class:`Function`
objects whose bodies are lists of :class:`Instr`. Every SSA value becomes an
integer *slot*; its type becomes a :class:`TypeInfo`. Attributes the
interpreter needs (``static_offsets``, ``callee``, ``predicate``, ...) are
decoded into Python values; ``ShapedType::kDynamic`` (``-2**63``) marks an
entry of a static index array whose value is an operand.

Unsupported operations are not rejected here: the interpreter raises
:class:`~pto_mlir.sim.errors.UnsupportedOpError` (naming the op and its
location) only if it reaches one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from ..ir import (AffineAddExpr, AffineConstantExpr, AffineMapAttr, AffineMulExpr,
                  AffineSymbolExpr, ArrayAttr, Attribute, BoolAttr, DenseI32ArrayAttr,
                  DenseI64ArrayAttr, DictAttr, FlatSymbolRefAttr, FloatAttr, FunctionType,
                  IntegerAttr, Module, StringAttr, TypeAttr, UnitAttr)
from .errors import SimError

#: ``ShapedType::kDynamic``.
DYNAMIC_INDEX = -(2 ** 63)

_INT_RE = re.compile(r"^i(\d+)$")
_FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


@dataclass(frozen=True)
class TypeInfo:
    """The type of a value.

    kind: ``"int"`` (signless integer or ``index``), ``"float"``,
    ``"tensor"``, ``"create_info"`` (shape, element type and layout are the
    described tensor's), ``"task_id"``, ``"task_id_array"`` or ``"other"``.
    name: the MLIR spelling (``"index"``, ``"i32"``, ``"f32"``, ...).
    width: bits of a scalar (``index`` is 64).
    shape: for a tensor, one extent per axis, ``None`` for ``?``.
    element_type, layout: for a tensor.
    size: for a task id array.
    """

    kind: str
    name: str
    width: int = 0
    shape: Tuple[Optional[int], ...] = ()
    element_type: str = ""
    layout: str = "nd"
    size: int = 0

    @property
    def is_scalar(self) -> bool:
        return self.kind in ("int", "float")

    @property
    def is_tensor(self) -> bool:
        return self.kind == "tensor"

    @property
    def tensor_type(self) -> "TypeInfo":
        """The tensor type a ``create_info`` describes."""
        return type_info("!pto.tensor<" + self.name[self.name.index("<") + 1:])


_type_cache: Dict[str, TypeInfo] = {}


def type_info(t) -> TypeInfo:
    """Decodes an MLIR type (or its text) into a :class:`TypeInfo`."""
    text = str(t)
    info = _type_cache.get(text)
    if info is not None:
        return info
    if text == "index":
        info = TypeInfo("int", "index", 64)
    elif _INT_RE.match(text):
        info = TypeInfo("int", text, int(_INT_RE.match(text).group(1)))
    elif text in _FLOAT_WIDTHS:
        info = TypeInfo("float", text, _FLOAT_WIDTHS[text])
    elif text.startswith("!pto.tensor<") or text.startswith("!pto.create_info<"):
        kind = "tensor" if text.startswith("!pto.tensor<") else "create_info"
        body = text[text.index("<") + 1:-1]
        layout = "nd"
        if "," in body:
            body, layout = [p.strip() for p in body.split(",", 1)]
        *dims, element = body.split("x")
        shape = tuple(None if d == "?" else int(d) for d in dims)
        info = TypeInfo(kind, text, shape=shape, element_type=element, layout=layout)
    elif text == "!pto.task_id":
        info = TypeInfo("task_id", text)
    elif text.startswith("!pto.task_id_array<"):
        info = TypeInfo("task_id_array", text, size=int(text[len("!pto.task_id_array<"):-1]))
    else:
        info = TypeInfo("other", text)
    _type_cache[text] = info
    return info


@dataclass
class Block:
    """A block: argument slots and instructions (the last is the terminator)."""

    args: List[int]
    instrs: List["Instr"]


@dataclass
class Instr:
    """One operation.

    name: e.g. ``"arith.addi"``; operands/results: slots; attrs: decoded
    attributes; regions: each a list of blocks; loc: location text.
    """

    name: str
    operands: List[int]
    results: List[int]
    attrs: Dict[str, object]
    regions: List[List[Block]]
    loc: str


#: A linear form: (constant, coefficients), the value
#: ``constant + sum(c * scalars[k] for k, c in enumerate(coefficients))``.
LinearForm = Tuple[int, Tuple[int, ...]]


@dataclass(frozen=True)
class Window:
    """A kernel parameter's ``#pto.window``: per axis, the offset and the
    size of the box the kernel touches, as linear forms of the kernel's
    scalar parameters (symbol ``s<k>`` is the ``k``-th scalar)."""

    offsets: Tuple[LinearForm, ...]
    sizes: Tuple[LinearForm, ...]

    def evaluate(self, scalars: List[int]) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
        """(offsets, sizes) in elements for a task whose scalar arguments,
        as signed integers, are ``scalars``."""
        def value(form: LinearForm) -> int:
            constant, coefficients = form
            return constant + sum(c * scalars[k] for k, c in enumerate(coefficients))
        return (tuple(value(f) for f in self.offsets), tuple(value(f) for f in self.sizes))


@dataclass
class Param:
    """A function parameter: slot, type, direction (tensors only), name;
    for a kernel's tensor parameter, its ``#pto.window`` and whether it
    carries ``pto.overwrites``."""

    slot: int
    type: TypeInfo
    direction: str
    name: str
    window: Optional[Window] = None
    #: ``pto.overwrites``: an ``inout`` parameter the kernel writes without
    #: reading its old contents.
    overwrites: bool = False


@dataclass
class Function:
    """A ``pto.kernel``, ``pto.graph`` or ``pto.orchestration``.

    kind: ``"kernel"``, ``"graph"`` or ``"orchestration"``; params in order;
    body: the entry block, None for a kernel declaration.
    """

    kind: str
    name: str
    params: List[Param]
    results: List[TypeInfo]
    body: Optional[Block]
    loc: str
    #: slot -> parameter index, for the entry block's arguments.
    param_index: Dict[int, int] = field(default_factory=dict)
    #: Kernels run per block: a mixed kernel's lanes, else 1.
    lanes: int = 1

    @property
    def directions(self) -> List[str]:
        return [p.direction for p in self.params]


@dataclass
class Program:
    """Every function of a module, by symbol; ``runtime`` is the module's
    ``pto.runtime`` (``None`` when absent); ``slot_types[slot]`` is the type
    of every value."""

    functions: Dict[str, Function]
    runtime: Optional[str]
    slot_types: List[TypeInfo]

    def function(self, name: str, kind: Optional[str] = None) -> Function:
        """The function ``@name`` (of ``kind`` if given).

        Raises:
            SimError: no such function.
        """
        fn = self.functions.get(name)
        if fn is None or (kind is not None and fn.kind != kind):
            raise SimError(f"no {kind or 'function'} @{name} in the module")
        return fn


def _decode_attr(attr: Attribute):
    if isinstance(attr, BoolAttr):
        return bool(attr.value)
    if isinstance(attr, IntegerAttr):
        return attr.value
    if isinstance(attr, FloatAttr):
        return attr.value
    if isinstance(attr, (DenseI64ArrayAttr, DenseI32ArrayAttr)):
        return [int(x) for x in attr]
    if isinstance(attr, FlatSymbolRefAttr):
        return attr.value
    if isinstance(attr, StringAttr):
        return attr.value
    if isinstance(attr, UnitAttr):
        return True
    return str(attr)


class _Lowering:
    def __init__(self):
        self.slots: Dict[object, int] = {}
        self.slot_types: List[TypeInfo] = []

    def slot(self, value) -> int:
        s = self.slots.get(value)
        if s is None:
            s = len(self.slot_types)
            self.slots[value] = s
            self.slot_types.append(type_info(value.type))
        return s

    def block(self, block) -> Block:
        args = [self.slot(a) for a in block.arguments]
        instrs = [self.instr(op) for op in block.operations]
        return Block(args, instrs)

    def instr(self, op) -> Instr:
        op = op.operation
        attrs = {}
        for i in range(len(op.attributes)):
            named = op.attributes[i]
            attrs[named.name] = _decode_attr(named.attr)
        # Results first is fine: a value is always defined before it is used,
        # except region arguments, which get their slots with their block.
        results = [self.slot(r) for r in op.results]
        regions = [[self.block(b) for b in region.blocks] for region in op.regions]
        operands = [self.slot(v) for v in op.operands]
        return Instr(op.name, operands, results, attrs, regions, str(op.location))


def _directions(op, n: int) -> List[str]:
    dirs = ["in"] * n
    if "arg_attrs" in op.attributes:
        for i, d in enumerate(ArrayAttr(op.attributes["arg_attrs"])):
            d = DictAttr(d)
            if "pto.direction" in d:
                text = str(d["pto.direction"])
                dirs[i] = text[text.index("<") + 1:-1]
    return dirs


def _linear_form(expr, symbols: int) -> LinearForm:
    # The verifier admits only constants, symbols, sums and products by a
    # constant (WindowAttr::verify).
    if isinstance(expr, AffineConstantExpr):
        return expr.value, (0,) * symbols
    if isinstance(expr, AffineSymbolExpr):
        return 0, tuple(int(k == expr.position) for k in range(symbols))
    lhs, rhs = _linear_form(expr.lhs, symbols), _linear_form(expr.rhs, symbols)
    if isinstance(expr, AffineAddExpr):
        return lhs[0] + rhs[0], tuple(a + b for a, b in zip(lhs[1], rhs[1]))
    if isinstance(expr, AffineMulExpr):
        if any(lhs[1]):
            lhs, rhs = rhs, lhs
        if not any(lhs[1]):
            return lhs[0] * rhs[0], tuple(lhs[0] * c for c in rhs[1])
    raise SimError(f"window expression {expr} is not linear in the scalar parameters")


def _map_forms(map_text: str) -> Tuple[LinearForm, ...]:
    affine_map = AffineMapAttr(Attribute.parse(f"affine_map<{map_text}>")).value
    return tuple(_linear_form(e, affine_map.n_symbols) for e in affine_map.results)


def _overwrites(op, n: int) -> List[bool]:
    flags = [False] * n
    if "arg_attrs" in op.attributes:
        for i, d in enumerate(ArrayAttr(op.attributes["arg_attrs"])):
            flags[i] = "pto.overwrites" in DictAttr(d)
    return flags


def _windows(op, n: int) -> List[Optional[Window]]:
    windows: List[Optional[Window]] = [None] * n
    if "arg_attrs" not in op.attributes:
        return windows
    for i, d in enumerate(ArrayAttr(op.attributes["arg_attrs"])):
        d = DictAttr(d)
        if "pto.window" not in d:
            continue
        # #pto.window<offsets = MAP, sizes = MAP>: the maps as affine_map
        # attributes, read with the upstream AffineExpr bindings.
        text = str(d["pto.window"])
        body = text[text.index("<") + 1:-1]
        offsets, sizes = body.split(", sizes = ")
        windows[i] = Window(_map_forms(offsets[len("offsets = "):]), _map_forms(sizes))
    return windows


def _param_name(location: str, index: int) -> str:
    # A NameLoc prints as loc("name") or loc("name"(child)); a file location
    # as loc("file":line:col).
    m = re.match(r'loc\("([^"]+)"[()]', location)
    return m.group(1) if m else f"arg{index}"


def load_program(module: Module) -> Program:
    """Lowers ``module`` (a parsed, verified pto module) into a Program.

    The module is only read; it may be legalized or not.

    Raises:
        SimError: a top-level op that is not a pto function.
    """
    lowering = _Lowering()
    functions: Dict[str, Function] = {}
    runtime = None
    mod_op = module.operation
    if "pto.runtime" in mod_op.attributes:
        text = str(mod_op.attributes["pto.runtime"])
        runtime = text[text.index("<") + 1:-1]
    kinds = {"pto.kernel": "kernel", "pto.graph": "graph", "pto.orchestration": "orchestration"}
    for op in module.body.operations:
        op = op.operation
        kind = kinds.get(op.name)
        if kind is None:
            continue  # e.g. func.func helpers; the interpreter never calls them
        name = StringAttr(op.attributes["sym_name"]).value
        fn_type = FunctionType(TypeAttr(op.attributes["function_type"]).value)
        inputs = [type_info(t) for t in fn_type.inputs]
        results = [type_info(t) for t in fn_type.results]
        dirs = _directions(op, len(inputs))
        windows = _windows(op, len(inputs)) if kind == "kernel" else [None] * len(inputs)
        overwrites = _overwrites(op, len(inputs))
        body = None
        params = []
        if len(op.regions) and len(op.regions[0].blocks):
            entry = op.regions[0].blocks[0]
            body = lowering.block(entry)
            for i, arg in enumerate(entry.arguments):
                params.append(Param(body.args[i], inputs[i], dirs[i],
                                    _param_name(str(arg.location), i), windows[i],
                                    overwrites[i]))
        else:
            params = [Param(-1, t, d, f"arg{i}", w, o)
                      for i, (t, d, w, o) in enumerate(zip(inputs, dirs, windows, overwrites))]
        fn = Function(kind, name, params, results, body, str(op.location))
        fn.param_index = {p.slot: i for i, p in enumerate(params) if p.slot >= 0}
        if "lanes" in op.attributes:
            fn.lanes = len(op.attributes["lanes"])
        functions[name] = fn
    return Program(functions, runtime, lowering.slot_types)
