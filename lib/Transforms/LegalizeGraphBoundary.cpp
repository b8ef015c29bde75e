//===- LegalizeGraphBoundary.cpp - Make Graphs replay-safe ----------------===//
//
// Hoists what a Graph body derives from its boundary (scalars, views,
// allocations) to every call site as new parameters, then checks the
// runtime's legality rules. See the pass description in Passes.td.
//
// Each Graph is first analyzed into a plan (what moves, the new parameters,
// the parameters and ops that die), in parallel over the Graphs; then every
// call site is rewritten once from the plans; then each body is rewritten
// once and checked, again in parallel. Diagnostics come out in the order a
// single thread emits them (every plan's, then every check's).
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"
#include "pto/Analysis/GraphHeap.h"
#include "pto/Analysis/GraphLegality.h"
#include "pto/Analysis/ReplayInvariance.h"
#include "pto/Analysis/ViewLayout.h"
#include "pto/Support/UserNames.h"

#include "mlir/Transforms/RegionUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Threading.h"
#include "pto/Dialect/PTO/IR/RuntimeLimits.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/FoldUtils.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::pto {
#define GEN_PASS_DEF_LEGALIZEGRAPHBOUNDARY
#include "pto/Transforms/Passes.h.inc"
} // namespace mlir::pto

namespace mlir::pto {

namespace {

/// What legalizing one Graph moves and removes, decided on its body as
/// written (after renames are substituted) and applied afterwards.
struct GraphPlan {
  GraphOp graph;
  SmallVector<CallOp> callers;
  /// A diagnostic was emitted: nothing is applied to this Graph.
  bool failed = false;
  /// The pass's `arenas` option.
  bool packIntoArenas = true;

  /// Step A: derived scalars that an op staying in the body reads, in
  /// definition order. Each becomes a scalar parameter.
  SmallVector<Value> scalars;
  /// Step C: an allocation that runs once per call, or once per iteration of
  /// constant-trip loops, becomes an InOut tensor parameter.
  struct Allocation {
    CreateOp create;
    /// The buffer each caller allocates for it.
    std::string callSiteName;
    /// The constant-trip loops around it, outermost first (none at the top
    /// level).
    SmallVector<scf::ForOp> loops;
    /// The parameter's type: the create's, with axis 0 `copies` times as
    /// long when under loops.
    TensorType type;
    /// Iterations of the loops (1 at the top level): one window each.
    int64_t copies = 1;
    /// Read only through views that move to the call sites: each caller
    /// allocates it for those views, and it is no parameter itself (next
    /// to views of it at per-call offsets it would change the Graph key on
    /// every call).
    bool callSiteOnly = false;
  };
  SmallVector<Allocation> allocations;
  /// Step C, arenas: allocations of one element type packed into one flat
  /// InOut tensor parameter (after `allocations` in parameter order), each
  /// member viewed at its offset in the body.
  struct Arena {
    Type elementType;
    /// The arena's extent, in elements.
    int64_t elements = 0;
    /// Its name in the body ("arena_bf16") and at the call sites.
    std::string name, callSiteName;
    /// The allocations it holds, with their element offsets.
    SmallVector<Allocation> members;
    SmallVector<int64_t> offsets;

    TensorType getType() const {
      return TensorType::get({elements}, elementType);
    }
  };
  SmallVector<Arena, 2> arenas;
  /// Step B: views taken at the call site instead, in definition order.
  struct View {
    SliceOp slice;
    /// The buffer it is a view of: a tensor parameter, a hoisted allocation
    /// or an earlier hoisted view.
    Value source;
    /// The new parameter's direction: its source's.
    Direction direction;
  };
  SmallVector<View> views;
  /// Ops of the body the rewrite erases: what moves out, and the pure ops
  /// only those fed. Listed users first.
  SmallVector<Operation *> erased;
  /// Parameters of the Graph as written that leave its boundary.
  llvm::BitVector deadArgs;
  /// What a call site clones, in order: before the scalars' parameters, and
  /// then before the views.
  SmallVector<Operation *> scalarSlice, viewSlice;
  /// The remarks explaining each decision, emitted on the main thread once
  /// every Graph is done (in Graph order).
  using RemarkArgs = SmallVector<std::pair<StringRef, std::string>, 3>;
  struct Decision {
    bool moved;
    StringRef name;
    Location loc;
    /// Writes the message and appends the machine-readable arguments (key,
    /// value). Called only when the remark is enabled, so a decision's text
    /// costs nothing otherwise; it captures values, never ops the rewrite
    /// may erase.
    std::function<void(raw_ostream &, RemarkArgs &)> describe;
  };
  SmallVector<Decision> decisions;
  /// Whether remarks are possible at all (the context has a remark engine):
  /// without one the remark-only walks are skipped.
  bool explain = true;

  unsigned numNewTensors() const {
    return allocations.size() + arenas.size() + views.size();
  }
};

/// A decision whose message is fixed text (`text` has static storage).
static GraphPlan::Decision fixedDecision(bool moved, StringRef name,
                                         Location loc, StringRef text) {
  return {moved, name, loc,
          [text](raw_ostream &os, GraphPlan::RemarkArgs &) { os << text; }};
}

/// The argument attributes of a tensor parameter of `direction`: none for
/// `in`, the default.
static DictionaryAttr directionAttrs(MLIRContext *context,
                                     Direction direction) {
  if (direction == Direction::in)
    return DictionaryAttr::get(context);
  return DictionaryAttr::get(
      context, {NamedAttribute(
                   StringAttr::get(context, PTODialect::getDirectionAttrName()),
                   DirectionAttr::get(context, direction))});
}

/// The argument attributes of a parameter the legalization adds: its
/// direction (when not the default) and what it stands for.
static DictionaryAttr newParameterAttrs(MLIRContext *context,
                                        Direction direction,
                                        HoistedAttr hoisted) {
  NamedAttrList attrs(directionAttrs(context, direction));
  attrs.set(PTODialect::getHoistedAttrName(), hoisted);
  return attrs.getDictionary(context);
}

/// Returns true if every offset and size of `slice` is the same on every
/// call: a literal window.
static bool isLiteralWindow(SliceOp slice, const ReplayInvariance &analysis) {
  auto invariant = [&](Value v) { return analysis.isReplayInvariant(v); };
  return llvm::all_of(slice.getOffsets(), invariant) &&
         llvm::all_of(slice.getSizes(), invariant);
}

class IndexConstants;

/// Plans and applies the legalization of one Graph.
class GraphBoundaryLegalizer {
public:
  GraphBoundaryLegalizer(GraphPlan &plan, const LaunchSignatures &launches)
      : plan(plan), graph(plan.graph), launches(launches) {}

  /// Substitutes renames, checks what must be checked on the body as
  /// written, and fills the plan. Touches only the Graph's body.
  void analyze();

  /// Rewrites every call site of the Graph. Reads the body, which must still
  /// be the one analyzed.
  void rewriteCallSites();

