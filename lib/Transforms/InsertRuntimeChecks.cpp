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
  } else if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    addAll(reshape.getSizes(), "pto.reshape", op->getLoc(), "dynamic extent");
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

/// An element count as a product: a constant and the extents it multiplies.
/// An extent is keyed by the tensor and axis it is read from (`pto.dim`, or
/// a dynamic axis of a reshape's source) or, for any other value, by the
/// value and axis -1; `value` is null for a source axis not read yet.
struct ElementCount {
  struct Factor {
    std::pair<Value, int64_t> key;
    Value value;
  };
  APInt constant = APInt(64, 1);
  bool overflow = false;
  SmallVector<Factor> factors;

  void multiply(const APInt &value) {
    bool overflowed = false;
    constant = constant.umul_ov(value.zextOrTrunc(64), overflowed);
    overflow |= overflowed;
  }
};

/// Factors past this many are not followed: `arith.muli` trees can share
/// operands, and the proof below is a convenience, never needed.
constexpr unsigned kMaxFactors = 32;

/// `extent` as a product of constants and extents, through `arith.muli`;
/// false when it has more than kMaxFactors factors.
static bool factorInto(Value extent, ElementCount &count) {
  SmallVector<Value> worklist{extent};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant))) {
      count.multiply(constant);
      continue;
    }
    if (auto mul = value.getDefiningOp<arith::MulIOp>()) {
      worklist.push_back(mul.getLhs());
      worklist.push_back(mul.getRhs());
      continue;
    }
    if (count.factors.size() == kMaxFactors)
      return false;
    if (auto dim = value.getDefiningOp<DimOp>())
      count.factors.push_back(
          {{dim.getSource(), dim.getAxisAttr().getInt()}, value});
    else
      count.factors.push_back({{value, -1}, value});
  }
  return true;
}

/// Removes the extents `a` and `b` both multiply (as multisets).
static void cancelCommonFactors(ElementCount &a, ElementCount &b) {
  for (unsigned i = 0; i < a.factors.size();) {
    auto same = llvm::find_if(b.factors, [&](const ElementCount::Factor &f) {
      return f.key == a.factors[i].key;
    });
    if (same == b.factors.end()) {
      ++i;
      continue;
    }
    b.factors.erase(same);
    a.factors.erase(a.factors.begin() + i);
  }
}

