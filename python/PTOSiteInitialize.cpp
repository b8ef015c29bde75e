//===- PTOSiteInitialize.cpp - pto_mlir site initializer ------------------===//
//
// Loaded by pto_mlir._mlir_libs._site_initialize(): inserts the dialects a
// pto program uses into the registry every new Context starts from.
//
//===----------------------------------------------------------------------===//

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/ControlFlow.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "pto-c/Analysis.h"
#include "pto-c/Dialects.h"
#include "pto-c/Parser.h"
#include "pto-c/Passes.h"
#include "pto-c/Remarks.h"
#include "pto-c/RuntimeLimits.h"
#include "pto-c/Translate.h"
#include "mlir-c/Transforms.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <optional>
#include <set>
#include <string_view>
#include <vector>


NB_MODULE(_site_initialize_0, m) {
  m.doc() = "Registers the pto, arith, scf and func dialects, the pto passes "
            "and the generic upstream passes pto pipelines use.";
  mlirRegisterPTOPasses();
  mlirRegisterPTOGraphLegalizePipeline();
  mlirRegisterPTOOrchestrationPreparePipeline();
  mlirRegisterTransformsCanonicalizer();
  mlirRegisterTransformsCSE();
  mlirRegisterTransformsSymbolDCE();
  mlirRegisterTransformsSCCP();

  // The compiler's one definition of each runtime limit.
  m.attr("ALLOC_TENSORS_ARGS") = mlirPTOGetAllocTensorsArgs();
  m.attr("GRAPH_MAX_TENSOR_ARGS") = mlirPTOGetGraphMaxTensorArgs();
  m.attr("GRAPH_MAX_SCALAR_ARGS") = mlirPTOGetGraphMaxScalarArgs();
  m.attr("GRAPH_MAX_NODES") = mlirPTOGetGraphMaxNodes();

  // The C API answers -1 where Python expects None.
  auto noneIfNegative = [](int64_t value) {
    return value < 0 ? std::nullopt : std::optional<int64_t>(value);
  };
  m.def(
      "count_recorded_nodes",
      [=](MlirOperation graph) {
        return noneIfNegative(mlirPTOGraphCountRecordedNodes(graph));
      },
      nanobind::arg("graph"),
      "The nodes one recording of a pto.graph op holds, as the compiler's "
      "legality rules count them; None for another op.");
  m.def(
      "graph_heap_bytes",
      [](MlirOperation graph)
          -> std::optional<std::tuple<uint64_t, bool>> {
        uint64_t bytes = 0;
        bool exact = true;
        if (!mlirPTOGraphGetHeapBytes(graph, &bytes, &exact))
          return std::nullopt;
        return std::make_tuple(bytes, exact);
      },
      nanobind::arg("graph"),
      "(bytes, exact): the graph-heap bytes one call of a pto.graph op "
      "allocates, as the compiler measures them; None for another op.");
  m.def(
      "orchestration_heap_use",
      [](MlirOperation entry)
          -> std::optional<std::tuple<uint64_t, uint64_t, bool>> {
        uint64_t bytes = 0, calls = 0;
        bool exact = true;
        if (!mlirPTOOrchestrationGetHeapUse(entry, &bytes, &calls, &exact))
          return std::nullopt;
        return std::make_tuple(bytes, calls, exact);
      },
      nanobind::arg("entry"),
      "(bytes, allocation_calls, exact): what one run of a "
      "pto.orchestration op allocates from the orchestration heap and the "
      "runtime allocation calls it makes, as the compiler counts them; None "
      "for another op.");
  m.def(
      "call_site_heap_bytes",
      [](MlirOperation graph, std::vector<MlirOperation> callers)
          -> std::optional<std::tuple<uint64_t, uint64_t, uint64_t, bool>> {
        uint64_t perCall = 0, perRun = 0, calls = 0;
        bool exact = true;
        if (!mlirPTOGraphGetCallSiteHeapBytes(graph, callers.size(),
                                              callers.data(), &perCall,
                                              &perRun, &calls, &exact))
          return std::nullopt;
        return std::make_tuple(perCall, perRun, calls, exact);
      },
      nanobind::arg("graph"), nanobind::arg("callers"),
      "(per_call, per_run, allocation_calls, exact): the orchestration-heap "
      "bytes the callers (pto.call ops) of a pto.graph op allocate for its "
      "hoisted allocations, for one call and over one run, and the "
      "allocation calls that make them over one run, as the compiler counts "
      "them; None if graph is not a pto.graph or a caller not a call of "
      "it.");
  m.def(
      "print_with_locations",
      [](MlirOperation op) {
        // In one piece: the bindings' own get_asm calls back into Python
        // for every token printed, which cost more than printing.
        std::string text;
        MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
        mlirOpPrintingFlagsEnableDebugInfo(flags, /*enable=*/true,
                                           /*prettyForm=*/false);
        mlirOpPrintingFlagsPrintNameLocAsPrefix(flags);
        mlirOpPrintingFlagsAssumeVerified(flags);
        mlirPTOOperationPrintInOnePiece(
            op, flags,
            [](MlirStringRef piece, void *userData) {
              static_cast<std::string *>(userData)->append(piece.data,
                                                           piece.length);
            },
            &text);
        mlirOpPrintingFlagsDestroy(flags);
        return text;
      },
      nanobind::arg("op"),
      "The op printed with its locations, SSA names from its name "
      "locations, and no verification (the caller verified it): what "
      "get_asm(enable_debug_info=True, use_name_loc_as_prefix=True, "
      "assume_verified=True) prints, in a fraction of its time.");
  m.def(
      "describe_graphs",
      [](MlirOperation module,
         bool parameters) -> std::optional<std::string> {
        std::string json;
        auto append = [](MlirStringRef piece, void *userData) {
          static_cast<std::string *>(userData)->append(piece.data,
                                                       piece.length);
        };
        if (!mlirPTOModuleDescribeGraphs(module, parameters, append, &json))
          return std::nullopt;
        return json;
      },
      nanobind::arg("module"), nanobind::arg("parameters") = true,
      "JSON: per pto.graph of a builtin.module, its parameters (unless "
      "`parameters` is False), recorded nodes, graph-heap use, callers and "
      "call-site heap use, as the compiler computes them, in one walk; None "
      "for another op.");
  m.def(
      "constant_trip_count",
      [=](MlirOperation op) {
        return noneIfNegative(mlirPTOForOpGetConstantTripCount(op));
      },
      nanobind::arg("op"),
      "The trip count of an scf.for of integer-constant bounds and step "
      "(the compiler's), or None.");
  m.def(
      "executions_per_call",
      [](MlirOperation op) -> std::optional<std::tuple<uint64_t, bool>> {
        uint64_t count = 1;
        bool exact = true;
        if (!mlirPTOOperationGetExecutionsPerCall(op, &count, &exact))
          return std::nullopt;
        return std::make_tuple(count, exact);
      },
      nanobind::arg("op"),
      "(count, exact): how often an op runs per execution of the pto.graph "
      "or pto.orchestration around it, as the compiler counts it; None "
      "outside both.");
  m.def(
      "register_dialects",
      [](MlirDialectRegistry registry) {
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__pto__(), registry);
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__arith__(),
                                       registry);
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__cf__(), registry);
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__scf__(), registry);
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__func__(),
                                       registry);
      },
      nanobind::arg("registry"));
  // Both translations print through a callback into one Python string.
  auto translation = [](MlirLogicalResult (*translate)(
                            MlirOperation, MlirStringCallback, void *)) {
    return [translate](MlirOperation module) -> nanobind::object {
      std::string text;
      MlirLogicalResult result = translate(
          module,
          [](MlirStringRef chunk, void *userData) {
            static_cast<std::string *>(userData)->append(chunk.data,
                                                         chunk.length);
          },
          &text);
      if (mlirLogicalResultIsFailure(result))
        return nanobind::none();
      return nanobind::str(text.data(), text.size());
    };
  };
  m.def("translate_to_orchestration_cpp",
        translation(mlirPTOTranslateToOrchestrationCpp),
        nanobind::arg("module"),
        "Prints a prepared pto module as orchestration C++; None on failure "
        "(the diagnostics go to the context's handlers).");
  m.def("translate_to_argument_metadata",
        translation(mlirPTOTranslateToArgumentMetadata),
        nanobind::arg("module"),
        "Prints the orchestration entry's argument metadata (JSON); None on "
        "failure (the diagnostics go to the context's handlers).");
  m.def(
      "find_unparsable_syntax",
      [](const std::string &source) {
        nanobind::list found;
        mlirPTOFindUnparsableSyntax(
            mlirStringRefCreate(source.data(), source.size()),
            [](intptr_t line, intptr_t column, MlirStringRef message,
               void *userData) {
              static_cast<nanobind::list *>(userData)->append(nanobind::make_tuple(
                  line, column, nanobind::str(message.data, message.length)));
            },
            &found);
        return found;
      },
      nanobind::arg("source"),
      "Returns (line, column, message) for each construct of `source` the "
      "bundled MLIR parser would abort on.");
  m.def(
      "parse_source_file",
      [](MlirContext context, const std::string &path, bool verify,
         bool nameLocations) -> std::optional<MlirModule> {
        MlirModule module = mlirPTOParseSourceFile(
            context, mlirStringRefCreate(path.data(), path.size()), verify,
            nameLocations);
        if (mlirModuleIsNull(module))
          return std::nullopt;
        return module;
      },
      nanobind::arg("context"), nanobind::arg("path"),
      nanobind::arg("verify") = true, nanobind::arg("name_locations") = false,
      "Parses a pto IR file as pto-opt does; None on failure (the "
      "diagnostics go to the context's handlers). `name_locations` gives "
      "values their source SSA names as name locations.");
  // Remarks reach a Python callable as (kind, name, category, function,
  // location, message, [(key, value, attribute or None)]).
  m.def(
      "enable_remarks",
      [](MlirContext context, const std::string &categories,
         nanobind::callable callback,
         std::optional<std::vector<std::string>> names) {
        // What the remarks go to; only remarks named in `names` (all when
        // unset) become Python objects: a pass may remark per op.
        struct Receiver {
          nanobind::callable callback;
          std::optional<std::set<std::string, std::less<>>> names;
        };
        auto *stored = new Receiver{std::move(callback), std::nullopt};
        if (names)
          stored->names.emplace(names->begin(), names->end());
        // The context keeps no handle to free: park it on the context's
        // Python object so it lives as long as the context.
        MlirLogicalResult result = mlirPTOContextEnableRemarks(
            context,
            mlirStringRefCreate(categories.data(), categories.size()),
            [](const MlirPTORemark *remark, void *userData) {
              auto *receiver = static_cast<Receiver *>(userData);
              if (receiver->names &&
                  !receiver->names->count(std::string_view(
                      remark->name.data, remark->name.length)))
                return;
              nanobind::gil_scoped_acquire gil;
              auto str = [](MlirStringRef ref) {
                return nanobind::str(ref.data, ref.length);
              };
              static const char *kinds[] = {"passed", "missed", "failure",
                                            "analysis"};
              nanobind::list args;
              for (intptr_t i = 0; i < remark->numArgs; ++i) {
                const MlirPTORemarkArg &arg = remark->args[i];
                nanobind::object attribute = nanobind::none();
                if (!mlirAttributeIsNull(arg.attribute))
                  attribute = nanobind::cast(arg.attribute);
                args.append(nanobind::make_tuple(str(arg.key), str(arg.value),
                                                 attribute));
              }
              receiver->callback(kinds[remark->kind], str(remark->name),
                                 str(remark->category), str(remark->function),
                                 remark->location, str(remark->message), args);
            },
            stored);
        if (mlirLogicalResultIsFailure(result)) {
          delete stored;
          throw nanobind::value_error(
              ("invalid remark category expression '" + categories +
               "': not a regular expression")
                  .c_str());
        }
        return nanobind::capsule(stored, [](void *p) noexcept {
          delete static_cast<Receiver *>(p);
        });
      },
      nanobind::arg("context"), nanobind::arg("categories"),
      nanobind::arg("callback"), nanobind::arg("names").none() = nanobind::none(),
      "Calls `callback` on every remark whose category matches the regular "
      "expression `categories` and, if `names` is given, whose name is one "
      "of them; returns a handle that must outlive the remarks (pass it to "
      "disable_remarks).");
  m.def(
      "disable_remarks",
      [](MlirContext context, nanobind::capsule handle) {
        mlirPTOContextDisableRemarks(context);
        (void)handle;
      },
      nanobind::arg("context"), nanobind::arg("handle"),
      "Turns the remarks enable_remarks turned on off again.");
  // Every parse entry point of this package's bindings runs that check.
  nanobind::module_::import_("pto_mlir._parse_guard")
      .attr("install")(m.attr("find_unparsable_syntax"));
}
