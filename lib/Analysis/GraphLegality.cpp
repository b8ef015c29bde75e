//===- GraphLegality.cpp - host_build_graph boundary rules ----------------===//

#include "pto/Analysis/GraphLegality.h"

#include "pto/Analysis/AllocBatching.h"
#include "pto/Analysis/GraphDiagnostics.h"
#include "pto/Analysis/PhaseFence.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::pto {

DenseMap<GraphOp, SmallVector<CallOp>> getGraphCallers(ModuleOp module) {
  DenseMap<StringAttr, GraphOp> graphs;
  for (GraphOp graph : module.getOps<GraphOp>())
    graphs[graph.getSymNameAttr()] = graph;
  // Only orchestration functions call Graphs (the CallOp verifier rejects a
  // call in a Graph), so the Graphs' bodies, most of a module, are not walked.
  DenseMap<GraphOp, SmallVector<CallOp>> callers;
  for (OrchestrationOp func : module.getOps<OrchestrationOp>())
    func.walk([&](CallOp call) {
      if (GraphOp graph = graphs.lookup(call.getCalleeAttr().getAttr()))
        callers[graph].push_back(call);
    });
  return callers;
}

ExecutionCount getExecutionsPerCall(Operation *op) {
  ExecutionCount executions;
  for (Operation *parent = op->getParentOp();
       parent && !isa<GraphOp, OrchestrationOp, ModuleOp>(parent);
       parent = parent->getParentOp()) {
    if (isa<ScopeOp>(parent))
      continue;
    std::optional<int64_t> trips;
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      trips = ReplayInvariance::getConstantTripCount(loop);
    if (trips)
      executions.count = llvm::SaturatingMultiply<uint64_t>(
          executions.count, std::max<int64_t>(*trips, 0));
    else
      executions.exact = false;
  }
  return executions;
}

Operation *getRuntimeControlFlowParent(Operation *op, GraphOp graph) {
  Operation *runtimeParent = nullptr;
  for (Operation *parent = op->getParentOp(); parent && parent != graph;
       parent = parent->getParentOp()) {
    if (isa<ScopeOp>(parent))
      continue;
    if (auto loop = dyn_cast<scf::ForOp>(parent);
        loop && ReplayInvariance::getConstantTripCount(loop))
      continue;
    if (!runtimeParent)
      runtimeParent = parent;
  }
  return runtimeParent;
}

/// `barriers`: per block, the phase-fence barriers to be inserted in it.
/// `min` counts only the nodes recorded on every call: a barrier that may
/// have only invalid dependencies (the phase fences included) may record
/// nothing.
static RecordedNodes countNodes(Block &block,
                                const DenseMap<Block *, unsigned> &barriers) {
  uint64_t batches = countAllocationBatches(block);
  RecordedNodes count{batches, batches + barriers.lookup(&block)};
  auto add = [](uint64_t &total, uint64_t more) {
    total = llvm::SaturatingAdd<uint64_t>(total, more);
  };
  for (Operation &op : block) {
    if (isa<SubmitOp>(op)) {
      add(count.min, 1);
      add(count.max, 1);
      continue;
    }
    if (auto barrier = dyn_cast<TaskDummyOp>(op)) {
      add(count.min, isAlwaysSubmitted(barrier) ? 1 : 0);
      add(count.max, 1);
      continue;
    }
    uint64_t trips = 1;
    if (auto loop = dyn_cast<scf::ForOp>(op))
      trips = std::max<int64_t>(
          ReplayInvariance::getConstantTripCount(loop).value_or(1), 0);
    for (Region &region : op.getRegions())
      for (Block &nested : region) {
        RecordedNodes inner = countNodes(nested, barriers);
        add(count.min, llvm::SaturatingMultiply<uint64_t>(trips, inner.min));
        add(count.max, llvm::SaturatingMultiply<uint64_t>(trips, inner.max));
      }
  }
  return count;
}

RecordedNodes countRecordedNodeRange(GraphOp graph) {
  if (graph.isExternal())
    return {};
  // The barriers pto-expand-manual-phase-fence will insert record nodes
  // too: charged now, so that a Graph accepted here is still accepted after
  // the prepare pipeline.
  DenseMap<Block *, unsigned> barriers;
  for (auto &fence : getPhaseFences(graph))
    ++barriers[fence.first.getParentBlock()];
  return countNodes(graph.getBody().front(), barriers);
}