/// Inserts before `reshape` a `cf.assert` that its result holds as many
/// elements as its source, unless the two counts are the same product of
/// the same extents. Returns whether it inserted one.
static bool insertElementCountCheck(ReshapeOp reshape, OpBuilder &builder) {
  TensorType sourceType = reshape.getSource().getType();
  TensorType resultType = reshape.getType();
  if (sourceType.hasStaticShape() && resultType.hasStaticShape())
    return false; // The verifier compared them.
  ElementCount source, result;
  for (auto [axis, extent] : llvm::enumerate(sourceType.getShape())) {
    if (ShapedType::isDynamic(extent))
      source.factors.push_back(
          {{reshape.getSource(), static_cast<int64_t>(axis)}, Value()});
    else
      source.multiply(APInt(64, extent));
  }
  bool factored = true;
  auto size = reshape.getSizes().begin();
  for (int64_t extent : resultType.getShape()) {
    if (!ShapedType::isDynamic(extent))
      result.multiply(APInt(64, extent));
    else if (!factorInto(*size++, result))
      factored = false;
  }
  if (factored)
    cancelCommonFactors(source, result);
  if (factored && !source.overflow && !result.overflow &&
      source.factors.empty() && result.factors.empty() &&
      source.constant == result.constant)
    return false;
  if (!factored) {
    // Every extent as it is: the whole counts are compared.
    result.factors.clear();
    result.constant = APInt(64, 1);
    result.overflow = false;
    for (auto [axis, extent] : llvm::enumerate(resultType.getShape()))
      if (!ShapedType::isDynamic(extent))
        result.multiply(APInt(64, extent));
    unsigned next = 0;
    for (int64_t extent : resultType.getShape())
      if (ShapedType::isDynamic(extent)) {
        Value value = reshape.getSizes()[next++];
        result.factors.push_back({{value, -1}, value});
      }
  }

  Location loc = withoutNames(reshape.getLoc());
  builder.setInsertionPoint(reshape);
  Type index = builder.getIndexType();
  auto constant = [&](const APInt &value) -> Value {
    return builder.create<arith::ConstantOp>(
        loc, builder.getIntegerAttr(index, value.getZExtValue()));
  };
  auto valueOf = [&](ElementCount::Factor &factor) -> Value {
    if (!factor.value)
      factor.value = builder.create<DimOp>(loc, factor.key.first,
                                           factor.key.second);
    return factor.value;
  };
  auto cmp = [&](arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return builder.create<arith::CmpIOp>(loc, predicate, lhs, rhs);
  };
  // The source's count, as the runtime computes it (64-bit products).
  Value count;
  auto multiply = [&](Value &product, Value factor) {
    product = product ? builder.create<arith::MulIOp>(loc, product, factor)
                      : factor;
  };
  if (!source.constant.isOne() || source.factors.empty())
    count = constant(source.constant);
  for (ElementCount::Factor &factor : source.factors)
    multiply(count, valueOf(factor));
  Value inRange;
  if (result.overflow) {
    // The result's static extents alone hold more than 2^64 elements.
    inRange = builder.create<arith::ConstantOp>(loc, builder.getBoolAttr(false));
  } else if (result.factors.empty()) {
    inRange = cmp(arith::CmpIPredicate::eq, count, constant(result.constant));
  } else if (result.factors.size() == 1 && result.constant.isOne()) {
    inRange = cmp(arith::CmpIPredicate::eq, count, valueOf(result.factors[0]));
  } else {
    // Divide the count by each result extent: it is their product when
    // every division is exact and leaves 1. A product could wrap around.
    Value zero = constant(APInt(64, 0)), one = constant(APInt(64, 1));
    Value remaining = count, exact, anyZero;
    auto both = [&](Value &all, Value next) {
      all = all ? builder.create<arith::AndIOp>(loc, all, next) : next;
    };
    auto either = [&](Value &any, Value next) {
      any = any ? builder.create<arith::OrIOp>(loc, any, next) : next;
    };
    SmallVector<Value> divisors;
    if (!result.constant.isOne())
      divisors.push_back(constant(result.constant));
    for (ElementCount::Factor &factor : result.factors)
      divisors.push_back(valueOf(factor));
    for (Value divisor : divisors) {
      Value isZero = cmp(arith::CmpIPredicate::eq, divisor, zero);
      either(anyZero, isZero);
      Value safe = builder.create<arith::SelectOp>(loc, isZero, one, divisor);
      Value rest = builder.create<arith::RemUIOp>(loc, remaining, safe);
      both(exact, cmp(arith::CmpIPredicate::eq, rest, zero));
      remaining = builder.create<arith::DivUIOp>(loc, remaining, safe);
    }
    both(exact, cmp(arith::CmpIPredicate::eq, remaining, one));
    // No elements: some result extent must be 0.
    inRange = builder.create<arith::SelectOp>(
        loc, cmp(arith::CmpIPredicate::eq, count, zero), anyZero, exact);
  }
  std::string message;
  llvm::raw_string_ostream os(message);
  os << describe(reshape.getLoc()) << ": 'pto.reshape' views "
     << resultType << " whose element count is not its source's ("
     << sourceType << "), which the runtime cannot view";
  builder.create<cf::AssertOp>(loc, inRange, message);
  return true;
}

