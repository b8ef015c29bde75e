"""Embedding the installed package in other tools (docs/embedding.md).

The CMake package: ``examples/embedding`` is configured with nothing but
``PTO_DIR=$(pto-compile --cmake-dir)`` (MLIR and LLVM are found next to the
installed package) and built. Its C++ tool, on the static libraries, must
print what ``pto-opt --pto-graph-legalize-pipeline`` prints; its C program,
on the shared C API library ``libPTO-C.so``, builds and inspects pto types
and attributes and legalizes a program. The plugin for the upstream
``mlir-opt`` is tested by lit (test/Plugin).
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pto_mlir import _tools


def run(*cmd, check=True, **kwargs):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                          check=check, **kwargs)


def test_the_path_options_print_installed_files(pto_compile):
    plugin = Path(run(pto_compile, "--plugin-path").stdout.strip())
    assert plugin == _tools.plugin_path() and plugin.is_file()
    cmake_dir = Path(run(pto_compile, "--cmake-dir").stdout.strip())
    assert (cmake_dir / "PTOConfig.cmake").is_file()
    assert (cmake_dir / "PTOConfigVersion.cmake").is_file()
    # The headers the config points at, generated ones included.
    include = cmake_dir.parents[2] / "include"
    assert (include / "pto" / "InitAll.h").is_file()
    assert (include / "pto" / "Dialect" / "PTO" / "IR" / "PTOOps.h.inc").is_file()
    assert (include / "pto-c" / "Dialects.h").is_file()


def _build_tool(name):
    """The CMake and Ninja of the build requirements (pip installs both)."""
    path = shutil.which(name, path=str(Path(sys.executable).parent))
    if path is None:
        pytest.fail(f"{name} is not installed next to {sys.executable}: "
                    f"install requirements/build.txt")
    return path


@pytest.fixture(scope="module")
def embedding(tmp_path_factory, repo, pto_compile):
    """The build folder of examples/embedding, configured and built."""
    cmake, ninja = _build_tool("cmake"), _build_tool("ninja")
    cmake_dir = run(pto_compile, "--cmake-dir").stdout.strip()
    build = tmp_path_factory.mktemp("embedding")
    configure = run(cmake, "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={ninja}",
                    "-DCMAKE_BUILD_TYPE=Release", f"-DPTO_DIR={cmake_dir}",
                    "-S", repo / "examples" / "embedding", "-B", build, check=False)
    assert configure.returncode == 0, configure.stdout + configure.stderr
    built = run(cmake, "--build", build, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    return build


def test_a_cpp_tool_links_the_static_libraries(embedding, tmp_path, repo, pto_opt):
    build = embedding

    example = repo / "examples" / "decoder_layer.mlir"
    legalized = run(build / "pto-legalize", example)
    expected = run(pto_opt, "--pto-graph-legalize-pipeline", example)
    assert legalized.stdout == expected.stdout
    assert "pto.hoisted = #pto.hoisted<allocation>" in legalized.stdout

    # A program the pipeline rejects fails with the located diagnostic.
    bad = tmp_path / "bad.mlir"
    bad.write_text("pto.graph @g(%x: !pto.tensor<16xf32>) {\n  pto.return\n}\n")
    failed = run(build / "pto-legalize", bad, check=False)
    assert failed.returncode == 1
    assert "bad.mlir:1:1: error: 'pto.graph' op needs the host_build_graph runtime" \
        in failed.stderr


def test_a_c_program_uses_the_shared_c_api_library(embedding):
    result = run(embedding / "pto-c-example", check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "tensor type: !pto.tensor<16x?xf32>",
        "task id array type: !pto.task_id_array<8>",
        "runtime: host_build_graph",
        "hoisted: view of w",
    ]
    # It runs on libPTO-C.so alone: no libLLVM.so, no MLIR of the wheels.
    libraries = run("ldd", embedding / "pto-c-example").stdout
    assert "libPTO-C.so" in libraries
    assert "libLLVM" not in libraries and "libMLIR" not in libraries
