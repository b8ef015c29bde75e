//===- ViewLayout.cpp - Where a view's elements lie in its buffer ---------===//

#include "pto/Analysis/ViewLayout.h"

#include "pto/Analysis/BufferProvenance.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::pto {

bool StridedLayout::isKnown() const {
  return offset && llvm::all_of(strides, [](const std::optional<int64_t> &s) {
           return s.has_value();
         });
}

ViewLayouts::ViewLayouts(BufferProvenance &provenance)
    : provenance(provenance) {}

ViewLayouts::~ViewLayouts() = default;

/// Row-major strides of `shape`; nullopt outside a dynamic extent.
static SmallVector<std::optional<int64_t>, 4>
getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<std::optional<int64_t>, 4> strides(shape.size());
  std::optional<int64_t> span = 1;
  for (int a = static_cast<int>(shape.size()) - 1; a >= 0; --a) {
    strides[a] = span;
    span = span && !ShapedType::isDynamic(shape[a])
               ? llvm::checkedMul(*span, shape[a])
               : std::nullopt;
  }
  return strides;
}

StridedLayout getBufferLayout(TensorType type) {
  StridedLayout layout;
  layout.offset = 0;
  layout.strides.assign(type.getRank(), std::nullopt);
  // Only row-major buffers have row-major strides.
  if (type.getLayout() != Layout::nd)
    return layout;
  layout.strides = getRowMajorStrides(type.getShape());
  layout.contiguous = true;
  return layout;
}

StridedLayout ViewLayouts::getBaseLayout(Value base) {
  // A buffer chosen at run time among windows: which elements it names
  // depends on the choice.
  if (provenance.isChoice(base))
    for (Value root :
         provenance.getPossibleRoots(base, BufferProvenance::FollowTies))
      if (isa_and_nonnull<ViewLikeOpInterface>(root.getDefiningOp())) {
        StridedLayout layout;
        layout.strides.assign(cast<TensorType>(base.getType()).getRank(),
                              std::nullopt);
        return layout;
      }
  return getBufferLayout(cast<TensorType>(base.getType()));
}

/// Whether `slice` is a window of consecutive rows of its source: every
/// axis inside the outermost one of more than one index is whole.
static bool isRowWindow(SliceOp slice) {
  ArrayRef<int64_t> sizes = slice.getStaticSizes();
  ArrayRef<int64_t> extents = slice.getSource().getType().getShape();
  unsigned axis = 0;
  while (axis < sizes.size() && sizes[axis] == 1)
    ++axis;
  for (++axis; axis < sizes.size(); ++axis)
    if (ShapedType::isDynamic(sizes[axis]) || sizes[axis] != extents[axis])
      return false;
  return true;
}

StridedLayout
deriveViewLayout(Operation *view, const StridedLayout &source,
                 function_ref<std::optional<int64_t>(Value)> evaluate) {
  if (isa<SetOwnerOp>(view))
    return source;
  StridedLayout layout = source;
  layout.contiguous = false;
  if (auto slice = dyn_cast<SliceOp>(view)) {
    layout.contiguous = source.contiguous && isRowWindow(slice);
    auto dynamic = slice.getOffsets().begin();
    for (auto [axis, start] : llvm::enumerate(slice.getStaticOffsets())) {
      std::optional<int64_t> value = start;
      if (ShapedType::isDynamic(start)) {
        Value operand = *dynamic++;
        APInt constant;
        if (evaluate)
          value = evaluate(operand);
        else if (matchPattern(operand, m_ConstantInt(&constant)))
          value = constant.getSExtValue();
        else
          value.reset();
      }
      if (!layout.offset || value == 0)
        continue;
      std::optional<int64_t> step =
          value && source.strides[axis]
              ? llvm::checkedMul(*value, *source.strides[axis])
              : std::nullopt;
      layout.offset = step ? llvm::checkedAdd(*layout.offset, *step)
                           : std::nullopt;
    }
    return layout;
  }
  if (auto transpose = dyn_cast<TransposeOp>(view)) {
    std::swap(layout.strides[transpose.getAxis0()],
              layout.strides[transpose.getAxis1()]);
    return layout;
  }
  auto type = cast<TensorType>(view->getResult(0).getType());
  layout.strides.assign(type.getRank(), std::nullopt);
  if (isa<ReshapeOp>(view)) {
    // Consecutive elements seen with another shape.
    bool unknown = false;
    ArrayRef<int64_t> sourceShape =
        cast<TensorType>(cast<ViewLikeOpInterface>(view).getViewSource().getType())
            .getShape();
    if (!getNonContiguousAxis(sourceShape, source, unknown)) {
      layout.strides = getRowMajorStrides(type.getShape());
      layout.contiguous = true;
    }
    return layout;
  }
  layout.offset.reset();
  return layout;
}

const StridedLayout &ViewLayouts::getLayout(Value tensor) {
  auto known = layouts.find(tensor);
  if (known != layouts.end())
    return known->second;
  // From `tensor` to a value already placed or a base: each value with
  // whether it is a view of the next (else the same buffer as it).
  SmallVector<std::pair<Value, bool>> chain;
  Value value = tensor;
  while (!layouts.count(value)) {
    Value root = provenance.getRoot(value);
    if (root != value) {
      chain.push_back({value, false});
      value = root;
      continue;
    }
    auto view = dyn_cast_or_null<ViewLikeOpInterface>(value.getDefiningOp());
    if (!view) {
      layouts[value] = getBaseLayout(value);
      break;
    }
    chain.push_back({value, true});
    value = view.getViewSource();
  }
  while (!chain.empty()) {
    auto [next, isView] = chain.pop_back_val();
    StridedLayout layout = isView
                               ? deriveViewLayout(next.getDefiningOp(), layouts[value])
                               : layouts[value];
    layouts[next] = std::move(layout);
    value = next;
  }
  return layouts[tensor];
}

std::optional<unsigned> ViewLayouts::getNonContiguousAxis(Value tensor,
                                                          bool &unknown) {
  // Copied: the query may grow the table.
  StridedLayout layout = getLayout(tensor);
  return pto::getNonContiguousAxis(
      cast<TensorType>(tensor.getType()).getShape(), layout, unknown);
}

std::optional<unsigned> getNonContiguousAxis(ArrayRef<int64_t> shape,
                                             const StridedLayout &layout,
                                             bool &unknown) {
  unknown = false;
  if (layout.contiguous)
    return std::nullopt;
  std::optional<int64_t> span = 1;
  for (int a = static_cast<int>(shape.size()) - 1; a >= 0; --a) {
    if (shape[a] == 1)
      continue;
    if (!layout.strides[a] || !span) {
      unknown = true;
      return a;
    }
    if (*layout.strides[a] != *span)
      return a;
    span = ShapedType::isDynamic(shape[a]) ? std::nullopt
                                           : llvm::checkedMul(*span, shape[a]);
  }
  return std::nullopt;
}

} // namespace mlir::pto
