//===- VerifyKernelWindows.cpp - Launches keep windows in bounds ----------===//
//
// A kernel that takes a whole tensor and an offset touches the box its
// `#pto.window` computes from the launch's scalars. Where those scalars are
// constants and the tensor passed has static extents, the box is known at
// compile time and must lie inside the tensor: otherwise the kernel reads or
// writes memory that is not its argument's.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::pto {
#define GEN_PASS_DEF_VERIFYKERNELWINDOWS
#include "pto/Transforms/Passes.h.inc"

namespace {

/// The windowed tensor parameters of one kernel: (parameter, window).
using Windows = SmallVector<std::pair<unsigned, WindowAttr>, 2>;

struct VerifyKernelWindowsPass
    : impl::VerifyKernelWindowsBase<VerifyKernelWindowsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Read every kernel's windows once; a launch looks its callee up here
    // (a module may declare a kernel per task).
    DenseMap<StringAttr, KernelOp> kernels;
    DenseMap<StringAttr, Windows> windows;
    for (KernelOp kernel : module.getOps<KernelOp>())
      kernels[kernel.getSymNameAttr()] = kernel;
    for (KernelOp kernel : module.getOps<KernelOp>()) {
      Windows own = windowsOf(kernel);
      // A group's task runs each lane on the same arguments.
      if (ArrayAttr lanes = kernel.getLanesAttr())
        for (auto lane : lanes.getAsRange<FlatSymbolRefAttr>())
          if (KernelOp laneKernel = kernels.lookup(lane.getAttr()))
            own.append(windowsOf(laneKernel));
      if (!own.empty())
        windows[kernel.getSymNameAttr()] = std::move(own);
    }
    if (windows.empty())
      return markAllAnalysesPreserved();

    bool failed = false;
    module.walk([&](SubmitOp submit) {
      auto it = windows.find(submit.getCalleeAttr().getAttr());
      if (it == windows.end())
        return;
      unsigned numTensors = submit.getNumTensorArgs();
      SmallVector<std::optional<int64_t>> scalars;
      for (Value scalar : submit.getArgs().drop_front(numTensors)) {
        APInt value;
        scalars.push_back(matchPattern(scalar, m_ConstantInt(&value))
                              ? std::optional(value.getSExtValue())
                              : std::nullopt);
      }
      for (auto [index, window] : it->second)
        if (index < numTensors && !checkLaunch(submit, index, window, scalars))
          failed = true;
    });
    if (failed)
      return signalPassFailure();
    markAllAnalysesPreserved();
  }

  static Windows windowsOf(KernelOp kernel) {
    Windows out;
    for (unsigned i = 0, e = getNumTensorArgs(kernel); i < e; ++i)
      if (WindowAttr window = getArgWindow(kernel, i))
        out.push_back({i, window});
    return out;
  }

  /// Reports `submit` if the window of parameter `index` lies outside the
  /// tensor passed on an axis where both are known.
  static bool checkLaunch(SubmitOp submit, unsigned index, WindowAttr window,
                          ArrayRef<std::optional<int64_t>> scalars) {
    // A create info: the window must fit the buffer it describes.
    Type type = submit.getArgs()[index].getType();
    auto info = dyn_cast<CreateInfoType>(type);
    auto tensor = info ? info.getTensor() : cast<TensorType>(type);
    SmallVector<std::optional<int64_t>> offsets =
        evaluateWindowMap(window.getOffsets(), scalars);
    SmallVector<std::optional<int64_t>> sizes =
        evaluateWindowMap(window.getSizes(), scalars);
    for (unsigned axis = 0, e = window.getRank(); axis < e; ++axis) {
      int64_t extent = tensor.getShape()[axis];
      if (!offsets[axis] || !sizes[axis])
        continue;
      int64_t begin = *offsets[axis];
      // A window ending past INT64_MAX is outside any tensor.
      std::optional<int64_t> end = llvm::checkedAdd(begin, *sizes[axis]);
      if (begin >= 0 && *sizes[axis] >= 1 && end &&
          (ShapedType::isDynamic(extent) || *end <= extent))
        continue;
      std::string endText = end ? std::to_string(*end)
                                : std::to_string(begin) + " + " +
                                      std::to_string(*sizes[axis]);
      submit.emitOpError()
          << "the window of " << submit.getCalleeAttr()
          << "'s parameter #" << index << " covers [" << begin << ", "
          << endText << ") on axis " << axis
          << ", outside the tensor passed (extent "
          << (ShapedType::isDynamic(extent) ? std::string("?")
                                             : std::to_string(extent))
          << ")";
      return false;
    }
    return true;
  }
};

} // namespace

} // namespace mlir::pto
