//===- GraphDiagnostics.cpp - How a Graph rule violation is worded --------===//

#include "pto/Analysis/GraphDiagnostics.h"

#include "pto/Analysis/AllocBatching.h"
#include "pto/Analysis/GraphLegality.h"
#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::pto::graph_diagnostics {

void noTensorParameter(GraphOp graph) {
  emitOpErrorAt(graph) << "has no tensor parameter: a Graph with an empty "
                          "boundary has nothing to patch on replay, and the "
                          "runtime refuses to cache it";
}

void tooManyTensorParameters(GraphOp graph, unsigned count) {
  unsigned callers = 0;
  for (unsigned i = 0; i < count; ++i) {
    auto hoisted = graph.getArgAttrOfType<HoistedAttr>(
        i, PTODialect::getHoistedAttrName());
    callers += !hoisted || hoisted.getKind() != HoistedKind::allocation;
  }
  InFlightDiagnostic diag =
      emitOpErrorAt(graph) << "has " << count
                           << " tensor parameters: the runtime accepts at most "
                           << kGraphMaxTensorArgs << " (GRAPH_MAX_TENSOR_ARGS)";
  Diagnostic &note = diag.attachNote(graph.getLoc());
  note << callers << " of them are the callers' tensors and views of them, "
       << "which cannot be packed: only the buffers the body allocates share "
          "arenas (one per element type), and the rest name memory the "
          "callers own";
  if (unsigned allocations = count - callers)
    note << "; " << allocations
         << " are buffers the body allocates: its arenas, and each allocation "
            "no arena takes (a dynamic extent, a column-major layout)";
}

void tooManyScalarParameters(GraphOp graph, unsigned count) {
  unsigned hoisted = 0;
  for (unsigned i = 0, e = graph.getNumArguments(); i < e; ++i) {
    auto attr = graph.getArgAttrOfType<HoistedAttr>(
        i, PTODialect::getHoistedAttrName());
    hoisted += attr && attr.getKind() == HoistedKind::scalar;
  }
  InFlightDiagnostic diag =
      emitOpErrorAt(graph) << "has " << count
                           << " scalar parameters: the runtime accepts at most "
                           << kGraphMaxScalarArgs << " (GRAPH_MAX_SCALAR_ARGS)";
  if (hoisted)
    diag.attachNote(graph.getLoc())
        << hoisted << " of them were added by the legalization: values the "
        << "body computed from its scalar parameters, which every call now "
           "computes and passes (#pto.hoisted<scalar>); "
        << count - hoisted << " are the Graph's own";
}

void scalarReturned(ReturnOp ret, GraphOp graph, unsigned position) {
  emitOpErrorAt(ret) << "returns at position " << position << " a scalar from "
                     << "Graph @" << graph.getName()
                     << ": a Graph launch hands back only the buffers it "
                        "was passed, never a value";
}

void nonParameterReturned(ReturnOp ret, GraphOp graph, unsigned position) {
  emitOpErrorAt(ret) << "returns at position " << position
                     << " a value that is not a parameter of @"
                     << graph.getName()
                     << ": a Graph launch yields a valid task id only on a "
                        "cache hit, so a caller may only get back the "
                        "buffers it passed in";
}

void inParameterWritten(SubmitOp submit, GraphOp graph, BlockArgument param) {
  InFlightDiagnostic diag = emitOpErrorAt(submit);
  diag << "writes parameter #" << param.getArgNumber() << " of Graph @"
       << graph.getName()
       << ", which it declares 'in': a call passes it as an input, so the "
          "runtime orders no later use of the buffer after this write; "
          "declare it inout (or out)";
  diag.attachNote(param.getLoc()) << "the parameter";
}

void varyingWindow(SliceOp slice, GraphOp graph, Value operand) {
  InFlightDiagnostic diag =
      emitOpErrorAt(slice)
      << "takes, in Graph @" << graph.getName()
      << ", a view whose window can differ between calls: replay "
         "reuses the window of the first call";
  if (Operation *def = operand.getDefiningOp())
    diag.attachNote(def->getLoc()) << "the window depends on this value";
}

void unsupportedOp(Operation *op) {
  emitOpErrorAt(op) << "is not supported in a Graph: orchestration code "
                       "generation has no lowering for it";
}

void ownerSetInGraph(SetOwnerOp op) {
  emitOpErrorAt(op) << "sets a tensor's owner task inside a Graph: the "
                       "legalization moves views of boundary tensors to the "
                       "call site, where the body's tasks do not exist; "
                       "seed the owner at the call site instead";
}

