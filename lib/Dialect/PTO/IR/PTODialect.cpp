//===- PTODialect.cpp - PTO dialect ---------------------------------------===//

#include "pto/Dialect/PTO/IR/PTO.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "pto/Dialect/PTO/IR/PTODialect.cpp.inc"
#include "pto/Dialect/PTO/IR/PTOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "pto/Dialect/PTO/IR/PTOAttrs.cpp.inc"

namespace mlir::pto {

namespace {
/// What the upstream inliner may do with pto IR (docs/design.md,
/// "Inlining"): a Graph call is never inlined, and pto ops from an inlined
/// body (say a func.func helper) may land only where their verifiers
/// accept them.
struct PTOInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  /// `pto.call` is the only pto call: it submits a Graph, the unit the
  /// host_build_graph runtime records and replays. Inlined, its tasks would
  /// be submitted by the caller on every call and its boundary would be
  /// gone. (Kernel launches are no calls: pto.submit is no CallOpInterface.)
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return false;
  }

  /// Function and scope bodies may receive a helper's code.
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }

  bool isLegalToInline(Operation *op, Region *dest, bool,
                       IRMapping &) const final {
    // Function-like ops live in the module; pto.return ends one of them.
    if (isa<KernelOp, GraphOp, OrchestrationOp, ReturnOp>(op))
      return false;
    auto func = dest->getParentOfType<FunctionOpInterface>();
    if (isa<SubmitOp, CallOp, TaskDummyOp>(op) &&
        !isa_and_nonnull<GraphOp, OrchestrationOp>(func))
      return false;
    // A Graph records tasks and runs no host writes or nested Graphs.
    if (isa<CallOp, WriteOp>(op) && dest->getParentOfType<GraphOp>())
      return false;
    return true;
  }
};
} // namespace

void PTODialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "pto/Dialect/PTO/IR/PTOOps.cpp.inc"
      >();
  addInterfaces<PTOInlinerInterface>();
}

void PTODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "pto/Dialect/PTO/IR/PTOAttrs.cpp.inc"
      >();
}

Operation *PTODialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

/// Task ids carried through a parallel loop need one slot per iteration:
/// never legal otherwise, whatever runs after.
static LogicalResult verifyParallelCarries(scf::ForOp loop) {
  std::optional<APInt> trips;
  for (auto [index, init] : llvm::enumerate(loop.getInitArgs())) {
    if (isa<TaskIdType>(init.getType()))
      return loop.emitOpError()
             << "carries a single task id (iteration argument #" << index
             << ") through a parallel loop: carry a !pto.task_id_array with "
                "one slot per iteration";
    auto array = dyn_cast<TaskIdArrayType>(init.getType());
    if (!array)
      continue;
    if (!trips)
      trips = loop.getStaticTripCount();
    if (!trips)
      return loop.emitOpError()
             << "carries task ids through a parallel loop without a "
                "statically known trip count: the array of task ids needs "
                "one slot per iteration";
    if (trips->getZExtValue() != array.getSize())
      return loop.emitOpError()
             << "runs " << trips->getZExtValue()
             << " parallel iterations but carries " << array
             << ": the array needs one slot per iteration";
  }
  return success();
}

/// A `false` flag of `pto.carry_variables` / `pto.result_variables` says a
/// value prints as the name of a buffer: only a tensor names one.
static LogicalResult verifyVariableFlags(Operation *op, StringRef name,
                                         DenseBoolArrayAttr flags,
                                         TypeRange types) {
  for (auto [index, pair] : llvm::enumerate(llvm::zip_equal(flags.asArrayRef(), types)))
    if (!std::get<0>(pair) && !isa<TensorType>(std::get<1>(pair)))
      return op->emitError()
             << "'" << name << "' gives result #" << index << " of type "
             << std::get<1>(pair)
             << " no variable: only a tensor can print as the name of a "
                "buffer";
  return success();
}

