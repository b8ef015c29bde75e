//===- ReplayInvariance.h - Replay-invariant and hoistable scalars -*- C++ -*-===//
//
// The one reading of the host_build_graph replay contract that the Graph
// boundary legalization and its verifier share.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_REPLAYINVARIANCE_H
#define PTO_ANALYSIS_REPLAYINVARIANCE_H

#include "pto/Dialect/PTO/IR/PTO.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir::scf {
class ForOp;
} // namespace mlir::scf

namespace mlir::pto {

/// Classifies the scalars of one Graph body.
///
/// *Replay-invariant*: provably the same on every call of the Graph, so
/// freezing it into the recording is correct. Seeds: literal constants; the
/// induction variable of a constant-trip `scf.for` (recording walks the loop
/// once and bakes each iteration's value into that iteration's nodes, and
/// every later call walks the same sequence); `pto.dim` of a boundary tensor
/// parameter (the runtime rejects a call whose boundary shapes differ from
/// the recording). Closed under pure `arith` operations. Boundary scalar
/// parameters are excluded on purpose: replay patches them on every call.
///
/// *Hoistable*: the whole expression tree bottoms out in the Graph's own
/// scalar parameters and constants, through pure `arith` operations: exactly
/// what a call site can recompute from the arguments it passes.
///
/// Task ids are neither: they are not scalars and are never classified.
class ReplayInvariance {
public:
  explicit ReplayInvariance(GraphOp graph) : graph(graph) {}

  /// Returns true if scalar `value` is the same on every call of the Graph.
  bool isReplayInvariant(Value value);

  /// Returns true if a call site can recompute scalar `value`.
  bool isHoistable(Value value);

  /// Returns true if `value` is a scalar parameter of the Graph.
  bool isScalarParameter(Value value);

  /// Returns the trip count of `loop` if its bounds and step are constants.
  static std::optional<int64_t> getConstantTripCount(scf::ForOp loop);

  GraphOp getGraph() { return graph; }

private:
  /// A pure scalar `arith` op: the only computation both properties close over.
  static bool isPureScalarArith(Operation *op);

  GraphOp graph;
  DenseMap<Value, bool> invariantCache;
  DenseMap<Value, bool> hoistableCache;
};

} // namespace mlir::pto

#endif // PTO_ANALYSIS_REPLAYINVARIANCE_H
