//===- InitAll.cpp - Register everything a pto tool uses ------------------===//

#include "pto/InitAll.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "mlir/Transforms/Passes.h"

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/Target/Cpp/OrchestrationEmitter.h"
#include "pto/Transforms/Passes.h"

using namespace mlir;

namespace mlir {
// Defined in MLIRTargetCpp (TranslateRegistration.cpp); declared upstream only
// in InitAllTranslations.h, which would pull in every translation.
void registerToCppTranslation();
} // namespace mlir

void mlir::pto::registerAllDialects(DialectRegistry &registry) {
  // emitc: pto-translate's upstream C++ translation reads it, so pto-opt
  // must be able to pass it through.
  // cf: pto-insert-runtime-checks guards values with cf.assert.
  registry.insert<pto::PTODialect, arith::ArithDialect, cf::ControlFlowDialect,
                  emitc::EmitCDialect, scf::SCFDialect, func::FuncDialect>();
  // func promises its inliner interface; the inline pass needs it.
  func::registerInlinerExtension(registry);
}

void mlir::pto::registerAllPasses() {
  registerPTOPasses();
  registerGraphLegalizePipeline();
  registerOrchestrationPreparePipeline();
  registerCanonicalizerPass();
  registerCSEPass();
  registerInlinerPass();
  registerSymbolDCEPass();
  registerSCCPPass();
  registerStripDebugInfoPass();
  registerPrintOpStatsPass();
}

void mlir::pto::registerAllTranslations() {
  registerToOrchestrationCppTranslation();
  registerToArgumentMetadataTranslation();
  // Upstream EmitC -> C++.
  registerToCppTranslation();
}
