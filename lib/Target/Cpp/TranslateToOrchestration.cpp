//===- TranslateToOrchestration.cpp - pto to orchestration C++ ------------===//
//
// A 1:1 printer from prepared pto IR to the PTO runtime's orchestration C++.
// Structured like upstream's C++ emitter (an emitter object owning the
// output stream and the value names, one emit function per op), but not
// built on EmitC: EmitC 22 has no name hints and no method calls, and the
// runtime's API is method calls on named variables (see docs/translation.md).
//
//===----------------------------------------------------------------------===//

#include "pto/Target/Cpp/OrchestrationEmitter.h"

#include "RuntimeSpelling.h"
#include "pto/Support/UserNames.h"
#include "pto/Target/Cpp/CppNames.h"
#include "pto/Dialect/PTO/IR/PTO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Support/IndentedOstream.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::pto {
namespace {

namespace sp = spelling;

/// `name` made safe inside a `//` comment (no line splices or breaks).
static std::string commentSafe(StringRef name) {
  std::string result;
  for (char c : name)
    // No line splices, breaks or trigraphs (`??/`).
    result.push_back(llvm::isPrint(c) && c != '\\' && c != '?' ? c : '_');
  return result;
}

/// `text` as a C string literal: printable ASCII as is, the rest (and `\`,
/// `"`, `?`) as three-digit octal escapes, which never absorb a following
/// character.
static std::string cStringLiteral(StringRef text) {
  std::string result = "\"";
  for (unsigned char c : text) {
    if (llvm::isPrint(c) && c != '\\' && c != '"' && c != '?') {
      result.push_back(c);
      continue;
    }
    result.push_back('\\');
    for (int shift : {6, 3, 0})
      result.push_back('0' + ((c >> shift) & 7));
  }
  return result + "\"";
}

static FailureOr<StringRef> getCType(Type type) {
  if (type.isIndex() || type.isSignlessInteger(64))
    return StringRef("int64_t");
  if (type.isSignlessInteger(32))
    return StringRef("int32_t");
  if (type.isSignlessInteger(16))
    return StringRef("int16_t");
  if (type.isSignlessInteger(8))
    return StringRef("int8_t");
  if (type.isSignlessInteger(1))
    return StringRef("bool");
  if (type.isF32())
    return StringRef("float");
  if (type.isF64())
    return StringRef("double");
  return failure();
}

static FailureOr<StringRef> getDataType(Type elementType) {
  return llvm::TypeSwitch<Type, FailureOr<StringRef>>(elementType)
      .Case([](Float32Type) { return StringRef("DataType::FLOAT32"); })
      .Case([](Float16Type) { return StringRef("DataType::FLOAT16"); })
      .Case([](BFloat16Type) { return StringRef("DataType::BFLOAT16"); })
      .Case([](IntegerType t) -> FailureOr<StringRef> {
        if (t.isUnsigned()) {
          if (t.getWidth() == 8)
            return StringRef("DataType::UINT8");
          return failure();
        }
        switch (t.getWidth()) {
        case 1:
          return StringRef("DataType::BOOL");
        case 8:
          return StringRef("DataType::INT8");
        case 16:
          return StringRef("DataType::INT16");
        case 32:
          return StringRef("DataType::INT32");
        case 64:
          return StringRef("DataType::INT64");
        default:
          return failure();
        }
      })
      .Default([](Type) { return failure(); });
}

class OrchestrationEmitter {
public:
  OrchestrationEmitter(ModuleOp module, raw_ostream &os)
      : module(module), os(os), symbols(module) {}

  LogicalResult emitModule();

private:
  //===--------------------------------------------------------------------===//
  // Names
  //===--------------------------------------------------------------------===//

  /// Takes the names pto-legalize-cpp-names recorded, before any helper
  /// variable is named; rejects a reserved or repeated one.
  LogicalResult collectNames();

  /// A fresh identifier for a helper variable, derived from `base`.
  std::string freshName(StringRef base) { return taken.fresh(base); }

  /// The name recorded for `value`, which `user` declares. A missing name
  /// is reported once and fails the translation when it ends (nothing is
  /// printed); the stand-in name "unnamed" lets the walk go on to the end.
  std::string getRecordedName(Value value, Operation *user) {
    auto it = recordedNames.find(value);
    if (it != recordedNames.end())
      return it->second.str();
    if (!missingName)
      user->emitOpError()
          << "declares a C++ variable for a value with no recorded name: "
             "run pto-legalize-cpp-names (part of "
             "pto-orchestration-prepare-pipeline) after changing the IR";
    missingName = true;
    return "unnamed";
  }

  /// Declares `value` under its recorded name.
  std::string declare(Value value, Operation *user) {
    std::string name = getRecordedName(value, user);
    bind(value, name);
    return name;
  }

  /// Makes `value` print as `expr`. A declared name lives until the C++
  /// block it was declared in closes.
  void bind(Value value, StringRef expr, bool isDeclaration = true) {
    names[value] = expr.str();
    if (isDeclaration && !scopes.empty())
      scopes.back().push_back(value);
  }

  /// The C++ expression for `value`, or a diagnostic if it has none in
  /// scope here.
  FailureOr<std::string> nameOf(Value value, Operation *user,
                                bool forwardsScalar = false) {
    if (!forwardsScalar && boundaryScalars.contains(value)) {
      // Read as a construction value: the decoded Config field.
      auto decoded = constructionValues.find(value);
      if (decoded != constructionValues.end())
        return decoded->second;
      InFlightDiagnostic diag =
          user->emitOpError()
          << "reads the value of a Graph's boundary scalar while the Graph "
             "is recorded, but the scalar is not marked '"
          << PTODialect::getConfigScalarAttrName()
          << "': run pto-mark-graph-config-scalars (part of "
             "pto-orchestration-prepare-pipeline) first";
      return diag;
    }
    auto it = names.find(value);
    if (it != names.end())
      return it->second;
    if (outOfScope.contains(value)) {
      InFlightDiagnostic diag =
          user->emitOpError()
          << "reads a value whose C++ variable went out of scope: it is "
             "produced inside a runtime scope, loop or branch that has "
             "closed";
      if (Operation *def = value.getDefiningOp())
        diag.attachNote(def->getLoc()) << "produced here";
      return failure();
    }
    return user->emitOpError() << "reads a value the translation has not "
                                  "printed";
  }

  /// Opens a C++ block `header {` (a bare `{` without a header); the
  /// returned guard closes it, and the values declared in it go out of
  /// scope.
  auto openBlock(StringRef header = "") {
    os << header << (header.empty() ? "{\n" : " {\n");
    os.indent();
    scopes.emplace_back();
    return llvm::make_scope_exit([this] {
      for (Value value : scopes.back()) {
        names.erase(value);
        outOfScope.insert(value);
      }
      scopes.pop_back();
      os.unindent();
      os << "}\n";
    });
  }

  //===--------------------------------------------------------------------===//
  // Emission
  //===--------------------------------------------------------------------===//

  LogicalResult emitEntry(OrchestrationOp func);
  LogicalResult emitGraph(GraphOp graph, StringRef name);
  /// Prints the Config class of `graph` and opens its function (API level
  /// `spec`).
  LogicalResult emitConfigClass(GraphOp graph, StringRef name,
                                ArrayRef<BlockArgument> construction);
  /// Opens the function of `graph`, its configs as parameters (API level
  /// `simpler_6ebaf771`).
  LogicalResult emitPublicGraphHeader(GraphOp graph, StringRef name,
                                      ArrayRef<BlockArgument> construction);
  /// The C++ type of construction value `arg`, or a diagnostic at `graph`.
  FailureOr<StringRef> getConstructionType(GraphOp graph, BlockArgument arg);
  LogicalResult emitCall(CallOp call);
  /// Fills the Config of a Graph launch and submits it (API level `spec`).
  LogicalResult emitConfigGraphSubmit(CallOp call, GraphOp graph,
                                      StringRef params);
  /// Submits a Graph launch with its configs (API level `simpler_6ebaf771`).
  LogicalResult emitPublicGraphSubmit(CallOp call, GraphOp graph,
                                      StringRef params);
  LogicalResult emitTensorArgument(StringRef params, Value tensor,
                                   Direction direction, Operation *user);
  LogicalResult emitScalarArgument(StringRef params, Value scalar,
                                   Operation *user);
  LogicalResult emitBlock(Block &block);
  LogicalResult emitOperation(Operation &op);
  LogicalResult emitAllocTensors(AllocTensorsOp alloc);
  LogicalResult emitCreateInfo(CreateInfoOp info);
  LogicalResult emitFull(FullOp full);
  /// Prints one alloc_tensors call of `infos` and binds the `results` of
  /// `op` read later to its outputs.
  LogicalResult emitAllocationCall(ArrayRef<std::string> infos,
                                   ResultRange results, Operation *op);
  /// Declares `shapes` (uint32_t[rank]) and `info` (TensorCreateInfo) for
  /// `type`, taking its `?` extents from `sizes` in axis order.
  LogicalResult emitCreateInfoDeclaration(StringRef info, StringRef shapes,
                                          TensorType type, ValueRange sizes,
                                          Operation *user);
  LogicalResult emitScalarOp(Operation *op);
  LogicalResult emitConstant(arith::ConstantOp op);
  LogicalResult emitSubmit(SubmitOp op);
  LogicalResult emitDummy(TaskDummyOp op);
  /// Fills and sets the dependency array of `params`; returns the name of
  /// its count variable.
  FailureOr<std::string> emitDependencies(Operation *op, ValueRange deps,
                                          StringRef params);
  LogicalResult emitSlice(SliceOp op);
  LogicalResult emitTranspose(TransposeOp op);
  LogicalResult emitReshape(ReshapeOp op);
  LogicalResult emitSetOwner(SetOwnerOp op);
  LogicalResult emitOwnerTaskId(OwnerTaskIdOp op);
  LogicalResult emitDim(DimOp op);
  LogicalResult emitAssert(cf::AssertOp op);
  LogicalResult emitRead(ReadOp op);
  LogicalResult emitWrite(WriteOp op);
  LogicalResult emitScope(ScopeOp op);
  LogicalResult emitFor(scf::ForOp op);
  LogicalResult emitIf(scf::IfOp op);
  LogicalResult emitArrayOp(Operation *op);
  FailureOr<std::string> emitIndexList(Operation *op, ArrayRef<int64_t> statics,
                                       ValueRange dynamics);
  LogicalResult emitAssign(StringRef target, Value value, Operation *user);
  /// Assigns `values` to `targets` as one parallel assignment: every value
  /// is read before any target is written (a loop may rotate its carries).
  LogicalResult emitParallelAssign(ArrayRef<std::string> targets,
                                   ValueRange values, Operation *user);
  /// Declares a variable named `name` able to hold a value of `type`,
  /// initialized to `init` (an expression) when given.
  LogicalResult declareVariable(StringRef name, Type type, Operation *user,
                                std::optional<std::string> init = {});

  /// The `pto.result_variables` of `op`, or a diagnostic if it has none.
  FailureOr<ArrayRef<bool>> getResultVariables(Operation *op);
  /// Checks that `value`, which the IR says names the buffer printed as
  /// `name`, does print as it.
  LogicalResult checkNamesBuffer(Value value, StringRef name, Operation *user);

