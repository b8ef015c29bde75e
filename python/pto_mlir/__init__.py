"""pto-mlir: an MLIR dialect and lowering stack for PTO orchestration programs.

The package bundles MLIR's upstream Python bindings (``pto_mlir.ir``,
``pto_mlir.passmanager``, ``pto_mlir.dialects.arith`` / ``scf`` / ``func``)
with the ``pto`` dialect (``pto_mlir.dialects.pto``) in a nanobind domain of
its own, so it coexists with other MLIR Python packages in one process.
Every :class:`pto_mlir.ir.Context` it creates has the pto, arith, cf, scf and
func dialects registered.

``pto_mlir.builder`` is a thin layer over the generated op builders for
writing kernels, Graphs and orchestration functions.
"""

__version__ = "0.1.0"
