//===- HostControl.cpp - Host control tensors of host_build_graph ---------===//

#include "pto/Analysis/HostControl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::pto {

/// Collects what `tensor` may name, looking through views, selects and
/// loop/branch/scope carries: parameters of `entry` and the ops that made
/// any other buffer.
static void collectSources(Value tensor, Block &entry,
                           llvm::SetVector<Value> &sources,
                           DenseSet<Value> &seen) {
  if (!seen.insert(tensor).second)
    return;
  auto recurse = [&](Value v) { collectSources(v, entry, sources, seen); };
  if (auto arg = dyn_cast<BlockArgument>(tensor)) {
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())) {
      if (OpOperand *init = loop.getTiedLoopInit(arg)) {
        recurse(init->get());
        recurse(loop.getTiedLoopYieldedValue(arg)->get());
        return;
      }
    }
    sources.insert(tensor);
    return;
  }
  auto result = cast<OpResult>(tensor);
  Operation *op = result.getOwner();
  unsigned index = result.getResultNumber();
  if (auto slice = dyn_cast<SliceOp>(op))
    return recurse(slice.getSource());
  if (auto transpose = dyn_cast<TransposeOp>(op))
    return recurse(transpose.getSource());
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    recurse(select.getTrueValue());
    return recurse(select.getFalseValue());
  }
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    recurse(loop.getInitArgs()[index]);
    return recurse(loop.getYieldedValues()[index]);
  }
  if (auto branch = dyn_cast<scf::IfOp>(op)) {
    recurse(branch.thenYield().getOperand(index));
    if (!branch.getElseRegion().empty())
      recurse(branch.elseYield().getOperand(index));
    return;
  }
  if (auto scope = dyn_cast<ScopeOp>(op))
    return recurse(scope.getBody().front().getTerminator()->getOperand(index));
  sources.insert(tensor);
}

/// Calls `onDeviceUse` for each op that hands `tensor`, or any alias of it
/// (views, selects, loop/branch/scope carries), to a device task or Graph,
/// and `onUnknownUse` for each op that could make an alias this function
/// does not follow (an op with regions or tensor results it does not know).
static void forEachDeviceUse(Value tensor,
                             function_ref<void(Operation *)> onDeviceUse,
                             function_ref<void(Operation *)> onUnknownUse) {
  SmallVector<Value> worklist{tensor};
  DenseSet<Value> seen{tensor};
  auto push = [&](Value v) {
    if (seen.insert(v).second)
      worklist.push_back(v);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      unsigned number = use.getOperandNumber();
      if (isa<SubmitOp, CallOp>(user)) {
        onDeviceUse(user);
      } else if (isa<SliceOp, TransposeOp, arith::SelectOp>(user)) {
        push(user->getResult(0));
      } else if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (BlockArgument iterArg = loop.getTiedLoopRegionIterArg(&use)) {
          push(iterArg);
          push(loop.getTiedLoopResult(iterArg));
        }
      } else if (isa<scf::YieldOp>(user)) {
        Operation *parent = user->getParentOp();
        push(parent->getResult(number));
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          push(loop.getRegionIterArgs()[number]);
      } else if (isa<YieldOp>(user)) {
        push(user->getParentOp()->getResult(number));
      } else if (user->getNumRegions() != 0 ||
                 llvm::any_of(user->getResultTypes(),
                              [](Type t) { return isa<TensorType>(t); })) {
        onUnknownUse(user);
      }
    }
  }
}

/// Names what made `source` for a diagnostic.
static StringRef describeSource(Value source) {
  Operation *op = source.getDefiningOp();
  if (isa_and_nonnull<SubmitOp, CallOp>(op))
    return "the output of a device task";
  if (isa_and_nonnull<CreateOp, FullOp>(op))
    return "a runtime allocation";
  return "a tensor that is not a parameter of the orchestration function";
}

FailureOr<llvm::BitVector> analyzeHostControlTensors(OrchestrationOp entry) {
  llvm::BitVector control(entry.getNumArguments());
  if (entry.isExternal())
    return control;
  Block &block = entry.getBody().front();
  // The first host access of each parameter, for notes.
  DenseMap<unsigned, Operation *> firstAccess;
  for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i)
    if (entry.getArgAttr(i, PTODialect::getHostControlAttrName()))
      control.set(i);

  bool failed = false;
  entry.walk([&](Operation *op) {
    Value tensor;
    if (auto read = dyn_cast<ReadOp>(op))
      tensor = read.getSource();
    else if (auto write = dyn_cast<WriteOp>(op))
      tensor = write.getDest();
    else
      return;
    llvm::SetVector<Value> sources;
    DenseSet<Value> seen;
    collectSources(tensor, block, sources, seen);
    for (Value source : sources) {
      auto arg = dyn_cast<BlockArgument>(source);
      if (arg && arg.getOwner() == &block) {
        control.set(arg.getArgNumber());
        firstAccess.try_emplace(arg.getArgNumber(), op);
        continue;
      }
      InFlightDiagnostic diag =
          op->emitOpError()
          << (isa<ReadOp>(op) ? "reads " : "writes ") << describeSource(source)
          << " while the host builds the graph: under host_build_graph the "
             "orchestration function only accesses host control tensors, "
             "its tensor parameters kept in host memory";
      if (Operation *def = source.getDefiningOp())
        diag.attachNote(def->getLoc()) << "the tensor comes from here";
      failed = true;
      break;
    }
  });

  for (unsigned i : control.set_bits()) {
    Operation *reported = nullptr;
    auto addNote = [&](InFlightDiagnostic &diag) {
      if (Operation *access = firstAccess.lookup(i))
        diag.attachNote(access->getLoc()) << "accessed on the host here";
      else
        diag.attachNote(entry.getLoc())
            << "parameter #" << i << " is marked '"
            << PTODialect::getHostControlAttrName() << "'";
      failed = true;
    };
    forEachDeviceUse(
        block.getArgument(i),
        [&](Operation *user) {
          if (reported == user)
            return;
          reported = user;
          InFlightDiagnostic diag =
              user->emitOpError()
              << "passes host control tensor #" << i << " of @"
              << entry.getName()
              << " to the device: the host reads or writes it while building "
                 "the graph, so it stays in host memory; pass host control "
                 "data and device data in separate parameters";
          addNote(diag);
        },
        [&](Operation *user) {
          InFlightDiagnostic diag =
              user->emitOpError()
              << "takes host control tensor #" << i << " of @"
              << entry.getName()
              << ", which host control tensors cannot flow through: only "
                 "views, selects and scf.for, scf.if and pto.scope carries "
                 "are followed to prove it never reaches the device";
          addNote(diag);
        });
  }
  if (failed)
    return failure();
  return control;
}

} // namespace mlir::pto
