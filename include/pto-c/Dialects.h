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

//===----------------------------------------------------------------------===//
// CreateInfoType: !pto.create_info<shape x element type>
//===----------------------------------------------------------------------===//

/// Returns the typeID of a pto create info type.
MLIR_CAPI_EXPORTED MlirTypeID mlirPTOCreateInfoTypeGetTypeID(void);

/// Checks whether the given type is a pto create info type.
MLIR_CAPI_EXPORTED bool mlirTypeIsAPTOCreateInfoType(MlirType type);

/// Returns "pto.create_info".
MLIR_CAPI_EXPORTED MlirStringRef mlirPTOCreateInfoTypeGetName(void);

/// Returns the create info describing pto tensor type `tensor`, or a nullptr
/// wrapping MlirType, with the diagnostic emitted at `loc`, if the runtime
/// cannot allocate it (rank 0, the `dn` layout, an extent over 32 bits).
MLIR_CAPI_EXPORTED MlirType mlirPTOCreateInfoTypeGetChecked(MlirLocation loc,
                                                            MlirType tensor);

/// Returns the pto tensor type a create info type describes.
MLIR_CAPI_EXPORTED MlirType mlirPTOCreateInfoTypeGetTensor(MlirType type);

//===----------------------------------------------------------------------===//
// Enum attributes: #pto.direction, #pto.core_type, #pto.runtime
//===----------------------------------------------------------------------===//
// Each C enum mirrors its ODS enum value for value.

/// How a kernel or Graph accesses a tensor parameter (`Direction`).
typedef enum MlirPTODirection {
  MlirPTODirectionIn = 0,
  MlirPTODirectionOut = 1,
  MlirPTODirectionInOut = 2,
} MlirPTODirection;

/// The cores a kernel runs on (`CoreType`).
typedef enum MlirPTOCoreType {
  MlirPTOCoreTypeAIC = 0,
  MlirPTOCoreTypeAIV = 1,
  MlirPTOCoreTypeMixed = 2,
} MlirPTOCoreType;

/// The runtime a module targets (`Runtime`).
typedef enum MlirPTORuntime {
  MlirPTORuntimeTensormapAndRingbuffer = 0,
  MlirPTORuntimeHostBuildGraph = 1,
} MlirPTORuntime;

/// What a Graph parameter added by the legalization was (`HoistedKind`).
typedef enum MlirPTOHoistedKind {
  MlirPTOHoistedKindAllocation = 0,
  MlirPTOHoistedKindView = 1,
  MlirPTOHoistedKindScalar = 2,
} MlirPTOHoistedKind;

/// Returns the keyword of a direction (as printed: e.g. `inout`), or an
/// empty string for a value outside the enum.
MLIR_CAPI_EXPORTED MlirStringRef mlirPTODirectionGetKeyword(MlirPTODirection value);
/// Stores the direction spelled `keyword` into `*value`; returns false,
/// writing nothing, for an unknown keyword.
MLIR_CAPI_EXPORTED bool mlirPTODirectionFromKeyword(MlirStringRef keyword,
                                                    MlirPTODirection *value);
/// Returns the typeID of `#pto.direction`.
MLIR_CAPI_EXPORTED MlirTypeID mlirPTODirectionAttrGetTypeID(void);
/// Checks whether `attr` is a `#pto.direction`.
MLIR_CAPI_EXPORTED bool mlirAttributeIsAPTODirectionAttr(MlirAttribute attr);
/// Returns "pto.direction".
MLIR_CAPI_EXPORTED MlirStringRef mlirPTODirectionAttrGetName(void);
/// Returns `#pto.direction<value>` in `ctx`; null for a value outside the
/// enum.
MLIR_CAPI_EXPORTED MlirAttribute mlirPTODirectionAttrGet(MlirContext ctx,
                                                         MlirPTODirection value);
/// Returns the value of a `#pto.direction`.
MLIR_CAPI_EXPORTED MlirPTODirection
mlirPTODirectionAttrGetValue(MlirAttribute attr);

/// Returns the keyword of a core type (as printed: e.g. `aiv`), or an
/// empty string for a value outside the enum.
MLIR_CAPI_EXPORTED MlirStringRef mlirPTOCoreTypeGetKeyword(MlirPTOCoreType value);
/// Stores the core type spelled `keyword` into `*value`; returns false,
/// writing nothing, for an unknown keyword.
MLIR_CAPI_EXPORTED bool mlirPTOCoreTypeFromKeyword(MlirStringRef keyword,
                                                   MlirPTOCoreType *value);
