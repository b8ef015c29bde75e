//===- LegalizeGraphBoundary.cpp - Make Graphs replay-safe ----------------===//
//
// Hoists what a Graph body derives from its boundary (scalars, views,
// allocations) to every call site as new parameters, then checks the
// runtime's legality rules. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/GraphLegality.h"
#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pto {
#define GEN_PASS_DEF_LEGALIZEGRAPHBOUNDARY
#include "pto/Transforms/Passes.h.inc"
} // namespace mlir::pto

namespace mlir::pto {

namespace {

/// Rewrites one Graph and its call sites. Each call site keeps a mapping from
/// the Graph's parameters to the values it passes, so that a hoisted
/// expression is rebuilt there from the caller's own operands.
class GraphBoundaryLegalizer {
public:
  GraphBoundaryLegalizer(GraphOp graph, ArrayRef<CallOp> callers)
      : graph(graph), callers(callers), analysis(graph),
        rewriter(graph.getContext()) {
    for (CallOp call : callers) {
      IRMapping &mapping = callMappings[call];
      for (auto [param, arg] :
           llvm::zip_equal(entry().getArguments(), call.getArgs()))
        mapping.map(param, arg);
    }
  }

  LogicalResult run() {
    SmallVector<BlockArgument> usedTensors;
    for (BlockArgument arg : entry().getArguments())
      if (isa<TensorType>(arg.getType()) && !arg.use_empty())
        usedTensors.push_back(arg);
    substituteRenames();
    hoistDerivedScalars();
    hoistAllocations();
    if (failed(hoistViews()))
      return failure();
    eraseDeadHoistedOps();
    dropUnusedBoundaryTensors(usedTensors);
    return success();
  }

  /// A tensor parameter the body no longer reads after hoisting (every use
  /// was a view now taken at the call site) leaves the boundary: next to the
  /// views of it, it would put their per-call offsets into the Graph key and
  /// record a new definition per call. A Graph keeps at least one tensor.
  void dropUnusedBoundaryTensors(ArrayRef<BlockArgument> usedBefore) {
    llvm::BitVector dead(graph.getNumArguments());
    for (BlockArgument arg : usedBefore)
      if (arg.use_empty())
        dead.set(arg.getArgNumber());
    if (dead.any() && dead.count() == getNumTensorArgs(graph))
      dead.reset(dead.find_first());
    if (dead.none())
      return;
    for (CallOp call : callers) {
      SmallVector<Value> args;
      SmallVector<Attribute> dicts;
      ArrayAttr callArgAttrs = call.getArgAttrsAttr();
      for (auto [index, arg] : llvm::enumerate(call.getArgs())) {
        if (dead.test(index))
          continue;
        args.push_back(arg);
        if (callArgAttrs)
          dicts.push_back(callArgAttrs[index]);
      }
      rewriter.modifyOpInPlace(call, [&] {
        call.getArgsMutable().assign(args);
        if (callArgAttrs)
          call.setArgAttrsAttr(ArrayAttr::get(call.getContext(), dicts));
      });
    }
    (void)graph.eraseArguments(dead);
  }

private:
  Block &entry() { return graph.getBody().front(); }

  /// Appends a parameter: tensors after the last tensor parameter, scalars
  /// last. Every call site passes `argumentAt(call)` for it, built right
  /// before the call.
  BlockArgument addParameter(Type type, Direction direction, Location loc,
                             function_ref<Value(OpBuilder &, CallOp)> argumentAt) {
    unsigned index = isa<TensorType>(type) ? getNumTensorArgs(graph)
                                           : graph.getNumArguments();
    auto attrs = DictionaryAttr::get(graph.getContext());
    if (isa<TensorType>(type) && direction != Direction::in)
      attrs = DictionaryAttr::get(
          graph.getContext(),
          {NamedAttribute(
              StringAttr::get(graph.getContext(),
                              PTODialect::getDirectionAttrName()),
              DirectionAttr::get(graph.getContext(), direction))});
    (void)graph.insertArgument(index, type, attrs, loc);
    BlockArgument param = entry().getArgument(index);

    for (CallOp call : callers) {
      rewriter.setInsertionPoint(call);
      Value arg = argumentAt(rewriter, call);
      callMappings[call].map(param, arg);
      SmallVector<Value> args(call.getArgs());
      args.insert(args.begin() + index, arg);
      rewriter.modifyOpInPlace(call, [&] {
        call.getArgsMutable().assign(args);
        // Call-site argument attributes stay one per argument.
        if (ArrayAttr callArgAttrs = call.getArgAttrsAttr()) {
          SmallVector<Attribute> dicts(callArgAttrs.getValue());
          dicts.insert(dicts.begin() + index, attrs);
          call.setArgAttrsAttr(ArrayAttr::get(call.getContext(), dicts));
        }
      });
    }
    return param;
  }

