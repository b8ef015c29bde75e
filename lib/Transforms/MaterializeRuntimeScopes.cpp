//===- MaterializeRuntimeScopes.cpp - Explicit runtime scopes -------------===//
//
// Puts an auto pto.scope around every function, loop and branch body, so the
// C++ translation prints PTO2_SCOPE exactly where the IR says.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pto {
#define GEN_PASS_DEF_MATERIALIZERUNTIMESCOPES
#include "pto/Transforms/Passes.h.inc"

/// Wraps every op of `block` but its terminator in an auto scope; the values
/// the terminator reads from the block leave the scope through pto.yield.
static void wrapInScope(Block &block, RewriterBase &rewriter) {
  Operation *terminator = block.getTerminator();
  if (terminator == &block.front())
    return; // Nothing to scope.
  if (isa<ScopeOp>(block.front()) && block.front().getNextNode() == terminator)
    return; // Already a single scope.

  SetVector<Value> escaping;
  for (Value operand : terminator->getOperands())
    if (Operation *def = operand.getDefiningOp(); def && def->getBlock() == &block)
      escaping.insert(operand);

  rewriter.setInsertionPoint(terminator);
  auto scope = rewriter.create<ScopeOp>(
      terminator->getLoc(), ValueRange(escaping.getArrayRef()).getTypes(),
      /*manual=*/false);
  Block &body = scope.getBody().front();
  if (!body.empty())
    rewriter.eraseOp(body.getTerminator()); // The implicit empty yield.
  body.getOperations().splice(body.end(), block.getOperations(), block.begin(),
                              scope->getIterator());
  rewriter.setInsertionPointToEnd(&body);
  rewriter.create<YieldOp>(terminator->getLoc(), escaping.getArrayRef());
  for (auto [value, result] : llvm::zip_equal(escaping, scope.getResults()))
    rewriter.replaceUsesWithIf(value, result, [&](OpOperand &use) {
      return use.getOwner() == terminator;
    });
}

namespace {
struct MaterializeRuntimeScopesPass
    : impl::MaterializeRuntimeScopesBase<MaterializeRuntimeScopesPass> {
  void runOnOperation() override {
    SmallVector<Block *> bodies;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto scope = dyn_cast<ScopeOp>(op))
        return scope.getManual() ? WalkResult::skip() : WalkResult::advance();
      if (isa<OrchestrationOp, GraphOp>(op)) {
        bodies.push_back(&op->getRegion(0).front());
      } else if (isa<scf::ForOp, scf::IfOp>(op)) {
        for (Region &region : op->getRegions())
          if (!region.empty())
            bodies.push_back(&region.front());
      }
      return WalkResult::advance();
    });
    IRRewriter rewriter(&getContext());
    for (Block *body : bodies)
      wrapInScope(*body, rewriter);
  }
};
} // namespace

} // namespace mlir::pto