int64_t countRecordedNodes(GraphOp graph) {
  return std::min<uint64_t>(countRecordedNodeRange(graph).max,
                            std::numeric_limits<int64_t>::max());
}

Operation *getCallVaryingBufferChoice(Value tensor,
                                      const ReplayInvariance &analysis,
                                      BufferProvenance &provenance) {
  if (!provenance.hasChoices())
    return nullptr;
  for (Value choice :
       provenance.getPossibleRoots(tensor, BufferProvenance::FollowTies)) {
    // Through views too: a choice between two windows of one boundary
    // tensor (two members of an arena) is frozen just the same.
    if (!provenance.isChoice(choice) ||
        !provenance.getLowestPossibleViewedArgument(choice))
      continue;
    if (auto select = choice.getDefiningOp<arith::SelectOp>()) {
      if (!analysis.isReplayInvariant(select.getCondition()))
        return select;
    } else if (auto branch = choice.getDefiningOp<scf::IfOp>()) {
      if (!analysis.isReplayInvariant(branch.getCondition()))
        return branch;
    } else {
      // A loop carry that changes buffers: the same sequence on every call
      // only if the loop has constant bounds.
      auto loop = choice.getDefiningOp<scf::ForOp>();
      if (!loop)
        loop = cast<scf::ForOp>(
            cast<BlockArgument>(choice).getOwner()->getParentOp());
      if (!ReplayInvariance::getConstantTripCount(loop))
        return loop;
    }
  }
  return nullptr;
}

LogicalResult verifyConstructionReads(GraphOp graph,
                                      const BufferProvenance &provenance) {
  if (graph.isExternal())
    return success();
  // Buffers a task of this Graph writes, through any window of them.
  DenseSet<Value> written;
  graph.walk([&](SubmitOp submit) {
    for (OpResult result : submit.getOuts())
      if (Value operand = provenance.getTiedOperand(result))
        written.insert(provenance.getViewBase(operand));
  });
  bool failed = false;
  graph.walk([&](ReadOp read) {
    Value root = provenance.getViewBase(read.getSource());
    auto arg = dyn_cast<BlockArgument>(root);
    bool boundary = arg && arg.getOwner() == &graph.getBody().front();
    if (boundary && !written.contains(root))
      return;
    graph_diagnostics::unrecordableRead(read, graph, boundary);
    failed = true;
  });
  return failure(failed);
}

LogicalResult verifyParameterWrites(GraphOp graph,
                                    BufferProvenance &provenance) {
  if (graph.isExternal())
    return success();
  Block &entry = graph.getBody().front();
  auto declaredIn = [&](Value root) {
    auto arg = dyn_cast<BlockArgument>(root);
    return arg && arg.getOwner() == &entry &&
           getArgDirection(graph, arg.getArgNumber()) == Direction::in;
  };
  bool failed = false;
  auto check = [&](SubmitOp submit, Value written) {
    // Every buffer a run-time choice may pass, through any window of it.
    for (Value root : provenance.getPossibleRoots(
             written, BufferProvenance::FollowTies | BufferProvenance::FollowViews))
      if (declaredIn(root)) {
        graph_diagnostics::inParameterWritten(submit, graph,
                                              cast<BlockArgument>(root));
        failed = true;
        return;
      }
  };
  graph.walk([&](SubmitOp submit) {
    for (OpResult result : submit.getOuts())
      if (Value operand = provenance.getTiedOperand(result))
        check(submit, operand);
  });
  return failure(failed);
}

LogicalResult verifyGraphSignature(GraphOp graph) {
  namespace diag = graph_diagnostics;
  bool failed = false;
  unsigned numTensors = getNumTensorArgs(graph);
  unsigned numScalars = graph.getNumArguments() - numTensors;
  if (numTensors == 0) {
    diag::noTensorParameter(graph);
    failed = true;
  }
  if (numTensors > kGraphMaxTensorArgs) {
    diag::tooManyTensorParameters(graph, numTensors);
    failed = true;
  }
  if (numScalars > kGraphMaxScalarArgs) {
    diag::tooManyScalarParameters(graph, numScalars);
    failed = true;
  }
  if (graph.isExternal())
    return failure(failed);
  // Returns: only the Graph's own parameters.
  Block &entry = graph.getBody().front();
  auto ret = cast<ReturnOp>(entry.getTerminator());
  for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
    auto arg = dyn_cast<BlockArgument>(value);
    if (!isa<TensorType>(value.getType()))
      diag::scalarReturned(ret, graph, index);
    else if (!arg || arg.getOwner() != &entry)
      diag::nonParameterReturned(ret, graph, index);
    else
      continue;
    failed = true;
  }
  return failure(failed);
}

