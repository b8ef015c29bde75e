"""Shared fixtures: paths of the repository and of the installed tools."""

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def pto_opt() -> str:
    path = shutil.which("pto-opt")
    if path is None:
        pytest.fail("pto-opt is not on PATH: install the package (pip install .)")
    return path


@pytest.fixture(scope="session")
def pto_translate() -> str:
    path = shutil.which("pto-translate")
    if path is None:
        pytest.fail("pto-translate is not on PATH: install the package (pip install .)")
    return path
