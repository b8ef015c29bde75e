"""pto_mlir.lang: PTO programs written as Python functions.

Kernels, Graphs and orchestration functions are decorated Python functions
with annotated parameters; :func:`module` reads their source (the Python
AST) and builds the module, every op at the Python expression that makes
it and named after the variable it is assigned to::

    from pto_mlir import lang as pto

    X = pto.Tensor[[16, 128], pto.f32]
    W = pto.Tensor[[512, 128], pto.f32]

    @pto.kernel(core="aic")
    def matmul(x: X, w: pto.Tensor[[128, 128], pto.f32], y: pto.Out[X]): ...

    @pto.kernel(core="aiv")
    def add(a: X, b: X, c: pto.InOut[X], scale: pto.f32): ...

    @pto.graph
    def layer(a: X, w: W, c: pto.InOut[X], layer_idx: pto.Index) -> X:
        one = pto.f32(1.0)
        base = layer_idx * 128                 # arith.muli, %base
        wl = w[base:base + 128, :]             # pto.slice, %wl
        tmp = pto.create([16, 128], pto.f32)   # pto.create, %tmp
        tmp1 = matmul(a, wl, tmp)              # pto.submit, %tmp1
        return add(tmp1, a, c, one)

    @pto.orchestration
    def main(a: X, w: W, c: pto.InOut[X]):
        for i in pto.range(4):                 # scf.for carrying c
            c = layer(a, w, c, i)              # pto.call

    module = pto.module(main, runtime="host_build_graph")

docs/python.md is the tutorial; docs/design.md says why the language reads
the AST rather than tracing. Errors in a program are :class:`LangError` s at
its Python line and column.
"""

from .errors import LangError
from .ops import (
    array_get,
    array_update,
    cast,
    create,
    create_info,
    dim,
    full,
    invalid_task_id,
    owner_task_id,
    parallel,
    range,
    reshape,
    scope,
    set_owner,
    submit,
    task_dummy,
    task_id_array,
    transpose,
)
from .program import (
    GraphFunction,
    KernelFunction,
    OrchestrationFunction,
    PtoFunction,
    graph,
    kernel,
    module,
    orchestration,
)
from .types import (
    AnnotationError,
    DType,
    In,
    Index,
    InOut,
    Out,
    ParamType,
    Scalar,
    ScalarType,
    Tensor,
    TensorType,
    bf16,
    f16,
    f32,
    f64,
    i1,
    i8,
    i16,
    i32,
    i64,
    index,
    ui8,
    overwrites,
    window,
)

__all__ = [
    "LangError", "AnnotationError", "PtoFunction", "KernelFunction", "GraphFunction",
    "OrchestrationFunction", "kernel", "graph", "orchestration", "module",
    "DType", "TensorType", "ScalarType", "ParamType", "Tensor", "Scalar", "In", "Out",
    "InOut", "Index", "window", "overwrites", "bf16", "f16", "f32", "f64", "i1", "i8",
    "i16", "i32", "i64", "index", "ui8",
    "range", "parallel", "scope", "create", "create_info", "full", "reshape", "transpose", "dim", "cast",
    "submit", "task_dummy", "invalid_task_id", "owner_task_id", "set_owner",
    "task_id_array", "array_get", "array_update",
]
