//===- GraphReport.cpp - What pto-compile reports per Graph ---------------===//

#include "pto/Analysis/GraphReport.h"

#include "pto/Analysis/GraphHeap.h"
#include "pto/Analysis/GraphLegality.h"
#include "pto/Dialect/PTO/IR/PTO.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/JSON.h"

namespace mlir::pto {

namespace {
/// The `pto.call` ops of one Graph and how often they run per run.
struct Callers {
  SmallVector<CallOp> ops;
  uint64_t perRun = 0;
  bool exact = true;
};
} // namespace

static std::optional<StringRef> getLocName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().getValue();
  return std::nullopt;
}

static std::string printed(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

static void describeParameters(llvm::json::OStream &json, GraphOp graph,
                               const Callers &callers) {
  unsigned numTensors = getNumTensorArgs(graph);
  ArrayRef<Type> types = graph.getArgumentTypes();
  Block *entry = graph.isExternal() ? nullptr : &graph.getBody().front();
  json.attributeArray("parameters", [&] {
    for (unsigned i = 0, e = types.size(); i < e; ++i) {
      json.object([&] {
        std::optional<StringRef> name =
            entry ? getLocName(entry->getArgument(i).getLoc()) : std::nullopt;
        json.attribute("name", name ? name->str() : "arg" + std::to_string(i));
        json.attribute("type", printed(types[i]));
        if (i < numTensors)
          json.attribute("direction",
                         stringifyDirection(getArgDirection(graph, i)));
        else
          json.attribute("direction", nullptr);
        auto hoisted = graph.getArgAttrOfType<HoistedAttr>(
            i, PTODialect::getHoistedAttrName());
        if (!hoisted) {
          json.attribute("hoisted", nullptr);
          return;
        }
        json.attributeObject("hoisted", [&] {
          json.attribute("kind", stringifyHoistedKind(hoisted.getKind()));
          auto field = [&](StringRef key, StringAttr value) {
            if (value)
              json.attribute(key, value.getValue());
            else
              json.attribute(key, nullptr);
          };
          field("of", hoisted.getOf());
          field("computed_by", hoisted.getComputedBy());
        });
        if (hoisted.getKind() != HoistedKind::allocation)
          return;
        // The buffer the first caller passes, by its name.
        std::optional<StringRef> callSiteName;
        if (!callers.ops.empty()) {
          CallOp first = callers.ops.front();
          if (i < first.getArgs().size())
            if (Operation *def = first.getArgs()[i].getDefiningOp())
              callSiteName = getLocName(def->getLoc());
        }
        if (callSiteName)
          json.attribute("call_site_name", *callSiteName);
        else
          json.attribute("call_site_name", nullptr);
      });
    }
  });
}

void describeGraphs(ModuleOp module, raw_ostream &os, bool withParameters) {
  // Every call, by callee, in walk order.
  llvm::MapVector<StringAttr, Callers> callers;
  module.walk([&](CallOp call) {
    Callers &entry = callers[call.getCalleeAttr().getAttr()];
    entry.ops.push_back(call);
    if (!call->getParentOfType<GraphOp>() &&
        !call->getParentOfType<OrchestrationOp>())
      return;
    ExecutionCount executions = getExecutionsPerCall(call);
    entry.perRun = llvm::SaturatingAdd<uint64_t>(entry.perRun,
                                                  executions.count);
    entry.exact &= executions.exact;
  });
  SymbolTableCollection symbols;
  llvm::json::OStream json(os);
  const Callers none;
  json.array([&] {
    for (GraphOp graph : module.getOps<GraphOp>()) {
      auto it = callers.find(graph.getSymNameAttr());
      const Callers &calls = it == callers.end() ? none : it->second;
      json.object([&] {
        json.attribute("name", graph.getName());
        if (withParameters)
          describeParameters(json, graph, calls);
        json.attribute("nodes", countRecordedNodes(graph));
        GraphHeapUse heap = computeGraphHeapUse(graph, symbols);
        json.attribute("heap_bytes", heap.bytes);
        json.attribute("heap_exact", heap.exact);
        json.attribute("call_sites", static_cast<int64_t>(calls.ops.size()));
        json.attribute("calls", calls.perRun);
        json.attribute("calls_exact", calls.exact);
        CallSiteHeapUse callSite = computeCallSiteHeapUse(graph, calls.ops);
        json.attributeObject("call_site_heap", [&] {
          json.attribute("per_call", callSite.bytesPerCall);
          json.attribute("per_run", callSite.bytesPerRun);
          json.attribute("allocation_calls", callSite.allocationCallsPerRun);
          json.attribute("exact", callSite.exact);
        });
      });
    }
  });
}

} // namespace mlir::pto