  /// Rewrites the body and signature, then checks the legality rules on the
  /// result. Touches only the Graph.
  void rewriteBody();

private:
  Block &entry() { return graph.getBody().front(); }
  void substituteRenames();
  void planAllocations(const ReplayInvariance &analysis);
  void packArenas(SmallVectorImpl<GraphPlan::Allocation> &allocations);
  void planViews(BufferProvenance &provenance,
                 const ReplayInvariance &analysis);
  void planErasure(const ReplayInvariance &analysis);
  /// The Graph's tensor parameters once the plan is applied.
  unsigned countTensorParameters() const;
  /// A hoistable window that may also stay in the body: the same on every
  /// call, and no view is taken of it (a view of it could then need to move
  /// while it stays).
  bool canStayInPlace(SliceOp slice, const ReplayInvariance &analysis) const {
    return isLiteralWindow(slice, analysis) &&
           llvm::none_of(slice->getUsers(), [](Operation *user) {
             return isa<ViewLikeOpInterface>(user);
           });
  }
  void planScalars(const ReplayInvariance &analysis);
  void explainScalars(const ReplayInvariance &analysis);
  void planCallSiteSlices();
  void packIntoArena(GraphPlan::Arena &arena, Value parameter, unsigned final,
                     Operation *before, RewriterBase &rewriter,
                     IndexConstants &constants);
  Value resolveBoundarySource(Value source, const BufferProvenance &provenance,
                              bool &throughView);
  /// A call site can take `slice`'s window when its source is a boundary
  /// buffer: offsets it computes, sizes the same on every call.
  bool hasHoistableOffsets(SliceOp slice, const ReplayInvariance &analysis) {
    return llvm::all_of(slice.getOffsets(),
                        [&](Value v) { return analysis.isHoistable(v); });
  }
  bool hasRebuildableSizes(SliceOp slice, const ReplayInvariance &analysis) {
    return llvm::all_of(slice.getSizes(), [&](Value v) {
      return analysis.isReplayInvariant(v) && rebuildable.contains(v);
    });
  }

  GraphPlan &plan;
  GraphOp graph;
  const LaunchSignatures &launches;
  /// Hoisted views and allocations (what a later view may be a view of),
  /// with their parameter numbers and directions.
  DenseMap<Value, std::pair<unsigned, Direction>> hoistedBuffers;
  /// Ops the rewrite erases.
  DenseSet<Operation *> dead;
  /// Per view left in the body, the boundary buffer it is a window of.
  DenseMap<Value, Value> viewBoundary;
  /// Allocations under loops that become a window per iteration.
  DenseSet<Value> iterationBuffers;
  /// Values a call site can rebuild from its arguments (for view sizes).
  DenseSet<Value> rebuildable;
  /// Set when hoisting every view would pass the tensor-parameter limit:
  /// windows that may stay in the body do.
  bool keepLiteralWindows = false;
};

/// A bare rename computes nothing: a pure op that folds to one of its
/// operands (`x + 0`, `x * 1`, a same-type cast) is replaced by that
/// operand, so every reader reads the root, in one pass over the chain. A
/// `pto.dim` of a literal extent is that literal; a create then left unread
/// allocates for nothing and goes (it would otherwise be hoisted).
void GraphBoundaryLegalizer::substituteRenames() {
  IRRewriter rewriter(graph.getContext());
  SmallVector<Operation *> renames;
  SmallVector<CreateOp> creates;
  graph.walk([&](Operation *op) {
    // Only a create the folding leaves unread: a dead one as written is
    // still checked (and, if legal, erased by canonicalization).
    if (auto create = dyn_cast<CreateOp>(op); create && !create->use_empty())
      creates.push_back(create);
    bool isDim = isa<DimOp>(op);
    // A launch's tied result has its operand's extents: read them there, so
    // that a size from the extent of an in-place result is one of a
    // parameter's.
    if (auto dim = dyn_cast<DimOp>(op)) {
      Value source = dim.getSource();
      while (auto result = dyn_cast<OpResult>(source)) {
        Value tied = launches.getTiedOperand(result);
        if (!tied || tied.getType() != source.getType())
          break;
        source = tied;
      }
      if (source != dim.getSource())
        rewriter.modifyOpInPlace(
            dim, [&] { dim.getSourceMutable().assign(source); });
    }
    if (op->getNumResults() != 1 ||
        (!isDim && !ReplayInvariance::isPureScalarOp(op)))
      return;
    SmallVector<OpFoldResult> folded;
    SmallVector<Attribute> constants(op->getNumOperands());
    for (auto [index, operand] : llvm::enumerate(op->getOperands()))
      matchPattern(operand, m_Constant(&constants[index]));
    if (failed(op->fold(constants, folded)) || folded.size() != 1)
      return;
    if (auto extent = dyn_cast<Attribute>(folded.front()); extent && isDim) {
      rewriter.setInsertionPoint(op);
      rewriter.replaceAllUsesWith(
          op->getResult(0),
          rewriter.create<arith::ConstantOp>(op->getLoc(),
                                             cast<TypedAttr>(extent)));
      renames.push_back(op);
      return;
    }
    auto value = dyn_cast<Value>(folded.front());
    if (!value || value == op->getResult(0))
      return;
    rewriter.replaceAllUsesWith(op->getResult(0), value);
    renames.push_back(op);
  });
  for (Operation *op : renames)
    rewriter.eraseOp(op);
  for (CreateOp create : creates)
    if (isOpTriviallyDead(create))
      rewriter.eraseOp(create);
}

void GraphBoundaryLegalizer::analyze() {
  substituteRenames();
  BufferProvenance provenance(graph, launches);
  // Decided on the body as written: hoisting a written window to the call
  // site would hide that it aliases a tensor the body reads.
  if (failed(verifyConstructionReads(graph, provenance)) ||
      failed(verifyParameterWrites(graph, provenance))) {
    plan.failed = true;
    return;
  }
  ReplayInvariance analysis(graph, provenance);
  graph.walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Value result : op->getResults()) {
      if (!isScalarType(result.getType()))
        continue;
      bool ok = analysis.isHoistable(result);
      if (auto dim = dyn_cast<DimOp>(op)) {
        auto arg = dyn_cast<BlockArgument>(dim.getSource());
        ok = arg && arg.getOwner() == &entry();
      } else if (analysis.isPureScalar(op)) {
        ok = ok || llvm::all_of(op->getOperands(), [&](Value v) {
               return rebuildable.contains(v) || analysis.isHoistable(v);
             });
      }
      if (ok)
        rebuildable.insert(result);
    }
  });
  planAllocations(analysis);
  DenseMap<Value, std::pair<unsigned, Direction>> allocationBuffers =
      hoistedBuffers;
  size_t numAllocationDecisions = plan.decisions.size();
  planViews(provenance, analysis);
  if (plan.failed)
    return;
  planErasure(analysis);
  // Hoisting every literal window could take the Graph past the runtime's
  // tensor-parameter limit; those windows are correct left in place, so
  // plan once more keeping them (a rejection only when that is not enough).
  if (countTensorParameters() > kGraphMaxTensorArgs &&
      llvm::any_of(plan.views, [&](GraphPlan::View &view) {
        return canStayInPlace(view.slice, analysis);
      })) {
    hoistedBuffers = std::move(allocationBuffers);
    plan.decisions.truncate(numAllocationDecisions);
    plan.views.clear();
    plan.erased.clear();
    plan.deadArgs.clear();
    viewBoundary.clear();
    dead.clear();
    keepLiteralWindows = true;
    planViews(provenance, analysis);
    if (plan.failed)
      return;
    planErasure(analysis);
  }
  planScalars(analysis);
  explainScalars(analysis);
  planCallSiteSlices();
}


