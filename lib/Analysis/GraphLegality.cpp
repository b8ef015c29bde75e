//===- GraphLegality.cpp - host_build_graph boundary rules ----------------===//

#include "pto/Analysis/GraphLegality.h"

#include "pto/Analysis/AllocBatching.h"
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
  DenseMap<GraphOp, SmallVector<CallOp>> callers;
  for (Operation &func : module.getBody()->getOperations())
    if (isa<GraphOp, OrchestrationOp>(func))
      func.walk([&](CallOp call) {
        if (GraphOp graph = graphs.lookup(call.getCalleeAttr().getAttr()))
          callers[graph].push_back(call);
      });
  return callers;
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
static uint64_t countNodes(Block &block,
                           const DenseMap<Block *, unsigned> &barriers) {
  uint64_t count = countAllocationBatches(block) + barriers.lookup(&block);
  for (Operation &op : block) {
    if (isa<SubmitOp, TaskDummyOp>(op)) {
      count = llvm::SaturatingAdd<uint64_t>(count, 1);
      continue;
    }
    uint64_t trips = 1;
    if (auto loop = dyn_cast<scf::ForOp>(op))
      trips = std::max<int64_t>(
          ReplayInvariance::getConstantTripCount(loop).value_or(1), 0);
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        count = llvm::SaturatingAdd<uint64_t>(
            count, llvm::SaturatingMultiply<uint64_t>(
                       trips, countNodes(nested, barriers)));
  }
  return count;
}

int64_t countRecordedNodes(GraphOp graph) {
  if (graph.isExternal())
    return 0;
  // The barriers pto-expand-manual-phase-fence will insert record nodes
  // too: charged now, so that a Graph accepted here is still accepted after
  // the prepare pipeline.
  DenseMap<Block *, unsigned> barriers;
  for (auto &fence : getPhaseFences(graph))
    ++barriers[fence.first.getParentBlock()];
  return std::min<uint64_t>(countNodes(graph.getBody().front(), barriers),
                            std::numeric_limits<int64_t>::max());
}

