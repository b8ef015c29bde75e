//===- Translate.cpp - C API for the pto translations ---------------------===//

#include "pto-c/Translate.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "pto/Target/Cpp/OrchestrationEmitter.h"

MlirLogicalResult mlirPTOTranslateToOrchestrationCpp(MlirOperation module,
                                                     MlirStringCallback callback,
                                                     void *userData) {
  mlir::detail::CallbackOstream stream(callback, userData);
  auto moduleOp = llvm::dyn_cast<mlir::ModuleOp>(unwrap(module));
  if (!moduleOp) {
    unwrap(module)->emitError() << "expects a builtin.module";
    return mlirLogicalResultFailure();
  }
  return wrap(mlir::pto::translateToOrchestrationCpp(moduleOp, stream));
}
