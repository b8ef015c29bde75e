//===- Translate.cpp - C API for the pto translations ---------------------===//

#include "pto-c/Translate.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "pto/Target/Cpp/OrchestrationEmitter.h"

/// Runs `translation` on `module`, printing through `callback`.
static MlirLogicalResult
translateModule(MlirOperation module, MlirStringCallback callback,
                void *userData,
                mlir::LogicalResult (*translation)(mlir::ModuleOp,
                                                   llvm::raw_ostream &)) {
  // Into one buffer, handed over once: the emitter writes token by token,
  // each a callback through an unbuffered stream otherwise.
  std::string text;
  llvm::raw_string_ostream stream(text);
  auto moduleOp = llvm::dyn_cast<mlir::ModuleOp>(unwrap(module));
  if (!moduleOp) {
    unwrap(module)->emitError() << "expects a builtin.module";
    return mlirLogicalResultFailure();
  }
  // The diagnostics reach the caller as structured objects: an op dump in
  // each would copy a whole Graph into every note.
  mlir::MLIRContext *context = moduleOp.getContext();
  bool printOp = context->shouldPrintOpOnDiagnostic();
  context->printOpOnDiagnostic(false);
  mlir::LogicalResult result = translation(moduleOp, stream);
  context->printOpOnDiagnostic(printOp);
  if (mlir::succeeded(result))
    callback(mlirStringRefCreate(text.data(), text.size()), userData);
  return wrap(result);
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
