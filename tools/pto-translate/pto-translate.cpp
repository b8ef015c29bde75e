//===- pto-translate.cpp - PTO translation driver -------------------------===//
//
// Translates pto IR to other representations. Each translation is selected
// by its flag; `--help` lists the registered ones.
//
//===----------------------------------------------------------------------===//

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"

#include "pto/InitAll.h"

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "pto-translate " PTO_VERSION " (MLIR " LLVM_VERSION_STRING ")\n";
  });
  mlir::pto::registerAllTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "PTO translation driver\n"));
}
