//===- HoistManualScopeAllocations.cpp - Allocations out of manual scopes -===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::pto {
#define GEN_PASS_DEF_HOISTMANUALSCOPEALLOCATIONS
#include "pto/Transforms/Passes.h.inc"

/// Returns true if `value` is available before `scope` once the ops in
/// `defs` (appended in the order to move them) move there: defined outside
/// it, or computed at the top level of its body by side-effect-free ops
/// without regions from such values.
static bool collectMovableDefs(Value value, ScopeOp scope,
                               SmallVectorImpl<Operation *> &defs) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return !scope->isAncestor(value.getParentBlock()->getParentOp());
  if (!scope->isProperAncestor(def) || llvm::is_contained(defs, def))
    return true;
  if (def->getBlock() != &scope.getBody().front() ||
      def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return false;
  for (Value operand : def->getOperands())
    if (!collectMovableDefs(operand, scope, defs))
      return false;
  defs.push_back(def);
  return true;
}

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
        if (failed(hoistReturnedAllocations(scope, provenance)))
          signalPassFailure();
    }
  }

  /// Moves before `scope` each allocation whose buffer (or a window of it)
  /// the scope returns. One that cannot move (made in a nested region, or
  /// of a size the scope computes) is an error: the runtime releases what a
  /// scope allocated when the scope ends, and a task after the scope may
  /// find the memory reused.
  static LogicalResult hoistReturnedAllocations(ScopeOp scope,
                                                BufferProvenance &provenance) {
    Block &body = scope.getBody().front();
    SetVector<Operation *> returned;
    for (Value result : body.getTerminator()->getOperands())
      if (isa<TensorType>(result.getType()))
        for (Value root : provenance.getPossibleRoots(
                 result, BufferProvenance::FollowTies |
                             BufferProvenance::FollowViews))
          if (Operation *def = root.getDefiningOp();
              isa_and_nonnull<CreateOp, FullOp, AllocTensorsOp>(def) &&
              scope->isProperAncestor(def))
            returned.insert(def);
    bool failed = false;
    for (Operation *alloc : returned) {
      // What the allocation reads must be available before the scope: a
      // value made outside it, or one a side-effect-free op computes there
      // from such values (a constant, a pto.dim of an outer tensor), which
      // moves along.
      SmallVector<Operation *> along;
      bool movable = alloc->getBlock() == &body &&
                     llvm::all_of(alloc->getOperands(), [&](Value operand) {
                       return collectMovableDefs(operand, scope, along);
                     });
      if (movable) {
        for (Operation *def : along)
          def->moveBefore(scope);
        alloc->moveBefore(scope);
        continue;
      }
      InFlightDiagnostic diag =
          alloc->emitOpError()
          << "allocates a buffer the manual scope returns, but "
          << (alloc->getBlock() == &body
                  ? "its size or value is computed inside the scope"
                  : "it is made in a region nested in the scope")
          << ", so it cannot be allocated before the scope: the runtime "
             "releases what a scope allocated when the scope ends, and a "
             "task after it may find the memory reused (allocate it before "
             "the scope)";
      diag.attachNote(scope.getLoc()) << "the manual scope";
      failed = true;
    }
    return failure(failed);
  }
};
} // namespace

} // namespace mlir::pto
