//===- BufferProvenance.cpp - Which buffer a tensor value names -----------===//

#include "pto/Analysis/BufferProvenance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SCCIterator.h"

#include <vector>

namespace mlir::pto {

//===----------------------------------------------------------------------===//
// LaunchSignatures
//===----------------------------------------------------------------------===//

LaunchSignatures::LaunchSignatures(ModuleOp module) {
  Block *body = module.getBody();
  callees.reserve(body->getOperations().size());
  for (Operation &op : body->getOperations()) {
    if (auto kernel = dyn_cast<KernelOp>(op)) {
      // The writable tensor parameters (isWritableTensorArg), from the
      // signature and argument attributes read once per kernel.
      Slice slice{static_cast<unsigned>(tied.size()), 0, false};
      for (auto [i, type, direction] :
           llvm::enumerate(kernel.getFunctionType().getInputs(),
                           getArgDirections(kernel)))
        if (isa<TensorType>(type) && direction != Direction::in)
          tied.push_back(i);
      slice.size = tied.size() - slice.begin;
      callees[kernel.getSymNameAttr()] = slice;
    } else if (auto graph = dyn_cast<GraphOp>(op)) {
      Slice slice{static_cast<unsigned>(tied.size()), 0, true};
      for (unsigned position = 0, e = graph.getFunctionType().getNumResults();
           position < e; ++position) {
        std::optional<unsigned> arg = getReturnedTensorArg(graph, position);
        tied.push_back(arg ? static_cast<int>(*arg) : -1);
      }
      slice.size = tied.size() - slice.begin;
      callees[graph.getSymNameAttr()] = slice;
    }
  }
}

std::optional<unsigned>
LaunchSignatures::getTiedOperandIndex(OpResult result) const {
  Operation *op = result.getOwner();
  unsigned number = result.getResultNumber();
  if (auto submit = dyn_cast<SubmitOp>(op)) {
    auto it = callees.find(submit.getCalleeAttr().getAttr());
    if (it == callees.end() || it->second.isGraph ||
        number >= it->second.size || number >= submit.getOuts().size())
      return std::nullopt;
    unsigned param = tied[it->second.begin + number];
    // A described or omitted parameter is allocated by the runtime: untied.
    // `args` is the first operand segment, so its indices are operand indices.
    if (submit.isRuntimeAllocated(param))
      return std::nullopt;
    return param;
  }
  if (auto call = dyn_cast<CallOp>(op)) {
    auto it = callees.find(call.getCalleeAttr().getAttr());
    if (it == callees.end() || !it->second.isGraph ||
        number >= it->second.size)
      return std::nullopt;
    int param = tied[it->second.begin + number];
    if (param < 0 || static_cast<unsigned>(param) >= call.getArgs().size())
      return std::nullopt;
    return param;
  }
  if (auto tiedOp = dyn_cast<TiedOpInterface>(op))
    return tiedOp.getTiedResultOperandIndex(number);
  return std::nullopt;
}

Value LaunchSignatures::getTiedOperand(OpResult result) const {
  std::optional<unsigned> operand = getTiedOperandIndex(result);
  return operand ? result.getOwner()->getOperand(*operand) : Value();
}

//===----------------------------------------------------------------------===//
// BufferProvenance
//===----------------------------------------------------------------------===//

/// The may-name graph of one policy: an edge from each tensor value to each
/// value it may name the buffer of, plus a virtual entry node reaching all.
struct BufferProvenance::PossibleRootSets {
  struct Node {
    SmallVector<Node *, 2> preds;
  };
  std::vector<Node> nodes;
  /// Per value, its set in `storage`: value indices in definition order.
  std::vector<unsigned> setOf;
  std::vector<SmallVector<unsigned, 2>> storage;
};

} // namespace mlir::pto

namespace llvm {
template <>
struct GraphTraits<mlir::pto::BufferProvenance::PossibleRootSets *> {
  using NodeRef = mlir::pto::BufferProvenance::PossibleRootSets::Node *;
  using ChildIteratorType = SmallVectorImpl<NodeRef>::iterator;
  static NodeRef
  getEntryNode(mlir::pto::BufferProvenance::PossibleRootSets *sets) {
    return &sets->nodes.back();
  }
  static ChildIteratorType child_begin(NodeRef node) {
    return node->preds.begin();
  }
  static ChildIteratorType child_end(NodeRef node) { return node->preds.end(); }
};
} // namespace llvm

namespace mlir::pto {

/// Every pto view (slice, transpose, reshape) is a ViewLikeOpInterface.
static bool isView(Value value) {
  return isa_and_nonnull<ViewLikeOpInterface>(value.getDefiningOp());
}

static Value getViewSource(Value view) {
  return cast<ViewLikeOpInterface>(view.getDefiningOp()).getViewSource();
}

/// Returns the loop whose iteration argument `value` is, or null.
static scf::ForOp getIterArgLoop(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getArgNumber() == 0)
    return {};
  return dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
}

