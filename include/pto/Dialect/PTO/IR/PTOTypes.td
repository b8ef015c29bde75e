//===- PTOTypes.td - PTO types -----------------------------*- tablegen -*-===//

#ifndef PTO_DIALECT_PTO_IR_PTOTYPES_TD
#define PTO_DIALECT_PTO_IR_PTOTYPES_TD

include "pto/Dialect/PTO/IR/PTODialect.td"
include "pto/Dialect/PTO/IR/PTOAttrs.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class PTO_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<PTO_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def PTO_TensorType : PTO_Type<"Tensor", "tensor", [
    DeclareTypeInterfaceMethods<ShapedTypeInterface, ["cloneWith", "hasRank"]>
  ]> {
  let summary = "A device or host tensor: a buffer reference with a shape";
  let description = [{
    A tensor in global memory, passed to tasks by reference. The shape lists
    one extent per axis; `?` is an extent known only at run time (read it with
    `pto.dim`). The element type is a builtin float (`f16`, `bf16`, `f32`) or
    signless integer (`i1` to `i64`), or `ui8` for a byte buffer the
    runtime types `UINT8` (a host read or write has no scalar of that
    type). The optional layout is `nd` (row
    major, the default, not printed) or `dn` (column major).

    ```mlir
    !pto.tensor<16x128xf32>
    !pto.tensor<?x128xbf16>
    !pto.tensor<128x16xf16, dn>
    ```

    Values of this type have reference semantics: a launch that writes a
    tensor rebinds it to a tied result naming the same buffer.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "extent per axis; ShapedType::kDynamic for `?`">:$shape,
    "::mlir::Type":$elementType,
    DefaultValuedParameter<"::mlir::pto::Layout", "::mlir::pto::Layout::nd",
                           "memory layout">:$layout
  );
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        CArg<"::mlir::pto::Layout", "::mlir::pto::Layout::nd">:$layout), [{
      return $_get(elementType.getContext(), shape, elementType, layout);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 0;
  let extraClassDeclaration = [{
    /// Returns true if `type` may be a tensor element type.
    static bool isValidElementType(::mlir::Type type);
  }];
}

def PTO_TaskIdType : PTO_Type<"TaskId", "task_id"> {
  let summary = "Identifier of a submitted task";
  let description = [{
    The id of a launched task (`PTO2TaskId` in the runtime), produced by
    `pto.submit` and `pto.task_dummy` and consumed by explicit dependencies.
    `pto.invalid_task_id` gives the invalid sentinel.
  }];
}

def PTO_TaskIdArrayType : PTO_Type<"TaskIdArray", "task_id_array"> {
  let summary = "Fixed-size array of task ids";
  let description = [{
    A value-semantic array of `size` task ids, used to carry the ids of the
    iterations of a parallel loop through a manual scope. Read one element
    with `pto.array_get`, replace one with `pto.array_update`.

    ```mlir
    !pto.task_id_array<8>
    ```
  }];
  let parameters = (ins "unsigned":$size);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_CreateInfoType : PTO_Type<"CreateInfo", "create_info"> {
  let summary = "Description of a tensor the runtime allocates for a task";
  let description = [{
    The runtime's `TensorCreateInfo`: the shape and element type of an
    output buffer that a task's launch asks the runtime to allocate. Made by
    `pto.create_info` and passed to `pto.submit` in the place of an `out`
    tensor parameter; the launch's result for that parameter is the new
    buffer, of the described tensor type. The tensor type is row-major
    (`nd`), of rank 1 or more, with every extent within 32 bits, which is
    what the runtime can allocate.

    Its syntax is the described tensor type's:

    ```mlir
    !pto.create_info<?x128xf32>     // describes !pto.tensor<?x128xf32>
    ```
  }];
  let parameters = (ins "::mlir::pto::TensorType":$tensor);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_Tensor : Type<CPred<"::llvm::isa<::mlir::pto::TensorType>($_self)">,
                      "PTO tensor", "::mlir::pto::TensorType">;
def PTO_TaskId : Type<CPred<"::llvm::isa<::mlir::pto::TaskIdType>($_self)">,
                      "PTO task id", "::mlir::pto::TaskIdType">,
                 BuildableType<"$_builder.getType<::mlir::pto::TaskIdType>()">;
def PTO_TaskIdArray : Type<CPred<"::llvm::isa<::mlir::pto::TaskIdArrayType>($_self)">,
                           "PTO task id array", "::mlir::pto::TaskIdArrayType">;
def PTO_Dependency : AnyTypeOf<[PTO_TaskId, PTO_TaskIdArray],
                               "task id or task id array">;
def PTO_CreateInfo : Type<CPred<"::llvm::isa<::mlir::pto::CreateInfoType>($_self)">,
                          "PTO tensor create info", "::mlir::pto::CreateInfoType">;
def PTO_Scalar : Type<CPred<"::mlir::pto::isScalarType($_self)">,
                      "scalar (signless integer or float of at most 64 bits, or index)">;

#endif // PTO_DIALECT_PTO_IR_PTOTYPES_TD
