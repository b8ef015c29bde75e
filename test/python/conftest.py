"""Shared fixtures: paths of the repository and of the installed tools."""

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


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
