//===- PTOOps.cpp - PTO operations ----------------------------------------===//

#include "pto/Dialect/PTO/IR/PTO.h"
#include "pto/Dialect/PTO/IR/RuntimeLimits.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;

#include "pto/Dialect/PTO/IR/PTOInterfaces.cpp.inc"

namespace mlir::pto {

//===----------------------------------------------------------------------===//
// Function helpers
//===----------------------------------------------------------------------===//

Direction getArgDirection(FunctionOpInterface func,
                                     unsigned index) {
  if (auto attr = func.getArgAttrOfType<DirectionAttr>(
          index, PTODialect::getDirectionAttrName()))
    return attr.getValue();
  return Direction::in;
}

SmallVector<Direction, 8> getArgDirections(KernelOp kernel) {
  SmallVector<Direction, 8> directions(kernel.getFunctionType().getNumInputs(),
                                       Direction::in);
  // By name, not a uniqued StringAttr: no context lock per call.
  if (ArrayAttr argAttrs = kernel.getArgAttrsAttr())
    for (auto [direction, attrs] : llvm::zip(directions, argAttrs))
      if (auto dict = dyn_cast_or_null<DictionaryAttr>(attrs))
        if (auto attr = dict.getAs<DirectionAttr>(
                PTODialect::getDirectionAttrName()))
          direction = attr.getValue();
  return directions;
}

WindowAttr getArgWindow(KernelOp kernel, unsigned index) {
  return kernel.getArgAttrOfType<WindowAttr>(index,
                                             PTODialect::getWindowAttrName());
}

void setArgDirection(FunctionOpInterface func, unsigned index,
                                Direction direction) {
  func.setArgAttr(index, PTODialect::getDirectionAttrName(),
                  DirectionAttr::get(func.getContext(), direction));
}

bool isWritableTensorArg(FunctionOpInterface func, unsigned index) {
  return isa<TensorType>(func.getArgumentTypes()[index]) &&
         getArgDirection(func, index) != Direction::in;
}

SmallVector<unsigned>
getWritableTensorArgIndices(FunctionOpInterface func) {
  SmallVector<unsigned> indices;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    if (isWritableTensorArg(func, i))
      indices.push_back(i);
  return indices;
}

unsigned getNumTensorArgs(FunctionOpInterface func) {
  return llvm::count_if(func.getArgumentTypes(), llvm::IsaPred<TensorType>);
}

static ParseResult parseFunctionLike(OpAsmParser &parser,
                                     OperationState &result,
                                     StringAttr typeAttrName,
                                     StringAttr argAttrsName,
                                     StringAttr resAttrsName) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false, typeAttrName, buildFuncType,
      argAttrsName, resAttrsName);
}

static void printFunctionLike(OpAsmPrinter &p, FunctionOpInterface op,
                              ArrayRef<StringRef> extraElidedAttrs = {}) {
  p << ' ';
  if (auto visibility = op->getAttrOfType<StringAttr>(
          SymbolTable::getVisibilityAttrName()))
    p << visibility.getValue() << ' ';
  p.printSymbolName(op.getName());
  function_interface_impl::printFunctionSignature(
      p, op, op.getArgumentTypes(), /*isVariadic=*/false,
      op.getResultTypes());
  SmallVector<StringRef> elided = {
      SymbolTable::getVisibilityAttrName(), SymbolTable::getSymbolAttrName(),
      "function_type", "arg_attrs", "res_attrs"};
  llvm::append_range(elided, extraElidedAttrs);
  function_interface_impl::printFunctionAttributes(p, op, elided);
  Region &body = op.getFunctionBody();
  if (!body.empty()) {
    p << ' ';
    p.printRegion(body, /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/true);
  }
}

/// Checks what every pto function shares: parameter and result types,
/// tensors before scalars (for functions whose parameters become task
/// arguments), and a body where one is required.
static LogicalResult verifyFunctionLike(FunctionOpInterface func,
                                        bool tensorsBeforeScalars,
                                        bool requiresBody) {
  std::optional<unsigned> firstScalar;
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    if (!isValidParameterType(type))
      return func.emitOpError()
             << "parameter #" << index << " has type " << type
             << ": expected a !pto.tensor, index, or a signless integer or "
                "float of at most 64 bits";
    if (isScalarType(type)) {
      if (!firstScalar)
        firstScalar = index;
    } else if (firstScalar && tensorsBeforeScalars) {
      return func.emitOpError()
             << "tensor parameter #" << index << " follows scalar parameter #"
             << *firstScalar
             << ": every tensor parameter must precede every scalar one";
    }
  }
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (!isValidParameterType(type))
      return func.emitOpError()
             << "result #" << index << " has type " << type
             << ": expected a !pto.tensor, index, or a signless integer or "
                "float of at most 64 bits";
  if (requiresBody && func.isExternal())
    return func.emitOpError() << "requires a body";
  return success();
}

/// "1 tensor", "2 tensors".
static std::string plural(int64_t count, StringRef noun,
                          StringRef pluralNoun = {}) {
  std::string text = std::to_string(count) + " ";
  if (count == 1)
    return text + noun.str();
  return text + (pluralNoun.empty() ? noun.str() + "s" : pluralNoun.str());
}

InFlightDiagnostic emitOpErrorAt(Operation *op) {
  return mlir::emitError(op->getLoc())
         << "'" << op->getName() << "' op ";
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<CoreType> coreType = symbolizeCoreType(keyword);
  if (!coreType)
    return parser.emitError(loc)
           << "expected a kernel core type (aic, aiv or mixed), got '"
           << keyword << "'";
  result.addAttribute(getCoreTypeAttrName(result.name),
                      CoreTypeAttr::get(parser.getContext(), *coreType));
  // A mixed kernel's lanes: `mixed(@aic, @aiv0[, @aiv1])`.
  if (succeeded(parser.parseOptionalLParen())) {
    SmallVector<Attribute> lanes;
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          FlatSymbolRefAttr lane;
          if (parser.parseAttribute(lane))
            return failure();
          lanes.push_back(lane);
          return success();
        }) ||
        parser.parseRParen())
      return failure();
    result.addAttribute(getLanesAttrName(result.name),
                        parser.getBuilder().getArrayAttr(lanes));
  }
  return parseFunctionLike(parser, result, getFunctionTypeAttrName(result.name),
                           getArgAttrsAttrName(result.name),
                           getResAttrsAttrName(result.name));
}

