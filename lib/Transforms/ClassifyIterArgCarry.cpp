//===- ClassifyIterArgCarry.cpp - Which loop carries need a variable ------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::pto {
#define GEN_PASS_DEF_CLASSIFYITERARGCARRY
#include "pto/Transforms/Passes.h.inc"

namespace {
struct ClassifyIterArgCarryPass
    : impl::ClassifyIterArgCarryBase<ClassifyIterArgCarryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    LaunchSignatures launches(module);
    for (auto func : module.getOps<FunctionOpInterface>()) {
      if (func.isExternal())
        continue;
      BufferProvenance provenance(func, launches);
      func.walk([&](scf::ForOp loop) {
        if (loop.getInitArgs().empty())
          return;
        SmallVector<bool> variables;
        for (auto [index, iterArg] : llvm::enumerate(loop.getRegionIterArgs()))
          variables.push_back(!isa<TensorType>(iterArg.getType()) ||
                              !provenance.carriesSameBuffer(loop, index));
        loop->setAttr(PTODialect::getCarryVariablesAttrName(),
                      DenseBoolArrayAttr::get(&getContext(), variables));
      });
    }
  }
};
} // namespace

} // namespace mlir::pto
