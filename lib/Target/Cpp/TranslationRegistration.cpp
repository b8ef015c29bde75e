//===- TranslationRegistration.cpp - pto-translate's translations ---------===//

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/Support/ParserWorkarounds.h"
#include "pto/Target/Cpp/OrchestrationEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::pto {

/// Registers `translate`, which takes a builtin.module of pto IR. Parses
/// the input itself (as TranslateFromMLIRRegistration would, with an
/// implicit module) after the checks every in-process parse of pto source
/// runs: a byte order mark is skipped, and input the bundled parser would
/// abort on is an error at its location.
static void registerModuleTranslation(
    StringRef name, StringRef description,
    std::function<LogicalResult(ModuleOp, raw_ostream &)> translate) {
  TranslateRegistration registration(
      name, description,
      [translate](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                  raw_ostream &output, MLIRContext *context) -> LogicalResult {
        DialectRegistry registry;
        registry.insert<PTODialect, arith::ArithDialect, cf::ControlFlowDialect,
                        scf::SCFDialect>();
        context->appendDialectRegistry(registry);
        // Loaded now, not on first use in the input: a translation makes pto
        // attributes even for a module that mentions no pto op (an empty
        // input, or `module {}`).
        context->loadDialect<PTODialect>();
        std::shared_ptr<llvm::SourceMgr> source = sourceMgr;
        if (auto replaced = replaceByteOrderMark(
                *sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID()))) {
          source = std::make_shared<llvm::SourceMgr>();
          source->AddNewSourceBuffer(std::move(replaced), llvm::SMLoc());
        }
        if (failed(diagnoseUnparsableSyntax(*source, context)))
          return failure();
        OwningOpRef<ModuleOp> module =
            parseSourceFile<ModuleOp>(source, ParserConfig(context));
        if (!module || failed(verify(*module)))
          return failure();
        return translate(*module, output);
      });
}

void registerToOrchestrationCppTranslation() {
  static llvm::cl::opt<RuntimeApi> runtimeApi(
      "pto-runtime-api",
      llvm::cl::desc("with --pto-to-cpp: set the module's pto.runtime_api "
                     "before printing"),
      llvm::cl::values(
          clEnumValN(RuntimeApi::spec, "spec",
                     "the API the Graph specification describes"),
          clEnumValN(RuntimeApi::simpler_6ebaf771, "simpler_6ebaf771",
                     "the public runtime at commit 6ebaf771")));
  registerModuleTranslation(
      "pto-to-cpp", "translate a prepared pto module to orchestration C++",
      [](ModuleOp module, raw_ostream &os) -> LogicalResult {
        if (runtimeApi.getNumOccurrences())
          module->setAttr(PTODialect::getRuntimeApiAttrName(),
                          RuntimeApiAttr::get(module.getContext(), runtimeApi));
        return translateToOrchestrationCpp(module, os);
      });
}

void registerToArgumentMetadataTranslation() {
  registerModuleTranslation(
      "pto-to-arg-metadata",
      "describe the orchestration entry's arguments (JSON): where each "
      "tensor lives and how it is transferred",
      translateToArgumentMetadata);
}

} // namespace mlir::pto
