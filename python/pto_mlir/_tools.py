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


_PACKAGE_DIR = Path(__file__).resolve().parent


def plugin_path() -> Path:
    """Returns the path of ``PTOPlugin.so``, the plugin that gives the
    upstream ``mlir-opt`` of MLIR 22.1.8 the pto dialect
    (``--load-dialect-plugin``) and the pto passes and pipelines
    (``--load-pass-plugin``). See docs/embedding.md.

    Raises:
        FileNotFoundError: the package was installed without it.
    """
    path = _PACKAGE_DIR / "lib" / "PTOPlugin.so"
    if not path.is_file():
        raise FileNotFoundError(f"PTOPlugin.so is not installed in {path.parent}")
    return path


def cmake_dir() -> Path:
    """Returns the folder holding ``PTOConfig.cmake``: pass it as ``PTO_DIR``
    to ``find_package(PTO CONFIG)`` to link the pto libraries into a C++
    project. See docs/embedding.md.

    Raises:
        FileNotFoundError: the package was installed without its CMake
            package (the ``pto-dev`` component).
    """
    path = _PACKAGE_DIR / "lib" / "cmake" / "pto"
    if not (path / "PTOConfig.cmake").is_file():
        raise FileNotFoundError(f"PTOConfig.cmake is not installed in {path}")
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
