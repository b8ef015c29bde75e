//===- AllocBatching.cpp - Grouping pto.create into alloc_tensors ---------===//

#include "pto/Analysis/AllocBatching.h"

namespace mlir::pto {

Type getDynamicAllocationType(Operation *alloc) {
  for (Type type : alloc->getResultTypes())
    if (!cast<TensorType>(type).hasStaticShape())
      return type;
  return {};
}

bool isBatchableAtBlockEntry(CreateOp create) {
  // Block arguments exist at block entry; values computed in the block do not.
  return llvm::all_of(create.getDynamicSizes(), [&](Value size) {
    Operation *def = size.getDefiningOp();
    return !def || def->getBlock() != create->getBlock();
  });
}

SmallVector<SmallVector<CreateOp>> groupAllocationBatches(Block &block) {
  SmallVector<SmallVector<CreateOp>> batches;
  SmallVector<CreateOp> alone;
  for (auto create : block.getOps<CreateOp>()) {
    if (!isBatchableAtBlockEntry(create)) {
      alone.push_back(create);
      continue;
    }
    if (batches.empty() || batches.back().size() == kAllocTensorsArgs)
      batches.emplace_back();
    batches.back().push_back(create);
  }
  for (CreateOp create : alone)
    batches.push_back({create});
  return batches;
}

unsigned countAllocationBatches(Block &block) {
  auto made = block.getOps<AllocTensorsOp>();
  return std::distance(made.begin(), made.end()) +
         groupAllocationBatches(block).size();
}

} // namespace mlir::pto