void KernelOp::print(OpAsmPrinter &p) {
  p << ' ' << stringifyCoreType(getCoreType());
  if (ArrayAttr lanes = getLanesAttr()) {
    p << '(';
    llvm::interleaveComma(lanes, p, [&](Attribute lane) { p << lane; });
    p << ')';
  }
  printFunctionLike(p, *this,
                    {getCoreTypeAttrName().getValue(), getLanesAttrName().getValue()});
}

LogicalResult KernelOp::verify() {
  if (failed(verifyFunctionLike(*this, /*tensorsBeforeScalars=*/true,
                                /*requiresBody=*/false)))
    return failure();
  for (auto [index, type] : llvm::enumerate(getResultTypes()))
    if (!isa<TensorType>(type))
      return emitOpError() << "result #" << index << " has type " << type
                           << ": a kernel returns only tensors (its own "
                              "out/inout parameters)";
  bool isMixed = getCoreType() == CoreType::mixed;
  ArrayAttr lanes = getLanesAttr();
  if (isMixed && !lanes)
    return emitOpError()
           << "is mixed but names no lanes: a mixed kernel runs an AIC "
              "kernel and one or two AIV kernels, written `pto.kernel "
              "mixed(@aic_kernel, @aiv_kernel) @"
           << getName() << "(...)`";
  if (!isMixed && lanes)
    return emitOpError() << "names lanes, but only a mixed kernel has them "
                            "(this one is "
                         << stringifyCoreType(getCoreType()) << ")";
  if (lanes && (lanes.size() < 2 || lanes.size() > 3))
    return emitOpError() << "names " << plural(lanes.size(), "lane")
                         << ": a mixed kernel has an AIC lane and one or two "
                            "AIV lanes";
  return success();
}

LogicalResult KernelOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  ArrayAttr lanes = getLanesAttr();
  if (!lanes)
    return success();
  for (auto [index, attr] : llvm::enumerate(lanes)) {
    auto symbol = cast<FlatSymbolRefAttr>(attr);
    CoreType expected = index == 0 ? CoreType::aic : CoreType::aiv;
    StringRef role = index == 0 ? "AIC lane" : "AIV lane";
    auto lane = symbolTable.lookupNearestSymbolFrom<KernelOp>(*this, symbol);
    if (!lane)
      return emitOpError() << role << " " << symbol
                           << " does not reference a pto.kernel";
    if (lane.getCoreType() != expected)
      return emitOpError() << role << " " << symbol << " is an "
                           << stringifyCoreType(lane.getCoreType())
                           << " kernel, expected an "
                           << stringifyCoreType(expected) << " one";
    bool sameSignature = lane.getFunctionType() == getFunctionType();
    for (unsigned i = 0, e = getNumArguments(); sameSignature && i < e; ++i)
      sameSignature = getArgDirection(lane, i) == getArgDirection(*this, i);
    if (!sameSignature)
      return emitOpError() << role << " " << symbol
                           << " has a signature other than @" << getName()
                           << "'s: the task passes the same arguments to "
                              "every lane";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GraphOp
//===----------------------------------------------------------------------===//

ParseResult GraphOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFunctionLike(parser, result, getFunctionTypeAttrName(result.name),
                           getArgAttrsAttrName(result.name),
                           getResAttrsAttrName(result.name));
}

void GraphOp::print(OpAsmPrinter &p) { printFunctionLike(p, *this); }

