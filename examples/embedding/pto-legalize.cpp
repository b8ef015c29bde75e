//===- pto-legalize.cpp - A tool built on the installed pto libraries -----===//
//
// Parses a pto program, makes its Graphs replay-safe with
// pto-graph-legalize-pipeline and prints the legalized IR: what a toolchain
// embedding the dialect does, in 50 lines.
//
//===----------------------------------------------------------------------===//

#include "pto/InitAll.h"
#include "pto/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: pto-legalize <program.mlir>\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  mlir::pto::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  // Diagnostics as file:line:col with the source line, as pto-opt prints.
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], sourceMgr,
                                            mlir::ParserConfig(&context));
  if (!module)
    return 1; // Reported by the handler.
  mlir::PassManager pm(&context);
  mlir::pto::buildGraphLegalizePipeline(pm);
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
