//===- RetainManualScopeAllocations.cpp - Keep scratch alive for manual tasks -===//
//
// Outside manual scopes the runtime gives every task that reads or writes an
// allocated buffer an edge to the allocation (creator retention), which keeps
// the buffer alive until the task is done. Inside a manual scope it infers no
// edge: the scope's own reference is all that holds the buffer, and it is
// dropped when that scope ends, not when its tasks finish. A later allocation
// may then reuse the memory under a running task (measured on a2a3sim: see
// docs/ports.md). The same holds for a buffer a task allocates for its
// output, which lives while that task does.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Analysis/BufferProvenance.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"

namespace mlir::pto {
#define GEN_PASS_DEF_RETAINMANUALSCOPEALLOCATIONS
#include "pto/Transforms/Passes.h.inc"

namespace {

/// Buffers are followed through tied results and views.
constexpr unsigned kFollow =
    BufferProvenance::FollowTies | BufferProvenance::FollowViews;

/// Returns true if some buffer `tensor` may name is a `pto.set_owner` view:
/// its owner task is then the one set, not its allocation.
static bool mayHaveOwnerSet(Value tensor, BufferProvenance &provenance) {
  // Views are roots under this policy: a set owner is one of them.
  return llvm::any_of(
      provenance.getPossibleRoots(tensor, BufferProvenance::FollowTies),
      [](Value root) { return isa_and_nonnull<SetOwnerOp>(root.getDefiningOp()); });
}

/// The buffers whose maker `dep` names: those `pto.owner_task_id` reads,
/// unless one may be a set-owner view (its owner is then not the maker).
static SmallVector<Value, 4> getBuffersNamedBy(Value dep,
                                               BufferProvenance &provenance) {
  auto owner = dep.getDefiningOp<OwnerTaskIdOp>();
  if (!owner || mayHaveOwnerSet(owner.getSource(), provenance))
    return {};
  return provenance.getPossibleRoots(owner.getSource(), kFollow);
}

/// Returns true if the buffers `alloc` allocates live until the function
/// ends: its innermost scope is the one around the whole body (or none).
static bool livesUntilReturn(Operation *alloc, FunctionOpInterface func) {
  auto scope = alloc->getParentOfType<ScopeOp>();
  if (!scope)
    return true;
  Block &body = func.getFunctionBody().front();
  return scope->getBlock() == &body && &body.front() == scope.getOperation() &&
         scope->getNextNode() == body.getTerminator();
}

struct RetainManualScopeAllocationsPass
    : impl::RetainManualScopeAllocationsBase<
          RetainManualScopeAllocationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<LaunchSignatures> launches;
    for (OrchestrationOp func : module.getOps<OrchestrationOp>()) {
      if (func.isExternal())
        continue;
      SmallVector<SubmitOp> manualSubmits;
      func.walk([&](SubmitOp submit) {
        if (auto scope = submit->getParentOfType<ScopeOp>();
            scope && scope.getManual())
          manualSubmits.push_back(submit);
      });
      if (manualSubmits.empty())
        continue;
      if (!launches)
        launches.emplace(module);
      BufferProvenance provenance(func, *launches);
      if (failed(retain(func, manualSubmits, provenance)))
        signalPassFailure();
    }
  }

