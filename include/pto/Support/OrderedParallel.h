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

namespace mlir::pto {

/// Calls `fn(i)` for every i in [0, n), on the context's threads when it
/// has them. The diagnostics the calls emit are reported before this
/// returns, in the order of i: what one thread running the loop would emit.
/// Without multithreading the loop runs in order on the calling thread and
/// diagnostics pass straight through (no per-iteration bookkeeping, which
/// costs a thread-id query each).
inline void parallelForEachOrdered(MLIRContext *context, size_t n,
                                   function_ref<void(size_t)> fn) {
  if (!context->isMultithreadingEnabled()) {
    for (size_t i = 0; i < n; ++i)
      fn(i);
    return;
  }
  // Reports what it collected, in order, when destroyed.
  ParallelDiagnosticHandler handler(context);
  parallelForEach(context, llvm::seq<size_t>(0, n), [&](size_t i) {
    handler.setOrderIDForThread(i);
    fn(i);
    handler.eraseOrderIDForThread();
  });
}

} // namespace mlir::pto

#endif // PTO_SUPPORT_ORDEREDPARALLEL_H
