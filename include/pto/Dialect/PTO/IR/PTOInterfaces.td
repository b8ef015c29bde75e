//===- PTOInterfaces.td - PTO op interfaces ----------------*- tablegen -*-===//

#ifndef PTO_DIALECT_PTO_IR_PTOINTERFACES_TD
#define PTO_DIALECT_PTO_IR_PTOINTERFACES_TD

include "mlir/IR/OpBase.td"

def PTO_TiedOpInterface : OpInterface<"TiedOpInterface"> {
  let cppNamespace = "::mlir::pto";
  let description = [{
    An op whose results may be *tied* to operands: a tied result is a new SSA
    name for the very buffer its operand names (an in-place write rebinds the
    buffer). Provenance analyses and the C++ translation follow ties instead of
    treating the result as a new tensor; a result with no tied operand is a new
    buffer (for example a runtime-allocated output).
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the index (into the op's operands) of the operand that result
        `resultIndex` is tied to, or std::nullopt if the result is untied.
      }],
      "std::optional<unsigned>", "getTiedResultOperandIndex",
      (ins "unsigned":$resultIndex)>,
  ];
  let extraSharedClassDeclaration = [{
    /// Returns the operand value `result` is tied to, or a null value.
    ::mlir::Value getTiedResultOperand(::mlir::Value result) {
      auto opResult = ::llvm::dyn_cast<::mlir::OpResult>(result);
      if (!opResult || opResult.getOwner() != $_op.getOperation())
        return {};
      std::optional<unsigned> index =
          $_op.getTiedResultOperandIndex(opResult.getResultNumber());
      if (!index)
        return {};
      return $_op->getOperand(*index);
    }
  }];
}

#endif // PTO_DIALECT_PTO_IR_PTOINTERFACES_TD
