//===- MarkGraphConfigScalars.cpp - Boundary scalars read while recorded --===//

#include "pto/Transforms/Passes.h"

namespace mlir::pto {
#define GEN_PASS_DEF_MARKGRAPHCONFIGSCALARS
#include "pto/Transforms/Passes.h.inc"

namespace {

/// Returns true if the Graph body reads scalar parameter `arg`'s value while
/// it is recorded: any use but forwarding it to a task or returning it.
bool isReadWhileRecorded(BlockArgument arg) {
  return llvm::any_of(arg.getUses(), [&](OpOperand &use) {
    if (isa<ReturnOp>(use.getOwner()))
      return false;
    auto submit = dyn_cast<SubmitOp>(use.getOwner());
    return !submit || use.getOperandNumber() >= submit.getArgs().size();
  });
}

struct MarkGraphConfigScalarsPass
    : impl::MarkGraphConfigScalarsBase<MarkGraphConfigScalarsPass> {
  void runOnOperation() override {
    GraphOp graph = getOperation();
    if (graph.isExternal())
      return markAllAnalysesPreserved();
    StringAttr name =
        StringAttr::get(&getContext(), PTODialect::getConfigScalarAttrName());
    bool changed = false;
    for (BlockArgument arg : graph.getArguments()) {
      if (!isScalarType(arg.getType()))
        continue;
      unsigned index = arg.getArgNumber();
      bool marked = static_cast<bool>(graph.getArgAttr(index, name));
      bool read = isReadWhileRecorded(arg);
      if (marked == read)
        continue;
      // The pass owns the mark: a stale one (the read was removed) goes.
      if (read)
        graph.setArgAttr(index, name, UnitAttr::get(&getContext()));
      else
        graph.removeArgAttr(index, name);
      changed = true;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::pto
