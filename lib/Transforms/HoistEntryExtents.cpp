//===- HoistEntryExtents.cpp - One read per dynamic entry extent ----------===//

#include "pto/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::pto {
#define GEN_PASS_DEF_HOISTENTRYEXTENTS
#include "pto/Transforms/Passes.h.inc"

namespace {
struct HoistEntryExtentsPass
    : impl::HoistEntryExtentsBase<HoistEntryExtentsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (OrchestrationOp func : getOperation().getOps<OrchestrationOp>()) {
      if (func.isExternal())
        continue;
      Block &entry = func.getBody().front();
      // The first read of each (parameter, axis), in order of appearance.
      DenseMap<std::pair<unsigned, int64_t>, DimOp> first;
      Operation *insertAfter = nullptr;
      SmallVector<DimOp> dims;
      func.walk([&](DimOp dim) { dims.push_back(dim); });
      for (DimOp dim : dims) {
        auto arg = dyn_cast<BlockArgument>(dim.getSource());
        int64_t axis = dim.getAxisAttr().getInt();
        if (!arg || arg.getOwner() != &entry ||
            !dim.getSource().getType().isDynamicDim(axis))
          continue;
        auto [it, inserted] = first.try_emplace({arg.getArgNumber(), axis}, dim);
        if (!inserted) {
          rewriter.replaceOp(dim, it->second.getResult());
          continue;
        }
        if (insertAfter)
          dim->moveAfter(insertAfter);
        else
          dim->moveBefore(&entry, entry.begin());
        insertAfter = dim;
      }
    }
  }
};
} // namespace

} // namespace mlir::pto
