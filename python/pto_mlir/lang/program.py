"""Decorated functions and the module they build (:func:`module`).

A decorator turns a Python function into a :class:`PtoFunction`; nothing
is built then. :func:`module` builds, in one Context, every function it is
given and every function they launch or call, each once, and orders the
module's functions as they were defined (kernel ids are positions among
the kernels, so the definition order is the id order).
"""

from __future__ import annotations

import inspect
import itertools
import sys
import threading
import types
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .. import builder as b
from ..dialects import pto as pto_dialect
from ..ir import Context, FunctionType, InsertionPoint, Location, MLIRError, Module, TypeAttr
from . import types as t
from .errors import LangError, caller_position, error_at_caller

_CORE_TYPES = ("aic", "aiv", "mixed")
# A generator, coroutine or async generator function.
_NOT_PLAIN = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
# Python frames the code generator may use (about 4 per nested statement or
# operator).
_RECURSION_LIMIT = 20000
_sequence = itertools.count()
_session = threading.local()


class PtoFunction:
    """A kernel, Graph or orchestration function defined with a
    :mod:`pto_mlir.lang` decorator.

    Inside a pto function (or a Python helper it calls), calling a kernel
    launches it (``pto.submit``) and calling a Graph calls it
    (``pto.call``); outside one, calling it is an error: build a module with
    :func:`module`.
    """

    kind = "function"

    def __init__(self, fn: Callable, name: Optional[str] = None):
        if type(fn) is not types.FunctionType:
            raise error_at_caller(f"@pto.{self.kind} decorates a function (a `def`), got "
                                  f"{fn!r}")
        if fn.__code__.co_flags & _NOT_PLAIN:
            code = fn.__code__
            raise LangError(f"@pto.{self.kind}: {fn.__qualname__} is a generator or async "
                            f"function; a pto function is a plain `def`", code.co_filename,
                            code.co_firstlineno)
        if name is not None and (not isinstance(name, str) or not name):
            raise error_at_caller(f"@pto.{self.kind}: name is a non-empty str, got {name!r}")
        self.fn = fn
        self.name = name or fn.__name__
        self.sequence = next(_sequence)
        self.__doc__ = fn.__doc__
        self.__name__ = self.name
        self.__wrapped__ = fn
        self._source = None

    def __repr__(self) -> str:
        return f"<pto.{self.kind} @{self.name}>"

    # -- source ---------------------------------------------------------------

    def source(self):
        """The function's parsed source (:class:`~pto_mlir.lang.codegen.Source`)."""
        if self._source is None:
            from .codegen import Source
            self._source = Source.of(self.fn)
        return self._source

    def error(self, message: str, node=None) -> LangError:
        """A LangError at ``node`` of this function's source (its ``def``
        line without one)."""
        return self.source().error(message, node)

    # -- signature ------------------------------------------------------------

    def signature(self) -> Tuple[List[Tuple[str, t.ParamType, object]], Optional[tuple]]:
        """(parameters as (name, ParamType, annotation node), result types or
        None when the return is not annotated). Raises LangError at the
        annotation it cannot read."""
        src = self.source()
        params = []
        args = src.function.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
            raise self.error("a pto function takes plain positional parameters only "
                             "(no *args, **kwargs, keyword-only or positional-only "
                             "markers)", args)
        for arg in args.args:
            if arg.annotation is None:
                raise self.error(f"parameter {arg.arg!r} needs a type annotation "
                                 f"(pto.Tensor[...], pto.InOut[...], pto.Index, ...)", arg)
            annotation = src.annotation(arg.arg, arg.annotation)
            try:
                params.append((arg.arg, t.param_type(annotation, f"parameter {arg.arg!r}"),
                               arg.annotation))
            except t.AnnotationError as error:
                raise self.error(str(error), arg.annotation) from None
        if args.defaults:
            raise self.error("a pto function's parameters have no default values",
                             args.defaults[0])
        results = None
        returns = src.function.returns
        if returns is not None and isinstance(self, KernelFunction):
            raise self.error("a kernel returns through its out and inout parameters: it has "
                             "no return annotation", returns)
        if returns is not None:
            try:
                results = t.result_type(src.annotation("return", returns),
                                        "the return annotation")
            except t.AnnotationError as error:
                raise self.error(str(error), returns) from None
        return params, results

    # -- calls ----------------------------------------------------------------

    def __call__(self, *args, **kwargs):
        session = current_session()
        if session is None:
            raise error_at_caller(
                f"@{self.name} is called outside a pto function: call it inside a "
                f"@pto.graph or @pto.orchestration function and build the module with "
                f"pto.module(...)")
        return session.invoke(self, args, kwargs)


