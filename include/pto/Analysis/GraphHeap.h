//===- GraphHeap.h - Graph-heap bytes one call allocates --------*- C++ -*-===//
//
// A Graph's recording allocates its intermediates from the graph heap, which
// is never reclaimed mid-run. This measure is what pto-compile reports
// before and after legalization, computed here so that the report reads it
// from the compiler.
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

} // namespace mlir::pto

#endif // PTO_ANALYSIS_GRAPHHEAP_H
