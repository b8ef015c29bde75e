//===- ParserWorkarounds.cpp - Input the bundled parser mishandles --------===//

#include "pto/Support/ParserWorkarounds.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/Regex.h"

namespace mlir::pto {

static constexpr llvm::StringLiteral kIndexDenseArrayMessage =
    "dense arrays of 'index' are not supported: the MLIR 22.1.8 parser "
    "cannot build them (llvm/llvm-project#179045); use i64 elements";

static constexpr llvm::StringLiteral kNestingMessage =
    "nesting deeper than 1024 braces (regions, attribute dictionaries): the "
    "MLIR parser recurses once per level and overflows its stack a few "
    "thousand levels down; flatten the program";

/// The offset of the first `{` that opens a 1025th level of nesting outside
/// comments and string literals, if any.
static std::optional<size_t> findTooDeepNesting(StringRef source) {
  unsigned depth = 0;
  size_t at = 0;
  while ((at = source.find_first_of("{}\"/", at)) != StringRef::npos) {
    char c = source[at];
    if (c == '/') {
      if (source.drop_front(at).starts_with("//"))
        at = source.find('\n', at);
      else
        ++at;
    } else if (c == '"') {
      // To the closing quote; a backslash escapes the next character.
      for (++at; at < source.size() && source[at] != '"'; ++at)
        if (source[at] == '\\')
          ++at;
      ++at;
    } else if (c == '{') {
      if (++depth > kMaxSourceNesting)
        return at;
      ++at;
    } else {
      depth -= depth > 0;
      ++at;
    }
    if (at == StringRef::npos || at >= source.size())
      break;
  }
  return std::nullopt;
}

SmallVector<UnparsableSyntax> findUnparsableSyntax(StringRef source) {
  SmallVector<UnparsableSyntax> found;
  if (std::optional<size_t> offset = findTooDeepNesting(source))
    found.push_back({*offset, kNestingMessage});
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