/// Step C: an allocation that runs once per call (in the body or in scopes
/// of it) becomes an InOut parameter; each caller allocates
/// `<name>__graph_arg<N>` right before the call. One under loops of literal
/// bounds runs the same number of times on every call: its parameter stacks
/// one window per iteration along axis 0, and each iteration views its own
/// (see takeIterationWindow), so iterations never alias. A shape that is not
/// a literal is rejected by the legality step, as are other parents.
void GraphBoundaryLegalizer::planAllocations(
    const ReplayInvariance &analysis) {
  SmallVector<GraphPlan::Allocation> allocations;
  graph.walk([&](CreateOp create) {
    TensorType type = create.getType();
    // A shape the call site computes from its arguments: the buffer's
    // extents are then part of the Graph's boundary layout (its key).
    if (!type.hasStaticShape() &&
        !llvm::all_of(create.getDynamicSizes(), [&](Value size) {
          return rebuildable.contains(size) || analysis.isHoistable(size);
        }))
      return;
    GraphPlan::Allocation allocation{create, "", {}, type, 1};
    for (Operation *parent = create->getParentOp(); parent != graph;
         parent = parent->getParentOp()) {
      if (isa<ScopeOp>(parent))
        continue;
      auto loop = dyn_cast<scf::ForOp>(parent);
      std::optional<int64_t> trips =
          loop ? ReplayInvariance::getConstantTripCount(loop) : std::nullopt;
      if (!trips)
        return;
      allocation.loops.push_back(loop);
      if (llvm::MulOverflow(allocation.copies, *trips, allocation.copies))
        allocation.copies = std::numeric_limits<int64_t>::max();
    }
    std::reverse(allocation.loops.begin(), allocation.loops.end());
    // Only a literal shape can be stacked per iteration.
    if (!allocation.loops.empty() && !type.hasStaticShape())
      return;
    allocation.callSiteOnly =
        allocation.loops.empty() && !create->use_empty() &&
        llvm::all_of(create->getUsers(), [&](Operation *user) {
          auto slice = dyn_cast<SliceOp>(user);
          return slice && hasHoistableOffsets(slice, analysis) &&
                 hasRebuildableSizes(slice, analysis) &&
                 !isLiteralWindow(slice, analysis);
        });
    if (!allocation.loops.empty()) {
      // The runtime allocates row-major shapes of rank 1 or more with
      // 32-bit extents; a loop that never runs allocates nothing.
      int64_t rows = type.getRank() ? type.getDimSize(0) : 0;
      int64_t stacked;
      if (type.getRank() == 0 || type.getLayout() != Layout::nd ||
          allocation.copies == 0 || type.getNumElements() == 0 ||
          llvm::MulOverflow(rows, allocation.copies, stacked) ||
          stacked > std::numeric_limits<uint32_t>::max()) {
        plan.decisions.push_back(fixedDecision(
            false, "allocation-left-in-place", create.getLoc(),
             "stays in the body: under loops of literal bounds it is a "
             "fresh buffer per iteration, and one buffer of a window per "
             "iteration would not be a shape the runtime allocates (rank 0, "
             "column-major or over 32-bit extents) or would be empty"));
        return;
      }
      SmallVector<int64_t> shape(type.getShape());
      shape.front() = stacked;
      allocation.type =
          TensorType::get(shape, type.getElementType(), type.getLayout());
      iterationBuffers.insert(create.getResult());
    }
    allocations.push_back(std::move(allocation));
  });
  packArenas(allocations);

  // Parameter numbers and call-site names, in parameter order: the
  // allocations left on their own, then the arenas.
  unsigned firstNumber = getNumTensorArgs(graph), counter = 0;
  auto callSiteName = [&](StringRef name) {
    return (name + "__graph_arg" + Twine(counter++)).str();
  };
  for (auto [index, allocation] : llvm::enumerate(plan.allocations)) {
    std::optional<StringRef> name = getUserName(allocation.create.getResult());
    allocation.callSiteName = callSiteName(name.value_or("alloc"));
    // Only a top-level buffer is one the body's views may be hoisted from:
    // a window of a per-iteration buffer differs per iteration.
    if (allocation.loops.empty())
      hoistedBuffers[allocation.create.getResult()] = {firstNumber + index,
                                                       Direction::inout};
  }
  for (auto [index, arena] : llvm::enumerate(plan.arenas)) {
    arena.callSiteName = callSiteName(arena.name);
    for (GraphPlan::Allocation &member : arena.members)
      if (member.loops.empty())
        hoistedBuffers[member.create.getResult()] = {
            firstNumber + unsigned(plan.allocations.size() + index),
            Direction::inout};
  }
}

/// Step C, arenas: the allocations of one element type share one flat
/// buffer, each at an offset aligned to kArenaAlignmentBytes and rounded up
/// to it, so the boundary holds one tensor per element type instead of one
/// per allocation. Packs only row-major allocations, only when at least two
/// share an element type, and starts a new arena where one would exceed the
/// runtime's 32-bit extents. The rest go to `plan.allocations`.
void GraphBoundaryLegalizer::packArenas(
    SmallVectorImpl<GraphPlan::Allocation> &allocations) {
  llvm::MapVector<Type, SmallVector<unsigned>> byElementType;
  for (auto [index, allocation] : llvm::enumerate(allocations))
    if (plan.packIntoArenas && !allocation.callSiteOnly &&
        allocation.type.hasStaticShape() &&
        allocation.type.getNumElements() > 0 &&
        allocation.type.getLayout() == Layout::nd &&
        allocation.type.getRank() > 0)
      byElementType[allocation.type.getElementType()].push_back(index);
  // Per allocation, the arena that takes it (or -1), and its offset there.
  SmallVector<int> arenaOf(allocations.size(), -1);
  SmallVector<int64_t> offsetOf(allocations.size(), 0);
  struct ArenaLayout {
    Type elementType;
    int64_t elements = 0;
    SmallVector<unsigned> members;
  };
  SmallVector<ArenaLayout> layouts;
  for (auto &[elementType, members] : byElementType) {
    if (members.size() < 2)
      continue;
    int64_t align = std::max<int64_t>(
        1, kArenaAlignmentBytes / getElementBytes(elementType));
    auto roundUp = [&](int64_t n) { return int64_t(llvm::alignTo(n, align)); };
    constexpr int64_t maxExtent = std::numeric_limits<uint32_t>::max();
    ArenaLayout current{elementType};
    auto close = [&] {
      if (current.members.size() >= 2)
        layouts.push_back(std::move(current));
      current = ArenaLayout{elementType};
    };
    for (unsigned index : members) {
      int64_t elements = roundUp(allocations[index].type.getNumElements());
      if (elements > maxExtent)
        continue;
      if (current.elements + elements > maxExtent)
        close();
      offsetOf[index] = current.elements;
      current.elements += elements;
      current.members.push_back(index);
    }
    close();
  }
  for (ArenaLayout &layout : layouts) {
    GraphPlan::Arena arena;
    arena.elementType = layout.elementType;
    arena.elements = layout.elements;
    llvm::raw_string_ostream(arena.name) << "arena_" << layout.elementType;
    for (unsigned index : layout.members) {
      arenaOf[index] = plan.arenas.size();
      arena.offsets.push_back(offsetOf[index]);
      arena.members.push_back(std::move(allocations[index]));
    }
    plan.arenas.push_back(std::move(arena));
  }
  // The allocations no arena took keep their own parameters, in order.
  for (auto [index, allocation] : llvm::enumerate(allocations))
    if (arenaOf[index] < 0)
      plan.allocations.push_back(std::move(allocation));
}

/// Index constants for the code Step C adds to a body: one of each value,
/// at the top of the body (OperationFolder's placement).
class IndexConstants {
public:
  IndexConstants(Block *body)
      : body(body), folder(body->getParentOp()->getContext()) {}

  Value get(int64_t value) {
    OpBuilder builder(body->getParentOp()->getContext());
    Value constant = folder.getOrCreateConstant(
        body,
        builder.getContext()->getLoadedDialect<arith::ArithDialect>(),
        builder.getIndexAttr(value), builder.getIndexType());
    created.insert(constant.getDefiningOp());
    return constant;
  }

  /// Erases the constants that folding left unread (x - 0, x / 1).
  void eraseUnused(RewriterBase &rewriter) {
    for (Operation *op : created)
      if (op->use_empty()) {
        folder.notifyRemoval(op);
        rewriter.eraseOp(op);
      }
    created.clear();
  }

private:
  Block *body;
  OperationFolder folder;
  SetVector<Operation *> created;
};

