//===- PTODialect.td - PTO dialect definition --------------*- tablegen -*-===//
//
// The `pto` dialect models orchestration programs for the PTO runtime: task
// launches, Graph functions recorded and replayed by the host_build_graph
// runtime, tensor views and allocations.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_DIALECT_PTO_IR_PTODIALECT_TD
#define PTO_DIALECT_PTO_IR_PTODIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def PTO_Dialect : Dialect {
  let name = "pto";
  let cppNamespace = "::mlir::pto";
  let summary = "Task-graph orchestration for the PTO runtime on Ascend NPUs";
  let description = [{
    The `pto` dialect describes the host-side orchestration of PTO programs:
    InCore kernels (`pto.kernel`), Graph functions that the `host_build_graph`
    runtime records once and replays (`pto.graph`), orchestration entry
    functions (`pto.orchestration`), task launches (`pto.submit`), Graph calls
    (`pto.call`), tensor views and allocations, and runtime scopes.

    Scalars, loops and branches use the upstream `arith` and `scf` dialects.
    A launch that writes a tensor rebinds it: each Out/InOut tensor operand of
    `pto.submit` yields a *tied result*, a new SSA name for the same buffer
    (see `TiedOpInterface`).

    Discardable attributes understood by the dialect:
    - `pto.runtime = #pto.runtime<...>` on the top-level `builtin.module`
      selects the target runtime (default `tensormap_and_ringbuffer`);
    - `pto.direction = #pto.direction<...>` on a tensor function argument
      gives its parameter direction (default `in`);
    - `pto.hoisted = #pto.hoisted<...>` on a `pto.graph` argument records
      what a parameter the legalization added stands for;
    - `pto.parallel` (unit) on an `scf.for` marks a parallel loop
      (`pl.parallel`): its iterations are independent, and task ids carried
      through it become per-iteration array slots;
    - `pto.carry_variables = array<i1: ...>` on an `scf.for` records, per
      iteration argument, whether the C++ needs a carry variable, and
      `pto.result_variables = array<i1: ...>` on an `scf.if` or `pto.scope`,
      per result, whether the C++ needs a variable declared before the op
      (both set by `pto-classify-result-variables`);
    - `pto.always_submitted` (unit) on a `pto.task_dummy` records that every
      dependency is a valid task id, so the barrier is submitted on every
      execution and its own id is valid (set by
      `pto-mark-always-submitted-barriers`);
    - `pto.phase_fence` (unit) on a `pto.task_dummy` marks a barrier the
      compiler inserted (`pto-expand-manual-phase-fence`);
    - `pto.prepared` (unit) on the top-level `builtin.module` records that
      `pto-orchestration-prepare-pipeline` ran (`pto-mark-prepared`): the
      C++ translations require it.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the module attribute selecting the target runtime.
    static constexpr ::llvm::StringLiteral getRuntimeAttrName() {
      return ::llvm::StringLiteral("pto.runtime");
    }
    /// Name of the module attribute selecting the runtime API level the
    /// C++ is printed for.
    static constexpr ::llvm::StringLiteral getRuntimeApiAttrName() {
      return ::llvm::StringLiteral("pto.runtime_api");
    }
    /// Name of the argument attribute carrying a parameter direction.
    static constexpr ::llvm::StringLiteral getDirectionAttrName() {
      return ::llvm::StringLiteral("pto.direction");
    }
    /// Name of the kernel argument attribute giving the window of a tensor
    /// parameter the kernel touches (#pto.window).
    static constexpr ::llvm::StringLiteral getWindowAttrName() {
      return ::llvm::StringLiteral("pto.window");
    }
    /// Name of the unit kernel argument attribute marking an `inout`
    /// tensor parameter whose window (or whole view) the kernel writes
    /// without reading its old contents: the runtime orders the task as a
    /// writer after every earlier access, but no value flows in.
    static constexpr ::llvm::StringLiteral getOverwritesAttrName() {
      return ::llvm::StringLiteral("pto.overwrites");
    }
    /// Name of the unit argument attribute marking a tensor parameter of the
    /// orchestration function as a host control tensor (host_build_graph):
    /// it stays in host memory, with no device transfer.
    static constexpr ::llvm::StringLiteral getHostControlAttrName() {
      return ::llvm::StringLiteral("pto.host_control");
    }
    /// Name of the argument attribute recording what a Graph parameter
    /// added by pto-legalize-graph-boundary stands for (#pto.hoisted).
    static constexpr ::llvm::StringLiteral getHoistedAttrName() {
      return ::llvm::StringLiteral("pto.hoisted");
    }
    /// Name of the unit argument attribute marking a scalar parameter of a
    /// `pto.graph` that the body reads while it is recorded
    /// (pto-mark-graph-config-scalars): it joins the Graph's Config, the key
    /// of its recordings, and the body reads it decoded from there.
    static constexpr ::llvm::StringLiteral getConfigScalarAttrName() {
      return ::llvm::StringLiteral("pto.config_scalar");
    }
    /// Name of the `scf.for` attribute recording, per iteration argument,
    /// whether the C++ needs a carry variable (pto-classify-result-variables).
    static constexpr ::llvm::StringLiteral getCarryVariablesAttrName() {
      return ::llvm::StringLiteral("pto.carry_variables");
    }
    /// Name of the `scf.if` / `pto.scope` attribute recording, per result,
    /// whether the C++ needs a variable declared before the op, or names a
    /// buffer from outside it (pto-classify-result-variables).
    static constexpr ::llvm::StringLiteral getResultVariablesAttrName() {
      return ::llvm::StringLiteral("pto.result_variables");
    }
    /// Name of the attribute recording the C++ variable of each result of
    /// an op, "" for a result printed as another value
    /// (pto-legalize-cpp-names).
    static constexpr ::llvm::StringLiteral getCppNamesAttrName() {
      return ::llvm::StringLiteral("pto.cpp_names");
    }
    /// Name of the attribute recording the C++ variable of each argument of
    /// an op's entry block (`pto.graph`, `pto.orchestration`, `scf.for`),
    /// "" for one printed as another value (pto-legalize-cpp-names).
    static constexpr ::llvm::StringLiteral getCppArgNamesAttrName() {
      return ::llvm::StringLiteral("pto.cpp_arg_names");
    }
    /// Name of the attribute recording the C++ function a `pto.graph`
    /// prints as (pto-legalize-cpp-names).
    static constexpr ::llvm::StringLiteral getCppNameAttrName() {
      return ::llvm::StringLiteral("pto.cpp_name");
    }
    /// Name of the unit attribute marking a `pto.task_dummy` whose every
    /// dependency is a valid task id (pto-mark-always-submitted-barriers).
    static constexpr ::llvm::StringLiteral getAlwaysSubmittedAttrName() {
      return ::llvm::StringLiteral("pto.always_submitted");
    }
    /// Name of the unit attribute marking a barrier inserted by
    /// pto-expand-manual-phase-fence.
    static constexpr ::llvm::StringLiteral getPhaseFenceAttrName() {
      return ::llvm::StringLiteral("pto.phase_fence");
    }
    /// Name of the unit module attribute stamped by pto-mark-prepared at the
    /// end of pto-orchestration-prepare-pipeline.
    static constexpr ::llvm::StringLiteral getPreparedAttrName() {
      return ::llvm::StringLiteral("pto.prepared");
    }
    /// Name of the unit attribute marking an `scf.for` as parallel.
    static constexpr ::llvm::StringLiteral getParallelAttrName() {
      return ::llvm::StringLiteral("pto.parallel");
    }

  private:
    void registerTypes();
    void registerAttributes();

  public:
  }];
}

class PTO_Op<string mnemonic, list<Trait> traits = []>
    : Op<PTO_Dialect, mnemonic, traits>;

#endif // PTO_DIALECT_PTO_IR_PTODIALECT_TD
