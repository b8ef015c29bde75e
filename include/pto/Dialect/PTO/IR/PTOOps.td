//===- PTOOps.td - PTO operations --------------------------*- tablegen -*-===//

#ifndef PTO_DIALECT_PTO_IR_PTOOPS_TD
#define PTO_DIALECT_PTO_IR_PTOOPS_TD

include "pto/Dialect/PTO/IR/PTODialect.td"
include "pto/Dialect/PTO/IR/PTOAttrs.td"
include "pto/Dialect/PTO/IR/PTOTypes.td"
include "pto/Dialect/PTO/IR/PTOInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

//===----------------------------------------------------------------------===//
// Function-like ops
//===----------------------------------------------------------------------===//

class PTO_FunctionOp<string mnemonic, list<Trait> traits = []>
    : PTO_Op<mnemonic, !listconcat(traits, [
        AffineScope, AutomaticAllocationScope, IsolatedFromAbove,
        FunctionOpInterface])> {
  dag commonArguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let arguments = commonArguments;
  let regions = (region MaxSizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type), [{
      $_state.addAttribute(::mlir::SymbolTable::getSymbolAttrName(),
                           $_builder.getStringAttr(name));
      $_state.addAttribute(getFunctionTypeAttrName($_state.name),
                           ::mlir::TypeAttr::get(type));
      $_state.addRegion();
    }]>];
  code commonExtraClassDeclaration = [{
    /// FunctionOpInterface: the callable region, null for a declaration.
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
  let extraClassDeclaration = commonExtraClassDeclaration # [{
    /// Graphs and orchestration functions are always definitions (the
    /// verifier requires a body), so a missing body is reported as such.
    bool isDeclaration() { return false; }
  }];
}

def PTO_KernelOp : PTO_FunctionOp<"kernel", [Symbol,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "An InCore kernel";
  let description = [{
    Declares a kernel that runs on the device's cores. The core type (`aic`,
    `aiv` or `mixed`) is written before the symbol name. Tensor parameters
    carry a direction (`pto.direction`, default `in`); scalar parameters are
    builtin integers, `index` or floats, and every tensor parameter precedes
    every scalar one, as the runtime's task-argument layout requires.

    The body is optional: the orchestration layer treats kernels as opaque.
    A kernel may return tensors; each returned tensor must be one of its own
    Out/InOut parameters (see `pto-normalize-return-order`).

    ```mlir
    pto.kernel aiv @add(%a: !pto.tensor<16xf32>, %b: !pto.tensor<16xf32>,
                        %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>},
                        %scale: f32)
    ```

    A `mixed` kernel is a group: one task runs an AIC kernel and one or two
    AIV kernels together (the runtime's `MixedKernels`). It names them, its
    *lanes*, in order: the AIC kernel, then the AIV kernel of vector lane 0
    and, optionally, of lane 1 (else lane 1 stays unused). Each lane is a
    `pto.kernel` of that core type with the group's signature (the task
    passes the same arguments to each); the group has no code of its own
    and so no kernel id.

    ```mlir
    pto.kernel aic @attn_cube(%q: !pto.tensor<16x128xbf16>, %o: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<out>})
    pto.kernel aiv @attn_vec(%q: !pto.tensor<16x128xbf16>, %o: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<out>})
    pto.kernel mixed(@attn_cube, @attn_vec, @attn_vec) @attn(%q: !pto.tensor<16x128xbf16>, %o: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<out>})
    ```
  }];
  let arguments = !con(commonArguments, (ins PTO_CoreTypeAttr:$core_type,
                                             OptionalAttr<FlatSymbolRefArrayAttr>:$lanes));
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type,
                                 "::mlir::pto::CoreType":$coreType), [{
      $_state.addAttribute(::mlir::SymbolTable::getSymbolAttrName(),
                           $_builder.getStringAttr(name));
      $_state.addAttribute(getFunctionTypeAttrName($_state.name),
                           ::mlir::TypeAttr::get(type));
      $_state.addAttribute(getCoreTypeAttrName($_state.name),
          ::mlir::pto::CoreTypeAttr::get($_builder.getContext(), coreType));
      $_state.addRegion();
    }]>];
  let extraClassDeclaration = commonExtraClassDeclaration # [{
    /// A kernel without a body is still a definition: its code is compiled
    /// separately for the device, and the orchestration layer only needs its
    /// signature. It may therefore be public.
    bool isDeclaration() { return false; }
  }];
}

