"""The generated references in docs/ match the ODS they are generated from
(regenerate with `cmake --build <build dir> --target pto-doc`)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO


def find_mlir_root():
    for entry in sys.path:
        root = Path(entry or ".") / "mlir"
        if (root / "bin" / "mlir-tblgen").is_file():
            return root
    return None


MLIR = find_mlir_root()
needs_tblgen = pytest.mark.skipif(MLIR is None, reason="mlir-tblgen is not installed "
                                  "(pip install -r requirements/build.txt)")


def tblgen(*args):
    return subprocess.run(
        [str(MLIR / "bin" / "mlir-tblgen"), "-I", str(REPO / "include"),
         "-I", str(MLIR / "include"), *args],
        capture_output=True, text=True, check=True).stdout


@needs_tblgen
def test_dialect_reference_is_current():
    generated = tblgen("-gen-dialect-doc", "-dialect=pto",
                       str(REPO / "include/pto/Dialect/PTO/IR/PTOOps.td"))
    assert (REPO / "docs/Dialects/PTO.md").read_text() == generated


@needs_tblgen
def test_pass_reference_is_current():
    generated = tblgen("-gen-pass-doc", str(REPO / "include/pto/Transforms/Passes.td"))
    assert (REPO / "docs/Passes.md").read_text() == generated
