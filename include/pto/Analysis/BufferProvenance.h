//===- BufferProvenance.h - Which buffer a tensor value names ---*- C++ -*-===//
//
// A `!pto.tensor` value names a buffer. Launches rebind the buffers they
// write (tied results), views window them, and scopes, loops, branches and
// selects pass them on. This analysis answers, for every tensor value of a
// function, which buffer it names: computed once, by forward walks over the
// function, and then queried from tables. Every pass and analysis of the
// project that follows buffers uses it.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_BUFFERPROVENANCE_H
#define PTO_ANALYSIS_BUFFERPROVENANCE_H

#include "pto/Dialect/PTO/IR/PTO.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <memory>
#include <vector>

namespace mlir::scf {
class ForOp;
} // namespace mlir::scf

namespace mlir::pto {

/// Which operand each result of a `pto.submit` / `pto.call` is tied to,
/// resolved from the callees' signatures once per module: a kernel's
/// Out/InOut parameters, a Graph's returned parameters. The ops' own
/// `TiedOpInterface` method finds the callee by a symbol lookup on every
/// query; analyses that query many launches use this instead. Read-only once
/// built, so threads may share it. A Graph whose signature or return changes
/// afterwards needs a new one.
class LaunchSignatures {
public:
  explicit LaunchSignatures(ModuleOp module);

  /// Returns the operand index `result` is tied to, or std::nullopt for an
  /// untied result (a runtime-allocated output, a task id, an unknown
  /// callee). Other TiedOpInterface ops answer through the interface.
  std::optional<unsigned> getTiedOperandIndex(OpResult result) const;

  /// Returns the tied operand of `result`, or null.
  Value getTiedOperand(OpResult result) const;

private:
  /// Per callee, its slice of `tied`. Per kernel: its Out/InOut tensor
  /// parameters in order; per Graph: the parameter each result position
  /// returns, or -1. One flat array keeps a module of 100,000 kernels in a
  /// few megabytes: every launch looks its callee up here.
  struct Slice {
    unsigned begin = 0, size = 0;
    bool isGraph = false;
  };
  DenseMap<StringAttr, Slice> callees;
  std::vector<int> tied;
};

/// Buffer provenance of one function body (a `pto.graph`,
/// `pto.orchestration` or kernel with a body).
///
/// *Root*: the value that names the same buffer as a tensor before any
/// in-place write rebound it: through tied results, `pto.scope` results,
/// `scf.for` iteration arguments and results when every iteration carries
/// the same buffer, and `scf.if` results when both branches yield the same
/// buffer. A root is a function argument, a new buffer (`pto.create`, an
/// untied launch result, a view), or a *choice*: a value naming a buffer
/// chosen at run time (an `arith.select`, an `scf.if` whose branches yield
/// different buffers, a loop carry that changes buffers).
///
/// *View base*: the root, looking through views (`pto.slice`,
/// `pto.transpose`) to the buffer they window.
///
/// *Possible roots*: every root a tensor may name, following choices to all
/// candidates. Sets are computed per policy (following tied results or not,
/// looking through views or not) on first query, over the strongly connected
/// components of the may-name graph (loop carries make it cyclic), in time
/// linear in the function's size plus the sizes of the sets.
class BufferProvenance {
public:
  /// What possible-root sets see through, besides scope results, choices
  /// and loop carries (always followed).
  enum Follow : unsigned {
    /// Tied results lead to their operand (else a tied result is a root).
    FollowTies = 1,
    /// Views lead to their source (else a view is a root).
    FollowViews = 2,
  };

  BufferProvenance(FunctionOpInterface func, const LaunchSignatures &launches);
  ~BufferProvenance();
  BufferProvenance(BufferProvenance &&);

  FunctionOpInterface getFunction() const { return func; }
  const LaunchSignatures &getLaunchSignatures() const { return launches; }

  /// Returns the root of `tensor` (see the class comment).
  Value getRoot(Value tensor) const;

  /// Returns the buffer `tensor` is, or is a window of: its root, through
  /// any views.
  Value getViewBase(Value tensor) const;

  /// Returns true if `tensor`'s root is a view (a window left as a value).
  bool isThroughView(Value tensor) const {
    return getRoot(tensor) != getViewBase(tensor);
  }

  /// Returns true if `value` is a choice: a root that names a buffer chosen
  /// at run time (see the class comment).
  bool isChoice(Value value) const;

  /// Returns true if the function has any choice: without one, every
  /// tensor's only possible root is its root.
  bool hasChoices() const { return anyChoice; }

  /// Returns true if every iteration of `loop` yields back, at `index`, the
  /// buffer its iteration argument carries in.
  bool carriesSameBuffer(scf::ForOp loop, unsigned index) const;

  /// Returns the operand `result` (a tensor result of a launch) is tied to,
  /// or null: read from the table, without asking the callee again.
  Value getTiedOperand(OpResult result) const;

  /// Returns the entry-block tensor argument `tensor`'s root is, or null.
  BlockArgument getRootArgument(Value tensor) const;

  /// Returns every root `tensor` may name under policy `follow` (a mask of
  /// Follow bits), including the choices passed on the way, in definition
  /// order.
  SmallVector<Value, 4> getPossibleRoots(Value tensor, unsigned follow);

  /// Returns the lowest-numbered tensor argument that `tensor` may name or
  /// be a window of (following tied results, views and choices), or null.
  BlockArgument getLowestPossibleViewedArgument(Value tensor);

  /// The may-name graph and sets of one policy (an implementation detail).
  struct PossibleRootSets;

private:
  /// How a value relates to the values it may name (`preds`).
  enum class Kind : uint8_t {
    Origin,    // names a buffer of its own: no predecessor
    Tied,      // a launch's tied result: its operand
    Scope,     // a pto.scope result: what the scope yields
    View,      // a pto.slice / pto.transpose: its source
    IterArg,   // an scf.for iteration argument: init, yielded value
    ForResult, // an scf.for result: init, yielded value
    If,        // an scf.if result: then, else yielded values
    Select,    // an arith.select of tensors: true, false values
  };
  static constexpr unsigned kNone = ~0u;

  unsigned indexOf(Value tensor) const;
  bool isChoice(unsigned i) const;
  PossibleRootSets &getSets(unsigned follow);

  FunctionOpInterface func;
  Block *entry = nullptr;
  const LaunchSignatures &launches;
  /// Tensor values in definition order, and each one's position there.
  SmallVector<Value> values;
  DenseMap<Value, unsigned> index;
  SmallVector<Kind> kinds;
  SmallVector<std::array<unsigned, 2>> preds;
  SmallVector<unsigned> root, viewBase;
  /// Per iteration argument: whether its loop carries the same buffer.
  SmallVector<bool> sameBuffer;
  bool anyChoice = false;
  std::unique_ptr<PossibleRootSets> sets[4];
};

} // namespace mlir::pto

#endif // PTO_ANALYSIS_BUFFERPROVENANCE_H
