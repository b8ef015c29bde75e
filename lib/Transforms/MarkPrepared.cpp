//===- MarkPrepared.cpp - Stamp the end of the prepare pipeline ------------===//

#include "pto/Transforms/Passes.h"

namespace mlir::pto {
#define GEN_PASS_DEF_MARKPREPARED
#include "pto/Transforms/Passes.h.inc"

namespace {
struct MarkPreparedPass : impl::MarkPreparedBase<MarkPreparedPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (module->hasAttr(PTODialect::getPreparedAttrName()))
      return markAllAnalysesPreserved();
    module->setAttr(PTODialect::getPreparedAttrName(),
                    UnitAttr::get(&getContext()));
  }
};
} // namespace
} // namespace mlir::pto
