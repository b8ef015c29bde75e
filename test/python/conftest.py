"""Shared fixtures: paths of the repository and of the installed tools;
`load_script`, which imports a script of the repository as a module."""

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


def load_script(name: str, path: Path) -> ModuleType:
    """Imports the file at `path` (an example or benchmark script, not a
    package module) as module `name`, registered in sys.modules so that its
    dataclasses can look their module up."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def build_verified(build_ops, *args):
    """Runs ``build_ops(*args)`` (which builds and returns a module) in the
    active Context, or a new one, at an unknown location, and verifies the
    module it returns."""
    from pto_mlir.ir import Context, Location
    if Context.current is None:
        with Context():
            return build_verified(build_ops, *args)
    with Location.unknown():
        module = build_ops(*args)
    module.operation.verify()
    return module


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


def _installed_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not on PATH: install the package (pip install .)")
    return path


@pytest.fixture(scope="session")
def pto_opt() -> str:
    return _installed_tool("pto-opt")


@pytest.fixture(scope="session")
def pto_translate() -> str:
    return _installed_tool("pto-translate")


@pytest.fixture(scope="session")
def pto_compile() -> str:
    return _installed_tool("pto-compile")
