//===- EntryLiveness.h - Which parameters a Graph reads on entry -*- C++ -*-===//
//
// A Graph tensor parameter is *live on entry* if some task of the body may
// read an element of it before the body has written that element: the
// caller's contents reach the computation. A parameter that is dead on entry
// is scratch space: one buffer may serve many calls, because nothing flows
// from one call to the next through it. pto-hoist-call-site-allocations
// moves a caller's buffer out of its loop only for such a parameter.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_ENTRYLIVENESS_H
#define PTO_ANALYSIS_ENTRYLIVENESS_H

#include "pto/Dialect/PTO/IR/PTO.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::pto {

class BufferProvenance;

/// Entry liveness of chosen tensor parameters of one Graph, computed by one
/// forward walk over the body in program order.
///
/// Element sets are intervals of the parameter's row-major element order,
/// which is what an arena (a flat parameter whose members are windows
/// reshaped to their shapes) makes necessary: a member's column tile is a
/// run of intervals of the arena. A view is followed through `pto.slice`
/// with literal offsets and sizes, `pto.transpose`, `pto.set_owner` and
/// `pto.reshape` of a row-major-contiguous source; a task touches the
/// `#pto.window` of each tensor it takes when the launch's scalars are
/// literals, else the whole tensor.
///
/// Reads: `in` and (not `pto.overwrites`) `inout` tensors of a task whose
/// kernel writes any tensor (a task that writes nothing computes nothing
/// observable), a launch's predicate, and every other use that is not a
/// view, a `pto.dim`, a terminator or a task id query. Writes: `out` and
/// `inout` tensors of a launch without predicate that runs each time its
/// block does: under `pto.scope`s, `scf.if`s of a known condition and
/// `scf.for`s of literal bounds, which run iteration by iteration with the
/// induction variable known (and integer `arith` on it evaluated), up to
/// kMaxVisitedOps visited ops; a loop past that, or of a run-time trip
/// count, is visited once with its writes not counted. Whatever cannot be
/// resolved counts as a read of the whole tensor and as no write, so that
/// "dead on entry" is always safe to act on.
class EntryLiveness {
public:
  /// Analyzes parameters `params` (entry-block argument numbers) of
  /// `graph`. Kernels are found in `kernels` (every `pto.kernel` of the
  /// module, by name); `provenance` is the body's.
  EntryLiveness(GraphOp graph, BufferProvenance &provenance,
                const DenseMap<StringAttr, KernelOp> &kernels,
                ArrayRef<unsigned> params);

  /// Returns true if parameter `index` (one of those analyzed) may be read
  /// before the body writes it.
  bool isLiveOnEntry(unsigned index) const { return live.test(index); }

private:
  llvm::BitVector live;
};

} // namespace mlir::pto

#endif // PTO_ANALYSIS_ENTRYLIVENESS_H
