//===- ExpandManualPhaseFence.cpp - Barriers for all-to-all dependencies --===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/PhaseFence.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pto {
#define GEN_PASS_DEF_EXPANDMANUALPHASEFENCE
#include "pto/Transforms/Passes.h.inc"

namespace {
struct ExpandManualPhaseFencePass
    : impl::ExpandManualPhaseFenceBase<ExpandManualPhaseFencePass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (auto &[array, launches] : getPhaseFences(getOperation())) {
      Block *block = array.getParentBlock();
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
