"""Parsing pto IR files as ``pto-opt`` reads them.

:func:`parse_file` is the compiler's own file parser
(``mlirPTOParseSourceFile``): it skips a UTF-8 byte order mark, reports the
constructs the bundled parser would abort on, can leave verification to the
caller, and can give values their SSA names from the source as name
locations, from the parser's own record of where each value is defined.
"""

from __future__ import annotations

import os
from typing import List, Union

from ._mlir_libs import _site_initialize_0 as _native
from .ir import Context, Diagnostic, DiagnosticInfo, DiagnosticSeverity, MLIRError, Module


def parse_file(path: Union[str, os.PathLike], context: Context, *, verify: bool = True,
               name_locations: bool = False) -> Module:
    """Parses the pto IR file (text or bytecode) at ``path`` into a module.

    Args:
        path: the file.
        context: the context to parse in.
        verify: verify the module after parsing; pass False to change it
            first (e.g. set ``pto.runtime``) and call
            ``module.operation.verify()`` then.
        name_locations: give each op result group and block argument whose
            location is a plain file location a name location with its SSA
            name in the source (``%wl``; numeric names are not names), so that
            the C++ and the diagnostics use the source's names.

    Returns:
        The module.

    Raises:
        MLIRError: the file cannot be read, parsed or (with ``verify``)
            verified; ``error_diagnostics`` holds one ``DiagnosticInfo`` per
            error, at its location.
    """
    errors: List[DiagnosticInfo] = []

    def collect(diagnostic: Diagnostic) -> bool:
        # A copy: the Diagnostic itself lives only during this call.
        if diagnostic.severity == DiagnosticSeverity.ERROR:
            errors.append(DiagnosticInfo(diagnostic))
        return True

    handler = context.attach_diagnostic_handler(collect)
    try:
        module = _native.parse_source_file(context, os.fspath(path), verify, name_locations)
    finally:
        handler.detach()
    if module is None:
        raise MLIRError(f"Unable to parse {os.fspath(path)}", errors)
    return module