/// Inserts before `launch` (a `pto.submit` or `pto.call`) a `cf.assert` per
/// axis a parameter of its callee declares static where the tensor (or
/// create info) passed has a run-time extent: the kernel or Graph is written
/// for that extent, and the runtime hands it whatever the tensor has.
/// Returns the number inserted.
static unsigned insertParameterShapeChecks(Operation *launch, ValueRange args,
                                           ArrayRef<Type> params,
                                           StringRef callee,
                                           OpBuilder &builder) {
  unsigned inserted = 0;
  // A launch may leave a tail of out parameters to the runtime.
  for (unsigned i = 0, e = std::min<size_t>(args.size(), params.size()); i < e;
       ++i) {
    Value arg = args[i];
    auto param = dyn_cast<TensorType>(params[i]);
    if (!param)
      continue;
    auto info = arg.getDefiningOp<CreateInfoOp>();
    TensorType actual = info ? info.getResult().getType().getTensor()
                             : cast<TensorType>(arg.getType());
    unsigned dynamicAxis = 0;
    for (int64_t axis = 0; axis < actual.getRank(); ++axis) {
      if (!actual.isDynamicDim(axis))
        continue;
      Value extent = info ? info.getDynamicSizes()[dynamicAxis] : Value();
      ++dynamicAxis;
      if (param.isDynamicDim(axis))
        continue;
      Location loc = withoutNames(launch->getLoc());
      builder.setInsertionPoint(launch);
      if (!extent)
        extent = builder.create<DimOp>(loc, arg, axis);
      Value expected = builder.create<arith::ConstantOp>(
          loc, builder.getIndexAttr(param.getDimSize(axis)));
      Value same = builder.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::eq, extent, expected);
      std::string message;
      llvm::raw_string_ostream os(message);
      os << describe(launch->getLoc()) << ": '" << launch->getName()
         << "' passes @" << callee << " tensor #" << i << " whose extent #"
         << axis << " is not " << param.getDimSize(axis) << ", which "
         << (isa<SubmitOp>(launch) ? "the kernel's" : "the Graph's")
         << " parameter declares";
      builder.create<cf::AssertOp>(loc, same, message);
      ++inserted;
    }
  }
  return inserted;
}