LogicalResult GraphOp::verify() {
  if (failed(verifyFunctionLike(*this, /*tensorsBeforeScalars=*/true,
                                /*requiresBody=*/true)))
    return failure();
  // Only host_build_graph records and replays Graphs.
  if (auto module = (*this)->getParentOfType<ModuleOp>()) {
    Runtime runtime = getModuleRuntime(module);
    if (runtime != Runtime::host_build_graph)
      return emitOpErrorAt(*this)
             << "needs the host_build_graph runtime, but the module targets "
             << stringifyRuntime(runtime)
             << ": Graph launches (GraphTaskArgs, rt_submit_graph) exist only "
                "in host_build_graph; set pto.runtime = "
                "#pto.runtime<host_build_graph> on the module";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// OrchestrationOp
//===----------------------------------------------------------------------===//

ParseResult OrchestrationOp::parse(OpAsmParser &parser,
                                   OperationState &result) {
  return parseFunctionLike(parser, result, getFunctionTypeAttrName(result.name),
                           getArgAttrsAttrName(result.name),
                           getResAttrsAttrName(result.name));
}

void OrchestrationOp::print(OpAsmPrinter &p) { printFunctionLike(p, *this); }

LogicalResult OrchestrationOp::verify() {
  if (failed(verifyFunctionLike(*this, /*tensorsBeforeScalars=*/false,
                                /*requiresBody=*/true)))
    return failure();
  if (getNumResults() != 0)
    return emitOpError() << "has results: the orchestration entry returns "
                            "nothing (its outputs are out/inout parameters)";
  // The host passes entry scalars as 64-bit slots decoded to a C++ type;
  // there is none for a 16-bit float.
  for (auto [index, type] : llvm::enumerate(getArgumentTypes()))
    if (isa<Float16Type, BFloat16Type>(type))
      return emitOpError() << "parameter #" << index << " has type " << type
                           << ": an entry scalar is an integer, index, f32 "
                              "or f64 (the runtime decodes its 64-bit slot to "
                              "a C++ type; there is none for " << type << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto func = cast<FunctionOpInterface>((*this)->getParentOp());
  ArrayRef<Type> results = func.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError() << "returns " << plural(getNumOperands(), "value")
                         << ", but the enclosing function has "
                         << plural(results.size(), "result");
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(getOperandTypes(), results)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError() << "operand #" << index << " has type "
                           << std::get<0>(pair)
                           << ", but the enclosing function returns "
                           << std::get<1>(pair);
  return success();
}

//===----------------------------------------------------------------------===//
// Launch helpers
//===----------------------------------------------------------------------===//

/// A task launch or Graph call may only appear in a Graph or orchestration
/// body: kernels run on the device and launch nothing.
static LogicalResult verifyLaunchContext(Operation *op) {
  // The enclosing Graph or orchestration, found by op type before any
  // interface query: this runs for every launch.
  Operation *func = op->getParentOp();
  while (func && !isa<GraphOp, OrchestrationOp>(func) &&
         !isa<FunctionOpInterface>(func))
    func = func->getParentOp();
  if (!isa_and_nonnull<GraphOp, OrchestrationOp>(func))
    return op->emitOpError()
           << "may only appear in a pto.graph or pto.orchestration body";
  return success();
}

/// Returns the number of leading tensor operands of `args` after checking
/// that every tensor precedes every scalar.
static FailureOr<unsigned> verifyTensorsBeforeScalars(Operation *op,
                                                      ValueRange args) {
  std::optional<unsigned> firstScalar;
  for (auto [index, value] : llvm::enumerate(args)) {
    if (!isa<TensorType, CreateInfoType>(value.getType())) {
      if (!firstScalar)
        firstScalar = index;
    } else if (firstScalar) {
      return op->emitOpError()
             << "tensor operand #" << index << " follows scalar operand #"
             << *firstScalar
             << ": every tensor argument must precede every scalar one";
    }
  }
  return firstScalar ? *firstScalar : args.size();
}

static LogicalResult verifyArgumentType(Operation *op, unsigned index,
                                        Type actual, Type expected,
                                        StringRef callee) {
  auto expectedTensor = dyn_cast<TensorType>(expected);
  auto actualTensor = dyn_cast<TensorType>(actual);
  bool ok = expectedTensor && actualTensor
                ? isCompatibleTensorType(expectedTensor, actualTensor)
                : actual == expected;
  if (!ok)
    return op->emitOpError() << "operand #" << index << " has type " << actual
                             << ", but @" << callee << " declares parameter #"
                             << index << " as " << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// SubmitOp
//===----------------------------------------------------------------------===//

unsigned SubmitOp::getNumTensorArgs() {
  return llvm::count_if(getArgs().getTypes(),
                        llvm::IsaPred<TensorType, CreateInfoType>);
}

bool SubmitOp::isRuntimeAllocated(unsigned index) {
  return index >= getNumTensorArgs() ||
         isa<CreateInfoType>(getArgs()[index].getType());
}

LogicalResult SubmitOp::verify() {
  if (failed(verifyLaunchContext(*this)) ||
      failed(verifyTensorsBeforeScalars(*this, getArgs())))
    return failure();
  std::optional<int64_t> blocks;
  if (Value coreNum = getCoreNum())
    blocks = getConstantIntValue(coreNum);
  if (blocks && *blocks < 1)
    return emitOpError() << "has core_num " << *blocks
                         << ": a launch runs at least one block";
  if (getRequireSyncStart() && (!getCoreNum() || (blocks && *blocks == 1)))
    return emitOpError()
           << "requires a synchronized start of a single block: "
              "require_sync_start needs a core_num of more than 1, the only "
              "launches the runtime starts together";
  return success();
}

LogicalResult SubmitOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *target =
      symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  auto kernel = dyn_cast_or_null<KernelOp>(target);
  if (!kernel) {
    if (isa_and_nonnull<GraphOp>(target))
      return emitOpError() << "'@" << getCallee()
                           << "' is a pto.graph: call Graphs with pto.call";
    return emitOpError() << "'@" << getCallee()
                         << "' does not reference a pto.kernel";
  }
  ArrayRef<Type> params = kernel.getFunctionType().getInputs();
  // Read once: this runs for every launch.
  SmallVector<Direction, 8> directions = getArgDirections(kernel);
  unsigned numTensorParams = llvm::count_if(params, llvm::IsaPred<TensorType>);
  unsigned numScalarParams = params.size() - numTensorParams;
  unsigned numTensorArgs = getNumTensorArgs();
  unsigned numScalarArgs = getArgs().size() - numTensorArgs;

  if (numTensorArgs > numTensorParams)
    return emitOpError() << "passes " << plural(numTensorArgs, "tensor")
                         << ", but @" << getCallee() << " has "
                         << plural(numTensorParams, "tensor parameter");
  if (numScalarArgs != numScalarParams)
    return emitOpError() << "passes " << plural(numScalarArgs, "scalar")
                         << ", but @" << getCallee() << " has "
                         << plural(numScalarParams, "scalar parameter");
  for (unsigned i = numTensorArgs; i < numTensorParams; ++i) {
    if (directions[i] != Direction::out)
      return emitOpError()
             << "omits tensor parameter #" << i << " of @" << getCallee()
             << ", which is '" << stringifyDirection(directions[i])
             << "': only a tail of 'out' parameters may be left for the "
                "runtime to allocate";
    if (!cast<TensorType>(params[i]).hasStaticShape())
      return emitOpError()
             << "omits tensor parameter #" << i << " of @" << getCallee()
             << ", whose type " << params[i]
             << " has a dynamic extent: the runtime cannot size the buffer "
                "it would allocate (describe it with pto.create_info)";
  }

  for (unsigned i = 0; i < numTensorArgs; ++i) {
    auto info = dyn_cast<CreateInfoType>(getArgs()[i].getType());
    if (!info) {
      if (failed(verifyArgumentType(*this, i, getArgs()[i].getType(),
                                    params[i], getCallee())))
        return failure();
      continue;
    }
    if (directions[i] != Direction::out)
      return emitOpError() << "passes a create info for tensor parameter #"
                           << i << " of @" << getCallee() << ", which is '"
                           << stringifyDirection(directions[i])
                           << "': the runtime allocates only 'out' buffers";
    // The described buffer must be one the parameter accepts.
    if (!isCompatibleTensorType(cast<TensorType>(params[i]), info.getTensor()))
      return emitOpError() << "operand #" << i << " describes "
                           << info.getTensor() << ", but @" << getCallee()
                           << " declares parameter #" << i << " as "
                           << params[i];
  }
  for (unsigned i = 0; i < numScalarArgs; ++i)
    if (failed(verifyArgumentType(*this, numTensorArgs + i,
                                  getArgs()[numTensorArgs + i].getType(),
                                  params[numTensorParams + i], getCallee())))
      return failure();

  if (Value coreNum = getCoreNum()) {
    unsigned lanes =
        kernel.getCoreType() == CoreType::mixed ? kernel.getLanesAttr().size()
                                                : 1;
    std::optional<int64_t> blocks = getConstantIntValue(coreNum);
    // The product itself may overflow int64_t: compare by division.
    if (blocks && *blocks > kMaxBlockSubtasks / static_cast<int64_t>(lanes))
      return emitOpError() << "has core_num " << *blocks << " of @"
                           << getCallee() << ", which runs "
                           << plural(lanes, "lane") << " a block: "
                           << llvm::toString(
                                  APInt(128, *blocks, /*isSigned=*/true) * lanes,
                                  /*Radix=*/10, /*Signed=*/true)
                           << " subtasks, more than the " << kMaxBlockSubtasks
                           << " the runtime can expand";
  }

  SmallVector<unsigned, 8> writable;
  for (unsigned i = 0, e = params.size(); i < e; ++i)
    if (isa<TensorType>(params[i]) && directions[i] != Direction::in)
      writable.push_back(i);
  if (getOuts().size() != writable.size())
    return emitOpError() << "has " << plural(getOuts().size(), "tensor result")
                         << ", but @" << getCallee() << " has "
                         << plural(writable.size(), "out/inout tensor parameter")
                         << " (one result each)";
  for (auto [resultIndex, paramIndex] : llvm::enumerate(writable)) {
    Type expected = paramIndex < numTensorArgs
                        ? getArgs()[paramIndex].getType()
                        : params[paramIndex];
    if (auto info = dyn_cast<CreateInfoType>(expected))
      expected = info.getTensor();
    if (getOuts()[resultIndex].getType() == expected)
      continue;
    if (!isRuntimeAllocated(paramIndex))
      return emitOpError() << "result #" << resultIndex << " has type "
                           << getOuts()[resultIndex].getType()
                           << ", but it rebinds operand #" << paramIndex
                           << " of type " << expected;
    if (paramIndex < numTensorArgs)
      return emitOpError() << "result #" << resultIndex << " has type "
                           << getOuts()[resultIndex].getType()
                           << ", but operand #" << paramIndex
                           << " describes " << expected;
    return emitOpError() << "result #" << resultIndex << " has type "
                         << getOuts()[resultIndex].getType()
                         << ", but the runtime allocates it for parameter #"
                         << paramIndex << " of type " << expected;
  }
  return success();
}

std::optional<unsigned> SubmitOp::getTiedResultOperandIndex(unsigned index) {
  if (index >= getOuts().size())
    return std::nullopt;
  auto kernel =
      SymbolTable::lookupNearestSymbolFrom<KernelOp>(*this, getCalleeAttr());
  if (!kernel)
    return std::nullopt;
  SmallVector<unsigned> writable = getWritableTensorArgIndices(kernel);
  if (index >= writable.size() || isRuntimeAllocated(writable[index]))
    return std::nullopt;
  // `args` is the first operand segment, so its indices are operand indices.
  return writable[index];
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

LogicalResult CallOp::verify() {
  if (failed(verifyLaunchContext(*this)) ||
      failed(verifyTensorsBeforeScalars(*this, getArgs())))
    return failure();
  // Never legal, whatever the passes do: rejected here, once.
  if (auto graph = (*this)->getParentOfType<GraphOp>())
    return emitOpError() << "calls Graph @" << getCallee() << " from Graph @"
                         << graph.getName()
                         << ": the runtime cannot record a Graph while "
                            "recording another";
  if (!getDeps().empty())
    return emitOpError() << "passes explicit dependencies to Graph @"
                         << getCallee()
                         << ": the runtime rejects explicit dependencies "
                            "across a Graph boundary (seed one through a "
                            "boundary tensor's owner with pto.set_owner)";
  if (getPredicate())
    return emitOpError() << "passes a dispatch predicate to Graph @"
                         << getCallee()
                         << ": the runtime ignores a predicate on a Graph "
                            "launch, so the Graph would run unconditionally";
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *target =
      symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  auto graph = dyn_cast_or_null<GraphOp>(target);
  if (!graph) {
    if (isa_and_nonnull<KernelOp>(target))
      return emitOpError() << "'@" << getCallee()
                           << "' is a pto.kernel: launch kernels with "
                              "pto.submit";
    return emitOpError() << "'@" << getCallee()
                         << "' does not reference a pto.graph";
  }
  ArrayRef<Type> params = graph.getArgumentTypes();
  if (getArgs().size() != params.size())
    return emitOpError() << "passes " << plural(getArgs().size(), "argument")
                         << ", but @" << getCallee() << " has "
                         << plural(params.size(), "parameter")
                         << ": a Graph call supplies every "
                            "parameter (a Graph has no runtime-allocated "
                            "outputs)";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(getArgs().getTypes(), params)))
    if (failed(verifyArgumentType(*this, index, std::get<0>(pair),
                                  std::get<1>(pair), getCallee())))
      return failure();
  ArrayRef<Type> results = graph.getResultTypes();
  if (getNumResults() != results.size())
    return emitOpError() << "has " << plural(getNumResults(), "result")
                         << ", but @" << getCallee() << " returns "
                         << plural(results.size(), "value");
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(getResultTypes(), results)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError() << "result #" << index << " has type "
                           << std::get<0>(pair) << ", but @" << getCallee()
                           << " returns " << std::get<1>(pair);
  return success();
}

std::optional<unsigned> getReturnedTensorArg(GraphOp graph,
                                             unsigned position) {
  if (graph.isExternal())
    return std::nullopt;
  Block &entry = graph.getBody().front();
  auto ret = dyn_cast<ReturnOp>(entry.getTerminator());
  if (!ret || position >= ret.getNumOperands())
    return std::nullopt;
  auto arg = dyn_cast<BlockArgument>(ret.getOperand(position));
  if (!arg || arg.getOwner() != &entry || !isa<TensorType>(arg.getType()))
    return std::nullopt;
  return arg.getArgNumber();
}

std::optional<unsigned> CallOp::getTiedResultOperandIndex(unsigned index) {
  auto graph =
      SymbolTable::lookupNearestSymbolFrom<GraphOp>(*this, getCalleeAttr());
  if (!graph || index >= getNumResults())
    return std::nullopt;
  return getReturnedTensorArg(graph, index);
}

//===----------------------------------------------------------------------===//
// TaskDummyOp
//===----------------------------------------------------------------------===//

LogicalResult TaskDummyOp::verify() { return verifyLaunchContext(*this); }

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

void SliceOp::build(OpBuilder &builder, OperationState &result,
                    Type resultType, Value source,
                    ArrayRef<OpFoldResult> offsets,
                    ArrayRef<OpFoldResult> sizes) {
  SmallVector<int64_t> staticOffsets, staticSizes;
  SmallVector<Value> dynamicOffsets, dynamicSizes;
  dispatchIndexOpFoldResults(offsets, dynamicOffsets, staticOffsets);
  dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
  build(builder, result, resultType, source, dynamicOffsets, dynamicSizes,
        builder.getDenseI64ArrayAttr(staticOffsets),
        builder.getDenseI64ArrayAttr(staticSizes));
}

SmallVector<OpFoldResult> SliceOp::getMixedOffsets() {
  return getMixedValues(getStaticOffsets(), getOffsets(), getContext());
}

SmallVector<OpFoldResult> SliceOp::getMixedSizes() {
  return getMixedValues(getStaticSizes(), getSizes(), getContext());
}

Value SliceOp::getViewSource() { return getSource(); }

OpFoldResult SliceOp::fold(FoldAdaptor) {
  auto sourceType = cast<TensorType>(getSource().getType());
  if (getType() != sourceType)
    return {};
  for (auto [offset, size, extent] : llvm::zip_equal(
           getMixedOffsets(), getMixedSizes(), sourceType.getShape()))
    if (!isZeroInteger(offset) || ShapedType::isDynamic(extent) ||
        !isConstantIntValue(size, extent))
      return {};
  return getSource();
}

LogicalResult SliceOp::verify() {
  auto sourceType = cast<TensorType>(getSource().getType());
  auto resultType = cast<TensorType>(getResult().getType());
  int64_t rank = sourceType.getRank();
  if (static_cast<int64_t>(getStaticOffsets().size()) != rank ||
      static_cast<int64_t>(getStaticSizes().size()) != rank)
    return emitOpError() << "expects one offset and one size per source axis ("
                         << rank << "), got " << getStaticOffsets().size()
                         << " offsets and " << getStaticSizes().size()
                         << " sizes";
  if (failed(verifyListOfOperandsOrIntegers(*this, "offset", rank,
                                            getStaticOffsets(), getOffsets())) ||
      failed(verifyListOfOperandsOrIntegers(*this, "size", rank,
                                            getStaticSizes(), getSizes())))
    return failure();

  for (int64_t axis = 0; axis < rank; ++axis) {
    int64_t offset = getStaticOffsets()[axis];
    int64_t size = getStaticSizes()[axis];
    if (!ShapedType::isDynamic(offset) && offset < 0)
      return emitOpError() << "offset " << offset << " on axis " << axis
                           << " is negative";
    if (!ShapedType::isDynamic(size) && size <= 0)
      return emitOpError() << "size " << size << " on axis " << axis
                           << " must be positive";
    int64_t extent = sourceType.getDimSize(axis);
    if (ShapedType::isDynamic(extent))
      continue;
    if (!ShapedType::isDynamic(size) && size > extent)
      return emitOpError() << "size " << size << " on axis " << axis
                           << " exceeds the source extent " << extent;
    if (!ShapedType::isDynamic(offset) && offset > extent - (ShapedType::isDynamic(size) ? 1 : size))
      return emitOpError() << "window at offset " << offset << " on axis "
                           << axis << " exceeds the source extent " << extent;
  }
  auto expected = TensorType::get(getContext(), getStaticSizes(),
                                  sourceType.getElementType(),
                                  sourceType.getLayout());
  if (resultType != expected)
    return emitOpError() << "result type " << resultType
                         << " does not match the window: expected "
                         << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// CreateOp / FullOp
//===----------------------------------------------------------------------===//

static LogicalResult verifyDynamicSizes(Operation *op, TensorType type,
                                        ValueRange dynamicSizes) {
  if (static_cast<int64_t>(dynamicSizes.size()) != type.getNumDynamicDims())
    return op->emitOpError()
           << "expects "
           << plural(type.getNumDynamicDims(), "dynamic size operand")
           << " (one per '?' extent of " << type
           << "), got " << dynamicSizes.size();
  for (auto [index, size] : llvm::enumerate(dynamicSizes)) {
    APInt value;
    if (matchPattern(size, m_ConstantInt(&value)) && value.isNegative())
      return op->emitOpError() << "dynamic size #" << index << " is the constant "
                               << value.getSExtValue()
                               << ": an extent cannot be negative";
  }
  return success();
}

LogicalResult CreateOp::verify() {
  return verifyDynamicSizes(*this, getResult().getType(), getDynamicSizes());
}

LogicalResult CreateInfoOp::verify() {
  TensorType tensor = getResult().getType().getTensor();
  if (failed(verifyDynamicSizes(*this, tensor, getDynamicSizes())))
    return failure();
  // A TensorCreateInfo is a C++ object the launch reads where it is
  // declared: it is not carried by loops or returned from regions.
  for (OpOperand &use : getResult().getUses()) {
    auto submit = dyn_cast<SubmitOp>(use.getOwner());
    if (!submit || use.getOperandNumber() >= submit.getArgs().size()) {
      InFlightDiagnostic diag =
          emitOpError() << "is used by '" << use.getOwner()->getName()
                        << "': a create info is an argument of pto.submit "
                           "only (describe the buffer in the region of the "
                           "launches that use it)";
      diag.attachNote(use.getOwner()->getLoc()) << "used here";
      return diag;
    }
  }
  if (!tensor.hasStaticShape())
    if (auto graph = (*this)->getParentOfType<GraphOp>())
      return emitOpError()
             << "describes " << tensor << " in Graph @" << graph.getName()
             << ": the runtime records a task's create info and replays it "
                "as recorded, so a create info in a Graph has no run-time "
                "extents (describe it in the caller and pass the buffer)";
  return success();
}

LogicalResult FullOp::verify() {
  return verifyDynamicSizes(*this, getResult().getType(), getDynamicSizes());
}

LogicalResult verifyRuntimeAllocatable(Operation *op, TensorType type) {
  return verifyRuntimeAllocatable([op] { return op->emitOpError(); }, type,
                                  "allocates");
}

LogicalResult AllocTensorsOp::verify() {
  unsigned count = getNumResults();
  if (count < 1 || count > kAllocTensorsArgs)
    return emitOpError() << "allocates " << count
                         << " tensors: one alloc_tensors call creates 1 to "
                         << kAllocTensorsArgs;
  if (std::optional<ArrayAttr> names = getNames(); names && names->size() != count)
    return emitOpError() << "has " << plural(names->size(), "name") << " for "
                         << plural(count, "result");
  int64_t dynamic = 0;
  for (Type type : getResultTypes()) {
    auto tensor = cast<TensorType>(type);
    if (failed(verifyRuntimeAllocatable(*this, tensor)))
      return failure();
    dynamic += tensor.getNumDynamicDims();
  }
  if (static_cast<int64_t>(getDynamicSizes().size()) != dynamic)
    return emitOpError() << "expects "
                         << plural(dynamic, "dynamic size operand")
                         << " (one per '?' extent of the results), got "
                         << getDynamicSizes().size();
  for (unsigned i = 0; i < count; ++i)
    if (failed(verifyDynamicSizes(*this, cast<TensorType>(getResult(i).getType()),
                                  getDynamicSizesOf(i))))
      return failure();
  return success();
}

std::optional<StringRef> AllocTensorsOp::getResultName(unsigned index) {
  std::optional<ArrayAttr> names = getNames();
  if (!names || index >= names->size())
    return std::nullopt;
  StringRef name = cast<StringAttr>((*names)[index]).getValue();
  if (name.empty())
    return std::nullopt;
  return name;
}

void AllocTensorsOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (!getNames())
    return;
  // Every result gets a name: an unnamed one would join the previous
  // result's group (`%a:2`).
  for (OpResult result : getResults())
    setNameFn(result, getResultName(result.getResultNumber()).value_or("tmp"));
}

OperandRange AllocTensorsOp::getDynamicSizesOf(unsigned index) {
  unsigned begin = 0;
  for (unsigned i = 0; i < index; ++i)
    begin += cast<TensorType>(getResult(i).getType()).getNumDynamicDims();
  unsigned size =
      cast<TensorType>(getResult(index).getType()).getNumDynamicDims();
  return getDynamicSizes().slice(begin, size);
}

//===----------------------------------------------------------------------===//
// DimOp
//===----------------------------------------------------------------------===//

LogicalResult DimOp::verify() {
  int64_t rank = getSource().getType().getRank();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= rank)
    return emitOpError() << "axis " << axis
                         << " is out of range for a tensor of rank " << rank;
  return success();
}

