//===- HostControl.cpp - Host control tensors of host_build_graph ---------===//

#include "pto/Analysis/HostControl.h"

#include "pto/Analysis/BufferProvenance.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::pto {

/// Names what made `source` for a diagnostic.
static StringRef describeSource(Value source) {
  Operation *op = source.getDefiningOp();
  if (isa_and_nonnull<SubmitOp, CallOp>(op))
    return "the output of a device task";
  if (isa_and_nonnull<CreateOp, AllocTensorsOp, FullOp>(op))
    return "a runtime allocation";
  return "a tensor that is not a parameter of the orchestration function";
}

/// Returns true if `op` only passes its tensor operands on as values the
/// provenance analysis follows (views, selects, loop, branch and scope
/// carries) or hands them to the device, which is diagnosed separately.
static bool isFollowedUser(Operation *op) {
  return isa<ViewLikeOpInterface, arith::SelectOp, scf::ForOp, scf::IfOp,
             scf::YieldOp, ScopeOp, YieldOp, SubmitOp, CallOp>(op) ||
         (op->getNumRegions() == 0 &&
          llvm::none_of(op->getResultTypes(),
                        [](Type t) { return isa<TensorType>(t); }));
}

FailureOr<llvm::BitVector> analyzeHostControlTensors(OrchestrationOp entry) {
  llvm::BitVector control(entry.getNumArguments());
  if (entry.isExternal())
    return control;
  Block &block = entry.getBody().front();
  LaunchSignatures launches(entry->getParentOfType<ModuleOp>());
  BufferProvenance provenance(entry, launches);
  // What a host access or a device use may reach: through views, selects
  // and carries, not through a task's write (its output is another state of
  // the buffer, the one the device produces).
  auto sourcesOf = [&](Value tensor) {
    return provenance.getPossibleRoots(tensor, BufferProvenance::FollowViews);
  };
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
    for (Value source : sourcesOf(tensor)) {
      if (provenance.isChoice(source))
        continue;
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
  if (control.none())
    return failed ? FailureOr<llvm::BitVector>(failure()) : control;

  auto addNote = [&](InFlightDiagnostic &diag, unsigned i) {
    if (Operation *access = firstAccess.lookup(i))
      diag.attachNote(access->getLoc()) << "accessed on the host here";
    else
      diag.attachNote(entry.getLoc())
          << "parameter #" << i << " is marked '"
          << PTODialect::getHostControlAttrName() << "'";
    failed = true;
  };
  // Each op that hands a host control tensor, through any alias, to the
  // device, or to an op whose results the analysis cannot follow.
  entry.walk([&](Operation *op) {
    bool device = isa<SubmitOp, CallOp>(op);
    if (!device && isFollowedUser(op))
      return;
    llvm::BitVector reached(entry.getNumArguments());
    for (Value operand : op->getOperands()) {
      if (!isa<TensorType>(operand.getType()))
        continue;
      for (Value source : sourcesOf(operand)) {
        auto arg = dyn_cast<BlockArgument>(source);
        if (arg && arg.getOwner() == &block && control.test(arg.getArgNumber()))
          reached.set(arg.getArgNumber());
      }
    }
    for (unsigned i : reached.set_bits()) {
      InFlightDiagnostic diag = op->emitOpError();
      if (device)
        diag << "passes host control tensor #" << i << " of @"
             << entry.getName()
             << " to the device: the host reads or writes it while building "
                "the graph, so it stays in host memory; pass host control "
                "data and device data in separate parameters";
      else
        diag << "takes host control tensor #" << i << " of @"
             << entry.getName()
             << ", which host control tensors cannot flow through: only "
                "views, selects and scf.for, scf.if and pto.scope carries "
                "are followed to prove it never reaches the device";
      addNote(diag, i);
    }
  });
  if (failed)
    return failure();
  return control;
}

} // namespace mlir::pto
