"""The code generator of :mod:`pto_mlir.lang`: reads a pto function's Python
AST and builds its body with :mod:`pto_mlir.builder`.

Expressions on Python values are evaluated by Python at build time (they
are compile-time constants: shapes, tile counts, names, helpers);
expressions on IR values build ops. Every op is built at its expression
(file, line and column) and named after the variable it is assigned to.
``for ... in pto.range(...)``, ``if`` on an IR condition and ``with
pto.scope(...)`` build regions: a pre-pass over the statements of the
region finds the names it assigns, and those already bound before it are
carried through it (``iter_args``, ``scf.if`` results, scope results), so
programs never write a yield.
"""

from __future__ import annotations

import ast
import builtins
import collections
import linecache
import operator
import os
import re
import weakref
from typing import Dict, List, Optional, Sequence

from .. import builder as b
from ..dialects import arith, pto as pto_dialect, scf
from ..ir import Block, InsertionPoint, Location, MLIRError, StringAttr, Value
from . import ops
from . import types as t
from .errors import LangError
from .program import PtoFunction

_MISSING = object()


class Source:
    """A function's source: its AST and how to map node positions back to
    the file (the AST is parsed from the dedented function text)."""

    def __init__(self, fn, function: ast.FunctionDef, filename: str, first_line: int,
                 indent: int):
        self.fn = fn
        self.function = function
        self.filename = filename
        self.first_line = first_line
        self.indent = indent
        self._cells = None

    # Both are facts of the AST, which is shared by every function object
    # defined by one `def` (e.g. a program built once per size): kept on it.

    @property
    def locals(self) -> set:
        """Every name the function binds (its locals, as Python counts them)."""
        function = self.function
        if not hasattr(function, "pto_locals"):
            function.pto_locals = ({a.arg for a in function.args.args}
                                   | set(_assigned_names(function.body)))
        return function.pto_locals

    @property
    def liveness(self) -> "Liveness":
        """Which names the function may still read after each statement."""
        function = self.function
        if not hasattr(function, "pto_liveness"):
            function.pto_liveness = Liveness(function)
        return function.pto_liveness

    @classmethod
    def of(cls, fn) -> "Source":
        """The source of ``fn``, from its file's AST (each file is parsed
        once, however many pto functions it defines)."""
        code = fn.__code__
        found = _SOURCES.get(id(code))
        if found is None or found[0]() is not code:
            filename = code.co_filename
            function = _functions_of(filename, fn.__globals__).get(code.co_firstlineno)
            if function is None or function.name != code.co_name:
                raise LangError(f"the source of {fn.__qualname__} is not available (a pto "
                                f"function is read from its source file, as it is when the "
                                f"module was imported)", code.co_filename,
                                code.co_firstlineno)
            key = id(code)
            found = _SOURCES[key] = (weakref.ref(code, lambda _: _SOURCES.pop(key, None)),
                                     function, os.path.abspath(filename))
        return cls(fn, found[1], found[2], 1, 0)

    def position(self, node) -> tuple:
        """(line, 1-based column) of ``node`` in the file."""
        line = getattr(node, "lineno", None)
        if line is None:
            line, col = self.function.lineno, self.function.col_offset
        else:
            col = node.col_offset
        return line + self.first_line - 1, col + self.indent + 1

    def location(self, node) -> Location:
        line, col = self.position(node)
        return Location.file(self.filename, line, col)

    def error(self, message: str, node=None) -> LangError:
        line, col = self.position(node if node is not None else self.function)
        return LangError(message, self.filename, line, col)

    def namespace(self) -> dict:
        """The function's globals with its closure's values over them, as
        they are now (a program may change them between builds)."""
        ns = dict(self.fn.__globals__)
        ns.update(self.closure())
        return ns

    def closure(self) -> dict:
        """The closure's variables bound now (read live, as Python does)."""
        bound = {}
        for name, cell in self.cells.items():
            try:
                bound[name] = cell.cell_contents
            except ValueError:  # Not assigned yet: reading it is an error.
                pass
        return bound

    @property
    def cells(self) -> dict:
        """The closure's cells by variable name (fixed for a function object;
        their contents are read when a name is looked up)."""
        if self._cells is None:
            self._cells = dict(zip(self.fn.__code__.co_freevars, self.fn.__closure__ or ()))
        return self._cells

    def annotation(self, key: str, node):
        """The value of the annotation of parameter ``key`` (``"return"``
        for the result): as Python evaluated it when the function was
        defined, or, a string (``from __future__ import annotations``),
        evaluated here in the function's globals and closure."""
        value = self.fn.__annotations__.get(key, _MISSING)
        if value is not _MISSING and not isinstance(value, str):
            return value
        if "<locals>" in self.fn.__qualname__:
            # A string annotation (from __future__ import annotations) of a
            # function defined in another function: the names it may mean
            # (that function's variables) are gone; resolving it in the
            # module's globals could find another value of the same name.
            raise self.error("this annotation is a string (from __future__ import "
                             "annotations) of a function defined inside another function, "
                             "whose variables it may name: the language cannot resolve "
                             "it; remove the __future__ import", node)
        try:
            return eval(compile(ast.Expression(node), self.filename, "eval"), self.namespace())
        except Exception as error:  # The user's expression: report it at its line.
            raise self.error(f"cannot evaluate the annotation: {type(error).__name__}: "
                             f"{error}", node) from None


# Per source file: the lines it was parsed from (linecache's list, the
# same object until the file changes) and its functions by first line (the
# line of the first decorator, as a code object's co_firstlineno counts).
_FILES: Dict[str, tuple] = {}
# Per code object (by identity: equal code objects of two files compare
# equal): a weak reference to it, its function's AST and absolute file
# name. A function defined in another function gets a new function object
# per call but keeps its code object, which is compiled from the file as
# it was imported: its source is looked up once.
_SOURCES: Dict[int, tuple] = {}


def _functions_of(filename: str, module_globals: dict) -> Dict[int, ast.FunctionDef]:
    linecache.checkcache(filename)  # A file edited since (and re-imported).
    lines = linecache.getlines(filename, module_globals)
    if not lines:
        return {}
    cached = _FILES.get(filename)
    if cached is not None and (cached[0] is lines or cached[0] == lines):
        return cached[1]
    functions = {}
    for node in ast.walk(ast.parse("".join(lines), filename)):
        if isinstance(node, ast.FunctionDef):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            functions[first] = node
    _FILES[filename] = (lines, functions)
    return functions


def _assigned_names(statements: Sequence[ast.stmt]) -> List[str]:
    """The names ``statements`` assign (targets, for-loop targets, augmented
    assignments), in first-assignment order, nested blocks included."""
    names: Dict[str, None] = {}

    def target(node):
        if isinstance(node, ast.Name):
            names.setdefault(node.id)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for element in node.elts:
                target(element)
        elif isinstance(node, ast.Starred):
            target(node.value)

    def visit(stmts):
        for stmt in stmts:
            if isinstance(stmt, ast.Assign):
                for tgt in stmt.targets:
                    target(tgt)
            elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
                target(stmt.target)
            elif isinstance(stmt, ast.For):
                target(stmt.target)
                visit(stmt.body)
                visit(stmt.orelse)
            elif isinstance(stmt, (ast.If, ast.While)):
                visit(stmt.body)
                visit(stmt.orelse)
            elif isinstance(stmt, ast.With):
                visit(stmt.body)
    visit(statements)
    return list(names)


def _assigned_in(node) -> List[str]:
    """:func:`_assigned_names` of a region statement's body (and ``else``),
    a fact of the AST: computed once per statement, not per build."""
    names = getattr(node, "pto_assigned", None)
    if names is None:
        names = node.pto_assigned = _assigned_names(node.body + getattr(node, "orelse", []))
    return names


def _uses(node) -> set:
    """The names ``node`` (an expression, or a target's subscript and
    attribute bases) reads from the function's scope: not a comprehension's
    or a lambda's own variables (a comprehension's first iterable is read in
    the function's scope)."""
    out = set()

    def visit(n, bound):
        if isinstance(n, ast.Name):
            if isinstance(n.ctx, ast.Load) and n.id not in bound:
                out.add(n.id)
            return
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            inner = set(bound)
            for i, generator in enumerate(n.generators):
                visit(generator.iter, bound if i == 0 else inner)
                inner |= _stores(generator.target)
                for condition in generator.ifs:
                    visit(condition, inner)
            for part in ((n.key, n.value) if isinstance(n, ast.DictComp) else (n.elt,)):
                visit(part, inner)
            return
        if isinstance(n, ast.Lambda):
            arguments = n.args
            for default in arguments.defaults + [d for d in arguments.kw_defaults if d]:
                visit(default, bound)
            names = {a.arg for a in arguments.posonlyargs + arguments.args
                     + arguments.kwonlyargs}
            names |= {a.arg for a in (arguments.vararg, arguments.kwarg) if a}
            visit(n.body, bound | names)
            return
        for child in ast.iter_child_nodes(n):
            visit(child, bound)

    if node is not None:
        visit(node, frozenset())
    return out


