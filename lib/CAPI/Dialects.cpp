//===- Dialects.cpp - C API for the pto dialect ---------------------------===//

#include "pto-c/Dialects.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "pto/Dialect/PTO/IR/PTO.h"

using namespace mlir;
using namespace mlir::pto;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(PTO, pto, mlir::pto::PTODialect)

// The C enum mirrors the ODS one value for value.
static_assert(MlirPTOLayoutND == static_cast<int>(Layout::nd) &&
                  MlirPTOLayoutDN == static_cast<int>(Layout::dn),
              "MlirPTOLayout out of sync with pto::Layout");
static_assert(MlirPTODirectionIn == static_cast<int>(Direction::in) &&
                  MlirPTODirectionOut == static_cast<int>(Direction::out) &&
                  MlirPTODirectionInOut == static_cast<int>(Direction::inout),
              "MlirPTODirection out of sync with pto::Direction");
static_assert(MlirPTOCoreTypeAIC == static_cast<int>(CoreType::aic) &&
                  MlirPTOCoreTypeAIV == static_cast<int>(CoreType::aiv) &&
                  MlirPTOCoreTypeMixed == static_cast<int>(CoreType::mixed),
              "MlirPTOCoreType out of sync with pto::CoreType");
static_assert(MlirPTORuntimeTensormapAndRingbuffer ==
                      static_cast<int>(Runtime::tensormap_and_ringbuffer) &&
                  MlirPTORuntimeHostBuildGraph ==
                      static_cast<int>(Runtime::host_build_graph),
              "MlirPTORuntime out of sync with pto::Runtime");
static_assert(
    MlirPTOHoistedKindAllocation == static_cast<int>(HoistedKind::allocation) &&
        MlirPTOHoistedKindView == static_cast<int>(HoistedKind::view) &&
        MlirPTOHoistedKindScalar == static_cast<int>(HoistedKind::scalar),
    "MlirPTOHoistedKind out of sync with pto::HoistedKind");

/// A type's storage exists only once its dialect is loaded; a context that
/// merely has pto registered would otherwise abort in the uniquer.
static MLIRContext *withPTOLoaded(MLIRContext *context) {
  context->getOrLoadDialect<PTODialect>();
  return context;
}

//===----------------------------------------------------------------------===//
// TensorType
//===----------------------------------------------------------------------===//

MlirTypeID mlirPTOTensorTypeGetTypeID(void) {
  return wrap(pto::TensorType::getTypeID());
}

bool mlirTypeIsAPTOTensorType(MlirType type) {
  return isa<pto::TensorType>(unwrap(type));
}

MlirStringRef mlirPTOTensorTypeGetName(void) {
  return wrap(pto::TensorType::name);
}

bool mlirPTOTensorTypeIsValidElementType(MlirType type) {
  return pto::TensorType::isValidElementType(unwrap(type));
}

MlirType mlirPTOTensorTypeGet(intptr_t rank, const int64_t *shape,
                              MlirType elementType, MlirPTOLayout layout) {
  Type element = unwrap(elementType);
  return wrap(pto::TensorType::get(withPTOLoaded(element.getContext()),
                              llvm::ArrayRef(shape, rank), element,
                              static_cast<Layout>(layout)));
}

MlirType mlirPTOTensorTypeGetChecked(MlirLocation loc, intptr_t rank,
                                     const int64_t *shape, MlirType elementType,
                                     MlirPTOLayout layout) {
  Type element = unwrap(elementType);
  Location location = unwrap(loc);
  if (layout != MlirPTOLayoutND && layout != MlirPTOLayoutDN) {
    emitError(location) << "unknown tensor layout " << static_cast<int>(layout);
    return {nullptr};
  }
  if (location.getContext() != element.getContext()) {
    emitError(location) << "the element type " << element
                        << " belongs to another context";
    return {nullptr};
  }
  return wrap(pto::TensorType::getChecked(
      mlir::detail::getDefaultDiagnosticEmitFn(location),
      withPTOLoaded(element.getContext()), llvm::ArrayRef(shape, rank),
      element, static_cast<Layout>(layout)));
}

intptr_t mlirPTOTensorTypeGetRank(MlirType type) {
  return cast<pto::TensorType>(unwrap(type)).getShape().size();
}

