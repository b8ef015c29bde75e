//===- HoistManualScopeAllocations.cpp - Allocations out of manual scopes -===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/AllocBatching.h"
#include "pto/Analysis/BufferProvenance.h"

namespace mlir::pto {
#define GEN_PASS_DEF_HOISTMANUALSCOPEALLOCATIONS
#include "pto/Transforms/Passes.h.inc"

namespace {
struct HoistManualScopeAllocationsPass
    : impl::HoistManualScopeAllocationsBase<HoistManualScopeAllocationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<LaunchSignatures> launches;
    for (Operation &op : *module.getBody()) {
      auto func = dyn_cast<FunctionOpInterface>(op);
      if (!func || func.isExternal())
        continue;
      SmallVector<ScopeOp> scopes;
      // Post-order: inner manual scopes first, so a create nested in two
      // manual scopes that both return it ends up before the outer one.
      func->walk([&](ScopeOp scope) {
        if (scope.getManual() &&
            llvm::any_of(scope.getResultTypes(), llvm::IsaPred<TensorType>))
          scopes.push_back(scope);
      });
      if (scopes.empty())
        continue;
      if (!launches)
        launches.emplace(module);
      BufferProvenance provenance(func, *launches);
      for (ScopeOp scope : scopes)
        hoistReturnedCreates(scope, provenance);
    }
  }

  /// Moves before `scope` each create at its top level whose buffer (or a
  /// window of it) the scope returns.
  static void hoistReturnedCreates(ScopeOp scope, BufferProvenance &provenance) {
    Block &body = scope.getBody().front();
    DenseSet<Value> returned;
    for (Value result : body.getTerminator()->getOperands())
      if (isa<TensorType>(result.getType()))
        for (Value root : provenance.getPossibleRoots(
                 result, BufferProvenance::FollowTies |
                             BufferProvenance::FollowViews))
          returned.insert(root);
    for (CreateOp create : llvm::make_early_inc_range(body.getOps<CreateOp>()))
      // Sizes computed inside the scope are not available before it.
      if (returned.contains(create.getResult()) &&
          isBatchableAtBlockEntry(create))
        create->moveBefore(scope);
  }
};
} // namespace

} // namespace mlir::pto