  ModuleOp module;
  raw_indented_ostream os;
  /// Callees, found without a module scan per launch.
  SymbolTable symbols;
  DenseMap<Value, std::string> names;
  DenseSet<Value> outOfScope;
  SmallVector<SmallVector<Value>> scopes;
  /// Every name taken in the translation unit.
  CppNameTable taken;
  /// The recorded name of each value the C++ declares.
  DenseMap<Value, StringRef> recordedNames;
  bool missingName = false;
  DenseMap<Operation *, int64_t> kernelIds;
  unsigned taskCount = 0;
  /// Prefix of task variables in the function being printed (a Graph's
  /// tasks are named after the Graph).
  std::string taskPrefix;
  DenseMap<Operation *, std::string> graphFunctions;
  /// Boundary scalars of the Graph being printed: InheritableScalar
  /// wrappers, which may only be forwarded to add_scalar.
  DenseSet<Value> boundaryScalars;
  /// Boundary scalars the Graph being printed reads while it is recorded:
  /// the name of their value decoded from the Config.
  DenseMap<Value, std::string> constructionValues;
  /// Per Graph: its Config class.
  DenseMap<Operation *, std::string> configClasses;
  /// The runtime API level printed for (`pto.runtime_api`).
  RuntimeApi api = RuntimeApi::spec;
  bool isPublicApi() const { return api == RuntimeApi::simpler_6ebaf771; }
  /// Per entry argument: a host control tensor (host_build_graph only).
  llvm::BitVector hostControl;
  unsigned allocCount = 0;
};

LogicalResult OrchestrationEmitter::emitModule() {
  FailureOr<OrchestrationOp> entry = getOrchestrationEntry(module);
  if (failed(entry))
    return failure();
  // The dialect verified that Graphs come with host_build_graph.
  hostControl = getHostControlTensors(*entry);
  api = getModuleRuntimeApi(module);
  if (failed(collectNames()))
    return failure();

  // Kernel ids are the positions in the module of the kernels with code of
  // their own; a mixed kernel is a group of such kernels (its lanes).
  os << "// Orchestration function: "
     << commentSafe(entry->getName()) << "\n";
  os << "// Kernel ids:";
  for (KernelOp kernel : module.getOps<KernelOp>()) {
    if (kernel.getLanesAttr())
      continue;
    int64_t id = kernelIds.size();
    kernelIds[kernel] = id;
    os << " " << id << " = @" << commentSafe(kernel.getName()) << " ("
       << stringifyCoreType(kernel.getCoreType()) << ")";
  }
  os << "\n";
  for (KernelOp kernel : module.getOps<KernelOp>()) {
    ArrayAttr lanes = kernel.getLanesAttr();
    if (!lanes)
      continue;
    os << "// Mixed kernel @" << commentSafe(kernel.getName()) << ":";
    for (Attribute lane : lanes)
      os << " @" << commentSafe(cast<FlatSymbolRefAttr>(lane).getValue());
    os << "\n";
  }
  os << "// Runtime API: "
     << (isPublicApi() ? sp::kSimpler6ebaf771ApiName : sp::kSpecApiName)
     << "\n";
  os << "#include <math.h>\n#include <stddef.h>\n#include <stdint.h>\n"
        "#include <stdio.h>\n#include <stdlib.h>\n";
  os << "#include \"" << sp::kHeader << "\"\n\n";
  if (!module.getOps<GraphOp>().empty())
    os << sp::kBoundaryLayoutDefinition;
  // Graph functions are file-local and precede the entry that launches them.
  for (GraphOp graph : module.getOps<GraphOp>()) {
    auto name = graph->getAttrOfType<StringAttr>(PTODialect::getCppNameAttrName());
    if (!name)
      return graph.emitOpError()
             << "has no '" << PTODialect::getCppNameAttrName()
             << "' attribute: run pto-legalize-cpp-names before the "
                "translation";
    graphFunctions[graph] = name.str();
    if (failed(emitGraph(graph, name.getValue())))
      return failure();
  }
  os << "extern \"C\" {\n\n";
  if (failed(emitEntry(*entry)))
    return failure();
  os << "}  // extern \"C\"\n";
  return failure(missingName);
}

LogicalResult OrchestrationEmitter::collectNames() {
  auto take = [&](Operation *op, StringRef name) -> LogicalResult {
    if (!isUsableCppName(name))
      return op->emitOpError()
             << "records the C++ name '" << name
             << "', which is reserved (a keyword, a runtime name, or spelled "
                "like a macro or an implementation name)";
    if (!taken.take(name))
      return op->emitOpError()
             << "records the C++ name '" << name
             << "', which another value of the module has: rerun "
                "pto-legalize-cpp-names after changing the IR";
    return success();
  };
  auto takeAll = [&](Operation *op, StringRef attrName,
                     auto values) -> LogicalResult {
    auto array = op->getAttrOfType<ArrayAttr>(attrName);
    if (!array)
      return success();
    // The dialect verified one string per value.
    for (auto [value, name] :
         llvm::zip_equal(values, array.getAsValueRange<StringAttr>())) {
      if (name.empty())
        continue;
      if (failed(take(op, name)))
        return failure();
      recordedNames[value] = name;
    }
    return success();
  };
  WalkResult result = module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto name = op->getAttrOfType<StringAttr>(
            PTODialect::getCppNameAttrName());
        name && failed(take(op, name.getValue())))
      return WalkResult::interrupt();
    if (failed(takeAll(op, PTODialect::getCppNamesAttrName(),
                       op->getResults())))
      return WalkResult::interrupt();
    if (op->getNumRegions() && !op->getRegion(0).empty() &&
        failed(takeAll(op, PTODialect::getCppArgNamesAttrName(),
                       op->getRegion(0).front().getArguments())))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult OrchestrationEmitter::emitEntry(OrchestrationOp func) {
  unsigned numArgs = func.getNumArguments();
  os << sp::kConfigType << " " << sp::kConfigFunction << "(const "
     << sp::kArgsType << "& " << sp::kArgsName << ") {\n";
  os.indent();
  os << "(void)" << sp::kArgsName << ";\n";
  os << "return " << sp::kConfigType << "{ ." << sp::kConfigArgCount << " = "
     << numArgs << " };\n";
  os.unindent();
  os << "}\n\n";

  if (hostControl.any()) {
    // The host loads this file with argument metadata, not this comment:
    // see pto-translate --pto-to-arg-metadata.
    os << "// Host control tensors (HOST storage, no transfer):";
    llvm::ListSeparator separator(",");
    for (unsigned i : hostControl.set_bits()) {
      os << separator << " #" << i;
      if (std::optional<StringRef> name = getUserName(func.getArgument(i)))
        os << " " << commentSafe(*name);
    }
    os << ".\n";
  }
  os << "void " << sp::kEntryFunction << "(const " << sp::kArgsType << "& "
     << sp::kArgsName << ") {\n";
  os.indent();
  scopes.emplace_back();
  Block &body = func.getBody().front();
  unsigned tensorIndex = 0, scalarIndex = 0;
  for (BlockArgument arg : body.getArguments()) {
    std::string name = declare(arg, func);
    if (isa<TensorType>(arg.getType())) {
      os << "const " << sp::kTensorType << "& " << name << " = "
         << sp::kArgsName << ".tensor(" << tensorIndex++ << ").ref();\n";
      continue;
    }
    FailureOr<StringRef> cType = getCType(arg.getType());
    if (failed(cType))
      return func.emitOpError() << "parameter #" << arg.getArgNumber()
                                << " has type " << arg.getType()
                                << ", which has no C++ scalar type here";
    if (isPublicApi())
      os << *cType << " " << name << " = " << sp::kFromU64 << "<" << *cType
         << ">(" << sp::kArgsName << ".scalar(" << scalarIndex++ << "));\n";
    else
      os << *cType << " " << name << " = " << sp::kArgsName << ".scalar<"
         << *cType << ">(" << scalarIndex++ << ");\n";
  }
  if (failed(emitBlock(body)))
    return failure();
  scopes.pop_back();
  os.unindent();
  os << "}\n\n";
  return success();
}

/// Returns true if pto-mark-graph-config-scalars marked Graph scalar
/// parameter `arg` as read while the Graph is recorded (a Config field).
static bool isConfigScalar(BlockArgument arg) {
  auto graph = cast<GraphOp>(arg.getOwner()->getParentOp());
  return static_cast<bool>(graph.getArgAttr(
      arg.getArgNumber(), PTODialect::getConfigScalarAttrName()));
}

FailureOr<StringRef>
OrchestrationEmitter::getConstructionType(GraphOp graph, BlockArgument arg) {
  FailureOr<StringRef> cType = getCType(arg.getType());
  if (failed(cType))
    return graph.emitOpError() << "reads scalar parameter #"
                               << arg.getArgNumber() << " of type "
                               << arg.getType()
                               << ", which has no C++ scalar type here";
  return cType;
}

LogicalResult
OrchestrationEmitter::emitConfigClass(GraphOp graph, StringRef name,
                                      ArrayRef<BlockArgument> construction) {
  unsigned numTensors = getNumTensorArgs(graph);
  // The Config joins the Graph key: a changed construction value, or a
  // changed boundary layout (aliasing included, which fixed the recorded
  // dependency edges), records a new definition instead of replaying a wrong
  // one.
  std::string configClass = freshName(name.str() + "_Config");
  configClasses[graph] = configClass;
  os << "// Config of Graph @" << commentSafe(graph.getName())
     << ": the scalars its body reads while it is\n"
        "// recorded, and its boundary layout.\n";
  os << "struct " << configClass << " final : " << sp::kConfigBase << " {\n";
  os.indent();
  SmallVector<std::string> fields;
  for (BlockArgument arg : construction) {
    std::string field = "scalar_" + std::to_string(arg.getArgNumber());
    os << "uint64_t " << field << " = 0;\n";
    fields.push_back(field);
  }
  if (numTensors)
    os << sp::kBoundaryLayout << "<" << numTensors << "> layout;\n";
  os << "uint64_t hash() const override {\n";
  os.indent();
  os << "uint64_t h = "
     << (numTensors ? "layout.hash(" + std::string(sp::kLayoutHashSeed) + ")"
                    : std::string(sp::kLayoutHashSeed))
     << ";\n";
  for (const std::string &field : fields)
    os << "h = (h ^ " << field << ") * 1099511628211ull;\n";
  os << "return h;\n";
  os.unindent();
  os << "}\n";
  os << "bool equals(const " << sp::kConfigBase << "& base) const override {\n";
  os.indent();
  os << "const auto& other = static_cast<const " << configClass
     << "&>(base);\n";
  os << "return " << (numTensors ? "layout == other.layout" : "true");
  for (const std::string &field : fields)
    os << "\n    && " << field << " == other." << field;
  os << ";\n";
  os.unindent();
  os << "}\n";
  os.unindent();
  os << "};\n\n";

  os << "// Graph @" << commentSafe(graph.getName()) << "\n";
  os << "static void " << name << "(const " << sp::kGraphArgsType << "& "
     << sp::kGraphArgsName << ", const " << sp::kConfigBase << "& "
     << (construction.empty() ? "/*config*/" : sp::kConfigBaseName) << ") {\n";
  os.indent();
  if (!construction.empty()) {
    os << "const auto& " << sp::kConfigName << " = static_cast<const "
       << configClass << "&>(" << sp::kConfigBaseName << ");\n";
  }
  return success();
}

LogicalResult OrchestrationEmitter::emitPublicGraphHeader(
    GraphOp graph, StringRef name, ArrayRef<BlockArgument> construction) {
  // Every config is hashed into the Graph key by value: the layout's hash,
  // so a new shape or aliasing records a new definition (the runtime checks
  // the recorded layout again on replay), and each construction value.
  os << "// Graph @" << commentSafe(graph.getName())
     << ": its configs, part of the Graph key, are its boundary\n"
        "// layout's hash and the scalars its body reads while it is "
        "recorded.\n";
  os << "static void " << name << "(const " << sp::kGraphArgsType << "& "
     << sp::kGraphArgsName;
  if (getNumTensorArgs(graph))
    os << ", " << sp::kLayoutHashParameter;
  for (BlockArgument arg : construction) {
    FailureOr<StringRef> cType = getConstructionType(graph, arg);
    if (failed(cType))
      return failure();
    std::string value = freshName(getRecordedName(arg, graph) + "_value");
    os << ", " << *cType << " " << value;
    constructionValues[arg] = value;
  }
  os << ") {\n";
  os.indent();
  return success();
}

LogicalResult OrchestrationEmitter::emitGraph(GraphOp graph, StringRef name) {
  Block &entryBlock = graph.getBody().front();
  SmallVector<BlockArgument> construction;
  for (BlockArgument arg : entryBlock.getArguments())
    if (isConfigScalar(arg))
      construction.push_back(arg);

  if (isPublicApi()) {
    if (failed(emitPublicGraphHeader(graph, name, construction)))
      return failure();
  } else if (failed(emitConfigClass(graph, name, construction))) {
    return failure();
  }
  scopes.emplace_back();
  taskPrefix = graph.getName().str() + "_";
  unsigned savedTaskCount = taskCount;
  taskCount = 0;
  Block &body = graph.getBody().front();
  unsigned tensorIndex = 0, scalarIndex = 0;
  for (BlockArgument arg : body.getArguments()) {
    if (isa<TensorType>(arg.getType())) {
      std::string argName = declare(arg, graph);
      os << "const " << sp::kTensorType << "& " << argName << " = "
         << sp::kGraphArgsName << ".tensor(" << tensorIndex++ << ").ref();\n";
      continue;
    }
    boundaryScalars.insert(arg);
    std::string slot = std::string(sp::kGraphArgsName) + ".scalar(" +
                       std::to_string(scalarIndex++) + ")";
    if (isPublicApi()) {
      // The runtime links a task scalar to its boundary slot by the slot's
      // address: forward the slot itself, never a copy.
      bind(arg, slot);
      continue;
    }
    // The wrapper keeps the parameter origin replay patches; an integer
    // copy would freeze the first call's value. Only a task argument reads
    // it: a construction value read nowhere else gets no wrapper (it would
    // be an unused variable).
    bool isConstruction = llvm::is_contained(construction, arg);
    bool forwarded = llvm::any_of(
        arg.getUsers(), [](Operation *user) { return isa<SubmitOp>(user); });
    std::string argName = getRecordedName(arg, graph);
    if (!isConstruction || forwarded) {
      bind(arg, argName);
      os << "const auto " << argName << " = " << slot << ";\n";
    }
    if (!isConstruction)
      continue;
    FailureOr<StringRef> cType = getConstructionType(graph, arg);
    if (failed(cType))
      return failure();
    std::string value = freshName(argName + "_value");
    os << "const " << *cType << " " << value << " = " << sp::kFromU64 << "<"
       << *cType << ">(" << sp::kConfigName << ".scalar_" << arg.getArgNumber() << ");\n";
    constructionValues[arg] = value;
  }
  if (failed(emitBlock(body)))
    return failure();
  for (Value scalar : body.getArguments()) {
    boundaryScalars.erase(scalar);
    constructionValues.erase(scalar);
  }
  scopes.pop_back();
  taskPrefix.clear();
  taskCount = savedTaskCount;
  os.unindent();
  os << "}\n\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitTensorArgument(StringRef params,
                                                       Value tensor,
                                                       Direction direction,
                                                       Operation *user) {
  FailureOr<std::string> name = nameOf(tensor, user);
  if (failed(name))
    return failure();
  StringRef method = direction == Direction::in    ? "add_input"
                     : direction == Direction::out ? "add_output"
                                                   : "add_inout";
  os << params << "." << method << "(" << *name << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitScalarArgument(StringRef params,
                                                       Value scalar,
                                                       Operation *user) {
  FailureOr<std::string> name = nameOf(scalar, user, /*forwardsScalar=*/true);
  if (failed(name))
    return failure();
  if (boundaryScalars.contains(scalar))
    os << params << ".add_scalar(" << *name << ");\n";
  else if (isa<FloatType>(scalar.getType()))
    os << params << ".add_scalar(" << sp::kToU64 << "(" << *name << "));\n";
  else
    os << params << ".add_scalar((uint64_t)(" << *name << "));\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitCall(CallOp call) {
  auto graph = symbols.lookup<GraphOp>(call.getCalleeAttr().getAttr());
  unsigned task = taskCount++;
  std::string params = freshName("params_t" + std::to_string(task));
  os << "// Task " << task << ": Graph @" << commentSafe(graph.getName())
     << "\n";
  // As for a task, the launch's argument list and boundary layout live in a
  // block of their own (a Graph launch defines no value).
  auto closeBlock = openBlock();
  os << sp::kGraphArgsType << " " << params << ";\n";
  unsigned numTensors = getNumTensorArgs(graph);
  for (unsigned i = 0; i < numTensors; ++i)
    if (failed(emitTensorArgument(params, call.getArgs()[i],
                                  getArgDirection(graph, i), call)))
      return failure();
  for (Value scalar : call.getArgs().drop_front(numTensors))
    if (failed(emitScalarArgument(params, scalar, call)))
      return failure();
  if (failed(isPublicApi() ? emitPublicGraphSubmit(call, graph, params)
                            : emitConfigGraphSubmit(call, graph, params)))
    return failure();
  for (OpResult result : call->getResults()) {
    std::optional<unsigned> tied =
        getReturnedTensorArg(graph, result.getResultNumber());
    if (!tied || *tied >= call.getArgs().size()) {
      if (result.use_empty())
        continue;
      return call.emitOpError()
             << "uses result #" << result.getResultNumber()
             << ", which is not one of the Graph's parameters: run "
                "pto-graph-legalize-pipeline first";
    }
    FailureOr<std::string> name = nameOf(call->getOperand(*tied), call);
    if (failed(name))
      return failure();
    bind(result, *name, /*isDeclaration=*/false);
  }
  return success();
}

LogicalResult OrchestrationEmitter::emitConfigGraphSubmit(CallOp call,
                                                          GraphOp graph,
                                                          StringRef params) {
  std::string config = freshName(params.str() + "_config");
  os << configClasses.lookup(graph) << " " << config << ";\n";
  for (BlockArgument arg : graph.getBody().front().getArguments()) {
    if (!isConfigScalar(arg))
      continue;
    FailureOr<std::string> value =
        nameOf(call.getArgs()[arg.getArgNumber()], call);
    if (failed(value))
      return failure();
    os << config << ".scalar_" << arg.getArgNumber() << " = " << sp::kToU64
       << "(" << *value << ");\n";
  }
  if (getNumTensorArgs(graph))
    os << config << ".layout.capture(" << params << ");\n";
  // Its task id is valid only on a cache hit: nothing may depend on it.
  os << sp::kSubmitGraph << "(&" << graphFunctions.lookup(graph) << ", "
     << params << ", " << config << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitPublicGraphSubmit(CallOp call,
                                                          GraphOp graph,
                                                          StringRef params) {
  std::string configs;
  if (unsigned numTensors = getNumTensorArgs(graph)) {
    std::string layout = freshName(params.str() + "_layout");
    os << sp::kBoundaryLayout << "<" << numTensors << "> " << layout << ";\n";
    os << layout << ".capture(" << params << ");\n";
    configs += ", " + layout + ".hash(" + sp::kLayoutHashSeed + ")";
  }
  for (BlockArgument arg : graph.getBody().front().getArguments()) {
    if (!isConfigScalar(arg))
      continue;
    FailureOr<StringRef> cType = getConstructionType(graph, arg);
    FailureOr<std::string> value =
        nameOf(call.getArgs()[arg.getArgNumber()], call);
    if (failed(cType) || failed(value))
      return failure();
    // The configs' types are deduced from both the function and the values:
    // they must match exactly.
    configs += ", static_cast<" + cType->str() + ">(" + *value + ")";
  }
  // Its task id is valid only on a cache hit: nothing may depend on it.
  os << sp::kSubmitGraph << "(&" << graphFunctions.lookup(graph) << ", "
     << params << configs << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitBlock(Block &block) {
  for (Operation &op : block)
    if (failed(emitOperation(op)))
      return failure();
  return success();
}

LogicalResult OrchestrationEmitter::emitCreateInfoDeclaration(
    StringRef info, StringRef shapes, TensorType type, ValueRange sizes,
    Operation *user) {
  SmallVector<std::string> extents;
  for (int64_t extent : type.getShape()) {
    if (!ShapedType::isDynamic(extent)) {
      extents.push_back(std::to_string(extent));
      continue;
    }
    FailureOr<std::string> size = nameOf(sizes.front(), user);
    if (failed(size))
      return failure();
    sizes = sizes.drop_front();
    extents.push_back("(uint32_t)" + *size);
  }
  FailureOr<StringRef> dataType = getDataType(type.getElementType());
  if (failed(dataType))
    return user->emitOpError() << "describes " << type
                               << ", whose element type has no DataType";
  os << "uint32_t " << shapes << "[" << type.getRank() << "] = {"
     << llvm::join(extents, ", ") << "};\n";
  os << sp::kCreateInfoType << " " << info << "(" << shapes << ", "
     << type.getRank() << ", " << *dataType << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitCreateInfo(CreateInfoOp op) {
  // The type's verifier checked that the runtime can allocate it.
  std::string info = declare(op.getResult(), op);
  return emitCreateInfoDeclaration(info, freshName(info + "_shapes"),
                                   op.getType().getTensor(),
                                   op.getDynamicSizes(), op);
}

LogicalResult OrchestrationEmitter::emitFull(FullOp op) {
  // TensorCreateInfo::set_initial_value, which fills the whole buffer, is
  // the public tensormap_and_ringbuffer runtime's alone.
  if (!isPublicApi() ||
      getModuleRuntime(module) != Runtime::tensormap_and_ringbuffer)
    return op.emitOpError()
           << "has no translation at this runtime and API level: only the "
              "tensormap_and_ringbuffer runtime's public API "
              "(simpler_6ebaf771) fills a new tensor "
              "(TensorCreateInfo::set_initial_value)";
  auto type = cast<TensorType>(op.getType());
  if (failed(verifyRuntimeAllocatable(op, type)))
    return failure();
  // The runtime fills each element with the low bytes of the value's
  // to_u64: a float or an integer of the element's type, or the bits of a
  // 16-bit float, which has no C++ type here.
  // (A 16-bit float computed at run time was reported where it was made.)
  std::string value;
  FloatAttr constant;
  if (Type element = type.getElementType();
      (element.isF16() || element.isBF16()) &&
      matchPattern(op.getValue(), m_Constant(&constant))) {
    value = "(uint64_t)" +
            std::to_string(constant.getValue().bitcastToAPInt().getZExtValue()) +
            "u";
  } else {
    FailureOr<std::string> name = nameOf(op.getValue(), op);
    if (failed(name))
      return failure();
    value = *name;
  }
  std::string info = freshName(getRecordedName(op.getResult(), op) + "_ci");
  if (failed(emitCreateInfoDeclaration(info, freshName(info + "_shapes"), type,
                                       op.getDynamicSizes(), op)))
    return failure();
  os << info << ".set_initial_value(" << value << ");\n";
  return emitAllocationCall({info}, op->getResults(), op);
}

LogicalResult OrchestrationEmitter::emitAllocTensors(AllocTensorsOp alloc) {
  // The verifier checked that the runtime can allocate every result.
  SmallVector<std::string> infos;
  for (OpResult result : alloc.getResults()) {
    unsigned index = result.getResultNumber();
    std::string info = freshName(getRecordedName(result, alloc) + "_ci");
    if (failed(emitCreateInfoDeclaration(
            info, freshName(info + "_shapes"),
            cast<TensorType>(result.getType()),
            alloc.getDynamicSizesOf(index), alloc)))
      return failure();
    infos.push_back(info);
  }
  return emitAllocationCall(infos, alloc->getResults(), alloc);
}

LogicalResult OrchestrationEmitter::emitAllocationCall(ArrayRef<std::string> infos,
                                                       ResultRange results,
                                                       Operation *op) {
  // The call allocates every buffer; a result nobody reads gets no variable
  // (it would be an unused one), and a call with none read keeps no outputs.
  std::string call = sp::kAllocTensors + ("(" + llvm::join(infos, ", ") + ")");
  if (llvm::all_of(results, [](Value result) { return result.use_empty(); })) {
    os << call << ";\n";
    return success();
  }
  std::string outputs =
      freshName(taskPrefix + "alloc_" + std::to_string(allocCount++));
  os << sp::kOutputsType << " " << outputs << " = " << call << ";\n";
  for (OpResult result : results) {
    if (result.use_empty())
      continue;
    std::string name = declare(result, op);
    os << "const " << sp::kTensorType << "& " << name << " = " << outputs
       << "." << sp::kGetRef << "(" << result.getResultNumber() << ");\n";
  }
  return success();
}

LogicalResult OrchestrationEmitter::emitOperation(Operation &op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      .Case([&](arith::ConstantOp c) { return emitConstant(c); })
      .Case([&](SubmitOp submit) { return emitSubmit(submit); })
      .Case([&](AllocTensorsOp alloc) { return emitAllocTensors(alloc); })
      .Case([&](CreateInfoOp info) { return emitCreateInfo(info); })
      .Case([&](FullOp full) { return emitFull(full); })
      .Case([&](CreateOp create) {
        return create.emitOpError()
               << "is not in a pto.alloc_tensors: run pto-batch-allocations "
                  "(part of pto-orchestration-prepare-pipeline) first";
      })
      .Case([&](TaskDummyOp dummy) { return emitDummy(dummy); })
      .Case([&](SliceOp slice) { return emitSlice(slice); })
      .Case([&](TransposeOp transpose) { return emitTranspose(transpose); })
      .Case([&](ReshapeOp reshape) { return emitReshape(reshape); })
      .Case([&](SetOwnerOp setOwner) { return emitSetOwner(setOwner); })
      .Case([&](OwnerTaskIdOp owner) { return emitOwnerTaskId(owner); })
      .Case([&](DimOp dim) { return emitDim(dim); })
      .Case([&](cf::AssertOp assert) { return emitAssert(assert); })
      .Case([&](ReadOp read) { return emitRead(read); })
      .Case([&](WriteOp write) { return emitWrite(write); })
      .Case([&](ScopeOp scope) { return emitScope(scope); })
      .Case([&](scf::ForOp loop) { return emitFor(loop); })
      .Case([&](scf::IfOp branch) { return emitIf(branch); })
      .Case([&](InvalidTaskIdOp invalid) {
        bind(invalid.getResult(), sp::kInvalidTaskId, /*isDeclaration=*/false);
        return success();
      })
      .Case<ArraySplatOp, ArrayGetOp, ArrayUpdateOp>(
          [&](auto arrayOp) { return emitArrayOp(arrayOp.getOperation()); })
      .Case<ReturnOp, YieldOp, scf::YieldOp>(
          [](auto) { return success(); }) // Printed by their parent.
      .Case([&](CallOp call) { return emitCall(call); })
      .Default([&](Operation *other) -> LogicalResult {
        if (isa<arith::ArithDialect>(other->getDialect()))
          return emitScalarOp(other);
        return other->emitOpError() << "has no orchestration C++ translation";
      });
}

/// A failed check stops the program with its message: the runtime's fatal
/// report at the public API level (every runtime call after it returns at
/// once), a message and abort() at the spec level, which has no such call.
LogicalResult OrchestrationEmitter::emitAssert(cf::AssertOp op) {
  FailureOr<std::string> condition = nameOf(op.getArg(), op);
  if (failed(condition))
    return failure();
  std::string message = cStringLiteral(op.getMsg());
  os << "if (!(" << *condition << ")) ";
  if (isPublicApi())
    os << sp::kReportFatal << "(" << sp::kInvalidArgsError << ", \"%s\", "
       << message << ");\n";
  else
    os << "{ fprintf(stderr, \"%s\\n\", " << message << "); abort(); }\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitConstant(arith::ConstantOp op) {
  Attribute value = op.getValue();
  std::string text;
  llvm::raw_string_ostream str(text);
  if (auto boolean = dyn_cast<BoolAttr>(value)) {
    str << (boolean.getValue() ? "true" : "false");
  } else if (auto integer = dyn_cast<IntegerAttr>(value);
             integer && isa<IndexType, IntegerType>(integer.getType())) {
    if (integer.getType().isSignlessInteger(1)) {
      str << (integer.getValue().isZero() ? "false" : "true");
    } else {
      FailureOr<StringRef> cType = getCType(integer.getType());
      if (failed(cType))
        return op.emitOpError() << "has no C++ scalar type";
      int64_t v = integer.getValue().getSExtValue();
      if (v == std::numeric_limits<int64_t>::min())
        str << "(" << *cType << ")(-9223372036854775807 - 1)";
      else
        str << "(" << *cType << ")" << v;
    }
  } else if (auto real = dyn_cast<FloatAttr>(value);
             real && (real.getType().isF32() || real.getType().isF64())) {
    const APFloat &f = real.getValue();
    if (!f.isFinite()) {
      // math.h's float NAN and INFINITY, converted for f64; a NaN keeps its
      // sign (negation flips it), not its payload.
      std::string special = f.isNaN() ? "NAN" : "INFINITY";
      if (real.getType().isF64())
        special = "(double)" + special;
      str << (f.isNegative() ? "(-" + special + ")" : "(" + special + ")");
      bind(op.getResult(), text, /*isDeclaration=*/false);
      return success();
    }
    SmallString<32> digits;
    f.toString(digits, /*FormatPrecision=*/0, /*FormatMaxPadding=*/0,
               /*TruncateZero=*/false);
    str << digits;
    if (!StringRef(digits).contains_insensitive('e') &&
        !StringRef(digits).contains('.'))
      str << ".0";
    if (real.getType().isF32())
      str << "f";
  } else if (isa<FloatAttr>(value) && !op->use_empty() &&
             llvm::all_of(op->getUsers(), llvm::IsaPred<FullOp>)) {
    // A half-precision fill value: pto.full prints its bits.
    return success();
  } else {
    return op.emitOpError() << "has no C++ literal for " << value;
  }
  bind(op.getResult(), text, /*isDeclaration=*/false);
  return success();
}

LogicalResult OrchestrationEmitter::emitScalarOp(Operation *op) {
  if (op->getNumResults() != 1)
    return op->emitOpError() << "has no orchestration C++ translation";
  Value result = op->getResult(0);
  // A choice between two tensors is a choice between two descriptors, and
  // one between two task ids a choice of id.
  if (auto select = dyn_cast<arith::SelectOp>(op);
      select && isa<TensorType, TaskIdType>(result.getType())) {
    FailureOr<std::string> condition = nameOf(select.getCondition(), op);
    FailureOr<std::string> whenTrue = nameOf(select.getTrueValue(), op);
    FailureOr<std::string> whenFalse = nameOf(select.getFalseValue(), op);
    if (failed(condition) || failed(whenTrue) || failed(whenFalse))
      return failure();
    std::string name = declare(result, op);
    os << (isa<TensorType>(result.getType()) ? sp::kTensorType
                                              : sp::kTaskIdType)
       << " " << name << " = (" << *condition << ") ? " << *whenTrue
       << " : " << *whenFalse << ";\n";
    return success();
  }
  // Constant operands that make the C++ undefined (and g++ reject it),
  // where arith gives poison or undefined behaviour too.
  if (isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp, arith::DivSIOp,
          arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(op)) {
    APInt amount;
    if (matchPattern(op->getOperand(1), m_ConstantInt(&amount))) {
      unsigned width = result.getType().isIndex()
                           ? 64
                           : result.getType().getIntOrFloatBitWidth();
      bool isShift = isa<arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp>(op);
      if (isShift && amount.uge(width))
        return op->emitOpError() << "shifts by " << amount.getZExtValue()
                                 << ", not below the bit width " << width
                                 << ": the result is poison";
      if (!isShift && amount.isZero())
        return op->emitOpError() << "divides by the constant zero";
      // The one signed quotient that does not fit: MIN / -1 (and MIN % -1,
      // which C++ computes through it).
      APInt dividend;
      if (isa<arith::DivSIOp, arith::RemSIOp>(op) && amount.isAllOnes() &&
          matchPattern(op->getOperand(0), m_ConstantInt(&dividend)) &&
          dividend.isMinSignedValue())
        return op->emitOpError()
               << "divides the smallest " << width
               << "-bit value by -1: the quotient overflows";
    }
  }
  FailureOr<StringRef> cType = getCType(result.getType());
  if (failed(cType))
    return op->emitOpError() << "produces " << result.getType()
                             << ", which has no C++ scalar type here";
  SmallVector<std::string> operands;
  for (Value operand : op->getOperands()) {
    FailureOr<std::string> name = nameOf(operand, op);
    if (failed(name))
      return failure();
    operands.push_back("(" + *name + ")");
  }
  auto binary = [&](StringRef symbol) {
    return operands[0] + " " + symbol.str() + " " + operands[1];
  };
  auto bitWidth = [](Type type) -> unsigned {
    return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  };
  // Unsigned arithmetic reinterprets the operands at their own width.
  auto unsignedType = [&](Type type) -> std::string {
    unsigned width = bitWidth(type);
    return width == 1 ? "bool" : "uint" + std::to_string(width) + "_t";
  };
  std::string operandUnsigned =
      op->getNumOperands() ? unsignedType(op->getOperand(0).getType()) : "";
  auto unsignedBinary = [&](StringRef symbol) {
    return "(" + cType->str() + ")((" + operandUnsigned + ")" + operands[0] +
           " " + symbol.str() + " (" + operandUnsigned + ")" + operands[1] +
           ")";
  };
  // Operands narrower than int promote to int, where a uint16_t product can
  // overflow (undefined): they are multiplied as uint32_t, whose low bits
  // are the same.
  auto unsignedProduct = [&]() {
    std::string widen =
        bitWidth(op->getOperand(0).getType()) < 32 ? "(uint32_t)" : "";
    return "(" + cType->str() + ")(" + widen + "(" + operandUnsigned + ")" +
           operands[0] + " * " + widen + "(" + operandUnsigned + ")" +
           operands[1] + ")";
  };
  auto cast = [&]() { return "(" + cType->str() + ")" + operands[0]; };
  auto floatExtremum = [](const std::string &a, const std::string &b,
                          StringRef order, bool negativeZero) {
    std::string eitherNaN = "(isnan" + a + " || isnan" + b + ")";
    // Of two equal operands, the one whose sign the result takes.
    std::string zero = "(signbit" + a + " ? " +
                       (negativeZero ? a + " : " + b : b + " : " + a) + ")";
    return eitherNaN + " ? " + a + " + " + b + " : " + a + " == " + b +
           " ? " + zero + " : " + a + " " + order.str() + " " + b + " ? " +
           a + " : " + b;
  };
  bool fromBool = op->getNumOperands() &&
                  op->getOperand(0).getType().isSignlessInteger(1);
  // C++ bool arithmetic and ordering differ from arith's signed i1 (true
  // is -1): only bitwise logic, equality and selection are printed.
  if (fromBool &&
      !isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::SelectOp,
           arith::ExtSIOp, arith::ExtUIOp, arith::SIToFPOp, arith::IndexCastOp,
           arith::IndexCastUIOp, arith::UIToFPOp>(op)) {
    auto cmp = dyn_cast<arith::CmpIOp>(op);
    if (!cmp || (cmp.getPredicate() != arith::CmpIPredicate::eq &&
                 cmp.getPredicate() != arith::CmpIPredicate::ne))
      return op->emitOpError()
             << "computes on i1 values, which the translation prints only "
                "for bitwise logic, equality, selection and conversions";
  }
  std::optional<std::string> expr =
      llvm::TypeSwitch<Operation *, std::optional<std::string>>(op)
          // arith integers wrap; C++ signed overflow is undefined, so
          // wrapping arithmetic is computed unsigned.
          .Case<arith::AddIOp>([&](auto) { return unsignedBinary("+"); })
          .Case<arith::SubIOp>([&](auto) { return unsignedBinary("-"); })
          .Case<arith::MulIOp>([&](auto) { return unsignedProduct(); })
          .Case<arith::AddFOp>([&](auto) { return binary("+"); })
          .Case<arith::SubFOp>([&](auto) { return binary("-"); })
          .Case<arith::MulFOp>([&](auto) { return binary("*"); })
          .Case<arith::DivSIOp, arith::DivFOp>([&](auto) { return binary("/"); })
          .Case<arith::RemSIOp>([&](auto) { return binary("%"); })
          .Case<arith::DivUIOp>([&](auto) { return unsignedBinary("/"); })
          .Case<arith::RemUIOp>([&](auto) { return unsignedBinary("%"); })
          .Case<arith::AndIOp>([&](auto) { return binary("&"); })
          .Case<arith::OrIOp>([&](auto) { return binary("|"); })
          .Case<arith::XOrIOp>([&](auto) { return binary("^"); })
          .Case<arith::ShLIOp>([&](auto) { return unsignedBinary("<<"); })
          .Case<arith::ShRSIOp>([&](auto) { return binary(">>"); })
          .Case<arith::ShRUIOp>([&](auto) { return unsignedBinary(">>"); })
          .Case<arith::MaxSIOp>([&](auto) {
            return operands[0] + " > " + operands[1] + " ? " + operands[0] +
                   " : " + operands[1];
          })
          .Case<arith::MinSIOp>([&](auto) {
            return operands[0] + " < " + operands[1] + " ? " + operands[0] +
                   " : " + operands[1];
          })
          // IEEE 754-2019 maximum/minimum, as arith defines them: NaN if
          // either operand is NaN (their sum is), and +0 above -0 (equal
          // operands differ only in the sign of a zero).
          .Case<arith::MaximumFOp>([&](auto) {
            return floatExtremum(operands[0], operands[1], ">", false);
          })
          .Case<arith::MinimumFOp>([&](auto) {
            return floatExtremum(operands[0], operands[1], "<", true);
          })
          // maxnumf/minnumf: the other operand if one is NaN; of equal
          // operands (+0 and -0), the first.
          .Case<arith::MaxNumFOp>([&](auto) {
            return "isnan" + operands[0] + " ? " + operands[1] + " : isnan" +
                   operands[1] + " ? " + operands[0] + " : " + operands[1] +
                   " > " + operands[0] + " ? " + operands[1] + " : " +
                   operands[0];
          })
          .Case<arith::MinNumFOp>([&](auto) {
            return "isnan" + operands[0] + " ? " + operands[1] + " : isnan" +
                   operands[1] + " ? " + operands[0] + " : " + operands[1] +
                   " < " + operands[0] + " ? " + operands[1] + " : " +
                   operands[0];
          })
          .Case<arith::NegFOp>([&](auto) { return "-" + operands[0]; })
          // i1 is signed in arith: true sign-extends to -1.
          .Case<arith::ExtSIOp, arith::SIToFPOp>([&](auto) {
            return fromBool ? "(" + cType->str() + ")(" + operands[0] +
                                  " ? -1 : 0)"
                            : cast();
          })
          .Case<arith::TruncIOp, arith::IndexCastOp>([&](auto convert) {
            if (convert.getType().isSignlessInteger(1))
              return "((" + operands[0] + " & 1) != 0)";
            return fromBool ? "(" + cType->str() + ")(" + operands[0] +
                                  " ? -1 : 0)"
                            : cast();
          })
          // Zero-extended, or truncated, through the operand's unsigned
          // type.
          .Case<arith::ExtUIOp, arith::IndexCastUIOp>([&](auto convert) {
            if (convert.getType().isSignlessInteger(1))
              return "((" + operands[0] + " & 1) != 0)";
            return "(" + cType->str() + ")(" + operandUnsigned + ")" +
                   operands[0];
          })
          .Case<arith::ExtFOp, arith::TruncFOp>([&](auto) { return cast(); })
          .Case<arith::FPToSIOp>([&](arith::FPToSIOp convert)
                                     -> std::optional<std::string> {
            if (convert.getType().isSignlessInteger(1))
              return std::nullopt;
            return cast();
          })
          .Case<arith::SelectOp>([&](auto) {
            return operands[0] + " ? " + operands[1] + " : " + operands[2];
          })
          // IEEE: an ordered predicate is false and an unordered one true
          // when either operand is NaN, as C++'s relational operators and
          // their negations are.
          .Case<arith::CmpFOp>([&](arith::CmpFOp cmp) -> std::optional<std::string> {
            const std::string &a = operands[0], &b = operands[1];
            switch (cmp.getPredicate()) {
            case arith::CmpFPredicate::AlwaysFalse:
              return std::string("false");
            case arith::CmpFPredicate::AlwaysTrue:
              return std::string("true");
            case arith::CmpFPredicate::OEQ:
              return binary("==");
            case arith::CmpFPredicate::OGT:
              return binary(">");
            case arith::CmpFPredicate::OGE:
              return binary(">=");
            case arith::CmpFPredicate::OLT:
              return binary("<");
            case arith::CmpFPredicate::OLE:
              return binary("<=");
            case arith::CmpFPredicate::ONE:
              return "(" + a + " < " + b + " || " + a + " > " + b + ")";
            case arith::CmpFPredicate::ORD:
              return "(" + a + " == " + a + " && " + b + " == " + b + ")";
            case arith::CmpFPredicate::UEQ:
              return "!(" + a + " < " + b + " || " + a + " > " + b + ")";
            case arith::CmpFPredicate::UGT:
              return "!(" + a + " <= " + b + ")";
            case arith::CmpFPredicate::UGE:
              return "!(" + a + " < " + b + ")";
            case arith::CmpFPredicate::ULT:
              return "!(" + a + " >= " + b + ")";
            case arith::CmpFPredicate::ULE:
              return "!(" + a + " > " + b + ")";
            case arith::CmpFPredicate::UNE:
              return binary("!=");
            case arith::CmpFPredicate::UNO:
              return "(" + a + " != " + a + " || " + b + " != " + b + ")";
            }
            return std::nullopt;
          })
          .Case<arith::CmpIOp>([&](arith::CmpIOp cmp) -> std::optional<std::string> {
            switch (cmp.getPredicate()) {
            case arith::CmpIPredicate::eq:
              return binary("==");
            case arith::CmpIPredicate::ne:
              return binary("!=");
            case arith::CmpIPredicate::slt:
              return binary("<");
            case arith::CmpIPredicate::sle:
              return binary("<=");
            case arith::CmpIPredicate::sgt:
              return binary(">");
            case arith::CmpIPredicate::sge:
              return binary(">=");
            case arith::CmpIPredicate::ult:
              return "(" + operandUnsigned + ")" + operands[0] + " < (" +
                     operandUnsigned + ")" + operands[1];
            case arith::CmpIPredicate::ule:
              return "(" + operandUnsigned + ")" + operands[0] + " <= (" +
                     operandUnsigned + ")" + operands[1];
            case arith::CmpIPredicate::ugt:
              return "(" + operandUnsigned + ")" + operands[0] + " > (" +
                     operandUnsigned + ")" + operands[1];
            case arith::CmpIPredicate::uge:
              return "(" + operandUnsigned + ")" + operands[0] + " >= (" +
                     operandUnsigned + ")" + operands[1];
            }
            return std::nullopt;
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!expr)
    return op->emitOpError() << "has no orchestration C++ translation";
  std::string name = declare(result, op);
  os << "const " << *cType << " " << name << " = " << *expr << ";\n";
  return success();
}

FailureOr<std::string>
OrchestrationEmitter::emitDependencies(Operation *op, ValueRange deps,
                                       StringRef params) {
  SetVector<Value> unique(deps.begin(), deps.end());
  int64_t capacity = 0;
  for (Value dep : unique)
    capacity += isa<TaskIdArrayType>(dep.getType())
                    ? cast<TaskIdArrayType>(dep.getType()).getSize()
                    : 1;
  std::string array = freshName(params.str() + "_deps");
  std::string count = freshName(array + "_count");
  os << sp::kTaskIdType << " " << array << "[" << capacity << "];\n";
  os << "uint32_t " << count << " = 0;\n";
  for (Value dep : unique) {
    FailureOr<std::string> name = nameOf(dep, op);
    if (failed(name))
      return failure();
    if (auto arrayType = dyn_cast<TaskIdArrayType>(dep.getType())) {
      std::string k = freshName("k");
      os << "for (uint32_t " << k << " = 0; " << k << " < "
         << arrayType.getSize() << "; ++" << k << ") {\n";
      os.indent();
      os << "if (" << *name << "[" << k << "].is_valid()) " << array << "["
         << count << "++] = " << *name << "[" << k << "];\n";
      os.unindent();
      os << "}\n";
      taken.release(k);
    } else if (isAlwaysValidTaskId(dep)) {
      os << array << "[" << count << "++] = " << *name << ";\n";
    } else {
      os << "if (" << *name << ".is_valid()) " << array << "[" << count
         << "++] = " << *name << ";\n";
    }
  }
  os << params << ".set_dependencies(" << array << ", " << count << ");\n";
  return count;
}

LogicalResult OrchestrationEmitter::emitSubmit(SubmitOp op) {
  auto kernel = symbols.lookup<KernelOp>(op.getCalleeAttr().getAttr());
  if (op.getPredicate())
    return op.emitOpError() << "has a dispatch predicate, which the "
                               "translation does not support yet";
  unsigned task = taskCount++;
  std::string params =
      freshName(taskPrefix + "params_t" + std::to_string(task));
  std::string outs = taskPrefix + "task_" + std::to_string(task) + "_outs";
  os << "// Task " << task << ": @" << commentSafe(kernel.getName()) << "\n";
  // A task's argument list (about 1 KB) lives in a block of its own, so the
  // C++ compiler gives every task the same stack slot: straight-line code
  // of a thousand tasks would otherwise need a megabyte of stack. Only the
  // task id, or the outputs the runtime allocates, outlive the block.
  unsigned numTensorArgs = op.getNumTensorArgs();
  SmallVector<unsigned> writable = getWritableTensorArgIndices(kernel);
  bool keepsOutputs = llvm::any_of(
      llvm::zip_equal(op.getOuts(), writable),
      [&](auto pair) {
        auto [result, param] = pair;
        return op.isRuntimeAllocated(param) && !result.use_empty();
      });
  std::string taskIdName;
  std::optional<decltype(openBlock())> block;
  if (!keepsOutputs) {
    if (!op.getTaskId().use_empty()) {
      taskIdName = declare(op.getTaskId(), op);
      os << sp::kTaskIdType << " " << taskIdName << ";\n";
    }
    block.emplace(openBlock());
  }
  os << sp::kTaskArgsType << " " << params << ";\n";

  ArrayRef<Type> paramTypes = kernel.getArgumentTypes();
  unsigned numTensorParams = getNumTensorArgs(kernel);
  for (unsigned i = 0; i < numTensorParams; ++i) {
    Direction direction = getArgDirection(kernel, i);
    if (i >= numTensorArgs) {
      // A runtime-allocated output: described, not passed.
      auto type = cast<TensorType>(paramTypes[i]);
      FailureOr<StringRef> dataType = getDataType(type.getElementType());
      if (failed(dataType) || type.getRank() == 0 ||
          type.getLayout() != Layout::nd)
        return op.emitOpError() << "leaves the runtime to allocate " << type
                                << ", which it cannot (TensorCreateInfo "
                                   "takes a row-major shape of rank 1 or "
                                   "more)";
      std::string info = freshName(params + "_out" + std::to_string(i) + "_ci");
      std::string shapes = freshName(info + "_shapes");
      SmallVector<std::string> extents;
      for (int64_t extent : type.getShape()) {
        if (extent > std::numeric_limits<uint32_t>::max())
          return op.emitOpError()
                 << "leaves the runtime to allocate an extent of " << extent
                 << ", which does not fit its 32-bit shapes";
        extents.push_back(std::to_string(extent));
      }
      os << "uint32_t " << shapes << "[" << type.getRank() << "] = {"
         << llvm::join(extents, ", ") << "};\n";
      os << sp::kCreateInfoType << " " << info << "(" << shapes << ", "
         << type.getRank() << ", " << *dataType << ");\n";
      os << params << ".add_output(" << info << ");\n";
      continue;
    }
    if (failed(emitTensorArgument(params, op.getArgs()[i], direction, op)))
      return failure();
  }
  for (Value scalar : op.getArgs().drop_front(numTensorArgs))
    if (failed(emitScalarArgument(params, scalar, op)))
      return failure();
  if (!op.getDeps().empty() &&
      failed(emitDependencies(op, op.getDeps(), params)))
    return failure();
  if (Value coreNum = op.getCoreNum()) {
    std::string blocks;
    if (std::optional<int64_t> literal = getConstantIntValue(coreNum)) {
      blocks = std::to_string(*literal);
    } else {
      FailureOr<std::string> name = nameOf(coreNum, op);
      if (failed(name))
        return failure();
      blocks = "static_cast<" + std::string(sp::kBlockNumType) + ">(" +
               *name + ")";
    }
    os << params << "." << sp::kSetBlockNum << "(" << blocks << ");\n";
  }
  if (op.getRequireSyncStart())
    os << params << "." << sp::kSetRequireSyncStart << "(true);\n";
  if (op.getAllowEarlyResolve())
    os << params << "." << sp::kSetAllowEarlyResolve << "(true);\n";

  // Bind the results: tied ones name their operand's buffer.
  unsigned runtimeAllocated = 0;
  SmallVector<std::pair<Value, unsigned>> allocated;
  for (auto [result, param] : llvm::zip_equal(op.getOuts(), writable)) {
    if (!op.isRuntimeAllocated(param)) {
      FailureOr<std::string> name = nameOf(op.getArgs()[param], op);
      if (failed(name))
        return failure();
      bind(result, *name, /*isDeclaration=*/false);
      continue;
    }
    allocated.push_back({result, runtimeAllocated++});
  }
  std::string call;
  int64_t id = kernelIds.lookup(kernel);
  switch (kernel.getCoreType()) {
  case CoreType::aic:
    call = std::string(sp::kSubmitAic) + "(" + std::to_string(id) + ", " + params + ")";
    break;
  case CoreType::aiv:
    call = std::string(sp::kSubmitAiv) + "(" + std::to_string(id) + ", " + params + ")";
    break;
  case CoreType::mixed: {
    // {AIC lane, AIV lane 0, AIV lane 1 or none}.
    std::string mixed = freshName(taskPrefix + "mixed_" + std::to_string(task));
    os << sp::kMixedKernels << " " << mixed << " = {";
    ArrayAttr lanes = kernel.getLanesAttr();
    for (unsigned lane = 0; lane < 3; ++lane) {
      if (lane)
        os << ", ";
      if (lane < lanes.size())
        os << kernelIds.lookup(symbols.lookup<KernelOp>(
            cast<FlatSymbolRefAttr>(lanes[lane]).getAttr()));
      else
        os << sp::kInvalidKernelId;
    }
    os << "};\n";
    call = std::string(sp::kSubmitMixed) + "(" + mixed + ", " + params + ")";
    break;
  }
  }
  if (!keepsOutputs) {
    if (taskIdName.empty())
      os << call << ";\n";
    else
      os << taskIdName << " = " << call << ".task_id();\n";
    return success();
  }
  outs = freshName(outs);
  os << sp::kOutputsType << " " << outs << " = " << call << ";\n";
  for (auto [result, index] : allocated) {
    if (result.use_empty())
      continue;
    std::string name = declare(result, op);
    os << "const " << sp::kTensorType << "& " << name << " = " << outs << "."
       << sp::kGetRef << "(" << index << ");\n";
  }
  if (!op.getTaskId().use_empty()) {
    std::string name = declare(op.getTaskId(), op);
    os << sp::kTaskIdType << " " << name << " = " << outs << ".task_id();\n";
  }
  return success();
}

LogicalResult OrchestrationEmitter::emitDummy(TaskDummyOp op) {
  unsigned task = taskCount++;
  std::string params =
      freshName(taskPrefix + "params_t" + std::to_string(task));
  os << "// Task " << task << ": dummy barrier\n";
  bool mayBeEmpty = !op->hasAttr(PTODialect::getAlwaysSubmittedAttrName());
  // As for a launch, the argument list lives in a block of its own.
  bool used = !op.getTaskId().use_empty();
  std::string name;
  if (used) {
    name = declare(op.getTaskId(), op);
    os << sp::kTaskIdType << " " << name;
    if (mayBeEmpty)
      os << " = " << sp::kInvalidTaskId;
    os << ";\n";
  }
  auto closeBlock = openBlock();
  os << sp::kTaskArgsType << " " << params << ";\n";
  std::string count;
  if (!op.getDeps().empty()) {
    FailureOr<std::string> countName =
        emitDependencies(op, op.getDeps(), params);
    if (failed(countName))
      return failure();
    count = *countName;
  }
  std::string call =
      std::string(sp::kSubmitDummy) + "(" + params + ")";
  if (!mayBeEmpty) {
    // No dependency, or only valid ones: the barrier is always submitted.
    if (!used)
      os << call << ";\n";
    else
      os << name << " = " << call << ".task_id();\n";
    return success();
  }
  // Every dependency may be the invalid sentinel: a barrier over nothing
  // fences nothing, so it is submitted only if some edge survived.
  os << "if (" << count << " > 0) {\n";
  os.indent();
  if (used)
    os << name << " = " << call << ".task_id();\n";
  else
    os << call << ";\n";
  os.unindent();
  os << "}\n";
  return success();
}

FailureOr<std::string>
OrchestrationEmitter::emitIndexList(Operation *op, ArrayRef<int64_t> statics,
                                    ValueRange dynamics) {
  SmallVector<std::string> items;
  unsigned next = 0;
  for (int64_t value : statics) {
    if (!ShapedType::isDynamic(value)) {
      if (value > std::numeric_limits<uint32_t>::max())
        return op->emitOpError() << "uses the literal " << value
                                 << ", which does not fit the runtime's "
                                    "32-bit shapes and offsets";
      items.push_back(std::to_string(value));
      continue;
    }
    FailureOr<std::string> name = nameOf(dynamics[next++], op);
    if (failed(name))
      return failure();
    items.push_back("(uint32_t)(" + *name + ")");
  }
  return "{" + llvm::join(items, ", ") + "}";
}

LogicalResult OrchestrationEmitter::emitSlice(SliceOp op) {
  FailureOr<std::string> source = nameOf(op.getSource(), op);
  FailureOr<std::string> offsets =
      emitIndexList(op, op.getStaticOffsets(), op.getOffsets());
  FailureOr<std::string> sizes =
      emitIndexList(op, op.getStaticSizes(), op.getSizes());
  if (failed(source) || failed(offsets) || failed(sizes))
    return failure();
  int64_t rank = op.getType().getRank();
  std::string name = declare(op.getResult(), op);
  std::string shapesVar = freshName(name + "_shapes");
  std::string offsetsVar = freshName(name + "_offsets");
  os << "uint32_t " << shapesVar << "[" << rank << "] = " << *sizes << ";\n";
  os << "uint32_t " << offsetsVar << "[" << rank << "] = " << *offsets
     << ";\n";
  // The runtime's view() takes the window as given: a window the verifier
  // could not prove inside the source (a runtime offset or size, or a
  // source extent known only at run time) is clamped to what is left of
  // the source past the offset, and to 0 past its end.
  TensorType sourceType = op.getSource().getType();
  for (int64_t axis = 0; axis < rank; ++axis) {
    if (!ShapedType::isDynamic(op.getStaticOffsets()[axis]) &&
        !ShapedType::isDynamic(op.getStaticSizes()[axis]) &&
        !sourceType.isDynamicDim(axis))
      continue;
    std::string extent = *source + ".shapes[" + std::to_string(axis) + "]";
    std::string offset = offsetsVar + "[" + std::to_string(axis) + "]";
    std::string size = shapesVar + "[" + std::to_string(axis) + "]";
    os << size << " = " << offset << " >= " << extent << " ? 0u : (" << size
       << " < " << extent << " - " << offset << " ? " << size << " : "
       << extent << " - " << offset << ");\n";
  }
  os << sp::kTensorType << " " << name << " = " << *source << ".view("
     << shapesVar << ", " << offsetsVar << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitTranspose(TransposeOp op) {
  FailureOr<std::string> source = nameOf(op.getSource(), op);
  if (failed(source))
    return failure();
  std::string name = declare(op.getResult(), op);
  os << sp::kTensorType << " " << name << " = " << *source << ".transpose("
     << op.getAxis0Attr().getInt() << ", " << op.getAxis1Attr().getInt()
     << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitReshape(ReshapeOp op) {
  FailureOr<std::string> source = nameOf(op.getSource(), op);
  ArrayRef<int64_t> shape = op.getType().getShape();
  FailureOr<std::string> sizes = emitIndexList(op, shape, op.getSizes());
  if (failed(source) || failed(sizes))
    return failure();
  std::string name = declare(op.getResult(), op);
  std::string shapesVar = freshName(name + "_shapes");
  os << "uint32_t " << shapesVar << "[" << shape.size() << "] = " << *sizes
     << ";\n";
  os << sp::kTensorType << " " << name << " = " << *source << ".reshape("
     << shapesVar << ", " << shape.size() << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitSetOwner(SetOwnerOp op) {
  FailureOr<std::string> source = nameOf(op.getSource(), op);
  FailureOr<std::string> owner = nameOf(op.getOwner(), op);
  if (failed(source) || failed(owner))
    return failure();
  std::string name = declare(op.getResult(), op);
  os << sp::kTensorType << " " << name << " = " << *source << ";\n";
  os << name << "." << sp::kOwnerTaskId << " = " << *owner << ";\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitOwnerTaskId(OwnerTaskIdOp op) {
  FailureOr<std::string> source = nameOf(op.getSource(), op);
  if (failed(source))
    return failure();
  std::string name = declare(op.getResult(), op);
  os << sp::kTaskIdType << " " << name << " = " << *source << "."
     << sp::kOwnerTaskId << ";\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitDim(DimOp op) {
  int64_t axis = op.getAxisAttr().getInt();
  TensorType type = op.getSource().getType();
  if (!type.isDynamicDim(axis)) {
    bind(op.getResult(), "(int64_t)" + std::to_string(type.getDimSize(axis)),
         /*isDeclaration=*/false);
    return success();
  }
  FailureOr<std::string> source = nameOf(op.getSource(), op);
  if (failed(source))
    return failure();
  std::string name = declare(op.getResult(), op);
  os << "const int64_t " << name << " = (int64_t)" << *source << ".shapes["
     << axis << "];\n";
  return success();
}

/// A host access inside a Graph body runs only when the Graph is recorded:
/// its value would be frozen into the recording, and the Config carries
/// scalar parameters only. (Accesses in the orchestration function were
/// checked by analyzeHostControlTensors.)
static LogicalResult checkHostAccess(Operation *op) {
  auto graph = op->getParentOfType<GraphOp>();
  if (!graph)
    return success();
  return op->emitOpError()
         << "accesses a tensor on the host while Graph @" << graph.getName()
         << " is recorded: replay does not re-run the body, so the access "
            "would happen on the first call only; read host control data in "
            "the orchestration function and pass it as a scalar parameter";
}

LogicalResult OrchestrationEmitter::emitRead(ReadOp op) {
  if (failed(checkHostAccess(op)))
    return failure();
  FailureOr<StringRef> cType = getCType(op.getType());
  FailureOr<std::string> source = nameOf(op.getSource(), op);
  FailureOr<std::string> indices =
      emitIndexList(op, op.getStaticIndices(), op.getIndices());
  if (failed(cType))
    return op.emitOpError() << "reads " << op.getType()
                            << ", which has no C++ scalar type here";
  if (failed(source) || failed(indices))
    return failure();
  int64_t rank = op.getSource().getType().getRank();
  std::string name = declare(op.getResult(), op);
  std::string index = freshName(name + "_index");
  os << "uint32_t " << index << "[" << std::max<int64_t>(rank, 1)
     << "] = " << (rank ? *indices : "{0}") << ";\n";
  os << "const " << *cType << " " << name << " = " << sp::kGetTensorData << "<"
     << *cType << ">(" << *source << ", " << rank << ", " << index << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitWrite(WriteOp op) {
  if (failed(checkHostAccess(op)))
    return failure();
  FailureOr<StringRef> cType = getCType(op.getValue().getType());
  FailureOr<std::string> dest = nameOf(op.getDest(), op);
  FailureOr<std::string> value = nameOf(op.getValue(), op);
  FailureOr<std::string> indices =
      emitIndexList(op, op.getStaticIndices(), op.getIndices());
  if (failed(cType))
    return op.emitOpError() << "writes " << op.getValue().getType()
                            << ", which has no C++ scalar type here";
  if (failed(dest) || failed(value) || failed(indices))
    return failure();
  int64_t rank = op.getDest().getType().getRank();
  std::string index = freshName("write_index");
  os << "uint32_t " << index << "[" << std::max<int64_t>(rank, 1)
     << "] = " << (rank ? *indices : "{0}") << ";\n";
  os << sp::kSetTensorData << "<" << *cType << ">(" << *dest << ", " << rank
     << ", " << index << ", " << *value << ");\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitAssign(StringRef target, Value value,
                                               Operation *user) {
  FailureOr<std::string> name = nameOf(value, user);
  if (failed(name))
    return failure();
  if (*name == target)
    return success();
  if (auto array = dyn_cast<TaskIdArrayType>(value.getType())) {
    std::string k = freshName("k");
    os << "for (uint32_t " << k << " = 0; " << k << " < " << array.getSize()
       << "; ++" << k << ") " << target << "[" << k << "] = " << *name << "["
       << k << "];\n";
    taken.release(k);
    return success();
  }
  os << target << " = " << *name << ";\n";
  return success();
}

LogicalResult OrchestrationEmitter::emitParallelAssign(
    ArrayRef<std::string> targets, ValueRange values, Operation *user) {
  SmallVector<std::pair<std::string, Value>> moves;
  llvm::StringSet<> targetSet;
  for (auto [target, value] : llvm::zip_equal(targets, values)) {
    if (target.empty())
      continue;
    FailureOr<std::string> name = nameOf(value, user);
    if (failed(name))
      return failure();
    if (*name != target) {
      moves.push_back({target, value});
      targetSet.insert(target);
    }
  }
  bool overlapping = llvm::any_of(moves, [&](auto &move) {
    return targetSet.contains(names.lookup(move.second));
  });
  if (!overlapping) {
    for (auto &[target, value] : moves)
      if (failed(emitAssign(target, value, user)))
        return failure();
    return success();
  }
  // Read everything first, then write.
  SmallVector<std::string> staged;
  for (auto &[target, value] : moves) {
    std::string temp = freshName("next_" + target);
    if (failed(declareVariable(temp, value.getType(), user)) ||
        failed(emitAssign(temp, value, user)))
      return failure();
    staged.push_back(temp);
  }
  for (auto [move, temp] : llvm::zip_equal(moves, staged)) {
    if (auto array = dyn_cast<TaskIdArrayType>(move.second.getType())) {
      std::string k = freshName("k");
      os << "for (uint32_t " << k << " = 0; " << k << " < " << array.getSize()
         << "; ++" << k << ") " << move.first << "[" << k << "] = " << temp
         << "[" << k << "];\n";
      taken.release(k);
    } else {
      os << move.first << " = " << temp << ";\n";
    }
  }
  return success();
}

/// The C++ type of a variable holding a value of `type` (arrays excluded).
static FailureOr<std::string> getVariableType(Type type) {
  if (isa<TensorType>(type))
    return std::string(sp::kTensorType);
  if (isa<TaskIdType>(type))
    return std::string(sp::kTaskIdType);
  FailureOr<StringRef> cType = getCType(type);
  if (failed(cType))
    return failure();
  return cType->str();
}

LogicalResult
OrchestrationEmitter::declareVariable(StringRef name, Type type,
                                      Operation *user,
                                      std::optional<std::string> init) {
  if (auto array = dyn_cast<TaskIdArrayType>(type)) {
    os << sp::kTaskIdType << " " << name << "[" << array.getSize() << "];\n";
    return success();
  }
  FailureOr<std::string> cType = getVariableType(type);
  if (failed(cType))
    return user->emitOpError() << "needs a C++ variable of type " << type
                               << ", which the translation cannot declare";
  os << *cType << " " << name;
  if (init)
    os << " = " << *init;
  else if (isa<TaskIdType>(type))
    os << " = " << sp::kInvalidTaskId;
  else
    os << "{}";
  os << ";\n";
  return success();
}

FailureOr<ArrayRef<bool>>
OrchestrationEmitter::getResultVariables(Operation *op) {
  auto flags = op->getAttrOfType<DenseBoolArrayAttr>(
      PTODialect::getResultVariablesAttrName());
  if (!flags)
    return op->emitOpError()
           << "has no '" << PTODialect::getResultVariablesAttrName()
           << "' attribute: run pto-classify-result-variables before the "
              "translation";
  return flags.asArrayRef();
}

LogicalResult OrchestrationEmitter::checkNamesBuffer(Value value,
                                                     StringRef name,
                                                     Operation *user) {
  FailureOr<std::string> printed = nameOf(value, user);
  if (failed(printed))
    return failure();
  if (*printed == name)
    return success();
  return user->emitOpError()
         << "yields the buffer '" << *printed
         << "' where the IR records the buffer '" << name
         << "' and no variable: rerun pto-classify-result-variables after "
            "changing the IR";
}

LogicalResult OrchestrationEmitter::emitScope(ScopeOp op) {
  auto yield = cast<YieldOp>(op.getBody().front().getTerminator());
  FailureOr<ArrayRef<bool>> variables =
      op.getNumResults() ? getResultVariables(op) : ArrayRef<bool>();
  if (failed(variables))
    return failure();
  // A result with a variable is declared before the scope and assigned at
  // the yield; one without names a buffer from outside the scope.
  SmallVector<std::string> resultVars;
  for (auto [result, variable] : llvm::zip_equal(op.getResults(), *variables)) {
    if (!variable) {
      resultVars.push_back("");
      continue;
    }
    std::string name = declare(result, op);
    if (failed(declareVariable(name, result.getType(), op)))
      return failure();
    resultVars.push_back(name);
  }
  {
    auto close = openBlock(op.getManual() ? sp::kManualScope : sp::kScope);
    if (failed(emitBlock(op.getBody().front())) ||
        failed(emitParallelAssign(resultVars, yield.getOperands(), yield)))
      return failure();
  }
  for (auto [result, var, value] :
       llvm::zip_equal(op.getResults(), resultVars, yield.getOperands())) {
    if (!var.empty())
      continue;
    FailureOr<std::string> name = nameOf(value, op);
    if (failed(name))
      return failure();
    bind(result, *name, /*isDeclaration=*/false);
  }
  return success();
}

/// True if `iv += step` never exceeds the induction variable type's maximum
/// while iv < ub: a step of 1, or constant bounds with ub + step - 1 in range.
static bool cannotStepPastMaximum(scf::ForOp op) {
  APInt step, ub;
  if (!matchPattern(op.getStep(), m_ConstantInt(&step)))
    return false;
  // An unsigned step is positive; a signed one is (checked before).
  if (step.isOne())
    return true;
  if (!matchPattern(op.getUpperBound(), m_ConstantInt(&ub)))
    return false;
  unsigned width = op.getInductionVar().getType().isIndex()
                       ? 64
                       : op.getInductionVar().getType().getIntOrFloatBitWidth();
  // ub - 1 + step <= max, in a width where neither side overflows.
  if (op.getUnsignedCmp()) {
    APInt last = ub.zextOrTrunc(width + 2) - 1 + step.zextOrTrunc(width + 2);
    return last.ule(APInt::getMaxValue(width).zext(width + 2));
  }
  APInt max = APInt::getSignedMaxValue(width);
  APInt last = ub.sextOrTrunc(width + 2) - 1 + step.sextOrTrunc(width + 2);
  return last.sle(max.sext(width + 2));
}

LogicalResult OrchestrationEmitter::emitFor(scf::ForOp op) {
  auto carries = op->getAttrOfType<DenseBoolArrayAttr>(
      PTODialect::getCarryVariablesAttrName());
  if (!op.getInitArgs().empty() && !carries)
    return op.emitOpError()
           << "has no '" << PTODialect::getCarryVariablesAttrName()
           << "' attribute: run pto-classify-result-variables before the "
              "translation";

  APInt constantStep;
  if (matchPattern(op.getStep(), m_ConstantInt(&constantStep)) &&
      (op.getUnsignedCmp() ? constantStep.isZero()
                           : !constantStep.isStrictlyPositive()))
    return op.emitOpError() << "has the constant step "
                            << constantStep.getSExtValue()
                            << ": the loop would never end";

  FailureOr<StringRef> ivType = getCType(op.getInductionVar().getType());
  FailureOr<std::string> lb = nameOf(op.getLowerBound(), op);
  FailureOr<std::string> ub = nameOf(op.getUpperBound(), op);
  FailureOr<std::string> step = nameOf(op.getStep(), op);
  if (failed(ivType) || failed(lb) || failed(ub) || failed(step))
    return failure();
  // An unsigned loop compares and steps its counter as uint<N>_t of its
  // width (an i1 counter has no meaningful unsigned loop).
  Type ivIntType = op.getInductionVar().getType();
  unsigned ivWidth =
      ivIntType.isIndex() ? 64 : ivIntType.getIntOrFloatBitWidth();
  if (op.getUnsignedCmp() && ivWidth == 1)
    return op.emitOpError() << "compares an i1 counter unsigned: not "
                               "translated (use a wider counter)";
  std::string asUnsigned =
      op.getUnsignedCmp() ? "(uint" + std::to_string(ivWidth) + "_t)" : "";

  // Carries: a variable before the loop, or the buffer's own name.
  SmallVector<std::string> carryVars;
  for (auto [index, pair] : llvm::enumerate(
           llvm::zip_equal(op.getRegionIterArgs(), op.getInitArgs()))) {
    auto [iterArg, init] = pair;
    FailureOr<std::string> initName = nameOf(init, op);
    if (failed(initName))
      return failure();
    if (!carries[index]) {
      bind(iterArg, *initName, /*isDeclaration=*/false);
      carryVars.push_back(*initName);
      continue;
    }
    std::string name = declare(iterArg, op);
    bool isArray = isa<TaskIdArrayType>(init.getType());
    if (failed(declareVariable(name, init.getType(), op,
                               isArray ? std::nullopt
                                       : std::optional<std::string>(*initName))) ||
        (isArray && failed(emitAssign(name, init, op))))
      return failure();
    carryVars.push_back(name);
  }

  std::string iv = getRecordedName(op.getInductionVar(), op);
  // The loop runs for lb, lb + step, ... below ub, computed exactly. `iv +=
  // step` past the type's maximum would wrap (an i8 loop 100 to 127 step 50
  // never ended) or overflow: unless it provably cannot, the last step
  // lands on ub instead, the distance to ub taken as an unsigned 64-bit
  // number (exact for any iv < ub of 64 bits or fewer).
  std::string increment = iv + " += " + *step;
  if (!cannotStepPastMaximum(op)) {
    increment = iv + " = (uint64_t)" + asUnsigned + "(" + *ub +
                ") - (uint64_t)" + asUnsigned + iv + " > (uint64_t)" +
                asUnsigned + "(" + *step + ") ? (" + ivType->str() + ")(" +
                iv + " + " + *step + ") : " + *ub;
  }
  std::string condition =
      op.getUnsignedCmp()
          ? asUnsigned + iv + " < " + asUnsigned + "(" + *ub + ")"
          : iv + " < " + *ub;
  std::string header = "for (" + ivType->str() + " " + iv + " = " + *lb +
                       "; " + condition + "; " + increment + ")";
  auto yield = cast<scf::YieldOp>(op.getBody()->getTerminator());
  {
    auto close = openBlock(header);
    bind(op.getInductionVar(), iv);
    if (failed(emitBlock(*op.getBody())))
      return failure();
    // A carry without a variable hands back the buffer it received.
    SmallVector<std::string> targets;
    for (auto [index, pair] :
         llvm::enumerate(llvm::zip_equal(carryVars, yield.getOperands()))) {
      auto [var, value] = pair;
      targets.push_back(carries[index] ? var : "");
      if (!carries[index] && failed(checkNamesBuffer(value, var, yield)))
        return failure();
    }
    if (failed(emitParallelAssign(targets, yield.getOperands(), yield)))
      return failure();
  }
  // The carry variables (declared before the loop) outlive it.
  for (auto [result, var] : llvm::zip_equal(op.getResults(), carryVars))
    bind(result, var, /*isDeclaration=*/false);
  return success();
}

LogicalResult OrchestrationEmitter::emitIf(scf::IfOp op) {
  FailureOr<std::string> condition = nameOf(op.getCondition(), op);
  if (failed(condition))
    return failure();
  FailureOr<ArrayRef<bool>> variables =
      op.getNumResults() ? getResultVariables(op) : ArrayRef<bool>();
  if (failed(variables))
    return failure();
  // A result with a variable is declared before the if and assigned in each
  // branch; one without names the outside buffer both branches yield.
  SmallVector<std::string> resultVars;
  for (auto [result, variable] : llvm::zip_equal(op.getResults(), *variables)) {
    if (!variable) {
      resultVars.push_back("");
      continue;
    }
    std::string name = declare(result, op);
    if (failed(declareVariable(name, result.getType(), op)))
      return failure();
    resultVars.push_back(name);
  }
  auto emitBranch = [&](StringRef header, Region &region) -> LogicalResult {
    auto close = openBlock(header);
    Block &block = region.front();
    if (failed(emitBlock(block)))
      return failure();
    auto yield = cast<scf::YieldOp>(block.getTerminator());
    return emitParallelAssign(resultVars, yield.getOperands(), yield);
  };
  if (failed(emitBranch("if (" + *condition + ")", op.getThenRegion())))
    return failure();
  if (!op.getElseRegion().empty() &&
      failed(emitBranch("else", op.getElseRegion())))
    return failure();
  // Read after both branches closed: a name declared inside a branch is out
  // of scope here.
  for (auto [index, result] : llvm::enumerate(op.getResults())) {
    if (!resultVars[index].empty())
      continue;
    FailureOr<std::string> name =
        nameOf(op.thenYield().getOperand(index), op.thenYield());
    if (failed(name) ||
        failed(checkNamesBuffer(op.elseYield().getOperand(index), *name,
                                op.elseYield())))
      return failure();
    bind(result, *name, /*isDeclaration=*/false);
  }
  return success();
}

LogicalResult OrchestrationEmitter::emitArrayOp(Operation *op) {
  if (auto splat = dyn_cast<ArraySplatOp>(op)) {
    FailureOr<std::string> value = nameOf(splat.getValue(), op);
    if (failed(value))
      return failure();
    std::string name = declare(splat.getResult(), op);
    unsigned size = splat.getType().getSize();
    std::string k = freshName("k");
    os << sp::kTaskIdType << " " << name << "[" << size << "];\n";
    os << "for (uint32_t " << k << " = 0; " << k << " < " << size << "; ++"
       << k << ") " << name << "[" << k << "] = " << *value << ";\n";
    taken.release(k);
    return success();
  }
  if (auto get = dyn_cast<ArrayGetOp>(op)) {
    FailureOr<std::string> array = nameOf(get.getArray(), op);
    FailureOr<std::string> index = nameOf(get.getIndex(), op);
    if (failed(array) || failed(index))
      return failure();
    // A snapshot: a later update of the slot does not change it.
    std::string name = declare(get.getResult(), op);
    os << sp::kTaskIdType << " " << name << " = " << *array << "[" << *index
       << "];\n";
    return success();
  }
  // The dialect verified that the update is the array's last use, so the
  // array is updated in place.
  auto update = cast<ArrayUpdateOp>(op);
  FailureOr<std::string> array = nameOf(update.getArray(), op);
  FailureOr<std::string> index = nameOf(update.getIndex(), op);
  FailureOr<std::string> value = nameOf(update.getValue(), op);
  if (failed(array) || failed(index) || failed(value))
    return failure();
  os << *array << "[" << *index << "] = " << *value << ";\n";
  bind(update.getResult(), *array, /*isDeclaration=*/false);
  return success();
}

} // namespace

LogicalResult verifyPreparedForTranslation(ModuleOp module) {
  if (module->hasAttr(PTODialect::getPreparedAttrName()))
    return success();
  return module.emitError()
         << "has not been prepared for translation (no '"
         << PTODialect::getPreparedAttrName()
         << "' attribute): run `pto-opt --pto-orchestration-prepare-pipeline` "
            "on it first; the C++ prints the scopes, carries and barriers "
            "that pipeline records";
}

LogicalResult translateToOrchestrationCpp(ModuleOp module, raw_ostream &os) {
  if (failed(verifyPreparedForTranslation(module)))
    return failure();
  // Nothing is printed unless the whole module translates.
  std::string text;
  llvm::raw_string_ostream buffer(text);
  OrchestrationEmitter emitter(module, buffer);
  if (failed(emitter.emitModule()))
    return failure();
  os << text;
  return success();
}

} // namespace mlir::pto
