//===- LegalizeCppNames.cpp - Name the values of the C++ ------------------===//
//
// Gives every value the C++ translation declares a variable for its
// identifier, once, and records it in the IR (cf. CIRCT's LegalizeNames for
// ExportVerilog). The translation prints these names and picks only the
// names of its own helper variables.
//
//===----------------------------------------------------------------------===//

#include "pto/Transforms/Passes.h"

#include "pto/Support/UserNames.h"
#include "pto/Target/Cpp/CppNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::pto {
#define GEN_PASS_DEF_LEGALIZECPPNAMES
#include "pto/Transforms/Passes.h.inc"

namespace {

/// The flags of `name` on `op` (`pto.result_variables` or
/// `pto.carry_variables`); all true when absent, so that the translation,
/// not this pass, diagnoses the missing decision.
static SmallVector<bool> getVariableFlags(Operation *op, StringRef name,
                                          unsigned count) {
  if (auto flags = op->getAttrOfType<DenseBoolArrayAttr>(name))
    return SmallVector<bool>(flags.asArrayRef());
  return SmallVector<bool>(count, true);
}

class CppNamer {
public:
  explicit CppNamer(ModuleOp module) : module(module), symbols(module) {}

  void run();

private:
  /// A fresh name for `value` from its user name, else from `fallback`.
  std::string name(Value value, StringRef fallback) {
    return names.fresh(getUserName(value).value_or(fallback));
  }
  /// Names the results of `op` the translation declares (in declaration
  /// order) and records them; "" for a result printed as another value.
  void nameResults(Operation *op);
  /// Names every value of `block`'s ops, in the order they are printed.
  void nameBlock(Block &block);
  void nameFor(scf::ForOp loop);
  static void setNames(Operation *op, StringRef attrName,
                       ArrayRef<std::string> values);

  ModuleOp module;
  SymbolTable symbols;
  CppNameTable names;
};

void CppNamer::setNames(Operation *op, StringRef attrName,
                        ArrayRef<std::string> values) {
  if (llvm::all_of(values, [](const std::string &v) { return v.empty(); })) {
    op->removeAttr(attrName);
    return;
  }
  Builder builder(op->getContext());
  SmallVector<StringRef> refs(values.begin(), values.end());
  op->setAttr(attrName, builder.getStrArrayAttr(refs));
}

void CppNamer::nameResults(Operation *op) {
  SmallVector<std::string> result(op->getNumResults());
  auto nameAll = [&](StringRef fallback) {
    for (OpResult value : op->getResults())
      result[value.getResultNumber()] = name(value, fallback);
  };
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](SubmitOp submit) {
        // Tied results print as their operand; a runtime-allocated output
        // and the task id are declared only if read.
        auto kernel = symbols.lookup<KernelOp>(submit.getCalleeAttr().getAttr());
        if (!kernel)
          return;
        SmallVector<unsigned> writable = getWritableTensorArgIndices(kernel);
        for (auto [value, param] : llvm::zip(submit.getOuts(), writable))
          if (submit.isRuntimeAllocated(param) && !value.use_empty())
            result[cast<OpResult>(value).getResultNumber()] =
                name(value, "out");
        Value taskId = submit.getTaskId();
        if (!taskId.use_empty())
          result[cast<OpResult>(taskId).getResultNumber()] =
              name(taskId, "tid");
      })
      .Case([&](TaskDummyOp dummy) {
        if (!dummy.getTaskId().use_empty())
          result[0] = name(dummy.getTaskId(), "barrier");
      })
      .Case([&](AllocTensorsOp alloc) {
        for (OpResult value : alloc.getResults())
          result[value.getResultNumber()] = names.fresh(
              alloc.getResultName(value.getResultNumber()).value_or("tmp"));
      })
      .Case([&](SliceOp) { nameAll("view"); })
      .Case([&](CreateInfoOp) { nameAll("ci"); })
      .Case([&](FullOp) { nameAll("filled"); })
      .Case([&](TransposeOp) { nameAll("transposed"); })
      .Case([&](ReshapeOp) { nameAll("reshaped"); })
      .Case([&](SetOwnerOp) { nameAll("owned"); })
      .Case([&](OwnerTaskIdOp) { nameAll("owner_tid"); })
      .Case([&](DimOp dim) {
        // A static extent prints as its literal.
        if (dim.getSource().getType().isDynamicDim(dim.getAxisAttr().getInt()))
          nameAll("dim");
      })
      .Case([&](ReadOp) { nameAll("value"); })
      .Case([&](ArraySplatOp) { nameAll("task_ids"); })
      .Case([&](ArrayGetOp) { nameAll("task_id"); })
      .Case<scf::IfOp, ScopeOp>([&](auto) {
        SmallVector<bool> flags =
            getVariableFlags(op, PTODialect::getResultVariablesAttrName(),
                             op->getNumResults());
        StringRef fallback = isa<ScopeOp>(op) ? "scoped" : "selected";
        for (OpResult value : op->getResults())
          if (flags[value.getResultNumber()])
            result[value.getResultNumber()] = name(value, fallback);
      })
      .Default([&](Operation *other) {
        // Constants print as literals; other arith ops are declared.
        if (!isa<arith::ArithDialect>(other->getDialect()) ||
            other->hasTrait<OpTrait::ConstantLike>())
          return;
        bool tensor = llvm::any_of(other->getResultTypes(), [](Type t) {
          return isa<TensorType>(t);
        });
        nameAll(tensor ? "selected" : "v");
      });
  setNames(op, PTODialect::getCppNamesAttrName(), result);
}