def _stores(target) -> set:
    """The names an assignment target binds."""
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Store)}


class Liveness:
    """Which names a function may still read, computed once over its AST
    (backwards, loops to a fixed point, a branch or a loop body counted as
    possibly not run): ``after[id(stmt)]`` the names live after a
    statement, ``head[id(loop)]`` those live at the top of a loop's body
    (read by a later iteration or after the loop). A region's results are
    the names it assigns that are live after it; a loop carries those live
    at its head."""

    def __init__(self, function: ast.FunctionDef):
        self.after: Dict[int, frozenset] = {}
        self.head: Dict[int, frozenset] = {}
        # Per enclosing loop, innermost last: (live after it, live at its
        # head), what a `break` and a `continue` jump to.
        self.loops: List[tuple] = []
        self.block(function.body, set())

    def block(self, statements, live: set) -> set:
        for stmt in reversed(statements):
            live = self.statement(stmt, live)
        return live

    def statement(self, stmt, live: set) -> set:
        self.after[id(stmt)] = frozenset(live)
        if isinstance(stmt, ast.Assign):
            stores = set().union(*(_stores(t) for t in stmt.targets))
            bases = set().union(*(_uses(t) for t in stmt.targets))
            return (live - stores) | bases | _uses(stmt.value)
        if isinstance(stmt, ast.AugAssign):
            return live | _uses(stmt.value) | _stores(stmt.target) | _uses(stmt.target)
        if isinstance(stmt, ast.AnnAssign):
            return (live - _stores(stmt.target)) | _uses(stmt.target) | _uses(stmt.value)
        if isinstance(stmt, (ast.For, ast.While)):
            head = set(live)
            while True:
                self.loops.append((frozenset(live), frozenset(head)))
                try:
                    body = self.block(stmt.body, head)
                finally:
                    self.loops.pop()
                if isinstance(stmt, ast.For):
                    body = body - _stores(stmt.target)
                else:
                    body = body | _uses(stmt.test)
                grown = head | body
                if grown == head:
                    break
                head = grown
            self.head[id(stmt)] = frozenset(head)
            before = head | self.block(stmt.orelse, live)
            return before | (_uses(stmt.iter) if isinstance(stmt, ast.For)
                             else _uses(stmt.test))
        if isinstance(stmt, ast.If):
            return (_uses(stmt.test) | self.block(stmt.body, live)
                    | self.block(stmt.orelse, live))
        if isinstance(stmt, ast.With):
            return self.block(stmt.body, live) | set().union(
                *(_uses(item.context_expr) for item in stmt.items))
        if isinstance(stmt, ast.Return):
            return _uses(stmt.value)
        if isinstance(stmt, ast.Break) and self.loops:
            return set(self.loops[-1][0])
        if isinstance(stmt, ast.Continue) and self.loops:
            return set(self.loops[-1][1])
        return live | _uses(stmt)


def _is_ir(v) -> bool:
    return isinstance(v, (Value, b.Scalar))


#: The builder's functions a message may name, as a program in the language
#: writes them (the language builds through the builder).
_LANGUAGE_NAMES = {"b.min": "min()", "b.max": "max()", "b.range": "pto.range",
                   "b.parallel": "pto.parallel", "b.task_id_array": "pto.task_id_array"}
_BUILDER_NAME = re.compile(r"\bb\.(min|max|range|parallel|task_id_array)\b")


def _in_language_words(message: str) -> str:
    """``message`` from the builder with the functions it names spelled as
    in the language."""
    return _BUILDER_NAME.sub(lambda m: _LANGUAGE_NAMES[m.group(0)], message)


#: The metadata of a fused location that names an op's results one by one
#: (include/pto/Support/UserNames.h reads it).
RESULT_NAMES = "pto.result_names"


def _names_location(names: Sequence[Optional[str]], loc: Location) -> Location:
    """The location of an op at ``loc`` whose results the program names
    ``names`` in result order (None: unnamed): a name; when they differ, the
    first name (the IR's text names the results after it) around a fused
    location of one name per result, which the C++ names read."""
    first = next(n for n in names if n is not None)
    if all(n == first for n in names):
        return Location.name(first, childLoc=loc)
    return Location.name(first, childLoc=Location.fused(
        [Location.name(n, childLoc=loc) if n else loc for n in names],
        metadata=StringAttr.get(RESULT_NAMES)))


def _raw(v) -> Value:
    return v.value if isinstance(v, b.Scalar) else v


def _is_tensor(v) -> bool:
    return isinstance(v, Value) and pto_dialect.TensorType.isinstance(v.type)


def _wrap(value: Value):
    """``b._wrap(value)``: a tensor, the common case, is told apart with one
    cheap check (b._wrap downcasts the type, which costs more)."""
    return value if pto_dialect.TensorType.isinstance(value.type) else b._wrap(value)


def _is_task_id(v) -> bool:
    return isinstance(v, Value) and (pto_dialect.TaskIdType.isinstance(v.type)
                                     or pto_dialect.TaskIdArrayType.isinstance(v.type))


def _describe(v) -> str:
    return ops.describe(v, with_type=True)


class _Frame:
    """The names bound in one region (the function body, a loop body, a
    branch, a scope); ``gone`` says why a name bound only inside a finished
    region cannot be read."""

    __slots__ = ("parent", "vars", "gone")

    def __init__(self, parent: Optional["_Frame"]):
        self.parent = parent
        self.vars: Dict[str, object] = {}
        self.gone: Dict[str, str] = {}


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


_BINARY = {
    ast.Add: lambda x, y: x + y, ast.Sub: lambda x, y: x - y, ast.Mult: lambda x, y: x * y,
    ast.FloorDiv: lambda x, y: x // y, ast.Mod: lambda x, y: x % y,
    ast.BitAnd: lambda x, y: x & y, ast.BitOr: lambda x, y: x | y,
    ast.BitXor: lambda x, y: x ^ y, ast.Div: lambda x, y: x / y,
    ast.Pow: lambda x, y: x ** y, ast.LShift: lambda x, y: x << y,
    ast.RShift: lambda x, y: x >> y, ast.MatMult: lambda x, y: x @ y,
}
# The operators scalars have (`/` on floats only: the builder says so).
_IR_BINARY = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.BitAnd,
              ast.BitOr, ast.BitXor)
_COMPARE = {
    ast.Lt: lambda x, y: x < y, ast.LtE: lambda x, y: x <= y, ast.Gt: lambda x, y: x > y,
    ast.GtE: lambda x, y: x >= y, ast.Eq: lambda x, y: x == y, ast.NotEq: lambda x, y: x != y,
    ast.Is: lambda x, y: x is y, ast.IsNot: lambda x, y: x is not y,
    ast.In: lambda x, y: x in y, ast.NotIn: lambda x, y: x not in y,
}
# Builtins that consume a generator expression at once.
_CONSUMERS = frozenset({"tuple", "list", "set", "frozenset", "dict", "sum", "any", "all",
                        "min", "max", "sorted"})
# Python's in-place operators, for `x += v` on Python values.
_INPLACE = {
    ast.Add: operator.iadd, ast.Sub: operator.isub, ast.Mult: operator.imul,
    ast.FloorDiv: operator.ifloordiv, ast.Mod: operator.imod, ast.BitAnd: operator.iand,
    ast.BitOr: operator.ior, ast.BitXor: operator.ixor, ast.Div: operator.itruediv,
    ast.Pow: operator.ipow, ast.LShift: operator.ilshift, ast.RShift: operator.irshift,
    ast.MatMult: operator.imatmul,
}
# Containers a statement or a method can change in place.
_MUTABLE = (list, dict, set, bytearray, collections.deque)
# The methods by which list, dict, set and bytearray change themselves.
_MUTATING_METHODS = frozenset({
    "append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "update",
    "setdefault", "popitem", "add", "discard", "difference_update", "intersection_update",
    "symmetric_difference_update", "appendleft", "extendleft", "popleft", "rotate"})
_IR_COMPARE = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)


