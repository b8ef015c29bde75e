//===- pto-opt.cpp - PTO optimizer driver ---------------------------------===//
//
// Parses, verifies, transforms and prints pto IR. Registers the pto, arith,
// emitc, scf and func dialects and the passes a pto pipeline uses; not every
// upstream pass.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/InitAll.h"
#include "pto/Support/ParserWorkarounds.h"

/// Reports, at its location, input the bundled parser would abort on.
static bool rejectUnparsableSyntax(llvm::MemoryBuffer &buffer) {
  llvm::SmallVector<mlir::pto::UnparsableSyntax> found =
      mlir::pto::findUnparsableSyntax(buffer.getBuffer());
  if (found.empty())
    return false;
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(
                                 buffer.getBuffer(), buffer.getBufferIdentifier()),
                             llvm::SMLoc());
  for (const mlir::pto::UnparsableSyntax &syntax : found)
    sources.PrintMessage(
        llvm::SMLoc::getFromPointer(buffer.getBufferStart() + syntax.offset),
        llvm::SourceMgr::DK_Error, syntax.message);
  return true;
}

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "pto-opt " PTO_VERSION " (MLIR " LLVM_VERSION_STRING ")\n";
  });
  mlir::DialectRegistry registry;
  mlir::pto::registerAllDialects(registry);
  mlir::pto::registerAllPasses();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "PTO optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // Listings read no input: upstream's driver prints them.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(
        argc, argv, inputFilename, outputFilename, registry));

  // (The listing path above initializes LLVM itself, once.)
  llvm::InitLLVM initLLVM(argc, argv);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (auto replaced = mlir::pto::replaceByteOrderMark(*input))
    input = std::move(replaced);
  if (rejectUnparsableSyntax(*input))
    return EXIT_FAILURE;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
