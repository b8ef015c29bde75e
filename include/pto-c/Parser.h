//===- Parser.h - C API for checks before parsing pto source ----*- C -*-===//

#ifndef PTO_C_PARSER_H
#define PTO_C_PARSER_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Receives one construct the bundled MLIR parser cannot parse: its 1-based
/// line and column (in bytes) in the source, and the error message.
typedef void (*MlirPTOUnparsableSyntaxCallback)(intptr_t line,
                                                intptr_t column,
                                                MlirStringRef message,
                                                void *userData);

/// Calls `callback` for each construct of `source` (pto IR text) that the
/// bundled MLIR 22.1.8 parser would abort on instead of reporting, in source
/// order, and returns their number. Every in-process parse of pto source
/// runs this check first.
MLIR_CAPI_EXPORTED intptr_t
mlirPTOFindUnparsableSyntax(MlirStringRef source,
                            MlirPTOUnparsableSyntaxCallback callback,
                            void *userData);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_PARSER_H
