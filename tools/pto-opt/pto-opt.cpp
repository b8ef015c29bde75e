//===- pto-opt.cpp - PTO optimizer driver ---------------------------------===//
//
// Parses, verifies, transforms and prints pto IR. Registers the pto, arith,
// scf and func dialects and the passes a pto pipeline uses; not every
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
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/InitAll.h"

/// The MLIR 22.1.8 parser asserts on a dense array of `index`
/// (llvm/llvm-project#179045, fixed after that release). Reports such input
/// at its location instead of crashing. Comments are skipped.
static bool rejectIndexDenseArrays(llvm::MemoryBuffer &buffer) {
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(
                                 buffer.getBuffer(), buffer.getBufferIdentifier()),
                             llvm::SMLoc());
  llvm::Regex pattern("array[[:space:]]*<[[:space:]]*index([^[:alnum:]_]|$)");
  bool found = false;
  llvm::StringRef rest = buffer.getBuffer();
  while (!rest.empty()) {
    auto [line, next] = rest.split('\n');
    llvm::StringRef code = line.substr(0, line.find("//"));
    llvm::SmallVector<llvm::StringRef, 2> matches;
    // The regex only on the lines that can match: it costs more than parsing.
    if (code.contains("array") && pattern.match(code, &matches)) {
      sources.PrintMessage(llvm::SMLoc::getFromPointer(matches[0].data()),
                           llvm::SourceMgr::DK_Error,
                           "dense arrays of 'index' are not supported: the "
                           "MLIR 22.1.8 parser cannot build them "
                           "(llvm/llvm-project#179045); use i64 elements");
      found = true;
    }
    rest = next;
  }
  return found;
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
  // A UTF-8 byte order mark is an encoding marker, not input: without it
  // the parser sees an "unexpected character".
  if (input->getBuffer().starts_with("\xEF\xBB\xBF"))
    input = llvm::MemoryBuffer::getMemBufferCopy(
        input->getBuffer().drop_front(3), input->getBufferIdentifier());
  if (rejectIndexDenseArrays(*input))
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