class KernelFunction(PtoFunction):
    """A kernel declaration (``pto.kernel``): a signature, no body."""

    kind = "kernel"

    def __init__(self, fn, core: str, lanes: Sequence = (), name: Optional[str] = None):
        super().__init__(fn, name)
        if core not in _CORE_TYPES:
            raise self.error(f"@pto.kernel: core is one of {', '.join(_CORE_TYPES)}, "
                             f"got {core!r}")
        self.core = core
        self.lanes = tuple(lanes)
        for lane in self.lanes:
            if not isinstance(lane, KernelFunction):
                raise self.error(f"@pto.kernel: a lane is a @pto.kernel function, "
                                 f"got {lane!r}")
        function = self.source().function
        # Checked once per `def` (its AST node), not per function object.
        if not getattr(function, "pto_declaration", False):
            if not all(_is_declaration_statement(s) for s in function.body):
                raise self.error("a kernel is a declaration: its body is a docstring or "
                                 "`...` (the kernel's code is built elsewhere)",
                                 function.body[0])
            function.pto_declaration = True


class GraphFunction(PtoFunction):
    """A Graph (``pto.graph``): recorded once, replayed on later calls."""

    kind = "graph"


class OrchestrationFunction(PtoFunction):
    """An orchestration function (``pto.orchestration``)."""

    kind = "orchestration"


def _is_declaration_statement(stmt) -> bool:
    import ast
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and (
        stmt.value.value is Ellipsis or isinstance(stmt.value.value, str)) or \
        isinstance(stmt, ast.Pass)


def kernel(fn: Optional[Callable] = None, *, core: str = "aiv", lanes: Sequence = (),
           name: Optional[str] = None):
    """Declares a kernel: ``@pto.kernel(core="aic")`` on a function whose
    parameters are annotated (tensors first, then scalars) and whose body is
    ``...`` or a docstring.

    Args:
        core: ``"aic"``, ``"aiv"`` (the default) or ``"mixed"``.
        lanes: for a mixed kernel, its AIC kernel, then the AIV kernel of
            lane 0 and optionally of lane 1 (each a @pto.kernel with this
            signature).
        name: the symbol name (default: the function's name).

    Raises:
        LangError: an unknown core type, a lane that is not a kernel, or a
            body with code.
    """
    def decorate(f):
        return KernelFunction(f, core, lanes, name)
    return decorate(fn) if fn is not None else decorate


def graph(fn: Optional[Callable] = None, *, name: Optional[str] = None):
    """Defines a Graph (``@pto.graph``): a function of annotated parameters
    whose body is built as the Graph's ops; its return annotation (or, when
    absent, its ``return`` values) gives the results."""
    def decorate(f):
        return GraphFunction(f, name)
    return decorate(fn) if fn is not None else decorate


def orchestration(fn: Optional[Callable] = None, *, name: Optional[str] = None):
    """Defines an orchestration function (``@pto.orchestration``), as
    :func:`graph` does a Graph."""
    def decorate(f):
        return OrchestrationFunction(f, name)
    return decorate(fn) if fn is not None else decorate


# ----------------------------------------------------------------------------
# Building a module
# ----------------------------------------------------------------------------


def _caller_location() -> Location:
    """The line that called into the language (the module's location)."""
    position = caller_position()
    return Location.unknown() if position is None else Location.file(*position, 0)


def current_session() -> Optional["Session"]:
    """The module being built on this thread, if any."""
    return getattr(_session, "current", None)


class Session:
    """One module being built: the op of each function built so far."""

    def __init__(self, module: Module):
        self.module = module
        self.ops: Dict[PtoFunction, object] = {}
        self.building: List[PtoFunction] = []
        self._kernels: Dict[PtoFunction, tuple] = {}
        self._types: Dict[object, object] = {}
        # Per Python function: its signature and builder parameters. Kernels
        # declared from one function (the lanes of a mixed kernel and the
        # group) share them.
        self._signatures: Dict[tuple, tuple] = {}

    def mlir_type(self, annotation):
        """The MLIR type of a type annotation object, made once per module
        (by identity: hashing the annotation costs about as much as a
        lookup saves; the entry keeps the object, so its id stays its)."""
        entry = self._types.get(id(annotation))
        if entry is None:
            entry = self._types[id(annotation)] = (annotation, annotation.mlir())
        return entry[1]

    def kernel(self, fn: "KernelFunction") -> tuple:
        """(op, scalar parameter types, their integer widths (None for a
        float), number of tensor parameters) of a kernel: read once per
        module, used by every launch."""
        info = self._kernels.get(fn)
        if info is None:
            op = self.op(fn)
            params, _, _ = b._signature(op)
            scalars = [p for p in params if not b._is_tensor(p)]
            widths = [b._int_width(p) if b._is_int_like(p) else None for p in scalars]
            info = self._kernels[fn] = (op, scalars, widths, len(params) - len(scalars))
        return info

    def op(self, fn: PtoFunction):
        """The op of ``fn`` in the module, built on first use."""
        op = self.ops.get(fn)
        if op is not None:
            return op
        if fn in self.building:
            chain = " -> ".join(f"@{f.name}" for f in self.building + [fn])
            raise LangError(f"recursive call: {chain} (a Graph or orchestration function "
                            f"cannot call itself)")
        source = fn.source()
        at = source.location(source.function)
        with InsertionPoint(self.module.body), b.at(at):
            results, built = self.parameters(fn)
            if isinstance(fn, KernelFunction):
                lanes = [self.op(lane) for lane in fn.lanes]
                op = b.kernel(fn.name, built, core_type=fn.core,
                              results=[self.mlir_type(r) for r in results or ()], lanes=lanes)
                self.ops[fn] = op
                return op
            maker = b.graph if isinstance(fn, GraphFunction) else b.orchestration
            op = maker(fn.name, built, results=[self.mlir_type(r) for r in results or ()])
        self.ops[fn] = op
        self.building.append(fn)
        try:
            from .codegen import FunctionBuilder
            returned = FunctionBuilder(fn, op, self).build(results)
        except BaseException:
            del self.ops[fn]
            raise
        finally:
            self.building.pop()
        if results is None:
            fn_type = FunctionType(TypeAttr(op.attributes["function_type"]).value)
            op.attributes["function_type"] = TypeAttr.get(FunctionType.get(
                list(fn_type.inputs), [v.type for v in returned]))
        return op

    def parameters(self, fn: PtoFunction) -> tuple:
        """(result types or None, builder parameters) of ``fn``: read once
        per Python function and kind in this module."""
        key = (fn.fn, type(fn))
        found = self._signatures.get(key)
        if found is None:
            params, results = fn.signature()
            built = []
            for name, p, node in params:
                try:
                    built.append(p.param(name, self.mlir_type(p.type)))
                except (ValueError, TypeError, OverflowError) as error:
                    # A type or window MLIR rejects: at the annotation.
                    raise fn.error(f"parameter {name!r}: {error}", node) from None
            found = self._signatures[key] = (results, built)
        return found

    def invoke(self, fn: PtoFunction, args: tuple, kwargs: dict):
        """A call of ``fn`` inside a function being built."""
        return _launch(self, fn, args, kwargs, with_task_id=False)


