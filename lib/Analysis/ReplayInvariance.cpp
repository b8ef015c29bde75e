//===- ReplayInvariance.cpp - Replay-invariant and hoistable scalars ------===//

#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::pto {

bool ReplayInvariance::isPureScalarOp(Operation *op) {
  // Types first: they rule out every launch without an interface query.
  return op && op->getNumRegions() == 0 &&
         llvm::all_of(op->getResultTypes(), isScalarType) &&
         llvm::all_of(op->getOperandTypes(), isScalarType) && isPure(op);
}

bool ReplayInvariance::isScalarParameter(Value value) const {
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && arg.getOwner() == entry && isScalarType(arg.getType());
}

std::optional<int64_t> ReplayInvariance::getConstantTripCount(scf::ForOp loop) {
  APInt lb, ub, step;
  if (!matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) ||
      !matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) ||
      !matchPattern(loop.getStep(), m_ConstantInt(&step)))
    return std::nullopt;
  // In the counter's own signedness, widened so that ub - lb cannot wrap
  // (an i8 loop from -100 to 100 runs 200 times).
  bool isUnsigned = loop.getUnsignedCmp();
  auto widen = [&](const APInt &value) {
    return isUnsigned ? value.zext(130) : value.sext(130);
  };
  APInt wideLb = widen(lb), wideUb = widen(ub), wideStep = widen(step);
  if (wideUb.sle(wideLb))
    return 0;
  // A loop that would run with a step that is not positive never ends.
  if (wideStep.isNonPositive())
    return std::nullopt;
  APInt trips = (wideUb - wideLb + wideStep - 1).udiv(wideStep);
  // Saturate instead of wrapping.
  return static_cast<int64_t>(
      trips.getLimitedValue(std::numeric_limits<int64_t>::max()));
}

ReplayInvariance::ReplayInvariance(GraphOp graph,
                                   const BufferProvenance &provenance)
    : graph(graph) {
  if (graph.isExternal())
    return;
  entry = &graph.getBody().front();
  for (BlockArgument arg : graph.getBody().front().getArguments())
    if (isScalarType(arg.getType()))
      flags[arg] = Hoistable;
  // Operands are defined before their users (SSA dominance); the only
  // values seen before their definition is walked are loop-carried block
  // arguments, which are neither.
  graph.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (getConstantTripCount(loop))
        flags[loop.getInductionVar()] = Invariant;
      return;
    }
    bool pureScalar = isPureScalarOp(op);
    if (pureScalar)
      pureScalarOps.insert(op);
    if (pureScalar && !matchPattern(op, m_Constant())) {
      uint8_t common = Invariant | Hoistable;
      for (Value operand : op->getOperands())
        common &= flags.lookup(operand);
      if (common)
        for (Value result : op->getResults())
          flags[result] = common;
      return;
    }
    if (op->getNumResults() != 1 || !isScalarType(op->getResultTypes()[0]))
      return;
    Value result = op->getResult(0);
    if (matchPattern(result, m_Constant())) {
      flags[result] = Invariant | Hoistable;
    } else if (auto dim = dyn_cast<DimOp>(op)) {
      // A literal extent is a literal; a `?` one is fixed by the recording
      // only for a boundary tensor (by buffer identity: a view's shape may
      // differ), also seen through transposes, whose extents are their
      // source's, permuted.
      Value source = dim.getSource();
      int64_t axis = dim.getAxisAttr().getInt();
      // An extent of a tensor parameter itself is also what a call site
      // reads of the tensor it passes: hoistable.
      auto sourceArg = dyn_cast<BlockArgument>(source);
      uint8_t hoistable =
          sourceArg && sourceArg.getOwner() == entry ? Hoistable : 0;
      if (!cast<TensorType>(source.getType()).isDynamicDim(axis)) {
        flags[result] = Invariant | hoistable;
        return;
      }
      while (auto transpose = source.getDefiningOp<TransposeOp>()) {
        int64_t axis0 = transpose.getAxis0(), axis1 = transpose.getAxis1();
        axis = axis == axis0 ? axis1 : axis == axis1 ? axis0 : axis;
        source = transpose.getSource();
      }
      BlockArgument arg = provenance.getRootArgument(source);
      if (arg && arg.getType() == source.getType())
        flags[result] = Invariant | hoistable;
    }
  });
}

} // namespace mlir::pto
