//===- Parser.cpp - C API for checks before parsing pto source ------------===//

#include "pto-c/Parser.h"

#include "mlir/CAPI/Support.h"
#include "pto/Support/ParserWorkarounds.h"

intptr_t mlirPTOFindUnparsableSyntax(MlirStringRef source,
                                     MlirPTOUnparsableSyntaxCallback callback,
                                     void *userData) {
  llvm::StringRef text = unwrap(source);
  llvm::SmallVector<mlir::pto::UnparsableSyntax> found =
      mlir::pto::findUnparsableSyntax(text);
  // Lines and columns counted once over the source, in order.
  intptr_t line = 1;
  size_t lineStart = 0, scanned = 0;
  for (const mlir::pto::UnparsableSyntax &syntax : found) {
    for (; scanned < syntax.offset; ++scanned)
      if (text[scanned] == '\n') {
        ++line;
        lineStart = scanned + 1;
      }
    callback(line, syntax.offset - lineStart + 1, wrap(syntax.message),
             userData);
  }
  return found.size();
}