OpFoldResult DimOp::fold(FoldAdaptor) {
  TensorType type = getSource().getType();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= type.getRank())
    return {};
  if (!type.isDynamicDim(axis))
    return IntegerAttr::get(IndexType::get(getContext()),
                            type.getDimSize(axis));
  // A dynamic extent of an allocation is the size it was made with.
  unsigned dynamicIndex = type.getDynamicDimIndex(axis);
  if (auto create = getSource().getDefiningOp<CreateOp>())
    return create.getDynamicSizes()[dynamicIndex];
  if (auto alloc = getSource().getDefiningOp<AllocTensorsOp>())
    return alloc.getDynamicSizesOf(cast<OpResult>(getSource())
                                       .getResultNumber())[dynamicIndex];
  return {};
}

void DimOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                              SetIntRangeFn setResultRange) {
  unsigned width = IndexType::kInternalStorageBitWidth;
  TensorType type = getSource().getType();
  int64_t axis = getAxisAttr().getInt();
  if (axis >= 0 && axis < type.getRank() && !type.isDynamicDim(axis)) {
    setResultRange(getResult(), ConstantIntRanges::constant(
                                    APInt(width, type.getDimSize(axis))));
    return;
  }
  // The runtime's tensor descriptor holds each extent in a uint32_t.
  setResultRange(getResult(),
                 ConstantIntRanges::fromUnsigned(
                     APInt::getZero(width),
                     APInt(width, std::numeric_limits<uint32_t>::max())));
}

