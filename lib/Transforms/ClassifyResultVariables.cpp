//===- ClassifyResultVariables.cpp - Which values need a C++ variable -----===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::pto {
#define GEN_PASS_DEF_CLASSIFYRESULTVARIABLES
#include "pto/Transforms/Passes.h.inc"

/// Returns true if `result` of `op` is a tensor naming a buffer defined
/// outside `op`: the C++ prints it under that buffer's name.
static bool namesOutsideBuffer(Operation *op, Value result,
                               const BufferProvenance &provenance) {
  if (!isa<TensorType>(result.getType()))
    return false;
  Value root = provenance.getRoot(result);
  Operation *def = isa<BlockArgument>(root)
                       ? cast<BlockArgument>(root).getOwner()->getParentOp()
                       : root.getDefiningOp();
  return !op->isAncestor(def);
}

namespace {
struct ClassifyResultVariablesPass
    : impl::ClassifyResultVariablesBase<ClassifyResultVariablesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    LaunchSignatures launches(module);
    MLIRContext *context = &getContext();
    for (auto func : module.getOps<FunctionOpInterface>()) {
      if (func.isExternal())
        continue;
      BufferProvenance provenance(func, launches);
      func.walk([&](Operation *op) {
        SmallVector<bool> variables;
        if (auto loop = dyn_cast<scf::ForOp>(op)) {
          if (loop.getInitArgs().empty())
            return;
          for (auto [index, iterArg] :
               llvm::enumerate(loop.getRegionIterArgs()))
            variables.push_back(!isa<TensorType>(iterArg.getType()) ||
                                !provenance.carriesSameBuffer(loop, index));
          op->setAttr(PTODialect::getCarryVariablesAttrName(),
                      DenseBoolArrayAttr::get(context, variables));
          return;
        }
        if (!isa<scf::IfOp, ScopeOp>(op) || op->getNumResults() == 0)
          return;
        for (Value result : op->getResults())
          variables.push_back(!namesOutsideBuffer(op, result, provenance));
        op->setAttr(PTODialect::getResultVariablesAttrName(),
                    DenseBoolArrayAttr::get(context, variables));
      });
    }
  }
};
} // namespace

} // namespace mlir::pto
