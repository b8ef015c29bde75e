//===- InsertRuntimeChecks.cpp - Guard narrowing conversions --------------===//
//
// The runtime keeps shapes and view offsets in 32 bits and a block count in
// 16, where the IR computes `index` values. A literal out of range is a
// verifier error; a computed one the translation would truncate, silently.
// Where integer range analysis cannot prove a computed value fits, this pass
// guards it with a `cf.assert` before the op that hands it to the runtime;
// the translation prints the assert as the runtime's failure report.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Dialect/PTO/IR/RuntimeLimits.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"

namespace mlir::pto {
#define GEN_PASS_DEF_INSERTRUNTIMECHECKS
#include "pto/Transforms/Passes.h.inc"

namespace {

/// A value the runtime takes in a narrower field, and the closed range the
/// field holds.
struct NarrowedValue {
  Value value;
  int64_t min, max;
  /// For the message: the op the user wrote and where, and what the value
  /// is to it ("dynamic extent 0", "core_num").
  StringRef opName;
  Location loc;
  std::string what;
};

/// Where `loc` is, for a message: `file:line:col` of its first file
/// location, else the first name in it, quoted.
static std::string describe(Location loc) {
  FileLineColLoc file;
  NameLoc name;
  loc->walk([&](Location nested) {
    if (!name)
      name = dyn_cast<NameLoc>(nested);
    file = dyn_cast<FileLineColLoc>(nested);
    return file ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (file)
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (name)
    return ("'" + name.getName().getValue() + "'").str();
  return "unknown location";
}

/// `loc` without the names it carries: the check's values are not the
/// user's (the C++ names the guarded value's statement after them).
static Location withoutNames(Location loc) {
  return cast<LocationAttr>(
      LocationAttr(loc).replace([](Attribute attr) -> Attribute {
        if (auto name = dyn_cast<NameLoc>(attr))
          return withoutNames(name.getChildLoc());
        return attr;
      }));
}

/// The values `op` hands the runtime in a field narrower than `index`;
/// `lanesOf` gives each kernel's lanes per block.
static SmallVector<NarrowedValue>
getNarrowedValues(Operation *op,
                  const DenseMap<StringAttr, int64_t> &lanesOf) {
  constexpr int64_t kShapeMax = std::numeric_limits<uint32_t>::max();
  SmallVector<NarrowedValue> values;
  auto addAll = [&](ValueRange sizes, StringRef opName, Location loc,
                    StringRef what) {
    for (auto [index, size] : llvm::enumerate(sizes))
      values.push_back({size, 0, kShapeMax, opName, loc,
                        (what + " #" + Twine(index)).str()});
  };
  if (auto create = dyn_cast<CreateOp>(op)) {
    addAll(create.getDynamicSizes(), "pto.create", op->getLoc(),
           "dynamic extent");
  } else if (auto full = dyn_cast<FullOp>(op)) {
    addAll(full.getDynamicSizes(), "pto.full", op->getLoc(), "dynamic extent");
  } else if (auto info = dyn_cast<CreateInfoOp>(op)) {
    addAll(info.getDynamicSizes(), "pto.create_info", op->getLoc(),
           "dynamic extent");
  } else if (auto alloc = dyn_cast<AllocTensorsOp>(op)) {
    // A batch is located at its creates, one location per result: each
    // check names the create the user wrote.
    auto fused = dyn_cast<FusedLoc>(op->getLoc());
    bool perResult =
        fused && fused.getLocations().size() == op->getNumResults();
    for (unsigned index = 0, e = op->getNumResults(); index < e; ++index)
      addAll(alloc.getDynamicSizesOf(index), "pto.create",
             perResult ? fused.getLocations()[index] : op->getLoc(),
             "dynamic extent");
  } else if (auto slice = dyn_cast<SliceOp>(op)) {
    addAll(slice.getOffsets(), "pto.slice", op->getLoc(), "dynamic offset");
    addAll(slice.getSizes(), "pto.slice", op->getLoc(), "dynamic size");
  } else if (auto submit = dyn_cast<SubmitOp>(op)) {
    // Blocks times lanes must fit the scheduler's int16_t.
    if (Value coreNum = submit.getCoreNum())
      values.push_back(
          {coreNum, 1,
           kMaxBlockSubtasks /
               lanesOf.lookup_or(submit.getCalleeAttr().getAttr(), 1),
           "pto.submit", op->getLoc(), "core_num"});
  }
  return values;
}

struct InsertRuntimeChecksPass
    : impl::InsertRuntimeChecksBase<InsertRuntimeChecksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    DenseMap<StringAttr, int64_t> lanesOf;
    for (KernelOp kernel : module.getOps<KernelOp>())
      if (ArrayAttr lanes = kernel.getLanesAttr())
        lanesOf[kernel.getSymNameAttr()] = lanes.size();
    SmallVector<std::pair<Operation *, NarrowedValue>> unproven;
    // Literals were checked by the verifiers; only computed values remain.
    module.walk([&](Operation *op) {
      for (NarrowedValue &narrowed : getNarrowedValues(op, lanesOf))
        if (!matchPattern(narrowed.value, m_Constant()))
          unproven.push_back({op, std::move(narrowed)});
    });
    if (unproven.empty())
      return markAllAnalysesPreserved();

    // One solver run over the module; each value is then a lookup.
    DataFlowSolver solver;
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::SparseConstantPropagation>();
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();

    // A check that dominates the op already covers the value (one size
    // shared by a batch's creates, one offset by a loop's views).
    DominanceInfo dominance(module);
    DenseMap<std::tuple<Value, int64_t, int64_t>, SmallVector<Operation *, 1>>
        checks;
    OpBuilder builder(&getContext());
    for (auto &[op, narrowed] : unproven) {
      if (isProvenInRange(solver, narrowed))
        continue;
      SmallVector<Operation *, 1> &earlier =
          checks[{narrowed.value, narrowed.min, narrowed.max}];
      if (llvm::any_of(earlier, [&](Operation *check) {
            return dominance.properlyDominates(check, op);
          }))
        continue;
      builder.setInsertionPoint(op);
      Location loc = withoutNames(narrowed.loc);
      Value value = narrowed.value;
      Type type = value.getType();
      // value - min <= max - min, unsigned: one compare covers both bounds.
      Value shifted = value;
      if (narrowed.min != 0)
        shifted = builder.create<arith::SubIOp>(
            loc, value,
            builder.create<arith::ConstantOp>(
                loc, builder.getIntegerAttr(type, narrowed.min)));
      Value inRange = builder.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::ule, shifted,
          builder.create<arith::ConstantOp>(
              loc, builder.getIntegerAttr(type, narrowed.max - narrowed.min)));
      std::string message;
      llvm::raw_string_ostream os(message);
      os << describe(narrowed.loc) << ": '" << narrowed.opName << "' "
         << narrowed.what << " is outside [" << narrowed.min << ", "
         << narrowed.max << "], what the runtime can take";
      earlier.push_back(builder.create<cf::AssertOp>(loc, inRange, message));
      ++numChecks;
    }
  }

  static bool isProvenInRange(DataFlowSolver &solver,
                              const NarrowedValue &narrowed) {
    auto *lattice =
        solver.lookupState<dataflow::IntegerValueRangeLattice>(narrowed.value);
    if (!lattice || lattice->getValue().isUninitialized())
      return false;
    const ConstantIntRanges &range = lattice->getValue().getValue();
    return range.smin().sge(narrowed.min) && range.smax().sle(narrowed.max);
  }
};

} // namespace
} // namespace mlir::pto
