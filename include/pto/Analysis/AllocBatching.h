//===- AllocBatching.h - Grouping pto.create into alloc_tensors -*- C++ -*-===//
//
// How the allocations of one statement list become `alloc_tensors` calls:
// pto-batch-allocations makes these batches into `pto.alloc_tensors` ops,
// and the Graph node count charges one recorded node per batch before and
// after it, so both use this one definition.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_ALLOCBATCHING_H
#define PTO_ANALYSIS_ALLOCBATCHING_H

#include "pto/Dialect/PTO/IR/PTO.h"

namespace mlir::pto {

/// Returns the first type `alloc` (a pto.create or pto.alloc_tensors)
/// allocates with a `?` extent, or null.
Type getDynamicAllocationType(Operation *alloc);

/// Returns true if `create` can be allocated at the entry of the block it is
/// in: its dynamic sizes (if any) are defined outside that block.
bool isBatchableAtBlockEntry(CreateOp create);

/// Groups the `pto.create` ops directly in `block` (not in nested regions)
/// into `alloc_tensors` calls: the creates that can be allocated at block
/// entry, in order, in batches of at most kAllocTensorsArgs (a launch
/// between two creates does not close a batch); then every other create
/// alone, where it stands.
SmallVector<SmallVector<CreateOp>> groupAllocationBatches(Block &block);

/// Number of `alloc_tensors` calls (recorded nodes) `block`'s allocations
/// make: one per `pto.alloc_tensors`, plus the batches
/// pto-batch-allocations makes of its `pto.create` ops.
unsigned countAllocationBatches(Block &block);

} // namespace mlir::pto

#endif // PTO_ANALYSIS_ALLOCBATCHING_H