int64_t mlirPTOTensorTypeGetDimSize(MlirType type, intptr_t pos) {
  return cast<pto::TensorType>(unwrap(type)).getShape()[pos];
}

MlirType mlirPTOTensorTypeGetElementType(MlirType type) {
  return wrap(cast<pto::TensorType>(unwrap(type)).getElementType());
}

MlirPTOLayout mlirPTOTensorTypeGetLayout(MlirType type) {
  return static_cast<MlirPTOLayout>(cast<pto::TensorType>(unwrap(type)).getLayout());
}

//===----------------------------------------------------------------------===//
// TaskIdType
//===----------------------------------------------------------------------===//

MlirTypeID mlirPTOTaskIdTypeGetTypeID(void) {
  return wrap(TaskIdType::getTypeID());
}

bool mlirTypeIsAPTOTaskIdType(MlirType type) {
  return isa<TaskIdType>(unwrap(type));
}

MlirStringRef mlirPTOTaskIdTypeGetName(void) { return wrap(TaskIdType::name); }

MlirType mlirPTOTaskIdTypeGet(MlirContext ctx) {
  return wrap(TaskIdType::get(withPTOLoaded(unwrap(ctx))));
}

//===----------------------------------------------------------------------===//
// TaskIdArrayType
//===----------------------------------------------------------------------===//

MlirTypeID mlirPTOTaskIdArrayTypeGetTypeID(void) {
  return wrap(TaskIdArrayType::getTypeID());
}

bool mlirTypeIsAPTOTaskIdArrayType(MlirType type) {
  return isa<TaskIdArrayType>(unwrap(type));
}

MlirStringRef mlirPTOTaskIdArrayTypeGetName(void) {
  return wrap(TaskIdArrayType::name);
}

MlirType mlirPTOTaskIdArrayTypeGet(MlirContext ctx, unsigned size) {
  return wrap(TaskIdArrayType::get(withPTOLoaded(unwrap(ctx)), size));
}

MlirType mlirPTOTaskIdArrayTypeGetChecked(MlirLocation loc, unsigned size) {
  Location location = unwrap(loc);
  return wrap(TaskIdArrayType::getChecked(
      mlir::detail::getDefaultDiagnosticEmitFn(location),
      withPTOLoaded(location.getContext()), size));
}

unsigned mlirPTOTaskIdArrayTypeGetSize(MlirType type) {
  return cast<TaskIdArrayType>(unwrap(type)).getSize();
}

//===----------------------------------------------------------------------===//
// CreateInfoType
//===----------------------------------------------------------------------===//

MlirTypeID mlirPTOCreateInfoTypeGetTypeID(void) {
  return wrap(CreateInfoType::getTypeID());
}

bool mlirTypeIsAPTOCreateInfoType(MlirType type) {
  return isa<CreateInfoType>(unwrap(type));
}

MlirStringRef mlirPTOCreateInfoTypeGetName(void) {
  return wrap(CreateInfoType::name);
}

MlirType mlirPTOCreateInfoTypeGetChecked(MlirLocation loc, MlirType tensor) {
  Location location = unwrap(loc);
  return wrap(CreateInfoType::getChecked(
      mlir::detail::getDefaultDiagnosticEmitFn(location),
      withPTOLoaded(location.getContext()), cast<pto::TensorType>(unwrap(tensor))));
}

MlirType mlirPTOCreateInfoTypeGetTensor(MlirType type) {
  return wrap(cast<CreateInfoType>(unwrap(type)).getTensor());
}

//===----------------------------------------------------------------------===//
// Enum attributes
//===----------------------------------------------------------------------===//

// The C enums are ints: a value outside the ODS enum (symbolize* answers
// nullopt) gets a null attribute rather than reaching the uniquer.
#define PTO_DEFINE_CAPI_ENUM_KEYWORDS(Name, CEnum)                            \
  MlirStringRef mlirPTO##Name##GetKeyword(CEnum value) {                      \
    std::optional<Name> known = symbolize##Name(static_cast<uint32_t>(value)); \
    return wrap(known ? stringifyEnum(*known) : StringRef());                 \
  }                                                                           \
  bool mlirPTO##Name##FromKeyword(MlirStringRef keyword, CEnum *value) {      \
    std::optional<Name> known = symbolizeEnum<Name>(unwrap(keyword));         \
    if (known)                                                                \
      *value = static_cast<CEnum>(*known);                                    \
    return known.has_value();                                                 \
  }

