//===- ArgumentMetadata.cpp - Orchestration argument metadata -------------===//
//
// The host loads the orchestration C++ together with a description of the
// entry's arguments. Its one decision the C++ cannot carry is where each
// tensor argument lives: a host control tensor stays in HOST storage with no
// transfer (legalize-graph-boundary.md, "Host control tensors"); every other
// tensor keeps the normal device upload.
//
//===----------------------------------------------------------------------===//

#include "pto/Analysis/HostControl.h"
#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/Target/Cpp/OrchestrationEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/JSON.h"

namespace mlir::pto {

static std::optional<StringRef> getArgumentName(BlockArgument arg) {
  if (auto name = dyn_cast<NameLoc>(arg.getLoc()))
    return name.getName().getValue();
  return std::nullopt;
}

LogicalResult translateToArgumentMetadata(ModuleOp module, raw_ostream &os) {
  SmallVector<OrchestrationOp> entries(module.getOps<OrchestrationOp>());
  if (entries.size() != 1)
    return module.emitError()
           << "expects exactly one pto.orchestration function (the runtime "
              "entry), found "
           << entries.size();
  OrchestrationOp entry = entries.front();
  Runtime runtime = getModuleRuntime(module);
  llvm::BitVector control(entry.getNumArguments());
  if (runtime == Runtime::host_build_graph) {
    FailureOr<llvm::BitVector> analyzed = analyzeHostControlTensors(entry);
    if (failed(analyzed))
      return failure();
    control = std::move(*analyzed);
  }

  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    json.attribute("entry", entry.getName());
    json.attribute("runtime", stringifyRuntime(runtime));
    json.attributeArray("arguments", [&] {
      unsigned tensorSlot = 0, scalarSlot = 0;
      for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i) {
        Type type = entry.getArgumentTypes()[i];
        bool isTensor = isa<TensorType>(type);
        json.object([&] {
          json.attribute("index", i);
          if (!entry.isExternal())
            if (std::optional<StringRef> name =
                    getArgumentName(entry.getArgument(i)))
              json.attribute("name", *name);
          json.attribute("kind", isTensor ? "tensor" : "scalar");
          // Position in orch_args.tensor(i) / orch_args.scalar<T>(i).
          json.attribute("slot", isTensor ? tensorSlot++ : scalarSlot++);
          std::string typeText;
          llvm::raw_string_ostream(typeText) << type;
          json.attribute("type", typeText);
          if (!isTensor)
            return;
          if (auto direction = entry.getArgAttrOfType<DirectionAttr>(
                  i, PTODialect::getDirectionAttrName()))
            json.attribute("direction",
                           stringifyDirection(direction.getValue()));
          json.attribute("storage", control.test(i) ? "HOST" : "DEVICE");
          json.attribute("transfer", control.test(i) ? "NONE" : "DEFAULT");
        });
      }
    });
  });
  os << "\n";
  return success();
}

void registerToArgumentMetadataTranslation() {
  TranslateFromMLIRRegistration registration(
      "pto-to-arg-metadata",
      "describe the orchestration entry's arguments (JSON): where each "
      "tensor lives and how it is transferred",
      [](Operation *op, raw_ostream &output) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError() << "expects a builtin.module";
        return translateToArgumentMetadata(module, output);
      },
      [](DialectRegistry &registry) {
        registry.insert<PTODialect, arith::ArithDialect, scf::SCFDialect>();
      });
}

} // namespace mlir::pto