bool diagnoseUnsupportedInGraph(Operation *op) {
  if (auto setOwner = dyn_cast<SetOwnerOp>(op)) {
    graph_diagnostics::ownerSetInGraph(setOwner);
    return true;
  }
  if (!isa<FullOp>(op))
    return false;
  graph_diagnostics::unsupportedOp(op);
  return true;
}

LogicalResult verifyLaunchArguments(SubmitOp submit, GraphOp graph,
                                    const ReplayInvariance &analysis) {
  namespace diag = graph_diagnostics;
  bool failed = false;
  if (Value coreNum = submit.getCoreNum();
      coreNum && !matchPattern(coreNum, m_Constant())) {
    diag::nonLiteralCoreNum(submit);
    failed = true;
  }
  for (auto [index, arg] : llvm::enumerate(submit.getArgs())) {
    if (!isScalarType(arg.getType()) || analysis.isScalarParameter(arg) ||
        analysis.isReplayInvariant(arg))
      continue;
    // Not hoistable because it has no value at all: say that instead.
    if (Operation *division = getDivisionByConstantZero(arg))
      diag::divisionByZero(division, index);
    else
      diag::varyingScalarArgument(submit, graph, index, arg);
    failed = true;
  }
  return failure(failed);
}

LogicalResult verifyGraphLegality(GraphOp graph,
                                  const ReplayInvariance &analysis,
                                  BufferProvenance &provenance) {
  namespace diag = graph_diagnostics;
  bool failed = false;
  if (::mlir::failed(verifyGraphSignature(graph)))
    failed = true;
  if (graph.isExternal())
    return failure();

  // The body.
  graph.walk([&](Operation *op) {
    // Replay re-derives no view: every window left in the body is frozen
    // at the first call's, so it must be the same on every call, whatever
    // buffer it is a window of.
    if (auto slice = dyn_cast<SliceOp>(op)) {
      for (Value operand :
           llvm::concat<Value>(slice.getOffsets(), slice.getSizes())) {
        if (analysis.isReplayInvariant(operand))
          continue;
        diag::varyingWindow(slice, graph, operand);
        failed = true;
        break;
      }
    }
    if (diagnoseUnsupportedInGraph(op)) {
      failed = true;
      return;
    }
    if (isa<SubmitOp, TaskDummyOp, CreateOp, AllocTensorsOp>(op)) {
      if (Operation *parent = getRuntimeControlFlowParent(op, graph)) {
        diag::varyingRunCount(op, graph, parent);
        failed = true;
      }
    }
    if (isa<CreateOp, AllocTensorsOp>(op)) {
      if (Type dynamic = getDynamicAllocationType(op)) {
        diag::dynamicAllocation(op, dynamic, graph, analysis);
        failed = true;
      }
    }
    // A task or view must name the same boundary buffer on every call.
    if (isa<SubmitOp, ViewLikeOpInterface>(op)) {
      for (Value operand : op->getOperands()) {
        if (!isa<TensorType>(operand.getType()))
          continue;
        if (Operation *choice =
                getCallVaryingBufferChoice(operand, analysis, provenance)) {
          diag::varyingBufferChoice(op, graph, choice);
          failed = true;
          break;
        }
      }
    }
    if (auto submit = dyn_cast<SubmitOp>(op))
      if (::mlir::failed(verifyLaunchArguments(submit, graph, analysis)))
        failed = true;
  });

  RecordedNodes range = countRecordedNodeRange(graph);
  int64_t nodes =
      std::min<uint64_t>(range.max, std::numeric_limits<int64_t>::max());
  if (nodes < 1 || nodes > kGraphMaxNodes) {
    diag::nodeCountOutOfRange(graph, nodes);
    failed = true;
  } else if (range.min < 1) {
    diag::mayRecordNoNode(graph);
    failed = true;
  }

  return failure(failed);
}

Operation *getDivisionByConstantZero(Value value) {
  Operation *def = value.getDefiningOp();
  if (isa_and_nonnull<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp,
                      arith::RemUIOp, arith::CeilDivSIOp, arith::CeilDivUIOp,
                      arith::FloorDivSIOp>(def) &&
      matchPattern(def->getOperand(1), m_Zero()))
    return def;
  return nullptr;
}

} // namespace mlir::pto
