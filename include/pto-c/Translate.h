//===- Translate.h - C API for the pto translations -------------*- C -*-===//

#ifndef PTO_C_TRANSLATE_H
#define PTO_C_TRANSLATE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Prints prepared pto module `module` as orchestration C++ through
/// `callback`, in one piece. Fails, after emitting diagnostics on the
/// module's context and printing nothing, on anything it cannot print.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirPTOTranslateToOrchestrationCpp(
    MlirOperation module, MlirStringCallback callback, void *userData);

/// Prints the argument metadata of `module`'s orchestration entry (JSON)
/// through `callback`, in one piece; fails, after emitting diagnostics and
/// printing nothing, like the `pto-to-arg-metadata` translation.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirPTOTranslateToArgumentMetadata(
    MlirOperation module, MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_TRANSLATE_H
