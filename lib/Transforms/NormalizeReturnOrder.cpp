//===- NormalizeReturnOrder.cpp - Returns name their parameters -----------===//
//
// Rewrites each tensor a Graph or kernel returns to the parameter it is, by
// buffer identity, so that "which parameter does result i name" is a lookup.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::pto {
#define GEN_PASS_DEF_NORMALIZERETURNORDER
#include "pto/Transforms/Passes.h.inc"
} // namespace mlir::pto

namespace mlir::pto {

/// Returns the parameter of `func` that `value` names, or null.
static BlockArgument getReturnedParameter(FunctionOpInterface func,
                                          Value value) {
  auto arg = dyn_cast<BlockArgument>(getBufferRoot(value));
  if (!arg || arg.getOwner() != &func.getFunctionBody().front())
    return {};
  return arg;
}

static bool isNormalized(FunctionOpInterface func) {
  return isa<GraphOp, KernelOp>(func) && !func.isExternal();
}

namespace {

/// `pto.return %c1` -> `pto.return %c` where `%c1` rebinds parameter `%c`.
struct ReturnParameterPattern : OpRewritePattern<ReturnOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReturnOp op,
                                PatternRewriter &rewriter) const override {
    auto func = cast<FunctionOpInterface>(op->getParentOp());
    if (!isNormalized(func))
      return failure();
    bool changed = false;
    rewriter.modifyOpInPlace(op, [&] {
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isa<TensorType>(operand.get().getType()))
          continue;
        BlockArgument param = getReturnedParameter(func, operand.get());
        if (param && param != operand.get()) {
          operand.set(param);
          changed = true;
        }
      }
    });
    return success(changed);
  }
};

struct NormalizeReturnOrderPass
    : impl::NormalizeReturnOrderBase<NormalizeReturnOrderPass> {
  void runOnOperation() override {
    // Diagnose first: a pattern never guesses a position.
    bool failed = false;
    getOperation().walk([&](ReturnOp op) {
      auto func = cast<FunctionOpInterface>(op->getParentOp());
      if (!isNormalized(func))
        return;
      for (auto [index, value] : llvm::enumerate(op.getOperands())) {
        if (!isa<TensorType>(value.getType()) ||
            getReturnedParameter(func, value))
          continue;
        InFlightDiagnostic diag =
            op.emitOpError()
            << "returns at position " << index
            << " a tensor that is not one of @" << func.getName()
            << "'s parameters: a "
            << (isa<GraphOp>(func) ? "Graph" : "kernel")
            << " may only return its own parameters";
        Value root = getBufferRoot(value);
        if (Operation *def = root.getDefiningOp())
          diag.attachNote(def->getLoc())
              << "the returned buffer comes from this '" << def->getName()
              << "'";
        failed = true;
      }
    });
    if (failed)
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    patterns.add<ReturnParameterPattern>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

} // namespace mlir::pto
