//===- Remarks.h - C API for receiving optimization remarks ------*- C -*-===//
//
// MLIR's remark engine (mlir/IR/Remarks.h) has no C API of its own; this one
// hands each remark, with its structured arguments, to a callback, so that
// Python reads what a pass decided instead of parsing printed text.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_C_REMARKS_H
#define PTO_C_REMARKS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome a remark reports (mlir::remark::RemarkKind).
typedef enum MlirPTORemarkKind {
  MlirPTORemarkKindPassed = 0,
  MlirPTORemarkKindMissed = 1,
  MlirPTORemarkKindFailure = 2,
  MlirPTORemarkKindAnalysis = 3,
} MlirPTORemarkKind;

/// One key/value argument of a remark; `attribute` is null unless the value
/// was streamed as an attribute.
typedef struct MlirPTORemarkArg {
  MlirStringRef key;
  MlirStringRef value;
  MlirAttribute attribute;
} MlirPTORemarkArg;

/// One remark: what it reports, its name (e.g. `hoisted-view`), category
/// (the pass argument), function (the symbol it concerns), location,
/// message, and arguments (the message itself is the `Remark` ones).
/// Everything it points to lives only for the call.
typedef struct MlirPTORemark {
  MlirPTORemarkKind kind;
  MlirStringRef name;
  MlirStringRef category;
  MlirStringRef function;
  MlirLocation location;
  MlirStringRef message;
  intptr_t numArgs;
  const MlirPTORemarkArg *args;
} MlirPTORemark;

typedef void (*MlirPTORemarkCallback)(const MlirPTORemark *remark,
                                      void *userData);

/// Enables the remarks whose category matches `categories` (a regular
/// expression over category names, e.g. `pto-legalize-graph-boundary`), of
/// every kind, and calls `callback` on each as it is emitted, on the thread
/// that emits it. Replaces any remark engine the context had. Fails on an
/// invalid regular expression (reported to the context's handlers).
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirPTOContextEnableRemarks(MlirContext context, MlirStringRef categories,
                            MlirPTORemarkCallback callback, void *userData);

/// Removes the context's remark engine: remarks are off again.
MLIR_CAPI_EXPORTED void mlirPTOContextDisableRemarks(MlirContext context);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_REMARKS_H
