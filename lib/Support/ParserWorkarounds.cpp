//===- ParserWorkarounds.cpp - Input the bundled parser mishandles --------===//

#include "pto/Support/ParserWorkarounds.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/Regex.h"

namespace mlir::pto {

static constexpr llvm::StringLiteral kIndexDenseArrayMessage =
    "dense arrays of 'index' are not supported: the MLIR 22.1.8 parser "
    "cannot build them (llvm/llvm-project#179045); use i64 elements";

SmallVector<UnparsableSyntax> findUnparsableSyntax(StringRef source) {
  SmallVector<UnparsableSyntax> found;
  llvm::Regex pattern("array[[:space:]]*<[[:space:]]*index([^[:alnum:]_]|$)");
  StringRef rest = source;
  while (!rest.empty()) {
    auto [line, next] = rest.split('\n');
    StringRef code = line.substr(0, line.find("//"));
    // The regex only on the lines that can match: it costs more than parsing.
    size_t start = 0;
    while (code.drop_front(start).contains("array")) {
      SmallVector<StringRef, 2> matches;
      StringRef tail = code.drop_front(start);
      if (!pattern.match(tail, &matches))
        break;
      size_t offset = matches[0].data() - source.data();
      found.push_back({offset, kIndexDenseArrayMessage});
      start = matches[0].data() - code.data() + matches[0].size();
    }
    rest = next;
  }
  return found;
}

LogicalResult diagnoseUnparsableSyntax(const llvm::SourceMgr &sourceMgr,
                                       MLIRContext *context) {
  unsigned id = sourceMgr.getMainFileID();
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(id);
  SmallVector<UnparsableSyntax> found =
      findUnparsableSyntax(buffer->getBuffer());
  for (const UnparsableSyntax &syntax : found) {
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(buffer->getBufferStart() + syntax.offset),
        id);
    emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(), line,
                                  column))
        << syntax.message;
  }
  return failure(!found.empty());
}

std::unique_ptr<llvm::MemoryBuffer>
replaceByteOrderMark(llvm::MemoryBufferRef buffer) {
  if (!buffer.getBuffer().starts_with("\xEF\xBB\xBF"))
    return nullptr;
  std::unique_ptr<llvm::WritableMemoryBuffer> copy =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          buffer.getBufferSize(), buffer.getBufferIdentifier());
  std::memcpy(copy->getBufferStart(), buffer.getBufferStart(),
              buffer.getBufferSize());
  std::memset(copy->getBufferStart(), ' ', 3);
  return copy;
}

} // namespace mlir::pto