def PTO_GraphOp : PTO_FunctionOp<"graph", [Symbol]> {
  let summary = "A Graph function: the host_build_graph record/replay unit";
  let description = [{
    A function whose task topology the `host_build_graph` runtime records on
    the first call for a graph key and replays on later calls, patching only
    the addresses of its boundary tensors (tensor parameters) and the values
    of its boundary scalars (scalar parameters). Everything the body derives,
    views or allocates is frozen into the recording; the
    `pto-legalize-graph-boundary` pass makes a Graph replay-safe.

    Parameters follow the kernel rules (directions, tensors before scalars).
    Called with `pto.call`, from the orchestration function only (a Graph
    launch inside a Graph is rejected). A Graph must have a body, and its
    module must target the runtime that records Graphs
    (`pto.runtime = #pto.runtime<host_build_graph>`); the verifier rejects a
    Graph in a module for any other runtime.

    ```mlir
    pto.graph @layer(%x: !pto.tensor<16xf32>,
                     %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                     %layer_idx: index) -> !pto.tensor<16xf32> {
      %acc1, %t = pto.submit @add(%x, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.return %acc1 : !pto.tensor<16xf32>
    }
    ```
  }];
}

def PTO_OrchestrationOp : PTO_FunctionOp<"orchestration", [Symbol]> {
  let summary = "An orchestration function: the program's host entry";
  let description = [{
    The function the runtime calls as `aicpu_orchestration_entry`. Its
    tensor parameters are the external tensors, its scalar parameters the
    entry's scalar arguments. The body launches tasks (`pto.submit`), calls
    Graphs (`pto.call`), allocates intermediates and drives `scf` control
    flow. Must have a body.
  }];
}

