//===- ParserWorkarounds.h - Input the bundled parser mishandles -*- C++ -*-===//
//
// Checks run on pto source text before MLIR's parser sees it, by every tool
// and binding that parses in-process (pto-opt, pto-translate, the Python
// package), so that input the bundled MLIR 22.1.8 parser would abort on is
// reported at its location instead.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_SUPPORT_PARSERWORKAROUNDS_H
#define PTO_SUPPORT_PARSERWORKAROUNDS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::pto {

/// A construct of the source text that the parser cannot handle.
struct UnparsableSyntax {
  /// Byte offset in the source.
  size_t offset;
  StringRef message;
};

/// Most levels of `{` nesting the source may have: MLIR's parser recurses
/// once per region or attribute dictionary and overflowed an 8 MiB stack at
/// 4,000 nested `pto.scope`s (2,000 parse).
constexpr unsigned kMaxSourceNesting = 1024;

/// Returns the first `{` that nests deeper than kMaxSourceNesting (outside
/// comments and string literals), then, in source order, every dense array
/// of `index` (`array<index: ...>`) outside `//` comments: the MLIR 22.1.8
/// parser asserts on them (llvm/llvm-project#179045, fixed after that
/// release).
SmallVector<UnparsableSyntax> findUnparsableSyntax(StringRef source);

/// Emits an error at each construct findUnparsableSyntax finds in the main
/// buffer of `sourceMgr`, located by the buffer's identifier, line and
/// column; fails if there is one.
LogicalResult diagnoseUnparsableSyntax(const llvm::SourceMgr &sourceMgr,
                                       MLIRContext *context);

/// Returns `buffer` with a leading UTF-8 byte order mark (an encoding marker
/// MLIR's lexer rejects as an unexpected character) replaced by three
/// spaces, so that every column stays where it was; null if there is none.
std::unique_ptr<llvm::MemoryBuffer>
replaceByteOrderMark(llvm::MemoryBufferRef buffer);

} // namespace mlir::pto

#endif // PTO_SUPPORT_PARSERWORKAROUNDS_H
