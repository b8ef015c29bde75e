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
    bool failed = false;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop.getInitArgs().empty())
        return;
      if (loop->hasAttr(PTODialect::getParallelAttrName()) &&
          ::mlir::failed(verifyParallelCarries(loop)))
        failed = true;
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
    if (failed)
      signalPassFailure();
  }

  /// Task ids carried through a parallel loop need one slot per iteration.
  static LogicalResult verifyParallelCarries(scf::ForOp loop) {
    std::optional<APInt> trips = loop.getStaticTripCount();
    for (auto [index, init] : llvm::enumerate(loop.getInitArgs())) {
      if (isa<TaskIdType>(init.getType()))
        return loop.emitOpError()
               << "carries a single task id (iteration argument #" << index
               << ") through a parallel loop: carry a !pto.task_id_array with "
                  "one slot per iteration";
      auto array = dyn_cast<TaskIdArrayType>(init.getType());
      if (!array)
        continue;
      if (!trips)
        return loop.emitOpError()
               << "carries task ids through a parallel loop without a "
                  "statically known trip count: the array of task ids needs "
                  "one slot per iteration";
      if (trips->getZExtValue() != array.getSize())
        return loop.emitOpError()
               << "runs " << trips->getZExtValue()
               << " parallel iterations but carries " << array
               << ": the array needs one slot per iteration";
    }
    return success();
  }
};
} // namespace

} // namespace mlir::pto