//===----------------------------------------------------------------------===//
// ReadOp / WriteOp
//===----------------------------------------------------------------------===//

static LogicalResult verifyElementIndices(Operation *op, TensorType type,
                                          ArrayRef<int64_t> staticIndices,
                                          ValueRange indices) {
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(staticIndices.size()) != rank)
    return op->emitOpError() << "expects " << plural(rank, "index", "indices")
                             << " (one per axis), got "
                             << staticIndices.size();
  if (failed(verifyListOfOperandsOrIntegers(op, "index", rank, staticIndices,
                                            indices)))
    return failure();
  for (auto [axis, index] : llvm::enumerate(staticIndices)) {
    if (ShapedType::isDynamic(index))
      continue;
    int64_t extent = type.getDimSize(axis);
    if (index < 0 || (!ShapedType::isDynamic(extent) && index >= extent))
      return op->emitOpError() << "index " << index << " on axis " << axis
                               << " is out of bounds for " << type;
  }
  return success();
}

LogicalResult ReadOp::verify() {
  return verifyElementIndices(*this, getSource().getType(), getStaticIndices(),
                              getIndices());
}

LogicalResult WriteOp::verify() {
  // Replay does not re-run the body: never legal in a Graph.
  if (auto graph = (*this)->getParentOfType<GraphOp>())
    return emitOpError() << "writes a host tensor in Graph @"
                         << graph.getName()
                         << ": replay does not re-run the body, so the write "
                            "would happen on the first call only";
  return verifyElementIndices(*this, getDest().getType(), getStaticIndices(),
                              getIndices());
}

