//===- PTOAttrs.td - PTO enum attributes -------------------*- tablegen -*-===//

#ifndef PTO_DIALECT_PTO_IR_PTOATTRS_TD
#define PTO_DIALECT_PTO_IR_PTOATTRS_TD

include "pto/Dialect/PTO/IR/PTODialect.td"
include "mlir/IR/EnumAttr.td"

def PTO_Direction : I32EnumAttr<"Direction", "parameter direction", [
    I32EnumAttrCase<"in", 0>,
    I32EnumAttrCase<"out", 1>,
    I32EnumAttrCase<"inout", 2>,
  ]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_DirectionAttr : EnumAttr<PTO_Dialect, PTO_Direction, "direction"> {
  let summary = "Direction of a tensor parameter";
  let description = [{
    How a kernel or Graph accesses a tensor parameter: `in` (read only),
    `out` (write only, caller-supplied storage unless omitted at a launch) or
    `inout` (read and write). Attached to function arguments as
    `{pto.direction = #pto.direction<inout>}`; an argument without it is `in`.
  }];
  let assemblyFormat = "`<` $value `>`";
}

def PTO_CoreType : I32EnumAttr<"CoreType", "kernel core type", [
    I32EnumAttrCase<"aic", 0>,
    I32EnumAttrCase<"aiv", 1>,
    I32EnumAttrCase<"mixed", 2>,
  ]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_CoreTypeAttr : EnumAttr<PTO_Dialect, PTO_CoreType, "core_type"> {
  let summary = "Core type a kernel runs on";
  let description = [{
    `aic` (cube core, `rt_submit_aic_task`), `aiv` (vector core,
    `rt_submit_aiv_task`) or `mixed` (both, launched through `MixedKernels`).
  }];
  let assemblyFormat = "`<` $value `>`";
}

def PTO_Runtime : I32EnumAttr<"Runtime", "target PTO runtime", [
    I32EnumAttrCase<"tensormap_and_ringbuffer", 0>,
    I32EnumAttrCase<"host_build_graph", 1>,
  ]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_RuntimeAttr : EnumAttr<PTO_Dialect, PTO_Runtime, "runtime"> {
  let summary = "Target runtime of a module";
  let description = [{
    Set on the top-level module as `pto.runtime`. Graph functions
    (`pto.graph`) exist only in `host_build_graph`; a module without the
    attribute targets the default `tensormap_and_ringbuffer`.
  }];
  let assemblyFormat = "`<` $value `>`";
}

def PTO_RuntimeApi : I32EnumAttr<"RuntimeApi", "runtime API level of the C++", [
    I32EnumAttrCase<"spec", 0>,
    I32EnumAttrCase<"simpler_6ebaf771", 1>,
  ]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_RuntimeApiAttr : EnumAttr<PTO_Dialect, PTO_RuntimeApi, "runtime_api"> {
  let summary = "Runtime API level the orchestration C++ is printed for";
  let description = [{
    Set on the top-level module as `pto.runtime_api`; it changes only how
    the translation spells the runtime's API, never what the program does.

    - `spec` (the default): the API the Graph specification describes:
      `orch_args.scalar<T>(i)`, Graph boundary scalars read as
      `InheritableScalar`, construction values and the boundary layout in a
      generated `simpler::hbg::ConfigBase` subclass.
    - `simpler_6ebaf771`: the public runtime (hw-native-sys/simpler) at commit
      6ebaf771: entry scalars read as `from_u64<T>(orch_args.scalar(i))`,
      boundary scalars forwarded as `add_scalar(args.scalar(k))` straight
      from their slot (the runtime links a task scalar to its boundary slot
      by address), construction values and a hash of the boundary layout
      passed by value as `rt_submit_graph` configs.
  }];
  let assemblyFormat = "`<` $value `>`";
}