struct InsertRuntimeChecksPass
    : impl::InsertRuntimeChecksBase<InsertRuntimeChecksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    DenseMap<StringAttr, int64_t> lanesOf;
    // Each callee's parameter types, by symbol: read once for all launches.
    DenseMap<StringAttr, ArrayRef<Type>> paramsOf;
    for (GraphOp graph : module.getOps<GraphOp>())
      paramsOf[graph.getSymNameAttr()] = graph.getFunctionType().getInputs();
    for (KernelOp kernel : module.getOps<KernelOp>()) {
      paramsOf[kernel.getSymNameAttr()] = kernel.getFunctionType().getInputs();
      if (ArrayAttr lanes = kernel.getLanesAttr())
        lanesOf[kernel.getSymNameAttr()] = lanes.size();
    }
    SmallVector<std::pair<Operation *, NarrowedValue>> unproven;
    SmallVector<ReshapeOp> reshapes;
    SmallVector<Operation *> launches;
    SmallVector<Operation *> conversions;
    // A constant operand is known now: out of range, it is an error here
    // (the C++ would truncate it); a computed value is checked when it runs.
    bool constantOutOfRange = false;
    module.walk([&](Operation *op) {
      for (NarrowedValue &narrowed : getNarrowedValues(op, lanesOf)) {
        APInt constant;
        if (!matchPattern(narrowed.value, m_ConstantInt(&constant))) {
          unproven.push_back({op, std::move(narrowed)});
          continue;
        }
        if (constant.getSExtValue() >= narrowed.min &&
            constant.getSExtValue() <= narrowed.max)
          continue;
        op->emitOpError() << narrowed.what << " is the constant "
                          << constant.getSExtValue() << ", outside ["
                          << narrowed.min << ", " << narrowed.max
                          << "], what the runtime can take";
        constantOutOfRange = true;
      }
      if (auto reshape = dyn_cast<ReshapeOp>(op))
        reshapes.push_back(reshape);
      else if (isa<SubmitOp, CallOp>(op))
        launches.push_back(op);
      else if (isa<arith::FPToSIOp, arith::FPToUIOp>(op)) {
        FloatAttr constant;
        if (!matchPattern(op->getOperand(0), m_Constant(&constant)))
          conversions.push_back(op);
        else if (!convertsExactly(op, constant.getValue())) {
          op->emitOpError() << "converts the constant "
                            << constant.getValueAsDouble()
                            << ", which is NaN, infinite or outside the range of "
                            << op->getResult(0).getType()
                            << " when truncated: C++ leaves that undefined";
          constantOutOfRange = true;
        }
      }
    });
    if (constantOutOfRange)
      return signalPassFailure();
    OpBuilder builder(&getContext());
    bool changed = false;
    for (ReshapeOp reshape : reshapes)
      if (insertElementCountCheck(reshape, builder)) {
        ++numChecks;
        changed = true;
      }
    for (Operation *launch : launches) {
      auto submit = dyn_cast<SubmitOp>(launch);
      FlatSymbolRefAttr callee = submit ? submit.getCalleeAttr()
                                        : cast<CallOp>(launch).getCalleeAttr();
      ValueRange args = submit ? submit.getArgs().take_front(submit.getNumTensorArgs())
                               : ValueRange(cast<CallOp>(launch).getArgs());
      auto params = paramsOf.find(callee.getAttr());
      if (params == paramsOf.end())
        continue;
      if (unsigned inserted = insertParameterShapeChecks(
              launch, args, params->second, callee.getValue(), builder)) {
        numChecks += inserted;
        changed = true;
      }
    }
    for (Operation *conversion : conversions) {
      insertConversionCheck(conversion, builder);
      ++numChecks;
      changed = true;
    }
    if (unproven.empty())
      return changed ? void() : markAllAnalysesPreserved();

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

  /// Whether `value`, truncated toward zero, is a value of the integer
  /// `conversion` (an `arith.fptosi` or `arith.fptoui`) converts to.
  static bool convertsExactly(Operation *conversion, APFloat value) {
    unsigned width = conversion->getResult(0).getType().getIntOrFloatBitWidth();
    APSInt result(width, /*isUnsigned=*/isa<arith::FPToUIOp>(conversion));
    bool exact;
    APFloat::opStatus status =
        value.convertToInteger(result, APFloat::rmTowardZero, &exact);
    return !(status & APFloat::opInvalidOp);
  }

  /// Guards `conversion`, an `arith.fptosi` or `arith.fptoui` of a
  /// computed float: C++ leaves the conversion of NaN, an infinity or a
  /// value whose truncation does not fit the integer undefined (what the
  /// simulator calls poison). The check is `low < x < high` with the
  /// integer's bounds widened by one (the values that truncate into
  /// range), each compared exclusively where the float type holds it
  /// exactly and otherwise at the power of two next to it, inclusively:
  /// no value of the type lies between the two. Where a bound is past the
  /// type's largest finite value, the check is that x is finite.
  static void insertConversionCheck(Operation *conversion, OpBuilder &builder) {
    bool isSigned = isa<arith::FPToSIOp>(conversion);
    Value value = conversion->getOperand(0);
    auto floatType = cast<FloatType>(value.getType());
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    unsigned width = conversion->getResult(0).getType().getIntOrFloatBitWidth();
    Location loc = withoutNames(conversion->getLoc());
    builder.setInsertionPoint(conversion);
    // `x pred bound`: exclusive if the type holds `bound` exactly, else
    // inclusive at `fallback` (a power of two, or the largest finite value
    // when that is past the type's range). The bounds are integers of up
    // to 65 bits: an APInt of width + 2 holds them.
    auto toFloat = [&](const APInt &integer, APFloat &out) {
      return out.convertFromAPInt(integer, /*IsSigned=*/true,
                                  APFloat::rmNearestTiesToEven);
    };
    auto compare = [&](const APInt &bound, const APInt &fallback, bool below) -> Value {
      APFloat at(semantics);
      bool holds = toFloat(bound, at) == APFloat::opOK;
      if (!holds) {
        toFloat(fallback, at);
        if (at.isInfinity())
          at = APFloat::getLargest(semantics, /*Negative=*/!below);
      }
      arith::CmpFPredicate predicate =
          below ? (holds ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OLE)
                : (holds ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OGE);
      Value constant = builder.create<arith::ConstantOp>(
          loc, builder.getFloatAttr(floatType, at));
      return builder.create<arith::CmpFOp>(loc, predicate, value, constant);
    };
    unsigned bits = width + 2;
    APInt high = APInt::getOneBitSet(bits, isSigned ? width - 1 : width);
    APInt minusOne = APInt::getAllOnes(bits);
    Value aboveLow = isSigned ? compare(-high + minusOne, -high, /*below=*/false)
                              : compare(minusOne, minusOne, /*below=*/false);
    Value belowHigh = compare(high, high, /*below=*/true);
    Value inRange = builder.create<arith::AndIOp>(loc, aboveLow, belowHigh);
    std::string message;
    llvm::raw_string_ostream os(message);
    os << describe(conversion->getLoc()) << ": '" << conversion->getName()
       << "' converts a value that is NaN, infinite or outside the range of "
       << conversion->getResult(0).getType()
       << ", which C++ leaves undefined";
    builder.create<cf::AssertOp>(loc, inRange, message);
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