//===----------------------------------------------------------------------===//
// TransposeOp
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  TransposeOp::Adaptor adaptor(operands, attributes, properties, regions);
  auto sourceType = dyn_cast<TensorType>(adaptor.getSource().getType());
  if (!sourceType)
    return emitOptionalError(location, "expects a !pto.tensor source");
  int64_t rank = sourceType.getRank();
  int64_t axis0 = adaptor.getAxis0Attr().getInt();
  int64_t axis1 = adaptor.getAxis1Attr().getInt();
  for (int64_t axis : {axis0, axis1})
    if (axis < 0 || axis >= rank)
      return emitOptionalError(location, "'pto.transpose' op axis ", axis,
                               " is out of range for a tensor of rank ", rank);
  if (axis0 == axis1)
    return emitOptionalError(location,
                             "'pto.transpose' op swaps axis ", axis0,
                             " with itself");
  SmallVector<int64_t> shape(sourceType.getShape());
  std::swap(shape[axis0], shape[axis1]);
  inferredReturnTypes.push_back(TensorType::get(
      context, shape, sourceType.getElementType(), sourceType.getLayout()));
  return success();
}

Value ReshapeOp::getViewSource() { return getSource(); }

/// The product of the static extents of `type`; nullopt past 64 bits.
static std::optional<uint64_t> getStaticElementCount(TensorType type) {
  std::optional<uint64_t> count = 1;
  for (int64_t extent : type.getShape())
    if (count && !ShapedType::isDynamic(extent))
      count = llvm::checkedMulUnsigned(*count, static_cast<uint64_t>(extent));
  return count;
}

