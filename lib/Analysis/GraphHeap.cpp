//===- GraphHeap.cpp - What a call or a run allocates ---------------------===//

#include "pto/Analysis/GraphHeap.h"

#include "pto/Analysis/GraphLegality.h"
#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::pto {

uint64_t getElementBytes(Type elementType) {
  return llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8);
}

/// Bytes of a tensor of static shape, saturating; none for a dynamic one.
static std::optional<uint64_t> getTensorBytes(TensorType tensor) {
  if (!tensor.hasStaticShape())
    return std::nullopt;
  uint64_t size = getElementBytes(tensor.getElementType());
  for (int64_t extent : tensor.getShape())
    size = llvm::SaturatingMultiply<uint64_t>(size, extent);
  return size;
}

namespace {

/// Sums the bytes (and allocation calls) of the allocations under a block,
/// each times the executions of the constant-trip loops around it.
class HeapWalk {
public:
  explicit HeapWalk(SymbolTableCollection &symbols) : symbols(symbols) {}

  uint64_t visit(Block &block, uint64_t multiplier) {
    uint64_t total = 0;
    for (Operation &op : block) {
      if (isa<CreateOp, AllocTensorsOp, FullOp>(op))
        allocationCalls = llvm::SaturatingAdd<uint64_t>(allocationCalls,
                                                        multiplier);
      for (Type type : getAllocatedTypes(op)) {
        std::optional<uint64_t> size = getTensorBytes(cast<TensorType>(type));
        if (!size) {
          use.exact = false;
          continue;
        }
        total = llvm::SaturatingAdd<uint64_t>(
            total, llvm::SaturatingMultiply<uint64_t>(multiplier, *size));
      }
      if (op.getNumRegions() == 0)
        continue;
      uint64_t trips = 1;
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        if (std::optional<int64_t> constant =
                ReplayInvariance::getConstantTripCount(loop))
          trips = std::max<int64_t>(*constant, 0);
        else
          use.exact = false;
      } else if (!isa<ScopeOp>(op) && mayAllocate(op)) {
        // A branch or while loop runs its body a call-dependent number of
        // times: counted once.
        use.exact = false;
      }
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          total = llvm::SaturatingAdd<uint64_t>(
              total, visit(nested, llvm::SaturatingMultiply<uint64_t>(
                                       multiplier, trips)));
    }
    return total;
  }

  GraphHeapUse use;
  uint64_t allocationCalls = 0;

private:
  /// The tensors `op` makes the runtime allocate.
  SmallVector<Type> getAllocatedTypes(Operation &op) {
    if (auto create = dyn_cast<CreateOp>(op))
      return {create.getType()};
    if (auto full = dyn_cast<FullOp>(op))
      return {full.getType()};
    if (auto alloc = dyn_cast<AllocTensorsOp>(op))
      return llvm::to_vector(alloc.getResultTypes());
    SmallVector<Type> tail;
    if (auto submit = dyn_cast<SubmitOp>(op))
      if (auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
              submit, submit.getCalleeAttr())) {
        ArrayRef<Type> params = kernel.getArgumentTypes();
        unsigned numTensors = pto::getNumTensorArgs(kernel);
        unsigned numTensorArgs = submit.getNumTensorArgs();
        for (unsigned i = 0; i < numTensors; ++i) {
          if (i >= numTensorArgs) {
            if (getArgDirection(kernel, i) == Direction::out)
              tail.push_back(params[i]);
          } else if (auto info = dyn_cast<CreateInfoType>(
                         submit.getArgs()[i].getType())) {
            tail.push_back(info.getTensor());
          }
        }
      }
    return tail;
  }

  /// True if `op`'s regions hold anything that may allocate (any launch
  /// counts: a conservative answer only clears `exact`).
  static bool mayAllocate(Operation &op) {
    return op
        .walk([](Operation *inner) {
          return isa<CreateOp, AllocTensorsOp, FullOp, SubmitOp>(inner)
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  }

  SymbolTableCollection &symbols;
};

} // namespace

GraphHeapUse computeGraphHeapUse(GraphOp graph,
                                 SymbolTableCollection &symbols) {
  HeapWalk walk(symbols);
  if (!graph.isExternal())
    walk.use.bytes = walk.visit(graph.getBody().front(), 1);
  return walk.use;
}

OrchestrationHeapUse
computeOrchestrationHeapUse(OrchestrationOp entry,
                            SymbolTableCollection &symbols) {
  HeapWalk walk(symbols);
  OrchestrationHeapUse use;
  if (entry.getBody().empty())
    return use;
  use.bytes = walk.visit(entry.getBody().front(), 1);
  use.allocationCalls = walk.allocationCalls;
  use.exact = walk.use.exact;
  return use;
}

CallSiteHeapUse computeCallSiteHeapUse(GraphOp graph,
                                       ArrayRef<CallOp> callers) {
  CallSiteHeapUse use;
  SmallVector<unsigned> parameters;
  for (unsigned i = 0, e = getNumTensorArgs(graph); i < e; ++i) {
    auto hoisted = graph.getArgAttrOfType<HoistedAttr>(
        i, PTODialect::getHoistedAttrName());
    if (!hoisted || hoisted.getKind() != HoistedKind::allocation)
      continue;
    parameters.push_back(i);
    std::optional<uint64_t> size =
        getTensorBytes(cast<TensorType>(graph.getArgumentTypes()[i]));
    use.exact &= size.has_value();
    use.bytesPerCall =
        llvm::SaturatingAdd<uint64_t>(use.bytesPerCall, size.value_or(0));
  }
  // Each allocation once, however many calls (and operands) it serves.
  SetVector<Value> buffers;
  DenseSet<Operation *> allocationOps;
  auto addRun = [&](Operation *op, Type type) {
    ExecutionCount executions = getExecutionsPerCall(op);
    std::optional<uint64_t> size = getTensorBytes(cast<TensorType>(type));
    use.exact &= executions.exact && size.has_value();
    use.bytesPerRun = llvm::SaturatingAdd<uint64_t>(
        use.bytesPerRun, llvm::SaturatingMultiply<uint64_t>(
                             executions.count, size.value_or(0)));
  };
  for (CallOp call : callers)
    for (unsigned i : parameters) {
      Value arg = call.getArgs()[i];
      if (Operation *def = arg.getDefiningOp();
          isa_and_nonnull<CreateOp, AllocTensorsOp>(def)) {
        if (buffers.insert(arg))
          addRun(def, arg.getType());
        if (allocationOps.insert(def).second)
          use.allocationCallsPerRun = llvm::SaturatingAdd<uint64_t>(
              use.allocationCallsPerRun, getExecutionsPerCall(def).count);
        continue;
      }
      // Not an allocation of the caller's: charged once per call.
      use.exact = false;
      addRun(call, arg.getType());
    }
  return use;
}

} // namespace mlir::pto
