//===- HostControl.h - Host control tensors of host_build_graph -*- C++ -*-===//
//
// Under host_build_graph the orchestration function runs on the host while
// the runtime builds the task graph, so its `pto.read` / `pto.write` touch
// host memory: they may only access *host control tensors*, tensor
// parameters of the orchestration function that the argument metadata keeps
// in host storage with no device transfer (legalize-graph-boundary.md, "Host
// control tensors"). This analysis finds them and checks their rules; the
// pto-mark-host-control-tensors pass records its result as `pto.host_control`
// argument attributes, which the translations read (getHostControlTensors).
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_HOSTCONTROL_H
#define PTO_ANALYSIS_HOSTCONTROL_H

#include "pto/Dialect/PTO/IR/PTO.h"

#include "llvm/ADT/BitVector.h"

namespace mlir::pto {

/// Returns, per argument of `entry`, whether it is a host control tensor:
/// marked `pto.host_control`, or accessed by a `pto.read` / `pto.write` of
/// `entry` through any view, select or loop/branch/scope carry of it.
/// Emits an error and fails when an access reaches anything but a parameter
/// (a runtime allocation, a device task's output), or when a host control
/// tensor, through any alias, also reaches a device task or Graph launch
/// (as a tensor argument or a dispatch predicate). Only meaningful for
/// modules targeting host_build_graph.
FailureOr<llvm::BitVector> analyzeHostControlTensors(OrchestrationOp entry);

} // namespace mlir::pto

#endif // PTO_ANALYSIS_HOSTCONTROL_H
