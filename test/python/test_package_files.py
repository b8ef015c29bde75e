"""The installed package holds every module of the source tree: a module
left out of python/CMakeLists.txt's source list imports from a checkout but
not from an install (a fresh clone's test run found one)."""

from pathlib import Path

import pto_mlir

from conftest import REPO


def test_every_source_module_is_installed():
    source = REPO / "python" / "pto_mlir"
    installed = Path(pto_mlir.__file__).parent
    missing = [str(path.relative_to(source)) for path in sorted(source.rglob("*.py"))
               if not (installed / path.relative_to(source)).is_file()]
    assert missing == [], f"add to python/CMakeLists.txt: {missing}"