/// Replaces a create under constant-trip loops by the window of `stacked`
/// (its parameter) that belongs to the current iteration: rows
/// [k * rows, (k + 1) * rows) for the iterations' linear number k. The
/// offset is computed from induction variables of loops of literal bounds
/// and so is the same on every call: the view may stay in the body.
static Value takeIterationWindow(OpBuilder &builder,
                                 GraphPlan::Allocation &allocation,
                                 Value stacked, IndexConstants &constants) {
  Location windowLoc = allocation.create.getLoc();
  // The offset is named after the buffer, as `<name>_row`.
  Location loc = windowLoc;
  if (std::optional<StringRef> name = getUserName(allocation.create.getResult()))
    loc = NameLoc::get(StringAttr::get(loc.getContext(), *name + "_row"), loc);
  auto constant = [&](int64_t value) { return constants.get(value); };
  Value linear;
  for (scf::ForOp loop : allocation.loops) {
    // The counter's value as an index, in the loop's signedness.
    bool isUnsigned = loop.getUnsignedCmp();
    auto literal = [&](Value bound) {
      APInt value;
      (void)matchPattern(bound, m_ConstantInt(&value));
      return isUnsigned ? int64_t(value.getZExtValue()) : value.getSExtValue();
    };
    Value iv = loop.getInductionVar();
    if (!iv.getType().isIndex())
      iv = isUnsigned ? builder.createOrFold<arith::IndexCastUIOp>(
                            loc, builder.getIndexType(), iv)
                      : builder.createOrFold<arith::IndexCastOp>(
                            loc, builder.getIndexType(), iv);
    // The loop's iteration number: (iv - lb) / step.
    Value iteration = builder.createOrFold<arith::DivUIOp>(
        loc,
        builder.createOrFold<arith::SubIOp>(
            loc, iv, constant(literal(loop.getLowerBound()))),
        constant(literal(loop.getStep())));
    int64_t trips = *ReplayInvariance::getConstantTripCount(loop);
    linear = !linear ? iteration
                     : builder.createOrFold<arith::AddIOp>(
                           loc,
                           builder.createOrFold<arith::MulIOp>(
                               loc, linear, constant(trips)),
                           iteration);
  }
  TensorType type = allocation.create.getType();
  SmallVector<OpFoldResult> offsets(type.getRank(), builder.getIndexAttr(0));
  offsets.front() = builder.createOrFold<arith::MulIOp>(
      loc, linear, constant(type.getDimSize(0)));
  SmallVector<OpFoldResult> sizes = llvm::map_to_vector(
      type.getShape(), [&](int64_t extent) -> OpFoldResult {
        return builder.getIndexAttr(extent);
      });
  return builder.create<SliceOp>(windowLoc, type, stacked, offsets, sizes);
}

/// Returns the boundary buffer (a tensor parameter, or a hoisted allocation
/// or view) that `source` names or is a window of, or null. Sets
/// `throughView` if it is a window of a view that stays in the body.
Value GraphBoundaryLegalizer::resolveBoundarySource(
    Value source, const BufferProvenance &provenance, bool &throughView) {
  throughView = false;
  Value root = provenance.getRoot(source);
  if (provenance.getRootArgument(source) || hoistedBuffers.contains(root))
    return root;
  auto view = dyn_cast_if_present<ViewLikeOpInterface>(root.getDefiningOp());
  if (!view)
    return {};
  throughView = true;
  auto it = viewBoundary.find(root);
  if (it != viewBoundary.end())
    return it->second;
  // A transpose or reshape left in the body, seen for the first time.
  Value viewed = view.getViewSource();
  bool unused;
  Value boundary = resolveBoundarySource(viewed, provenance, unused);
  viewBoundary[root] = boundary;
  return boundary;
}

/// Step B: views of boundary tensors, in definition order (a view of a
/// hoisted view is a view of a boundary tensor).
void GraphBoundaryLegalizer::planViews(BufferProvenance &provenance,
                                       const ReplayInvariance &analysis) {
  graph.walk([&](SliceOp slice) {
    bool throughView = false, chosenAtRunTime = false;
    Value root = resolveBoundarySource(slice.getSource(), provenance,
                                       throughView);
    viewBoundary[slice.getResult()] = root;
    unsigned rootNumber = 0;
    Direction direction = Direction::in;
    if (!root) {
      // A buffer chosen at run time may still be a boundary tensor: the
      // call site has no single name for it, so only a window that cannot
      // move is correct.
      BlockArgument viewed =
          provenance.getLowestPossibleViewedArgument(slice.getSource());
      if (!viewed) {
        plan.decisions.push_back(fixedDecision(
            false, "view-left-in-place", slice.getLoc(),
             iterationBuffers.contains(provenance.getRoot(slice.getSource()))
                 ? "stays in the body: it is a view of an allocation under "
                   "loops of literal bounds, which becomes a window of its "
                   "own per iteration"
                 : "stays in the body: it is a view of a buffer the body "
                   "itself allocates (region-local), not of a boundary "
                   "tensor"));
        return;
      }
      root = viewed;
      chosenAtRunTime = true;
    }
    if (auto arg = dyn_cast<BlockArgument>(root))
      std::tie(rootNumber, direction) = std::make_pair(
          arg.getArgNumber(), getArgDirection(graph, arg.getArgNumber()));
    else
      std::tie(rootNumber, direction) = hoistedBuffers.lookup(root);

    SmallVector<Value> operands(slice.getOffsets());
    llvm::append_range(operands, slice.getSizes());
    auto isInvariant = [&](Value v) { return analysis.isReplayInvariant(v); };
    bool allInvariant = llvm::all_of(operands, isInvariant);
    // The call site rebuilds the window from its own arguments: offsets
    // that are hoistable, sizes that are also the same on every call
    // (replay copies a view's shape from the recording).
    bool offsetsHoistable = hasHoistableOffsets(slice, analysis);
    bool sizesRebuildable = hasRebuildableSizes(slice, analysis);
    bool sizesHoistable = llvm::all_of(
        slice.getSizes(), [&](Value v) { return analysis.isHoistable(v); });

    // A window the same on every call of a buffer the body allocates stays
    // in the body: the buffer becomes a parameter (or an arena window), so
    // the window is one of a boundary tensor at a place that never
    // changes; at the call site it would only take another boundary tensor.
    // The same holds for an allocation an earlier run made a parameter
    // (`#pto.hoisted<allocation>`), so that legalizing again changes nothing.
    auto isHoistedAllocation = [&](Value value) {
      auto arg = dyn_cast<BlockArgument>(value);
      if (!arg || arg.getOwner() != &entry())
        return false;
      auto hoisted = graph.getArgAttrOfType<HoistedAttr>(
          arg.getArgNumber(), PTODialect::getHoistedAttrName());
      return hoisted && hoisted.getKind() == HoistedKind::allocation;
    };
    if (allInvariant && (isa_and_present<CreateOp>(root.getDefiningOp()) ||
                         isHoistedAllocation(root))) {
      plan.decisions.push_back(fixedDecision(
          false, "view-left-in-place", slice.getLoc(),
           "stays in the body: it is a window of a buffer the body "
           "allocates, the same on every call, and the buffer becomes a "
           "parameter"));
      return;
    }
    bool canRebuild = !throughView && !chosenAtRunTime;
    bool hoist = canRebuild && offsetsHoistable && sizesRebuildable;
    // A movable window nothing reads goes with the other dead ops instead
    // of becoming a parameter nothing reads.
    if (hoist && slice->use_empty()) {
      plan.decisions.push_back(fixedDecision(
          true, "view-erased", slice.getLoc(),
          "is erased: nothing reads it"));
      return;
    }
    if (hoist && keepLiteralWindows && canStayInPlace(slice, analysis)) {
      plan.decisions.push_back(fixedDecision(
          false, "view-left-in-place", slice.getLoc(),
          "stays in the body: its window is the same on every call "
          "(replay-invariant), and moving every such window to the call "
          "sites would give the Graph more tensor parameters than the "
          "runtime accepts (GRAPH_MAX_TENSOR_ARGS)"));
      return;
    }
    if (hoist) {
      hoistedBuffers[slice.getResult()] = {
          getNumTensorArgs(graph) + plan.numNewTensors(), direction};
      plan.views.push_back({slice, root, direction});
      return;
    }
    // Every operand the same on every call and some of them not
    // reconstructible at the call site: frozen, and correctly so.
    if (allInvariant) {
      plan.decisions.push_back(fixedDecision(
          false, "view-left-in-place", slice.getLoc(),
           "stays in the body: its window is the same on every call "
           "(replay-invariant), so the recording may keep it"));
      return;
    }
    plan.failed = true;
    if (canRebuild && offsetsHoistable && sizesHoistable) {
      slice.emitOpError()
          << "takes a view of boundary tensor #" << rootNumber << " of Graph @"
          << graph.getName()
          << " whose shape reads a boundary scalar: replay would apply the "
             "first call's shape to every call";
      return;
    }
    InFlightDiagnostic diag = slice.emitOpError();
    diag << "takes a view of boundary tensor #" << rootNumber << " of Graph @"
         << graph.getName()
         << " whose window can differ between calls but cannot be rebuilt at "
            "the call site";
    if (chosenAtRunTime)
      diag << " (its source is chosen among buffers at run time)";
    else if (throughView)
      diag << " (it is built on a view that stays in the body)";
    diag << ": replay would reuse the first call's offset";
    for (Value v : operands)
      if (!analysis.isHoistable(v) && !analysis.isReplayInvariant(v))
        if (Operation *def = v.getDefiningOp())
          diag.attachNote(def->getLoc()) << "this value varies between calls";
  });
}