class _Shape:
    """``x.shape``: static extents are ints, a dynamic one a ``pto.dim``."""

    def __init__(self, tensor: Value):
        self.tensor = tensor
        self.extents = ops.extents(tensor)

    def __len__(self):
        return len(self.extents)

    def __getitem__(self, axis):
        if not isinstance(axis, int):
            raise TypeError(f"a shape is indexed by an int axis, got {axis!r}")
        return ops.dim(self.tensor, axis if axis >= 0 else axis + len(self.extents))

    def __iter__(self):
        return (self[i] for i in builtins.range(len(self.extents)))

    def __eq__(self, other):
        # An extent known only at run time: Python cannot decide this.
        raise TypeError("the shape has an extent known only at run time: compare its "
                        "extents one by one (x.shape[k], a run-time value where dynamic)")

    __ne__ = __eq__
    __hash__ = None

    def __repr__(self) -> str:
        return "(" + ", ".join("?" if e is None else str(e) for e in self.extents) + ")"


class FunctionBuilder:
    """Builds one Graph's or orchestration function's body from its AST."""

    def __init__(self, fn, op, session):
        self.fn = fn
        self.op = op
        self.session = session
        self.source: Source = fn.source()
        self.function = self.source.function
        self.frame = _Frame(None)
        self.locations: Dict[int, Location] = {}
        # The loops around the statement being built, innermost last:
        # "unrolled" (Python's) or "region" (pto.range).
        self.loops: List[str] = []
        self.liveness = self.source.liveness
        # Read per name lookup: the facts of the function, taken once.
        self.locals = self.source.locals
        self.cells = self.source.cells
        self.globals = fn.fn.__globals__
        # The frames of the run-time `if` branches and pto.range bodies
        # around the statement being built, innermost last: code there may
        # run once, never or many times, but build-time Python in it runs
        # exactly once.
        self.conditional: List[_Frame] = []

    def live_after(self, node: ast.stmt, name: str) -> bool:
        """Whether ``name`` may be read after region ``node`` (later in the
        function, or by a later iteration of an enclosing loop)."""
        return name in self.liveness.after[id(node)]

    # -- entry ------------------------------------------------------------------

    def build(self, results: Optional[tuple]) -> List[Value]:
        """Builds the body; returns the returned values."""
        body = self.function.body
        for arg, value in zip(self.function.args.args, b.arguments(self.op)):
            self.frame.vars[arg.arg] = _wrap(value)
        statements = body[1:] if _is_docstring(body[0]) else body
        returned: List = []
        with InsertionPoint(self.op.regions[0].blocks[0]):
            for i, stmt in enumerate(statements):
                if isinstance(stmt, ast.Return):
                    if i != len(statements) - 1:
                        raise self.error("code after `return` is never built", statements[i + 1])
                    returned = self.return_values(stmt, results)
                    break
                self.statement(stmt)
            else:
                if results:
                    raise self.error(f"@{self.fn.name} declares {len(results)} result(s) "
                                     f"but does not return", self.function)
            with b.at(self.location(statements[-1] if statements else self.function)):
                b.ret(returned)
        return [_raw(v) for v in returned]

    def return_values(self, node: ast.Return, results: Optional[tuple]) -> List:
        if node.value is None:
            values = []
        else:
            value = self.expr(node.value)
            values = list(value) if isinstance(value, tuple) else [value]
        with b.at(self.location(node)):
            out = []
            for i, v in enumerate(values):
                if isinstance(v, (bool, int, float)):
                    declared = results[i].mlir() if results and i < len(results) else None
                    v = self.call(node, b.scalar, [v, declared], {})
                if not _is_ir(v) or _is_task_id(v):
                    raise self.error(f"return value #{i} is {_describe(v)}: a function "
                                     f"returns tensors and scalars", node)
                out.append(v)
        if results is not None and len(out) != len(results):
            raise self.error(f"@{self.fn.name} declares {len(results)} result(s), returns "
                             f"{len(out)}", node)
        return out

    # -- diagnostics --------------------------------------------------------------

    def location(self, node) -> Location:
        """``node``'s file location, made once per node in this build (an
        unrolled loop builds a node many times)."""
        loc = self.locations.get(id(node))
        if loc is None:
            loc = self.locations[id(node)] = self.source.location(node)
        return loc

    def error(self, message: str, node) -> LangError:
        return self.source.error(message, node)

    # -- names ------------------------------------------------------------------

    def lookup(self, name: str, node):
        frame = self.frame
        while frame is not None:
            value = frame.vars.get(name, _MISSING)
            if value is not _MISSING:
                return value
            if name in frame.gone:
                raise self.error(frame.gone[name], node)
            frame = frame.parent
        if name in self.locals:
            raise self.error(f"{name!r} is read before it is assigned", node)
        cell = self.cells.get(name)
        if cell is not None:
            try:
                return cell.cell_contents
            except ValueError:
                raise self.error(f"{name!r}, a variable of the enclosing function, is read "
                                 f"before it is assigned", node) from None
        value = self.globals.get(name, _MISSING)
        if value is not _MISSING:
            return value
        if hasattr(builtins, name):
            return getattr(builtins, name)
        raise self.error(f"name {name!r} is not defined", node)

    def visible(self, name: str):
        """The value bound to ``name`` in this function, or _MISSING."""
        frame = self.frame
        while frame is not None:
            if name in frame.vars:
                return frame.vars[name]
            if name in frame.gone:
                return _MISSING
            frame = frame.parent
        return _MISSING

    def bind(self, name: str, value, value_node) -> None:
        if _is_ir(value) and value_node is not None:
            self.name_value(value, name, value_node)
        self.frame.vars[name] = value
        self.frame.gone.pop(name, None)

    def name_value(self, value, name: str, value_node) -> None:
        """Names the op that built ``value`` for ``value_node`` (not a value
        built elsewhere and only referred to here) after ``name``."""
        if name == "_":
            return
        raw = _raw(value)
        loc = self.location(value_node)
        # A value's location is its op's (or its block argument's): compared
        # before fetching the op, which costs more.
        if raw.location == loc:
            owner = raw.owner
            if not isinstance(owner, Block):
                owner.operation.location = Location.name(name, childLoc=loc)

    # -- statements -------------------------------------------------------------

    def statements(self, stmts: Sequence[ast.stmt]) -> None:
        for stmt in stmts:
            self.statement(stmt)

    def statement(self, node: ast.stmt) -> None:
        method = _STATEMENTS.get(type(node))
        if method is None:
            raise self.error(f"a `{_construct(node)}` statement is not supported in a pto "
                             f"function", node)
        method(self, node)

    def stmt_Expr(self, node: ast.Expr) -> None:
        if _is_docstring(node):
            return
        self.expr(node.value)

    def stmt_Pass(self, node) -> None:
        pass

    def stmt_Assign(self, node: ast.Assign) -> None:
        value = self.expr(node.value)
        for target in node.targets:
            self.assign(target, value, node.value)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is None:
            raise self.error("a bare annotation declares nothing here: assign a value", node)
        value = self.expr(node.value)
        annotation = self.expr(node.annotation)
        if isinstance(value, (bool, int, float)):
            dtype = annotation.dtype if isinstance(annotation, t.ScalarType) else annotation
            if not isinstance(dtype, t.DType):
                raise self.error(f"a number is annotated with a scalar type (pto.Index, "
                                 f"pto.Scalar[...], pto.i32), got {annotation!r}",
                                 node.annotation)
            with b.at(self.location(node.value)):
                value = self.call(node.value, ops.cast, [value, dtype], {})
        elif isinstance(value, b.Scalar):
            dtype = annotation.dtype if isinstance(annotation, t.ScalarType) else annotation
            if isinstance(dtype, t.DType) and str(value.type) != dtype.name:
                raise self.error(f"the value is {value.type}, annotated {dtype!r}: convert it "
                                 f"with {dtype!r}(...)", node.value)
        self.assign(node.target, value, node.value)

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        target = node.target
        if isinstance(target, ast.Name):
            old = self.lookup(target.id, target)
            if not _is_ir(old):
                # Python's own `+=`: in place for a list, so other names of
                # it see the change.
                right = self.expr(node.value)
                if not _is_ir(right):
                    if isinstance(old, _MUTABLE):
                        self.check_unconditional(node, f"`{_symbol(node.op)}=` on a Python "
                                                 f"{type(old).__name__}", old)
                    new = self.python(node, lambda: _INPLACE[type(node.op)](old, right))
                    self.assign(target, new, None)
                    return
            # `x += v` is `x = x + v`, at this statement; the BinOp is made
            # once per statement (its locations are cached by node).
            binop = getattr(node, "pto_binop", None)
            if binop is None:
                load = ast.copy_location(ast.Name(id=target.id, ctx=ast.Load()), target)
                binop = node.pto_binop = ast.copy_location(
                    ast.BinOp(left=load, op=node.op, right=node.value), node)
            self.assign(target, self.expr(binop), binop)
            return
        # A subscript or attribute: its container and index evaluated once,
        # before the value (Python's order).
        container = self.expr(target.value)
        if isinstance(target, ast.Subscript) and _is_tensor(container):
            indices = self.element_indices(target)
            if indices is None:
                raise self.error("an augmented assignment to a tensor takes one index per "
                                 "axis (an element of a host tensor)", target)
            with b.at(self.location(node)):
                old = b._wrap(self.call(target, b.read, [container, indices], {}))
            right = self.expr(node.value)
            with b.at(self.location(node)):
                new = self.call(node, _BINARY[type(node.op)], [old, right], {})
                self.call(node, b.write, [new, container, indices], {})
            return
        if _is_ir(container) or isinstance(container, _Shape):
            raise self.error(f"cannot assign to a part of {_describe(container)}", target)
        self.check_unconditional(target, "changing a Python object", container)
        if isinstance(target, ast.Subscript):
            key = self.expr(target.slice)
            old = self.python(target, lambda: container[key])
        else:
            old = self.python(target, lambda: getattr(container, target.attr))
        right = self.expr(node.value)
        if _is_ir(old) or _is_ir(right):
            with b.at(self.location(node)):
                new = self.call(node, _BINARY[type(node.op)], [old, right], {})
        else:
            # Python's in-place operator: `d[k] += [t]` extends the list
            # d[k] is, which other names of it see.
            if isinstance(old, _MUTABLE):
                self.check_unconditional(node, f"`{_symbol(node.op)}=` on a Python "
                                         f"{type(old).__name__}", old)
            new = self.python(node, lambda: _INPLACE[type(node.op)](old, right))
        if isinstance(target, ast.Subscript):
            self.python(target, lambda: container.__setitem__(key, new))
        else:
            self.python(target, lambda: setattr(container, target.attr, new))

    def assign(self, target, value, value_node) -> None:
        if isinstance(target, ast.Name):
            self.bind(target.id, value, value_node)
        elif isinstance(target, (ast.Tuple, ast.List)):
            self.unpack(target, value, value_node)
        elif isinstance(target, ast.Subscript):
            container = self.expr(target.value)
            if _is_tensor(container):
                self.write_element(container, target, value)
            elif _is_ir(container):
                raise self.error(f"cannot assign to an element of {_describe(container)}",
                                 target)
            else:
                self.check_unconditional(target, "changing an item of a Python object")
                key = self.expr(target.slice)
                self.python(target, lambda: container.__setitem__(key, value))
        elif isinstance(target, ast.Attribute):
            owner = self.expr(target.value)
            if _is_ir(owner):
                raise self.error(f"cannot set an attribute of {_describe(owner)}", target)
            self.check_unconditional(target, "setting an attribute of a Python object")
            self.python(target, lambda: setattr(owner, target.attr, value))
        else:
            raise self.error(f"cannot assign to `{ast.unparse(target)}`", target)

    def unpack(self, target, value, value_node) -> None:
        if _is_ir(value):
            raise self.error(f"cannot unpack {_describe(value)} into "
                             f"{len(target.elts)} names", target)
        if not hasattr(type(value), "__iter__") and not hasattr(type(value), "__getitem__"):
            raise self.error(f"cannot unpack {_describe(value)}", target)
        items = self.python(target, lambda: list(value))
        stars = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
        n = len(target.elts)
        if not stars and len(items) != n:
            raise self.error(f"{len(items)} value(s) for {n} name(s)", target)
        if stars:
            s = stars[0]
            if len(items) < n - 1:
                raise self.error(f"{len(items)} value(s) for at least {n - 1} name(s)", target)
            tail = len(items) - (n - 1 - s)
            items = items[:s] + [items[s:tail]] + items[tail:]
        # The results of one op share its name: the first target's (once
        # named, the op's location is no longer the expression's).
        # `a, b = f(x)` of an op's results: each result its own name.
        if not stars:
            self.name_results(target, items, value_node)
        # `a, b = f(x), g(y)`: each name is given to its own expression.
        nodes = [value_node] * n
        if (not stars and isinstance(value_node, (ast.Tuple, ast.List))
                and len(value_node.elts) == n
                and not any(isinstance(e, ast.Starred) for e in value_node.elts)):
            nodes = value_node.elts
        for element, item, node in zip(target.elts, items, nodes):
            element = element.value if isinstance(element, ast.Starred) else element
            self.assign(element, item, node)

    def name_results(self, target, items, value_node) -> None:
        """Names the results of the op ``value_node`` built, when ``items``
        are some of them, after the names of ``target`` they are unpacked to
        (``pij, mij, lij, t = pto.submit(...)``)."""
        if not items or not all(_is_ir(v) for v in items):
            return
        owners = {id(_raw(v).owner) for v in items}
        first = _raw(items[0]).owner
        if len(owners) != 1 or isinstance(first, Block):
            return
        op = first.operation
        if op.location != self.location(value_node) or len(items) > len(op.results):
            return
        results = list(op.results)
        names: List[Optional[str]] = [None] * len(results)
        for element, item in zip(target.elts, items):
            if _raw(item) not in results:
                return
            if isinstance(element, ast.Name) and element.id != "_":
                names[results.index(_raw(item))] = element.id
        if any(names):
            op.location = _names_location(names, op.location)

    def write_element(self, tensor, target: ast.Subscript, value) -> None:
        indices = self.element_indices(target)
        if indices is None:
            raise self.error("writing a tensor takes one index per axis (an element of a "
                             "host tensor); a window is written by a kernel", target)
        with b.at(self.location(target)):
            if isinstance(value, (bool, int, float)):
                value = self.call(target, b.scalar,
                                  [value, pto_dialect.TensorType(tensor.type).element_type], {})
            self.call(target, b.write, [value, tensor, indices], {})

    def stmt_Return(self, node) -> None:
        raise self.error("`return` ends the function body: a region cannot return early",
                         node)

    def stmt_If(self, node: ast.If) -> None:
        condition = self.expr(node.test)
        if not _is_ir(condition):
            truth = self.python(node.test, lambda: bool(condition))
            self.statements(node.body if truth else node.orelse)
            return
        if not isinstance(condition, b.Scalar) or str(condition.type) != "i1":
            raise self.error(f"the condition is {_describe(condition)}: branch on a "
                             f"comparison (an i1)", node.test)
        self.build_if(node, condition)

    def build_if(self, node: ast.If, condition: b.Scalar) -> None:
        assigned = _assigned_in(node)
        before = {n: self.visible(n) for n in assigned}
        loc = self.location(node)
        first = scf.IfOp(condition.value, [], has_else=bool(node.orelse), loc=loc)
        blocks = [first.then_block] + ([first.else_block] if node.orelse else [])
        branches, frames = [], []
        for block, stmts in zip(blocks, (node.body, node.orelse)):
            frame = self.enter()
            frames.append(frame)
            self.conditional.append(frame)
            try:
                with InsertionPoint(block):
                    self.statements(stmts)
            except (_Break, _Continue):
                raise self.error("`break` / `continue` under a run-time `if`: the branch "
                                 "is taken only when the program runs", node) from None
            finally:
                self.conditional.pop()
                self.leave()
            branches.append(frame.vars)
        if not node.orelse:
            branches.append({})
        for frame in frames:
            self.check_containers(frame, node, first)
        self.propagate_hidden(frames, node)
        line = self.source.position(node)[0]
        carried, types, yields = [], [], ([], [])
        hidden = {n for frame in frames for n in frame.gone if n not in frame.vars}
        for name in assigned:
            if name in hidden:  # Unreadable after the branch: propagate_hidden.
                continue
            outer = before[name]
            in_then, in_else = (name in branches[0]), (name in branches[1])
            if outer is _MISSING and not (in_then and in_else):
                if self.live_after(node, name):
                    self.frame.gone[name] = (
                        f"{name!r} is assigned in only one branch of the `if` at line "
                        f"{line}: assign it before the `if` or in both branches")
                continue
            values = [branches[0].get(name, outer), branches[1].get(name, outer)]
            if not any(_is_ir(v) for v in values) and _same_python(*values):
                self.frame.vars[name] = values[0]
                continue
            if not self.live_after(node, name):
                continue
            result_type = self.branch_type(repr(name), values, node)
            carried.append(name)
            types.append(result_type)
            yields[0].append(values[0])
            yields[1].append(values[1])
        if not carried:
            for block in blocks:
                with InsertionPoint(block):
                    scf.YieldOp([], loc=loc)
            return
        op = scf.IfOp(condition.value, types, has_else=True,
                      loc=_names_location(carried, loc), ip=InsertionPoint(first))
        for old, new, values in zip(blocks + [None], (op.then_block, op.else_block), yields):
            if old is not None:
                for inner in list(old.operations):
                    new.append(inner)
            with InsertionPoint(new), b.at(loc):
                # A Python number a branch leaves becomes a constant in that
                # branch, where its yield can use it.
                scf.YieldOp([_raw(v) if _is_ir(v) else _raw(self.call(node, b.scalar, [v, t], {}))
                             for v, t in zip(values, types)], loc=loc)
        first.operation.erase()
        for name, result in zip(carried, op.results):
            self.frame.vars[name] = b._wrap(result)
            self.frame.gone.pop(name, None)

    def branch_type(self, name: str, values: list, node):
        """The type of the result that carries ``name`` (its description:
        "'x'", "the expression") out of a run-time
        choice between ``values`` (IR values of one type, or Python numbers
        made constants of it: index, f32 or i1 when both are numbers)."""
        for v in values:
            if not _is_ir(v) and not isinstance(v, (bool, int, float)):
                raise self.error(f"{name} is {_describe(v)} on one branch of a run-time "
                                 f"choice: only run-time values and numbers can differ "
                                 f"between its branches", node)
        typed = [_raw(v).type for v in values if _is_ir(v)]
        if not typed:
            kinds = {type(v) for v in values}
            if bool in kinds and kinds != {bool}:
                raise self.error(f"{name} is a bool on one branch and a number on the "
                                 f"other", node)
            text = "f32" if float in kinds else "i1" if kinds == {bool} else "index"
            return b._scalar_type(text)
        t0 = typed[0]
        for v in values:
            if _is_ir(v) and _raw(v).type != t0:
                raise self.error(f"{name} is {_raw(v).type} on one branch and {t0} on "
                                 f"the other", node)
            if not _is_ir(v) and not (b._is_int_like(t0) or b._is_float(t0)):
                raise self.error(f"{name} is {_describe(v)} on one branch and a {t0} "
                                 f"on the other", node)
        return t0

    def check_containers(self, frame, node, region_op) -> None:
        """A Python list, tuple, dict or set read after region ``node``
        must not hold values made inside the region (``region_op``): only
        values bound to names leave a region (as its results)."""
        line = self.source.position(node)[0]
        for name in self.liveness.after[id(node)]:
            value = frame.vars.get(name, _MISSING)
            if value is _MISSING:
                value = self.visible(name)
            if isinstance(value, (list, tuple, dict, set)) and _holds_value_inside(
                    value, region_op.operation):
                raise self.error(f"{name!r} holds a run-time value made inside the region at "
                                 f"line {line} and is read after it: a region hands out "
                                 f"only the values bound to names (unpack the container "
                                 f"inside the region)", node)

    def propagate_hidden(self, frames, node) -> None:
        """Names a finished region's frames made unreadable (see hide) stay
        unreadable after the region if it may read them later."""
        for frame in frames:
            for name, why in frame.gone.items():
                if name not in frame.vars and self.live_after(node, name):
                    self.hide(name, why)

    def check_unconditional(self, node, what: str, target=None) -> None:
        """Build-time Python that changes an object runs once, whichever way
        a run-time `if` goes and however many times a pto.range loop runs:
        inside them it would not mean what Python means (unless the object
        was made there too: it lives as long as that branch or iteration)."""
        if self.conditional and not (target is not None and self.made_here(target)):
            raise self.error(f"{what} inside a run-time `if` or pto.range loop: it happens "
                             f"once, at build time, however the program runs; change Python "
                             f"objects outside them (or use a task id array)", node)

    def made_here(self, obj) -> bool:
        """Whether ``obj`` is bound only to names of the frames inside the
        innermost run-time `if` branch or loop body (made there)."""
        boundary = self.conditional[-1]
        frame, inside = self.frame, False
        while frame is not None:
            if any(v is obj for v in frame.vars.values()):
                if not inside:
                    inside = True
                if frame is boundary.parent or _frame_is_outside(frame, boundary):
                    return False
            frame = frame.parent
        return inside

    def hide(self, name: str, why: str) -> None:
        """Makes reading ``name`` from here on an error saying ``why`` (a
        value a finished region assigned but cannot hand out), also when an
        outer value of that name exists: Python would read the region's."""
        self.frame.vars.pop(name, None)
        self.frame.gone[name] = why

    def enter(self) -> _Frame:
        self.frame = _Frame(self.frame)
        return self.frame

    def leave(self) -> None:
        self.frame = self.frame.parent

    def stmt_For(self, node: ast.For) -> None:
        if node.orelse:
            raise self.error("`for ... else` is not supported in a pto function", node.orelse[0])
        iterable = self.expr(node.iter)
        if isinstance(iterable, ops.LoopRange):
            self.build_loop(node, iterable)
            return
        if _is_ir(iterable):
            raise self.error(f"cannot iterate over {_describe(iterable)}: a run-time loop "
                             f"is `for i in pto.range(...)`", node.iter)
        if not hasattr(type(iterable), "__iter__") and not hasattr(type(iterable),
                                                                   "__getitem__"):
            raise self.error(f"cannot iterate over {_describe(iterable)}", node.iter)
        items = self.python(node.iter, lambda: iter(iterable))

        def iterations():
            while True:
                # The iterable's own code (a generator) runs here.
                item = self.python(node.iter, lambda: next(items, _MISSING))
                if item is _MISSING:
                    return
                self.assign(node.target, item, None)
                yield

        self.unroll(node.body, iterations())

    def stmt_While(self, node: ast.While) -> None:
        if node.orelse:
            raise self.error("`while ... else` is not supported in a pto function",
                             node.orelse[0])

        def iterations():
            while True:
                condition = self.expr(node.test)
                if _is_ir(condition):
                    raise self.error("a `while` loop runs at build time, on Python values: "
                                     "a run-time loop is `for i in pto.range(...)`", node.test)
                if not self.python(node.test, lambda: bool(condition)):
                    return
                yield

        self.unroll(node.body, iterations())

    def unroll(self, body: Sequence[ast.stmt], iterations) -> None:
        """Builds ``body`` once per step of ``iterations`` (a Python loop run
        at build time, which binds the loop's names); ``break`` and
        ``continue`` act on it."""
        self.loops.append("unrolled")
        try:
            for _ in iterations:
                try:
                    self.statements(body)
                except _Continue:
                    continue
                except _Break:
                    break
        finally:
            self.loops.pop()

    def stmt_Break(self, node) -> None:
        self.check_jump(node, "break")
        raise _Break()

    def stmt_Continue(self, node) -> None:
        self.check_jump(node, "continue")
        raise _Continue()

    def check_jump(self, node, what: str) -> None:
        if not self.loops:
            raise self.error(f"`{what}` outside a loop", node)
        if self.loops[-1] == "region":
            raise self.error(f"`{what}` in a pto.range loop: its iterations all run; "
                             f"`{what}` is for loops unrolled at build time", node)

    def build_loop(self, node: ast.For, spec: ops.LoopRange) -> None:
        if not isinstance(node.target, ast.Name):
            raise self.error("a pto.range loop binds one name", node.target)
        name = node.target.id
        assigned = [n for n in _assigned_in(node) if n != name]
        carried, inits = [], []
        loc = self.location(node)
        # Carried: what the body assigns and a later iteration or the code
        # after the loop may read.
        head = self.liveness.head[id(node)]
        for n in assigned:
            value = self.visible(n)
            if value is _MISSING or n not in head:
                continue
            if isinstance(value, (bool, int, float)):
                with b.at(loc):
                    value = self.call(node, b.scalar, [value], {})
            elif not _is_ir(value):
                raise self.error(f"{n!r} holds {_describe(value)} and is assigned in the "
                                 f"run-time loop: a loop carries run-time values; use "
                                 f"another name inside the loop", node)
            carried.append(n)
            inits.append(value)
        maker = b.parallel if spec.parallel else b.range
        with b.at(loc):
            loop = self.call(node.iter, maker, [spec.start, spec.stop, spec.step],
                             {"carry": inits, "carry_names": carried, "name": name})
        if carried:
            loop.op.operation.location = Location.name(carried[0], childLoc=loc)
        self.loops.append("region")
        frame = self.enter()
        self.conditional.append(frame)
        try:
            with loop:
                frame.vars[name] = loop.iv
                for n, v in zip(carried, loop.carried):
                    frame.vars[n] = v
                self.statements(node.body)
                line = self.source.position(node)[0]
                for n in carried:
                    if n not in frame.vars:  # Made unreadable in the body.
                        raise self.error(f"{n!r} is carried by the pto.range loop at line "
                                         f"{line} (read by its next iteration or after it), "
                                         f"but {frame.gone.get(n, 'it cannot be read here')}",
                                         node)
                self.check_containers(frame, node, loop.op)
                with b.at(loc):
                    self.call(node, loop.yield_, [[frame.vars[n] for n in carried]], {})
        finally:
            self.conditional.pop()
            self.leave()
            self.loops.pop()
        for n, result in zip(carried, loop.results):
            self.frame.vars[n] = result
        self.propagate_hidden([frame], node)
        line = self.source.position(node)[0]
        if self.live_after(node, name):
            self.hide(name, f"{name!r} is the index of the pto.range loop at line {line} and "
                            f"exists only inside it (Python would keep its last value)")
        for n in assigned:
            if n not in carried and self.live_after(node, n) and self.visible(n) is _MISSING:
                self.hide(n, f"{n!r} exists only inside the pto.range loop at line {line}: "
                             f"assign it before the loop to carry it out")

    def stmt_With(self, node: ast.With) -> None:
        if len(node.items) != 1 or node.items[0].optional_vars is not None:
            raise self.error("a pto function's `with` is `with pto.scope(...):`", node)
        request = self.expr(node.items[0].context_expr)
        if not isinstance(request, ops.ScopeRequest):
            raise self.error(f"a pto function's `with` enters pto.scope(...), got "
                             f"{_describe(request)}", node.items[0].context_expr)
        loc = self.location(node)
        assigned = _assigned_in(node)
        with b.at(loc):
            s = b.scope(manual=request.manual)
        frame = self.enter()
        try:
            with s:
                try:
                    self.statements(node.body)
                except (_Break, _Continue):
                    raise self.error("`break` / `continue` inside a pto.scope: a scope runs "
                                     "to its end", node) from None
                leaving = [n for n in assigned if n in frame.vars and _is_ir(frame.vars[n])
                           and self.live_after(node, n)]
                self.check_containers(frame, node, s.op)
                with b.at(loc):
                    s.yield_([frame.vars[n] for n in leaving])
        finally:
            self.leave()
        if leaving:
            s.op.operation.location = _names_location(leaving, loc)
        for n, result in zip(leaving, s.results):
            self.frame.vars[n] = result
            self.frame.gone.pop(n, None)
        self.propagate_hidden([frame], node)
        # Build-time Python values are not region values: they stay bound.
        for n in assigned:
            if n in frame.vars and not _is_ir(frame.vars[n]):
                self.frame.vars[n] = frame.vars[n]
        line = self.source.position(node)[0]
        for n in assigned:
            inner = frame.vars.get(n, _MISSING)
            if n in leaving or not self.live_after(node, n) or (
                    inner is not _MISSING and not _is_ir(inner)):
                continue
            if inner is _MISSING and n not in frame.gone:
                continue  # Not assigned in this build (code Python skipped).
            # Read after the scope, whose value before the scope is not what
            # Python would read.
            self.hide(n, f"{n!r} exists only inside the scope at line {line}")

    def stmt_Assert(self, node: ast.Assert) -> None:
        condition = self.expr(node.test)
        if _is_ir(condition):
            raise self.error("`assert` checks Python values at build time; a run-time "
                             "check is not supported", node.test)
        if not self.python(node.test, lambda: bool(condition)):
            message = self.expr(node.msg) if node.msg is not None else "assertion failed"
            raise self.error(str(message), node)

    # -- expressions ------------------------------------------------------------

    def expr(self, node):
        method = _EXPRESSIONS.get(type(node))
        if method is None:
            return self.compile_time(node)
        return method(self, node)

    def python(self, node, thunk):
        """Runs build-time Python for ``node``; its exceptions become
        LangErrors there."""
        try:
            return thunk()
        except LangError as error:
            if error.filename is None:
                raise self.error(error.message, node) from None
            raise
        except (_Break, _Continue, RecursionError):
            raise
        except ops.ArgumentError as error:  # A launch the Python code made.
            raise self.error(str(error), node) from None
        except Exception as error:  # The user's Python: report it at its line.
            raise self.error(f"{type(error).__name__}: {error}", node) from None

    def call(self, node, fn, args, kwargs):
        """Calls ``fn`` (a builder or lang function, or the user's Python);
        ValueError, TypeError and MLIRError become LangErrors at ``node``."""
        try:
            return fn(*args, **kwargs)
        except LangError as error:
            if error.filename is None:  # Raised without a place: this call's.
                raise self.error(error.message, node) from None
            raise
        except (_Break, _Continue):
            raise
        except ops.ArgumentError as error:
            # At the argument, when this call is the launch and spells each
            # argument out (not a helper that launches inside).
            at = node
            if (isinstance(fn, PtoFunction) or fn is ops.submit) and isinstance(
                    node, ast.Call) and error.index < len(node.args) and not any(
                    isinstance(a, ast.Starred) for a in node.args):
                at = node.args[error.index]
            raise self.error(str(error), at) from None
        except MLIRError as error:
            raise self.error(error.message if not error.error_diagnostics else
                             "; ".join(d.message for d in error.error_diagnostics),
                             node) from None
        except RecursionError:
            raise
        except AttributeError as error:
            # A helper is Python: `x.shape` there reads the IR value itself.
            if error.name == "shape" and _is_ir(error.obj):
                raise self.error(f"{_describe(error.obj)} has no .shape in a helper "
                                 f"function: only a pto function reads x.shape; a helper "
                                 f"takes pto.dim(x, axis)", node) from None
            raise self.error(f"AttributeError: {error}", node) from None
        except Exception as error:  # From the builder, or the user's helper.
            raise self.error(_in_language_words(str(error))
                             if isinstance(error, (ValueError, TypeError))
                             else f"{type(error).__name__}: {error}", node) from None

    def compile_time(self, node):
        """An expression the language leaves to Python (a comprehension, an
        f-string, a lambda, ...): evaluated by Python at build time, as a
        helper function is. Run-time values in it stay what they are (a
        scalar's operators and the pto operations build ops, at this
        expression); Python needing their value (``range(n)``, ``if t``)
        is a LangError here."""
        # Generator expressions that a builtin consumes at once
        # (`tuple(x for x in xs)`): read while the variables hold.
        consumed = {id(call.args[0]) for call in ast.walk(node)
                    if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                    and call.func.id in _CONSUMERS and len(call.args) == 1}
        for inner in ast.walk(node):
            if isinstance(inner, (ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)):
                raise self.error(f"`{_construct(inner)}` is not supported in a pto function",
                                 inner)
            late = _read_late(inner) & self.source.locals
            if late and isinstance(inner, ast.GeneratorExp) and (
                    id(inner) in consumed or getattr(inner, "pto_consumed", False)):
                late = set()  # Consumed at once by tuple(), sum(), ...
            if late:
                raise self.error(
                    f"a {_construct(inner)} that reads {', '.join(sorted(map(repr, late)))}, "
                    f"a variable of the pto function: Python reads it when the "
                    f"{_construct(inner)} runs, the language when it is made; use a list "
                    f"comprehension, or pass it as a parameter", inner)
        env = {}
        for name in _uses(node):
            value = self.visible(name)
            if value is not _MISSING:
                env[name] = value
            elif name in self.source.locals:
                self.lookup(name, node)  # The function's own name, unbound here: an error.
        code = getattr(node, "pto_code", None)
        if code is None:
            try:
                code = compile(ast.Expression(node), self.source.filename, "eval")
            except SyntaxError as error:
                raise self.error(f"`{_construct(node)}` is not supported in a pto function "
                                 f"({error.msg})", node) from None
            node.pto_code = code
        # One namespace: a comprehension's scope sees globals, not eval's locals.
        with b.at(self.location(node)):
            return self.python(node, lambda: eval(code, {**self.source.namespace(), **env}))

    def expr_Constant(self, node):
        return node.value

    def expr_Slice(self, node):
        # Of a Python sequence (a tensor's subscript reads its slices itself).
        parts = [None if part is None else self.expr(part)
                 for part in (node.lower, node.upper, node.step)]
        if any(_is_ir(p) for p in parts):
            raise self.error("a Python sequence is sliced by Python values at build time",
                             node)
        return slice(*parts)

    def expr_Name(self, node):
        return self.lookup(node.id, node)

    def expr_Tuple(self, node):
        return tuple(self.elements(node.elts))

    def expr_List(self, node):
        return list(self.elements(node.elts))

    def elements(self, nodes):
        out = []
        for element in nodes:
            if isinstance(element, ast.Starred):
                value = self.expr(element.value)
                if _is_ir(value):
                    raise self.error(f"cannot unpack {_describe(value)}", element)
                out.extend(self.python(element, lambda: list(value)))
            elif type(element) is ast.Name:  # The common case, without dispatch.
                out.append(self.lookup(element.id, element))
            else:
                out.append(self.expr(element))
        return out

    def expr_Attribute(self, node):
        owner = self.expr(node.value)
        if _is_tensor(owner):
            if node.attr == "shape":
                extents = ops.extents(owner)
                # A static shape is a tuple of ints, as Python compares it.
                return tuple(extents) if None not in extents else _Shape(owner)
            raise self.error(f"a tensor has `.shape` here, not `.{node.attr}`", node)
        if _is_ir(owner):
            raise self.error(f"{_describe(owner)} has no attribute `{node.attr}`", node)
        return self.python(node, lambda: getattr(owner, node.attr))

    def expr_BinOp(self, node):
        left, right = self.expr(node.left), self.expr(node.right)
        op = type(node.op)
        if not _is_ir(left) and not _is_ir(right):
            return self.python(node, lambda: _BINARY[op](left, right))
        for v, side in ((left, node.left), (right, node.right)):
            if _is_tensor(v) or _is_task_id(v):
                raise self.error(f"{_describe(v)} where a scalar belongs: arithmetic is on "
                                 f"scalars", side)
        if op not in _IR_BINARY:
            raise self.error(f"`{_symbol(node.op)}` on run-time scalars is not supported",
                             node)
        with b.at(self.location(node)):
            return self.call(node, _BINARY[op], [b._wrap(_raw(left)) if _is_ir(left) else left,
                                                 b._wrap(_raw(right)) if _is_ir(right)
                                                 else right], {})

    def expr_UnaryOp(self, node):
        operand = self.expr(node.operand)
        op = type(node.op)
        if not _is_ir(operand):
            unary = {ast.USub: lambda x: -x, ast.UAdd: lambda x: +x, ast.Not: lambda x: not x,
                     ast.Invert: lambda x: ~x}[op]
            return self.python(node, lambda: unary(operand))
        if not isinstance(operand, b.Scalar):
            raise self.error(f"{_describe(operand)} where a scalar belongs", node.operand)
        with b.at(self.location(node)):
            if op is ast.USub:
                return self.call(node, lambda x: -x, [operand], {})
            if op is ast.UAdd:
                return operand
            if op is ast.Not:
                if str(operand.type) != "i1":
                    raise self.error(f"`not` takes an i1 (a comparison), got {operand.type}",
                                     node)
                return self.call(node, lambda x: x ^ b.scalar(True), [operand], {})
            raise self.error("`~` on run-time scalars is not supported", node)

    def expr_BoolOp(self, node):
        # Python's short circuit: on Python values by Python, on a run-time
        # i1 by an scf.if whose other arm evaluates the rest.
        is_and = isinstance(node.op, ast.And)
        return self.bool_chain(node, node.values, is_and)

    def bool_chain(self, node, operands, is_and: bool):
        value = self.expr(operands[0])
        rest = operands[1:]
        if not _is_ir(value):
            truth = self.python(operands[0], lambda: bool(value))
            if not rest or truth != is_and:
                return value
            return self.bool_chain(node, rest, is_and)
        if not isinstance(value, b.Scalar) or str(value.type) != "i1":
            raise self.error(f"`{'and' if is_and else 'or'}` takes i1 values (comparisons), "
                             f"got {_describe(value)}", operands[0])
        if not rest:
            return value

        def others():
            other = self.bool_chain(node, rest, is_and)
            if _is_ir(other) and (not isinstance(other, b.Scalar) or str(other.type) != "i1"):
                raise self.error(f"`{'and' if is_and else 'or'}` takes i1 values "
                                 f"(comparisons), got {_describe(other)}", rest[0])
            return other if _is_ir(other) else self.python(rest[0], lambda: bool(other))

        decided = lambda: not is_and  # noqa: E731  (a and b: false; a or b: true)
        return self.choose(node, value, (others, decided) if is_and else (decided, others))

    def choose(self, node, condition: b.Scalar, arms):
        """``arms[0]()`` if ``condition`` holds, else ``arms[1]()``, each
        evaluated in its own branch (so an arm's ops run only when it is
        chosen): an ``arith.select`` when neither arm builds an op, else an
        ``scf.if`` yielding the arm's value."""
        loc = self.location(node)
        first = scf.IfOp(condition.value, [], has_else=True, loc=loc)
        values = []
        for block, arm in zip((first.then_block, first.else_block), arms):
            self.conditional.append(self.enter())
            try:
                with InsertionPoint(block):
                    values.append(arm())
            finally:
                self.conditional.pop()
                self.leave()
        pure = not any(len(block.operations) for block in (first.then_block, first.else_block))
        if any(_is_task_id(v) for v in values) and not all(_is_task_id(v) for v in values):
            other = next(v for v in values if not _is_task_id(v))
            raise self.error(f"a choice between a task id and {_describe(other)}: both "
                             f"arms are task ids (pto.invalid_task_id() for none)", node)
        result_type = self.branch_type("the expression", values, node)
        # A choice between values made before it is a select; task id
        # arrays (which a select does not copy) and arms that build ops
        # make a branch.
        if pure and not pto_dialect.TaskIdArrayType.isinstance(result_type):
            first.operation.erase()
            with b.at(loc):
                raw = [_raw(v) if _is_ir(v) else _raw(self.call(node, b.scalar, [v, result_type],
                                                                {}))
                       for v in values]
                return b._wrap(arith.SelectOp(condition.value, raw[0], raw[1], loc=loc).result)
        op = scf.IfOp(condition.value, [result_type], has_else=True, loc=loc,
                      ip=InsertionPoint(first))
        for old, new, v in zip((first.then_block, first.else_block),
                               (op.then_block, op.else_block), values):
            for inner in list(old.operations):
                new.append(inner)
            with InsertionPoint(new), b.at(loc):
                raw = _raw(v) if _is_ir(v) else _raw(self.call(node, b.scalar, [v, result_type],
                                                               {}))
                scf.YieldOp([raw], loc=loc)
        first.operation.erase()
        return b._wrap(op.results[0])

    def expr_Compare(self, node):
        # `a < b < c` is `a < b and b < c` with b evaluated once, and the
        # rest evaluated only when the first part holds (Python's rule; on
        # a run-time result, inside an scf.if branch: see choose).
        return self.compare_chain(node, self.expr(node.left), node.left, 0)

    def compare_chain(self, node, left, left_node, i: int):
        op, right_node = node.ops[i], node.comparators[i]
        right = self.expr(right_node)
        kind = type(op)
        if not _is_ir(left) and not _is_ir(right):
            value = self.python(node, lambda: _COMPARE[kind](left, right))
        else:
            if kind not in _IR_COMPARE:
                raise self.error(f"`{kind.__name__}` on run-time values is not supported",
                                 node)
            for v, side in ((left, left_node), (right, right_node)):
                if _is_ir(v) and not isinstance(v, b.Scalar):
                    raise self.error(f"{_describe(v)} where a scalar belongs", side)
            with b.at(self.location(node)):
                value = self.call(node, _COMPARE[kind], [left, right], {})
        if i + 1 == len(node.ops):
            return value
        if not _is_ir(value):
            if not self.python(node, lambda: bool(value)):
                return value
            return self.compare_chain(node, right, right_node, i + 1)
        return self.choose(node, value, (
            lambda: self.compare_chain(node, right, right_node, i + 1), lambda: False))

    def expr_IfExp(self, node):
        condition = self.expr(node.test)
        if not _is_ir(condition):
            truth = self.python(node.test, lambda: bool(condition))
            return self.expr(node.body if truth else node.orelse)
        if not isinstance(condition, b.Scalar) or str(condition.type) != "i1":
            raise self.error(f"the condition is {_describe(condition)}: an i1 (a comparison)",
                             node.test)
        return self.choose(node, condition, (lambda: self.expr(node.body),
                                             lambda: self.expr(node.orelse)))

    def expr_Subscript(self, node):
        container = self.expr(node.value)
        if isinstance(container, _Shape):
            axis = self.expr(node.slice)
            with b.at(self.location(node)):
                return self.call(node, container.__getitem__, [axis], {})
        if _is_tensor(container):
            return self.tensor_subscript(container, node)
        if _is_ir(container):
            raise self.error(f"cannot index {_describe(container)}", node)
        key = self.expr(node.slice)
        if _is_ir(key):
            raise self.error(f"a Python {type(container).__name__} is indexed by Python "
                             f"values at build time, not by {_describe(key)}", node.slice)
        return self.python(node, lambda: container[key])

    def element_indices(self, node: ast.Subscript) -> Optional[list]:
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if any(isinstance(i, ast.Slice) for i in items):
            return None
        return [self.index(self.expr(i), i) for i in items]

    def index(self, value, node):
        if isinstance(value, bool) or not (isinstance(value, int) or
                                           isinstance(value, b.Scalar)):
            raise self.error(f"an index is an int or a run-time index, got "
                             f"{_describe(value)}", node)
        return value

    def tensor_subscript(self, tensor: Value, node: ast.Subscript):
        shape = ops.extents(tensor)
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(items) > len(shape):
            raise self.error(f"{len(items)} indices for a tensor of rank {len(shape)}", node)
        loc = self.location(node)
        if not any(isinstance(i, ast.Slice) for i in items):
            indices = [self.index(self.expr(i), i) for i in items]
            if len(indices) != len(shape):
                raise self.error(f"reading an element takes {len(shape)} indices, got "
                                 f"{len(indices)}", node)
            with b.at(loc):
                return b._wrap(self.call(node, b.read, [tensor, indices], {}))
        offsets, sizes = [], []
        for axis, item in enumerate(items):
            if isinstance(item, ast.Slice):
                if item.step is not None:
                    raise self.error("a window has no step", item.step)
                lower = 0 if item.lower is None else self.index(self.expr(item.lower),
                                                                item.lower)
                if item.upper is None:
                    upper = shape[axis]
                    if upper is None:
                        with b.at(loc):
                            upper = ops.dim(tensor, axis)
                    size = self.difference(upper, lower, node)
                elif _window_size(item) is not None:
                    # `base:base + n`: the size is n, not a subtraction.
                    size = self.index(self.expr(item.upper.right), item.upper.right)
                else:
                    upper = self.index(self.expr(item.upper), item.upper)
                    size = self.difference(upper, lower, node)
            else:
                lower, size = self.index(self.expr(item), item), 1
            offsets.append(lower)
            sizes.append(size)
        for axis in builtins.range(len(items), len(shape)):
            offsets.append(0)
            if shape[axis] is None:
                with b.at(loc):
                    sizes.append(ops.dim(tensor, axis))
            else:
                sizes.append(shape[axis])
        with b.at(loc):
            return self.call(node, b.slice, [tensor, offsets, sizes], {})

    def difference(self, upper, lower, node):
        if not _is_ir(upper) and not _is_ir(lower):
            return upper - lower
        if isinstance(lower, int) and lower == 0:
            return upper  # `:n`, `0:n`: no subtraction to build
        with b.at(self.location(node)):
            return self.call(node, lambda x, y: x - y, [upper, lower], {})

    def expr_Call(self, node):
        if (isinstance(node.func, ast.Name) and node.func.id in _CONSUMERS
                and len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp)):
            node.args[0].pto_consumed = True  # Read at once: see compile_time.
        fn = self.expr(node.func)
        args = self.elements(node.args)
        kwargs = {}
        for keyword in node.keywords:
            value = self.expr(keyword.value)
            if keyword.arg is None:
                if _is_ir(value):
                    raise self.error(f"cannot unpack {_describe(value)}", keyword.value)
                kwargs.update(self.python(keyword, lambda: dict(value)))
            else:
                kwargs[keyword.arg] = value
        if isinstance(fn, PtoFunction):
            with b.at(self.location(node)):
                result = self.call(node, fn, args, kwargs)
            return _wrap(result) if isinstance(result, Value) else result
        owner = getattr(fn, "__self__", None)
        if (isinstance(owner, _MUTABLE)
                and getattr(fn, "__name__", "") in _MUTATING_METHODS):
            self.check_unconditional(node, f"{type(owner).__name__}.{fn.__name__}()", owner)
        if _is_ir(fn):
            raise self.error(f"{_describe(fn)} is not callable", node.func)
        if fn in (builtins.min, builtins.max) and any(_is_ir(a) for a in args):
            fn = b.min if fn is builtins.min else b.max
        elif fn is builtins.range and any(_is_ir(a) for a in args):
            raise self.error("Python's range() unrolls at build time and needs ints: a "
                             "run-time loop is `for i in pto.range(...)`", node)
        elif fn in (builtins.int, builtins.float, builtins.bool, builtins.len) and \
                any(_is_ir(a) for a in args):
            raise self.error(f"{fn.__name__}() of a run-time value: it is known only when "
                             f"the program runs (convert with pto.i32(...), pto.index(...))",
                             node)
        elif fn in (builtins.round, builtins.abs, builtins.pow, builtins.divmod) and \
                any(_is_ir(a) for a in args):
            raise self.error(f"{fn.__name__}() of a run-time value is not in the language: "
                             f"scalars have + - * / // % and min(), max()", node)
        with b.at(self.location(node)):
            result = self.call(node, fn, args, kwargs)
        if isinstance(result, Value):
            return _wrap(result)
        return result


