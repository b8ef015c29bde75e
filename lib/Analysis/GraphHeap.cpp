//===- GraphHeap.cpp - Graph-heap bytes one call allocates ----------------===//

#include "pto/Analysis/GraphHeap.h"

#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::pto {

uint64_t getElementBytes(Type elementType) {
  return llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8);
}

namespace {

class GraphHeapWalk {
public:
  explicit GraphHeapWalk(SymbolTableCollection &symbols) : symbols(symbols) {}

  uint64_t visit(Block &block, uint64_t multiplier) {
    uint64_t total = 0;
    for (Operation &op : block) {
      for (Type type : getAllocatedTypes(op)) {
        auto tensor = cast<TensorType>(type);
        if (!tensor.hasStaticShape()) {
          use.exact = false;
          continue;
        }
        uint64_t size = getElementBytes(tensor.getElementType());
        for (int64_t extent : tensor.getShape())
          size = llvm::SaturatingMultiply<uint64_t>(size, extent);
        total = llvm::SaturatingAdd<uint64_t>(
            total, llvm::SaturatingMultiply<uint64_t>(multiplier, size));
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

private:
  /// The tensors `op` makes the runtime allocate.
  SmallVector<Type> getAllocatedTypes(Operation &op) {
    if (auto create = dyn_cast<CreateOp>(op))
      return {create.getType()};
    if (auto alloc = dyn_cast<AllocTensorsOp>(op))
      return llvm::to_vector(alloc.getResultTypes());
    SmallVector<Type> tail;
    if (auto submit = dyn_cast<SubmitOp>(op))
      if (auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
              submit, submit.getCalleeAttr())) {
        ArrayRef<Type> params = kernel.getArgumentTypes();
        unsigned numTensors = pto::getNumTensorArgs(kernel);
        for (unsigned i = submit.getNumTensorArgs(); i < numTensors; ++i)
          if (getArgDirection(kernel, i) == Direction::out)
            tail.push_back(params[i]);
      }
    return tail;
  }

  /// True if `op`'s regions hold anything that may allocate (any launch
  /// counts: a conservative answer only clears `exact`).
  static bool mayAllocate(Operation &op) {
    return op
        .walk([](Operation *inner) {
          return isa<CreateOp, AllocTensorsOp, SubmitOp>(inner)
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
  GraphHeapWalk walk(symbols);
  if (!graph.isExternal())
    walk.use.bytes = walk.visit(graph.getBody().front(), 1);
  return walk.use;
}

} // namespace mlir::pto
