//===- TranslationRegistration.cpp - pto-translate's translations ---------===//

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/Target/Cpp/OrchestrationEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"

namespace mlir::pto {

/// Registers `translate`, which takes a builtin.module of pto IR.
static void registerModuleTranslation(
    StringRef name, StringRef description,
    LogicalResult (*translate)(ModuleOp, raw_ostream &)) {
  TranslateFromMLIRRegistration registration(
      name, description,
      [translate](Operation *op, raw_ostream &output) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError() << "expects a builtin.module";
        return translate(module, output);
      },
      [](DialectRegistry &registry) {
        registry.insert<PTODialect, arith::ArithDialect, scf::SCFDialect>();
      });
}

void registerToOrchestrationCppTranslation() {
  registerModuleTranslation(
      "pto-to-cpp", "translate a prepared pto module to orchestration C++",
      translateToOrchestrationCpp);
}

void registerToArgumentMetadataTranslation() {
  registerModuleTranslation(
      "pto-to-arg-metadata",
      "describe the orchestration entry's arguments (JSON): where each "
      "tensor lives and how it is transferred",
      translateToArgumentMetadata);
}

} // namespace mlir::pto
