//===- EntryLiveness.cpp - Which parameters a Graph reads on entry --------===//

#include "pto/Analysis/EntryLiveness.h"

#include "pto/Analysis/BufferProvenance.h"
#include "pto/Analysis/ViewLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <map>

namespace mlir::pto {

namespace {

/// The most element intervals one access is split into; an access needing
/// more counts as its bounding interval when read and as no write.
constexpr unsigned kMaxRunsPerAccess = 4096;

/// Where a tensor value's elements lie in an analyzed parameter: element
/// (i_0, ..., i_n) of the value is element `offset + sum(i_a * strides[a])`
/// of the parameter in row-major order.
struct Placement {
  enum Kind : uint8_t {
    /// Not an analyzed parameter (nor a window of one).
    None,
    /// A window of parameter `param` with the layout below.
    Known,
    /// A window of parameter `param` whose elements are not known.
    Unknown,
    /// A buffer chosen at run time that may be an analyzed parameter.
    Choice,
  };
  Kind kind = None;
  unsigned param = 0;
  int64_t offset = 0;
  SmallVector<int64_t, 4> shape, strides;
};

/// The elements of one parameter written so far: disjoint, non-adjacent
/// half-open intervals, by start.
class Written {
public:
  void add(int64_t begin, int64_t end) {
    auto it = intervals.upper_bound(begin);
    if (it != intervals.begin() && std::prev(it)->second >= begin) {
      --it;
      begin = it->first;
    }
    while (it != intervals.end() && it->first <= end) {
      end = std::max(end, it->second);
      it = intervals.erase(it);
    }
    intervals.emplace(begin, end);
  }

  bool covers(int64_t begin, int64_t end) const {
    auto it = intervals.upper_bound(begin);
    return it != intervals.begin() && std::prev(it)->second >= end;
  }

private:
  std::map<int64_t, int64_t> intervals;
};

/// Calls `run(begin, end)` for each maximal run of consecutive parameter
/// elements of the box [lo, lo + size) of a value placed at `place`.
/// Returns false, having called nothing, if there are more than
/// kMaxRunsPerAccess runs.
static bool forEachRun(const Placement &place, ArrayRef<int64_t> lo,
                       ArrayRef<int64_t> size,
                       function_ref<void(int64_t, int64_t)> run) {
  unsigned rank = place.shape.size();
  for (int64_t extent : size)
    if (extent <= 0)
      return true;
  // Axes [inner, rank) form one run: unit innermost stride, and each outer
  // axis steps over exactly the full axis inside it.
  unsigned inner = rank;
  int64_t length = 1;
  while (inner > 0) {
    unsigned a = inner - 1;
    int64_t expected = inner == rank ? 1 : place.strides[inner] * place.shape[inner];
    bool fullInside = inner == rank || size[inner] == place.shape[inner];
    if (place.strides[a] != expected || !fullInside)
      break;
    length *= size[a];
    inner = a;
  }
  uint64_t runs = 1;
  for (unsigned a = 0; a < inner; ++a)
    if ((runs *= size[a]) > kMaxRunsPerAccess)
      return false;
  SmallVector<int64_t, 4> index(lo.begin(), lo.begin() + inner);
  for (uint64_t r = 0; r < runs; ++r) {
    int64_t begin = place.offset;
    for (unsigned a = 0; a < rank; ++a)
      begin += (a < inner ? index[a] : lo[a]) * place.strides[a];
    run(begin, begin + length);
    for (int a = static_cast<int>(inner) - 1; a >= 0; --a) {
      if (++index[a] < lo[a] + size[a])
        break;
      index[a] = lo[a];
    }
  }
  return true;
}

/// The most ops one analysis visits: loops of literal bounds are unrolled
/// within it, a loop past it is visited once with its writes not counted.
constexpr uint64_t kMaxVisitedOps = 1 << 18;

/// The bit width of an integer or index value (index: 64).
static unsigned getWidth(Type type) {
  return isa<IndexType>(type) ? 64 : type.getIntOrFloatBitWidth();
}

class Walker {
public:
  Walker(GraphOp graph, BufferProvenance &provenance,
         const DenseMap<StringAttr, KernelOp> &kernels,
         ArrayRef<unsigned> params, llvm::BitVector &live)
      : graph(graph), provenance(provenance), kernels(kernels), live(live) {
    Block &entry = graph.getBody().front();
    for (unsigned index : params) {
      auto type = dyn_cast<TensorType>(entry.getArgument(index).getType());
      // A dynamic or overflowing shape cannot be placed: live.
      std::optional<int64_t> elements = 1;
      if (type && type.hasStaticShape())
        for (int64_t extent : type.getShape())
          elements = elements ? llvm::checkedMul(*elements, extent)
                              : std::nullopt;
      if (!type || !type.hasStaticShape() || !elements) {
        live.set(index);
        continue;
      }
      Tracked tracked;
      tracked.elements = *elements;
      tracked.arg = index;
      slots[index] = state.size();
      state.push_back(std::move(tracked));
    }
  }

