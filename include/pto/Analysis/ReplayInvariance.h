//===- ReplayInvariance.h - Replay-invariant and hoistable scalars -*- C++ -*-===//
//
// The one reading of the host_build_graph replay contract that the Graph
// boundary legalization and its verifier share.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_REPLAYINVARIANCE_H
#define PTO_ANALYSIS_REPLAYINVARIANCE_H

#include "pto/Analysis/BufferProvenance.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::scf {
class ForOp;
} // namespace mlir::scf

namespace mlir::pto {

/// Classifies the scalars of one Graph body, in one forward walk.
///
/// *Replay-invariant*: provably the same on every call of the Graph, so
/// freezing it into the recording is correct. Seeds: literal constants; the
/// induction variable of a constant-trip `scf.for` (recording walks the loop
/// once and bakes each iteration's value into that iteration's nodes, and
/// every later call walks the same sequence); `pto.dim` of a boundary tensor
/// parameter (the runtime rejects a call whose boundary shapes differ from
/// the recording). Closed under pure scalar operations. Boundary scalar
/// parameters are excluded on purpose: replay patches them on every call.
///
/// *Hoistable*: the whole expression tree bottoms out in the Graph's own
/// scalar parameters, constants and `pto.dim` of its tensor parameters
/// themselves (not of a value they were rebound to), through pure scalar
/// operations: exactly what a call site can recompute from the arguments it
/// passes.
///
/// A *pure scalar operation* is decided by purity, not by dialect: an op
/// without regions or memory effects whose operands and results are all
/// scalars (integers, index, floats).
///
/// Task ids are neither: they are not scalars and are never classified.
class ReplayInvariance {
public:
  /// Classifies every scalar of `graph`'s body; `provenance` is the buffer
  /// provenance of the same body.
  ReplayInvariance(GraphOp graph, const BufferProvenance &provenance);

  /// Returns true if scalar `value` is the same on every call of the Graph.
  bool isReplayInvariant(Value value) const {
    return flags.lookup(value) & Invariant;
  }

  /// Returns true if a call site can recompute scalar `value`.
  bool isHoistable(Value value) const { return flags.lookup(value) & Hoistable; }

  /// Returns true if `value` is a scalar parameter of the Graph.
  bool isScalarParameter(Value value) const;

  /// Returns the trip count of `loop` if its bounds and step are constants.
  static std::optional<int64_t> getConstantTripCount(scf::ForOp loop);

  /// Returns true for a pure scalar operation (see the class comment): the
  /// only computation both properties close over, and what a call site can
  /// clone.
  static bool isPureScalarOp(Operation *op);

  /// isPureScalarOp for an op of the Graph as analyzed, read from the walk
  /// that built the analysis (purity is an interface query per op).
  bool isPureScalar(Operation *op) const { return pureScalarOps.contains(op); }

  GraphOp getGraph() const { return graph; }

private:
  enum Flag : uint8_t { Invariant = 1, Hoistable = 2 };
  GraphOp graph;
  Block *entry = nullptr;
  DenseMap<Value, uint8_t> flags;
  DenseSet<Operation *> pureScalarOps;
};

} // namespace mlir::pto

#endif // PTO_ANALYSIS_REPLAYINVARIANCE_H
