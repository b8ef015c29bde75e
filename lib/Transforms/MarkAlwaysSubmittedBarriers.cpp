//===- MarkAlwaysSubmittedBarriers.cpp - Barriers that always run ---------===//

#include "pto/Transforms/Passes.h"

namespace mlir::pto {
#define GEN_PASS_DEF_MARKALWAYSSUBMITTEDBARRIERS
#include "pto/Transforms/Passes.h.inc"

namespace {
struct MarkAlwaysSubmittedBarriersPass
    : impl::MarkAlwaysSubmittedBarriersBase<MarkAlwaysSubmittedBarriersPass> {
  void runOnOperation() override {
    auto marker = UnitAttr::get(&getContext());
    // Dependencies dominate their barrier, so a pre-order walk has marked
    // every barrier a barrier depends on before it reaches that barrier.
    getOperation().walk<WalkOrder::PreOrder>([&](TaskDummyOp barrier) {
      if (llvm::all_of(barrier.getDeps(), isAlwaysValidTaskId))
        barrier->setAttr(PTODialect::getAlwaysSubmittedAttrName(), marker);
      else
        barrier->removeAttr(PTODialect::getAlwaysSubmittedAttrName());
    });
  }
};
} // namespace

} // namespace mlir::pto