def PTO_ReturnOp : PTO_Op<"return", [Pure, ReturnLike, Terminator,
    ParentOneOf<["KernelOp", "GraphOp", "OrchestrationOp"]>]> {
  let summary = "Return from a kernel, Graph or orchestration function";
  let description = [{
    Terminates a function body. Operand types must match the function's
    result types.

    ```mlir
    pto.return %c : !pto.tensor<16xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` qualified(type($operands)))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Task launches and calls
//===----------------------------------------------------------------------===//

def PTO_SubmitOp : PTO_Op<"submit", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<PTO_TiedOpInterface>]> {
  let summary = "Launch a kernel task";
  let description = [{
    Submits one task running kernel `callee`. The operands follow the
    kernel's signature: tensors first, then scalars. In the place of an Out
    tensor parameter a launch may pass a `!pto.create_info` (from
    `pto.create_info`): the runtime allocates that buffer, of the described
    shape, which may have run-time extents. A launch may also omit a tail of
    Out tensor parameters of static shape, which the runtime allocates as
    the parameter's type says. Every scalar parameter must be supplied.

    Results: one tensor per Out/InOut tensor parameter of the kernel, in
    parameter order, then the task's id. A result whose parameter was
    supplied a tensor is *tied* to that operand: it is the same buffer under
    a new SSA name. A result for a described or omitted parameter is the
    runtime-allocated buffer.

    Optional parts: `deps(...)` lists explicit dependencies (task ids or
    task id arrays, honoured in manual scopes); `pred(...)` is a dispatch
    predicate (a device tensor the scheduler reads); `core_num(...)` is the
    launch's SPMD block count (`launch_spec.set_block_num`): the task runs
    as that many blocks, each on its own core or core group. A literal block
    count is at least 1 and, times the kernel's lanes (1, or 2 or 3 for a
    `mixed` kernel), at most 32767 (`kMaxBlockSubtasks`), the most subtasks
    the runtime expands one task into.

    Task flags, unit attributes the runtime reads at dispatch:
    - `allow_early_resolve` (`set_allow_early_resolve`): the scheduler may
      stage the task on an idle core before its producers finish. Only the
      author knows whether the data allows it. A Graph recording keeps the
      launch but not this hint.
    - `require_sync_start` (`launch_spec.set_require_sync_start`): all
      blocks start together. It means something only for more than one
      block, so it needs a `core_num` and a literal one must exceed 1.

    ```mlir
    %c1, %tid = pto.submit @add(%a, %b, %c, %scale) deps(%t0 : !pto.task_id)
        : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, f32)
        -> !pto.tensor<16xf32>
    %q1, %tq = pto.submit @q_proj(%x, %wq, %q) core_num(%c50)
        {allow_early_resolve, require_sync_start}
        : (!pto.tensor<16x5120xbf16>, !pto.tensor<5120x5120xbf16>,
           !pto.tensor<16x5120xf32>) -> !pto.tensor<16x5120xf32>
    ```
  }];
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    Variadic<AnyTypeOf<[PTO_Tensor, PTO_CreateInfo, PTO_Scalar]>>:$args,
    Variadic<PTO_Dependency>:$deps,
    Optional<PTO_Tensor>:$predicate,
    Optional<Index>:$core_num,
    UnitAttr:$allow_early_resolve,
    UnitAttr:$require_sync_start
  );
  let results = (outs Variadic<PTO_Tensor>:$outs, PTO_TaskId:$task_id);
  let assemblyFormat = [{
    $callee `(` $args `)`
    (`deps` `(` $deps^ `:` qualified(type($deps)) `)`)?
    (`pred` `(` $predicate^ `:` qualified(type($predicate)) `)`)?
    (`core_num` `(` $core_num^ `)`)?
    attr-dict `:` functional-type($args, $outs)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Number of leading operands in `args` that stand for tensor
    /// parameters: tensors and create infos.
    unsigned getNumTensorArgs();
    /// Whether tensor parameter `index` is allocated by the runtime: passed
    /// a create info, or omitted.
    bool isRuntimeAllocated(unsigned index);
  }];
}