LogicalResult ReshapeOp::verify() {
  TensorType source = getSource().getType(), result = getResult().getType();
  if (failed(verifyDynamicSizes(*this, result, getSizes())))
    return failure();
  if (source.getLayout() != Layout::nd || result.getLayout() != Layout::nd)
    return emitOpError() << "reshapes " << source << " to " << result
                         << ": both must be row-major (nd)";
  if (source.getElementType() != result.getElementType())
    return emitOpError() << "reshapes " << source << " to " << result
                         << ": the element types differ";
  if (result.getRank() == 0)
    return emitOpError() << "reshapes to rank 0, which the runtime's tensors "
                            "do not have";
  for (auto [axis, extent] : llvm::enumerate(result.getShape()))
    if (!ShapedType::isDynamic(extent) &&
        extent > std::numeric_limits<uint32_t>::max())
      return emitOpError() << "reshapes to extent " << extent << " on axis "
                           << axis
                           << ", which does not fit the runtime's 32-bit "
                              "shapes";
  if (!source.hasStaticShape() || !result.hasStaticShape())
    if (auto graph = (*this)->getParentOfType<GraphOp>())
      return emitOpError()
             << "reshapes " << source << " to " << result << " in Graph @"
             << graph.getName()
             << ": the runtime replays a recorded view as recorded, so both "
                "shapes of a reshape in a Graph are static (reshape in the "
                "caller and pass the view)";
  // Where one shape is static, the other's static extents divide its count.
  std::optional<uint64_t> sourceCount = getStaticElementCount(source),
                          resultCount = getStaticElementCount(result);
  if (source.hasStaticShape() && result.hasStaticShape()) {
    if (source.getNumElements() != result.getNumElements())
      return emitOpError() << "reshapes " << source.getNumElements()
                           << " elements to " << result.getNumElements();
  } else if (sourceCount && resultCount && *sourceCount && *resultCount &&
             (source.hasStaticShape() || result.hasStaticShape())) {
    auto [whole, part] = source.hasStaticShape()
                             ? std::pair(*sourceCount, *resultCount)
                             : std::pair(*resultCount, *sourceCount);
    if (whole % part != 0)
      return emitOpError()
             << "reshapes " << source << " to " << result
             << ": no run-time extent makes their element counts equal ("
             << part << " does not divide " << whole << ")";
  }
  // Whether the source is contiguous depends on the whole chain of views
  // above it: pto-verify-reshapes checks it.
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  // Equal dynamic types may still differ in their extents.
  if (getSource().getType() == getType() && getType().hasStaticShape())
    return getSource();
  if (auto inner = getSource().getDefiningOp<ReshapeOp>()) {
    getSourceMutable().assign(inner.getSource());
    return getResult();
  }
  return {};
}

Value TransposeOp::getViewSource() { return getSource(); }

Value SetOwnerOp::getViewSource() { return getSource(); }

OpFoldResult OwnerTaskIdOp::fold(FoldAdaptor) {
  Operation *def = getSource().getDefiningOp();
  if (auto setOwner = dyn_cast_if_present<SetOwnerOp>(def))
    return setOwner.getOwner();
  // A slice, transpose or reshape copies its source's owner.
  if (isa_and_present<SliceOp, TransposeOp, ReshapeOp>(def)) {
    getSourceMutable().assign(
        cast<ViewLikeOpInterface>(def).getViewSource());
    return getResult();
  }
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  auto inner = getSource().getDefiningOp<TransposeOp>();
  if (!inner)
    return {};
  // The pair is unordered: swapping (0, 1) and (1, 0) is the same view.
  auto pair = [](TransposeOp op) {
    uint64_t a = op.getAxis0(), b = op.getAxis1();
    return std::make_pair(std::min(a, b), std::max(a, b));
  };
  if (pair(*this) != pair(inner))
    return {};
  return inner.getSource();
}

//===----------------------------------------------------------------------===//
// ScopeOp
//===----------------------------------------------------------------------===//

void ScopeOp::build(OpBuilder &builder, OperationState &result,
                    TypeRange resultTypes, bool manual) {
  result.addTypes(resultTypes);
  if (manual)
    result.addAttribute(getManualAttrName(result.name), builder.getUnitAttr());
  Region *body = result.addRegion();
  body->push_back(new Block());
  if (resultTypes.empty())
    ScopeOp::ensureTerminator(*body, builder, result.location);
}

void ScopeOp::getSuccessorRegions(RegionBranchPoint point,
                                  SmallVectorImpl<RegionSuccessor> &regions) {
  // Entered once from the parent; its yield leaves to the results.
  if (point.isParent())
    regions.emplace_back(&getBody());
  else
    regions.emplace_back(getOperation(), getResults());
}

// Checked before the region-branch interface compares the same types, to
// say it in the scope's terms.
LogicalResult ScopeOp::verify() {
  // A missing or foreign terminator is the region traits' to report.
  auto yield = getBody().empty()
                   ? YieldOp()
                   : dyn_cast_or_null<YieldOp>(getBody().front().empty()
                                                   ? nullptr
                                                   : &getBody().front().back());
  if (yield && yield.getOperandTypes() != getResultTypes())
    return emitOpError() << "yields (" << yield.getOperandTypes()
                         << "), but its results are (" << getResultTypes()
                         << ")";
  // The runtime refuses an auto scope in a manual one (begin_scope: "auto
  // scope nested inside manual scope is not supported"; a Graph recording
  // with one fails to commit). The nearest enclosing scope decides: an auto
  // one is itself checked. Scopes nest within one function only.
  if (!getManual())
    if (auto outer = (*this)->getParentOfType<ScopeOp>();
        outer && outer.getManual()) {
      InFlightDiagnostic diag =
          emitOpError() << "is an auto scope inside a manual scope, which the "
                           "runtime refuses (an auto scope nested inside a "
                           "manual scope is not supported): make it manual, "
                           "or move it out";
      diag.attachNote(outer.getLoc()) << "the manual scope";
      return diag;
    }
  return success();
}

namespace {
/// An auto scope with nothing but its terminator: rt_scope_begin and
/// rt_scope_end with no task between them.
struct EraseEmptyAutoScope : OpRewritePattern<ScopeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScopeOp scope,
                                PatternRewriter &rewriter) const override {
    Block &body = scope.getBody().front();
    if (scope.getManual() || &body.front() != &body.back())
      return failure();
    rewriter.replaceOp(scope, cast<YieldOp>(body.back()).getOperands());
    return success();
  }
};