/// Returns true if `value` is derived: computed in the body from its scalar
/// parameters, and not the same on every call.
static bool isDerived(Value value, const ReplayInvariance &analysis) {
  return isa<OpResult>(value) && analysis.isHoistable(value) &&
         !analysis.isReplayInvariant(value);
}

/// Returns true if every result of `op` is derived: the op moves to the
/// call sites (each keeps what it needs of it).
static bool movesOut(Operation *op, const ReplayInvariance &analysis) {
  return op->getNumResults() != 0 && analysis.isPureScalar(op) &&
         llvm::all_of(op->getResults(),
                      [&](Value v) { return isDerived(v, analysis); });
}

/// The ops the rewrite erases: hoisted views and allocations, every op that
/// moves out (once the values that ops staying in the body read are
/// parameters, only erased ops read it), and every pure op left with no
/// reader. Decides which parameters die with them. One walk, users before
/// their operands' definitions.
void GraphBoundaryLegalizer::planErasure(const ReplayInvariance &analysis) {
  for (GraphPlan::View &view : plan.views)
    dead.insert(view.slice);
  for (GraphPlan::Allocation &allocation : plan.allocations)
    dead.insert(allocation.create);
  for (GraphPlan::Arena &arena : plan.arenas)
    for (GraphPlan::Allocation &member : arena.members)
      dead.insert(member.create);
  SmallVector<Operation *> order;
  graph.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != graph)
      order.push_back(op);
  });
  for (Operation *op : llvm::reverse(order)) {
    bool erase = dead.contains(op) || movesOut(op, analysis);
    // Purity last: it is an interface query, and most ops have a reader
    // that stays.
    if (!erase && op->getNumResults() && op->getNumRegions() == 0)
      erase = llvm::all_of(op->getUsers(),
                           [&](Operation *user) {
                             return dead.contains(user);
                           }) &&
              isPure(op);
    if (!erase)
      continue;
    dead.insert(op);
    plan.erased.push_back(op);
  }

  // A parameter read before, but only by erased ops, leaves the boundary.
  // A tensor parameter left next to the views of it would put their per-call
  // offsets into the Graph key and record a new definition per call.
  plan.deadArgs.resize(graph.getNumArguments());
  for (BlockArgument arg : entry().getArguments())
    if (!arg.use_empty() && llvm::all_of(arg.getUsers(), [&](Operation *user) {
          return dead.contains(user);
        }))
      plan.deadArgs.set(arg.getArgNumber());
  // A Graph keeps at least one tensor parameter.
  unsigned numTensors = getNumTensorArgs(graph);
  unsigned deadTensors = 0;
  for (unsigned i : plan.deadArgs.set_bits())
    deadTensors += i < numTensors;
  if (numTensors && deadTensors == numTensors && plan.numNewTensors() == 0)
    plan.deadArgs.reset(plan.deadArgs.find_first());
}

unsigned GraphBoundaryLegalizer::countTensorParameters() const {
  unsigned numTensors = getNumTensorArgs(graph);
  unsigned count = numTensors + plan.numNewTensors();
  for (unsigned i : plan.deadArgs.set_bits())
    count -= i < numTensors;
  for (const GraphPlan::Allocation &allocation : plan.allocations)
    count -= allocation.callSiteOnly;
  return count;
}

/// Step A, the frontier only: a derived scalar becomes a parameter when an
/// op that stays in the body reads it. What only erased ops read (other
/// derived values, hoisted views) is recomputed at the call site instead.
void GraphBoundaryLegalizer::planScalars(const ReplayInvariance &analysis) {
  for (Operation *op : llvm::reverse(plan.erased)) {
    if (!analysis.isPureScalar(op))
      continue;
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !dead.contains(user);
          }))
        plan.scalars.push_back(result);
  }
}

/// The remarks for the computed scalars that get no parameter: those that
/// move out with their readers, and those that stay in the body (literal
/// constants are not explained). One pre-order walk.
void GraphBoundaryLegalizer::explainScalars(const ReplayInvariance &analysis) {
  if (!plan.explain)
    return;
  DenseSet<Value> parameters(plan.scalars.begin(), plan.scalars.end());
  // Values computed from the induction variable of a constant-trip loop.
  DenseSet<Value> fromInductionVariable;
  auto isInductionVariable = [](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    auto loop =
        arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()) : nullptr;
    return loop && arg == loop.getInductionVar() &&
           ReplayInvariance::getConstantTripCount(loop);
  };
  graph.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->getNumResults() == 0 || !analysis.isPureScalar(op) ||
        op->hasTrait<OpTrait::ConstantLike>())
      return;
    bool underLoop = llvm::any_of(op->getOperands(), [&](Value v) {
      return isInductionVariable(v) || fromInductionVariable.contains(v);
    });
    if (underLoop)
      fromInductionVariable.insert(op->result_begin(), op->result_end());
    if (dead.contains(op)) {
      if (movesOut(op, analysis) &&
          llvm::none_of(op->getResults(),
                        [&](Value v) { return parameters.contains(v); }))
        plan.decisions.push_back(fixedDecision(
            true, "scalar-recomputed-at-call-sites", op->getLoc(),
             "moves to the call sites with its readers: only values that "
             "move out read it, so each call site recomputes it and it gets "
             "no parameter"));
      return;
    }
    if (!llvm::all_of(op->getResults(), [&](Value v) {
          return analysis.isReplayInvariant(v);
        }))
      return;
    plan.decisions.push_back(fixedDecision(
        false, "scalar-left-in-place", op->getLoc(),
         underLoop
             ? "stays in the body: it is computed from the induction "
               "variable of a loop of literal bounds, whose values every "
               "call repeats (replay-invariant)"
             : "stays in the body: it is computed from literals and "
               "boundary tensor extents, the same on every call "
               "(replay-invariant)"));
  });
}

