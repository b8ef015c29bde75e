//===- OrderedParallel.h - Parallel loops with ordered diagnostics -*- C++ -*-===//
//
// The Graph-local work of the passes runs on MLIR's thread pool, one
// function per task, and still reports diagnostics exactly as one thread
// would: byte-identical with --mlir-disable-threading.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_SUPPORT_ORDEREDPARALLEL_H
#define PTO_SUPPORT_ORDEREDPARALLEL_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"

#include <optional>

namespace mlir::pto {

/// Runs loops over [0, n) on the context's threads. The diagnostics of
/// iteration i of the k-th loop run through one object are reported after
/// those of every earlier loop and every earlier iteration of the same loop:
/// the order of a single thread. Without multithreading the loops run in
/// order on the calling thread and the diagnostics pass straight through
/// (no per-iteration bookkeeping, which costs a thread-id query each).
class OrderedParallelLoops {
public:
  explicit OrderedParallelLoops(MLIRContext *context) : context(context) {
    if (context->isMultithreadingEnabled())
      handler.emplace(context);
  }

  /// Calls `fn(i)` for every i in [0, n), possibly concurrently.
  void forEach(size_t n, function_ref<void(size_t)> fn) {
    size_t base = nextOrderID;
    nextOrderID += n;
    parallelForEach(context, llvm::seq<size_t>(0, n), [&](size_t i) {
      if (handler)
        handler->setOrderIDForThread(base + i);
      fn(i);
      if (handler)
        handler->eraseOrderIDForThread();
    });
  }

private:
  MLIRContext *context;
  /// Reports the collected diagnostics in order when destroyed.
  std::optional<ParallelDiagnosticHandler> handler;
  size_t nextOrderID = 0;
};

} // namespace mlir::pto

#endif // PTO_SUPPORT_ORDEREDPARALLEL_H
