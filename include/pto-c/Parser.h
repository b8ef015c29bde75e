//===- Parser.h - C API for parsing and printing pto source -------*- C -*-===//

#ifndef PTO_C_PARSER_H
#define PTO_C_PARSER_H

#include "mlir-c/IR.h"
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

/// Parses the pto IR file at `path` (text or bytecode) into a module, as
/// pto-opt reads its input: a leading UTF-8 byte order mark is skipped and
/// the constructs mlirPTOFindUnparsableSyntax finds are reported instead of
/// parsed. Returns a null module after reporting the errors to the
/// context's diagnostic handlers.
///
/// With `verify` false the module is not verified, for a caller that
/// changes it first (e.g. sets its runtime) and verifies it then. With
/// `nameLocations`, every op result group and block argument of a text
/// file whose location is a plain file location gets a name location
/// carrying its SSA name in the source (`%wl`; numeric names such as `%0`
/// are not names), wrapping that file location: the source's names then
/// reach the C++ and the diagnostics like the Python builder's.
MLIR_CAPI_EXPORTED MlirModule mlirPTOParseSourceFile(MlirContext context,
                                                     MlirStringRef path,
                                                     bool verify,
                                                     bool nameLocations);

/// Prints `op` with `flags` as mlirOperationPrintWithFlags does, into one
/// buffer handed to `callback` in one piece (mlirOperationPrintWithFlags
/// calls back once per printed token, which costs more than printing when
/// the callback crosses into Python).
MLIR_CAPI_EXPORTED void mlirPTOOperationPrintInOnePiece(
    MlirOperation op, MlirOpPrintingFlags flags, MlirStringCallback callback,
    void *userData);

#ifdef __cplusplus
}
#endif

#endif // PTO_C_PARSER_H