/// What each call site clones from the body, in definition order: the
/// computation of the new scalar parameters, then what the hoisted views'
/// offsets and sizes need beyond that.
/// Appends to `slice`, in definition order, the op defining `value` and
/// every op it transitively reads (operands, and values its regions use from
/// above) that `slice` does not hold yet; block arguments end the walk. What
/// upstream getBackwardSlice computes, without its recursion per operand: a
/// chain of 100,000 scalar ops overflowed the stack.
static void appendBackwardSlice(Value value, SetVector<Operation *> &slice) {
  Operation *root = value.getDefiningOp();
  if (!root || slice.contains(root))
    return;
  // (op, its operands already pushed): an op is appended once every op it
  // reads is.
  SmallVector<std::pair<Operation *, bool>> stack = {{root, false}};
  DenseSet<Operation *> visited;
  while (!stack.empty()) {
    auto [op, expanded] = stack.pop_back_val();
    if (expanded) {
      slice.insert(op);
      continue;
    }
    if (slice.contains(op) || !visited.insert(op).second)
      continue;
    stack.push_back({op, true});
    SmallVector<Value> reads(op->getOperands());
    visitUsedValuesDefinedAbove(op->getRegions(), [&](OpOperand *use) {
      reads.push_back(use->get());
    });
    // Reversed, so that the first operand's slice comes first.
    for (Value read : llvm::reverse(reads))
      if (Operation *def = read.getDefiningOp())
        if (!slice.contains(def) && !visited.contains(def))
          stack.push_back({def, false});
  }
}

void GraphBoundaryLegalizer::planCallSiteSlices() {
  SetVector<Operation *> slice;
  auto add = [&](Value value) { appendBackwardSlice(value, slice); };
  for (Value value : plan.scalars)
    add(value);
  // The shapes the call sites allocate with.
  for (GraphPlan::Allocation &allocation : plan.allocations)
    for (Value size : allocation.create.getDynamicSizes())
      add(size);
  unsigned numScalarOps = slice.size();
  for (GraphPlan::View &view : plan.views)
    for (Value v : llvm::concat<Value>(view.slice.getOffsets(),
                                       view.slice.getSizes()))
      add(v);
  plan.scalarSlice.assign(slice.begin(), slice.begin() + numScalarOps);
  plan.viewSlice.assign(slice.begin() + numScalarOps, slice.end());
}

/// The view of `arena` that holds `member`: its elements at `offset`, in
/// the member's shape.
static Value viewArenaMember(OpBuilder &builder,
                             GraphPlan::Allocation &member,
                             int64_t offset, Value arena) {
  Location loc = member.create.getLoc();
  int64_t elements = member.type.getNumElements();
  Value flat = builder.create<SliceOp>(
      loc, TensorType::get({elements}, member.type.getElementType()), arena,
      ArrayRef<OpFoldResult>{builder.getIndexAttr(offset)},
      ArrayRef<OpFoldResult>{builder.getIndexAttr(elements)});
  if (member.type.getRank() == 1)
    return flat;
  return builder.create<ReshapeOp>(loc, member.type, flat);
}

void GraphBoundaryLegalizer::rewriteCallSites() {
  // What the hoisted views are views of.
  DenseSet<Value> viewed;
  for (GraphPlan::View &view : plan.views)
    viewed.insert(view.source);
  unsigned numTensors = getNumTensorArgs(graph);
  MLIRContext *context = graph.getContext();
  OpBuilder builder(context);
  for (CallOp call : plan.callers) {
    IRMapping mapping;
    for (auto [param, arg] :
         llvm::zip_equal(entry().getArguments(), call.getArgs()))
      mapping.map(param, arg);
    builder.setInsertionPoint(call);
    for (Operation *op : plan.scalarSlice)
      builder.clone(*op, mapping);
    SmallVector<Value> newTensors;
    for (GraphPlan::Allocation &allocation : plan.allocations) {
      // Located like inlined code: at the create, called from the call, so a
      // later diagnostic about the allocation points at what was written.
      Location loc = NameLoc::get(
          builder.getStringAttr(allocation.callSiteName),
          CallSiteLoc::get(allocation.create.getLoc(), call.getLoc()));
      Value buffer = builder.create<CreateOp>(
          loc, allocation.type,
          llvm::map_to_vector(allocation.create.getDynamicSizes(),
                              [&](Value size) { return mapping.lookup(size); }));
      mapping.map(allocation.create.getResult(), buffer);
      newTensors.push_back(buffer);
    }
    for (GraphPlan::Arena &arena : plan.arenas) {
      Location loc = NameLoc::get(builder.getStringAttr(arena.callSiteName),
                                  call.getLoc());
      Value buffer =
          builder.create<CreateOp>(loc, arena.getType(), ValueRange{});
      newTensors.push_back(buffer);
      // A member a hoisted view is taken of: the view's source.
      for (auto [member, offset] : llvm::zip_equal(arena.members, arena.offsets))
        if (viewed.contains(member.create.getResult()))
          mapping.map(member.create.getResult(),
                      viewArenaMember(builder, member, offset, buffer));
    }
    for (Operation *op : plan.viewSlice)
      builder.clone(*op, mapping);
    for (auto &[slice, root, direction] : plan.views) {
      Value view = builder.create<SliceOp>(
          slice.getLoc(), slice.getType(), mapping.lookup(root),
          llvm::map_to_vector(slice.getOffsets(),
                              [&](Value v) { return mapping.lookup(v); }),
          llvm::map_to_vector(slice.getSizes(),
                              [&](Value v) { return mapping.lookup(v); }),
          slice.getStaticOffsetsAttr(), slice.getStaticSizesAttr());
      mapping.map(slice.getResult(), view);
      newTensors.push_back(view);
    }

    // One operand list: live tensors, new tensors, live scalars, new scalars.
    ArrayAttr callArgAttrs = call.getArgAttrsAttr();
    auto emptyDict = DictionaryAttr::get(context);
    SmallVector<Value> args;
    SmallVector<Attribute> dicts;
    auto keep = [&](unsigned index) {
      if (plan.deadArgs.test(index))
        return;
      args.push_back(call.getArgs()[index]);
      if (callArgAttrs)
        dicts.push_back(callArgAttrs[index]);
    };
    for (unsigned i = 0; i < numTensors; ++i)
      keep(i);
    for (auto [index, tensor] : llvm::enumerate(newTensors)) {
      if (index < plan.allocations.size() &&
          plan.allocations[index].callSiteOnly)
        continue;
      args.push_back(tensor);
      if (callArgAttrs)
        dicts.push_back(directionAttrs(
            context,
            index < plan.allocations.size() + plan.arenas.size()
                ? Direction::inout
                : plan.views[index - plan.allocations.size() -
                             plan.arenas.size()]
                      .direction));
    }
    for (unsigned i = numTensors, e = graph.getNumArguments(); i < e; ++i)
      keep(i);
    for (Value scalar : plan.scalars) {
      args.push_back(mapping.lookup(scalar));
      if (callArgAttrs)
        dicts.push_back(emptyDict);
    }
    call.getArgsMutable().assign(args);
    if (callArgAttrs)
      call.setArgAttrsAttr(ArrayAttr::get(context, dicts));
  }
}

