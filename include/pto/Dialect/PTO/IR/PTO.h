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
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

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

/// Returns the one `pto.orchestration` function of `module` (the runtime
/// entry), or emits an error on the module and fails.
FailureOr<OrchestrationOp> getOrchestrationEntry(ModuleOp module);

/// Returns true for an argument/result type a kernel, Graph or orchestration
/// function may take: a pto tensor or a builtin integer, index or float.
bool isValidParameterType(Type type);

/// Returns true if `type` is a scalar parameter type (integer, index, float).
bool isScalarType(Type type);

/// Returns true if `actual` may be passed where `expected` is declared: same
/// rank, element type and layout, and each extent equal or dynamic on one side.
bool isCompatibleTensorType(TensorType expected, TensorType actual);

/// Direction of argument `index` of a kernel, Graph or orchestration
/// function: its `pto.direction` attribute, `in` when absent.
Direction getArgDirection(FunctionOpInterface func, unsigned index);

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

/// Returns the value that names the same buffer as `tensor` before any
/// in-place write rebound it: follows tied results (TiedOpInterface) to
/// their operands, `pto.scope` results to what the scope yields, `scf.for`
/// results and iteration arguments to the loop's init value when every
/// iteration carries the same buffer, and `scf.if` results when both branches
/// yield the same buffer. The result is a function argument, a new buffer
/// (`pto.create`, a runtime-allocated output, a view), or the first value
/// that names a buffer chosen at run time. With `crossLoopCarries` false, an
/// `scf.for` iteration argument is returned as is.
Value getBufferRoot(Value tensor, bool crossLoopCarries = true);

/// Collects every buffer `tensor` may name: like getBufferRoot, but where
/// the buffer is chosen at run time (an `scf.if` or `arith.select` between
/// buffers, a loop carry that changes buffers) it follows every candidate.
void getPossibleBufferRoots(Value tensor, SmallPtrSetImpl<Value> &roots);

/// Returns the tensor argument of `entry` with the lowest number that
/// `tensor` may name or be a window of (following tied results, views, and
/// buffers chosen at run time), or null for a buffer the function owns.
BlockArgument getPossibleViewedArgument(Block &entry, Value tensor);

} // namespace mlir::pto

#endif // PTO_DIALECT_PTO_IR_PTO_H