void varyingRunCount(Operation *op, GraphOp graph, Operation *parent) {
  bool isLaunch = isa<SubmitOp, TaskDummyOp>(op);
  InFlightDiagnostic diag = emitOpErrorAt(op);
  diag << (isLaunch ? "launches a task" : "allocates a tensor")
       << " a number of times that can differ between calls of Graph @"
       << graph.getName()
       << ": the recording fixes the topology on the first call and "
          "replays it unchanged";
  if (isa<scf::ForOp>(parent))
    diag.attachNote(parent->getLoc())
        << "inside this loop, whose bounds or step are not all literals";
  else if (isa<scf::IfOp>(parent))
    diag.attachNote(parent->getLoc()) << "inside this branch";
  else if (isa<scf::WhileOp>(parent))
    diag.attachNote(parent->getLoc()) << "inside this while loop";
  else
    diag.attachNote(parent->getLoc())
        << "inside this '" << parent->getName() << "'";
}

void dynamicAllocation(Operation *alloc, Type type, GraphOp graph,
                       const ReplayInvariance &analysis) {
  InFlightDiagnostic diag =
      emitOpErrorAt(alloc)
      << "allocates " << type << " in Graph @" << graph.getName()
      << ": an allocation's shape must be a compile-time constant, since "
         "recording copies it into the node and replay would reuse the "
         "first call's shape";
  // Why the legalization could not make it a boundary tensor instead.
  for (Operation *parent = alloc->getParentOp(); parent != graph;
       parent = parent->getParentOp())
    if (!isa<ScopeOp>(parent)) {
      diag.attachNote(parent->getLoc())
          << "it runs once per iteration or branch of this op: the call site "
             "can allocate one buffer per call, and stack windows per "
             "iteration only for a literal shape";
      return;
    }
  for (Value size : alloc->getOperands())
    if (!analysis.isHoistable(size))
      diag.attachNote(size.getLoc())
        << "the call site cannot compute this size: it is not derived from "
           "the Graph's scalar parameters and tensor extents alone";
}

void varyingBufferChoice(Operation *op, GraphOp graph, Operation *choice) {
  InFlightDiagnostic diag =
      emitOpErrorAt(op)
      << "reads a tensor chosen among boundary tensors of Graph @"
      << graph.getName()
      << " by a value that can differ between calls: replay would "
         "reuse the buffer the first call chose";
  diag.attachNote(choice->getLoc()) << "the buffer is chosen here";
}

void nonLiteralCoreNum(SubmitOp submit) {
  emitOpErrorAt(submit) << "has a core_num that is not a literal: a "
                           "Graph's recorded launches are fixed";
}

void divisionByZero(Operation *division, unsigned argumentIndex) {
  emitOpErrorAt(division) << "divides by the constant zero: scalar argument #"
                          << argumentIndex << " of the task has no value";
}

void varyingScalarArgument(SubmitOp submit, GraphOp graph, unsigned index,
                           Value argument) {
  InFlightDiagnostic diag =
      emitOpErrorAt(submit)
      << "passes scalar argument #" << index << " computed in Graph @"
      << graph.getName()
      << " from values that can differ between calls and that its "
         "callers cannot recompute: replay would reuse the first "
         "call's value";
  if (Operation *def = argument.getDefiningOp())
    diag.attachNote(def->getLoc()) << "the argument is computed here";
}

void nodeCountOutOfRange(GraphOp graph, int64_t nodes) {
  emitOpErrorAt(graph)
      << "records " << nodes
      << " nodes (each launch once per loop iteration, allocations in "
         "batches of "
      << kAllocTensorsArgs << "): the runtime accepts 1 to " << kGraphMaxNodes
      << " (GRAPH_MAX_NODES)";
}

void mayRecordNoNode(GraphOp graph) {
  emitOpErrorAt(graph)
      << "may record no node: each of its nodes is a barrier whose "
         "dependencies may all be invalid task ids, and such a barrier is "
         "not submitted; the runtime accepts 1 to "
      << kGraphMaxNodes << " nodes (GRAPH_MAX_NODES)";
}

void unrecordableRead(ReadOp read, GraphOp graph, bool boundary) {
  emitOpErrorAt(read)
      << "reads, while Graph @" << graph.getName() << " is recorded, "
      << (boundary ? "a tensor a task of the Graph writes"
                   : "a buffer the Graph allocates or a task produces")
      << ": its contents do not exist before the Graph's tasks run";
}

void oncePerCallAllocation(Operation *alloc, GraphOp graph) {
  emitOpErrorAt(alloc)
      << "allocates at the top level of Graph @" << graph.getName()
      << ": the buffer would come off the graph heap, which is never "
         "reclaimed mid-run; it must be a parameter that callers allocate";
}

void derivedScalar(Operation *op, GraphOp graph) {
  emitOpErrorAt(op)
      << "computes, in Graph @" << graph.getName()
      << ", a value from its boundary scalars: it must be a parameter "
         "that callers compute, or replay would reuse the first call's "
         "value";
}

} // namespace mlir::pto::graph_diagnostics