/// Replaces each member of `arena` by its view of the arena parameter
/// `parameter` (number `final` once dead parameters are gone), taken before
/// `before` (the body's first op): a literal window, the same on every
/// call, so it stays.
/// A member under loops then takes its iteration's window of that view.
void GraphBoundaryLegalizer::packIntoArena(GraphPlan::Arena &arena,
                                           Value parameter, unsigned final,
                                           Operation *before,
                                           RewriterBase &rewriter,
                                           IndexConstants &constants) {
  rewriter.setInsertionPoint(before);
  for (auto [member, offset] : llvm::zip_equal(arena.members, arena.offsets)) {
    Value buffer = viewArenaMember(rewriter, member, offset, parameter);
    Block::iterator after = rewriter.getInsertionPoint();
    if (!member.loops.empty()) {
      rewriter.setInsertionPoint(member.create);
      buffer = takeIterationWindow(rewriter, member, buffer, constants);
    }
    rewriter.replaceAllUsesWith(member.create.getResult(), buffer);
    rewriter.setInsertionPoint(&entry(), after);

    plan.decisions.push_back(
        {true, "hoisted-allocation", member.create.getLoc(),
         [copies = member.copies, underLoops = !member.loops.empty(),
          numElements = member.type.getNumElements(), offset, final,
          graphName = graph.getName(), elementType = arena.elementType,
          numMembers = arena.members.size(),
          callSiteName = arena.callSiteName](raw_ostream &os,
                                             GraphPlan::RemarkArgs &args) {
           os << "moves to the call sites: it runs ";
           if (underLoops)
             os << copies << " times per call, under loops of literal bounds";
           else
             os << "once per call";
           os << ", so the recording would take it from the graph heap on "
                 "every call; now elements ["
              << offset << ", " << offset + numElements
              << ") of inout tensor parameter #" << final << " of @"
              << graphName << ", an arena of " << elementType << " holding "
              << numMembers << " allocations, allocated by each caller as '"
              << callSiteName << "'";
           args.push_back({"Parameter", std::to_string(final)});
           args.push_back({"CallSiteName", callSiteName});
           args.push_back({"ArenaOffset", std::to_string(offset)});
           if (underLoops)
             args.push_back({"Windows", std::to_string(copies)});
         }});
  }
}

void GraphBoundaryLegalizer::rewriteBody() {
  MLIRContext *context = graph.getContext();
  IRRewriter rewriter(context);
  unsigned numTensors = getNumTensorArgs(graph);

  // The new parameters: tensors after the tensors, scalars last.
  SmallVector<unsigned> indices;
  SmallVector<Type> types;
  SmallVector<DictionaryAttr> attrs;
  SmallVector<Location> locs;
  SmallVector<Value> replaced;
  for (GraphPlan::Allocation &allocation : plan.allocations) {
    indices.push_back(numTensors);
    types.push_back(allocation.type);
    attrs.push_back(newParameterAttrs(
        context, Direction::inout,
        HoistedAttr::get(context, HoistedKind::allocation, {}, {})));
    locs.push_back(allocation.create.getLoc());
    replaced.push_back(allocation.create.getResult());
  }
  // An arena replaces no single value: its members are rebuilt below.
  for (GraphPlan::Arena &arena : plan.arenas) {
    indices.push_back(numTensors);
    types.push_back(arena.getType());
    attrs.push_back(newParameterAttrs(
        context, Direction::inout,
        HoistedAttr::get(context, HoistedKind::allocation, {}, {})));
    locs.push_back(NameLoc::get(StringAttr::get(context, arena.name),
                                graph.getLoc()));
    replaced.push_back(Value());
  }
  for (GraphPlan::View &view : plan.views) {
    indices.push_back(numTensors);
    types.push_back(view.slice.getType());
    std::optional<StringRef> of = getUserName(view.source);
    attrs.push_back(newParameterAttrs(
        context, view.direction,
        HoistedAttr::get(context, HoistedKind::view,
                         of ? StringAttr::get(context, *of) : StringAttr(),
                         {})));
    locs.push_back(view.slice.getLoc());
    replaced.push_back(view.slice.getResult());
  }
  for (Value scalar : plan.scalars) {
    indices.push_back(graph.getNumArguments());
    types.push_back(scalar.getType());
    Operation *def = scalar.getDefiningOp();
    attrs.push_back(newParameterAttrs(
        context, Direction::in,
        HoistedAttr::get(context, HoistedKind::scalar, {},
                         def ? StringAttr::get(context,
                                               def->getName().getStringRef())
                             : StringAttr())));
    locs.push_back(scalar.getLoc());
    replaced.push_back(scalar);
  }
  unsigned numOld = graph.getNumArguments();
  (void)graph.insertArguments(indices, types, attrs, locs);

  // Old parameter i is now at i, or after the new tensors if a scalar.
  unsigned numNewTensors = plan.numNewTensors();
  auto newIndexOfOld = [&](unsigned i) {
    return i < numTensors ? i : i + numNewTensors;
  };
  llvm::BitVector dead(graph.getNumArguments());
  for (unsigned i : plan.deadArgs.set_bits())
    dead.set(newIndexOfOld(i));
  unsigned numAllocations = plan.allocations.size();
  for (auto [k, allocation] : llvm::enumerate(plan.allocations))
    if (allocation.callSiteOnly)
      dead.set(numTensors + k);
  unsigned numArenas = plan.arenas.size();
  IndexConstants constants(&entry());
  // The arenas' member views go first, in parameter order.
  Operation *bodyStart = &entry().front();
  for (auto [k, value] : llvm::enumerate(replaced)) {
    unsigned position = k < numNewTensors
                            ? numTensors + k
                            : numOld + numNewTensors + (k - numNewTensors);
    Value parameter = entry().getArgument(position);
    // Its number once the dead parameters are gone.
    unsigned final = position - llvm::count_if(dead.set_bits(),
                                               [&](unsigned i) {
                                                 return i < position;
                                               });
    if (k >= numAllocations && k < numAllocations + numArenas) {
      packIntoArena(plan.arenas[k - numAllocations], parameter, final,
                    bodyStart, rewriter, constants);
      continue;
    }
    GraphPlan::Allocation *allocation =
        k < numAllocations ? &plan.allocations[k] : nullptr;
    if (allocation && !allocation->loops.empty()) {
      rewriter.setInsertionPoint(allocation->create);
      parameter =
          takeIterationWindow(rewriter, *allocation, parameter, constants);
    }
    rewriter.replaceAllUsesWith(value, parameter);
    StringRef graphName = graph.getName();
    if (allocation) {
      // `plan.allocations` outlives the remarks; the ops it names may not.
      plan.decisions.push_back(
          {true, "hoisted-allocation", value.getLoc(),
           [allocation, final, graphName](raw_ostream &os,
                                          GraphPlan::RemarkArgs &args) {
             if (allocation->callSiteOnly) {
               os << "moves to the call sites: it runs once per call, so "
                     "the recording would take it from the graph heap on "
                     "every call; each caller allocates it as '"
                  << allocation->callSiteName
                  << "' and takes the views of it that move out, which "
                     "join the boundary in its place";
             } else if (allocation->loops.empty()) {
               os << "moves to the call sites: it runs once per call, so "
                     "the recording would take it from the graph heap on "
                     "every call; now inout tensor parameter #"
                  << final << " of @" << graphName
                  << ", allocated by each caller as '"
                  << allocation->callSiteName << "'";
               if (!allocation->type.hasStaticShape())
                 os << " with the shape it computes from its arguments "
                       "(part of the boundary layout: a call with another "
                       "shape records a new definition)";
             } else {
               os << "moves to the call sites: it runs " << allocation->copies
                  << " times per call, under loops of literal bounds, so "
                     "the recording would take it from the graph heap on "
                     "every iteration of every call; now inout tensor "
                     "parameter #"
                  << final << " of @" << graphName
                  << ", allocated by each caller as '"
                  << allocation->callSiteName
                  << "', one window per iteration stacked along axis 0, "
                     "each iteration viewing its own";
             }
             if (!allocation->callSiteOnly)
               args.push_back({"Parameter", std::to_string(final)});
             args.push_back({"CallSiteName", allocation->callSiteName});
             if (!allocation->loops.empty())
               args.push_back(
                   {"Windows", std::to_string(allocation->copies)});
           }});
    } else if (k < numNewTensors) {
      const GraphPlan::View &view =
          plan.views[k - numAllocations - numArenas];
      bool literal = llvm::all_of(view.slice->getOperands().drop_front(),
                                  [](Value v) {
                                    return matchPattern(v, m_Constant());
                                  });
      plan.decisions.push_back(
          {true, "hoisted-view", value.getLoc(),
           [literal, direction = view.direction, final,
            graphName](raw_ostream &os, GraphPlan::RemarkArgs &args) {
             os << "moves to the call sites: "
                << (literal ? "a literal window of a boundary tensor, taken "
                              "by the callers, joins the boundary in the "
                              "tensor's place"
                            : "its window depends on the call's boundary "
                              "scalars or extents, which replay would "
                              "freeze")
                << "; now " << stringifyDirection(direction)
                << " tensor parameter #" << final << " of @" << graphName;
             args.push_back({"Parameter", std::to_string(final)});
           }});
    } else {
      plan.decisions.push_back(
          {true, "hoisted-scalar", value.getLoc(),
           [final, graphName](raw_ostream &os, GraphPlan::RemarkArgs &args) {
             os << "moves to the call sites: it is computed from the "
                   "boundary scalars, which replay would freeze; now scalar "
                   "parameter #"
                << final << " of @" << graphName;
             args.push_back({"Parameter", std::to_string(final)});
           }});
    }
  }
  for (unsigned i : plan.deadArgs.set_bits()) {
    BlockArgument arg = entry().getArgument(newIndexOfOld(i));
    plan.decisions.push_back(
        {true, "dead-parameter", arg.getLoc(),
         [i, graphName = graph.getName(), userName = getUserName(arg)](
             raw_ostream &os, GraphPlan::RemarkArgs &args) {
           os << "parameter #" << i << " of @" << graphName
              << " leaves the boundary: after hoisting nothing in the body "
                 "reads it";
           args.push_back({"Parameter", std::to_string(i)});
           if (userName)
             args.push_back({"Name", userName->str()});
         }});
  }
  for (Operation *op : plan.erased)
    rewriter.eraseOp(op);
  // The windows of allocations nothing read (and what computed their
  // offsets) are dead now: erased here, or legalizing again would. (Pure
  // ops without regions only: an unused allocation is still a recorded
  // node, a loop the Config may read a bound of.)
  graph->walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
    if (op != graph && op->use_empty() && op->getNumRegions() == 0 &&
        isPure(op) && !op->hasTrait<OpTrait::IsTerminator>())
      rewriter.eraseOp(op);
  });
  constants.eraseUnused(rewriter);
  (void)graph.eraseArguments(dead);
}

