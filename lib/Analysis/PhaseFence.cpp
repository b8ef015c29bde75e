//===- PhaseFence.cpp - Where all-to-all dependencies get a barrier -------===//

#include "pto/Analysis/PhaseFence.h"

#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::pto {

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

llvm::MapVector<Value, SmallVector<SubmitOp>> getPhaseFences(Operation *root) {
  // Launches in manual scopes, grouped by the task id array they wait on.
  llvm::MapVector<Value, SmallVector<SubmitOp>> consumers;
  root->walk([&](SubmitOp launch) {
    auto scope = launch->getParentOfType<ScopeOp>();
    if (!scope || !scope.getManual())
      return;
    for (Value dep : launch.getDeps())
      if (isa<TaskIdArrayType>(dep.getType()))
        consumers[dep].push_back(launch);
  });

  llvm::MapVector<Value, SmallVector<SubmitOp>> fences;
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
    fences.insert({array, std::move(launches)});
  }
  return fences;
}

} // namespace mlir::pto