  /// Returns true if a call site can rebuild `value` from its arguments:
  /// a hoistable scalar, or the extent of a boundary tensor (`pto.dim`),
  /// through pure arithmetic.
  bool isRebuildable(Value value) {
    if (analysis.isHoistable(value))
      return true;
    if (auto dim = value.getDefiningOp<DimOp>()) {
      auto arg = dyn_cast<BlockArgument>(dim.getSource());
      return arg && arg.getOwner() == &entry();
    }
    Operation *def = value.getDefiningOp();
    return def && isa<arith::ArithDialect>(def->getDialect()) && isPure(def) &&
           def->getNumRegions() == 0 &&
           llvm::all_of(def->getOperands(),
                        [&](Value v) { return isRebuildable(v); });
  }

  /// Rebuilds `value` (see isRebuildable) at a call site from the caller's
  /// operands: constants, pure arithmetic and boundary extents are cloned.
  Value rebuildAtCallSite(OpBuilder &builder, CallOp call, Value value) {
    IRMapping &mapping = callMappings[call];
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    Operation *def = value.getDefiningOp();
    assert(def && "a hoistable value is a parameter, a constant or arithmetic");
    for (Value operand : def->getOperands())
      rebuildAtCallSite(builder, call, operand);
    Operation *clone = builder.clone(*def, mapping);
    return clone->getResult(cast<OpResult>(value).getResultNumber());
  }

  /// A bare rename computes nothing: an arithmetic op that folds to one of
  /// its operands (`x + 0`, `x * 1`, a same-type cast) is replaced by that
  /// operand, so every reader reads the root, in one pass over the chain.
  void substituteRenames() {
    SmallVector<Operation *> renames;
    graph.walk([&](Operation *op) {
      if (!isa<arith::ArithDialect>(op->getDialect()) ||
          op->getNumResults() != 1 || !isPure(op))
        return;
      SmallVector<OpFoldResult> folded;
      SmallVector<Attribute> constants(op->getNumOperands());
      for (auto [index, operand] : llvm::enumerate(op->getOperands()))
        matchPattern(operand, m_Constant(&constants[index]));
      Operation *clone = op; // fold() only inspects the op.
      if (failed(clone->fold(constants, folded)) || folded.size() != 1)
        return;
      auto value = dyn_cast<Value>(folded.front());
      if (!value || value == op->getResult(0))
        return;
      rewriter.replaceAllUsesWith(op->getResult(0), value);
      renames.push_back(op);
    });
    for (Operation *op : renames)
      rewriter.eraseOp(op);
  }

  /// Step A: every scalar the body computes from its own scalar parameters
  /// (and constants) becomes a scalar parameter; callers compute it.
  void hoistDerivedScalars() {
    SmallVector<Value> derived;
    graph.walk([&](Operation *op) {
      if (!isa<arith::ArithDialect>(op->getDialect()))
        return;
      for (Value result : op->getResults())
        if (!result.use_empty() && analysis.isHoistable(result) &&
            !analysis.isReplayInvariant(result))
          derived.push_back(result);
    });
    // In definition order: a derived value's operands are hoisted first, so
    // the call site rebuilds it from the caller's copies of them.
    for (Value value : derived) {
      BlockArgument param = addParameter(
          value.getType(), Direction::in, value.getLoc(),
          [&](OpBuilder &builder, CallOp call) {
            return rebuildAtCallSite(builder, call, value);
          });
      rewriter.replaceAllUsesWith(value, param);
      hoisted.insert(value.getDefiningOp());
    }
  }

