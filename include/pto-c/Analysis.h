//===- Analysis.h - C API for the pto analyses ------------------*- C -*-===//
//
// What the compiler computes about a program, for bindings and tools that
// report it (pto-compile's report) instead of re-deriving it.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_C_ANALYSIS_H
#define PTO_C_ANALYSIS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

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

/// Computes the graph-heap bytes one call of `graph` allocates (every
/// `pto.create`, `pto.alloc_tensors` result and runtime-allocated `out` tail
/// of a launch, times the trips of the constant-trip loops around it) into
/// `*bytes` (saturating), and into `*exact` whether the count is exact (no
/// dynamic shape, no allocation under a call-varying region). Returns false,
/// writing nothing, if `graph` is not a `pto.graph`.
MLIR_CAPI_EXPORTED bool mlirPTOGraphGetHeapBytes(MlirOperation graph,
                                                 uint64_t *bytes, bool *exact);

/// Returns the trip count of an `scf.for` whose bounds and step are integer
/// constants (in their bit width, saturating at INT64_MAX), or -1 if `op` is
/// not such a loop.
MLIR_CAPI_EXPORTED int64_t mlirPTOForOpGetConstantTripCount(MlirOperation op);

/// Computes how often `op` runs per execution of the `pto.graph` or
/// `pto.orchestration` around it (getExecutionsPerCall: the product of the
/// trip counts of the constant-trip loops around it, saturating) into
/// `*count`, and into `*exact` whether no other control flow sits between
/// (under which `op` counts once). Returns false, writing nothing, if `op`
/// is in neither.
MLIR_CAPI_EXPORTED bool mlirPTOOperationGetExecutionsPerCall(MlirOperation op,
                                                             uint64_t *count,
                                                             bool *exact);

/// Computes what one run of the orchestration function `entry` allocates
/// from the orchestration heap (computeOrchestrationHeapUse: every
/// `pto.create`, `pto.alloc_tensors` result and runtime-allocated `out`
/// tail, once per execution) into `*bytes` (saturating), the runtime
/// allocation calls it makes (one per `pto.alloc_tensors` or `pto.create`
/// executed) into `*calls`, and whether both are exact into `*exact`.
/// Returns false, writing nothing, if `entry` is not a `pto.orchestration`.
MLIR_CAPI_EXPORTED bool mlirPTOOrchestrationGetHeapUse(MlirOperation entry,
                                                       uint64_t *bytes,
                                                       uint64_t *calls,
                                                       bool *exact);

/// Computes what the `numCallers` `pto.call` ops `callers` of `graph`
/// allocate for its `#pto.hoisted<allocation>` parameters
/// (computeCallSiteHeapUse): the bytes one call needs into `*perCall`, the
/// bytes those allocations take over one run (each once per execution) into
/// `*perRun`, the allocation calls that make them over one run into
/// `*calls`, and whether all are exact into `*exact`. Returns false,
/// writing nothing, if `graph` is not a `pto.graph` or a caller is not a
/// `pto.call` of it.
MLIR_CAPI_EXPORTED bool
mlirPTOGraphGetCallSiteHeapBytes(MlirOperation graph, intptr_t numCallers,
                                 MlirOperation const *callers,
                                 uint64_t *perCall, uint64_t *perRun,
                                 uint64_t *calls, bool *exact);

/// Describes every `pto.graph` of `module` (a `builtin.module`) as the
/// report states it (describeGraphs: per Graph its parameters, recorded
/// nodes, graph-heap use, callers and call-site heap use), as one JSON
/// array written through `callback` in one piece, in one
/// walk of the module; without `withParameters`, each Graph's `parameters`
/// are left out. Returns false, writing nothing, if `module` is not a
/// `builtin.module`.
MLIR_CAPI_EXPORTED bool mlirPTOModuleDescribeGraphs(MlirOperation module,
                                                    bool withParameters,
                                                    MlirStringCallback callback,
                                                    void *userData);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_ANALYSIS_H
