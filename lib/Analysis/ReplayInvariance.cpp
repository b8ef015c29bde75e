//===- ReplayInvariance.cpp - Replay-invariant and hoistable scalars ------===//

#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::pto {

bool ReplayInvariance::isPureScalarArith(Operation *op) {
  return op && isa<arith::ArithDialect>(op->getDialect()) && isPure(op) &&
         op->getNumRegions() == 0 &&
         llvm::all_of(op->getResultTypes(), isScalarType);
}

bool ReplayInvariance::isScalarParameter(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && !graph.isExternal() &&
         arg.getOwner() == &graph.getBody().front() &&
         isScalarType(arg.getType());
}

std::optional<int64_t> ReplayInvariance::getConstantTripCount(scf::ForOp loop) {
  APInt lb, ub, step;
  if (!matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) ||
      !matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) ||
      !matchPattern(loop.getStep(), m_ConstantInt(&step)))
    return std::nullopt;
  std::optional<APInt> trips = loop.getStaticTripCount();
  if (!trips)
    return std::nullopt;
  // The trip count is unsigned; saturate instead of wrapping.
  return static_cast<int64_t>(
      trips->getLimitedValue(std::numeric_limits<int64_t>::max()));
}

/// Returns true if `tensor` is, by buffer identity, a tensor parameter of
/// `graph`: a view's shape may differ, so views do not count.
static bool isBoundaryTensor(GraphOp graph, Value tensor) {
  Value root = getBufferRoot(tensor);
  auto arg = dyn_cast<BlockArgument>(root);
  return arg && arg.getOwner() == &graph.getBody().front() &&
         isa<TensorType>(arg.getType()) && arg.getType() == tensor.getType();
}

bool ReplayInvariance::isReplayInvariant(Value value) {
  if (!isScalarType(value.getType()))
    return false;
  if (auto it = invariantCache.find(value); it != invariantCache.end())
    return it->second;
  // Seed the entry before recursing: SSA use-def chains are acyclic except
  // through loop-carried block arguments, which are not invariant.
  invariantCache[value] = false;
  bool result = false;
  if (matchPattern(value, m_Constant())) {
    result = true;
  } else if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    result = loop && arg == loop.getInductionVar() &&
             getConstantTripCount(loop).has_value();
  } else if (auto dim = value.getDefiningOp<DimOp>()) {
    // A literal extent is a literal; a `?` one is fixed by the recording
    // only for a boundary tensor.
    result = !dim.getSource().getType().isDynamicDim(dim.getAxisAttr().getInt()) ||
             isBoundaryTensor(graph, dim.getSource());
  } else if (Operation *op = value.getDefiningOp(); isPureScalarArith(op)) {
    result = llvm::all_of(op->getOperands(),
                          [&](Value operand) { return isReplayInvariant(operand); });
  }
  invariantCache[value] = result;
  return result;
}

bool ReplayInvariance::isHoistable(Value value) {
  if (!isScalarType(value.getType()))
    return false;
  if (auto it = hoistableCache.find(value); it != hoistableCache.end())
    return it->second;
  hoistableCache[value] = false;
  bool result = false;
  if (matchPattern(value, m_Constant()) || isScalarParameter(value)) {
    result = true;
  } else if (Operation *op = value.getDefiningOp(); isPureScalarArith(op)) {
    result = llvm::all_of(op->getOperands(),
                          [&](Value operand) { return isHoistable(operand); });
  }
  hoistableCache[value] = result;
  return result;
}

} // namespace mlir::pto