# The handler of each AST node type, looked up once per node built.
_EXPRESSIONS = {getattr(ast, name[5:]): method for name, method in vars(FunctionBuilder).items()
                if name.startswith("expr_")}
_STATEMENTS = {getattr(ast, name[5:]): method for name, method in vars(FunctionBuilder).items()
               if name.startswith("stmt_")}


def _window_size(item: ast.Slice):
    """The ``n`` of a slice written ``base:base + n`` (``base`` without calls,
    which would run twice), or None; decided once per slice."""
    size = getattr(item, "pto_size", _MISSING)
    if size is _MISSING:
        upper = item.upper
        size = item.pto_size = (
            upper.right if (isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add)
                            and item.lower is not None
                            and _same_expression(upper.left, item.lower)
                            and not any(isinstance(n, ast.Call) for n in ast.walk(item.lower)))
            else None)
    return size


def _same_expression(a, b_) -> bool:
    """Whether two expressions are written alike (``base`` in ``base:base + n``)."""
    if isinstance(a, ast.Name) and isinstance(b_, ast.Name):
        return a.id == b_.id
    return ast.dump(a) == ast.dump(b_)


def _read_late(node) -> set:
    """The names a lambda's body or a generator expression's element reads
    from the enclosing scope: Python reads them when it runs, not when it is
    made."""
    if isinstance(node, ast.Lambda):
        arguments = node.args
        bound = {a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs}
        bound |= {a.arg for a in (arguments.vararg, arguments.kwarg) if a}
        return _uses(node.body) - bound
    if isinstance(node, ast.GeneratorExp):
        lazy = ast.GeneratorExp(elt=node.elt, generators=[
            ast.comprehension(target=g.target, iter=g.iter if i else ast.Tuple([], ast.Load()),
                              ifs=g.ifs, is_async=0)
            for i, g in enumerate(node.generators)])
        return _uses(lazy)
    return set()


