//===- ArgumentMetadata.cpp - Orchestration argument metadata -------------===//
//
// The host loads the orchestration C++ together with a description of the
// entry's arguments. Its one decision the C++ cannot carry is where each
// tensor argument lives: a host control tensor stays in HOST storage with no
// transfer (legalize-graph-boundary.md, "Host control tensors"); every other
// tensor keeps the normal device upload. pto-mark-host-control-tensors
// decided which, on the argument attributes read here.
//
//===----------------------------------------------------------------------===//

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/Target/Cpp/OrchestrationEmitter.h"

#include "pto/Support/UserNames.h"

#include "llvm/Support/JSON.h"

namespace mlir::pto {

LogicalResult translateToArgumentMetadata(ModuleOp module, raw_ostream &os) {
  if (failed(verifyPreparedForTranslation(module)))
    return failure();
  FailureOr<OrchestrationOp> found = getOrchestrationEntry(module);
  if (failed(found))
    return failure();
  OrchestrationOp entry = *found;
  Runtime runtime = getModuleRuntime(module);
  llvm::BitVector control = getHostControlTensors(entry);

  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    // Names come from source locations, which may hold any bytes; JSON
    // strings are UTF-8 (invalid sequences become U+FFFD).
    json.attribute("entry", llvm::json::fixUTF8(entry.getName()));
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
                    getUserName(entry.getArgument(i)))
              json.attribute("name", llvm::json::fixUTF8(*name));
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

} // namespace mlir::pto
