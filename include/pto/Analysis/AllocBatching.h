//===- AllocBatching.h - Grouping pto.create into alloc_tensors -*- C++ -*-===//
//
// How the allocations of one statement list become `alloc_tensors` calls.
// The C++ translation emits these batches, and the Graph node count charges
// one recorded node per batch, so both use this one definition.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_ALLOCBATCHING_H
#define PTO_ANALYSIS_ALLOCBATCHING_H

#include "pto/Dialect/PTO/IR/PTO.h"

namespace mlir::pto {

/// Most tensors one `alloc_tensors` call creates (the runtime's
/// kAllocTensorsArgs).
constexpr unsigned kAllocTensorsArgs = 16;

/// Groups the `pto.create` ops directly in `block` (not in nested regions),
/// in order, into batches of at most kAllocTensorsArgs. A launch between two
/// creates does not close a batch.
SmallVector<SmallVector<CreateOp>> groupAllocationBatches(Block &block);

/// Number of `alloc_tensors` calls (recorded nodes) for `block`'s creates.
unsigned countAllocationBatches(Block &block);

} // namespace mlir::pto

#endif // PTO_ANALYSIS_ALLOCBATCHING_H