Operation *getCallVaryingBufferChoice(Value tensor,
                                      const ReplayInvariance &analysis,
                                      BufferProvenance &provenance) {
  for (Value choice :
       provenance.getPossibleRoots(tensor, BufferProvenance::FollowTies)) {
    if (!provenance.isChoice(choice) || !provenance.mayNameArgument(choice))
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

/// Describes why `parent` makes a launch or allocation vary between calls.
static void describeRuntimeParent(InFlightDiagnostic &diag, Operation *parent) {
  if (isa<scf::ForOp>(parent))
    diag.attachNote(parent->getLoc())
        << "inside this loop, whose bounds are not literals";
  else if (isa<scf::IfOp>(parent))
    diag.attachNote(parent->getLoc()) << "inside this branch";
  else if (isa<scf::WhileOp>(parent))
    diag.attachNote(parent->getLoc()) << "inside this while loop";
  else
    diag.attachNote(parent->getLoc())
        << "inside this '" << parent->getName() << "'";
}

LogicalResult verifyConstructionReads(GraphOp graph,
                                      const BufferProvenance &provenance) {
  if (graph.isExternal())
    return success();
  // Buffers a task of this Graph writes, through any window of them.
  const LaunchSignatures &launches = provenance.getLaunchSignatures();
  DenseSet<Value> written;
  graph.walk([&](SubmitOp submit) {
    for (OpResult result : submit.getOuts())
      if (Value operand = launches.getTiedOperand(result))
        written.insert(provenance.getViewBase(operand));
  });
  bool failed = false;
  graph.walk([&](ReadOp read) {
    Value root = provenance.getViewBase(read.getSource());
    auto arg = dyn_cast<BlockArgument>(root);
    bool boundary = arg && arg.getOwner() == &graph.getBody().front();
    if (boundary && !written.contains(root))
      return;
    read.emitOpError() << "reads, while Graph @" << graph.getName()
                       << " is recorded, "
                       << (boundary
                               ? "a tensor a task of the Graph writes"
                               : "a buffer the Graph allocates or a task produces")
                       << ": its contents do not exist before the Graph's "
                          "tasks run";
    failed = true;
  });
  return failure(failed);
}

LogicalResult verifyGraphLegality(GraphOp graph,
                                  const ReplayInvariance &analysis,
                                  BufferProvenance &provenance,
                                  ArrayRef<CallOp> callers) {
  bool failed = false;
  auto module = graph->getParentOfType<ModuleOp>();

  // The target runtime.
  if (module && getModuleRuntime(module) != Runtime::host_build_graph) {
    emitOpErrorAt(graph)
        << "needs the host_build_graph runtime, but the module targets "
        << stringifyRuntime(getModuleRuntime(module))
        << ": Graph launches (GraphTaskArgs, rt_submit_graph) exist only in "
           "host_build_graph; set pto.runtime = "
           "#pto.runtime<host_build_graph> on the module";
    return failure();
  }

  // The boundary.
  unsigned numTensors = getNumTensorArgs(graph);
  unsigned numScalars = graph.getNumArguments() - numTensors;
  if (numTensors == 0) {
    emitOpErrorAt(graph) << "has no tensor parameter: a Graph with an empty "
                           "boundary has nothing to patch on replay, and the "
                           "runtime refuses to cache it";
    failed = true;
  }
  if (numTensors > kGraphMaxTensorArgs) {
    emitOpErrorAt(graph) << "has " << numTensors
                        << " tensor parameters: the runtime accepts at most "
                        << kGraphMaxTensorArgs << " (GRAPH_MAX_TENSOR_ARGS)";
    failed = true;
  }
  if (numScalars > kGraphMaxScalarArgs) {
    emitOpErrorAt(graph) << "has " << numScalars
                        << " scalar parameters: the runtime accepts at most "
                        << kGraphMaxScalarArgs << " (GRAPH_MAX_SCALAR_ARGS)";
    failed = true;
  }
  if (graph.isExternal())
    return failure();

  // Returns: only the Graph's own parameters.
  Block &entry = graph.getBody().front();
  auto ret = cast<ReturnOp>(entry.getTerminator());
  for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
    if (!isa<TensorType>(value.getType())) {
      ret.emitOpError() << "returns at position " << index << " a scalar from "
                        << "Graph @" << graph.getName()
                        << ": a Graph launch hands back only the buffers it "
                           "was passed, never a value";
      failed = true;
      continue;
    }
    auto arg = dyn_cast<BlockArgument>(value);
    if (arg && arg.getOwner() == &entry)
      continue;
    ret.emitOpError() << "returns at position " << index
                      << " a value that is not a parameter of @"
                      << graph.getName()
                      << ": a Graph launch yields a valid task id only on a "
                         "cache hit, so a caller may only get back the "
                         "buffers it passed in";
    failed = true;
  }

  // The body.
  graph.walk([&](Operation *op) {
    // Replay re-derives no view: every window left in the body is frozen
    // at the first call's, so it must be the same on every call, whatever
    // buffer it is a window of.
    if (auto slice = dyn_cast<SliceOp>(op)) {
      for (Value operand : llvm::concat<Value>(slice.getOffsets(), slice.getSizes())) {
        if (analysis.isReplayInvariant(operand))
          continue;
        InFlightDiagnostic diag =
            slice.emitOpError()
            << "takes, in Graph @" << graph.getName()
            << ", a view whose window can differ between calls: replay "
               "reuses the window of the first call";
        if (Operation *def = operand.getDefiningOp())
          diag.attachNote(def->getLoc()) << "the window depends on this value";
        failed = true;
        break;
      }
    }
    // The host does not re-run the body on replay.
    if (auto write = dyn_cast<WriteOp>(op)) {
      write.emitOpError() << "writes a host tensor in Graph @" << graph.getName()
                          << ": replay does not re-run the body, so the write "
                             "would happen on the first call only";
      failed = true;
    }
    if (isa<FullOp>(op)) {
      op->emitOpError() << "is not supported in a Graph: orchestration code "
                           "generation has no lowering for it";
      failed = true;
      return;
    }
    if (auto call = dyn_cast<CallOp>(op)) {
      call.emitOpError() << "calls Graph @" << call.getCallee()
                         << " from Graph @" << graph.getName()
                         << ": the runtime cannot record a Graph while "
                            "recording another";
      failed = true;
      return;
    }
    bool isLaunch = isa<SubmitOp, TaskDummyOp>(op);
    if (isLaunch || isa<CreateOp>(op)) {
      if (Operation *parent = getRuntimeControlFlowParent(op, graph)) {
        InFlightDiagnostic diag = op->emitOpError();
        diag << (isLaunch ? "launches a task" : "allocates a tensor")
             << " a number of times that can differ between calls of Graph @"
             << graph.getName()
             << ": the recording fixes the topology on the first call and "
                "replays it unchanged";
        describeRuntimeParent(diag, parent);
        failed = true;
      }
    }
    if (auto create = dyn_cast<CreateOp>(op)) {
      if (!create.getType().hasStaticShape()) {
        create.emitOpError()
            << "allocates " << create.getType()
            << " in Graph @" << graph.getName()
            << ": an allocation's shape must be a compile-time constant, "
               "since recording copies it into the node and replay would "
               "reuse the first call's shape";
        failed = true;
      }
    }
    // A task or view must name the same boundary buffer on every call.
    if (isa<SubmitOp, SliceOp, TransposeOp>(op)) {
      for (Value operand : op->getOperands()) {
        if (!isa<TensorType>(operand.getType()))
          continue;
        if (Operation *choice = getCallVaryingBufferChoice(operand, analysis, provenance)) {
          InFlightDiagnostic diag =
              op->emitOpError()
              << "reads a tensor chosen among boundary tensors of Graph @"
              << graph.getName()
              << " by a value that can differ between calls: replay would "
                 "reuse the buffer the first call chose";
          diag.attachNote(choice->getLoc()) << "the buffer is chosen here";
          failed = true;
          break;
        }
      }
    }
    if (auto submit = dyn_cast<SubmitOp>(op)) {
      if (Value coreNum = submit.getCoreNum();
          coreNum && !matchPattern(coreNum, m_Constant())) {
        submit.emitOpError() << "has a core_num that is not a literal: a "
                                "Graph's recorded launches are fixed";
        failed = true;
      }
      for (auto [index, arg] : llvm::enumerate(submit.getArgs())) {
        if (!isScalarType(arg.getType()) || analysis.isScalarParameter(arg) ||
            analysis.isReplayInvariant(arg))
          continue;
        // Not hoistable because it has no value at all: say that instead.
        Operation *def = arg.getDefiningOp();
        if (isa_and_nonnull<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp,
                            arith::RemUIOp, arith::CeilDivSIOp,
                            arith::CeilDivUIOp, arith::FloorDivSIOp>(def) &&
            matchPattern(def->getOperand(1), m_Zero())) {
          def->emitOpError()
              << "divides by the constant zero: scalar argument #" << index
              << " of the task has no value";
          failed = true;
          continue;
        }
        InFlightDiagnostic diag =
            submit.emitOpError()
            << "passes scalar argument #" << index
            << " computed in Graph @" << graph.getName()
            << " from values that can differ between calls and that its "
               "callers cannot recompute: replay would reuse the first "
               "call's value";
        if (Operation *def = arg.getDefiningOp())
          diag.attachNote(def->getLoc()) << "the argument is computed here";
        failed = true;
      }
    }
  });

  int64_t nodes = countRecordedNodes(graph);
  if (nodes < 1 || nodes > kGraphMaxNodes) {
    emitOpErrorAt(graph)
        << "records " << nodes
        << " nodes (each launch once per loop iteration, allocations in "
           "batches of "
        << kAllocTensorsArgs << "): the runtime accepts 1 to "
        << kGraphMaxNodes << " (GRAPH_MAX_NODES)";
    failed = true;
  }

  // Call sites.
  for (CallOp call : callers) {
    if (!call.getDeps().empty()) {
      call.emitOpError() << "passes explicit dependencies to Graph @"
                         << graph.getName()
                         << ": the runtime rejects explicit dependencies "
                            "across a Graph boundary";
      failed = true;
    }
    if (call.getPredicate()) {
      call.emitOpError() << "passes a dispatch predicate to Graph @"
                         << graph.getName()
                         << ": the runtime ignores a predicate on a Graph "
                            "launch, so the Graph would run unconditionally";
      failed = true;
    }
  }
  return failure(failed);
}

} // namespace mlir::pto