  /// Step C: a top-level allocation (one that runs once per call: in the
  /// body or in scopes of it) becomes an InOut parameter; each caller
  /// allocates `<name>__graph_arg<N>` right before the call. Creates under
  /// loops are fresh buffers per iteration and stay.
  void hoistAllocations() {
    SmallVector<CreateOp> creates;
    graph.walk([&](CreateOp create) {
      for (Operation *parent = create->getParentOp(); parent != graph;
           parent = parent->getParentOp())
        if (!isa<ScopeOp>(parent))
          return;
      creates.push_back(create);
    });
    unsigned counter = 0;
    for (CreateOp create : creates) {
      if (!create.getType().hasStaticShape())
        continue; // Rejected by the legality check: the shape is not literal.
      std::string name = "alloc";
      if (auto nameLoc = dyn_cast<NameLoc>(create.getLoc()))
        name = nameLoc.getName().str();
      std::string argName = name + "__graph_arg" + std::to_string(counter++);
      BlockArgument param = addParameter(
          create.getType(), Direction::inout, create.getLoc(),
          [&](OpBuilder &builder, CallOp call) -> Value {
            Location loc = NameLoc::get(builder.getStringAttr(argName),
                                        call.getLoc());
            return builder.create<CreateOp>(loc, create.getType(), ValueRange{});
          });
      rewriter.replaceAllUsesWith(create.getResult(), param);
      rewriter.eraseOp(create);
    }
  }

  /// Returns the Graph parameter a view's source names by buffer identity,
  /// looking through tied results and views left in the body; sets
  /// `throughView` if the chain passes a view that stays in the body.
  BlockArgument getBoundaryRoot(Value source, bool &throughView) {
    throughView = false;
    Value current = source;
    while (true) {
      Value root = getBufferRoot(current);
      if (auto arg = dyn_cast<BlockArgument>(root))
        return arg.getOwner() == &entry() && isa<TensorType>(arg.getType())
                   ? arg
                   : BlockArgument();
      Operation *def = root.getDefiningOp();
      if (auto slice = dyn_cast<SliceOp>(def)) {
        current = slice.getSource();
      } else if (auto transpose = dyn_cast<TransposeOp>(def)) {
        current = transpose.getSource();
      } else {
        return {};
      }
      throughView = true;
    }
  }

  /// Step B: views of boundary tensors, in definition order (a view of a
  /// hoisted view sees a parameter as its source).
  LogicalResult hoistViews() {
    SmallVector<SliceOp> slices;
    graph.walk([&](SliceOp slice) { slices.push_back(slice); });
    bool failed = false;
    for (SliceOp slice : slices) {
      bool throughView = false, chosenAtRunTime = false;
      BlockArgument root = getBoundaryRoot(slice.getSource(), throughView);
      if (!root) {
        // A buffer chosen at run time may still be a boundary tensor: the
        // call site has no single name for it, so only a window that cannot
        // move is correct.
        root = getPossibleViewedArgument(entry(), slice.getSource());
        if (!root)
          continue; // A view of a region-local buffer.
        chosenAtRunTime = true;
      }

      SmallVector<Value> operands(slice.getOffsets());
      llvm::append_range(operands, slice.getSizes());
      auto isInvariant = [&](Value v) { return analysis.isReplayInvariant(v); };
      bool allInvariant = llvm::all_of(operands, isInvariant);
      // The call site rebuilds the window from its own arguments: offsets
      // that are hoistable, sizes that are also the same on every call
      // (replay copies a view's shape from the recording).
      bool offsetsHoistable = llvm::all_of(
          slice.getOffsets(), [&](Value v) { return analysis.isHoistable(v); });
      bool sizesRebuildable = llvm::all_of(slice.getSizes(), [&](Value v) {
        return isInvariant(v) && isRebuildable(v);
      });
      bool sizesHoistable = llvm::all_of(
          slice.getSizes(), [&](Value v) { return analysis.isHoistable(v); });

      bool rebuildable = !throughView && !chosenAtRunTime;
      bool hoist = rebuildable && offsetsHoistable && sizesRebuildable;
      // Every operand the same on every call and some of them not
      // reconstructible at the call site: frozen, and correctly so.
      if (!hoist && allInvariant)
        continue;
      if (!hoist && rebuildable && offsetsHoistable && sizesHoistable) {
        slice.emitOpError()
            << "takes a view of boundary tensor #" << root.getArgNumber()
            << " of Graph @" << graph.getName()
            << " whose shape reads a boundary scalar: replay would apply the "
               "first call's shape to every call";
        failed = true;
        continue;
      }
      if (!hoist) {
        InFlightDiagnostic diag = slice.emitOpError();
        diag << "takes a view of boundary tensor #" << root.getArgNumber()
             << " of Graph @" << graph.getName()
             << " whose window can differ between calls but cannot be "
                "rebuilt at the call site";
        if (chosenAtRunTime)
          diag << " (its source is chosen among buffers at run time)";
        else if (throughView)
          diag << " (it is built on a view that stays in the body)";
        diag << ": replay would reuse the first call's offset";
        for (Value v : operands)
          if (!analysis.isHoistable(v) && !analysis.isReplayInvariant(v))
            if (Operation *def = v.getDefiningOp())
              diag.attachNote(def->getLoc())
                  << "this value varies between calls";
        failed = true;
        continue;
      }
      hoistView(slice, root);
    }
    return failure(failed);
  }