/// Returns true if `name` is spelled as a C++ identifier.
static bool isIdentifier(StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// Checks a `pto.cpp_names` / `pto.cpp_arg_names` array: one identifier or
/// "" per value of `what`.
static LogicalResult verifyCppNames(Operation *op, NamedAttribute attr,
                                    size_t count, StringRef what) {
  StringRef name = attr.getName().getValue();
  auto array = dyn_cast<ArrayAttr>(attr.getValue());
  if (!array || !llvm::all_of(array, llvm::IsaPred<StringAttr>))
    return op->emitError() << "'" << name << "' must be an array of strings";
  if (array.size() != count)
    return op->emitError() << "'" << name << "' has " << array.size()
                           << " entries for " << count << " " << what;
  for (auto [index, entry] : llvm::enumerate(array.getAsValueRange<StringAttr>()))
    if (!entry.empty() && !isIdentifier(entry))
      return op->emitError() << "'" << name << "' entry #" << index << " '"
                             << entry << "' is not a C++ identifier";
  return success();
}

LogicalResult PTODialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getCppNamesAttrName())
    return verifyCppNames(op, attr, op->getNumResults(), "results");
  if (name == getCppArgNamesAttrName()) {
    if (!isa<GraphOp, OrchestrationOp, scf::ForOp>(op))
      return op->emitError() << "'" << name
                             << "' may only be set on pto.graph, "
                                "pto.orchestration and scf.for";
    Region &body = op->getRegion(0);
    return verifyCppNames(op, attr,
                          body.empty() ? 0 : body.front().getNumArguments(),
                          "block arguments");
  }
  if (name == getCppNameAttrName()) {
    auto value = dyn_cast<StringAttr>(attr.getValue());
    if (!isa<GraphOp>(op) || !value)
      return op->emitError() << "'" << name
                             << "' must be a string on a pto.graph";
    if (!isIdentifier(value.getValue()))
      return op->emitError() << "'" << name << "' '" << value.getValue()
                             << "' is not a C++ identifier";
    return success();
  }
  // A module-level target choice: only on a builtin.module, of its type.
  auto verifyModuleChoice = [&](bool hasType,
                                StringRef typeName) -> LogicalResult {
    if (!isa<ModuleOp>(op))
      return op->emitError() << "'" << name
                             << "' may only be set on a builtin.module";
    if (!hasType)
      return op->emitError() << "'" << name << "' must be a #pto." << typeName
                             << " attribute";
    return success();
  };
  if (name == getRuntimeAttrName())
    return verifyModuleChoice(isa<RuntimeAttr>(attr.getValue()), "runtime");
  if (name == getRuntimeApiAttrName())
    return verifyModuleChoice(isa<RuntimeApiAttr>(attr.getValue()),
                              "runtime_api");
  if (name == getParallelAttrName()) {
    if (!isa<scf::ForOp>(op))
      return op->emitError() << "'" << name
                             << "' may only be set on an scf.for";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a unit attribute";
    return verifyParallelCarries(cast<scf::ForOp>(op));
  }
  if (name == getPreparedAttrName()) {
    if (!isa<ModuleOp>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name
                             << "' is a unit attribute of builtin.module";
    return success();
  }
  if (name == getPhaseFenceAttrName()) {
    if (!isa<TaskDummyOp>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name
                             << "' is a unit attribute of pto.task_dummy";
    return success();
  }
  if (name == getCarryVariablesAttrName()) {
    auto loop = dyn_cast<scf::ForOp>(op);
    auto flags = dyn_cast<DenseBoolArrayAttr>(attr.getValue());
    if (!loop || !flags)
      return op->emitError() << "'" << name
                             << "' must be a boolean array on an scf.for";
    if (flags.size() != static_cast<int64_t>(loop.getInitArgs().size()))
      return op->emitError() << "'" << name << "' has " << flags.size()
                             << " entries for " << loop.getInitArgs().size()
                             << " iteration arguments";
    return verifyVariableFlags(op, name, flags, loop.getResultTypes());
  }
  if (name == getResultVariablesAttrName()) {
    auto flags = dyn_cast<DenseBoolArrayAttr>(attr.getValue());
    if (!isa<scf::IfOp, ScopeOp>(op) || !flags)
      return op->emitError()
             << "'" << name
             << "' must be a boolean array on an scf.if or pto.scope";
    if (flags.size() != static_cast<int64_t>(op->getNumResults()))
      return op->emitError() << "'" << name << "' has " << flags.size()
                             << " entries for " << op->getNumResults()
                             << " results";
    return verifyVariableFlags(op, name, flags, op->getResultTypes());
  }
  if (name == getAlwaysSubmittedAttrName()) {
    auto barrier = dyn_cast<TaskDummyOp>(op);
    if (!barrier || !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name
                             << "' is a unit attribute of pto.task_dummy";
    for (auto [index, dep] : llvm::enumerate(barrier.getDeps()))
      if (!isAlwaysValidTaskId(dep))
        return op->emitOpError()
               << "is marked '" << name << "', but dependency #" << index
               << " may be the invalid task id (only the id of a pto.submit "
                  "or of another barrier so marked is always valid)";
    return success();
  }
  if (name == getDirectionAttrName())
    return op->emitError() << "'" << name
                           << "' is an argument attribute of kernel, graph "
                              "and orchestration functions";
  return op->emitError() << "unknown pto dialect attribute '" << name << "'";
}

/// `pto.host_control` marks a tensor parameter of a host_build_graph
/// orchestration function that stays in host memory.
static LogicalResult verifyHostControlAttr(Operation *op, unsigned argIndex,
                                           NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (!isa<OrchestrationOp>(op))
    return op->emitError() << "'" << name
                           << "' may only be set on arguments of "
                              "pto.orchestration";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << name << "' must be a unit attribute";
  auto func = cast<FunctionOpInterface>(op);
  if (argIndex < func.getNumArguments() &&
      !isa<TensorType>(func.getArgumentTypes()[argIndex]))
    return op->emitOpError() << "parameter #" << argIndex
                             << " is a scalar: only tensors can be host "
                                "control tensors";
  auto module = op->getParentOfType<ModuleOp>();
  if (module && getModuleRuntime(module) != Runtime::host_build_graph)
    return op->emitOpError()
           << "marks parameter #" << argIndex
           << " as a host control tensor, which only the host_build_graph "
              "runtime has";
  return success();
}

//===----------------------------------------------------------------------===//
// #pto.window
//===----------------------------------------------------------------------===//

/// True if `expr` is a constant plus constant multiples of symbols.
static bool isLinearInSymbols(AffineExpr expr) {
  if (isa<AffineConstantExpr, AffineSymbolExpr>(expr))
    return true;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return false;
  if (expr.getKind() == AffineExprKind::Add)
    return isLinearInSymbols(binary.getLHS()) &&
           isLinearInSymbols(binary.getRHS());
  // A product of two symbols is not affine and cannot be built; a product
  // is linear when one side is constant.
  return expr.getKind() == AffineExprKind::Mul &&
         isLinearInSymbols(binary.getLHS()) &&
         isLinearInSymbols(binary.getRHS());
}

LogicalResult WindowAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 AffineMap offsets, AffineMap sizes) {
  for (auto [what, map] : {std::pair{"offsets", offsets}, {"sizes", sizes}}) {
    if (map.getNumDims() != 0)
      return emitError() << "window " << what
                         << " take no dimensions: symbol s<k> is the "
                            "kernel's k-th scalar parameter";
    for (AffineExpr expr : map.getResults()) {
      if (isLinearInSymbols(expr))
        continue;
      std::string text;
      llvm::raw_string_ostream(text) << expr;
      return emitError() << "window " << what << " expression " << text
                           << " is not linear in the scalar parameters "
                              "(mod, floordiv and ceildiv are not allowed)";
    }
  }
  if (offsets.getNumResults() != sizes.getNumResults())
    return emitError() << "window offsets have " << offsets.getNumResults()
                       << " results but sizes " << sizes.getNumResults();
  return success();
}

/// The value of `expr` (a linear #pto.window expression) with symbol k
/// bound to `scalars[k]`; nullopt if it reads an unknown scalar or
/// overflows int64_t. Evaluated in place: no expression is built.
static std::optional<int64_t>
evaluateLinear(AffineExpr expr, ArrayRef<std::optional<int64_t>> scalars) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue();
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbol.getPosition() < scalars.size() ? scalars[symbol.getPosition()]
                                                 : std::nullopt;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary || (expr.getKind() != AffineExprKind::Add &&
                  expr.getKind() != AffineExprKind::Mul))
    return std::nullopt;
  std::optional<int64_t> lhs = evaluateLinear(binary.getLHS(), scalars);
  std::optional<int64_t> rhs = evaluateLinear(binary.getRHS(), scalars);
  if (!lhs || !rhs)
    return std::nullopt;
  return expr.getKind() == AffineExprKind::Add ? llvm::checkedAdd(*lhs, *rhs)
                                               : llvm::checkedMul(*lhs, *rhs);
}

