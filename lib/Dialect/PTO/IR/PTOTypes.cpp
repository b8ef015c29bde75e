//===- PTOTypes.cpp - PTO types -------------------------------------------===//

#include <limits>
#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/Dialect/PTO/IR/RuntimeLimits.h"

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
  // ui8: a byte buffer the runtime types UINT8 (a kernel's workspace).
  return type.isSignlessInteger(1) || type.isSignlessInteger(8) ||
         type.isSignlessInteger(16) || type.isSignlessInteger(32) ||
         type.isSignlessInteger(64) || type.isUnsignedInteger(8) ||
         isa<Float16Type, BFloat16Type, Float32Type>(type);
}

LogicalResult TensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 Layout layout) {
  if (!isValidElementType(elementType))
    return emitError() << "invalid tensor element type " << elementType
                       << ": expected f16, bf16, f32, i1, i8, i16, i32, i64 or ui8";
  if (shape.size() > kMaxTensorDims)
    return emitError() << "tensor of rank " << shape.size()
                       << ": the runtime's tensors have at most "
                       << kMaxTensorDims << " axes (MAX_TENSOR_DIMS)";
  for (int64_t extent : shape)
    if (extent < 0 && !ShapedType::isDynamic(extent))
      return emitError() << "tensor extents must be non-negative or '?'";
  if (layout == Layout::dn && shape.size() < 2)
    return emitError() << "the 'dn' layout needs a tensor of rank 2 or more";
  return success();
}

//===----------------------------------------------------------------------===//
// CreateInfoType
//===----------------------------------------------------------------------===//

LogicalResult
verifyRuntimeAllocatable(function_ref<InFlightDiagnostic()> emitError,
                         TensorType type, StringRef subject) {
  // What TensorCreateInfo can say: uint32_t shapes, row-major.
  if (type.getRank() == 0 || type.getLayout() != Layout::nd)
    return emitError() << subject << " " << type
                       << ", which the runtime cannot allocate "
                          "(TensorCreateInfo takes a row-major shape of rank "
                          "1 or more)";
  for (int64_t extent : type.getShape())
    if (!ShapedType::isDynamic(extent) &&
        extent > std::numeric_limits<uint32_t>::max())
      return emitError() << subject << " an extent of " << extent
                         << ", which does not fit the runtime's 32-bit shapes";
  return success();
}

LogicalResult
CreateInfoType::verify(function_ref<InFlightDiagnostic()> emitError,
                       TensorType tensor) {
  return verifyRuntimeAllocatable(emitError, tensor, "a create info describes");
}

// Written as the described tensor type's parameters: <?x128xf32>.
Type CreateInfoType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  auto tensor = dyn_cast_or_null<TensorType>(TensorType::parse(parser));
  if (!tensor)
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), tensor);
}

void CreateInfoType::print(AsmPrinter &printer) const {
  getTensor().print(printer);
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

Type TaskIdArrayType::parse(AsmParser &parser) {
  int64_t size = 0;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseInteger(size) || parser.parseGreater())
    return {};
  if (size < 1 || size > std::numeric_limits<unsigned>::max()) {
    parser.emitError(loc) << "a task id array needs a size between 1 and "
                          << std::numeric_limits<unsigned>::max() << ", got "
                          << size;
    return {};
  }
  return TaskIdArrayType::get(parser.getContext(), size);
}

void TaskIdArrayType::print(AsmPrinter &printer) const {
  printer << "<" << getSize() << ">";
}

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
  // A task's scalar slot is 64 bits wide (`add_scalar(uint64_t)`).
  if (isa<IndexType>(type))
    return true;
  if (isa<TensorType>(type)) // before FloatType, an interface lookup
    return false;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() && intType.getWidth() <= 64;
  if (auto floatType = dyn_cast<FloatType>(type))
    return floatType.getWidth() <= 64;
  return false;
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