  void run() {
    if (!state.empty())
      walk(graph.getBody().front(), /*runsOnce=*/true);
  }

private:
  struct Tracked {
    unsigned arg = 0;
    int64_t elements = 0;
    Written written;
    bool full = false;
  };

  Tracked *getTracked(unsigned param) {
    auto it = slots.find(param);
    return it == slots.end() ? nullptr : &state[it->second];
  }

  /// Visits `block`'s ops in program order; `runsOnce`: the block runs
  /// exactly once each time it is reached here (its writes count).
  void walk(Block &block, bool runsOnce) {
    for (Operation &op : block) {
      ++visited;
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        walkLoop(loop, runsOnce);
        continue;
      }
      if (auto branch = dyn_cast<scf::IfOp>(op)) {
        std::optional<APInt> condition = evaluate(branch.getCondition());
        if (condition) {
          Region &taken = condition->isZero() ? branch.getElseRegion()
                                              : branch.getThenRegion();
          if (!taken.empty())
            walk(taken.front(), runsOnce);
        } else {
          for (Region &region : branch->getRegions())
            for (Block &nested : region)
              walk(nested, /*runsOnce=*/false);
        }
        forget(op.getResults());
        continue;
      }
      if (op.getNumRegions()) {
        // A scope runs its body once; other regions an unknown number of
        // times.
        bool once = runsOnce && isa<ScopeOp>(op);
        for (Region &region : op.getRegions())
          for (Block &nested : region) {
            forget(nested.getArguments());
            walk(nested, once);
          }
        forget(op.getResults());
        continue;
      }
      visit(&op, runsOnce);
    }
  }

  /// A loop of known trips within the budget runs iteration by iteration,
  /// its induction variable known; else its body is visited once, its
  /// writes not counted.
  void walkLoop(scf::ForOp loop, bool runsOnce) {
    Block *body = loop.getBody();
    forget(loop.getRegionIterArgs());
    forget(loop->getResults());
    std::optional<APInt> lower = evaluate(loop.getLowerBound());
    std::optional<APInt> upper = evaluate(loop.getUpperBound());
    std::optional<APInt> step = evaluate(loop.getStep());
    bool isUnsigned = loop.getUnsignedCmp();
    std::optional<uint64_t> trips;
    if (lower && upper && step && !step->isZero() &&
        (isUnsigned || step->isStrictlyPositive())) {
      bool empty = isUnsigned ? upper->ule(*lower) : upper->sle(*lower);
      // The distance fits the width unsigned; so does the last step.
      trips = empty ? 0
                    : (*upper - *lower - 1).udiv(*step).getZExtValue() + 1;
    }
    uint64_t size = getSize(loop);
    if (trips && *trips <= (kMaxVisitedOps - std::min(visited, kMaxVisitedOps)) /
                               std::max<uint64_t>(size, 1)) {
      Value iv = loop.getInductionVar();
      APInt value = *lower;
      for (uint64_t k = 0; k < *trips; ++k, value += *step) {
        env[iv] = value;
        forget(loop.getRegionIterArgs());
        walk(*body, runsOnce);
      }
      env.erase(iv);
      forget(loop->getResults());
      return;
    }
    forget(body->getArguments());
    walk(*body, /*runsOnce=*/false);
    forget(loop->getResults());
  }