def _launch(*args, **kwargs):
    # ops imports this module: bound on first use.
    global _launch
    from .ops import launch as _launch
    return _launch(*args, **kwargs)


def module(*functions: PtoFunction, runtime: Optional[str] = None,
           runtime_api: Optional[str] = None) -> Module:
    """Builds a module of ``functions`` and every function they launch or
    call, in the order they were defined, and verifies it.

    Args:
        functions: @pto.kernel, @pto.graph and @pto.orchestration functions
            (typically the entry orchestration function; kernels and Graphs
            it uses come with it).
        runtime: ``"host_build_graph"`` or ``"tensormap_and_ringbuffer"``
            (``pto.runtime``; none means tensormap_and_ringbuffer).
        runtime_api: ``"spec"`` or ``"simpler_6ebaf771"``
            (``pto.runtime_api``).

    Returns:
        the verified module, in the active Context (or a new one).

    Raises:
        LangError: an error in a function (at its Python line), or the
            module does not verify (``formatted`` holds every diagnostic at
            its Python line, with the source line and a caret).
    """
    if not functions:
        raise error_at_caller("pto.module needs at least one function")
    for fn in functions:
        if not isinstance(fn, PtoFunction):
            raise error_at_caller(f"pto.module takes @pto.kernel, @pto.graph and "
                                  f"@pto.orchestration functions, got {fn!r}")
    if runtime is not None and runtime not in pto_dialect.RUNTIMES:
        raise error_at_caller(f"pto.module: unknown runtime {runtime!r} (one of "
                              f"{', '.join(pto_dialect.RUNTIMES)})")
    if runtime_api is not None and runtime_api not in pto_dialect.RUNTIME_APIS:
        raise error_at_caller(f"pto.module: unknown runtime API level {runtime_api!r} (one "
                              f"of {', '.join(pto_dialect.RUNTIME_APIS)})")
    if Context.current is None:
        with Context():
            return module(*functions, runtime=runtime, runtime_api=runtime_api)
    if getattr(_session, "current", None) is not None:
        raise LangError("pto.module is called while another module is being built (inside "
                        "a pto function)")
    with Location.unknown(), b.at(_caller_location()):
        m = b.module(runtime=runtime)
        if runtime_api is not None:
            m.operation.attributes[pto_dialect.RUNTIME_API_ATTR] = \
                pto_dialect.runtime_api_attr(runtime_api)
        session = Session(m)
        _session.current = session
        # The code generator recurses with the program's nesting (a long
        # chain of `elif`s or of operators): allow what CPython compiles.
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, _RECURSION_LIMIT))
        try:
            for fn in functions:
                session.op(fn)
        except LangError as error:
            raise error.with_traceback(None) from None
        except RecursionError:
            raise LangError(f"a function of the module nests statements or expressions more "
                            f"deeply than the language builds ({_RECURSION_LIMIT} Python "
                            f"frames)") from None
        finally:
            sys.setrecursionlimit(limit)
            _session.current = None
        # Definition order: appending an op moves it to the end.
        for fn in sorted(session.ops, key=lambda f: f.sequence):
            m.body.append(session.ops[fn].operation)
    try:
        m.operation.verify()
    except MLIRError as error:
        from ..compile import format_mlir_error
        raise LangError(error.message, formatted=format_mlir_error(error)) from None
    return m