SmallVector<std::optional<int64_t>>
evaluateWindowMap(AffineMap map, ArrayRef<std::optional<int64_t>> scalars) {
  return llvm::map_to_vector(map.getResults(), [&](AffineExpr expr) {
    return evaluateLinear(expr, scalars);
  });
}

/// `pto.window` on argument `argIndex` of `op`: a #pto.window on a tensor
/// parameter of a kernel, of the parameter's rank, whose symbols name
/// integer scalar parameters; a constant window must lie in a static shape.
static LogicalResult verifyWindowArgAttr(Operation *op, unsigned argIndex,
                                         NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto window = dyn_cast<WindowAttr>(attr.getValue());
  if (!isa<KernelOp>(op) || !window)
    return op->emitError() << "'" << name
                           << "' must be a #pto.window attribute on an "
                              "argument of pto.kernel";
  auto kernel = cast<KernelOp>(op);
  ArrayRef<Type> types = kernel.getArgumentTypes();
  if (argIndex >= types.size())
    return success();
  auto tensor = dyn_cast<TensorType>(types[argIndex]);
  if (!tensor)
    return op->emitOpError() << "parameter #" << argIndex
                             << " is a scalar: only tensor parameters have a "
                                "window";
  if (window.getRank() != tensor.getShape().size())
    return op->emitOpError() << "parameter #" << argIndex << " has rank "
                             << tensor.getShape().size()
                             << " but its window has " << window.getRank()
                             << " axes";
  unsigned numTensors = getNumTensorArgs(kernel);
  ArrayRef<Type> scalars = types.drop_front(numTensors);
  for (AffineMap map : {window.getOffsets(), window.getSizes()}) {
    if (map.getNumSymbols() > scalars.size())
      return op->emitOpError()
             << "the window of parameter #" << argIndex << " uses "
             << map.getNumSymbols() << " symbols but the kernel has "
             << scalars.size() << " scalar parameters";
    for (unsigned k = 0, e = map.getNumSymbols(); k < e; ++k)
      if (map.isFunctionOfSymbol(k) && !scalars[k].isIntOrIndex())
        return op->emitOpError()
               << "the window of parameter #" << argIndex << " uses s" << k
               << ", scalar parameter #" << numTensors + k << " of type "
               << scalars[k] << ": window symbols must be integers or index";
  }
  // The axes whose window does not depend on the scalars are checked here.
  SmallVector<std::optional<int64_t>> offsets =
      evaluateWindowMap(window.getOffsets(), {});
  SmallVector<std::optional<int64_t>> sizes =
      evaluateWindowMap(window.getSizes(), {});
  for (auto [axis, size] : llvm::enumerate(sizes))
    if (size && *size < 1)
      return op->emitOpError()
             << "the window of parameter #" << argIndex << " has size "
             << *size << " on axis " << axis << ": sizes must be positive";
  for (auto [axis, bounds] :
       llvm::enumerate(llvm::zip(offsets, sizes, tensor.getShape()))) {
    auto [offset, size, extent] = bounds;
    if (!offset || !size)
      continue;
    if (*offset < 0 ||
        (!ShapedType::isDynamic(extent) && *offset + *size > extent))
      return op->emitOpError()
             << "the window of parameter #" << argIndex << " covers ["
             << *offset << ", " << *offset + *size << ") on axis " << axis
             << ", outside its extent " << extent;
  }
  return success();
}