def PTO_Layout : I32EnumAttr<"Layout", "tensor memory layout", [
    I32EnumAttrCase<"nd", 0>,
    I32EnumAttrCase<"dn", 1>,
  ]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_HoistedKind : I32EnumAttr<"HoistedKind",
    "what a hoisted Graph parameter stands for", [
    I32EnumAttrCase<"allocation", 0>,
    I32EnumAttrCase<"view", 1>,
    I32EnumAttrCase<"scalar", 2>,
  ]> {
  let cppNamespace = "::mlir::pto";
  let genSpecializedAttr = 0;
}

def PTO_HoistedAttr : AttrDef<PTO_Dialect, "Hoisted"> {
  let mnemonic = "hoisted";
  let summary = "What a Graph parameter added by the legalization was";
  let description = [{
    `pto-legalize-graph-boundary` sets `pto.hoisted` on every parameter it
    adds to a Graph, recording what moved from the body to the call sites:
    an `allocation` (each caller allocates the buffer), a `view` (each
    caller takes the window; `of` names the buffer it is a view of, when it
    has a name) or a `scalar` (each caller computes it; `computed_by` is
    the op that computed it in the body). Reports read it instead of
    comparing the signature before and after.

    ```mlir
    pto.graph @layer(%w: !pto.tensor<4096x128xf32>,
                     %wl: !pto.tensor<128x128xf32> {pto.hoisted = #pto.hoisted<view, of = "w">},
                     %base: index {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.muli">})
    ```
  }];
  let parameters = (ins
    EnumParameter<PTO_HoistedKind>:$kind,
    OptionalParameter<"::mlir::StringAttr">:$of,
    OptionalParameter<"::mlir::StringAttr">:$computed_by
  );
  let assemblyFormat = [{
    `<` $kind (`,` struct($of, $computed_by)^)? `>`
  }];
}

def PTO_WindowAttr : AttrDef<PTO_Dialect, "Window"> {
  let mnemonic = "window";
  let summary = "The part of a tensor argument a kernel reads or writes";
  let description = [{
    Set on a tensor parameter of a `pto.kernel` as `pto.window`: the box of
    the tensor passed that the kernel touches, as a function of the kernel's
    scalar parameters. Both maps take no dimensions; symbol `s<k>` is the
    kernel's `k`-th scalar parameter (counted among the scalars only, which
    follow the tensors), and each map has one result per axis of the
    parameter: `offsets` the first element of the box, `sizes` its extent.
    Every expression is linear in integer or `index` scalar parameters (a
    constant plus constant multiples of symbols): the stub runtime and the
    simulator evaluate them per task.

    A real kernel may take a whole activation and an offset, and write only
    one column tile of it:

    ```mlir
    pto.kernel aiv @silu(%mlp: !pto.tensor<16x17408xbf16> {
                             pto.direction = #pto.direction<inout>,
                             pto.window = #pto.window<offsets = ()[s0] -> (0, s0),
                                                      sizes = ()[s0] -> (16, 1024)>},
                         %n_off: index)
    ```

    Without the attribute a kernel touches the whole tensor passed. The
    window of an `out` parameter is what the task writes; of an `inout` one,
    what it reads and writes (only writes, with the unit attribute
    `pto.overwrites`: a kernel the runtime must order as a writer after
    every earlier access, which never reads the old contents); of an `in`
    one, what it reads. A launch whose
    arguments put a window outside the tensor passed makes the kernel touch
    memory that is not its argument's (`pto-verify-kernel-windows` rejects
    it where the scalars are constants; the stub runtime and the simulator
    check every task).
  }];
  let parameters = (ins "::mlir::AffineMap":$offsets, "::mlir::AffineMap":$sizes);
  let assemblyFormat = "`<` `offsets` `=` $offsets `,` `sizes` `=` $sizes `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The window's rank (results of each map).
    unsigned getRank() const { return getOffsets().getNumResults(); }
  }];
}

#endif // PTO_DIALECT_PTO_IR_PTOATTRS_TD
