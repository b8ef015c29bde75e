//===- VerifyGraphBoundary.cpp - Replay-safety post-conditions ------------===//
//
// Re-derives from the IR as it stands what a replay-safe Graph satisfies,
// independently of the legalization: its own walk finds the topology (what
// runs a call-varying number of times), the node count and the hoisting
// post-conditions. It shares with the legalization only the replay-
// invariance analysis (with the buffer provenance it is computed on) and
// the wording of each violation (GraphDiagnostics).
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/AllocBatching.h"
#include "pto/Analysis/BufferProvenance.h"
#include "pto/Analysis/GraphDiagnostics.h"
#include "pto/Analysis/GraphLegality.h"
#include "pto/Analysis/PhaseFence.h"
#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Threading.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::pto {
#define GEN_PASS_DEF_VERIFYGRAPHBOUNDARY
#include "pto/Transforms/Passes.h.inc"
} // namespace mlir::pto

namespace mlir::pto {

namespace {
namespace diag = graph_diagnostics;

/// The post-conditions of one Graph body, checked in one top-down walk.
class GraphPostConditions {
public:
  GraphPostConditions(GraphOp graph, const ReplayInvariance &analysis,
                      BufferProvenance &provenance)
      : graph(graph), analysis(analysis), provenance(provenance),
        entry(&graph.getBody().front()) {
    for (auto &fence : getPhaseFences(graph))
      ++barriers[fence.first.getParentBlock()];
  }

  LogicalResult verify() {
    auto [sure, nodes] = walk(*entry, /*runtimeParent=*/nullptr,
                              /*oncePerCall=*/true);
    checkReads();
    int64_t count =
        std::min<uint64_t>(nodes, std::numeric_limits<int64_t>::max());
    if (count < 1 || count > kGraphMaxNodes) {
      diag::nodeCountOutOfRange(graph, count);
      failed = true;
    } else if (sure < 1) {
      diag::mayRecordNoNode(graph);
      failed = true;
    }
    return failure(failed);
  }

private:
  /// Checks the ops of `block` and returns the nodes one execution of it
  /// records at least (a barrier that may have only invalid dependencies,
  /// a phase fence included, may not be submitted) and at most.
  /// `runtimeParent`: the innermost op around `block` whose region runs a
  /// call-varying number of times, or null. `oncePerCall`: `block` runs
  /// exactly once per call (the body, or a scope in it).
  std::pair<uint64_t, uint64_t> walk(Block &block, Operation *runtimeParent,
                                     bool oncePerCall) {
    uint64_t sure = countAllocationBatches(block);
    uint64_t nodes = sure + barriers.lookup(&block);
    for (Operation &op : block) {
      check(op, runtimeParent, oncePerCall);
      if (isa<SubmitOp, TaskDummyOp>(op)) {
        auto barrier = dyn_cast<TaskDummyOp>(op);
        if (!barrier || isAlwaysSubmitted(barrier))
          sure = llvm::SaturatingAdd<uint64_t>(sure, 1);
        nodes = llvm::SaturatingAdd<uint64_t>(nodes, 1);
        continue;
      }
      if (op.getNumRegions() == 0)
        continue;
      // A scope, or a loop of literal bounds, runs its body the same
      // number of times on every call; any other region op (a branch, a
      // while or runtime loop) is the innermost call-varying parent of what
      // it holds, whose nodes it counts once (they are an error anyway).
      uint64_t trips = 1;
      Operation *nestedParent = &op;
      bool nestedOncePerCall = false;
      if (isa<ScopeOp>(op)) {
        nestedParent = runtimeParent;
        nestedOncePerCall = oncePerCall;
      } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
        if (std::optional<int64_t> constant =
                ReplayInvariance::getConstantTripCount(loop)) {
          trips = std::max<int64_t>(*constant, 0);
          nestedParent = runtimeParent;
        }
      }
      for (Region &region : op.getRegions())
        for (Block &nested : region) {
          auto [innerSure, inner] =
              walk(nested, nestedParent, nestedOncePerCall);
          sure = llvm::SaturatingAdd<uint64_t>(
              sure, llvm::SaturatingMultiply<uint64_t>(trips, innerSure));
          nodes = llvm::SaturatingAdd<uint64_t>(
              nodes, llvm::SaturatingMultiply<uint64_t>(trips, inner));
        }
    }
    return {sure, nodes};
  }

