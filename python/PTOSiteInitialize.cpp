//===- PTOSiteInitialize.cpp - pto_mlir site initializer ------------------===//
//
// Loaded by pto_mlir._mlir_libs._site_initialize(): inserts the dialects a
// pto program uses into the registry every new Context starts from.
//
//===----------------------------------------------------------------------===//

#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "pto-c/Analysis.h"
#include "pto-c/Dialects.h"
#include "pto-c/Parser.h"
#include "pto-c/Passes.h"
#include "pto-c/RuntimeLimits.h"
#include "pto-c/Translate.h"
#include "mlir-c/Transforms.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/tuple.h>

#include <optional>


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
      "constant_trip_count",
      [=](MlirOperation op) {
        return noneIfNegative(mlirPTOForOpGetConstantTripCount(op));
      },
      nanobind::arg("op"),
      "The trip count of an scf.for of integer-constant bounds and step "
      "(the compiler's), or None.");
  m.def(
      "register_dialects",
      [](MlirDialectRegistry registry) {
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__pto__(), registry);
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__arith__(),
                                       registry);
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
  // Every parse entry point of this package's bindings runs that check.
  nanobind::module_::import_("pto_mlir._parse_guard")
      .attr("install")(m.attr("find_unparsable_syntax"));
}
