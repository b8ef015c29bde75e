//===- PTOPlugin.cpp - The pto dialect and passes for stock mlir-opt ------===//
//
// `mlir-opt --load-dialect-plugin=PTOPlugin.so --load-pass-plugin=PTOPlugin.so`
// gives an upstream mlir-opt of the same MLIR release the pto dialect and
// every pto pass and pipeline. (arith, scf and func are mlir-opt's own.)
//
//===----------------------------------------------------------------------===//

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "PTO", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<mlir::pto::PTODialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "PTO", LLVM_VERSION_STRING, []() {
            mlir::pto::registerPTOPasses();
            mlir::pto::registerGraphLegalizePipeline();
            mlir::pto::registerOrchestrationPreparePipeline();
          }};
}
