//===- Dialects.h - C API for the pto dialect -------------------*- C -*-===//

#ifndef PTO_C_DIALECTS_H
#define PTO_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(PTO, pto);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_DIALECTS_H
