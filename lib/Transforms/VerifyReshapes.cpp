//===- VerifyReshapes.cpp - Reshape sources are contiguous ----------------===//
//
// The op verifier of pto.reshape sees only its source's type. Whether the
// source's elements are consecutive in their buffer depends on every view
// between them: this pass places each source through its whole chain.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"
#include "pto/Analysis/ViewLayout.h"

namespace mlir::pto {
#define GEN_PASS_DEF_VERIFYRESHAPES
#include "pto/Transforms/Passes.h.inc"

namespace {

struct VerifyReshapesPass : impl::VerifyReshapesBase<VerifyReshapesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<LaunchSignatures> launches;
    bool failed = false;
    for (Operation &op : *module.getBody()) {
      auto func = dyn_cast<FunctionOpInterface>(op);
      if (!func || func.isExternal())
        continue;
      SmallVector<ReshapeOp> reshapes;
      func->walk([&](ReshapeOp reshape) { reshapes.push_back(reshape); });
      if (reshapes.empty())
        continue;
      if (!launches)
        launches.emplace(module);
      BufferProvenance provenance(func, *launches);
      ViewLayouts layouts(provenance);
      for (ReshapeOp reshape : reshapes)
        if (!check(reshape, provenance, layouts))
          failed = true;
    }
    if (failed)
      return signalPassFailure();
    markAllAnalysesPreserved();
  }

  static bool check(ReshapeOp reshape, BufferProvenance &provenance,
                    ViewLayouts &layouts) {
    Value source = reshape.getSource();
    bool unknown = false;
    std::optional<unsigned> axis =
        layouts.getNonContiguousAxis(source, unknown);
    if (!axis)
      return true;
    Value base = provenance.getViewBase(source);
    InFlightDiagnostic diag = emitOpErrorAt(reshape);
    if (unknown) {
      diag << "reshapes a window whose elements may not be consecutive in "
              "the buffer it views: the step of axis "
           << *axis
           << " of its source there depends on a dynamic extent or on a "
              "buffer chosen at run time; the runtime reshapes only "
              "contiguous tensors";
    } else {
      ArrayRef<int64_t> shape = reshape.getSource().getType().getShape();
      int64_t span = 1;
      for (int64_t extent : shape.drop_front(*axis + 1))
        span *= extent;
      diag << "reshapes a window whose elements are not consecutive in the "
              "buffer it views: axis "
           << *axis << " of its source steps "
           << *layouts.getLayout(source).strides[*axis]
           << " elements there, the axes inside it hold " << span
           << "; the runtime reshapes only contiguous tensors";
    }
    if (base != source)
      diag.attachNote(base.getLoc())
          << "the buffer it views: " << base.getType();
    return false;
  }
};

} // namespace

} // namespace mlir::pto
