//===- GraphHeap.h - What a call or a run allocates -------------*- C++ -*-===//
//
// A Graph's recording allocates its intermediates from the graph heap, which
// is never reclaimed mid-run; the orchestration allocates from the ordinary
// (orchestration) heap, including the buffers the legalization makes callers
// allocate for Graphs. These measures are what pto-compile reports before
// and after legalization, computed here so that the report reads them from
// the compiler.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_GRAPHHEAP_H
#define PTO_ANALYSIS_GRAPHHEAP_H

#include "pto/Dialect/PTO/IR/PTO.h"

#include <cstdint>

namespace mlir::pto {

/// Bytes of one element of a tensor of `elementType` as the runtime stores
/// it (DataType sizes; an i1 takes a byte).
uint64_t getElementBytes(Type elementType);

/// Graph-heap bytes one call of a Graph allocates.
struct GraphHeapUse {
  uint64_t bytes = 0;
  /// False if an allocation has a dynamic shape (counted 0) or runs under
  /// control flow without a constant trip count (counted once).
  bool exact = true;
};

/// Returns the graph-heap bytes one call of `graph` allocates: every
/// `pto.create`, `pto.alloc_tensors` result and `out` tail a launch leaves
/// to the runtime, times the trips of the constant-trip `scf.for` loops
/// around it. Callees are found through `symbols`.
GraphHeapUse computeGraphHeapUse(GraphOp graph, SymbolTableCollection &symbols);

/// Orchestration-heap use of one run of an orchestration function.
struct OrchestrationHeapUse {
  /// Bytes it allocates: every `pto.create`, `pto.alloc_tensors` result and
  /// runtime-allocated `out` tail of a launch, once per execution.
  uint64_t bytes = 0;
  /// Runtime allocation calls: one per `pto.alloc_tensors` or (not yet
  /// batched) `pto.create`, once per execution.
  uint64_t allocationCalls = 0;
  /// False as for GraphHeapUse.
  bool exact = true;
};

/// Returns the orchestration-heap use of one run of `entry`, counting
/// executions as computeGraphHeapUse does.
OrchestrationHeapUse
computeOrchestrationHeapUse(OrchestrationOp entry,
                            SymbolTableCollection &symbols);

/// Orchestration-heap bytes the callers of a Graph allocate for it: the
/// buffers behind its `#pto.hoisted<allocation>` parameters.
struct CallSiteHeapUse {
  /// Bytes of those parameters: what one call needs.
  uint64_t bytesPerCall = 0;
  /// Bytes the allocations passed as those parameters take over one run:
  /// each distinct `pto.create` / `pto.alloc_tensors` result once per
  /// execution, wherever it sits (one hoisted out of a caller's loop counts
  /// once however many calls it serves).
  uint64_t bytesPerRun = 0;
  /// Runtime allocation calls that make those allocations over one run:
  /// each distinct `pto.create` / `pto.alloc_tensors` op once per execution
  /// (after pto-batch-allocations, one call may also allocate other
  /// buffers).
  uint64_t allocationCallsPerRun = 0;
  /// False if a shape is dynamic, an allocation runs under call-varying
  /// control flow, or an argument is not an allocation's result (counted
  /// once per call).
  bool exact = true;
};

/// Returns what `callers` (the `pto.call` ops of `graph`) allocate for it.
CallSiteHeapUse computeCallSiteHeapUse(GraphOp graph, ArrayRef<CallOp> callers);

} // namespace mlir::pto

#endif // PTO_ANALYSIS_GRAPHHEAP_H
