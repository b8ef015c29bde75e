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
