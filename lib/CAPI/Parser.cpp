//===- Parser.cpp - C API for parsing and printing pto source -------------===//

#include "pto-c/Parser.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "pto/Support/ParserWorkarounds.h"
#include "llvm/ADT/StringExtras.h"

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

/// The SSA name of the definition at `range` (`%name`, `%name:2`,
/// `%name#0`), or none for a numeric one.
static std::optional<llvm::StringRef> getSourceName(llvm::SMRange range) {
  const char *start = range.Start.getPointer();
  const char *end = range.End.getPointer();
  if (!start || end <= start || *start != '%')
    return std::nullopt;
  llvm::StringRef text(start + 1, end - start - 1);
  text = text.take_while([](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
  });
  if (text.empty() || llvm::isDigit(text.front()))
    return std::nullopt;
  return text;
}

/// Wraps `loc` in a name location for `range`'s SSA name if it is a plain
/// file location (an explicit `loc(...)` in the source stays as written).
static std::optional<mlir::Location>
getNamedLocation(mlir::Location loc, llvm::SMRange range) {
  if (!llvm::isa<mlir::FileLineColLoc>(loc))
    return std::nullopt;
  std::optional<llvm::StringRef> name = getSourceName(range);
  if (!name)
    return std::nullopt;
  return mlir::NameLoc::get(mlir::StringAttr::get(loc.getContext(), *name),
                            loc);
}

MlirModule mlirPTOParseSourceFile(MlirContext context, MlirStringRef path,
                                  bool verify, bool nameLocations) {
  mlir::MLIRContext *ctx = unwrap(context);
  llvm::StringRef filename = unwrap(path);
  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(filename, &message);
  if (!file) {
    mlir::emitError(mlir::UnknownLoc::get(ctx))
        << "cannot open '" << filename << "': " << message;
    return {nullptr};
  }
  if (auto replaced = mlir::pto::replaceByteOrderMark(*file))
    file = std::move(replaced);
  bool isBytecode = mlir::isBytecode(*file);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  if (!isBytecode &&
      mlir::failed(mlir::pto::diagnoseUnparsableSyntax(sourceMgr, ctx)))
    return {nullptr};

  mlir::ParserConfig config(ctx, verify);
  mlir::Block block;
  mlir::AsmParserState state;
  mlir::LocationAttr sourceFileLoc;
  bool withNames = nameLocations && !isBytecode;
  if (withNames) {
    const llvm::MemoryBuffer *buffer =
        sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
    sourceFileLoc = mlir::FileLineColLoc::get(
        ctx, buffer->getBufferIdentifier(), /*line=*/0, /*column=*/0);
    if (mlir::failed(mlir::parseAsmSourceFile(sourceMgr, &block, config,
                                              &state)))
      return {nullptr};
  } else if (mlir::failed(mlir::parseSourceFile(sourceMgr, &block, config,
                                                &sourceFileLoc))) {
    return {nullptr};
  }
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::detail::constructContainerOpForParserIfNecessary<mlir::ModuleOp>(
          &block, ctx, sourceFileLoc);
  if (!module)
    return {nullptr};
  if (withNames) {
    for (const mlir::AsmParserState::OperationDefinition &def :
         state.getOpDefs()) {
      if (def.resultGroups.empty())
        continue;
      if (std::optional<mlir::Location> loc = getNamedLocation(
              def.op->getLoc(), def.resultGroups.front().definition.loc))
        def.op->setLoc(*loc);
    }
    for (const mlir::AsmParserState::BlockDefinition &def :
         state.getBlockDefs())
      for (auto [arg, argDef] :
           llvm::zip(def.block->getArguments(), def.arguments))
        if (std::optional<mlir::Location> loc =
                getNamedLocation(arg.getLoc(), argDef.loc))
          arg.setLoc(*loc);
  }
  return wrap(module.release());
}

void mlirPTOOperationPrintInOnePiece(MlirOperation op,
                                     MlirOpPrintingFlags flags,
                                     MlirStringCallback callback,
                                     void *userData) {
  std::string text;
  llvm::raw_string_ostream stream(text);
  unwrap(op)->print(stream, *unwrap(flags));
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
}
