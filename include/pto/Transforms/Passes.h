//===- Passes.h - pto passes ------------------------------------*- C++ -*-===//

#ifndef PTO_TRANSFORMS_PASSES_H
#define PTO_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "pto/Dialect/PTO/IR/PTO.h"

namespace mlir::pto {

#define GEN_PASS_DECL
#include "pto/Transforms/Passes.h.inc"

/// Options of `pto-graph-legalize-pipeline`.
struct GraphLegalizePipelineOptions
    : public PassPipelineOptions<GraphLegalizePipelineOptions> {
  PassOptions::Option<bool> arenas{
      *this, "arenas",
      llvm::cl::desc("Pack each Graph's allocations of one element type into "
                     "one arena parameter (pto-legalize-graph-boundary)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> verify{
      *this, "verify",
      llvm::cl::desc("End with pto-verify-graph-boundary (off: a caller runs "
                     "it apart, to tell its rejections from the "
                     "legalization's)"),
      llvm::cl::init(true)};
};

/// Adds the Graph boundary legalization to `pm`: normalize returns,
/// legalize, move call-site allocations out of the callers' loops, verify.
void buildGraphLegalizePipeline(OpPassManager &pm,
                                const GraphLegalizePipelineOptions &options);
void buildGraphLegalizePipeline(OpPassManager &pm);

/// Registers `pto-graph-legalize-pipeline`.
void registerGraphLegalizePipeline();

/// Adds what the C++ translation expects to `pm`: normalize returns, read
/// entry extents once, materialize runtime scopes, hoist allocations out of
/// manual scopes, insert phase fences, classify loop carries, mark host
/// control tensors, and verify the Graphs again.
void buildOrchestrationPreparePipeline(OpPassManager &pm);

/// Registers `pto-orchestration-prepare-pipeline`.
void registerOrchestrationPreparePipeline();

#define GEN_PASS_REGISTRATION
#include "pto/Transforms/Passes.h.inc"

} // namespace mlir::pto

#endif // PTO_TRANSFORMS_PASSES_H
