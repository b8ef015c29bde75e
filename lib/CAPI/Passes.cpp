//===- Passes.cpp - C API for the pto passes ------------------------------===//

#include "pto-c/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "pto/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::pto;

#include "pto/Transforms/Passes.capi.cpp.inc"

void mlirRegisterPTOGraphLegalizePipeline(void) {
  registerGraphLegalizePipeline();
}

void mlirRegisterPTOOrchestrationPreparePipeline(void) {
  registerOrchestrationPreparePipeline();
}
