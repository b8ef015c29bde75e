"""Console-script entry points for the tools shipped inside the package.

``pto-opt`` and ``pto-translate`` are native executables installed in
``pto_mlir/bin``; these functions replace the Python process with them,
forwarding the command line unchanged.
"""

import os
import sys
from pathlib import Path

_BIN_DIR = Path(__file__).resolve().parent / "bin"


def tool_path(name: str) -> Path:
    """Returns the path of the bundled executable ``name``.

    Raises:
        FileNotFoundError: the package was installed without its tools.
    """
    path = _BIN_DIR / name
    if not path.is_file():
        raise FileNotFoundError(f"{name} is not installed in {_BIN_DIR}")
    return path


def _exec(name: str) -> None:
    path = tool_path(name)
    os.execv(path, [name, *sys.argv[1:]])


def pto_opt() -> None:
    """Runs ``pto-opt`` (parse, verify, transform, print pto IR)."""
    _exec("pto-opt")


def pto_translate() -> None:
    """Runs ``pto-translate`` (translate pto IR to other formats)."""
    _exec("pto-translate")
