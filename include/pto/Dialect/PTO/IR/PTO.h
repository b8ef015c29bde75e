//===- PTO.h - PTO dialect --------------------------------------*- C++ -*-===//
//
// Declares the pto dialect, its attributes, types, interfaces and ops.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_DIALECT_PTO_IR_PTO_H
#define PTO_DIALECT_PTO_IR_PTO_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "pto/Dialect/PTO/IR/RuntimeLimits.h"

#include "llvm/ADT/BitVector.h"

#include "pto/Dialect/PTO/IR/PTOEnums.h.inc"

#include "pto/Dialect/PTO/IR/PTODialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "pto/Dialect/PTO/IR/PTOAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "pto/Dialect/PTO/IR/PTOTypes.h.inc"

#include "pto/Dialect/PTO/IR/PTOInterfaces.h.inc"

#define GET_OP_CLASSES
#include "pto/Dialect/PTO/IR/PTOOps.h.inc"

namespace mlir::pto {

/// Returns the runtime a module targets: its `pto.runtime` attribute, or
/// `tensormap_and_ringbuffer` when absent.
Runtime getModuleRuntime(ModuleOp module);

/// The runtime API level `module` is printed for (`pto.runtime_api`), or
/// the default `spec`.
RuntimeApi getModuleRuntimeApi(ModuleOp module);

/// Returns true if `taskId` is valid on every execution: the id of a
/// `pto.submit`, or of a `pto.task_dummy` marked `pto.always_submitted`.
bool isAlwaysValidTaskId(Value taskId);

/// Returns true if `barrier` is submitted on every execution: it has no
/// dependency, is marked `pto.always_submitted`, or one of its dependencies
/// is always valid. (A barrier whose dependencies all turn out invalid is
/// not submitted.)
bool isAlwaysSubmitted(TaskDummyOp barrier);

/// Returns the number of the entry-block tensor argument `graph` returns at
/// `position` (the parameter a launch's result `position` is tied to), or
/// std::nullopt if it returns something else there or has no body.
std::optional<unsigned> getReturnedTensorArg(GraphOp graph, unsigned position);

/// Returns the one `pto.orchestration` function of `module` (the runtime
/// entry), or emits an error on the module and fails.
FailureOr<OrchestrationOp> getOrchestrationEntry(ModuleOp module);

/// Returns true for an argument/result type a kernel, Graph or orchestration
/// function may take: a pto tensor or a builtin integer, index or float.
bool isValidParameterType(Type type);

/// Returns true if `type` is a scalar parameter type (integer, index, float).
bool isScalarType(Type type);

/// Checks that the runtime can allocate a tensor of `type` (TensorCreateInfo:
/// rank 1 or more, row-major, 32-bit extents); else reports it at `op`.
LogicalResult verifyRuntimeAllocatable(Operation *op, TensorType type);
/// The same check for any `subject` ("a create info describes"), reported
/// through `emitError`.
LogicalResult
verifyRuntimeAllocatable(llvm::function_ref<InFlightDiagnostic()> emitError,
                         TensorType type, llvm::StringRef subject);

/// Returns true if `actual` may be passed where `expected` is declared: same
/// rank, element type and layout, and each extent equal or dynamic on one side.
bool isCompatibleTensorType(TensorType expected, TensorType actual);

/// Returns, per argument of `entry`, whether it is a host control tensor as
/// recorded by pto-mark-host-control-tensors: a `pto.host_control`
/// argument of a host_build_graph module (other runtimes have none).
llvm::BitVector getHostControlTensors(OrchestrationOp entry);

/// Direction of argument `index` of a kernel, Graph or orchestration
/// function: its `pto.direction` attribute, `in` when absent.
Direction getArgDirection(FunctionOpInterface func, unsigned index);

/// The direction of every argument of `kernel`, read from its argument
/// attributes in one pass: what code that visits every kernel or launch
/// uses instead of a function-interface query per argument.
SmallVector<Direction, 8> getArgDirections(KernelOp kernel);

/// The `pto.window` of argument `index` of `kernel`, null when the kernel
/// touches the whole tensor passed.
WindowAttr getArgWindow(KernelOp kernel, unsigned index);

/// The value of each result of `map` (a #pto.window map) with symbol `k`
/// bound to `scalars[k]`; nullopt for a result that reads a scalar that is
/// absent or nullopt (not known at compile time), or overflows int64_t.
SmallVector<std::optional<int64_t>>
evaluateWindowMap(AffineMap map, ArrayRef<std::optional<int64_t>> scalars);

/// Sets the `pto.direction` attribute of argument `index`.
void setArgDirection(FunctionOpInterface func, unsigned index,
                     Direction direction);

/// Returns true if argument `index` is a tensor written by the function
/// (direction `out` or `inout`).
bool isWritableTensorArg(FunctionOpInterface func, unsigned index);

/// Indices of the Out/InOut tensor parameters, in parameter order: the
/// parameters a launch of the function yields tied results for.
SmallVector<unsigned> getWritableTensorArgIndices(FunctionOpInterface func);

/// Number of tensor parameters of `func`.
unsigned getNumTensorArgs(FunctionOpInterface func);

/// Like `op->emitOpError()`, without the "see current operation" note that
/// prints the whole op: for diagnostics on functions, whose bodies may hold
/// thousands of ops.
InFlightDiagnostic emitOpErrorAt(Operation *op);

} // namespace mlir::pto

#endif // PTO_DIALECT_PTO_IR_PTO_H