BufferProvenance::BufferProvenance(FunctionOpInterface func,
                                   const LaunchSignatures &launches)
    : func(func), launches(launches) {
  if (func.isExternal())
    return;
  entry = &func.getFunctionBody().front();
  // Number the tensor values in definition order: block arguments before
  // the ops of their block, an op's results after its regions.
  auto add = [&](Value value) {
    if (!isa<TensorType>(value.getType()))
      return;
    index[value] = values.size();
    values.push_back(value);
  };
  for (BlockArgument arg : entry->getArguments())
    add(arg);
  std::function<void(Block &)> visit = [&](Block &block) {
    for (Operation &op : block) {
      for (Region &region : op.getRegions())
        for (Block &nested : region) {
          for (BlockArgument arg : nested.getArguments())
            add(arg);
          visit(nested);
        }
      for (Value result : op.getResults())
        add(result);
    }
  };
  for (Block &block : func.getFunctionBody())
    visit(block);

  // What each value may name, read from the IR once: every later step works
  // on these tables.
  unsigned n = values.size();
  kinds.assign(n, Kind::Origin);
  preds.assign(n, {kNone, kNone});
  for (auto [i, value] : llvm::enumerate(values)) {
    if (scf::ForOp loop = getIterArgLoop(value)) {
      unsigned number = cast<BlockArgument>(value).getArgNumber() - 1;
      kinds[i] = Kind::IterArg;
      preds[i] = {indexOf(loop.getInitArgs()[number]),
                  indexOf(loop.getYieldedValues()[number])};
      continue;
    }
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      continue;
    Operation *op = result.getOwner();
    unsigned number = result.getResultNumber();
    if (Value tied = launches.getTiedOperand(result)) {
      kinds[i] = Kind::Tied;
      preds[i][0] = indexOf(tied);
    } else if (auto scope = dyn_cast<ScopeOp>(op)) {
      kinds[i] = Kind::Scope;
      preds[i][0] =
          indexOf(scope.getBody().front().getTerminator()->getOperand(number));
    } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
      kinds[i] = Kind::ForResult;
      preds[i] = {indexOf(loop.getInitArgs()[number]),
                  indexOf(loop.getYieldedValues()[number])};
    } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
      kinds[i] = Kind::If;
      preds[i][0] = indexOf(branch.thenYield().getOperand(number));
      if (!branch.getElseRegion().empty())
        preds[i][1] = indexOf(branch.elseYield().getOperand(number));
    } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
      kinds[i] = Kind::Select;
      preds[i] = {indexOf(select.getTrueValue()),
                  indexOf(select.getFalseValue())};
    } else if (isView(value)) {
      kinds[i] = Kind::View;
      preds[i][0] = indexOf(getViewSource(value));
    }
  }
  // The iteration argument of each loop result: its result number's.
  SmallVector<unsigned> iterArgOf(n, kNone);
  for (auto [i, value] : llvm::enumerate(values))
    if (kinds[i] == Kind::ForResult) {
      auto result = cast<OpResult>(value);
      iterArgOf[i] = indexOf(cast<scf::ForOp>(result.getOwner())
                                 .getRegionIterArgs()[result.getResultNumber()]);
    }

  // Roots, twice: first with iteration arguments as roots of their own,
  // which decides per loop carry whether it keeps its buffer (a yielded
  // value's root is then the iteration argument itself); then with those
  // decisions, across the carries.
  sameBuffer.assign(n, false);
  auto computeRoots = [&](SmallVectorImpl<unsigned> &r, bool acrossCarries) {
    r.resize(n);
    for (unsigned i = 0; i < n; ++i) {
      r[i] = i;
      auto [first, second] = preds[i];
      switch (kinds[i]) {
      case Kind::IterArg:
        if (acrossCarries && sameBuffer[i])
          r[i] = r[first];
        break;
      case Kind::Tied:
      case Kind::Scope:
        r[i] = r[first];
        break;
      case Kind::ForResult:
        if (!acrossCarries)
          sameBuffer[iterArgOf[i]] = r[second] == iterArgOf[i];
        if (sameBuffer[iterArgOf[i]])
          r[i] = r[first];
        break;
      case Kind::If:
        if (second != kNone && r[first] == r[second])
          r[i] = r[first];
        break;
      default:
        break;
      }
    }
  };
  SmallVector<unsigned> local;
  computeRoots(local, /*acrossCarries=*/false);
  computeRoots(root, /*acrossCarries=*/true);

  viewBase.resize(n);
  for (unsigned i = 0; i < n; ++i) {
    unsigned r = root[i];
    viewBase[i] = kinds[r] == Kind::View ? viewBase[preds[r][0]] : r;
    anyChoice = anyChoice || isChoice(i);
  }
}

BufferProvenance::~BufferProvenance() = default;
BufferProvenance::BufferProvenance(BufferProvenance &&) = default;

Value BufferProvenance::getTiedOperand(OpResult result) const {
  auto it = index.find(result);
  if (it == index.end() || kinds[it->second] != Kind::Tied)
    return {};
  return values[preds[it->second][0]];
}

