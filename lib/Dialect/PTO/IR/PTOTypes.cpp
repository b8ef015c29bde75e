//===- PTOTypes.cpp - PTO types -------------------------------------------===//

#include "pto/Dialect/PTO/IR/PTO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#define GET_TYPEDEF_CLASSES
#include "pto/Dialect/PTO/IR/PTOTypes.cpp.inc"

namespace mlir::pto {

void PTODialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "pto/Dialect/PTO/IR/PTOTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TensorType
//===----------------------------------------------------------------------===//

bool TensorType::isValidElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() && intType.getWidth() <= 64;
  return isa<Float16Type, BFloat16Type, Float32Type>(type);
}

LogicalResult TensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 Layout layout) {
  if (!isValidElementType(elementType))
    return emitError() << "invalid tensor element type " << elementType
                       << ": expected f16, bf16, f32 or a signless integer "
                          "of at most 64 bits";
  for (int64_t extent : shape)
    if (extent < 0 && !ShapedType::isDynamic(extent))
      return emitError() << "tensor extents must be non-negative or '?'";
  if (layout == Layout::dn && shape.size() < 2)
    return emitError() << "the 'dn' layout needs a tensor of rank 2 or more";
  return success();
}

bool TensorType::hasRank() const { return true; }

ShapedType TensorType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                 Type elementType) const {
  return TensorType::get(getContext(), shape ? *shape : getShape(),
                         elementType, getLayout());
}

Type TensorType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Layout layout = Layout::nd;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc layoutLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    std::optional<Layout> parsed = symbolizeLayout(keyword);
    if (!parsed) {
      parser.emitError(layoutLoc)
          << "unknown tensor layout '" << keyword << "': expected nd or dn";
      return {};
    }
    layout = *parsed;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TensorType>(loc, parser.getContext(), shape,
                                       elementType, layout);
}

void TensorType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  if (!getShape().empty())
    printer << "x";
  printer << getElementType();
  if (getLayout() != Layout::nd)
    printer << ", " << stringifyLayout(getLayout());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// TaskIdArrayType
//===----------------------------------------------------------------------===//

LogicalResult
TaskIdArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned size) {
  if (size == 0)
    return emitError() << "a task id array needs at least one element";
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool isScalarType(Type type) {
  return type.isSignlessInteger() || isa<IndexType, FloatType>(type);
}

bool isValidParameterType(Type type) {
  return isa<TensorType>(type) || isScalarType(type);
}

bool isCompatibleTensorType(TensorType expected, TensorType actual) {
  if (expected.getElementType() != actual.getElementType() ||
      expected.getLayout() != actual.getLayout() ||
      expected.getRank() != actual.getRank())
    return false;
  for (auto [e, a] : llvm::zip_equal(expected.getShape(), actual.getShape()))
    if (!ShapedType::isDynamic(e) && !ShapedType::isDynamic(a) && e != a)
      return false;
  return true;
}

} // namespace mlir::pto
