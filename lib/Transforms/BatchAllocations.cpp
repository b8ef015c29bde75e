//===- BatchAllocations.cpp - pto.create into pto.alloc_tensors -----------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/AllocBatching.h"
#include "pto/Support/UserNames.h"

#include "mlir/IR/Builders.h"

namespace mlir::pto {
#define GEN_PASS_DEF_BATCHALLOCATIONS
#include "pto/Transforms/Passes.h.inc"

namespace {

/// Replaces `batch` by one pto.alloc_tensors built at `builder`'s point.
AllocTensorsOp replaceByAllocTensors(OpBuilder &builder,
                                     ArrayRef<CreateOp> batch) {
  SmallVector<Type> types;
  SmallVector<Value> sizes;
  SmallVector<Location> locs;
  SmallVector<StringRef> names;
  bool anyName = false;
  for (CreateOp create : batch) {
    types.push_back(create.getType());
    llvm::append_range(sizes, create.getDynamicSizes());
    locs.push_back(create.getLoc());
    std::optional<StringRef> name = getUserName(create.getResult());
    names.push_back(name.value_or(""));
    anyName |= name.has_value();
  }
  auto alloc = AllocTensorsOp::create(
      builder, builder.getFusedLoc(locs), types, sizes,
      anyName ? builder.getStrArrayAttr(names) : ArrayAttr());
  for (auto [index, create] : llvm::enumerate(batch)) {
    CreateOp(create).getResult().replaceAllUsesWith(alloc.getResult(index));
    create->erase();
  }
  return alloc;
}

struct BatchAllocationsPass
    : impl::BatchAllocationsBase<BatchAllocationsPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      // A kernel's body is compiled for the device, not by this stack.
      if (isa<KernelOp>(op))
        return WalkResult::skip();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          blocks.push_back(&block);
      return WalkResult::advance();
    });
    bool failed = false;
    for (Block *block : blocks)
      for (CreateOp create : block->getOps<CreateOp>())
        failed |= ::mlir::failed(
            verifyRuntimeAllocatable(create, create.getType()));
    if (failed)
      return signalPassFailure();

    OpBuilder builder(&getContext());
    for (Block *block : blocks) {
      SmallVector<SmallVector<CreateOp>> batches = groupAllocationBatches(*block);
      // Batches at block entry stay in order ahead of everything else.
      Operation *lastAtEntry = nullptr;
      for (ArrayRef<CreateOp> batch : batches) {
        if (!isBatchableAtBlockEntry(batch.front())) {
          builder.setInsertionPoint(batch.front());
          replaceByAllocTensors(builder, batch);
          continue;
        }
        if (lastAtEntry)
          builder.setInsertionPointAfter(lastAtEntry);
        else
          builder.setInsertionPointToStart(block);
        lastAtEntry = replaceByAllocTensors(builder, batch);
      }
    }
  }
};

} // namespace
} // namespace mlir::pto
