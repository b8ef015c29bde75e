//===- Remarks.cpp - C API for receiving optimization remarks -------------===//

#include "pto-c/Remarks.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Remarks.h"
#include "llvm/Support/Regex.h"

#include <vector>

namespace {
/// Forwards each remark to the C callback.
class CallbackRemarkStreamer
    : public mlir::remark::detail::MLIRRemarkStreamerBase {
public:
  CallbackRemarkStreamer(MlirPTORemarkCallback callback, void *userData)
      : callback(callback), userData(userData) {}

  void streamOptimizationRemark(
      const mlir::remark::detail::Remark &remark) override {
    using mlir::remark::detail::Remark;
    std::vector<MlirPTORemarkArg> args;
    std::string message;
    for (const Remark::Arg &arg : remark.getArgs()) {
      if (arg.key == "Remark")
        message += arg.val;
      args.push_back({wrap(llvm::StringRef(arg.key)),
                      wrap(llvm::StringRef(arg.val)),
                      wrap(arg.getAttribute())});
    }
    MlirPTORemark forwarded{getKind(remark),
                            wrap(remark.getRemarkName()),
                            wrap(remark.getCombinedCategoryName()),
                            wrap(remark.getFunction()),
                            wrap(remark.getLocation()),
                            wrap(llvm::StringRef(message)),
                            static_cast<intptr_t>(args.size()),
                            args.data()};
    callback(&forwarded, userData);
  }

private:
  static MlirPTORemarkKind getKind(const mlir::remark::detail::Remark &remark) {
    llvm::StringRef kind = remark.getRemarkTypeString();
    if (kind == "Missed")
      return MlirPTORemarkKindMissed;
    if (kind == "Failure")
      return MlirPTORemarkKindFailure;
    if (kind == "Analysis")
      return MlirPTORemarkKindAnalysis;
    return MlirPTORemarkKindPassed;
  }

  MlirPTORemarkCallback callback;
  void *userData;
};
} // namespace

MlirLogicalResult mlirPTOContextEnableRemarks(MlirContext context,
                                              MlirStringRef categories,
                                              MlirPTORemarkCallback callback,
                                              void *userData) {
  mlir::remark::RemarkCategories selected;
  std::string regex(unwrap(categories));
  // MLIR's engine would accept an invalid expression and match nothing.
  std::string error;
  if (!llvm::Regex(regex).isValid(error)) {
    mlir::emitError(mlir::UnknownLoc::get(unwrap(context)))
        << "invalid remark category expression '" << regex << "': " << error;
    return mlirLogicalResultFailure();
  }
  selected.passed = selected.missed = selected.failed = selected.analysis =
      regex;
  return wrap(mlir::remark::enableOptimizationRemarks(
      *unwrap(context),
      std::make_unique<CallbackRemarkStreamer>(callback, userData),
      std::make_unique<mlir::remark::RemarkEmittingPolicyAll>(), selected,
      /*printAsEmitRemarks=*/false));
}

void mlirPTOContextDisableRemarks(MlirContext context) {
  unwrap(context)->setRemarkEngine(nullptr);
}
