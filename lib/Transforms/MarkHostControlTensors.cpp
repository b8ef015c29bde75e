//===- MarkHostControlTensors.cpp - Host control tensor parameters --------===//

#include "pto/Analysis/HostControl.h"
#include "pto/Transforms/Passes.h"

namespace mlir::pto {
#define GEN_PASS_DEF_MARKHOSTCONTROLTENSORS
#include "pto/Transforms/Passes.h.inc"

namespace {
struct MarkHostControlTensorsPass
    : impl::MarkHostControlTensorsBase<MarkHostControlTensorsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (getModuleRuntime(module) != Runtime::host_build_graph)
      return markAllAnalysesPreserved();
    bool failed = false;
    for (OrchestrationOp entry : module.getOps<OrchestrationOp>()) {
      FailureOr<llvm::BitVector> control = analyzeHostControlTensors(entry);
      if (::mlir::failed(control)) {
        failed = true;
        continue;
      }
      for (unsigned i : control->set_bits())
        entry.setArgAttr(i, PTODialect::getHostControlAttrName(),
                         UnitAttr::get(&getContext()));
    }
    if (failed)
      signalPassFailure();
  }
};
} // namespace
} // namespace mlir::pto