def _holds_value_inside(container, region_op, depth: int = 0) -> bool:
    """Whether ``container`` (nested lists, tuples, dicts, sets) holds an IR
    value defined inside ``region_op``."""
    if depth > 8:
        return False
    items = container.values() if isinstance(container, dict) else container
    for item in items:
        if isinstance(item, (list, tuple, dict, set)):
            if _holds_value_inside(item, region_op, depth + 1):
                return True
        elif _is_ir(item):
            owner = _raw(item).owner
            op = owner.owner if isinstance(owner, Block) else owner.operation
            while op is not None:
                if op == region_op:
                    return True
                op = op.parent
    return False


def _frame_is_outside(frame, boundary) -> bool:
    """Whether ``frame`` encloses ``boundary`` (is one of its parents)."""
    inner = boundary.parent
    while inner is not None:
        if inner is frame:
            return True
        inner = inner.parent
    return False


def _same_python(a, b_) -> bool:
    """Whether two build-time values are the same (without comparing run-time
    values they may hold, which would build ops)."""
    if a is b_:
        return True
    plain = (bool, int, float, str, bytes, type(None))
    return type(a) is type(b_) and isinstance(a, plain) and a == b_


def _is_docstring(stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str))


def _construct(node) -> str:
    names = {
        "ListComp": "list comprehension", "DictComp": "dict comprehension",
        "SetComp": "set comprehension", "GeneratorExp": "generator expression",
        "Lambda": "lambda", "JoinedStr": "f-string", "Dict": "dict", "Set": "set",
        "FunctionDef": "def", "AsyncFunctionDef": "async def", "ClassDef": "class",
        "Try": "try", "Raise": "raise", "Import": "import", "ImportFrom": "from ... import",
        "Global": "global", "Nonlocal": "nonlocal", "Delete": "del", "Match": "match",
        "AsyncFor": "async for", "AsyncWith": "async with", "Await": "await",
        "Yield": "yield", "YieldFrom": "yield from", "NamedExpr": ":=",
    }
    return names.get(type(node).__name__, type(node).__name__)


def _symbol(op) -> str:
    return {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%",
            ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.Div: "/", ast.Pow: "**",
            ast.LShift: "<<", ast.RShift: ">>", ast.MatMult: "@"}.get(type(op),
                                                                       type(op).__name__)