LogicalResult PTODialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getHostControlAttrName())
    return verifyHostControlAttr(op, argIndex, attr);
  if (name == getConfigScalarAttrName()) {
    if (!isa<GraphOp>(op))
      return op->emitError() << "'" << name
                             << "' may only be set on arguments of pto.graph";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a unit attribute";
    auto func = cast<FunctionOpInterface>(op);
    if (argIndex < func.getNumArguments() &&
        !isScalarType(func.getArgumentTypes()[argIndex]))
      return op->emitOpError() << "parameter #" << argIndex
                               << " is a tensor: only scalar parameters join "
                                  "a Graph's Config";
    return success();
  }
  if (name == getHoistedAttrName()) {
    auto hoisted = dyn_cast<HoistedAttr>(attr.getValue());
    if (!isa<GraphOp>(op) || !hoisted)
      return op->emitError() << "'" << name
                             << "' must be a #pto.hoisted attribute on an "
                                "argument of pto.graph";
    auto func = cast<FunctionOpInterface>(op);
    if (argIndex >= func.getNumArguments())
      return success();
    bool isScalar = isScalarType(func.getArgumentTypes()[argIndex]);
    if (isScalar != (hoisted.getKind() == HoistedKind::scalar))
      return op->emitOpError()
             << "parameter #" << argIndex << " is a "
             << (isScalar ? "scalar" : "tensor") << " but is marked as a hoisted "
             << stringifyHoistedKind(hoisted.getKind());
    if ((hoisted.getOf() && hoisted.getKind() != HoistedKind::view) ||
        (hoisted.getComputedBy() && hoisted.getKind() != HoistedKind::scalar))
      return op->emitOpError()
             << "parameter #" << argIndex
             << ": 'of' belongs to a hoisted view, 'computed_by' to a hoisted "
                "scalar";
    return success();
  }
  if (name == getWindowAttrName())
    return verifyWindowArgAttr(op, argIndex, attr);
  if (name == getOverwritesAttrName()) {
    if (!isa<KernelOp>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name
                             << "' is a unit attribute of an argument of "
                                "pto.kernel";
    auto kernel = cast<KernelOp>(op);
    if (argIndex < kernel.getNumArguments() &&
        (!isa<TensorType>(kernel.getArgumentTypes()[argIndex]) ||
         getArgDirection(kernel, argIndex) != Direction::inout))
      return op->emitOpError()
             << "parameter #" << argIndex
             << " is not an inout tensor: only an inout parameter can be "
                "overwritten without being read ('out' already is)";
    return success();
  }
  if (name != getDirectionAttrName())
    return op->emitError() << "unknown pto argument attribute '" << name
                           << "'";
  if (!isa<KernelOp, GraphOp, OrchestrationOp>(op))
    return op->emitError() << "'" << name
                           << "' may only be set on arguments of pto.kernel, "
                              "pto.graph and pto.orchestration";
  if (!isa<DirectionAttr>(attr.getValue()))
    return op->emitError() << "'" << name
                           << "' must be a #pto.direction attribute";
  // Only a non-`in` direction needs the parameter's type.
  if (cast<DirectionAttr>(attr.getValue()).getValue() == Direction::in)
    return success();
  auto func = cast<FunctionOpInterface>(op);
  if (argIndex < func.getNumArguments() &&
      !isa<TensorType>(func.getArgumentTypes()[argIndex]))
    return op->emitOpError() << "parameter #" << argIndex
                             << " is a scalar: scalar parameters are passed "
                                "by value and must be 'in'";
  return success();
}