/// Returns the typeID of `#pto.core_type`.
MLIR_CAPI_EXPORTED MlirTypeID mlirPTOCoreTypeAttrGetTypeID(void);
/// Checks whether `attr` is a `#pto.core_type`.
MLIR_CAPI_EXPORTED bool mlirAttributeIsAPTOCoreTypeAttr(MlirAttribute attr);
/// Returns "pto.core_type".
MLIR_CAPI_EXPORTED MlirStringRef mlirPTOCoreTypeAttrGetName(void);
/// Returns `#pto.core_type<value>` in `ctx`; null for a value outside the
/// enum.
MLIR_CAPI_EXPORTED MlirAttribute mlirPTOCoreTypeAttrGet(MlirContext ctx,
                                                        MlirPTOCoreType value);
/// Returns the value of a `#pto.core_type`.
MLIR_CAPI_EXPORTED MlirPTOCoreType
mlirPTOCoreTypeAttrGetValue(MlirAttribute attr);

/// Returns the keyword of a runtime (as printed: e.g. `host_build_graph`), or an
/// empty string for a value outside the enum.
MLIR_CAPI_EXPORTED MlirStringRef mlirPTORuntimeGetKeyword(MlirPTORuntime value);
/// Stores the runtime spelled `keyword` into `*value`; returns false,
/// writing nothing, for an unknown keyword.
MLIR_CAPI_EXPORTED bool mlirPTORuntimeFromKeyword(MlirStringRef keyword,
                                                  MlirPTORuntime *value);
/// Returns the typeID of `#pto.runtime`.
MLIR_CAPI_EXPORTED MlirTypeID mlirPTORuntimeAttrGetTypeID(void);
/// Checks whether `attr` is a `#pto.runtime`.
MLIR_CAPI_EXPORTED bool mlirAttributeIsAPTORuntimeAttr(MlirAttribute attr);
/// Returns "pto.runtime".
MLIR_CAPI_EXPORTED MlirStringRef mlirPTORuntimeAttrGetName(void);
/// Returns `#pto.runtime<value>` in `ctx`; null for a value outside the
/// enum.
MLIR_CAPI_EXPORTED MlirAttribute mlirPTORuntimeAttrGet(MlirContext ctx,
                                                       MlirPTORuntime value);
/// Returns the value of a `#pto.runtime`.
MLIR_CAPI_EXPORTED MlirPTORuntime mlirPTORuntimeAttrGetValue(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// HoistedAttr: #pto.hoisted<kind[, of = "...", computed_by = "..."]>
//===----------------------------------------------------------------------===//

/// Returns the keyword of a hoisted kind (as printed: e.g. `view`), or an
/// empty string for a value outside the enum.
MLIR_CAPI_EXPORTED MlirStringRef mlirPTOHoistedKindGetKeyword(MlirPTOHoistedKind value);
/// Stores the hoisted kind spelled `keyword` into `*value`; returns false,
/// writing nothing, for an unknown keyword.
MLIR_CAPI_EXPORTED bool mlirPTOHoistedKindFromKeyword(MlirStringRef keyword,
                                                      MlirPTOHoistedKind *value);
/// Returns the typeID of `#pto.hoisted`.
MLIR_CAPI_EXPORTED MlirTypeID mlirPTOHoistedAttrGetTypeID(void);
/// Checks whether `attr` is a `#pto.hoisted`.
MLIR_CAPI_EXPORTED bool mlirAttributeIsAPTOHoistedAttr(MlirAttribute attr);
/// Returns "pto.hoisted".
MLIR_CAPI_EXPORTED MlirStringRef mlirPTOHoistedAttrGetName(void);
/// Returns `#pto.hoisted<kind, of = of, computed_by = computedBy>` in `ctx`;
/// `of` and `computedBy` are string attributes or null (absent). Null for a
/// kind outside the enum or a field that is not a string attribute.
MLIR_CAPI_EXPORTED MlirAttribute mlirPTOHoistedAttrGet(MlirContext ctx,
                                                       MlirPTOHoistedKind kind,
                                                       MlirAttribute of,
                                                       MlirAttribute computedBy);
/// Returns the kind of a `#pto.hoisted`.
MLIR_CAPI_EXPORTED MlirPTOHoistedKind
mlirPTOHoistedAttrGetKind(MlirAttribute attr);
/// Returns the name of the buffer a hoisted view is of (a string attribute),
/// or null if it has none.
MLIR_CAPI_EXPORTED MlirAttribute mlirPTOHoistedAttrGetOf(MlirAttribute attr);
/// Returns the name of the op that computed a hoisted scalar (a string
/// attribute), or null if it has none.
MLIR_CAPI_EXPORTED MlirAttribute
mlirPTOHoistedAttrGetComputedBy(MlirAttribute attr);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_DIALECTS_H
