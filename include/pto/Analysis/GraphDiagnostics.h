//===- GraphDiagnostics.h - How a Graph rule violation is worded -*- C++ -*-===//
//
// The errors for the host_build_graph Graph rules, worded once. The
// legality step of the legalization (GraphLegality) and the independent
// verifier (pto-verify-graph-boundary) each find the violations their own
// way and report them through these, so a user sees one sentence per rule
// whichever of the two caught it.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_GRAPHDIAGNOSTICS_H
#define PTO_ANALYSIS_GRAPHDIAGNOSTICS_H

#include "pto/Dialect/PTO/IR/PTO.h"

namespace mlir::pto {
class ReplayInvariance;
} // namespace mlir::pto

namespace mlir::pto::graph_diagnostics {

void noTensorParameter(GraphOp graph);
void tooManyTensorParameters(GraphOp graph, unsigned count);
void tooManyScalarParameters(GraphOp graph, unsigned count);
void scalarReturned(ReturnOp ret, GraphOp graph, unsigned position);
void nonParameterReturned(ReturnOp ret, GraphOp graph, unsigned position);
/// `submit` writes `param`, an `in` parameter of `graph`.
void inParameterWritten(SubmitOp submit, GraphOp graph, BlockArgument param);
/// `operand`: the offset or size of `slice` that differs between calls.
void varyingWindow(SliceOp slice, GraphOp graph, Value operand);
void unsupportedOp(Operation *op);
/// A `pto.set_owner` inside a Graph body.
void ownerSetInGraph(SetOwnerOp op);
/// `op`, a launch or an allocation, runs a number of times that `parent`
/// (the innermost call-varying loop or branch around it) decides.
void varyingRunCount(Operation *op, GraphOp graph, Operation *parent);
/// `alloc`: a pto.create or pto.alloc_tensors, `type` the type it allocates.
/// With a note saying why it could not become a boundary tensor: the loop
/// or branch it runs under, or each size the call site cannot compute
/// (not hoistable in `analysis`).
void dynamicAllocation(Operation *alloc, Type type, GraphOp graph,
                       const ReplayInvariance &analysis);
/// `op` reads a tensor that `choice` picks by a call-varying value.
void varyingBufferChoice(Operation *op, GraphOp graph, Operation *choice);
void nonLiteralCoreNum(SubmitOp submit);
void divisionByZero(Operation *division, unsigned argumentIndex);
void varyingScalarArgument(SubmitOp submit, GraphOp graph, unsigned index,
                           Value argument);
void nodeCountOutOfRange(GraphOp graph, int64_t nodes);
/// Every node `graph` records is a barrier that may not be submitted.
void mayRecordNoNode(GraphOp graph);
/// `boundary`: the read tensor is a parameter (that a task writes), not a
/// buffer of the Graph's own.
void unrecordableRead(ReadOp read, GraphOp graph, bool boundary);
void oncePerCallAllocation(Operation *alloc, GraphOp graph);
void derivedScalar(Operation *op, GraphOp graph);

} // namespace mlir::pto::graph_diagnostics

#endif // PTO_ANALYSIS_GRAPHDIAGNOSTICS_H
