//===- AllocBatching.cpp - Grouping pto.create into alloc_tensors ---------===//

#include "pto/Analysis/AllocBatching.h"

namespace mlir::pto {

SmallVector<SmallVector<CreateOp>> groupAllocationBatches(Block &block) {
  SmallVector<SmallVector<CreateOp>> batches;
  for (auto create : block.getOps<CreateOp>()) {
    if (batches.empty() || batches.back().size() == kAllocTensorsArgs)
      batches.emplace_back();
    batches.back().push_back(create);
  }
  return batches;
}

unsigned countAllocationBatches(Block &block) {
  unsigned creates = llvm::range_size(block.getOps<CreateOp>());
  return (creates + kAllocTensorsArgs - 1) / kAllocTensorsArgs;
}

} // namespace mlir::pto
