"""Errors of :mod:`pto_mlir.lang` programs, at their Python source location."""

from __future__ import annotations

import linecache
import os
import sys
from typing import Optional, Tuple

_PACKAGE = os.path.dirname(os.path.abspath(__file__))


class LangError(Exception):
    """An error in a :mod:`pto_mlir.lang` program, reported at its Python
    source: ``file:line:col: error: message``, the source line and a caret
    under the expression (the form ``pto-compile`` prints diagnostics in).

    Raised for constructs the language does not support, a value of the
    wrong kind (a tensor where a scalar belongs), a wrong argument count,
    an annotation it cannot read, and, from :func:`pto_mlir.lang.module`,
    for a module the op verifiers reject (then ``diagnostics`` holds the
    formatted MLIR diagnostics, each at its Python line).

    Attributes:
        message: the error without its location.
        filename, line, column: where (1-based line and column), or None.
    """

    def __init__(self, message: str, filename: Optional[str] = None,
                 line: Optional[int] = None, column: Optional[int] = None,
                 formatted: Optional[str] = None):
        self.message = message
        self.filename, self.line, self.column = filename, line, column
        self.formatted = formatted if formatted is not None else self._format()
        super().__init__(self.formatted)

    def _format(self) -> str:
        if self.filename is None or self.line is None:
            return f"error: {self.message}"
        head = f"{self.filename}:{self.line}"
        if self.column:
            head += f":{self.column}"
        lines = [f"{head}: error: {self.message}"]
        source = linecache.getline(self.filename, self.line).rstrip("\n")
        if source:
            lines.append(source)
            if self.column:
                lines.append(" " * (self.column - 1) + "^")
        return "\n".join(lines)


def _caller_frame():
    """The first stack frame outside this package (the program's code that
    called into the language), or None."""
    frame = sys._getframe(2)
    while frame is not None and os.path.dirname(
            os.path.abspath(frame.f_code.co_filename)) == _PACKAGE:
        frame = frame.f_back
    return frame


def caller_position() -> Optional[Tuple[str, int]]:
    """(file, line) of the program's code that called into the language:
    the first stack frame outside this package."""
    frame = _caller_frame()
    return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)


def error_at_caller(message: str) -> LangError:
    """A LangError at the expression of the program that called into the
    language (file, line and column, as the language's other errors), for
    an error in how the program uses it outside a pto function (a
    decorator's argument, a call of pto.module, a kernel called from plain
    Python)."""
    frame = _caller_frame()
    if frame is None:
        return LangError(message)
    column = None
    # The instruction's columns (Python 3.11+).
    positions = list(getattr(frame.f_code, "co_positions", lambda: [])())
    index = frame.f_lasti // 2
    if 0 <= index < len(positions) and positions[index][0] == frame.f_lineno and \
            positions[index][2] is not None:
        column = positions[index][2] + 1
    return LangError(message, os.path.abspath(frame.f_code.co_filename), frame.f_lineno,
                     column)
