//===- OrchestrationEmitter.h - pto to orchestration C++ -------*- C++ -*-===//
//
// Prints a pto module as the orchestration C++ of the PTO runtime. The
// translation is a 1:1 printer: every decision (scopes, carries, batches)
// is made by a pass and read from the IR.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_TARGET_CPP_ORCHESTRATIONEMITTER_H
#define PTO_TARGET_CPP_ORCHESTRATIONEMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir::pto {

/// Checks that `module` went through `pto-orchestration-prepare-pipeline`
/// (it carries `pto.prepared`, stamped by its last pass); else emits an
/// error at the module naming the pipeline and fails. Both translations
/// call it first.
LogicalResult verifyPreparedForTranslation(ModuleOp module);

/// Prints `module`'s `pto.orchestration` function as orchestration C++ for
/// the tensormap_and_ringbuffer runtime. Expects the IR prepared by
/// `pto-orchestration-prepare-pipeline` (runtime scopes and carry decisions
/// recorded); emits a diagnostic and fails on anything it cannot print.
LogicalResult translateToOrchestrationCpp(ModuleOp module, raw_ostream &os);

/// Registers `--pto-to-cpp` with the translation registry.
void registerToOrchestrationCppTranslation();

/// Prints, as JSON, the orchestration entry's arguments of `module`: per
/// argument its index, name, kind, slot in orch_args, type, and for tensors
/// the direction and where the host keeps it (`storage` HOST and `transfer`
/// NONE for a host control tensor of host_build_graph, DEVICE / DEFAULT
/// otherwise). Fails, with diagnostics, where analyzeHostControlTensors does.
LogicalResult translateToArgumentMetadata(ModuleOp module, raw_ostream &os);

void registerToArgumentMetadataTranslation();

} // namespace mlir::pto

#endif // PTO_TARGET_CPP_ORCHESTRATIONEMITTER_H
