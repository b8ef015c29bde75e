//===- RuntimeLimits.cpp - C API for the runtime's limits -----------------===//

#include "pto-c/RuntimeLimits.h"

#include "pto/Dialect/PTO/IR/RuntimeLimits.h"

unsigned mlirPTOGetAllocTensorsArgs(void) {
  return mlir::pto::kAllocTensorsArgs;
}

unsigned mlirPTOGetGraphMaxTensorArgs(void) {
  return mlir::pto::kGraphMaxTensorArgs;
}

unsigned mlirPTOGetGraphMaxScalarArgs(void) {
  return mlir::pto::kGraphMaxScalarArgs;
}

int64_t mlirPTOGetGraphMaxNodes(void) { return mlir::pto::kGraphMaxNodes; }
