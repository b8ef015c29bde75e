//===- Pipelines.cpp - pto pass pipelines ---------------------------------===//

#include "pto/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void mlir::pto::buildGraphLegalizePipeline(
    OpPassManager &pm, const GraphLegalizePipelineOptions &options) {
  pm.addPass(createNormalizeReturnOrder());
  pm.addPass(createVerifyKernelWindows());
  pm.addPass(createVerifyReshapes());
  pm.addPass(createLegalizeGraphBoundary({options.arenas}));
  pm.addPass(createHoistCallSiteAllocations());
  if (options.verify)
    pm.addPass(createVerifyGraphBoundary());
}

void mlir::pto::buildGraphLegalizePipeline(OpPassManager &pm) {
  buildGraphLegalizePipeline(pm, GraphLegalizePipelineOptions());
}

void mlir::pto::buildOrchestrationPreparePipeline(OpPassManager &pm) {
  pm.addPass(createNormalizeReturnOrder());
  pm.addPass(createVerifyKernelWindows());
  pm.addPass(createVerifyReshapes());
  pm.addPass(createHoistEntryExtents());
  pm.addPass(createMaterializeRuntimeScopes());
  pm.addPass(createHoistManualScopeAllocations());
  pm.addPass(createExpandManualPhaseFence());
  pm.addPass(createClassifyResultVariables());
  pm.addPass(createMarkAlwaysSubmittedBarriers());
  pm.addPass(createMarkHostControlTensors());
  // Per function, on MLIR's thread pool.
  pm.addNestedPass<GraphOp>(createMarkGraphConfigScalars());
  pm.addNestedPass<GraphOp>(createBatchAllocations());
  pm.addNestedPass<OrchestrationOp>(createBatchAllocations());
  pm.addPass(createRetainManualScopeAllocations());
  // A pass above that broke a Graph's replay-safety (e.g. a barrier past the
  // node limit) is caught here, not by the runtime.
  pm.addPass(createVerifyGraphBoundary());
  pm.addPass(createInsertRuntimeChecks());
  // Last: the names cover every value the passes above created.
  pm.addPass(createLegalizeCppNames());
  pm.addPass(createMarkPrepared());
}

void mlir::pto::registerOrchestrationPreparePipeline() {
  PassPipelineRegistration<>(
      "pto-orchestration-prepare-pipeline",
      "Record what the C++ translation prints: pto-normalize-return-order, "
      "pto-verify-kernel-windows, pto-verify-reshapes, "
      "pto-hoist-entry-extents, pto-materialize-runtime-scopes, pto-hoist-manual-scope-allocations, "
      "pto-expand-manual-phase-fence, pto-classify-result-variables, "
      "pto-mark-always-submitted-barriers, "
      "pto-mark-host-control-tensors, pto-mark-graph-config-scalars, "
      "pto-batch-allocations, pto-retain-manual-scope-allocations, "
      "pto-verify-graph-boundary, pto-insert-runtime-checks, pto-legalize-cpp-names, "
      "pto-mark-prepared",
      buildOrchestrationPreparePipeline);
}

void mlir::pto::registerGraphLegalizePipeline() {
  PassPipelineRegistration<GraphLegalizePipelineOptions>(
      "pto-graph-legalize-pipeline",
      "Make every Graph replay-safe: pto-normalize-return-order, "
      "pto-verify-kernel-windows, pto-verify-reshapes, "
      "pto-legalize-graph-boundary, pto-hoist-call-site-allocations, "
      "pto-verify-graph-boundary",
      [](OpPassManager &pm, const GraphLegalizePipelineOptions &options) {
        buildGraphLegalizePipeline(pm, options);
      });
}
