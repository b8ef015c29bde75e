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
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/InitAll.h"

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "pto-opt " PTO_VERSION " (MLIR " LLVM_VERSION_STRING ")\n";
  });
  mlir::DialectRegistry registry;
  mlir::pto::registerAllDialects(registry);
  mlir::pto::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "PTO optimizer driver\n", registry));
}