/// An auto scope that is the only op of an auto scope begins and ends with
/// it, so its tasks already share the outer scope's dependency tracking.
/// (A manual scope nested in an auto one, or the reverse, changes how its
/// tasks are ordered: never merged.)
struct MergeNestedAutoScope : OpRewritePattern<ScopeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScopeOp outer,
                                PatternRewriter &rewriter) const override {
    Block &body = outer.getBody().front();
    auto inner = dyn_cast<ScopeOp>(body.front());
    if (outer.getManual() || !inner || inner.getManual() ||
        inner->getNextNode() != &body.back())
      return failure();
    Block &innerBody = inner.getBody().front();
    auto innerYield = cast<YieldOp>(innerBody.back());
    rewriter.inlineBlockBefore(&innerBody, inner);
    rewriter.replaceOp(inner, innerYield.getOperands());
    rewriter.eraseOp(innerYield);
    return success();
  }
};
} // namespace

void ScopeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<EraseEmptyAutoScope, MergeNestedAutoScope>(context);
}

//===----------------------------------------------------------------------===//
// Task id arrays
//===----------------------------------------------------------------------===//

static LogicalResult verifyArrayIndex(Operation *op, Value index,
                                      TaskIdArrayType type) {
  // The induction variable of a loop with literal bounds: every value it
  // takes is a slot.
  auto iv = dyn_cast<BlockArgument>(index);
  auto loop = iv ? dyn_cast_or_null<scf::ForOp>(iv.getOwner()->getParentOp())
                 : scf::ForOp();
  APInt lb, ub, step;
  if (loop && iv == loop.getInductionVar() &&
      matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) &&
      matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) &&
      matchPattern(loop.getStep(), m_ConstantInt(&step)) &&
      step.isStrictlyPositive() && lb.slt(ub)) {
    int64_t first = lb.getSExtValue(), stride = step.getSExtValue();
    int64_t last = first + (ub.getSExtValue() - 1 - first) / stride * stride;
    if (first < 0 || last >= type.getSize()) {
      InFlightDiagnostic diag =
          op->emitOpError()
          << "indexes " << type << " with a loop induction variable that "
          << "takes the values " << first << " to " << last << " (step "
          << stride << "), not all within 0 to " << type.getSize() - 1;
      if (first != 0 || stride != 1)
        diag << ": index by the iteration number, (iv - " << first << ") / "
             << stride;
      return diag;
    }
    return success();
  }
  APInt value;
  if (!matchPattern(index, m_ConstantInt(&value)))
    return success();
  if (value.isNegative() || value.getSExtValue() >= type.getSize())
    return op->emitOpError() << "index " << value.getSExtValue()
                             << " is out of bounds for " << type;
  return success();
}

LogicalResult ArrayGetOp::verify() {
  return verifyArrayIndex(*this, getIndex(), getArray().getType());
}

OpFoldResult ArrayGetOp::fold(FoldAdaptor) {
  Value array = getArray();
  if (auto splat = array.getDefiningOp<ArraySplatOp>())
    return splat.getValue();
  auto update = array.getDefiningOp<ArrayUpdateOp>();
  if (!update)
    return {};
  std::optional<int64_t> read = getConstantIntValue(getIndex());
  if (update.getIndex() == getIndex() ||
      (read && read == getConstantIntValue(update.getIndex())))
    return update.getValue();
  return {};
}

namespace {
/// Reads an element an update did not write from the array before the
/// update. The new read must precede the update, which writes the runtime's
/// array in place (a later read of the old array fails its verifier).
struct ReadAroundUpdate : OpRewritePattern<ArrayGetOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ArrayGetOp get,
                                PatternRewriter &rewriter) const override {
    auto update = get.getArray().getDefiningOp<ArrayUpdateOp>();
    if (!update)
      return failure();
    std::optional<int64_t> read = getConstantIntValue(get.getIndex());
    std::optional<int64_t> written = getConstantIntValue(update.getIndex());
    if (!read || !written || *read == *written)
      return failure();
    rewriter.setInsertionPoint(update);
    // The read's own constant may be defined after the update.
    Value index = rewriter.create<arith::ConstantIndexOp>(get.getLoc(), *read);
    rewriter.replaceOpWithNewOp<ArrayGetOp>(get, update.getArray(), index);
    return success();
  }
};
} // namespace

void ArrayGetOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                             MLIRContext *context) {
  patterns.add<ReadAroundUpdate>(context);
}

LogicalResult ArrayUpdateOp::verify() {
  if (failed(verifyArrayIndex(*this, getIndex(), getArray().getType())))
    return failure();
  // The array is updated in place: the old value must be dead after the
  // update, also for the later iterations of a loop the array is defined
  // outside of.
  Operation *arrayScope = getArray().getParentBlock()->getParentOp();
  for (Operation *parent = (*this)->getParentOp();
       parent && !parent->isAncestor(arrayScope);
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      return emitOpError()
             << "updates, inside a loop, a task id array defined outside it: "
                "every iteration would see the previous one's update; carry "
                "the array through the loop's iter_args";
  // Whether `user` is in another branch of an scf.if around the update:
  // the two never run in one execution.
  auto inOtherBranch = [&](Operation *user) {
    for (Region *region = (*this)->getParentRegion(); region;
         region = region->getParentOp()->getParentRegion()) {
      Operation *parent = region->getParentOp();
      if (isa<scf::IfOp>(parent) && parent->isProperAncestor(user) &&
          !region->isAncestor(user->getParentRegion()))
        return true;
      if (!parent->getParentRegion())
        return false;
    }
    return false;
  };
  for (Operation *user : getArray().getUsers()) {
    if (user == getOperation())
      continue;
    Operation *ancestor = (*this)->getBlock()->findAncestorOpInBlock(*user);
    if ((ancestor && ancestor->isBeforeInBlock(*this)) || inOtherBranch(user))
      continue;
    InFlightDiagnostic diag =
        emitOpError() << "updates a task id array that is read again "
                         "afterwards: the array is updated in place";
    diag.attachNote(user->getLoc()) << "read again here";
    return diag;
  }
  return success();
}

} // namespace mlir::pto

#define GET_OP_CLASSES
#include "pto/Dialect/PTO/IR/PTOOps.cpp.inc"
