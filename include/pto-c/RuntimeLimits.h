//===- RuntimeLimits.h - C API for the runtime's limits ---------*- C -*-===//
//
// The limits of the PTO runtime the compiler enforces, from their one
// definition (pto/Dialect/PTO/IR/RuntimeLimits.h), for bindings and tools
// that report against them.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_C_RUNTIMELIMITS_H
#define PTO_C_RUNTIMELIMITS_H

#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Most tensors one `alloc_tensors` call creates (kAllocTensorsArgs).
MLIR_CAPI_EXPORTED unsigned mlirPTOGetAllocTensorsArgs(void);

/// Most tensor parameters of a Graph (GRAPH_MAX_TENSOR_ARGS).
MLIR_CAPI_EXPORTED unsigned mlirPTOGetGraphMaxTensorArgs(void);

/// Most scalar parameters of a Graph (GRAPH_MAX_SCALAR_ARGS).
MLIR_CAPI_EXPORTED unsigned mlirPTOGetGraphMaxScalarArgs(void);

/// Most nodes one Graph recording holds (GRAPH_MAX_NODES).
MLIR_CAPI_EXPORTED int64_t mlirPTOGetGraphMaxNodes(void);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_RUNTIMELIMITS_H
