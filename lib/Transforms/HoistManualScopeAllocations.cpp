//===- HoistManualScopeAllocations.cpp - Allocations out of manual scopes -===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/AllocBatching.h"

namespace mlir::pto {
#define GEN_PASS_DEF_HOISTMANUALSCOPEALLOCATIONS
#include "pto/Transforms/Passes.h.inc"

namespace {
struct HoistManualScopeAllocationsPass
    : impl::HoistManualScopeAllocationsBase<HoistManualScopeAllocationsPass> {
  void runOnOperation() override {
    SmallVector<ScopeOp> scopes;
    // Post-order: inner manual scopes first, so a create nested in two
    // manual scopes ends up before the outer one.
    getOperation().walk([&](ScopeOp scope) {
      if (scope.getManual())
        scopes.push_back(scope);
    });
    for (ScopeOp scope : scopes) {
      Block &body = scope.getBody().front();
      for (CreateOp create : llvm::make_early_inc_range(body.getOps<CreateOp>()))
        // Sizes computed inside the scope are not available before it.
        if (isBatchableAtBlockEntry(create))
          create->moveBefore(scope);
    }
  }
};
} // namespace

} // namespace mlir::pto
