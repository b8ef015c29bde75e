//===- ViewLayout.h - Where a view's elements lie in its buffer -*- C++ -*-===//
//
// A view (`pto.slice`, `pto.transpose`, `pto.reshape`, `pto.set_owner`) names
// elements of the buffer it is a window of, its view base. Through a chain of
// views they form a strided box: element (i_0, ..., i_n) of the view is
// element `offset + sum(i_a * strides[a])` of the base in row-major order.
// Computed once per value, from the base outwards, and queried from a table.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_VIEWLAYOUT_H
#define PTO_ANALYSIS_VIEWLAYOUT_H

#include "pto/Dialect/PTO/IR/PTO.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir::pto {

class BufferProvenance;

/// The elements of a tensor value in its view base.
struct StridedLayout {
  /// The base element of index (0, ..., 0); nullopt for a window at a
  /// run-time offset.
  std::optional<int64_t> offset;
  /// Per axis of the value, the base elements between consecutive indices;
  /// nullopt where it depends on a dynamic extent of the base, or on a
  /// buffer chosen at run time among windows.
  SmallVector<std::optional<int64_t>, 4> strides;
  /// Whether the elements are known to be consecutive in row-major order
  /// where the strides are not known: a whole row-major buffer of dynamic
  /// shape, a reshape of one, a window of its consecutive rows.
  bool contiguous = false;

  /// Returns true if offset and every stride are known.
  bool isKnown() const;
};

/// The layout of a whole buffer of `type`: row-major strides (those known)
/// and contiguous for a row-major (`nd`) tensor, none known for another
/// layout.
StridedLayout getBufferLayout(TensorType type);

/// The layout of the result of view `view` (a `pto.slice`, `pto.transpose`,
/// `pto.reshape` or `pto.set_owner`) given its source's. `evaluate` gives
/// the value of a dynamic slice offset, nullopt when unknown (absent: the
/// value of a constant).
StridedLayout
deriveViewLayout(Operation *view, const StridedLayout &source,
                 function_ref<std::optional<int64_t>(Value)> evaluate = {});

/// Returns the innermost axis of a value of `shape` with `layout` that makes
/// its elements not consecutive: an axis of more than one index whose
/// stride is not the number of elements the axes inside it span. nullopt
/// when the elements are consecutive (or `layout` is known contiguous); `unknown` is set when a stride or
/// span is not known (the answer is then the axis where that matters).
std::optional<unsigned> getNonContiguousAxis(ArrayRef<int64_t> shape,
                                             const StridedLayout &layout,
                                             bool &unknown);

/// The strided layouts of the tensor values of one function body.
class ViewLayouts {
public:
  explicit ViewLayouts(BufferProvenance &provenance);
  ~ViewLayouts();

  /// Returns the layout of `tensor` in `getViewBase(tensor)`.
  const StridedLayout &getLayout(Value tensor);

  /// getNonContiguousAxis of `tensor` in its view base.
  std::optional<unsigned> getNonContiguousAxis(Value tensor, bool &unknown);

private:
  StridedLayout getBaseLayout(Value base);

  BufferProvenance &provenance;
  DenseMap<Value, StridedLayout> layouts;
};

} // namespace mlir::pto

#endif // PTO_ANALYSIS_VIEWLAYOUT_H
