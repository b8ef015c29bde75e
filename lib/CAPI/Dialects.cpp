//===- Dialects.cpp - C API for the pto dialect ---------------------------===//

#include "pto-c/Dialects.h"

#include "mlir/CAPI/Registration.h"
#include "pto/Dialect/PTO/IR/PTO.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(PTO, pto, mlir::pto::PTODialect)
