//===- Analysis.cpp - C API for the pto analyses --------------------------===//

#include "pto-c/Analysis.h"

#include "pto/Analysis/GraphHeap.h"
#include "pto/Analysis/GraphLegality.h"
#include "pto/Analysis/GraphReport.h"
#include "pto/Analysis/ReplayInvariance.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

int64_t mlirPTOGraphCountRecordedNodes(MlirOperation graph) {
  auto op = dyn_cast<pto::GraphOp>(unwrap(graph));
  return op ? pto::countRecordedNodes(op) : -1;
}

bool mlirPTOGraphGetHeapBytes(MlirOperation graph, uint64_t *bytes,
                              bool *exact) {
  auto op = dyn_cast<pto::GraphOp>(unwrap(graph));
  if (!op)
    return false;
  SymbolTableCollection symbols;
  pto::GraphHeapUse use = pto::computeGraphHeapUse(op, symbols);
  *bytes = use.bytes;
  *exact = use.exact;
  return true;
}

int64_t mlirPTOForOpGetConstantTripCount(MlirOperation op) {
  auto loop = dyn_cast<scf::ForOp>(unwrap(op));
  if (!loop)
    return -1;
  return pto::ReplayInvariance::getConstantTripCount(loop).value_or(-1);
}

bool mlirPTOOperationGetExecutionsPerCall(MlirOperation op, uint64_t *count,
                                          bool *exact) {
  Operation *operation = unwrap(op);
  if (!operation->getParentOfType<pto::GraphOp>() &&
      !operation->getParentOfType<pto::OrchestrationOp>())
    return false;
  pto::ExecutionCount executions = pto::getExecutionsPerCall(operation);
  *count = executions.count;
  *exact = executions.exact;
  return true;
}

bool mlirPTOOrchestrationGetHeapUse(MlirOperation entry, uint64_t *bytes,
                                    uint64_t *calls, bool *exact) {
  auto op = dyn_cast<pto::OrchestrationOp>(unwrap(entry));
  if (!op)
    return false;
  SymbolTableCollection symbols;
  pto::OrchestrationHeapUse use =
      pto::computeOrchestrationHeapUse(op, symbols);
  *bytes = use.bytes;
  *calls = use.allocationCalls;
  *exact = use.exact;
  return true;
}

bool mlirPTOGraphGetCallSiteHeapBytes(MlirOperation graph, intptr_t numCallers,
                                      MlirOperation const *callers,
                                      uint64_t *perCall, uint64_t *perRun,
                                      uint64_t *calls, bool *exact) {
  auto op = dyn_cast<pto::GraphOp>(unwrap(graph));
  if (!op)
    return false;
  SmallVector<pto::CallOp> callOps;
  for (intptr_t i = 0; i < numCallers; ++i) {
    auto call = dyn_cast<pto::CallOp>(unwrap(callers[i]));
    if (!call || call.getCallee() != op.getName() ||
        call.getArgs().size() != op.getNumArguments())
      return false;
    callOps.push_back(call);
  }
  pto::CallSiteHeapUse use = pto::computeCallSiteHeapUse(op, callOps);
  *perCall = use.bytesPerCall;
  *perRun = use.bytesPerRun;
  *calls = use.allocationCallsPerRun;
  *exact = use.exact;
  return true;
}

bool mlirPTOModuleDescribeGraphs(MlirOperation module, bool withParameters,
                                 MlirStringCallback callback, void *userData) {
  auto op = dyn_cast<ModuleOp>(unwrap(module));
  if (!op)
    return false;
  // Into one buffer, then one call: the JSON writer emits many small
  // pieces, each a callback through an unbuffered stream otherwise.
  std::string json;
  llvm::raw_string_ostream stream(json);
  pto::describeGraphs(op, stream, withParameters);
  callback(mlirStringRefCreate(json.data(), json.size()), userData);
  return true;
}
