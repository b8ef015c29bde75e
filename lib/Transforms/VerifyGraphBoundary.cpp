//===- VerifyGraphBoundary.cpp - Replay-safety post-conditions ------------===//
//
// Re-derives from the IR as it stands what a replay-safe Graph satisfies,
// independently of the legalization: it shares only the replay-invariance
// analysis (and the legality rules, which read the runtime's contract).
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"
#include "pto/Analysis/GraphLegality.h"
#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/IR/Threading.h"

namespace mlir::pto {
#define GEN_PASS_DEF_VERIFYGRAPHBOUNDARY
#include "pto/Transforms/Passes.h.inc"
} // namespace mlir::pto

namespace mlir::pto {

static LogicalResult
verifyHoistingPostConditions(GraphOp graph, const ReplayInvariance &analysis) {
  bool failed = false;
  SmallVector<CreateOp> oncePerCall;
  graph.walk([&](CreateOp create) {
    for (Operation *parent = create->getParentOp(); parent != graph;
         parent = parent->getParentOp())
      if (!isa<ScopeOp>(parent))
        return;
    oncePerCall.push_back(create);
  });
  for (CreateOp create : oncePerCall) {
    create.emitOpError()
        << "allocates at the top level of Graph @" << graph.getName()
        << ": the buffer would come off the graph heap, which is never "
           "reclaimed mid-run; it must be a parameter that callers allocate";
    failed = true;
  }
  graph.walk([&](Operation *op) {
    if (isa<arith::ArithDialect>(op->getDialect())) {
      for (Value result : op->getResults()) {
        if (result.use_empty() || !analysis.isHoistable(result) ||
            analysis.isReplayInvariant(result))
          continue;
        op->emitOpError()
            << "computes, in Graph @" << graph.getName()
            << ", a value from its boundary scalars: it must be a parameter "
               "that callers compute, or replay would reuse the first call's "
               "value";
        failed = true;
      }
    }
  });
  return failure(failed);
}

namespace {
struct VerifyGraphBoundaryPass
    : impl::VerifyGraphBoundaryBase<VerifyGraphBoundaryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    LaunchSignatures launches(module);
    SmallVector<GraphOp> graphs(module.getOps<GraphOp>());
    DenseMap<GraphOp, SmallVector<CallOp>> callers = getGraphCallers(module);
    bool hostBuildGraph =
        getModuleRuntime(module) == Runtime::host_build_graph;
    // Each Graph on its own thread; diagnostics in Graph order.
    ParallelDiagnosticHandler diagnostics(context);
    std::atomic<bool> failed = false;
    parallelForEach(context, llvm::seq<size_t>(0, graphs.size()), [&](size_t i) {
      diagnostics.setOrderIDForThread(i);
      GraphOp graph = graphs[i];
      BufferProvenance provenance(graph, launches);
      ReplayInvariance analysis(graph, provenance);
      if (::mlir::failed(
              verifyGraphLegality(graph, analysis, provenance, callers.lookup(graph))))
        failed = true;
      if (!graph.isExternal() && hostBuildGraph &&
          (::mlir::failed(verifyConstructionReads(graph, provenance)) |
           ::mlir::failed(verifyHoistingPostConditions(graph, analysis))))
        failed = true;
      diagnostics.eraseOrderIDForThread();
    });
    if (failed)
      signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace

} // namespace mlir::pto