  /// The ops in `loop`, memoized.
  uint64_t getSize(scf::ForOp loop) {
    auto [it, inserted] = sizes.try_emplace(loop, 0);
    if (inserted)
      loop.getBody()->walk([&](Operation *) { ++it->second; });
    return it->second;
  }

  void forget(ValueRange values) {
    for (Value value : values)
      env.erase(value);
  }

  /// The value of an integer or index `value` here, if known: a constant,
  /// an induction variable of a loop being unrolled, or `arith` on those.
  std::optional<APInt> evaluate(Value value) {
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant)))
      return constant;
    auto it = env.find(value);
    if (it == env.end())
      return std::nullopt;
    return it->second;
  }

  /// Records the value of `op`'s integer result when `op` is integer
  /// `arith` on known values (two's complement, as the arith dialect).
  void fold(Operation *op) {
    if (op->getNumResults() != 1)
      return;
    Value result = op->getResult(0);
    env.erase(result);
    if (!result.getType().isIntOrIndex())
      return;
    unsigned width = getWidth(result.getType());
    SmallVector<APInt, 3> in;
    for (Value operand : op->getOperands()) {
      if (!operand.getType().isIntOrIndex())
        return;
      std::optional<APInt> value = evaluate(operand);
      if (!value)
        return;
      in.push_back(*value);
    }
    std::optional<APInt> out;
    auto binary = [&](auto f) {
      if (in.size() == 2)
        out = f(in[0], in[1]);
    };
    auto nonZero = [&](auto f) {
      if (in.size() == 2 && !in[1].isZero())
        out = f(in[0], in[1]);
    };
    TypeSwitch<Operation *>(op)
        .Case<arith::AddIOp>([&](auto) { binary([](auto a, auto b) { return a + b; }); })
        .Case<arith::SubIOp>([&](auto) { binary([](auto a, auto b) { return a - b; }); })
        .Case<arith::MulIOp>([&](auto) { binary([](auto a, auto b) { return a * b; }); })
        .Case<arith::AndIOp>([&](auto) { binary([](auto a, auto b) { return a & b; }); })
        .Case<arith::OrIOp>([&](auto) { binary([](auto a, auto b) { return a | b; }); })
        .Case<arith::XOrIOp>([&](auto) { binary([](auto a, auto b) { return a ^ b; }); })
        .Case<arith::MinSIOp>([&](auto) { binary([](auto a, auto b) { return llvm::APIntOps::smin(a, b); }); })
        .Case<arith::MaxSIOp>([&](auto) { binary([](auto a, auto b) { return llvm::APIntOps::smax(a, b); }); })
        .Case<arith::MinUIOp>([&](auto) { binary([](auto a, auto b) { return llvm::APIntOps::umin(a, b); }); })
        .Case<arith::MaxUIOp>([&](auto) { binary([](auto a, auto b) { return llvm::APIntOps::umax(a, b); }); })
        .Case<arith::DivUIOp>([&](auto) { nonZero([](auto a, auto b) { return a.udiv(b); }); })
        .Case<arith::RemUIOp>([&](auto) { nonZero([](auto a, auto b) { return a.urem(b); }); })
        .Case<arith::DivSIOp, arith::RemSIOp, arith::FloorDivSIOp,
              arith::CeilDivSIOp>([&](Operation *signedOp) {
          // Signed division overflows only for MIN / -1: not evaluated.
          if (in.size() != 2 || in[1].isZero() ||
              (in[0].isMinSignedValue() && in[1].isAllOnes()))
            return;
          if (isa<arith::DivSIOp>(signedOp))
            out = in[0].sdiv(in[1]);
          else if (isa<arith::RemSIOp>(signedOp))
            out = in[0].srem(in[1]);
          else if (isa<arith::FloorDivSIOp>(signedOp))
            out = llvm::APIntOps::RoundingSDiv(in[0], in[1],
                                               APInt::Rounding::DOWN);
          else
            out = llvm::APIntOps::RoundingSDiv(in[0], in[1],
                                               APInt::Rounding::UP);
        })
        .Case<arith::IndexCastOp, arith::ExtSIOp>(
            [&](auto) { out = in[0].sextOrTrunc(width); })
        .Case<arith::IndexCastUIOp, arith::ExtUIOp>(
            [&](auto) { out = in[0].zextOrTrunc(width); })
        .Case<arith::TruncIOp>([&](auto) { out = in[0].trunc(width); })
        .Case<arith::CmpIOp>([&](arith::CmpIOp cmp) {
          out = APInt(1, arith::applyCmpPredicate(cmp.getPredicate(), in[0],
                                                  in[1]));
        })
        .Case<arith::SelectOp>([&](auto) {
          if (in.size() == 3)
            out = in[0].isZero() ? in[2] : in[1];
        });
    if (out && out->getBitWidth() == width)
      env[result] = *out;
  }

  void visit(Operation *op, bool runsOnce) {
    if (auto submit = dyn_cast<SubmitOp>(op))
      return visitSubmit(submit, runsOnce);
    if (auto view = dyn_cast<ViewLikeOpInterface>(op))
      return visitView(view);
    if (isa_and_nonnull<arith::ArithDialect>(op->getDialect()))
      fold(op);
    // Uses that pass a tensor on or ask about it without reading it.
    if (isa<DimOp, OwnerTaskIdOp, arith::SelectOp>(op) ||
        op->hasTrait<OpTrait::IsTerminator>())
      return;
    for (Value operand : op->getOperands())
      if (isa<TensorType>(operand.getType()))
        readWhole(operand);
  }

  /// Places a view of an analyzed parameter where it is this time (its
  /// offsets may read an induction variable).
  void visitView(ViewLikeOpInterface view) {
    Value result = view->getResult(0);
    Placement source = getPlacement(view.getViewSource());
    if (source.kind != Placement::Known) {
      placements[result] = source;
      return;
    }
    StridedLayout layout;
    layout.offset = source.offset;
    for (int64_t stride : source.strides)
      layout.strides.push_back(stride);
    StridedLayout derived =
        deriveViewLayout(view, layout, [&](Value offset) -> std::optional<int64_t> {
          std::optional<APInt> value = evaluate(offset);
          return value ? std::optional(value->getSExtValue()) : std::nullopt;
        });
    Placement place;
    place.param = source.param;
    place.kind = Placement::Unknown;
    auto type = cast<TensorType>(result.getType());
    if (derived.isKnown() && type.hasStaticShape()) {
      place.kind = Placement::Known;
      place.offset = *derived.offset;
      place.shape.assign(type.getShape().begin(), type.getShape().end());
      for (const std::optional<int64_t> &stride : derived.strides)
        place.strides.push_back(*stride);
    }
    placements[result] = std::move(place);
  }

  void visitSubmit(SubmitOp submit, bool runsOnce) {
    if (Value predicate = submit.getPredicate())
      readWhole(predicate);
    KernelOp kernel = kernels.lookup(submit.getCalleeAttr().getAttr());
    unsigned numTensors = submit.getNumTensorArgs();
    OperandRange args = submit.getArgs();
    if (!kernel) {
      for (Value tensor : args.take_front(numTensors))
        if (isa<TensorType>(tensor.getType()))
          readWhole(tensor);
      return;
    }
    SmallVector<Direction, 8> directions = getArgDirections(kernel);
    unsigned numParams = getNumTensorArgs(kernel);
    bool writesAny = llvm::any_of(
        ArrayRef(directions).take_front(numParams),
        [](Direction d) { return d != Direction::in; });
    SmallVector<std::optional<int64_t>> scalars;
    for (Value scalar : args.drop_front(numTensors)) {
      std::optional<APInt> value =
          scalar.getType().isIntOrIndex() ? evaluate(scalar) : std::nullopt;
      scalars.push_back(value ? std::optional(value->getSExtValue())
                              : std::nullopt);
    }
    ArrayAttr lanes = kernel.getLanesAttr();
    // Reads first: a task reads its inputs before it writes.
    for (unsigned i = 0; i < numTensors && i < numParams; ++i) {
      bool overwrites =
          kernel.getArgAttr(i, PTODialect::getOverwritesAttrName()) != nullptr;
      if (!writesAny || directions[i] == Direction::out ||
          (directions[i] == Direction::inout && overwrites) ||
          submit.isRuntimeAllocated(i))
        continue;
      access(args[i], getArgWindow(kernel, i), scalars, /*write=*/false);
    }
    if (!runsOnce || submit.getPredicate())
      return;
    for (unsigned i = 0; i < numTensors && i < numParams; ++i) {
      if (directions[i] == Direction::in || submit.isRuntimeAllocated(i))
        continue;
      WindowAttr window = getArgWindow(kernel, i);
      // A group without a window of its own writes what its lanes' windows
      // cover together: not counted.
      if (!window && lanes && laneHasWindow(lanes, i))
        continue;
      access(args[i], window, scalars, /*write=*/true);
    }
  }

  bool laneHasWindow(ArrayAttr lanes, unsigned index) {
    for (auto lane : lanes.getAsRange<FlatSymbolRefAttr>()) {
      KernelOp laneKernel = kernels.lookup(lane.getAttr());
      if (!laneKernel || getArgWindow(laneKernel, index))
        return true;
    }
    return false;
  }

  /// Records a read or write of `window` (null: all) of `tensor`.
  void access(Value tensor, WindowAttr window,
              ArrayRef<std::optional<int64_t>> scalars, bool write) {
    Placement place = getPlacement(tensor);
    if (place.kind == Placement::None)
      return;
    if (place.kind != Placement::Known) {
      if (!write)
        readWhole(tensor);
      return;
    }
    Tracked *tracked = getTracked(place.param);
    if (tracked->full || live.test(tracked->arg))
      return;
    unsigned rank = place.shape.size();
    SmallVector<int64_t, 4> lo(rank, 0), size(place.shape);
    if (window) {
      SmallVector<std::optional<int64_t>> offsets =
          evaluateWindowMap(window.getOffsets(), scalars);
      SmallVector<std::optional<int64_t>> sizes =
          evaluateWindowMap(window.getSizes(), scalars);
      bool known = offsets.size() == rank && sizes.size() == rank;
      for (unsigned a = 0; known && a < rank; ++a) {
        known = offsets[a] && sizes[a] && *offsets[a] >= 0 &&
                *sizes[a] >= 0 && *offsets[a] <= place.shape[a] &&
                *sizes[a] <= place.shape[a] - *offsets[a];
        if (known) {
          lo[a] = *offsets[a];
          size[a] = *sizes[a];
        }
      }
      // A window known only at run time: somewhere in the tensor.
      if (!known) {
        if (!write)
          readBox(*tracked, place, SmallVector<int64_t, 4>(rank, 0),
                  place.shape);
        return;
      }
    }
    if (write) {
      forEachRun(place, lo, size, [&](int64_t begin, int64_t end) {
        tracked->written.add(begin, end);
      });
      tracked->full = tracked->written.covers(0, tracked->elements);
      return;
    }
    readBox(*tracked, place, lo, size);
  }

  void readBox(Tracked &tracked, const Placement &place, ArrayRef<int64_t> lo,
               ArrayRef<int64_t> size) {
    bool covered = true;
    bool split = forEachRun(place, lo, size, [&](int64_t begin, int64_t end) {
      covered = covered && tracked.written.covers(begin, end);
    });
    if (!split) {
      // Too many runs: the bounding interval (strides are positive).
      int64_t first = place.offset, last = place.offset;
      for (unsigned a = 0, e = lo.size(); a < e; ++a) {
        first += lo[a] * place.strides[a];
        last += (lo[a] + size[a] - 1) * place.strides[a];
      }
      covered = tracked.written.covers(first, last + 1);
    }
    if (!covered)
      live.set(tracked.arg);
  }

  /// A use that may read every element `tensor` may name.
  void readWhole(Value tensor) {
    Placement place = getPlacement(tensor);
    switch (place.kind) {
    case Placement::None:
      return;
    case Placement::Known:
      if (Tracked *tracked = getTracked(place.param))
        readBox(*tracked, place, SmallVector<int64_t, 4>(place.shape.size(), 0),
                place.shape);
      return;
    case Placement::Unknown:
      if (Tracked *tracked = getTracked(place.param); tracked && !tracked->full)
        live.set(tracked->arg);
      return;
    case Placement::Choice:
      for (Value root : provenance.getPossibleRoots(
               tensor, BufferProvenance::FollowTies |
                           BufferProvenance::FollowViews))
        if (auto arg = dyn_cast<BlockArgument>(root))
          if (Tracked *tracked = getTracked(arg.getArgNumber());
              tracked && arg.getOwner() == &graph.getBody().front() &&
              !tracked->full)
            live.set(tracked->arg);
      return;
    }
  }

  /// The placement of `tensor` here: that of its root (a parameter, a
  /// view placed when visited, a choice).
  Placement getPlacement(Value tensor) {
    Placement place;
    Value root = provenance.getRoot(tensor);
    if (provenance.isChoice(root)) {
      place.kind = Placement::Choice;
      return place;
    }
    if (isa_and_nonnull<ViewLikeOpInterface>(root.getDefiningOp())) {
      auto it = placements.find(root);
      if (it != placements.end())
        return it->second;
      return place;
    }
    auto arg = dyn_cast<BlockArgument>(root);
    if (!arg || arg.getOwner() != &graph.getBody().front() ||
        !slots.count(arg.getArgNumber()))
      return place;
    place.param = arg.getArgNumber();
    place.kind = Placement::Unknown;
    auto type = cast<TensorType>(root.getType());
    StridedLayout layout = getBufferLayout(type);
    if (!layout.isKnown())
      return place;
    place.kind = Placement::Known;
    place.shape.assign(type.getShape().begin(), type.getShape().end());
    for (const std::optional<int64_t> &stride : layout.strides)
      place.strides.push_back(*stride);
    return place;
  }

  GraphOp graph;
  BufferProvenance &provenance;
  const DenseMap<StringAttr, KernelOp> &kernels;
  llvm::BitVector &live;
  DenseMap<unsigned, unsigned> slots;
  SmallVector<Tracked> state;
  /// Views of analyzed parameters (and of choices), as last visited.
  DenseMap<Value, Placement> placements;
  /// Known integer values: induction variables being unrolled and what
  /// `arith` computes from them.
  DenseMap<Value, APInt> env;
  DenseMap<Operation *, uint64_t> sizes;
  uint64_t visited = 0;
};

} // namespace

EntryLiveness::EntryLiveness(GraphOp graph, BufferProvenance &provenance,
                             const DenseMap<StringAttr, KernelOp> &kernels,
                             ArrayRef<unsigned> params)
    : live(graph.getBody().front().getNumArguments()) {
  Walker(graph, provenance, kernels, params, live).run();
}

} // namespace mlir::pto