  LogicalResult retain(FunctionOpInterface func,
                       ArrayRef<SubmitOp> manualSubmits,
                       BufferProvenance &provenance) {
    // An allocation whose task id the program names in some dependency
    // (even under a condition, as "the last reader keeps it") has its
    // lifetime managed by the program.
    DenseSet<Value> managed;
    auto noteManaged = [&](Value dep) {
      SmallVector<Value> worklist{dep};
      while (!worklist.empty()) {
        Value value = worklist.pop_back_val();
        if (auto select = value.getDefiningOp<arith::SelectOp>()) {
          worklist.push_back(select.getTrueValue());
          worklist.push_back(select.getFalseValue());
        } else {
          for (Value root : getBuffersNamedBy(value, provenance))
            managed.insert(root);
        }
      }
    };
    func.walk([&](Operation *op) {
      if (auto submit = dyn_cast<SubmitOp>(op))
        llvm::for_each(submit.getDeps(), noteManaged);
      else if (auto dummy = dyn_cast<TaskDummyOp>(op))
        llvm::for_each(dummy->getOperands(), noteManaged);
    });

    bool anyFailed = false;
    OpBuilder builder(&getContext());
    DominanceInfo dominance(func);
    auto taskIdType = TaskIdType::get(&getContext());
    for (SubmitOp submit : manualSubmits) {
      SmallVector<Operation *, 2> retained;
      SmallVector<Value, 2> owners;
      for (Value arg : submit.getArgs()) {
        if (!isa<TensorType>(arg.getType()))
          continue;
        SmallVector<Value, 2> allocated;
        for (Value root : provenance.getPossibleRoots(arg, kFollow)) {
          Operation *alloc = root.getDefiningOp();
          if (!isa_and_nonnull<CreateOp, AllocTensorsOp, FullOp>(alloc) ||
              managed.contains(root) || livesUntilReturn(alloc, func) ||
              llvm::is_contained(retained, alloc))
            continue;
          retained.push_back(alloc);
          allocated.push_back(root);
        }
        if (allocated.empty())
          continue;
        builder.setInsertionPoint(submit);
        // The task id of each allocation: the owner of what it allocated,
        // read where that is in scope; else the owner of the tensor passed
        // (of the buffer chosen, where a choice passes one of several).
        bool each = llvm::all_of(allocated, [&](Value root) {
          return dominance.properlyDominates(root.getDefiningOp(), submit);
        });
        if (each) {
          for (Value root : allocated)
            owners.push_back(builder.create<OwnerTaskIdOp>(submit.getLoc(),
                                                           taskIdType, root));
        } else if (!mayHaveOwnerSet(arg, provenance)) {
          owners.push_back(
              builder.create<OwnerTaskIdOp>(submit.getLoc(), taskIdType, arg));
        } else {
          submit.emitOpError()
              << "passes a buffer allocated in a branch of the manual scope "
                 "under an owner set by pto.set_owner: its allocation's task "
                 "id cannot be read here, and the manual scope keeps the "
                 "buffer alive only for tasks that depend on it (depend on "
                 "pto.owner_task_id of the buffer before its owner is set)";
          anyFailed = true;
        }
      }
      // After the walk over the operands: appending may move them.
      submit.getDepsMutable().append(owners);
      numRetained += owners.size();
    }
    // Then the outputs the runtime allocated with a task of the scope.
    DenseMap<Operation *, SmallVector<Value>> allocationsOf;
    func.walk([&](Operation *op) {
      if (isa<CreateOp, AllocTensorsOp, FullOp>(op))
        if (auto scope = op->getParentOfType<ScopeOp>(); scope && scope.getManual())
          llvm::append_range(allocationsOf[scope], op->getResults());
    });
    for (SubmitOp submit : manualSubmits)
      if (failed(retainTaskOutputs(submit, provenance, dominance, managed,
                                   allocationsOf)))
        anyFailed = true;
    return failure(anyFailed);
  }

  /// A buffer the runtime allocated with a task P of `submit`'s manual scope
  /// (a create info's out parameter) lives while P does. It is kept alive
  /// for `submit` when `submit` depends on P, or on an allocation made
  /// before P in the same scope (the runtime reclaims the heap in ring
  /// order, so a live allocation holds everything after it), or when the
  /// program manages such an allocation itself; else `submit` gets a
  /// dependency on P.
  LogicalResult retainTaskOutputs(
      SubmitOp submit, BufferProvenance &provenance, DominanceInfo &dominance,
      const DenseSet<Value> &managed,
      DenseMap<Operation *, SmallVector<Value>> &allocationsOf) {
    auto scope = submit->getParentOfType<ScopeOp>();
    // What `submit` names: task ids, and buffers through their owners.
    DenseSet<Value> ids, named;
    for (Value dep : submit.getDeps()) {
      ids.insert(dep);
      for (Value root : getBuffersNamedBy(dep, provenance))
        named.insert(root);
    }
    SmallVector<Value, 2> added;
    for (Value arg : submit.getArgs()) {
      if (!isa<TensorType>(arg.getType()))
        continue;
      for (Value root : provenance.getPossibleRoots(arg, kFollow)) {
        auto producer = root.getDefiningOp<SubmitOp>();
        if (!producer || producer == submit ||
            producer->getParentOfType<ScopeOp>() != scope ||
            ids.contains(producer.getTaskId()) || named.contains(root))
          continue;
        bool pinned = llvm::any_of(allocationsOf[scope], [&](Value alloc) {
          return (managed.contains(alloc) || named.contains(alloc)) &&
                 dominance.properlyDominates(alloc.getDefiningOp(), producer);
        });
        if (pinned)
          continue;
        Value id;
        if (dominance.properlyDominates(producer, submit)) {
          id = producer.getTaskId();
        } else if (!mayHaveOwnerSet(arg, provenance)) {
          OpBuilder builder(submit);
          id = builder.create<OwnerTaskIdOp>(
              submit.getLoc(), TaskIdType::get(&getContext()), arg);
        } else {
          return submit.emitOpError()
                 << "passes a buffer a task of the manual scope allocated in "
                    "a branch, under an owner set by pto.set_owner: its "
                    "producer's task id cannot be read here, and the manual "
                    "scope keeps the buffer alive only for tasks that depend "
                    "on it (depend on the producer's task id)";
        }
        ids.insert(id);
        added.push_back(id);
      }
    }
    submit.getDepsMutable().append(added);
    numRetained += added.size();
    return success();
  }
};

} // namespace
} // namespace mlir::pto
