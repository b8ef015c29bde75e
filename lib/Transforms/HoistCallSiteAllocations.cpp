//===- HoistCallSiteAllocations.cpp - Graph intermediates out of loops ----===//
//
// The legalization gives every call of a Graph a fresh buffer for each
// allocation it moved out of the body, right before the call: inside a
// caller's loop, one buffer per iteration. Where the body writes every
// element of such a buffer before reading it (EntryLiveness), nothing flows
// from one call to the next through it and one buffer serves every
// iteration.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"
#include "pto/Analysis/EntryLiveness.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Remarks.h"

namespace mlir::pto {
#define GEN_PASS_DEF_HOISTCALLSITEALLOCATIONS
#include "pto/Transforms/Passes.h.inc"

namespace {

/// Returns true if `call`'s operand `index` is a buffer the legalization
/// allocated for it (`#pto.hoisted<allocation>` on the Graph parameter) that
/// nothing but the call reads, and that leaves the call unused.
static bool isCallSiteIntermediate(CallOp call, GraphOp graph, unsigned index) {
  auto create = call.getArgs()[index].getDefiningOp<CreateOp>();
  if (!create || !create->hasOneUse() || !create.getType().hasStaticShape())
    return false;
  auto hoisted = graph.getArgAttrOfType<HoistedAttr>(
      index, PTODialect::getHoistedAttrName());
  if (!hoisted || hoisted.getKind() != HoistedKind::allocation)
    return false;
  // A returned buffer would carry the call's contents on.
  return llvm::all_of(call->getResults(), [&](OpResult result) {
    return result.use_empty() ||
           getReturnedTensorArg(graph, result.getResultNumber()) != index;
  });
}

/// Returns true if `op` is inside a manual scope: the runtime orders no
/// task there by the buffers it touches, so calls sharing a buffer would race.
static bool isInManualScope(Operation *op) {
  for (auto scope = op->getParentOfType<ScopeOp>(); scope;
       scope = scope->getParentOfType<ScopeOp>())
    if (scope.getManual())
      return true;
  return false;
}

struct HoistCallSiteAllocationsPass
    : impl::HoistCallSiteAllocationsBase<HoistCallSiteAllocationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Only Graphs are callees and kernels their tasks: tables of them, not
    // of every symbol (a module may declare a kernel per task).
    DenseMap<StringAttr, GraphOp> graphs;
    DenseMap<StringAttr, KernelOp> kernels;
    for (GraphOp graph : module.getOps<GraphOp>())
      graphs[graph.getSymNameAttr()] = graph;
    for (KernelOp kernel : module.getOps<KernelOp>())
      kernels[kernel.getSymNameAttr()] = kernel;
    std::optional<LaunchSignatures> launches;
    // Per Graph, computed on its first call that could move a buffer.
    DenseMap<Operation *, std::unique_ptr<EntryLiveness>> liveness;
    auto isLiveOnEntry = [&](GraphOp graph, unsigned index) {
      std::unique_ptr<EntryLiveness> &entry = liveness[graph];
      if (!entry) {
        if (!launches)
          launches.emplace(module);
        BufferProvenance provenance(graph, *launches);
        SmallVector<unsigned> params;
        for (unsigned i = 0, e = graph.getNumArguments(); i < e; ++i)
          if (auto hoisted = graph.getArgAttrOfType<HoistedAttr>(
                  i, PTODialect::getHoistedAttrName());
              hoisted && hoisted.getKind() == HoistedKind::allocation)
            params.push_back(i);
        entry = std::make_unique<EntryLiveness>(graph, provenance, kernels,
                                                params);
      }
      return entry->isLiveOnEntry(index);
    };
    SmallVector<std::pair<CreateOp, scf::ForOp>> moves;
    module.walk([&](CallOp call) {
      GraphOp graph = graphs.lookup(call.getCalleeAttr().getAttr());
      if (!graph)
        return;
      for (unsigned index = 0, e = call.getArgs().size(); index < e; ++index) {
        if (!isCallSiteIntermediate(call, graph, index))
          continue;
        // Out of every enclosing loop up to a parallel one, whose
        // iterations need buffers of their own, or any other region.
        auto create = call.getArgs()[index].getDefiningOp<CreateOp>();
        scf::ForOp outermost;
        for (auto loop = dyn_cast<scf::ForOp>(create->getParentOp());
             loop && !loop->hasAttr(PTODialect::getParallelAttrName());
             loop = dyn_cast<scf::ForOp>(loop->getParentOp()))
          outermost = loop;
        if (!outermost)
          continue;
        auto stays = [&] {
          return remark::missed(create.getLoc(),
                                remark::RemarkOpts::name(
                                    "allocation-stays-in-caller-loop")
                                    .category(getArgument()));
        };
        if (isInManualScope(outermost)) {
          stays() << "stays in the loop: the loop is in a manual scope, "
                     "where nothing would order the calls sharing one buffer";
          continue;
        }
        if (isLiveOnEntry(graph, index)) {
          // One string: the remark prints each streamed piece apart.
          stays() << ("stays in the loop: @" + graph.getSymName() +
                      " may read parameter #" + Twine(index) +
                      " before writing it, so a shared buffer would carry "
                      "one call's contents into the next")
                         .str();
          continue;
        }
        moves.push_back({create, outermost});
      }
    });
    // Nothing moved: MLIR need not verify the module again.
    if (moves.empty())
      return markAllAnalysesPreserved();
    for (auto [create, loop] : moves) {
      create->moveBefore(loop);
      remark::passed(create.getLoc(), remark::RemarkOpts::name(
                                          "allocation-out-of-caller-loop")
                                          .category(getArgument()))
          << "moves before the caller's loop: the Graph writes each "
             "element of this intermediate before it reads it, so one buffer "
             "serves every call; the inout parameter orders the calls on it";
    }
  }
};

} // namespace

} // namespace mlir::pto