/// Warns at each Graph call in a loop whose tensor arguments view one buffer
/// at offsets from one another that are not known at compile time: the
/// boundary layout, offsets between boundary tensors of one buffer
/// included, keys the recorded definitions, so each distinct offset records
/// one, and the runtime keeps kGraphMaxDefinitions per Graph.
static void warnVaryingBoundaryLayouts(ModuleOp module,
                                       const LaunchSignatures &launches) {
  for (Operation &op : *module.getBody()) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func || func.isExternal() || isa<GraphOp>(op))
      continue;
    SmallVector<CallOp> calls;
    func->walk([&](CallOp call) {
      if (call->getParentOfType<scf::ForOp>())
        calls.push_back(call);
    });
    if (calls.empty())
      continue;
    BufferProvenance provenance(func, launches);
    ViewLayouts layouts(provenance);
    for (CallOp call : calls) {
      DenseMap<Value, unsigned> firstOfBuffer;
      for (auto [index, arg] : llvm::enumerate(call.getArgs())) {
        if (!isa<TensorType>(arg.getType()))
          continue;
        auto [first, inserted] =
            firstOfBuffer.try_emplace(provenance.getViewBase(arg), index);
        if (inserted)
          continue;
        Value other = call.getArgs()[first->second];
        if (layouts.getLayout(other).offset && layouts.getLayout(arg).offset)
          continue;
        InFlightDiagnostic diag = emitWarning(call.getLoc())
            << "'pto.call' op passes arguments #" << first->second << " and #" << index
            << ", views of one buffer whose offset from each other is not "
               "known at compile time: each distinct offset records a new "
               "definition of "
            << call.getCalleeAttr() << ", and the runtime keeps at most "
            << kGraphMaxDefinitions << " per Graph";
        diag.attachNote(other.getLoc()) << "argument #" << first->second;
        diag.attachNote(arg.getLoc()) << "argument #" << index;
        break;
      }
    }
  }
}

struct LegalizeGraphBoundaryPass
    : impl::LegalizeGraphBoundaryBase<LegalizeGraphBoundaryPass> {
  using Base::Base;
  void runOnOperation() override;
};

void LegalizeGraphBoundaryPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *context = &getContext();
  SmallVector<GraphOp> graphs(module.getOps<GraphOp>());
  if (graphs.empty())
    return;
  LaunchSignatures launches(module);

  // (The dialect verified that Graphs come with host_build_graph.)
  DenseMap<GraphOp, SmallVector<CallOp>> callers = getGraphCallers(module);
  std::vector<GraphPlan> plans(graphs.size());
  for (auto [plan, graph] : llvm::zip_equal(plans, graphs)) {
    plan.graph = graph;
    plan.callers = std::move(callers[graph]);
    plan.packIntoArenas = arenas;
    plan.explain = context->getRemarkEngine() != nullptr;
  }

  // Diagnostics in the order of one thread: parallelFor reports each loop's
  // in index order before it returns, so every Graph's plan comes before
  // every Graph's check.
  auto forEachPlan = [&](function_ref<void(GraphPlan &)> fn) {
    parallelFor(context, 0, plans.size(), [&](size_t i) { fn(plans[i]); });
  };

  forEachPlan([&](GraphPlan &plan) {
    GraphBoundaryLegalizer(plan, launches).analyze();
  });

  // Call sites live in other functions, possibly many Graphs' in one block:
  // rewritten on this thread, from the bodies as analyzed.
  for (GraphPlan &plan : plans)
    if (!plan.failed)
      GraphBoundaryLegalizer(plan, launches).rewriteCallSites();

  std::atomic<bool> failed = false;
  forEachPlan([&](GraphPlan &plan) {
    if (plan.failed) {
      failed = true;
      return;
    }
    GraphBoundaryLegalizer(plan, launches).rewriteBody();
    BufferProvenance provenance(plan.graph, launches);
    ReplayInvariance analysis(plan.graph, provenance);
    if (::mlir::failed(verifyGraphLegality(plan.graph, analysis, provenance)))
      failed = true;
  });
  if (failed)
    return signalPassFailure();
  // The rewrite renumbered Graph parameters: results tie to new positions.
  warnVaryingBoundaryLayouts(module, LaunchSignatures(module));

  // Off unless --remarks-filter selects this pass's category.
  for (GraphPlan &plan : plans)
    for (GraphPlan::Decision &decision : plan.decisions) {
      auto opts = remark::RemarkOpts::name(decision.name)
                      .category(getArgument())
                      .function(plan.graph.getName());
      remark::detail::InFlightRemark emitted =
          decision.moved ? remark::passed(decision.loc, opts)
                         : remark::missed(decision.loc, opts);
      if (!emitted)
        continue;
      std::string message;
      llvm::raw_string_ostream os(message);
      GraphPlan::RemarkArgs args;
      decision.describe(os, args);
      emitted << message;
      for (auto &[key, value] : args)
        emitted << remark::detail::Remark::Arg(key, value);
    }
}

} // namespace

} // namespace mlir::pto
