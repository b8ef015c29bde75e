"""Checks every parse entry point of the bundled bindings runs first.

The bundled MLIR 22.1.8 parser aborts the interpreter on some input (a
dense array of ``index``, llvm/llvm-project#179045) instead of reporting
it. ``install`` wraps ``Module.parse``, ``Module.parseFile``,
``Operation.parse``, ``Attribute.parse`` and ``Type.parse`` so that such
input raises :class:`pto_mlir.ir.MLIRError` at its location, as
``pto-opt`` and ``pto-translate`` report it, and a leading UTF-8 byte order
mark is skipped like the tools skip it. The check itself is the C++ one the
tools run (``mlirPTOFindUnparsableSyntax``); this module only calls it.
"""

from __future__ import annotations

import functools
from typing import Callable, List, Tuple

_BYTE_ORDER_MARK = "\ufeff"
_BYTECODE_MAGIC = b"ML\xefR"


def install(find: Callable[[str], List[Tuple[int, int, str]]]) -> None:
    """Wraps the parse entry points of ``pto_mlir.ir`` (once).

    Args:
        find: returns ``(line, column, message)`` for each construct of a
            source text the parser would abort on.
    """
    from ._mlir_libs._mlir import ir

    if getattr(ir.Module, "_pto_parse_guard", False):
        return

    def check(text, source_name: str, what: str):
        if isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
            if data.startswith(_BYTECODE_MAGIC):
                return text
            text = data.decode("utf-8", errors="replace")
        if text.startswith(_BYTE_ORDER_MARK):
            # Three spaces: the mark's three UTF-8 bytes, so columns stay.
            text = "   " + text[1:]
        found = find(text)
        if found:
            raise ir.MLIRError(
                f"Unable to parse {what}:\n" + "\n".join(
                    f'error: "{source_name}":{line}:{column}: {message}'
                    for line, column, message in found), [])
        return text

    def guard(parse, what: str, name_of=lambda args, kwargs: "-"):
        @functools.wraps(parse)
        def guarded(source, *args, **kwargs):
            source = check(source, name_of(args, kwargs), what)
            return parse(source, *args, **kwargs)
        return staticmethod(guarded)

    parse = ir.Module.parse
    parse_file = ir.Module.parseFile

    @functools.wraps(parse_file)
    def guarded_parse_file(path, *args, **kwargs):
        with open(path, "rb") as stream:
            data = stream.read()
        if data.startswith(_BYTECODE_MAGIC):
            return parse_file(path, *args, **kwargs)
        text = check(data, str(path), "module assembly")
        if data.startswith(_BYTE_ORDER_MARK.encode()):
            # The file as the parser would read it has the mark: parse the
            # text instead (its locations then name the source "-").
            return parse(text, *args, **kwargs)
        return parse_file(path, *args, **kwargs)

    ir.Module.parse = guard(ir.Module.parse, "module assembly")
    ir.Module.parseFile = staticmethod(guarded_parse_file)
    ir.Operation.parse = guard(
        ir.Operation.parse, "operation assembly",
        lambda args, kwargs: kwargs.get("source_name") or "-")
    ir.Attribute.parse = guard(ir.Attribute.parse, "attribute")
    ir.Type.parse = guard(ir.Type.parse, "type")
    ir.Module._pto_parse_guard = True