  void check(Operation &op, Operation *runtimeParent, bool oncePerCall) {
    if (isa<SubmitOp, TaskDummyOp, CreateOp, AllocTensorsOp>(op) &&
        runtimeParent) {
      diag::varyingRunCount(&op, graph, runtimeParent);
      failed = true;
    }
    if (isa<CreateOp, AllocTensorsOp>(op)) {
      if (oncePerCall) {
        diag::oncePerCallAllocation(&op, graph);
        failed = true;
      }
      if (Type dynamic = getDynamicAllocationType(&op)) {
        diag::dynamicAllocation(&op, dynamic, graph, analysis);
        failed = true;
      }
      return;
    }
    if (diagnoseUnsupportedInGraph(&op)) {
      failed = true;
      return;
    }
    if (auto read = dyn_cast<ReadOp>(op)) {
      reads.push_back(read);
      return;
    }
    if (isa<arith::ArithDialect>(op.getDialect())) {
      // Anything computed from the boundary scalars has moved to the call
      // sites: what is left must be the same on every call.
      for (Value result : op.getResults())
        if (!result.use_empty() && analysis.isHoistable(result) &&
            !analysis.isReplayInvariant(result)) {
          diag::derivedScalar(&op, graph);
          failed = true;
          break;
        }
      return;
    }
    if (auto slice = dyn_cast<SliceOp>(op)) {
      for (Value operand :
           llvm::concat<Value>(slice.getOffsets(), slice.getSizes()))
        if (!analysis.isReplayInvariant(operand)) {
          diag::varyingWindow(slice, graph, operand);
          failed = true;
          break;
        }
    }
    if (isa<SubmitOp, ViewLikeOpInterface>(op))
      for (Value operand : op.getOperands())
        if (isa<TensorType>(operand.getType()))
          if (Operation *choice =
                  getCallVaryingBufferChoice(operand, analysis, provenance)) {
            diag::varyingBufferChoice(&op, graph, choice);
            failed = true;
            break;
          }
    auto submit = dyn_cast<SubmitOp>(op);
    if (!submit)
      return;
    for (OpResult result : submit.getOuts())
      if (Value operand = provenance.getTiedOperand(result))
        written.insert(provenance.getViewBase(operand));
    if (::mlir::failed(verifyLaunchArguments(submit, graph, analysis)))
      failed = true;
  }

  /// A value read while the Graph is recorded must exist before its tasks
  /// run: a boundary tensor no task of the Graph writes.
  void checkReads() {
    for (ReadOp read : reads) {
      Value base = provenance.getViewBase(read.getSource());
      auto arg = dyn_cast<BlockArgument>(base);
      bool boundary = arg && arg.getOwner() == entry;
      if (boundary && !written.contains(base))
        continue;
      diag::unrecordableRead(read, graph, boundary);
      failed = true;
    }
  }

  GraphOp graph;
  const ReplayInvariance &analysis;
  BufferProvenance &provenance;
  Block *entry;
  DenseMap<Block *, unsigned> barriers;
  SmallVector<ReadOp> reads;
  DenseSet<Value> written;
  bool failed = false;
};

struct VerifyGraphBoundaryPass
    : impl::VerifyGraphBoundaryBase<VerifyGraphBoundaryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SmallVector<GraphOp> graphs(module.getOps<GraphOp>());
    markAllAnalysesPreserved();
    if (graphs.empty())
      return;
    LaunchSignatures launches(module);
    // Each Graph on its own thread; parallelFor reports diagnostics in Graph
    // order.
    std::atomic<bool> failed = false;
    parallelFor(context, 0, graphs.size(), [&](size_t i) {
      GraphOp graph = graphs[i];
      // The boundary, the returns and the call sites are read off the
      // signature and the calls, which the walk does not see.
      bool ok = succeeded(verifyGraphSignature(graph));
      if (!graph.isExternal()) {
        BufferProvenance provenance(graph, launches);
        ok &= succeeded(verifyParameterWrites(graph, provenance));
        ReplayInvariance analysis(graph, provenance);
        ok &= succeeded(GraphPostConditions(graph, analysis, provenance).verify());
      }
      if (!ok)
        failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace

} // namespace mlir::pto