def PTO_CallOp : PTO_Op<"call", [
    AttrSizedOperandSegments,
    CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<PTO_TiedOpInterface>]> {
  let summary = "Call a Graph function";
  let description = [{
    Submits Graph `callee` to the `host_build_graph` runtime
    (`rt_submit_graph`). Every parameter is supplied: unlike a kernel launch, a
    Graph has no runtime-allocated tail. The results are the Graph's results;
    a tensor result is tied to the argument the Graph returns in that
    position (after `pto-normalize-return-order`, a Graph returns its own
    Out/InOut parameters).

    `deps(...)` and `pred(...)` parse only so that the verifier can reject
    them with a reason: the runtime refuses explicit dependencies across a
    Graph boundary and ignores a predicate on a Graph launch. The verifier
    also rejects a `pto.call` inside a `pto.graph`: the runtime cannot record
    a Graph while recording another.

    ```mlir
    %acc1 = pto.call @layer(%x, %acc, %i)
        : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    ```
  }];
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    Variadic<AnyTypeOf<[PTO_Tensor, PTO_Scalar]>>:$args,
    Variadic<PTO_Dependency>:$deps,
    Optional<PTO_Tensor>:$predicate,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)`
    (`deps` `(` $deps^ `:` qualified(type($deps)) `)`)?
    (`pred` `(` $predicate^ `:` qualified(type($predicate)) `)`)?
    attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// CallOpInterface.
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getArgs(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getArgsMutable();
    }
  }];
}

def PTO_TaskDummyOp : PTO_Op<"task_dummy"> {
  let summary = "A barrier task with dependencies";
  let description = [{
    Submits a kernel-less task (`rt_submit_dummy_task`) that completes after
    all of `deps`; its id stands for the whole set. With no dependencies it is
    ready immediately. Counts as one recorded node inside a Graph.

    A dependency may be the invalid task id at run time (a loop carry before
    the first iteration, an array slot never set); a barrier all of whose
    dependencies turn out invalid fences nothing and is not submitted, and
    its id is then invalid. `pto.always_submitted` (stamped by
    `pto-mark-always-submitted-barriers`) records that every dependency is
    statically valid: then the barrier is always submitted.

    ```mlir
    %barrier = pto.task_dummy deps(%tids : !pto.task_id_array<4>)
    ```
  }];
  let arguments = (ins Variadic<PTO_Dependency>:$deps);
  let results = (outs PTO_TaskId:$task_id);
  let hasVerifier = 1;
  let assemblyFormat = [{
    (`deps` `(` $deps^ `:` qualified(type($deps)) `)`)? attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

def PTO_SliceOp : PTO_Op<"slice", [Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "A view of a window of a tensor";
  let description = [{
    A zero-copy view of `source` starting at `offsets` with extents `sizes`
    (unit strides). Each offset and size is a literal or an `index` value, as
    in `tensor.extract_slice`. The result has the source's element type and
    layout and one extent per axis: the literal size, or `?` for a dynamic
    one. Literal windows must lie inside literal source extents.

    Folds to `source` when the window is the whole tensor: every offset is
    0 and every size equals the source's (static) extent. The view then
    names the same buffer with the same shape and layout.

    ```mlir
    %wl = pto.slice %w[%base, 0] [128, 128]
        : !pto.tensor<5120x128xf32> to !pto.tensor<128x128xf32>
    ```
  }];
  let arguments = (ins
    PTO_Tensor:$source,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes
  );
  let results = (outs PTO_Tensor:$result);
  let assemblyFormat = [{
    $source
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    attr-dict `:` qualified(type($source)) `to` qualified(type($result))
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$source,
                   "::llvm::ArrayRef<::mlir::OpFoldResult>":$offsets,
                   "::llvm::ArrayRef<::mlir::OpFoldResult>":$sizes)>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedOffsets();
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSizes();
  }];
}

def PTO_CreateOp : PTO_Op<"create"> {
  let summary = "Allocate an intermediate tensor";
  let description = [{
    Allocates a new tensor (`alloc_tensors` in the runtime). One `index`
    operand per `?` extent of the result type, in axis order.

    The allocation is the only effect, and it is on the result: an unused
    `pto.create` is trivially dead, and canonicalization erases it.

    ```mlir
    %tmp = pto.create : !pto.tensor<16x128xf32>
    %buf = pto.create(%n) : !pto.tensor<?x128xf32>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamic_sizes);
  let results = (outs Res<PTO_Tensor, "", [MemAlloc<DefaultResource>]>:$result);
  let assemblyFormat = [{
    (`(` $dynamic_sizes^ `)`)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_CreateInfoOp : PTO_Op<"create_info", [Pure]> {
  let summary = "Describe a buffer the runtime allocates for a task";
  let description = [{
    The runtime's `TensorCreateInfo`: a shape and an element type, which a
    `pto.submit` passes in the place of an `out` tensor parameter for the
    runtime to allocate that buffer with the task. One `index` operand per
    `?` extent of the described tensor type, in axis order. Describing a
    buffer allocates nothing: one create info may serve several launches,
    each of which allocates its own buffer.

    A create info in a `pto.graph` has no run-time extents: the runtime
    records the descriptor with the task and replays it as recorded.

    ```mlir
    %n = pto.dim %a, 0 : !pto.tensor<?xf32>
    %ci = pto.create_info(%n) : !pto.create_info<?xf32>
    %c, %t = pto.submit @add(%a, %b, %ci)
        : (!pto.tensor<?xf32>, !pto.tensor<?xf32>, !pto.create_info<?xf32>)
        -> !pto.tensor<?xf32>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamic_sizes);
  let results = (outs PTO_CreateInfo:$result);
  let assemblyFormat = [{
    (`(` $dynamic_sizes^ `)`)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_AllocTensorsOp : PTO_Op<"alloc_tensors", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Allocate a batch of intermediate tensors in one runtime call";
  let description = [{
    One `alloc_tensors` call of the runtime: allocates 1 to 16
    (`kAllocTensorsArgs`) new tensors, one per result. In a Graph it is one
    recorded node whatever the number of results. `dynamic_sizes` holds one
    `index` per `?` extent of the results, result by result, in axis order.
    Each result type is one the runtime can allocate: rank 1 or more,
    row-major (`nd`), every extent within 32 bits.

    `pto-batch-allocations` makes these from `pto.create` ops; `names`, when
    present, holds each result's name for the generated C++ (an empty string
    for none), which the op's location cannot carry per result. The printer
    names the SSA results after them too.

    Like `pto.create`, it allocates its results and has no other effect:
    when no result is used, it is trivially dead.

    ```mlir
    %a, %b = pto.alloc_tensors(%n) {names = ["a", "b"]}
        : !pto.tensor<?x128xf32>, !pto.tensor<16xf16>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamic_sizes,
                       OptionalAttr<StrArrayAttr>:$names);
  let results = (outs Res<Variadic<PTO_Tensor>, "",
                          [MemAlloc<DefaultResource>]>:$results);
  let assemblyFormat = [{
    (`(` $dynamic_sizes^ `)`)? attr-dict `:` qualified(type($results))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The C++ name recorded for result `index`, if any.
    std::optional<::llvm::StringRef> getResultName(unsigned index);
    /// The `dynamic_sizes` operands of result `index`.
    ::mlir::OperandRange getDynamicSizesOf(unsigned index);
  }];
}

def PTO_FullOp : PTO_Op<"full", [
    TypesMatchWith<"value type matches the element type",
                   "result", "value",
                   "::mlir::getElementTypeOrSelf($_self)">]> {
  let summary = "Allocate a tensor filled with one value";
  let description = [{
    Allocates a tensor whose every element is `value`. Dynamic extents as in
    `pto.create`. The tensormap_and_ringbuffer runtime's public API
    (simpler_6ebaf771) allocates it with `alloc_tensors` of a
    `TensorCreateInfo` given the value (`set_initial_value`, which fills the
    buffer); the specification's API and host_build_graph have no lowering
    for it, and the Graph legality checks reject it inside a Graph. Like
    `pto.create`, an unused `pto.full` is trivially dead.

    ```mlir
    %zeros = pto.full %zero : !pto.tensor<16xf32>
    ```
  }];
  let arguments = (ins PTO_Scalar:$value, Variadic<Index>:$dynamic_sizes);
  let results = (outs Res<PTO_Tensor, "", [MemAlloc<DefaultResource>]>:$result);
  let assemblyFormat = [{
    $value (`(` $dynamic_sizes^ `)`)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def PTO_DimOp : PTO_Op<"dim", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "Extent of a tensor along a literal axis";
  let description = [{
    Returns the extent of `source` along axis `axis` as an `index`. A static
    extent folds to a constant; a dynamic one is read from the tensor's
    descriptor at run time, where it is 32 bits: integer range analysis sees
    `[0, 2^32-1]`.

    ```mlir
    %rows = pto.dim %x, 0 : !pto.tensor<?x128xf32>
    ```
  }];
  let arguments = (ins PTO_Tensor:$source, I64Attr:$axis);
  let results = (outs Index:$result);
  let assemblyFormat = "$source `,` $axis attr-dict `:` qualified(type($source))";
  let hasVerifier = 1;
  let hasFolder = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$source, "int64_t":$axis), [{
      build($_builder, $_state, $_builder.getIndexType(), source,
            $_builder.getI64IntegerAttr(axis));
    }]>];
}

def PTO_ReadOp : PTO_Op<"read", [
    MemoryEffects<[MemRead]>,
    TypesMatchWith<"result type matches the element type",
                   "source", "result",
                   "::mlir::getElementTypeOrSelf($_self)">]> {
  let summary = "Read one element of a host control tensor";
  let description = [{
    Reads the element of `source` at `indices` (literals or `index`
    values, one per axis) on the host (`get_tensor_data`). Meant for host
    control tensors passed to the orchestration.

    ```mlir
    %n = pto.read %lens[%b] : !pto.tensor<8xi32>
    ```
  }];
  let arguments = (ins PTO_Tensor:$source, Variadic<Index>:$indices,
                       DenseI64ArrayAttr:$static_indices);
  let results = (outs PTO_Scalar:$result);
  let assemblyFormat = [{
    $source custom<DynamicIndexList>($indices, $static_indices)
    attr-dict `:` qualified(type($source))
  }];
  let hasVerifier = 1;
}

def PTO_WriteOp : PTO_Op<"write", [
    MemoryEffects<[MemWrite]>,
    TypesMatchWith<"value type matches the element type",
                   "dest", "value",
                   "::mlir::getElementTypeOrSelf($_self)">]> {
  let summary = "Write one element of a host control tensor";
  let description = [{
    Writes `value` to the element of `dest` at `indices` on the host
    (`set_tensor_data`). Host writes are not uploaded to device storage.

    ```mlir
    pto.write %v, %flags[0] : !pto.tensor<4xi32>
    ```
  }];
  let arguments = (ins PTO_Scalar:$value, PTO_Tensor:$dest,
                       Variadic<Index>:$indices,
                       DenseI64ArrayAttr:$static_indices);
  let assemblyFormat = [{
    $value `,` $dest custom<DynamicIndexList>($indices, $static_indices)
    attr-dict `:` qualified(type($dest))
  }];
  let hasVerifier = 1;
}

def PTO_TransposeOp : PTO_Op<"transpose", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "A view with two axes swapped";
  let description = [{
    A zero-copy view of `source` with axes `axis0` and `axis1` exchanged
    (`Tensor::transpose` in the runtime).

    A transpose of a transpose that swaps the same two axes (in either
    order) folds to the inner source: swapping twice is the identity view.

    ```mlir
    %xt = pto.transpose %x, 0, 1 : !pto.tensor<16x32xf32>
    ```
  }];
  let arguments = (ins PTO_Tensor:$source, I64Attr:$axis0, I64Attr:$axis1);
  let results = (outs PTO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = [{
    $source `,` $axis0 `,` $axis1 attr-dict `:` qualified(type($source))
  }];
}

def PTO_ReshapeOp : PTO_Op<"reshape", [Pure,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "A view of the same elements with another shape";
  let description = [{
    A zero-copy view of `source`'s elements, in row-major order, with the
    result's shape (`Tensor::reshape` in the runtime), e.g. a window of a
    flat arena seen as a 2-D tensor, or a 3-D input seen as rows. One
    `index` operand per `?` extent of the result type, in axis order. Both
    types are row-major (`nd`) with the same element type, and both shapes
    hold the same number of elements: the verifier checks it where the
    shapes are static, `pto-insert-runtime-checks` at run time where an
    extent is not (the runtime only debug-asserts it). In a `pto.graph` both
    shapes are static: the runtime replays a recorded view as recorded.

    The source must be contiguous at run time (a whole tensor, or a window
    of consecutive rows or elements), as the runtime requires. Whether it is
    depends on every view between it and its buffer, so the verifier checks
    only the types; `pto-verify-reshapes` (first in both pipelines) checks
    the chain.

    A reshape of a static shape to its own type folds to the source, and a
    reshape of a reshape to a reshape of the inner source.

    ```mlir
    %flat = pto.slice %arena[2048] [81920]
        : !pto.tensor<1048576xbf16> to !pto.tensor<81920xbf16>
    %q = pto.reshape %flat : !pto.tensor<81920xbf16> to !pto.tensor<16x5120xbf16>
    // A [batch, heads, dim] input as [batch * heads, dim] rows.
    %rows = pto.reshape %query(%n, %d)
        : !pto.tensor<?x?x?xbf16> to !pto.tensor<?x?xbf16>
    ```
  }];
  let arguments = (ins PTO_Tensor:$source, Variadic<Index>:$sizes);
  let results = (outs PTO_Tensor:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
  let assemblyFormat = [{
    $source (`(` $sizes^ `)`)? attr-dict `:` qualified(type($source)) `to`
    qualified(type($result))
  }];
  let builders = [
    // A reshape to a static shape.
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$source), [{
      build($_builder, $_state, resultType, source, ::mlir::ValueRange());
    }]>
  ];
}

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

def PTO_ScopeOp : PTO_Op<"scope", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects,
    NoRegionArguments, DeclareOpInterfaceMethods<RegionBranchOpInterface>]> {
  let summary = "A runtime scope (PTO2_SCOPE)";
  let description = [{
    Runs its region inside a runtime scope. In an `auto` scope (the default)
    the runtime derives task dependencies from tensor accesses; in a
    `manual` scope only the explicit `deps(...)` of each launch order tasks.
    Values leave the scope through `pto.yield`. The body runs exactly once
    (`RegionBranchOpInterface`: entered from the parent, left to the
    results), so upstream control-flow analyses see through a scope.

    A task id (or task id array) may leave the scope like any value: the
    runtime resolves a dependency on any task submitted before, in whatever
    scope (one that has retired is skipped), so a task after a manual scope
    can wait for tasks made inside it. The runtime refuses an auto scope
    inside a manual one (every scope nested in a manual scope is manual),
    and so does the verifier.

    Canonicalization collapses auto scopes that mean nothing to the
    runtime: an auto scope whose body is only its `pto.yield` is replaced
    by the yielded values, and an auto scope that is the only op (besides
    the terminator) of an auto scope is merged into it (both open and close
    together). Manual scopes are left alone.

    ```mlir
    %c2 = pto.scope manual -> !pto.tensor<16xf32> {
      %c1, %t0 = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield %c1 : !pto.tensor<16xf32>
    }
    ```
  }];
  let arguments = (ins UnitAttr:$manual);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`manual` $manual^)? (`->` qualified(type($results))^)? $body attr-dict
  }];
  let builders = [OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
                                 CArg<"bool", "false">:$manual)>];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def PTO_YieldOp : PTO_Op<"yield", [Pure, ReturnLike, Terminator,
    HasParent<"ScopeOp">]> {
  let summary = "Yield values out of a runtime scope";
  let description = [{
    Terminates a `pto.scope` body; its operands become the scope's results.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` qualified(type($operands)))?";
}

//===----------------------------------------------------------------------===//
// Task ids
//===----------------------------------------------------------------------===//

def PTO_InvalidTaskIdOp : PTO_Op<"invalid_task_id", [Pure]> {
  let summary = "The invalid task id sentinel";
  let description = [{
    `PTO2TaskId::invalid()`: a dependency on it orders nothing. Seeds a
    loop-carried task id before the first iteration.

    ```mlir
    %none = pto.invalid_task_id
    ```
  }];
  let results = (outs PTO_TaskId:$result);
  let assemblyFormat = "attr-dict";
}

def PTO_OwnerTaskIdOp : PTO_Op<"owner_task_id", [Pure]> {
  let summary = "The id of the task that produced a tensor";
  let description = [{
    Reads `source`'s owner task (`ChipTensor::owner_task_id`): the task
    whose output the runtime allocated it as, or the one `pto.set_owner`
    named; the invalid task id when it has none. A view has its source's
    owner, so the op folds through views, and to the owner a
    `pto.set_owner` source names.

    Its use is an explicit dependency on a producer the program did not
    keep an id of. Inside a Graph body it is how a manual scope waits for
    the producer of a boundary tensor: the runtime accepts an explicit
    dependency on a task outside the Graph only when it is the owner of one
    of the Graph's boundary tensors (the Graph launch itself waits for
    those), so the dependency is seeded by the caller with `pto.set_owner`.

    ```mlir
    %prev = pto.owner_task_id %normed : !pto.tensor<16x5120xbf16>
    ```
  }];
  let arguments = (ins PTO_Tensor:$source);
  let results = (outs PTO_TaskId:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source))";
  let hasFolder = 1;
}