  void hoistView(SliceOp slice, BlockArgument root) {
    Direction direction = getArgDirection(graph, root.getArgNumber());
    BlockArgument param = addParameter(
        slice.getType(), direction, slice.getLoc(),
        [&](OpBuilder &builder, CallOp call) -> Value {
          SmallVector<Value> offsets, sizes;
          for (Value v : slice.getOffsets())
            offsets.push_back(rebuildAtCallSite(builder, call, v));
          for (Value v : slice.getSizes())
            sizes.push_back(rebuildAtCallSite(builder, call, v));
          return builder.create<SliceOp>(
              slice.getLoc(), slice.getType(), callMappings[call].lookup(root),
              offsets, sizes, slice.getStaticOffsetsAttr(),
              slice.getStaticSizesAttr());
        });
    rewriter.replaceAllUsesWith(slice.getResult(), param);
    rewriter.eraseOp(slice);
  }

  /// The hoisted scalar computations are dead in the body now; views may
  /// still have used them, so erase in reverse definition order.
  void eraseDeadHoistedOps() {
    for (Operation *op : llvm::reverse(hoisted))
      if (op->use_empty())
        rewriter.eraseOp(op);
    // What fed only hoisted values (constants, boundary extents) is dead
    // too; a dead read of a boundary tensor would keep it on the boundary.
    bool changed = true;
    while (changed) {
      changed = false;
      graph.walk<WalkOrder::PostOrder>([&](Operation *op) {
        if (op->getNumResults() && op->use_empty() && isPure(op) &&
            op->getNumRegions() == 0) {
          rewriter.eraseOp(op);
          changed = true;
        }
      });
    }
  }

  GraphOp graph;
  SmallVector<CallOp> callers;
  ReplayInvariance analysis;
  IRRewriter rewriter;
  DenseMap<Operation *, IRMapping> callMappings;
  SetVector<Operation *> hoisted;
};

struct LegalizeGraphBoundaryPass
    : impl::LegalizeGraphBoundaryBase<LegalizeGraphBoundaryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbolTables;
    SymbolUserMap users(symbolTables, module);
    SmallVector<GraphOp> graphs(module.getOps<GraphOp>());
    bool failed = false;
    for (GraphOp graph : graphs) {
      // Decided before any rewriting: hoisting into a Graph that cannot
      // exist here, or into another Graph's body, would only move the error.
      if (getModuleRuntime(module) != Runtime::host_build_graph) {
        ReplayInvariance analysis(graph);
        (void)verifyGraphLegality(graph, analysis, {});
        failed = true;
        continue;
      }
      SmallVector<CallOp> callers = getGraphCallers(users, graph);
      // A Graph called from a Graph is not rewritten. Each Graph-to-Graph
      // call is reported once, by the Graph whose body holds it: here, since
      // this Graph's body is not checked further.
      if (llvm::any_of(callers, [](CallOp call) {
            return call->getParentOfType<GraphOp>() != nullptr;
          })) {
        graph.walk([&](CallOp call) {
          call.emitOpError() << "calls Graph @" << call.getCallee()
                             << " from Graph @" << graph.getName()
                             << ": the runtime cannot record a Graph while "
                                "recording another";
        });
        failed = true;
        continue;
      }
      // Decided on the body as written: hoisting a written window to the
      // call site would hide that it aliases a tensor the body reads.
      if (::mlir::failed(verifyConstructionReads(graph))) {
        failed = true;
        continue;
      }
      GraphBoundaryLegalizer legalizer(graph, callers);
      if (::mlir::failed(legalizer.run())) {
        failed = true;
        continue;
      }
      ReplayInvariance analysis(graph);
      if (::mlir::failed(verifyGraphLegality(graph, analysis, callers)))
        failed = true;
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace

} // namespace mlir::pto
