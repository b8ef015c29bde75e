//===- Translate.cpp - C API for the pto translations ---------------------===//

#include "pto-c/Translate.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "pto/Target/Cpp/OrchestrationEmitter.h"

/// Runs `translation` on `module`, printing through `callback`.
static MlirLogicalResult
translateModule(MlirOperation module, MlirStringCallback callback,
                void *userData,
                mlir::LogicalResult (*translation)(mlir::ModuleOp,
                                                   llvm::raw_ostream &)) {
  mlir::detail::CallbackOstream stream(callback, userData);
  auto moduleOp = llvm::dyn_cast<mlir::ModuleOp>(unwrap(module));
  if (!moduleOp) {
    unwrap(module)->emitError() << "expects a builtin.module";
    return mlirLogicalResultFailure();
  }
  return wrap(translation(moduleOp, stream));
}

MlirLogicalResult mlirPTOTranslateToOrchestrationCpp(MlirOperation module,
                                                     MlirStringCallback callback,
                                                     void *userData) {
  return translateModule(module, callback, userData,
                         mlir::pto::translateToOrchestrationCpp);
}

MlirLogicalResult mlirPTOTranslateToArgumentMetadata(MlirOperation module,
                                                    MlirStringCallback callback,
                                                    void *userData) {
  return translateModule(module, callback, userData,
                         mlir::pto::translateToArgumentMetadata);
}