LogicalResult PTODialect::verifyRegionResultAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned resultIndex,
                                                      NamedAttribute attr) {
  return op->emitError() << "unknown pto result attribute '"
                         << attr.getName().getValue()
                         << "': pto defines no result attributes";
}

llvm::BitVector getHostControlTensors(OrchestrationOp entry) {
  llvm::BitVector control(entry.getNumArguments());
  auto module = entry->getParentOfType<ModuleOp>();
  if (!module || getModuleRuntime(module) != Runtime::host_build_graph)
    return control;
  for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i)
    if (entry.getArgAttr(i, PTODialect::getHostControlAttrName()))
      control.set(i);
  return control;
}

bool isAlwaysValidTaskId(Value taskId) {
  Operation *def = taskId.getDefiningOp();
  if (isa_and_present<SubmitOp>(def))
    return true;
  return isa_and_present<TaskDummyOp>(def) &&
         def->hasAttr(PTODialect::getAlwaysSubmittedAttrName());
}

bool isAlwaysSubmitted(TaskDummyOp barrier) {
  return barrier.getDeps().empty() ||
         barrier->hasAttr(PTODialect::getAlwaysSubmittedAttrName()) ||
         llvm::any_of(barrier.getDeps(), isAlwaysValidTaskId);
}

Runtime getModuleRuntime(ModuleOp module) {
  if (auto attr = module->getAttrOfType<RuntimeAttr>(
          PTODialect::getRuntimeAttrName()))
    return attr.getValue();
  return Runtime::tensormap_and_ringbuffer;
}

RuntimeApi getModuleRuntimeApi(ModuleOp module) {
  if (auto attr = module->getAttrOfType<RuntimeApiAttr>(
          PTODialect::getRuntimeApiAttrName()))
    return attr.getValue();
  return RuntimeApi::spec;
}

FailureOr<OrchestrationOp> getOrchestrationEntry(ModuleOp module) {
  SmallVector<OrchestrationOp> entries(module.getOps<OrchestrationOp>());
  if (entries.size() != 1)
    return module.emitError()
           << "expects exactly one pto.orchestration function (the runtime "
              "entry), found "
           << entries.size();
  return entries.front();
}

} // namespace mlir::pto
