//===- Analysis.h - C API for the pto analyses ------------------*- C -*-===//
//
// What the compiler computes about a program, for bindings and tools that
// report it (pto-compile's report) instead of re-deriving it.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_C_ANALYSIS_H
#define PTO_C_ANALYSIS_H

#include "mlir-c/IR.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Returns the nodes one recording of `graph` holds, as the Graph legality
/// rules count them (countRecordedNodes: launches and dummy tasks once per
/// iteration of the loops of literal bounds around them, one node per
/// `alloc_tensors` batch, the barriers pto-expand-manual-phase-fence will
/// add), saturating at INT64_MAX; -1 if `graph` is not a `pto.graph`.
MLIR_CAPI_EXPORTED int64_t mlirPTOGraphCountRecordedNodes(MlirOperation graph);

/// Returns the trip count of an `scf.for` whose bounds and step are integer
/// constants (in their bit width, saturating at INT64_MAX), or -1 if `op` is
/// not such a loop.
MLIR_CAPI_EXPORTED int64_t mlirPTOForOpGetConstantTripCount(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_ANALYSIS_H