void CppNamer::nameFor(scf::ForOp loop) {
  // Carries are declared before the loop, then the induction variable.
  SmallVector<bool> flags =
      getVariableFlags(loop, PTODialect::getCarryVariablesAttrName(),
                       loop.getInitArgs().size());
  SmallVector<std::string> args(loop.getBody()->getNumArguments());
  for (auto [index, iterArg] : llvm::enumerate(loop.getRegionIterArgs()))
    if (flags[index])
      args[iterArg.getArgNumber()] = name(iterArg, "carry");
  args[0] = name(loop.getInductionVar(), "i");
  setNames(loop, PTODialect::getCppArgNamesAttrName(), args);
  nameBlock(*loop.getBody());
}

void CppNamer::nameBlock(Block &block) {
  for (Operation &op : block) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      nameFor(loop);
      continue;
    }
    nameResults(&op);
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        nameBlock(nested);
  }
}

void CppNamer::run() {
  OrchestrationOp entry;
  for (auto func : module.getOps<OrchestrationOp>())
    entry = func;
  StringRef entryName = entry ? entry.getName() : "orchestration";
  // Graph functions precede the entry in the C++.
  for (GraphOp graph : module.getOps<GraphOp>()) {
    graph->setAttr(PTODialect::getCppNameAttrName(),
                   StringAttr::get(module.getContext(),
                                   names.fresh(entryName.str() + "_graph_" +
                                               graph.getName().str())));
    SmallVector<std::string> args;
    unsigned tensors = 0, scalars = 0;
    for (BlockArgument arg : graph.getArguments())
      args.push_back(name(arg, isa<TensorType>(arg.getType())
                                   ? "tensor" + std::to_string(tensors++)
                                   : "scalar" + std::to_string(scalars++)));
    setNames(graph, PTODialect::getCppArgNamesAttrName(), args);
    nameBlock(graph.getBody().front());
  }
  if (!entry)
    return;
  SmallVector<std::string> args;
  unsigned scalars = 0;
  for (BlockArgument arg : entry.getArguments()) {
    if (isa<TensorType>(arg.getType()))
      args.push_back(names.fresh(
          "ext_" + getUserName(arg)
                       .value_or("arg" + std::to_string(arg.getArgNumber()))
                       .str()));
    else
      args.push_back(name(arg, "scalar" + std::to_string(scalars++)));
  }
  setNames(entry, PTODialect::getCppArgNamesAttrName(), args);
  nameBlock(entry.getBody().front());
}

struct LegalizeCppNamesPass
    : impl::LegalizeCppNamesBase<LegalizeCppNamesPass> {
  void runOnOperation() override { CppNamer(getOperation()).run(); }
};

} // namespace

} // namespace mlir::pto