def PTO_SetOwnerOp : PTO_Op<"set_owner", [Pure,
    AllTypesMatch<["source", "result"]>,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "The same tensor with another owner task";
  let description = [{
    A copy of `source`'s descriptor (the same buffer, window and layout)
    whose owner task is `owner`. The runtime makes every task that reads or
    writes a tensor in an auto scope wait for its owner, and a Graph launch
    wait for the owners of its boundary tensors; so this is how a
    dependency on a task of a manual scope, which the runtime does not
    track, reaches a Graph (`pto.call` takes no `deps`: the runtime refuses
    explicit dependencies across a Graph boundary). Inside the Graph,
    `pto.owner_task_id` of the parameter reads it back.

    ```mlir
    %normed_seeded = pto.set_owner %normed, %xgamma : !pto.tensor<16x5120xbf16>
    pto.call @layer(%normed_seeded, ...) : ...
    ```
  }];
  let arguments = (ins PTO_Tensor:$source, PTO_TaskId:$owner);
  let results = (outs PTO_Tensor:$result);
  let assemblyFormat = [{
    $source `,` $owner attr-dict `:` qualified(type($source))
  }];
}

def PTO_ArraySplatOp : PTO_Op<"array_splat", [Pure]> {
  let summary = "A task id array with every element set to one id";
  let description = [{
    ```mlir
    %ids = pto.array_splat %none : !pto.task_id_array<4>
    ```
  }];
  let arguments = (ins PTO_TaskId:$value);
  let results = (outs PTO_TaskIdArray:$result);
  let assemblyFormat = "$value attr-dict `:` qualified(type($result))";
}

