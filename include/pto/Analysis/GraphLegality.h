//===- GraphLegality.h - host_build_graph boundary rules -------*- C++ -*-===//
//
// The rules a Graph must satisfy for the host_build_graph runtime to record
// and replay it (the legality step of the boundary legalization), checked
// on the IR as it stands. The legalization runs them after hoisting; the
// verifier (pto-verify-graph-boundary) re-derives them its own way and
// shares only the analyses and the wording (GraphDiagnostics.h).
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_GRAPHLEGALITY_H
#define PTO_ANALYSIS_GRAPHLEGALITY_H

#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::pto {

/// Returns, per Graph of `module`, the `pto.call` ops that launch it, in
/// the order they appear. One walk of the orchestration functions' bodies
/// (a symbol-use map would also index every kernel launch).
DenseMap<GraphOp, SmallVector<CallOp>> getGraphCallers(ModuleOp module);

/// Returns the number of nodes a recording of `graph` holds: each launch
/// (`pto.submit`, `pto.task_dummy`) once per iteration of the constant-trip
/// loops around it, plus one node per `alloc_tensors` batch of each
/// statement list, likewise per iteration, plus the barriers
/// pto-expand-manual-phase-fence will insert (getPhaseFences), so the count
/// is the same before and after it. Saturates at INT64_MAX. Ops under a
/// runtime loop or branch count once (they are rejected separately).
int64_t countRecordedNodes(GraphOp graph);

/// The nodes a recording of `graph` holds at least and at most: `max` as
/// countRecordedNodes (unsaturated), `min` without the barriers that may
/// not be submitted (all their dependencies may be invalid task ids; the
/// phase fences included, see isAlwaysSubmitted).
struct RecordedNodes {
  uint64_t min = 0, max = 0;
};
RecordedNodes countRecordedNodeRange(GraphOp graph);

/// How often an op runs per execution of the function around it.
struct ExecutionCount {
  /// The product of the trip counts of the constant-trip `scf.for` loops
  /// around the op (saturating at UINT64_MAX; 0 under a zero-trip loop).
  uint64_t count = 1;
  /// False if other control flow (a branch, a while loop, a loop without
  /// constant bounds) sits between: the op is then counted once there.
  bool exact = true;
};

/// Counts how often `op` runs per execution of the `pto.graph` or
/// `pto.orchestration` around it (scopes run their body once). One walk up
/// `op`'s parents.
ExecutionCount getExecutionsPerCall(Operation *op);

/// Returns the innermost op between `op` and `graph` that makes the number
/// of times `op` runs differ between calls (`scf.if`, `scf.while`, an
/// `scf.for` without constant bounds, any other region op), or null.
Operation *getRuntimeControlFlowParent(Operation *op, GraphOp graph);

/// Returns the op that chooses, by a value that can differ between calls,
/// which buffer `tensor` names among buffers that include a boundary tensor
/// of `analysis`'s Graph or a window of one (an `arith.select` or `scf.if` on a call-varying
/// condition, or a loop carry that changes buffers in a runtime loop), or
/// null. Replay reuses the buffer the first call chose.
Operation *getCallVaryingBufferChoice(Value tensor,
                                      const ReplayInvariance &analysis,
                                      BufferProvenance &provenance);

/// Returns the division or remainder by the constant zero that computes
/// `value`, or null: such a task argument has no value at all.
Operation *getDivisionByConstantZero(Value value);

/// Checks that every `pto.read` in `graph`'s body reads a boundary tensor no
/// task of the Graph writes (through any window of it): the value is read
/// while the Graph is recorded, before its tasks run. The legalization runs
/// it before hoisting: once a written window is a parameter of its own, the
/// alias is only known at the call site.
LogicalResult verifyConstructionReads(GraphOp graph,
                                      const BufferProvenance &provenance);

/// Checks that no launch in `graph`'s body writes, through any window, a
/// tensor parameter the Graph declares `in` (a caller passes it as an
/// input, so the write is invisible to the runtime's ordering outside the
/// Graph). Returning one unwritten is fine: the caller gets its own buffer.
LogicalResult verifyParameterWrites(GraphOp graph, BufferProvenance &provenance);

/// Checks `graph`'s boundary (1 to 128 tensor parameters, at most 64
/// scalar ones) and that it returns only its own tensor parameters.
LogicalResult verifyGraphSignature(GraphOp graph);

/// Reports `op` if the translation has no Graph lowering for it; returns
/// true if it did. (What is never legal in a Graph, such as a Graph call or
/// a host write, the ops' verifiers reject.)
bool diagnoseUnsupportedInGraph(Operation *op);

/// Checks that `submit`, a launch in `graph`, has a literal core_num and
/// passes scalars that are the Graph's scalar parameters or the same on
/// every call (`analysis`).
LogicalResult verifyLaunchArguments(SubmitOp submit, GraphOp graph,
                                    const ReplayInvariance &analysis);

/// Checks every other rule of the legality step on `graph` as it stands,
/// emitting one error per violation at the offending op.
/// `analysis` and `provenance` describe `graph`'s body as it stands.
LogicalResult verifyGraphLegality(GraphOp graph,
                                  const ReplayInvariance &analysis,
                                  BufferProvenance &provenance);

} // namespace mlir::pto

#endif // PTO_ANALYSIS_GRAPHLEGALITY_H
