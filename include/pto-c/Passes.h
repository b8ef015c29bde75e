//===- Passes.h - C API for the pto passes ----------------------*- C -*-===//

#ifndef PTO_C_PASSES_H
#define PTO_C_PASSES_H

#include "mlir-c/Pass.h"

#include "pto/Transforms/Passes.capi.h.inc"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers `pto-graph-legalize-pipeline`.
MLIR_CAPI_EXPORTED void mlirRegisterPTOGraphLegalizePipeline(void);

/// Registers `pto-orchestration-prepare-pipeline`.
MLIR_CAPI_EXPORTED void mlirRegisterPTOOrchestrationPreparePipeline(void);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_PASSES_H
