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
    bool failed = false;
    ModuleOp module = getOperation();
    LaunchSignatures launches(module);
    for (auto func : module.getOps<FunctionOpInterface>()) {
      if (func.isExternal())
        continue;
      BufferProvenance provenance(func, launches);
      func.walk([&](scf::ForOp loop) {
        if (loop.getInitArgs().empty())
          return;
        if (loop->hasAttr(PTODialect::getParallelAttrName()) &&
            ::mlir::failed(verifyParallelCarries(loop)))
          failed = true;
        SmallVector<bool> variables;
        for (auto [index, iterArg] : llvm::enumerate(loop.getRegionIterArgs()))
          variables.push_back(!isa<TensorType>(iterArg.getType()) ||
                              !provenance.carriesSameBuffer(loop, index));
        loop->setAttr(PTODialect::getCarryVariablesAttrName(),
                      DenseBoolArrayAttr::get(&getContext(), variables));
      });
    }
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
