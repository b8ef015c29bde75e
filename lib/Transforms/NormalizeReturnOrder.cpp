//===- NormalizeReturnOrder.cpp - Returns name their parameters -----------===//
//
// Rewrites each tensor a Graph or kernel returns to the parameter it is, by
// buffer identity, so that "which parameter does result i name" is a lookup.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Threading.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::pto {
#define GEN_PASS_DEF_NORMALIZERETURNORDER
#include "pto/Transforms/Passes.h.inc"
} // namespace mlir::pto

namespace mlir::pto {

static bool isNormalized(FunctionOpInterface func) {
  return isa<GraphOp, KernelOp>(func) && !func.isExternal();
}

/// Returns true if every tensor `func` returns is one of its entry
/// arguments.
static bool returnsOnlyParameters(FunctionOpInterface func) {
  Block &entry = func.getFunctionBody().front();
  return llvm::all_of(entry.getTerminator()->getOperands(), [&](Value value) {
    auto arg = dyn_cast<BlockArgument>(value);
    return !isa<TensorType>(value.getType()) ||
           (arg && arg.getOwner() == &entry);
  });
}

namespace {

/// The parameter each returned tensor names, by buffer identity (null where
/// it names none), decided once per function.
using ReturnedParameters = DenseMap<OpOperand *, BlockArgument>;

/// `pto.return %c1` -> `pto.return %c` where `%c1` rebinds parameter `%c`.
struct ReturnParameterPattern : OpRewritePattern<ReturnOp> {
  ReturnParameterPattern(MLIRContext *context,
                         const ReturnedParameters &parameters)
      : OpRewritePattern(context), parameters(parameters) {}

  LogicalResult matchAndRewrite(ReturnOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    rewriter.modifyOpInPlace(op, [&] {
      for (OpOperand &operand : op->getOpOperands()) {
        BlockArgument param = parameters.lookup(&operand);
        if (param && param != operand.get()) {
          operand.set(param);
          changed = true;
        }
      }
    });
    return success(changed);
  }

  const ReturnedParameters &parameters;
};

struct NormalizeReturnOrderPass
    : impl::NormalizeReturnOrderBase<NormalizeReturnOrderPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // A function whose returned tensors already are entry arguments has
    // nothing to rewrite or diagnose: no provenance is built for it.
    SmallVector<FunctionOpInterface> funcs;
    for (auto func : module.getOps<FunctionOpInterface>())
      if (isNormalized(func) && !returnsOnlyParameters(func))
        funcs.push_back(func);
    if (funcs.empty())
      return markAllAnalysesPreserved();
    LaunchSignatures launches(module);
    // Diagnose first: a pattern never guesses a position. One function per
    // thread, diagnostics in function order.
    std::vector<ReturnedParameters> perFunction(funcs.size());
    std::atomic<bool> failed = false;
    parallelFor(context, 0, funcs.size(), [&](size_t i) {
      FunctionOpInterface func = funcs[i];
      BufferProvenance provenance(func, launches);
      auto ret = cast<ReturnOp>(func.getFunctionBody().front().getTerminator());
      for (OpOperand &operand : ret->getOpOperands()) {
        Value value = operand.get();
        if (!isa<TensorType>(value.getType()))
          continue;
        if (BlockArgument param = provenance.getRootArgument(value)) {
          perFunction[i][&operand] = param;
          continue;
        }
        failed = true;
        Operation *def = provenance.getRoot(value).getDefiningOp();
        InFlightDiagnostic diag =
            emitOpErrorAt(ret)
            << "returns at position " << operand.getOperandNumber()
            << " a tensor that is not one of @" << func.getName()
            << "'s parameters: a "
            << (isa<GraphOp>(func) ? "Graph" : "kernel")
            << " may only return its own parameters";
        if (def)
          diag.attachNote(def->getLoc())
              << "the returned buffer comes from this '" << def->getName()
              << "'";
      }
    });
    ReturnedParameters parameters;
    for (ReturnedParameters &entries : perFunction)
      parameters.insert(entries.begin(), entries.end());
    if (failed)
      return signalPassFailure();

    // Already normalized: nothing to rewrite, nothing to re-verify.
    if (llvm::all_of(parameters, [](auto &entry) {
          return entry.first->get() == entry.second;
        }))
      return markAllAnalysesPreserved();
    RewritePatternSet patterns(&getContext());
    patterns.add<ReturnParameterPattern>(&getContext(), parameters);
    walkAndApplyPatterns(module, std::move(patterns));
  }
};

} // namespace

} // namespace mlir::pto