#define PTO_DEFINE_CAPI_ENUM_ATTR(Name, CEnum)                                \
  MlirTypeID mlirPTO##Name##AttrGetTypeID(void) {                             \
    return wrap(Name##Attr::getTypeID());                                     \
  }                                                                           \
  bool mlirAttributeIsAPTO##Name##Attr(MlirAttribute attr) {                  \
    return isa<Name##Attr>(unwrap(attr));                                     \
  }                                                                           \
  MlirStringRef mlirPTO##Name##AttrGetName(void) {                            \
    return wrap(Name##Attr::name);                                            \
  }                                                                           \
  MlirAttribute mlirPTO##Name##AttrGet(MlirContext ctx, CEnum value) {        \
    std::optional<Name> parsed = symbolize##Name(static_cast<uint32_t>(value)); \
    if (!parsed)                                                              \
      return {nullptr};                                                       \
    return wrap(Name##Attr::get(withPTOLoaded(unwrap(ctx)), *parsed));        \
  }                                                                           \
  CEnum mlirPTO##Name##AttrGetValue(MlirAttribute attr) {                     \
    return static_cast<CEnum>(cast<Name##Attr>(unwrap(attr)).getValue());     \
  }                                                                           \
  PTO_DEFINE_CAPI_ENUM_KEYWORDS(Name, CEnum)

PTO_DEFINE_CAPI_ENUM_ATTR(Direction, MlirPTODirection)
PTO_DEFINE_CAPI_ENUM_ATTR(CoreType, MlirPTOCoreType)
PTO_DEFINE_CAPI_ENUM_ATTR(Runtime, MlirPTORuntime)

//===----------------------------------------------------------------------===//
// HoistedAttr
//===----------------------------------------------------------------------===//

PTO_DEFINE_CAPI_ENUM_KEYWORDS(HoistedKind, MlirPTOHoistedKind)

MlirTypeID mlirPTOHoistedAttrGetTypeID(void) {
  return wrap(HoistedAttr::getTypeID());
}

bool mlirAttributeIsAPTOHoistedAttr(MlirAttribute attr) {
  return isa<HoistedAttr>(unwrap(attr));
}

MlirStringRef mlirPTOHoistedAttrGetName(void) { return wrap(HoistedAttr::name); }

MlirAttribute mlirPTOHoistedAttrGet(MlirContext ctx, MlirPTOHoistedKind kind,
                                    MlirAttribute of,
                                    MlirAttribute computedBy) {
  auto field = [](MlirAttribute attr) -> FailureOr<StringAttr> {
    if (mlirAttributeIsNull(attr))
      return StringAttr();
    if (auto string = dyn_cast<StringAttr>(unwrap(attr)))
      return string;
    return failure();
  };
  FailureOr<StringAttr> ofAttr = field(of);
  FailureOr<StringAttr> computedByAttr = field(computedBy);
  std::optional<HoistedKind> parsed =
      symbolizeHoistedKind(static_cast<uint32_t>(kind));
  if (failed(ofAttr) || failed(computedByAttr) || !parsed)
    return {nullptr};
  return wrap(HoistedAttr::get(withPTOLoaded(unwrap(ctx)), *parsed, *ofAttr,
                               *computedByAttr));
}

MlirPTOHoistedKind mlirPTOHoistedAttrGetKind(MlirAttribute attr) {
  return static_cast<MlirPTOHoistedKind>(
      cast<HoistedAttr>(unwrap(attr)).getKind());
}

MlirAttribute mlirPTOHoistedAttrGetOf(MlirAttribute attr) {
  return wrap(Attribute(cast<HoistedAttr>(unwrap(attr)).getOf()));
}

MlirAttribute mlirPTOHoistedAttrGetComputedBy(MlirAttribute attr) {
  return wrap(Attribute(cast<HoistedAttr>(unwrap(attr)).getComputedBy()));
}
