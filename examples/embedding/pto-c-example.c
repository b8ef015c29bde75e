/*===- pto-c-example.c - A C program on libPTO-C ---------------------------===
 *
 * Builds and inspects pto types and attributes through the C API, parses a
 * program, legalizes it with pto-graph-legalize-pipeline and prints what the
 * legalization added to the Graph's boundary. Prints one fact per line;
 * exits non-zero on the first failure.
 *
 *===----------------------------------------------------------------------===*/

#include "pto-c/Dialects.h"
#include "pto-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

#define CHECK(condition)                                                       \
  do {                                                                         \
    if (!(condition)) {                                                        \
      fprintf(stderr, "failed: %s (line %d)\n", #condition, __LINE__);         \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static const char *program =
    "module attributes {pto.runtime = #pto.runtime<host_build_graph>} {\n"
    "  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> "
    "{pto.direction = #pto.direction<inout>})\n"
    "  pto.graph @layer(%w: !pto.tensor<16x16xf32> "
    "{pto.direction = #pto.direction<inout>} loc(\"w\"), %i: index) {\n"
    "    %c4 = arith.constant 4 : index\n"
    "    %row = arith.muli %i, %c4 : index\n"
    "    %v = pto.slice %w[%row, 0] [4, 16] : !pto.tensor<16x16xf32> to "
    "!pto.tensor<4x16xf32>\n"
    "    %v1, %t = pto.submit @k(%v) : (!pto.tensor<4x16xf32>) -> "
    "!pto.tensor<4x16xf32>\n"
    "    pto.return\n"
    "  }\n"
    "  pto.orchestration @main(%w: !pto.tensor<16x16xf32> "
    "{pto.direction = #pto.direction<inout>}, %i: index) {\n"
    "    pto.call @layer(%w, %i) : (!pto.tensor<16x16xf32>, index) -> ()\n"
    "    pto.return\n"
    "  }\n"
    "}\n";

static void printString(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static MlirStringRef string(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

int main(void) {
  MlirContext context = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__pto__(), registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__arith__(), registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__func__(), registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__scf__(), registry);
  mlirContextAppendDialectRegistry(context, registry);
  mlirDialectRegistryDestroy(registry);

  /* Types. */
  int64_t shape[] = {16, mlirShapedTypeGetDynamicSize()};
  MlirType f32 = mlirF32TypeGet(context);
  MlirType tensor = mlirPTOTensorTypeGet(2, shape, f32, MlirPTOLayoutND);
  CHECK(mlirTypeIsAPTOTensorType(tensor));
  CHECK(mlirPTOTensorTypeGetRank(tensor) == 2);
  CHECK(mlirPTOTensorTypeGetDimSize(tensor, 0) == 16);
  CHECK(mlirTypeIsAF32(mlirPTOTensorTypeGetElementType(tensor)));
  printf("tensor type: ");
  mlirTypePrint(tensor, printString, NULL);
  printf("\n");
  /* An invalid element type is a diagnostic and a null type. */
  CHECK(!mlirPTOTensorTypeIsValidElementType(mlirF64TypeGet(context)));
  MlirType ids = mlirPTOTaskIdArrayTypeGet(context, 8);
  CHECK(mlirTypeIsAPTOTaskIdArrayType(ids) &&
        mlirPTOTaskIdArrayTypeGetSize(ids) == 8);
  printf("task id array type: ");
  mlirTypePrint(ids, printString, NULL);
  printf("\n");

  /* The program: its runtime, and a kernel parameter's direction. */
  MlirModule module = mlirModuleCreateParse(context, string(program));
  CHECK(!mlirModuleIsNull(module));
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  MlirAttribute runtime =
      mlirOperationGetAttributeByName(moduleOp, string("pto.runtime"));
  CHECK(mlirAttributeIsAPTORuntimeAttr(runtime));
  MlirStringRef keyword =
      mlirPTORuntimeGetKeyword(mlirPTORuntimeAttrGetValue(runtime));
  printf("runtime: %.*s\n", (int)keyword.length, keyword.data);
  MlirOperation kernel = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirAttribute argAttrs =
      mlirOperationGetAttributeByName(kernel, string("arg_attrs"));
  MlirAttribute direction = mlirDictionaryAttrGetElementByName(
      mlirArrayAttrGetElement(argAttrs, 0), string("pto.direction"));
  CHECK(mlirAttributeIsAPTODirectionAttr(direction));
  CHECK(mlirPTODirectionAttrGetValue(direction) == MlirPTODirectionInOut);

  /* Legalize, then read what the Graph's new parameter stands for. */
  mlirRegisterPTOGraphLegalizePipeline();
  MlirPassManager pm = mlirPassManagerCreate(context);
  MlirOpPassManager top = mlirPassManagerGetAsOpPassManager(pm);
  CHECK(mlirLogicalResultIsSuccess(mlirOpPassManagerAddPipeline(
      top, string("pto-graph-legalize-pipeline"), printString, NULL)));
  CHECK(mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, moduleOp)));
  MlirOperation graph = mlirOperationGetNextInBlock(kernel);
  MlirAttribute graphArgs =
      mlirOperationGetAttributeByName(graph, string("arg_attrs"));
  CHECK(mlirArrayAttrGetNumElements(graphArgs) == 1);
  MlirAttribute hoisted = mlirDictionaryAttrGetElementByName(
      mlirArrayAttrGetElement(graphArgs, 0), string("pto.hoisted"));
  CHECK(mlirAttributeIsAPTOHoistedAttr(hoisted));
  MlirStringRef kind =
      mlirPTOHoistedKindGetKeyword(mlirPTOHoistedAttrGetKind(hoisted));
  MlirStringRef of = mlirStringAttrGetValue(mlirPTOHoistedAttrGetOf(hoisted));
  printf("hoisted: %.*s of %.*s\n", (int)kind.length, kind.data,
         (int)of.length, of.data);

  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}