unsigned BufferProvenance::indexOf(Value tensor) const {
  auto it = index.find(tensor);
  assert(it != index.end() && "not a tensor value of the analyzed function");
  return it->second;
}

Value BufferProvenance::getRoot(Value tensor) const {
  return values[root[indexOf(tensor)]];
}

Value BufferProvenance::getViewBase(Value tensor) const {
  return values[viewBase[indexOf(tensor)]];
}

bool BufferProvenance::carriesSameBuffer(scf::ForOp loop,
                                         unsigned index) const {
  auto it = this->index.find(loop.getRegionIterArgs()[index]);
  return it != this->index.end() && sameBuffer[it->second];
}

bool BufferProvenance::isChoice(unsigned i) const {
  if (root[i] != i)
    return false;
  switch (kinds[i]) {
  case Kind::IterArg:   // A root of its own: the carry changes buffers.
  case Kind::ForResult:
  case Kind::Select:
    return true;
  case Kind::If:
    return preds[i][1] != kNone;
  default:
    return false;
  }
}

bool BufferProvenance::isChoice(Value value) const {
  auto it = index.find(value);
  return it != index.end() && isChoice(it->second);
}

BlockArgument BufferProvenance::getRootArgument(Value tensor) const {
  auto arg = dyn_cast<BlockArgument>(getRoot(tensor));
  if (!arg || arg.getOwner() != entry)
    return {};
  return arg;
}

BufferProvenance::PossibleRootSets &BufferProvenance::getSets(unsigned follow) {
  std::unique_ptr<PossibleRootSets> &slot = sets[follow & 3];
  if (slot)
    return *slot;
  slot = std::make_unique<PossibleRootSets>();
  PossibleRootSets &g = *slot;
  unsigned n = values.size();
  g.nodes.resize(n + 1);
  // A member is a root the set lists: a value without a may-name edge, or
  // a choice, which also leads on to its candidates.
  llvm::BitVector member(n);
  for (unsigned i = 0; i < n; ++i) {
    bool followed = kinds[i] != Kind::Origin &&
                    !(kinds[i] == Kind::Tied && !(follow & FollowTies)) &&
                    !(kinds[i] == Kind::View && !(follow & FollowViews));
    if (followed)
      for (unsigned pred : preds[i])
        if (pred != kNone)
          g.nodes[i].preds.push_back(&g.nodes[pred]);
    if (g.nodes[i].preds.empty() || isChoice(i))
      member.set(i);
  }
  for (unsigned i = 0; i < n; ++i)
    g.nodes[n].preds.push_back(&g.nodes[i]);

  // Components come after every component they reach, so each set is the
  // union of its members and of the sets of the components it reaches.
  g.setOf.assign(n, 0);
  auto id = [&](PossibleRootSets::Node *node) {
    return static_cast<unsigned>(node - g.nodes.data());
  };
  for (auto scc = llvm::scc_begin(&g); !scc.isAtEnd(); ++scc) {
    const std::vector<PossibleRootSets::Node *> &component = *scc;
    if (component.size() == 1 && id(component.front()) == n)
      continue;
    if (component.size() == 1) {
      unsigned i = id(component.front());
      ArrayRef<PossibleRootSets::Node *> preds = component.front()->preds;
      if (!member.test(i) && preds.size() == 1 && id(preds.front()) != i) {
        g.setOf[i] = g.setOf[id(preds.front())]; // Shared, not copied.
        continue;
      }
    }
    SmallVector<unsigned, 2> set;
    llvm::SmallDenseSet<unsigned, 4> inComponent;
    for (PossibleRootSets::Node *node : component)
      inComponent.insert(id(node));
    for (PossibleRootSets::Node *node : component) {
      if (member.test(id(node)))
        set.push_back(id(node));
      for (PossibleRootSets::Node *pred : node->preds)
        if (!inComponent.contains(id(pred)))
          llvm::append_range(set, g.storage[g.setOf[id(pred)]]);
    }
    llvm::sort(set);
    set.erase(std::unique(set.begin(), set.end()), set.end());
    unsigned setId = g.storage.size();
    g.storage.push_back(std::move(set));
    for (PossibleRootSets::Node *node : component)
      g.setOf[id(node)] = setId;
  }
  return g;
}

SmallVector<Value, 4> BufferProvenance::getPossibleRoots(Value tensor,
                                                         unsigned follow) {
  PossibleRootSets &g = getSets(follow);
  SmallVector<Value, 4> result;
  for (unsigned i : g.storage[g.setOf[indexOf(tensor)]])
    result.push_back(values[i]);
  return result;
}

BlockArgument BufferProvenance::getLowestPossibleViewedArgument(Value tensor) {
  PossibleRootSets &g = getSets(FollowTies | FollowViews);
  BlockArgument lowest;
  for (unsigned i : g.storage[g.setOf[indexOf(tensor)]]) {
    auto arg = dyn_cast<BlockArgument>(values[i]);
    if (arg && arg.getOwner() == entry &&
        (!lowest || arg.getArgNumber() < lowest.getArgNumber()))
      lowest = arg;
  }
  return lowest;
}

} // namespace mlir::pto