def PTO_ArrayGetOp : PTO_Op<"array_get", [Pure]> {
  let summary = "Read one element of a task id array";
  let description = [{
    Returns element `index` of `array`. A constant index must be in bounds.

    Folds to the splat value when `array` is a `pto.array_splat`, and to
    the written value when `array` is a `pto.array_update` of the same index
    (the same value, or equal constants). When the update writes another
    constant index, canonicalization reads the older array instead, with a
    new `pto.array_get` placed just before the update: the runtime updates
    the array in place, so the read must precede the update.

    ```mlir
    %t = pto.array_get %ids[%k] : !pto.task_id_array<4>
    ```
  }];
  let arguments = (ins PTO_TaskIdArray:$array, Index:$index);
  let results = (outs PTO_TaskId:$result);
  let assemblyFormat = "$array `[` $index `]` attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def PTO_ArrayUpdateOp : PTO_Op<"array_update", [Pure,
    AllTypesMatch<["array", "result"]>]> {
  let summary = "Replace one element of a task id array";
  let description = [{
    Returns `array` with element `index` replaced by `value`. A constant
    index must be in bounds.

    The runtime's array is updated in place, so the verifier requires the
    update to be the last use of `array`: no op after it in its block reads
    `array`, and the update is not inside a loop that `array` is defined
    outside of (every iteration would see the previous one's update; carry
    the array through the loop's `iter_args` instead).

    ```mlir
    %ids1 = pto.array_update %ids[%k], %t : !pto.task_id_array<4>
    ```
  }];
  let arguments = (ins PTO_TaskIdArray:$array, Index:$index,
                       PTO_TaskId:$value);
  let results = (outs PTO_TaskIdArray:$result);
  let assemblyFormat = [{
    $array `[` $index `]` `,` $value attr-dict `:` qualified(type($array))
  }];
  let hasVerifier = 1;
}

#endif // PTO_DIALECT_PTO_IR_PTOOPS_TD
