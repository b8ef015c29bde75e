//===- PhaseFence.h - Where all-to-all dependencies get a barrier -*- C++ -*-===//
//
// In a manual scope, M launches that each depend on the same array of N
// task ids cost M * N dependency edges; one barrier task (`pto.task_dummy`)
// between them costs M + N. pto-expand-manual-phase-fence inserts those
// barriers, and the Graph node count charges them before they exist, so
// both use this one decision.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_PHASEFENCE_H
#define PTO_ANALYSIS_PHASEFENCE_H

#include "pto/Dialect/PTO/IR/PTO.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::pto {

/// The task id arrays under `root` that get a barrier, each with the
/// launches (in manual scopes) that depend on it, in the order they appear.
/// A barrier is inserted where its array is defined, in the array's block.
/// An array qualifies when every launch depending on it runs a fixed number
/// of times per execution of that block (only constant-trip loops and
/// scopes in between), together more than once, and M * N > M + N.
llvm::MapVector<Value, SmallVector<SubmitOp>> getPhaseFences(Operation *root);

} // namespace mlir::pto

#endif // PTO_ANALYSIS_PHASEFENCE_H
