//===- ExpandManualPhaseFence.cpp - Barriers for all-to-all dependencies --===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pto {
#define GEN_PASS_DEF_EXPANDMANUALPHASEFENCE
#include "pto/Transforms/Passes.h.inc"

/// Returns how many times `launch` runs per execution of `block` (the
/// product of the constant trip counts of the loops between them), or
/// nullopt if a loop without constant bounds or a branch is in between.
static std::optional<uint64_t> getRunsPerBlock(Operation *launch,
                                               Block *block) {
  uint64_t runs = 1;
  for (Operation *parent = launch->getParentOp();
       parent && parent != block->getParentOp(); parent = parent->getParentOp()) {
    if (isa<ScopeOp>(parent))
      continue;
    auto loop = dyn_cast<scf::ForOp>(parent);
    if (!loop)
      return std::nullopt;
    std::optional<int64_t> trips = ReplayInvariance::getConstantTripCount(loop);
    if (!trips)
      return std::nullopt;
    runs = llvm::SaturatingMultiply<uint64_t>(runs, *trips);
  }
  return runs;
}

namespace {
struct ExpandManualPhaseFencePass
    : impl::ExpandManualPhaseFenceBase<ExpandManualPhaseFencePass> {
  void runOnOperation() override {
    // Launches in manual scopes, grouped by the task id array they wait on.
    llvm::MapVector<Value, SmallVector<SubmitOp>> consumers;
    getOperation().walk([&](SubmitOp launch) {
      auto scope = launch->getParentOfType<ScopeOp>();
      if (!scope || !scope.getManual())
        return;
      for (Value dep : launch.getDeps())
        if (isa<TaskIdArrayType>(dep.getType()))
          consumers[dep].push_back(launch);
    });

    IRRewriter rewriter(&getContext());
    for (auto &[array, launches] : consumers) {
      Block *block = array.getParentBlock();
      uint64_t size = cast<TaskIdArrayType>(array.getType()).getSize();
      uint64_t runs = 0;
      bool eligible = true;
      for (SubmitOp launch : launches) {
        std::optional<uint64_t> perBlock = getRunsPerBlock(launch, block);
        if (!perBlock) {
          eligible = false;
          break;
        }
        runs = llvm::SaturatingAdd<uint64_t>(runs, *perBlock);
      }
      // M * N edges against M + N through the barrier.
      if (!eligible || runs < 2 ||
          llvm::SaturatingMultiply<uint64_t>(runs, size) <=
              llvm::SaturatingAdd<uint64_t>(runs, size))
        continue;

      if (auto arg = dyn_cast<BlockArgument>(array))
        rewriter.setInsertionPointToStart(block);
      else
        rewriter.setInsertionPointAfter(array.getDefiningOp());
      auto barrier =
          rewriter.create<TaskDummyOp>(array.getLoc(), ValueRange{array});
      barrier->setAttr(PTODialect::getPhaseFenceAttrName(),
                       rewriter.getUnitAttr());
      for (SubmitOp launch : launches)
        rewriter.modifyOpInPlace(launch, [&] {
          for (OpOperand &dep : launch.getDepsMutable())
            if (dep.get() == array)
              dep.set(barrier.getTaskId());
        });
    }
  }
};
} // namespace

} // namespace mlir::pto
