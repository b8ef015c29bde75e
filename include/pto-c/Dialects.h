//===- Dialects.h - C API for the pto dialect -------------------*- C -*-===//

#ifndef PTO_C_DIALECTS_H
#define PTO_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(PTO, pto);

//===----------------------------------------------------------------------===//
// TensorType: !pto.tensor<shape x elementType[, layout]>
//===----------------------------------------------------------------------===//

/// Memory layout of a pto tensor (the `Layout` enum of the dialect).
typedef enum MlirPTOLayout {
  MlirPTOLayoutND = 0, ///< Row major, the default.
  MlirPTOLayoutDN = 1, ///< Column major; needs rank 2 or more.
} MlirPTOLayout;

/// Returns the typeID of a pto tensor type.
MLIR_CAPI_EXPORTED MlirTypeID mlirPTOTensorTypeGetTypeID(void);

/// Checks whether the given type is a pto tensor type.
MLIR_CAPI_EXPORTED bool mlirTypeIsAPTOTensorType(MlirType type);

/// Returns "pto.tensor".
MLIR_CAPI_EXPORTED MlirStringRef mlirPTOTensorTypeGetName(void);

/// Checks whether `type` may be the element type of a pto tensor (f16, bf16,
/// f32, i1, i8, i16, i32 or i64).
MLIR_CAPI_EXPORTED bool mlirPTOTensorTypeIsValidElementType(MlirType type);

/// Creates a pto tensor type of `rank` extents `shape` (elements per axis;
/// mlirShapedTypeGetDynamicSize() for an extent known only at run time), with
/// the given element type and layout, in the same context as the element type
/// (loading the pto dialect there if needed). The type is owned by the
/// context. The arguments must be valid: see mlirPTOTensorTypeGetChecked.
MLIR_CAPI_EXPORTED MlirType mlirPTOTensorTypeGet(intptr_t rank,
                                                 const int64_t *shape,
                                                 MlirType elementType,
                                                 MlirPTOLayout layout);

/// Same as "mlirPTOTensorTypeGet" but returns a nullptr wrapping MlirType on
/// illegal arguments (an invalid element type, a negative static extent, the
/// `dn` layout below rank 2), emitting the diagnostic at `loc`.
MLIR_CAPI_EXPORTED MlirType mlirPTOTensorTypeGetChecked(MlirLocation loc,
                                                        intptr_t rank,
                                                        const int64_t *shape,
                                                        MlirType elementType,
                                                        MlirPTOLayout layout);

/// Returns the rank (number of axes) of the given pto tensor type.
MLIR_CAPI_EXPORTED intptr_t mlirPTOTensorTypeGetRank(MlirType type);

/// Returns the extent of axis `pos` of the given pto tensor type, in elements;
/// mlirShapedTypeGetDynamicSize() if it is known only at run time.
MLIR_CAPI_EXPORTED int64_t mlirPTOTensorTypeGetDimSize(MlirType type,
                                                       intptr_t pos);

/// Returns the element type of the given pto tensor type.
MLIR_CAPI_EXPORTED MlirType mlirPTOTensorTypeGetElementType(MlirType type);

/// Returns the layout of the given pto tensor type.
MLIR_CAPI_EXPORTED MlirPTOLayout mlirPTOTensorTypeGetLayout(MlirType type);

//===----------------------------------------------------------------------===//
// TaskIdType: !pto.task_id
//===----------------------------------------------------------------------===//

/// Returns the typeID of the pto task id type.
MLIR_CAPI_EXPORTED MlirTypeID mlirPTOTaskIdTypeGetTypeID(void);

/// Checks whether the given type is the pto task id type.
MLIR_CAPI_EXPORTED bool mlirTypeIsAPTOTaskIdType(MlirType type);

/// Returns "pto.task_id".
MLIR_CAPI_EXPORTED MlirStringRef mlirPTOTaskIdTypeGetName(void);

/// Returns the pto task id type in `ctx` (loading the pto dialect if needed).
MLIR_CAPI_EXPORTED MlirType mlirPTOTaskIdTypeGet(MlirContext ctx);

//===----------------------------------------------------------------------===//
// TaskIdArrayType: !pto.task_id_array<size>
//===----------------------------------------------------------------------===//

/// Returns the typeID of a pto task id array type.
MLIR_CAPI_EXPORTED MlirTypeID mlirPTOTaskIdArrayTypeGetTypeID(void);

/// Checks whether the given type is a pto task id array type.
MLIR_CAPI_EXPORTED bool mlirTypeIsAPTOTaskIdArrayType(MlirType type);

/// Returns "pto.task_id_array".
MLIR_CAPI_EXPORTED MlirStringRef mlirPTOTaskIdArrayTypeGetName(void);

/// Creates the pto type of an array of `size` task ids in `ctx` (loading the
/// pto dialect if needed). `size` must be at least 1: see
/// mlirPTOTaskIdArrayTypeGetChecked.
MLIR_CAPI_EXPORTED MlirType mlirPTOTaskIdArrayTypeGet(MlirContext ctx,
                                                      unsigned size);

/// Same as "mlirPTOTaskIdArrayTypeGet" in the context of `loc`, but returns a
/// nullptr wrapping MlirType if `size` is 0, emitting the diagnostic at `loc`.
MLIR_CAPI_EXPORTED MlirType mlirPTOTaskIdArrayTypeGetChecked(MlirLocation loc,
                                                             unsigned size);

/// Returns the number of task ids of the given pto task id array type.
MLIR_CAPI_EXPORTED unsigned mlirPTOTaskIdArrayTypeGetSize(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_DIALECTS_H
