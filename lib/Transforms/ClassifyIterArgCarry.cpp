//===- ClassifyIterArgCarry.cpp - Which loop carries need a variable ------===//

#include "pto/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::pto {
#define GEN_PASS_DEF_CLASSIFYITERARGCARRY
#include "pto/Transforms/Passes.h.inc"

namespace {
struct ClassifyIterArgCarryPass
    : impl::ClassifyIterArgCarryBase<ClassifyIterArgCarryPass> {
  void runOnOperation() override {
    getOperation().walk([&](scf::ForOp loop) {
      if (loop.getInitArgs().empty())
        return;
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      SmallVector<bool> variables;
      for (auto [iterArg, yielded] :
           llvm::zip_equal(loop.getRegionIterArgs(), yield.getOperands())) {
        bool sameBuffer =
            isa<TensorType>(iterArg.getType()) &&
            getBufferRoot(yielded, /*crossLoopCarries=*/false) == iterArg;
        variables.push_back(!sameBuffer);
      }
      loop->setAttr(PTODialect::getCarryVariablesAttrName(),
                    DenseBoolArrayAttr::get(&getContext(), variables));
    });
  }
};
} // namespace

} // namespace mlir::pto
