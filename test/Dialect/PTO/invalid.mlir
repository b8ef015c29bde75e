// RUN: pto-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Invalid pto IR: type and attribute parse errors, op parse errors, op
// verifiers, ODS constraints and the dialect's discardable attribute checks.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// expected-error@+1 {{unknown tensor layout 'xy': expected nd or dn}}
func.func private @f(!pto.tensor<16x16xf32, xy>)

// -----

// expected-error@+1 {{expected valid keyword}}
func.func private @f(!pto.tensor<16x16xf32, 1>)

// -----

// expected-error@+1 {{the 'dn' layout needs a tensor of rank 2 or more}}
func.func private @f(!pto.tensor<16xf32, dn>)

// -----

// expected-error@+1 {{tensor of rank 6: the runtime's tensors have at most 5 axes (MAX_TENSOR_DIMS)}}
func.func private @f(!pto.tensor<1x2x3x4x5x6xf32>)

// -----

// expected-error@+1 {{the 'dn' layout needs a tensor of rank 2 or more}}
func.func private @f(!pto.tensor<f32, dn>)

// -----

// expected-error@+1 {{invalid tensor element type 'f64': expected f16, bf16, f32, i1, i8, i16, i32, i64 or ui8}}
func.func private @f(!pto.tensor<16xf64>)

// -----

// expected-error@+1 {{invalid tensor element type 'i128': expected f16, bf16, f32, i1, i8, i16, i32, i64 or ui8}}
func.func private @f(!pto.tensor<16xi128>)

// -----

// Integers narrower than 64 bits are limited to the widths the runtime has.
// expected-error@+1 {{invalid tensor element type 'i4': expected f16, bf16, f32, i1, i8, i16, i32, i64 or ui8}}
func.func private @f(!pto.tensor<16xi4>)

// -----

// expected-error@+1 {{invalid tensor element type 'si32'}}
func.func private @f(!pto.tensor<16xsi32>)

// -----

// Of the unsigned integers only ui8, a byte buffer (DataType::UINT8).
// expected-error@+1 {{invalid tensor element type 'ui16'}}
func.func private @f(!pto.tensor<16xui16>)

// -----

// A byte buffer has no scalar type on the host: no read, no write.
module {
  pto.orchestration @main(%b: !pto.tensor<16xui8> {pto.direction = #pto.direction<inout>}) {
    // expected-error @below {{'pto.read' op result #0 must be scalar (signless integer or float of at most 64 bits, or index), but got 'ui8'}}
    %v = pto.read %b[0] : !pto.tensor<16xui8>
    pto.return
  }
}

// -----

// expected-error@+1 {{invalid tensor element type 'index'}}
func.func private @f(!pto.tensor<16xindex>)

// -----

// expected-error@+1 {{invalid tensor element type 'f8E4M3FN'}}
func.func private @f(!pto.tensor<16xf8E4M3FN>)

// -----

// expected-error@+1 {{invalid tensor element type '!pto.task_id'}}
func.func private @f(!pto.tensor<16x!pto.task_id>)

// -----

// expected-error@+1 {{invalid tensor element type '!pto.tensor<4xf32>'}}
func.func private @f(!pto.tensor<16x!pto.tensor<4xf32>>)

// -----

// A negative extent does not parse as a dimension.
// expected-error@+1 {{expected non-function type}}
func.func private @f(!pto.tensor<-1xf32>)

// -----

// expected-error@+1 {{invalid dimension}}
func.func private @f(!pto.tensor<18446744073709551615xf32>)

// -----

// expected-error@+1 {{expected '>'}}
func.func private @f(!pto.tensor<16xf32, dn, nd>)

// -----

// expected-error@+1 {{a task id array needs a size between 1 and 4294967295, got 0}}
func.func private @f(!pto.task_id_array<0>)

// -----

// expected-error@+1 {{a task id array needs a size between 1 and 4294967295, got -1}}
func.func private @f(!pto.task_id_array<-1>)

// -----

// expected-error@+1 {{a task id array needs a size between 1 and 4294967295, got 4294967296}}
func.func private @f(!pto.task_id_array<4294967296>)

// -----

// expected-error@+1 {{integer value too large}}
func.func private @f(!pto.task_id_array<18446744073709551616>)

// -----

// expected-error@+1 {{unknown  type `tensor_type` in dialect `pto`}}
func.func private @f(!pto.tensor_type<4xf32>)

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// -----

// expected-error@+2 {{failed to parse PTO_DirectionAttr parameter 'value'}}
// expected-error@+1 {{expected ::mlir::pto::Direction to be one of: in, out, inout}}
func.func private @f() attributes {d = #pto.direction<up>}

// -----

// expected-error@+2 {{failed to parse PTO_CoreTypeAttr parameter 'value'}}
// expected-error@+1 {{expected ::mlir::pto::CoreType to be one of: aic, aiv, mixed}}
func.func private @f() attributes {c = #pto.core_type<cube>}

// -----

// expected-error@+2 {{failed to parse PTO_RuntimeAttr parameter 'value'}}
// expected-error@+1 {{expected ::mlir::pto::Runtime to be one of: tensormap_and_ringbuffer, host_build_graph}}
func.func private @f() attributes {r = #pto.runtime<ringbuffer>}

// -----

// The layout is not an attribute.
// expected-error@+1 {{unknown attribute `layout` in dialect `pto`}}
func.func private @f() attributes {l = #pto.layout<dn>}

//===----------------------------------------------------------------------===//
// Discardable pto.* attributes
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{'pto.runtime' may only be set on a builtin.module}}
pto.orchestration @o() attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.return
}

// -----

// expected-error@+1 {{'pto.runtime' must be a #pto.runtime attribute}}
module attributes {pto.runtime = "host_build_graph"} {
}

// -----

// expected-error@+1 {{'pto.runtime' must be a #pto.runtime attribute}}
module attributes {pto.runtime = #pto.core_type<aic>} {
}

// -----

// expected-error@+1 {{'pto.runtime_api' may only be set on a builtin.module}}
pto.orchestration @o() attributes {pto.runtime_api = #pto.runtime_api<spec>} {
  pto.return
}

// -----

// expected-error@+1 {{'pto.runtime_api' must be a #pto.runtime_api attribute}}
module attributes {pto.runtime_api = #pto.runtime<host_build_graph>} {
}

// -----

// expected-error@+1 {{'pto.prepared' is a unit attribute of builtin.module}}
module attributes {pto.prepared = true} {
}

// -----

// expected-error@+1 {{'pto.prepared' is a unit attribute of builtin.module}}
pto.orchestration @o() attributes {pto.prepared} {
  pto.return
}

// -----

pto.orchestration @o() {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.parallel' may only be set on an scf.for}}
  %c1 = arith.constant {pto.parallel} 1 : index
  pto.return
}

// -----

// expected-error@+1 {{'pto.parallel' may only be set on an scf.for}}
module attributes {pto.parallel} {
}

// -----

pto.orchestration @o() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'pto.parallel' must be a unit attribute}}
  scf.for %i = %c0 to %c1 step %c1 {
  } {pto.parallel = true}
  pto.return
}

// -----

// expected-error@+1 {{'pto.direction' is an argument attribute of kernel, graph and orchestration functions}}
pto.orchestration @o() attributes {pto.direction = #pto.direction<in>} {
  pto.return
}

// -----

// expected-error@+1 {{unknown pto dialect attribute 'pto.parallell'}}
pto.orchestration @o() attributes {pto.parallell} {
  pto.return
}

// -----

// expected-error@+1 {{'pto.window' must be a #pto.window attribute on an argument of pto.kernel}}
pto.graph @g(%a: !pto.tensor<4xf32> {pto.window = #pto.window<offsets = () -> (0), sizes = () -> (4)>}) {
  pto.return
}

// -----

// expected-error@+1 {{'pto.window' must be a #pto.window attribute on an argument of pto.kernel}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.window = 3 : i64})

// -----

// expected-error@+1 {{parameter #1 is a scalar: only tensor parameters have a window}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %n: index {pto.window = #pto.window<offsets = () -> (0), sizes = () -> (4)>})

// -----

// expected-error@+1 {{parameter #0 has rank 2 but its window has 1 axes}}
pto.kernel aiv @k(%a: !pto.tensor<4x8xf32> {pto.window = #pto.window<offsets = () -> (0), sizes = () -> (4)>})

// -----

// expected-error@+1 {{the window of parameter #0 uses 2 symbols but the kernel has 1 scalar parameters}}
pto.kernel aiv @k(%a: !pto.tensor<64xf32> {pto.window = #pto.window<offsets = ()[s0, s1] -> (s1), sizes = () -> (4)>}, %n: index)

// -----

// expected-error@+1 {{the window of parameter #0 uses s0, scalar parameter #1 of type 'f32': window symbols must be integers or index}}
pto.kernel aiv @k(%a: !pto.tensor<64xf32> {pto.window = #pto.window<offsets = ()[s0] -> (s0), sizes = () -> (4)>}, %x: f32)

// -----

// expected-error@+1 {{the window of parameter #0 covers [62, 66) on axis 0, outside its extent 64}}
pto.kernel aiv @k(%a: !pto.tensor<64xf32> {pto.window = #pto.window<offsets = () -> (62), sizes = () -> (4)>})

// -----

// expected-error@+1 {{the window of parameter #0 has size 0 on axis 0: sizes must be positive}}
pto.kernel aiv @k(%a: !pto.tensor<64xf32> {pto.window = #pto.window<offsets = () -> (0), sizes = () -> (0)>})

// -----

// expected-error@+1 {{window offsets expression s0 mod 4 is not linear in the scalar parameters (mod, floordiv and ceildiv are not allowed)}}
pto.kernel aiv @k(%a: !pto.tensor<64xf32> {pto.window = #pto.window<offsets = ()[s0] -> (s0 mod 4), sizes = () -> (4)>}, %n: index)

// -----

// expected-error@+1 {{window sizes take no dimensions: symbol s<k> is the kernel's k-th scalar parameter}}
pto.kernel aiv @k(%a: !pto.tensor<64xf32> {pto.window = #pto.window<offsets = () -> (0), sizes = (d0) -> (d0)>})

// -----

// expected-error@+1 {{window offsets have 2 results but sizes 1}}
pto.kernel aiv @k(%a: !pto.tensor<64xf32> {pto.window = #pto.window<offsets = () -> (0, 0), sizes = () -> (4)>})

// -----

// expected-error@+1 {{parameter #0 is not an inout tensor: only an inout parameter can be overwritten without being read ('out' already is)}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>, pto.overwrites})

// -----

// expected-error@+1 {{'pto.overwrites' is a unit attribute of an argument of pto.kernel}}
pto.orchestration @o(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>, pto.overwrites}) {
  pto.return
}

// -----

// An f16 entry scalar was refused only by the translation.
// expected-error@+1 {{'pto.orchestration' op parameter #1 has type 'f16': an entry scalar is an integer, index, f32 or f64 (the runtime decodes its 64-bit slot to a C++ type; there is none for 'f16')}}
pto.orchestration @main(%x: !pto.tensor<16xf32>, %h: f16) {
  pto.return
}

// -----

// expected-error@+1 {{unknown pto argument attribute 'pto.dir'}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.dir = #pto.direction<out>})

// -----

// expected-error@+1 {{unknown pto argument attribute 'pto.foo'}}
func.func private @f(%a: !pto.tensor<4xf32> {pto.foo})

// -----

// expected-error@+1 {{'pto.direction' may only be set on arguments of pto.kernel, pto.graph and pto.orchestration}}
func.func private @f(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>})

// -----

// expected-error@+1 {{'pto.direction' must be a #pto.direction attribute}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = "out"})

// -----

// expected-error@+1 {{'pto.direction' must be a #pto.direction attribute}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.core_type<aiv>})

// -----

// expected-error@+1 {{'pto.kernel' op parameter #1 is a scalar: scalar parameters are passed by value and must be 'in'}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %s: f32 {pto.direction = #pto.direction<out>})

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.graph' op parameter #0 is a scalar: scalar parameters are passed by value and must be 'in'}}
pto.graph @g(%n: index {pto.direction = #pto.direction<inout>}) {
  pto.return
}
}

// -----

// expected-error@+1 {{'pto.orchestration' op parameter #2 is a scalar: scalar parameters are passed by value and must be 'in'}}
pto.orchestration @o(%a: !pto.tensor<4xf32>, %n: index, %k: i64 {pto.direction = #pto.direction<out>}) {
  pto.return
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{unknown pto result attribute 'pto.x': pto defines no result attributes}}
pto.graph @g(%a: !pto.tensor<4xf32>) -> (!pto.tensor<4xf32> {pto.x}) {
  pto.return %a : !pto.tensor<4xf32>
}
}

// -----

// expected-error@+1 {{unknown pto result attribute 'pto.direction': pto defines no result attributes}}
func.func private @f() -> (!pto.tensor<4xf32> {pto.direction = #pto.direction<out>})

//===----------------------------------------------------------------------===//
// pto.kernel, pto.graph, pto.orchestration
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{expected a kernel core type (aic, aiv or mixed), got 'aicore'}}
pto.kernel aicore @k(%a: !pto.tensor<4xf32>)

// -----

// expected-error@+1 {{expected valid keyword}}
pto.kernel @k(%a: !pto.tensor<4xf32>)

// -----

// expected-error@+1 {{attribute 'core_type' occurs more than once in the attribute list}}
pto.kernel aiv @k() attributes {core_type = #pto.core_type<aic>}

// -----

// expected-error@+1 {{'pto.kernel' op requires attribute 'core_type'}}
"pto.kernel"() <{function_type = () -> (), sym_name = "k"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'pto.kernel' op parameter #1 has type '!pto.task_id': expected a !pto.tensor, index, or a signless integer or float of at most 64 bits}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %t: !pto.task_id)

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.graph' op parameter #0 has type 'memref<4xf32>': expected a !pto.tensor, index, or a signless integer or float of at most 64 bits}}
pto.graph @g(%a: memref<4xf32>) {
  pto.return
}
}

// -----

// expected-error@+1 {{'pto.orchestration' op parameter #1 has type 'vector<4xf32>': expected a !pto.tensor, index, or a signless integer or float of at most 64 bits}}
pto.orchestration @o(%a: !pto.tensor<4xf32>, %v: vector<4xf32>) {
  pto.return
}

// -----

// expected-error@+1 {{'pto.kernel' op tensor parameter #2 follows scalar parameter #1: every tensor parameter must precede every scalar one}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %s: f32, %b: !pto.tensor<4xf32>)

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.graph' op tensor parameter #1 follows scalar parameter #0: every tensor parameter must precede every scalar one}}
pto.graph @g(%n: index, %a: !pto.tensor<4xf32>) {
  pto.return
}
}

// -----

// expected-error@+1 {{'pto.kernel' op result #0 has type '!pto.task_id': expected a !pto.tensor, index, or a signless integer or float of at most 64 bits}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32>) -> !pto.task_id

// -----

// expected-error@+1 {{'pto.kernel' op result #0 has type 'f32': a kernel returns only tensors (its own out/inout parameters)}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32>) -> f32

// -----

// expected-error@+1 {{'pto.orchestration' op has results: the orchestration entry returns nothing (its outputs are out/inout parameters)}}
pto.orchestration @o(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<4xf32> {
  pto.return %a : !pto.tensor<4xf32>
}

// -----

// Scalars are at most 64 bits wide (a task's scalar slot).
// expected-error@+1 {{'pto.kernel' op parameter #1 has type 'i128': expected a !pto.tensor, index, or a signless integer or float of at most 64 bits}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %n: i128)

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.graph' op parameter #0 has type 'f80': expected a !pto.tensor, index, or a signless integer or float of at most 64 bits}}
pto.graph @g(%x: f80) {
  pto.return
}
}

// -----

// expected-error@+1 {{'pto.graph' op result #1 has type 'tensor<4xf32>': expected a !pto.tensor, index, or a signless integer or float of at most 64 bits}}
pto.graph private @g(%a: !pto.tensor<4xf32>) -> (!pto.tensor<4xf32>, tensor<4xf32>)

// -----

// expected-error@+1 {{'pto.graph' op requires a body}}
pto.graph private @g(%a: !pto.tensor<4xf32>)

// -----

// expected-error@+1 {{'pto.orchestration' op requires a body}}
pto.orchestration private @o()

// -----

// A public one too: Graphs and orchestration functions are never declarations.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.graph' op requires a body}}
pto.graph @g(%a: !pto.tensor<4xf32>)
}

// -----

// expected-error@+1 {{'pto.orchestration' op requires a body}}
pto.orchestration @o(%a: !pto.tensor<4xf32>)

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{expected non-empty function body}}
pto.graph @g() {
}
}

// -----

// expected-error@+1 {{'pto.kernel' op region #0 ('body') failed to verify constraint: region with at most 1 blocks}}
pto.kernel aiv @k() {
^bb0:
  pto.return
^bb1:
  pto.return
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g() {
  // expected-error@+1 {{block with no terminator}}
  %c0 = arith.constant 0 : index
}
}

//===----------------------------------------------------------------------===//
// pto.return
//===----------------------------------------------------------------------===//

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) -> !pto.tensor<4xf32> {
  // expected-error@+1 {{'pto.return' op returns 0 values, but the enclosing function has 1 result}}
  pto.return
}
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.return' op returns 1 value, but the enclosing function has 0 results}}
  pto.return %a : !pto.tensor<4xf32>
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) -> !pto.tensor<4xf32> {
  // expected-error@+1 {{'pto.return' op returns 2 values, but the enclosing function has 1 result}}
  pto.return %a, %a : !pto.tensor<4xf32>, !pto.tensor<4xf32>
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) -> !pto.tensor<?xf32> {
  // expected-error@+1 {{'pto.return' op operand #0 has type '!pto.tensor<4xf32>', but the enclosing function returns '!pto.tensor<?xf32>'}}
  pto.return %a : !pto.tensor<4xf32>
}
}

// -----

func.func @f() {
  // expected-error@+1 {{'pto.return' op expects parent op to be one of 'pto.kernel, pto.graph, pto.orchestration'}}
  pto.return
}

//===----------------------------------------------------------------------===//
// pto.submit
//===----------------------------------------------------------------------===//

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.kernel aiv @k2(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op may only appear in a pto.graph or pto.orchestration body}}
  %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
func.func @f(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op may only appear in a pto.graph or pto.orchestration body}}
  %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> ()
  return
}

// -----

pto.kernel aiv @k()
// expected-error@+1 {{'pto.submit' op may only appear in a pto.graph or pto.orchestration body}}
%t = pto.submit @k() : () -> ()

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %s: f32)
pto.orchestration @o(%a: !pto.tensor<4xf32>, %s: f32) {
  // expected-error@+1 {{'pto.submit' op tensor operand #1 follows scalar operand #0: every tensor argument must precede every scalar one}}
  %t = pto.submit @k(%s, %a) : (f32, !pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op '@g' is a pto.graph: call Graphs with pto.call}}
  %t = pto.submit @g(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op '@missing' does not reference a pto.kernel}}
  %t = pto.submit @missing(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op '@o' does not reference a pto.kernel}}
  %t = pto.submit @o(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op passes 2 tensors, but @k has 1 tensor parameter}}
  %t = pto.submit @k(%a, %a) : (!pto.tensor<4xf32>, !pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %s: f32)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op passes 0 scalars, but @k has 1 scalar parameter}}
  %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %s: f32)
pto.orchestration @o(%a: !pto.tensor<4xf32>, %s: f32) {
  // expected-error@+1 {{'pto.submit' op passes 2 scalars, but @k has 1 scalar parameter}}
  %t = pto.submit @k(%a, %s, %s) : (!pto.tensor<4xf32>, f32, f32) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %s: f32, %u: f32)
pto.orchestration @o(%a: !pto.tensor<4xf32>, %s: f32) {
  // expected-error@+1 {{'pto.submit' op passes 1 scalar, but @k has 2 scalar parameters}}
  %t = pto.submit @k(%a, %s) : (!pto.tensor<4xf32>, f32) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %b: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op omits tensor parameter #1 of @k, which is 'in': only a tail of 'out' parameters may be left for the runtime to allocate}}
  %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %b: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op omits tensor parameter #1 of @k, which is 'inout'}}
  %b, %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
  pto.return
}

// -----

// The runtime cannot allocate an out parameter of dynamic shape.
pto.kernel aiv @k(%a: !pto.tensor<?xf32>,
                  %b: !pto.tensor<?x4xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @o(%a: !pto.tensor<8xf32>) {
  // expected-error@+1 {{'pto.submit' op omits tensor parameter #1 of @k, whose type '!pto.tensor<?x4xf32>' has a dynamic extent: the runtime cannot size the buffer it would allocate}}
  %b, %t = pto.submit @k(%a) : (!pto.tensor<8xf32>) -> !pto.tensor<?x4xf32>
  pto.return
}

// -----

// A create info stands only for an 'out' parameter.
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @o() {
  %ci = pto.create_info : !pto.create_info<4xf32>
  // expected-error@+1 {{'pto.submit' op passes a create info for tensor parameter #0 of @k, which is 'inout': the runtime allocates only 'out' buffers}}
  %a, %t = pto.submit @k(%ci) : (!pto.create_info<4xf32>) -> !pto.tensor<4xf32>
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @o() {
  %ci = pto.create_info : !pto.create_info<8xf32>
  // expected-error@+1 {{'pto.submit' op operand #0 describes '!pto.tensor<8xf32>', but @k declares parameter #0 as '!pto.tensor<4xf32>'}}
  %a, %t = pto.submit @k(%ci) : (!pto.create_info<8xf32>) -> !pto.tensor<8xf32>
  pto.return
}

// -----

// The result for a described parameter is the described tensor type.
pto.kernel aiv @k(%a: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @o(%n: index) {
  %ci = pto.create_info(%n) : !pto.create_info<?xf32>
  // expected-error@+1 {{'pto.submit' op result #0 has type '!pto.tensor<4xf32>', but operand #0 describes '!pto.tensor<?xf32>'}}
  %a, %t = pto.submit @k(%ci) : (!pto.create_info<?xf32>) -> !pto.tensor<4xf32>
  pto.return
}

// -----

// A create info is an argument of launches only: not carried, not yielded.
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @o(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'pto.create_info' op is used by 'scf.for': a create info is an argument of pto.submit only (describe the buffer in the region of the launches that use it)}}
  %ci = pto.create_info : !pto.create_info<4xf32>
  // expected-note@+1 {{used here}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%c = %ci) -> (!pto.create_info<4xf32>) {
    %a, %t = pto.submit @k(%c) : (!pto.create_info<4xf32>) -> !pto.tensor<4xf32>
    scf.yield %c : !pto.create_info<4xf32>
  }
  pto.return
}

// -----

pto.orchestration @o() {
  %r = pto.scope -> !pto.create_info<4xf32> {
    // expected-error@+1 {{'pto.create_info' op is used by 'pto.yield'}}
    %ci = pto.create_info : !pto.create_info<4xf32>
    // expected-note@+1 {{used here}}
    pto.yield %ci : !pto.create_info<4xf32>
  }
  pto.return
}

// -----

// A create info precedes the scalars, as the tensor it stands for does.
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>}, %s: index)
pto.orchestration @o(%s: index) {
  %ci = pto.create_info : !pto.create_info<4xf32>
  // expected-error@+1 {{'pto.submit' op tensor operand #1 follows scalar operand #0}}
  %a, %t = pto.submit @k(%s, %ci) : (index, !pto.create_info<4xf32>) -> !pto.tensor<4xf32>
  pto.return
}

// -----

pto.orchestration @o(%n: index) {
  // expected-error@+1 {{'pto.create_info' op expects 2 dynamic size operands (one per '?' extent of '!pto.tensor<?x?xf32>'), got 3}}
  %ci = "pto.create_info"(%n, %n, %n) : (index, index, index) -> !pto.create_info<?x?xf32>
  pto.return
}

// -----

pto.orchestration @o() {
  %c = arith.constant -1 : index
  // expected-error@+1 {{'pto.create_info' op dynamic size #0 is the constant -1: an extent cannot be negative}}
  %ci = pto.create_info(%c) : !pto.create_info<?xf32>
  pto.return
}

// -----

// A Graph's create infos are recorded with its tasks: no run-time extents.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.kernel aiv @k(%a: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>})
pto.graph @g(%n: index) {
  // expected-error@+1 {{'pto.create_info' op describes '!pto.tensor<?xf32>' in Graph @g: the runtime records a task's create info and replays it as recorded, so a create info in a Graph has no run-time extents (describe it in the caller and pass the buffer)}}
  %ci = pto.create_info(%n) : !pto.create_info<?xf32>
  %a, %t = pto.submit @k(%ci) : (!pto.create_info<?xf32>) -> !pto.tensor<?xf32>
  pto.return
}
}

// -----

// expected-error@+1 {{a create info describes '!pto.tensor<16x16xf32, dn>', which the runtime cannot allocate (TensorCreateInfo takes a row-major shape of rank 1 or more)}}
func.func private @f(!pto.create_info<16x16xf32, dn>)

// -----

// expected-error@+1 {{a create info describes '!pto.tensor<f32>', which the runtime cannot allocate}}
func.func private @f(!pto.create_info<f32>)

// -----

// expected-error@+1 {{a create info describes an extent of 4294967296, which does not fit the runtime's 32-bit shapes}}
func.func private @f(!pto.create_info<4294967296xf32>)

// -----

// An omitted out parameter must not precede a supplied one.
pto.kernel aiv @k(%a: !pto.tensor<4xf32>,
                  %b: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>},
                  %c: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op omits tensor parameter #2 of @k, which is 'in'}}
  %b, %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<8xf32>) {
  // expected-error@+1 {{'pto.submit' op operand #0 has type '!pto.tensor<8xf32>', but @k declares parameter #0 as '!pto.tensor<4xf32>'}}
  %t = pto.submit @k(%a) : (!pto.tensor<8xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4x4xf32>)
pto.orchestration @o(%a: !pto.tensor<4x4xf32, dn>) {
  // expected-error@+1 {{'pto.submit' op operand #0 has type '!pto.tensor<4x4xf32, dn>', but @k declares parameter #0 as '!pto.tensor<4x4xf32>'}}
  %t = pto.submit @k(%a) : (!pto.tensor<4x4xf32, dn>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<?xf32>)
pto.orchestration @o(%a: !pto.tensor<4x4xf32>) {
  // expected-error@+1 {{'pto.submit' op operand #0 has type '!pto.tensor<4x4xf32>', but @k declares parameter #0 as '!pto.tensor<?xf32>'}}
  %t = pto.submit @k(%a) : (!pto.tensor<4x4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf16>) {
  // expected-error@+1 {{'pto.submit' op operand #0 has type '!pto.tensor<4xf16>', but @k declares parameter #0 as '!pto.tensor<4xf32>'}}
  %t = pto.submit @k(%a) : (!pto.tensor<4xf16>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %n: index, %s: f32)
pto.orchestration @o(%a: !pto.tensor<4xf32>, %n: index, %s: i32) {
  // expected-error@+1 {{'pto.submit' op operand #2 has type 'i32', but @k declares parameter #2 as 'f32'}}
  %t = pto.submit @k(%a, %n, %s) : (!pto.tensor<4xf32>, index, i32) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op has 0 tensor results, but @k has 1 out/inout tensor parameter (one result each)}}
  %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op has 1 tensor result, but @k has 0 out/inout tensor parameters (one result each)}}
  %b, %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>},
                  %b: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op has 1 tensor result, but @k has 2 out/inout tensor parameters (one result each)}}
  %b, %t = pto.submit @k(%a, %a) : (!pto.tensor<4xf32>, !pto.tensor<4xf32>) -> !pto.tensor<4xf32>
  pto.return
}

// -----

// A tied result has exactly the type of its operand.
pto.kernel aiv @k(%a: !pto.tensor<?xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op result #0 has type '!pto.tensor<?xf32>', but it rebinds operand #0 of type '!pto.tensor<4xf32>'}}
  %b, %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<?xf32>
  pto.return
}

// -----

// A runtime-allocated result has the type the kernel declares.
pto.kernel aiv @k(%a: !pto.tensor<4xf32>,
                  %b: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op result #0 has type '!pto.tensor<4xf16>', but the runtime allocates it for parameter #1 of type '!pto.tensor<4xf32>'}}
  %b, %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf16>
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  %x = pto.invalid_task_id
  // expected-error@+1 {{'pto.submit' op operand #0 must be variadic of PTO tensor or PTO tensor create info or scalar (signless integer or float of at most 64 bits, or index), but got '!pto.task_id'}}
  %t = pto.submit @k(%x) : (!pto.task_id) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %s: f64)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  %s = arith.constant 1.0 : f80
  // expected-error@+1 {{'pto.submit' op operand #1 must be variadic of PTO tensor or PTO tensor create info or scalar (signless integer or float of at most 64 bits, or index), but got 'f80'}}
  %t = pto.submit @k(%a, %s) : (!pto.tensor<4xf32>, f80) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'pto.submit' op operand #1 must be variadic of task id or task id array, but got 'index'}}
  %t = pto.submit @k(%a) deps(%i : index) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>, %p: i1) {
  // expected-error@+1 {{'pto.submit' op operand #1 must be PTO tensor, but got 'i1'}}
  %t = pto.submit @k(%a) pred(%p : i1) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
// expected-note@+1 {{prior use here}}
pto.orchestration @o(%a: !pto.tensor<4xf32>, %n: i32) {
  // expected-error@+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'i32'}}
  %t = pto.submit @k(%a) core_num(%n) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %t = "pto.submit"(%a) <{callee = @k}> : (!pto.tensor<4xf32>) -> !pto.task_id
  pto.return
}

//===----------------------------------------------------------------------===//
// pto.call
//===----------------------------------------------------------------------===//

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) {
  pto.return
}
pto.kernel aiv @k(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op may only appear in a pto.graph or pto.orchestration body}}
  pto.call @g(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>, %n: index) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32>, %n: index) {
  // expected-error@+1 {{'pto.call' op tensor operand #1 follows scalar operand #0: every tensor argument must precede every scalar one}}
  pto.call @g(%n, %a) : (index, !pto.tensor<4xf32>) -> ()
  pto.return
}
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op '@k' is a pto.kernel: launch kernels with pto.submit}}
  pto.call @k(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op '@missing' does not reference a pto.graph}}
  pto.call @missing(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

func.func private @f(!pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op '@f' does not reference a pto.graph}}
  pto.call @f(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>, %b: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>}) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op passes 1 argument, but @g has 2 parameters: a Graph call supplies every parameter (a Graph has no runtime-allocated outputs)}}
  pto.call @g(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op passes 2 arguments, but @g has 1 parameter: a Graph call supplies every parameter}}
  pto.call @g(%a, %a) : (!pto.tensor<4xf32>, !pto.tensor<4xf32>) -> ()
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>, %n: index) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32>, %n: i64) {
  // expected-error@+1 {{'pto.call' op operand #1 has type 'i64', but @g declares parameter #1 as 'index'}}
  pto.call @g(%a, %n) : (!pto.tensor<4xf32>, i64) -> ()
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4x8xf32>) {
  pto.return
}
// A dynamic extent is compatible, the element type is not.
pto.orchestration @o(%a: !pto.tensor<4x?xi32>) {
  // expected-error@+1 {{'pto.call' op operand #0 has type '!pto.tensor<4x?xi32>', but @g declares parameter #0 as '!pto.tensor<4x8xf32>'}}
  pto.call @g(%a) : (!pto.tensor<4x?xi32>) -> ()
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) -> !pto.tensor<4xf32> {
  pto.return %a : !pto.tensor<4xf32>
}
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op has 0 results, but @g returns 1 value}}
  pto.call @g(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op has 1 result, but @g returns 0 values}}
  %r = pto.call @g(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) -> !pto.tensor<4xf32> {
  pto.return %a : !pto.tensor<4xf32>
}
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.call' op result #0 has type '!pto.tensor<?xf32>', but @g returns '!pto.tensor<4xf32>'}}
  %r = pto.call @g(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<?xf32>
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32>) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  %t = pto.invalid_task_id
  // expected-error@+1 {{'pto.call' op operand #2 must be PTO tensor, but got '!pto.task_id'}}
  pto.call @g(%a) deps(%t : !pto.task_id) pred(%t : !pto.task_id) : (!pto.tensor<4xf32>) -> ()
  pto.return
}
}

// -----

// Never legal on a Graph launch: explicit dependencies (the runtime rejects
// them across a Graph boundary) ...
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
  pto.scope manual {
    %t = pto.task_dummy
    // expected-error@+1 {{'pto.call' op passes explicit dependencies to Graph @g: the runtime rejects explicit dependencies across a Graph boundary}}
    pto.call @g(%a) deps(%t : !pto.task_id) : (!pto.tensor<4xf32>) -> ()
  }
  pto.return
}
}

// -----

// ... and a dispatch predicate (the runtime would ignore it).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
  pto.return
}
pto.orchestration @o(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                     %p: !pto.tensor<1xi32>) {
  // expected-error@+1 {{'pto.call' op passes a dispatch predicate to Graph @g: the runtime ignores a predicate on a Graph launch, so the Graph would run unconditionally}}
  pto.call @g(%a) pred(%p : !pto.tensor<1xi32>) : (!pto.tensor<4xf32>) -> ()
  pto.return
}
}

// -----

// A Graph calling a Graph, however deep in its body: the runtime cannot
// record a Graph while it records another.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @inner(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
  pto.return
}
pto.graph @outer(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    pto.scope {
      // expected-error@+1 {{'pto.call' op calls Graph @inner from Graph @outer: the runtime cannot record a Graph while recording another}}
      pto.call @inner(%a) : (!pto.tensor<4xf32>) -> ()
    }
  }
  pto.return
}
}

// -----

// A Graph calling itself.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
  // expected-error@+1 {{'pto.call' op calls Graph @g from Graph @g}}
  pto.call @g(%a) : (!pto.tensor<4xf32>) -> ()
  pto.return
}
}

//===----------------------------------------------------------------------===//
// pto.task_dummy
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.task_dummy' op operand #0 must be variadic of task id or task id array, but got '!pto.tensor<4xf32>'}}
  %t = pto.task_dummy deps(%a : !pto.tensor<4xf32>)
  pto.return
}

// -----

pto.kernel aiv @k() {
  // expected-error@+1 {{'pto.task_dummy' op may only appear in a pto.graph or pto.orchestration body}}
  %t = pto.task_dummy
  pto.return
}

//===----------------------------------------------------------------------===//
// pto.slice
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op expects one offset and one size per source axis (2), got 1 offsets and 1 sizes}}
  %s = pto.slice %a[0] [4] : !pto.tensor<16x8xf32> to !pto.tensor<4xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op expects one offset and one size per source axis (2), got 2 offsets and 3 sizes}}
  %s = pto.slice %a[0, 0] [4, 8, 1] : !pto.tensor<16x8xf32> to !pto.tensor<4x8x1xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>, %i: index) {
  // expected-error@+1 {{expected 0 dynamic offset values}}
  %s = "pto.slice"(%a, %i) <{operandSegmentSizes = array<i32: 1, 1, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 8>}> : (!pto.tensor<16x8xf32>, index) -> !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>, %i: index) {
  // expected-error@+1 {{expected 0 dynamic size values}}
  %s = "pto.slice"(%a, %i) <{operandSegmentSizes = array<i32: 1, 0, 1>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 8>}> : (!pto.tensor<16x8xf32>, index) -> !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op offset -1 on axis 0 is negative}}
  %s = pto.slice %a[-1, 0] [4, 8] : !pto.tensor<16x8xf32> to !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op size 0 on axis 1 must be positive}}
  %s = pto.slice %a[0, 0] [4, 0] : !pto.tensor<16x8xf32> to !pto.tensor<4x0xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<?x8xf32>, %i: index) {
  // expected-error@+1 {{'pto.slice' op size -2 on axis 0 must be positive}}
  %s = pto.slice %a[%i, 0] [-2, 8] : !pto.tensor<?x8xf32> to !pto.tensor<?x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op window at offset 4 on axis 1 exceeds the source extent 8}}
  %s = pto.slice %a[0, 4] [4, 8] : !pto.tensor<16x8xf32> to !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op size 17 on axis 0 exceeds the source extent 16}}
  %s = pto.slice %a[0, 0] [17, 8] : !pto.tensor<16x8xf32> to !pto.tensor<17x8xf32>
  pto.return
}

// -----

// A literal size larger than the extent fails whatever the offset.
pto.orchestration @o(%a: !pto.tensor<16x8xf32>, %i: index) {
  // expected-error@+1 {{'pto.slice' op size 17 on axis 0 exceeds the source extent 16}}
  %s = pto.slice %a[%i, 0] [17, 8] : !pto.tensor<16x8xf32> to !pto.tensor<17x8xf32>
  pto.return
}

// -----

// offset + size would overflow int64.
pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op window at offset 9223372036854775807 on axis 0 exceeds the source extent 16}}
  %s = pto.slice %a[9223372036854775807, 0] [4, 8] : !pto.tensor<16x8xf32> to !pto.tensor<4x8xf32>
  pto.return
}

// -----

// A dynamic size is at least 1.
pto.orchestration @o(%a: !pto.tensor<16x8xf32>, %n: index) {
  // expected-error@+1 {{'pto.slice' op window at offset 16 on axis 0 exceeds the source extent 16}}
  %s = pto.slice %a[16, 0] [%n, 8] : !pto.tensor<16x8xf32> to !pto.tensor<?x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op result type '!pto.tensor<4x8xf16>' does not match the window: expected '!pto.tensor<4x8xf32>'}}
  %s = pto.slice %a[0, 0] [4, 8] : !pto.tensor<16x8xf32> to !pto.tensor<4x8xf16>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32, dn>) {
  // expected-error@+1 {{'pto.slice' op result type '!pto.tensor<4x8xf32>' does not match the window: expected '!pto.tensor<4x8xf32, dn>'}}
  %s = pto.slice %a[0, 0] [4, 8] : !pto.tensor<16x8xf32, dn> to !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.slice' op result type '!pto.tensor<?x8xf32>' does not match the window: expected '!pto.tensor<4x8xf32>'}}
  %s = pto.slice %a[0, 0] [4, 8] : !pto.tensor<16x8xf32> to !pto.tensor<?x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>, %n: index) {
  // expected-error@+1 {{'pto.slice' op result type '!pto.tensor<4x8xf32>' does not match the window: expected '!pto.tensor<?x8xf32>'}}
  %s = pto.slice %a[0, 0] [%n, 8] : !pto.tensor<16x8xf32> to !pto.tensor<4x8xf32>
  pto.return
}

// -----

// expected-note@+1 {{prior use here}}
pto.orchestration @o(%a: !pto.tensor<16x8xf32>, %i: i32) {
  // expected-error@+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %s = pto.slice %a[%i, 0] [4, 8] : !pto.tensor<16x8xf32> to !pto.tensor<4x8xf32>
  pto.return
}

// -----

// expected-error@+1 {{'pto.config_scalar' may only be set on arguments of pto.graph}}
pto.orchestration @o(%n: index {pto.config_scalar}) {
  pto.return
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.config_scalar' must be a unit attribute}}
pto.graph @g(%x: !pto.tensor<4xf32>, %n: index {pto.config_scalar = 1 : i32}) {
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.graph' op parameter #0 is a tensor: only scalar parameters join a Graph's Config}}
pto.graph @g(%x: !pto.tensor<4xf32> {pto.config_scalar}) {
  pto.return
}
}

// -----

// Task ids carried through a parallel loop (`pto.parallel`) need one array
// slot per iteration: a single task id, an array whose size is not the trip
// count, or a trip count that is not a constant is never legal.

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @single(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      // expected-error @below {{'scf.for' op carries a single task id (iteration argument #1) through a parallel loop: carry a !pto.task_id_array with one slot per iteration}}
      %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%n = %c0, %prev = %none) -> (index, !pto.task_id) {
        %x, %t = pto.submit @k(%c) deps(%prev : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %n, %t : index, !pto.task_id
      } {pto.parallel}
    }
    pto.return
  }
}

// -----
module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @size(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<8>
      // expected-error @below {{'scf.for' op runs 4 parallel iterations but carries '!pto.task_id_array<8>': the array needs one slot per iteration}}
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%ids = %seed) -> (!pto.task_id_array<8>) {
        %x, %t = pto.submit @k(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %ids1 = pto.array_update %ids[%i], %t : !pto.task_id_array<8>
        scf.yield %ids1 : !pto.task_id_array<8>
      } {pto.parallel}
    }
    pto.return
  }
}

// -----
module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @dynamic(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<4>
      // expected-error @below {{'scf.for' op carries task ids through a parallel loop without a statically known trip count: the array of task ids needs one slot per iteration}}
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%ids = %seed) -> (!pto.task_id_array<4>) {
        %x, %t = pto.submit @k(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %ids1 = pto.array_update %ids[%i], %t : !pto.task_id_array<4>
        scf.yield %ids1 : !pto.task_id_array<4>
      } {pto.parallel}
    }
    pto.return
  }
}

//===----------------------------------------------------------------------===//
// pto.alloc_tensors
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.alloc_tensors' op allocates 0 tensors: one alloc_tensors call creates 1 to 16}}
  "pto.alloc_tensors"() : () -> ()
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.alloc_tensors' op allocates 17 tensors: one alloc_tensors call creates 1 to 16}}
  %t:17 = pto.alloc_tensors : !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.alloc_tensors' op has 1 name for 2 results}}
  %t:2 = pto.alloc_tensors {names = ["a"]} : !pto.tensor<2xf32>, !pto.tensor<2xf32>
  pto.return
}

// -----

pto.orchestration @o(%n: index) {
  // expected-error@+1 {{'pto.alloc_tensors' op expects 2 dynamic size operands (one per '?' extent of the results), got 1}}
  %t:2 = pto.alloc_tensors(%n) : !pto.tensor<?xf32>, !pto.tensor<?xf32>
  pto.return
}

// -----

pto.orchestration @o() {
  %m = arith.constant -4 : index
  // expected-error@+1 {{'pto.alloc_tensors' op dynamic size #0 is the constant -4: an extent cannot be negative}}
  %t:2 = pto.alloc_tensors(%m) : !pto.tensor<2xf32>, !pto.tensor<?xf32>
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.alloc_tensors' op allocates '!pto.tensor<f32>', which the runtime cannot allocate (TensorCreateInfo takes a row-major shape of rank 1 or more)}}
  %t = pto.alloc_tensors : !pto.tensor<f32>
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.alloc_tensors' op allocates '!pto.tensor<16x8xf32, dn>', which the runtime cannot allocate}}
  %t = pto.alloc_tensors : !pto.tensor<16x8xf32, dn>
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.alloc_tensors' op allocates an extent of 4294967296, which does not fit the runtime's 32-bit shapes}}
  %t = pto.alloc_tensors : !pto.tensor<4294967296xf32>
  pto.return
}

//===----------------------------------------------------------------------===//
// pto.create, pto.full
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o(%n: index) {
  // expected-error@+1 {{'pto.create' op expects 0 dynamic size operands (one per '?' extent of '!pto.tensor<16x8xf32>'), got 1}}
  %x = pto.create(%n) : !pto.tensor<16x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%n: index) {
  // expected-error@+1 {{'pto.create' op expects 2 dynamic size operands (one per '?' extent of '!pto.tensor<?x?xf32>'), got 1}}
  %x = pto.create(%n) : !pto.tensor<?x?xf32>
  pto.return
}

// -----

// expected-note@+1 {{prior use here}}
pto.orchestration @o(%n: i64) {
  // expected-error@+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'i64'}}
  %x = pto.create(%n) : !pto.tensor<?xf32>
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.create' op result #0 must be PTO tensor, but got 'tensor<4xf32>'}}
  %x = "pto.create"() : () -> tensor<4xf32>
  pto.return
}

// -----

pto.orchestration @o(%f: f32) {
  // expected-error@+1 {{'pto.full' op expects 1 dynamic size operand (one per '?' extent of '!pto.tensor<?x8xf32>'), got 0}}
  %x = pto.full %f : !pto.tensor<?x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%f: f32) {
  // expected-error@+1 {{'pto.full' op failed to verify that value type matches the element type}}
  %x = "pto.full"(%f) : (f32) -> !pto.tensor<8xi32>
  pto.return
}

// -----

// expected-note@+1 {{prior use here}}
pto.orchestration @o(%f: f32) {
  // expected-error@+1 {{use of value '%f' expects different type than prior uses: 'i32' vs 'f32'}}
  %x = pto.full %f : !pto.tensor<8xi32>
  pto.return
}

//===----------------------------------------------------------------------===//
// pto.dim
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.dim' op axis 2 is out of range for a tensor of rank 2}}
  %d = pto.dim %a, 2 : !pto.tensor<16x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<f32>) {
  // expected-error@+1 {{'pto.dim' op axis 0 is out of range for a tensor of rank 0}}
  %d = pto.dim %a, 0 : !pto.tensor<f32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.dim' op axis -1 is out of range for a tensor of rank 2}}
  %d = pto.dim %a, -1 : !pto.tensor<16x8xf32>
  pto.return
}

// -----

pto.orchestration @o() {
  %t = pto.invalid_task_id
  // expected-error@+1 {{'pto.dim' op operand #0 must be PTO tensor, but got '!pto.task_id'}}
  %d = pto.dim %t, 0 : !pto.task_id
  pto.return
}

// -----

// Op types are written in full: the short `<...>` form is gone.
pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{expected non-function type}}
  %d = pto.dim %a, 0 : <16x8xf32>
  pto.return
}

//===----------------------------------------------------------------------===//
// pto.read, pto.write
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.read' op expects 2 indices (one per axis), got 1}}
  %v = pto.read %a[0] : !pto.tensor<16x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.read' op index 16 on axis 0 is out of bounds for '!pto.tensor<16x8xf32>'}}
  %v = pto.read %a[16, 0] : !pto.tensor<16x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<?x8xf32>) {
  // expected-error@+1 {{'pto.read' op index -1 on axis 0 is out of bounds for '!pto.tensor<?x8xf32>'}}
  %v = pto.read %a[-1, 0] : !pto.tensor<?x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>, %i: index) {
  // expected-error@+1 {{expected 0 dynamic index values}}
  %v = "pto.read"(%a, %i) <{static_indices = array<i64: 0, 0>}> : (!pto.tensor<16x8xf32>, index) -> f32
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<16x8xf32>) {
  // expected-error@+1 {{'pto.read' op failed to verify that result type matches the element type}}
  %v = "pto.read"(%a) <{static_indices = array<i64: 0, 0>}> : (!pto.tensor<16x8xf32>) -> i32
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xi32>, %v: i32) {
  // expected-error@+1 {{'pto.write' op expects 1 index (one per axis), got 2}}
  pto.write %v, %a[0, 0] : !pto.tensor<4xi32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xi32>, %v: i32) {
  // expected-error@+1 {{'pto.write' op index 4 on axis 0 is out of bounds for '!pto.tensor<4xi32>'}}
  pto.write %v, %a[4] : !pto.tensor<4xi32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xi32>, %v: f32) {
  // expected-error@+1 {{'pto.write' op failed to verify that value type matches the element type}}
  "pto.write"(%v, %a) <{static_indices = array<i64: 0>}> : (f32, !pto.tensor<4xi32>) -> ()
  pto.return
}

// -----

// A host write in a Graph body (here under a loop) would run while the body
// is recorded: on the first call only.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%flags: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error@+1 {{'pto.write' op writes a host tensor in Graph @g: replay does not re-run the body, so the write would happen on the first call only}}
    pto.write %v, %flags[0] : !pto.tensor<4xi32>
  }
  pto.return
}
}

//===----------------------------------------------------------------------===//
// pto.reshape
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32>) {
  // expected-error@+1 {{'pto.reshape' op reshapes 32 elements to 16}}
  %r = pto.reshape %a : !pto.tensor<4x8xf32> to !pto.tensor<16xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<?x8xf32>) {
  // expected-error@+1 {{'pto.reshape' op reshapes '!pto.tensor<?x8xf32>' to '!pto.tensor<12xf32>': no run-time extent makes their element counts equal (8 does not divide 12)}}
  %r = pto.reshape %a : !pto.tensor<?x8xf32> to !pto.tensor<12xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32>, %n: index) {
  // expected-error@+1 {{'pto.reshape' op reshapes '!pto.tensor<4x8xf32>' to '!pto.tensor<?x5xf32>': no run-time extent makes their element counts equal (5 does not divide 32)}}
  %r = pto.reshape %a(%n) : !pto.tensor<4x8xf32> to !pto.tensor<?x5xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<?x8xf32>) {
  // expected-error@+1 {{'pto.reshape' op expects 1 dynamic size operand (one per '?' extent of '!pto.tensor<?xf32>'), got 0}}
  %r = pto.reshape %a : !pto.tensor<?x8xf32> to !pto.tensor<?xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<?x8xf32>) {
  %m = arith.constant -8 : index
  // expected-error@+1 {{'pto.reshape' op dynamic size #0 is the constant -8: an extent cannot be negative}}
  %r = pto.reshape %a(%m) : !pto.tensor<?x8xf32> to !pto.tensor<?xf32>
  pto.return
}

// -----

// The runtime replays a recorded view as recorded: in a Graph, a reshape of
// a boundary tensor of run-time shape is done by the caller.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
pto.graph @g(%a: !pto.tensor<?x8xf32> {pto.direction = #pto.direction<in>}) {
  // expected-error@+1 {{'pto.reshape' op reshapes '!pto.tensor<?x8xf32>' to '!pto.tensor<32xf32>' in Graph @g: the runtime replays a recorded view as recorded, so both shapes of a reshape in a Graph are static (reshape in the caller and pass the view)}}
  %r = pto.reshape %a : !pto.tensor<?x8xf32> to !pto.tensor<32xf32>
  pto.return
}
}

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32, dn>) {
  // expected-error@+1 {{'pto.reshape' op reshapes '!pto.tensor<4x8xf32, dn>' to '!pto.tensor<32xf32>': both must be row-major (nd)}}
  %r = pto.reshape %a : !pto.tensor<4x8xf32, dn> to !pto.tensor<32xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32>) {
  // expected-error@+1 {{'pto.reshape' op reshapes '!pto.tensor<4x8xf32>' to '!pto.tensor<32xi32>': the element types differ}}
  %r = pto.reshape %a : !pto.tensor<4x8xf32> to !pto.tensor<32xi32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<?xf32>) {
  // expected-error@+1 {{'pto.reshape' op reshapes to extent 4294967296 on axis 0, which does not fit the runtime's 32-bit shapes}}
  %r = pto.reshape %a : !pto.tensor<?xf32> to !pto.tensor<4294967296xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<1xf32>) {
  // expected-error@+1 {{'pto.reshape' op reshapes to rank 0, which the runtime's tensors do not have}}
  %r = pto.reshape %a : !pto.tensor<1xf32> to !pto.tensor<f32>
  pto.return
}

// Whether a reshape's source is contiguous: test/Transforms/verify-reshapes.mlir.

//===----------------------------------------------------------------------===//
// pto.transpose
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32>) {
  // expected-error@+1 {{'pto.transpose' op axis 2 is out of range for a tensor of rank 2}}
  %t = pto.transpose %a, 0, 2 : !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32>) {
  // expected-error@+1 {{'pto.transpose' op axis -1 is out of range for a tensor of rank 2}}
  %t = pto.transpose %a, -1, 1 : !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32>) {
  // expected-error@+1 {{'pto.transpose' op axis -2 is out of range for a tensor of rank 2}}
  %t = pto.transpose %a, 0, -2 : !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32>) {
  // expected-error@+1 {{'pto.transpose' op swaps axis 1 with itself}}
  %t = pto.transpose %a, 1, 1 : !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4x8xf32>) {
  // expected-error@+2 {{'pto.transpose' op inferred type(s) '!pto.tensor<8x4xf32>' are incompatible with return type(s) of operation '!pto.tensor<4x8xf32>'}}
  // expected-error@+1 {{'pto.transpose' op failed to infer returned types}}
  %t = "pto.transpose"(%a) <{axis0 = 0 : i64, axis1 = 1 : i64}> : (!pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
  pto.return
}

// -----

pto.orchestration @o(%i: index) {
  // expected-error@+1 {{'pto.transpose' op operand #0 must be PTO tensor, but got 'index'}}
  %t = "pto.transpose"(%i) <{axis0 = 0 : i64, axis1 = 1 : i64}> : (index) -> index
  pto.return
}

//===----------------------------------------------------------------------===//
// pto.scope, pto.yield
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.scope' op yields (), but its results are ('!pto.tensor<4xf32>')}}
  %r = pto.scope -> !pto.tensor<4xf32> {
    pto.yield
  }
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.scope' op yields ('!pto.tensor<4xf32>'), but its results are ()}}
  pto.scope manual {
    pto.yield %a : !pto.tensor<4xf32>
  }
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.scope' op yields ('index', 'index'), but its results are ('index', 'i32')}}
  %r:2 = pto.scope -> index, i32 {
    %c = arith.constant 0 : index
    pto.yield %c, %c : index, index
  }
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.scope' op region should have no arguments}}
  "pto.scope"() ({
  ^bb0(%x: index):
    pto.yield
  }) : () -> ()
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.scope' op expects a non-empty block}}
  "pto.scope"() ({
  ^bb0:
  }) : () -> ()
  pto.return
}

// -----

// Unregistered: a registered terminator fails its own parent check first.
pto.orchestration @o() {
  // expected-error@+2 {{'pto.scope' op expects regions to end with 'pto.yield', found 'test.terminator'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'pto.yield'}}
  "pto.scope"() ({
    "test.terminator"() : () -> ()
  }) : () -> ()
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.yield' op expects parent op 'pto.scope'}}
  pto.yield
}

//===----------------------------------------------------------------------===//
// Task ids and task id arrays
//===----------------------------------------------------------------------===//

// -----

pto.orchestration @o() {
  %c4 = arith.constant 4 : index
  %n = pto.invalid_task_id
  %ids = pto.array_splat %n : !pto.task_id_array<4>
  // expected-error@+1 {{'pto.array_get' op index 4 is out of bounds for '!pto.task_id_array<4>'}}
  %t = pto.array_get %ids[%c4] : !pto.task_id_array<4>
  pto.return
}

// -----

pto.orchestration @o() {
  %c = arith.constant -1 : index
  %n = pto.invalid_task_id
  %ids = pto.array_splat %n : !pto.task_id_array<4>
  // expected-error@+1 {{'pto.array_get' op index -1 is out of bounds for '!pto.task_id_array<4>'}}
  %t = pto.array_get %ids[%c] : !pto.task_id_array<4>
  pto.return
}

// -----

pto.orchestration @o() {
  %c = arith.constant 2 : index
  %n = pto.invalid_task_id
  %ids = pto.array_splat %n : !pto.task_id_array<2>
  // expected-error@+1 {{'pto.array_update' op index 2 is out of bounds for '!pto.task_id_array<2>'}}
  %ids1 = pto.array_update %ids[%c], %n : !pto.task_id_array<2>
  pto.return
}

// -----

pto.orchestration @o() {
  %c = arith.constant 0 : index
  %n = pto.invalid_task_id
  %ids = pto.array_splat %n : !pto.task_id_array<4>
  // expected-error@+1 {{'pto.array_update' op failed to verify that all of {array, result} have same type}}
  %t = "pto.array_update"(%ids, %c, %n) : (!pto.task_id_array<4>, index, !pto.task_id) -> !pto.task_id_array<2>
  pto.return
}

// -----

// expected-note@+1 {{prior use here}}
pto.orchestration @o(%i: i32) {
  %n = pto.invalid_task_id
  %ids = pto.array_splat %n : !pto.task_id_array<4>
  // expected-error@+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
  %t = pto.array_get %ids[%i] : !pto.task_id_array<4>
  pto.return
}

// -----

// expected-note@+1 {{prior use here}}
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: '!pto.task_id' vs '!pto.tensor<4xf32>'}}
  %ids = pto.array_splat %a : !pto.task_id_array<2>
  pto.return
}

// -----

pto.orchestration @o() {
  %n = pto.invalid_task_id
  // expected-error@+1 {{'pto.array_splat' op result #0 must be PTO task id array, but got '!pto.task_id'}}
  %ids = "pto.array_splat"(%n) : (!pto.task_id) -> !pto.task_id
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error@+1 {{'pto.invalid_task_id' op result #0 must be PTO task id, but got 'index'}}
  %n = "pto.invalid_task_id"() : () -> index
  pto.return
}

// -----

pto.orchestration @o() {
  // expected-error @below {{'pto.phase_fence' is a unit attribute of pto.task_dummy}}
  %c = arith.constant {pto.phase_fence} 0 : index
  pto.return
}

// -----

// `pto.host_control` (pto-mark-host-control-tensors): a unit attribute on
// tensor parameters of a host_build_graph orchestration function.

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // expected-error @below {{'pto.host_control' may only be set on arguments of pto.orchestration}}
  pto.graph @g(%x: !pto.tensor<4xi32> {pto.host_control}) {
    pto.return
  }
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // expected-error @below {{'pto.orchestration' op parameter #0 is a scalar: only tensors can be host control tensors}}
  pto.orchestration @main(%n: i32 {pto.host_control}) {
    pto.return
  }
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // expected-error @below {{'pto.host_control' must be a unit attribute}}
  pto.orchestration @main(%x: !pto.tensor<4xi32> {pto.host_control = 1 : i32}) {
    pto.return
  }
}

// -----

module {
  // expected-error @below {{'pto.orchestration' op marks parameter #0 as a host control tensor, which only the host_build_graph runtime has}}
  pto.orchestration @main(%x: !pto.tensor<4xi32> {pto.host_control}) {
    pto.return
  }
}

// -----

// A negative constant extent.
pto.orchestration @o() {
  %m5 = arith.constant -5 : index
  // expected-error@+1 {{'pto.create' op dynamic size #0 is the constant -5: an extent cannot be negative}}
  %b = pto.create(%m5) : !pto.tensor<?xf32>
  pto.return
}

// -----

pto.orchestration @o(%v: f32) {
  %m1 = arith.constant -1 : index
  // expected-error@+1 {{'pto.full' op dynamic size #0 is the constant -1: an extent cannot be negative}}
  %b = pto.full %v(%m1) : !pto.tensor<?xf32>
  pto.return
}

// -----

// A parallel loop from 2 to 14 by 3 runs 4 iterations, but its induction
// variable is 2, 5, 8, 11: not the slots of a 4-slot array.
pto.kernel aiv @k(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @o(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c14 = arith.constant 14 : index
  %none = pto.invalid_task_id
  %init = pto.array_splat %none : !pto.task_id_array<4>
  %ids = scf.for %i = %c2 to %c14 step %c3 iter_args(%a = %init) -> (!pto.task_id_array<4>) {
    %y1, %t = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    // expected-error@+1 {{'pto.array_update' op indexes '!pto.task_id_array<4>' with a loop induction variable that takes the values 2 to 11 (step 3), not all within 0 to 3: index by the iteration number, (iv - 2) / 3}}
    %a1 = pto.array_update %a[%i], %t : !pto.task_id_array<4>
    scf.yield %a1 : !pto.task_id_array<4>
  } {pto.parallel}
  pto.return
}

// -----

pto.orchestration @o() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %none = pto.invalid_task_id
  %ids = pto.array_splat %none : !pto.task_id_array<4>
  scf.for %i = %c0 to %c5 step %c1 {
    // expected-error@+1 {{'pto.array_get' op indexes '!pto.task_id_array<4>' with a loop induction variable that takes the values 0 to 4 (step 1), not all within 0 to 3}}
    %t = pto.array_get %ids[%i] : !pto.task_id_array<4>
  }
  pto.return
}

//===----------------------------------------------------------------------===//
// Mixed kernels and their lanes
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{'pto.kernel' op is mixed but names no lanes: a mixed kernel runs an AIC kernel and one or two AIV kernels, written `pto.kernel mixed(@aic_kernel, @aiv_kernel) @m(...)`}}
pto.kernel mixed @m(%x: !pto.tensor<16xf32>)

// -----

pto.kernel aic @c(%x: !pto.tensor<16xf32>)
// expected-error@+1 {{'pto.kernel' op names lanes, but only a mixed kernel has them (this one is aiv)}}
pto.kernel aiv(@c, @c) @v(%x: !pto.tensor<16xf32>)

// -----

pto.kernel aic @c(%x: !pto.tensor<16xf32>)
// expected-error@+1 {{'pto.kernel' op names 1 lane: a mixed kernel has an AIC lane and one or two AIV lanes}}
pto.kernel mixed(@c) @m(%x: !pto.tensor<16xf32>)

// -----

pto.kernel aic @c(%x: !pto.tensor<16xf32>)
pto.kernel aiv @v(%x: !pto.tensor<16xf32>)
// expected-error@+1 {{'pto.kernel' op names 4 lanes}}
pto.kernel mixed(@c, @v, @v, @v) @m(%x: !pto.tensor<16xf32>)

// -----

pto.kernel aic @c(%x: !pto.tensor<16xf32>)
// expected-error@+1 {{'pto.kernel' op AIV lane @nowhere does not reference a pto.kernel}}
pto.kernel mixed(@c, @nowhere) @m(%x: !pto.tensor<16xf32>)

// -----

pto.kernel aiv @v(%x: !pto.tensor<16xf32>)
// expected-error@+1 {{'pto.kernel' op AIC lane @v is an aiv kernel, expected an aic one}}
pto.kernel mixed(@v, @v) @m(%x: !pto.tensor<16xf32>)

// -----

pto.kernel aic @c(%x: !pto.tensor<16xf32>)
pto.kernel aiv @v(%x: !pto.tensor<16xf32>)
// expected-error@+1 {{'pto.kernel' op AIV lane @c is an aic kernel, expected an aiv one}}
pto.kernel mixed(@c, @v, @c) @m(%x: !pto.tensor<16xf32>)

// -----

pto.kernel aic @c(%x: !pto.tensor<16xf32>)
pto.kernel aiv @v(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
// expected-error@+1 {{'pto.kernel' op AIV lane @v has a signature other than @m's: the task passes the same arguments to every lane}}
pto.kernel mixed(@c, @v) @m(%x: !pto.tensor<16xf32>)

// -----

pto.kernel aic @c(%x: !pto.tensor<16xf32>)
pto.kernel aiv @v(%x: !pto.tensor<16xf32>)
// expected-error@+1 {{'pto.kernel' op AIC lane @c has a signature other than @m's}}
pto.kernel mixed(@c, @v) @m(%x: !pto.tensor<8xf32>)

// -----

// expected-error@+1 {{expected attribute value}}
pto.kernel mixed() @m(%x: !pto.tensor<16xf32>)

// -----

// A Graph needs the host_build_graph runtime: with none named (the default)
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-error @below {{'pto.graph' op needs the host_build_graph runtime, but the module targets tensormap_and_ringbuffer: Graph launches (GraphTaskArgs, rt_submit_graph) exist only in host_build_graph; set pto.runtime = #pto.runtime<host_build_graph> on the module}}
  pto.graph @layer(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// ... and with another runtime named, even for a Graph nobody calls.
module attributes {pto.runtime = #pto.runtime<tensormap_and_ringbuffer>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-error @below {{'pto.graph' op needs the host_build_graph runtime, but the module targets tensormap_and_ringbuffer}}
  pto.graph @unused(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A task id array is updated in place: no op may read the old array after
// the update.
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %none = pto.invalid_task_id
    %ids = pto.array_splat %none : !pto.task_id_array<2>
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    // expected-error @below {{'pto.array_update' op updates a task id array that is read again afterwards: the array is updated in place}}
    %ids1 = pto.array_update %ids[%c0], %t : !pto.task_id_array<2>
    // expected-note @below {{read again here}}
    %x2, %t2 = pto.submit @k(%x1) deps(%ids : !pto.task_id_array<2>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// Reads before the update, and the update's own result afterwards, are fine.
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %none = pto.invalid_task_id
    %ids = pto.array_splat %none : !pto.task_id_array<2>
    %x1, %t = pto.submit @k(%x) deps(%ids : !pto.task_id_array<2>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %ids1 = pto.array_update %ids[%c0], %t : !pto.task_id_array<2>
    %x2, %t2 = pto.submit @k(%x1) deps(%ids1 : !pto.task_id_array<2>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    // expected-error @below {{'pto.array_update' op updates a task id array that is read again afterwards}}
    %ids2 = pto.array_update %ids1[%c0], %t2 : !pto.task_id_array<2>
    // expected-note @below {{read again here}}
    %g = pto.array_get %ids1[%c0] : !pto.task_id_array<2>
    pto.return
  }
}

// -----

// The other branch of an scf.if never runs after the update: yielding the
// old array there is fine; reading it after the if is not.
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %f: i1) {
    %c0 = arith.constant 0 : index
    %none = pto.invalid_task_id
    %ids = pto.array_splat %none : !pto.task_id_array<2>
    %r = scf.if %f -> !pto.task_id_array<2> {
      %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      // expected-error @below {{'pto.array_update' op updates a task id array that is read again afterwards}}
      %u = pto.array_update %ids[%c0], %t : !pto.task_id_array<2>
      scf.yield %u : !pto.task_id_array<2>
    } else {
      scf.yield %ids : !pto.task_id_array<2>
    }
    // expected-note @below {{read again here}}
    %g = pto.array_get %ids[%c0] : !pto.task_id_array<2>
    pto.return
  }
}

// -----

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %none = pto.invalid_task_id
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %ok = pto.task_dummy deps(%t : !pto.task_id) {pto.always_submitted}
    %b0 = pto.task_dummy {pto.always_submitted}
    // expected-error @below {{'pto.task_dummy' op is marked 'pto.always_submitted', but dependency #2 may be the invalid task id (only the id of a pto.submit or of another barrier so marked is always valid)}}
    %b = pto.task_dummy deps(%t, %ok, %none : !pto.task_id, !pto.task_id, !pto.task_id) {pto.always_submitted}
    pto.return
  }
}

// -----

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    // expected-error @below {{'pto.always_submitted' is a unit attribute of pto.task_dummy}}
    %x2, %t2 = pto.submit @k(%x1) {pto.always_submitted} : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %ids = pto.array_splat %none : !pto.task_id_array<2>
      scf.for %i = %c0 to %c2 step %c1 {
        %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        // expected-error @below {{'pto.array_update' op updates, inside a loop, a task id array defined outside it: every iteration would see the previous one's update; carry the array through the loop's iter_args}}
        %ids1 = pto.array_update %ids[%i], %t : !pto.task_id_array<2>
        %x2, %t2 = pto.submit @k(%x) deps(%ids1 : !pto.task_id_array<2>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
    }
    pto.return
  }
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.graph' op parameter #1 is a scalar but is marked as a hoisted view}}
pto.graph @g(%a: !pto.tensor<4xf32>, %n: index {pto.hoisted = #pto.hoisted<view>}) {
  pto.return
}
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
// expected-error@+1 {{'pto.graph' op parameter #0: 'of' belongs to a hoisted view, 'computed_by' to a hoisted scalar}}
pto.graph @g(%a: !pto.tensor<4xf32> {pto.hoisted = #pto.hoisted<allocation, of = "w">}) {
  pto.return
}
}

// -----

// expected-error@+1 {{'pto.hoisted' must be a #pto.hoisted attribute on an argument of pto.graph}}
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.hoisted = #pto.hoisted<allocation>})

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'pto.submit' op has core_num 0: a launch runs at least one block}}
  %t = pto.submit @k(%a) core_num(%c0) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  // expected-error@+1 {{'pto.submit' op requires a synchronized start of a single block: require_sync_start needs a core_num of more than 1, the only launches the runtime starts together}}
  %t = pto.submit @k(%a) {require_sync_start} : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'pto.submit' op requires a synchronized start of a single block}}
  %t = pto.submit @k(%a) core_num(%c1) {require_sync_start} : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

// 10923 blocks of a 3-lane mixed kernel are 32769 subtasks; 32767 blocks of
// a single-lane kernel fit.
pto.kernel aic @cube(%a: !pto.tensor<4xf32>)
pto.kernel aiv @vec(%a: !pto.tensor<4xf32>)
pto.kernel mixed(@cube, @vec, @vec) @both(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  %many = arith.constant 32767 : index
  %t0 = pto.submit @vec(%a) core_num(%many) : (!pto.tensor<4xf32>) -> ()
  %c = arith.constant 10923 : index
  // expected-error@+1 {{'pto.submit' op has core_num 10923 of @both, which runs 3 lanes a block: 32769 subtasks, more than the 32767 the runtime can expand}}
  %t1 = pto.submit @both(%a) core_num(%c) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

// 6148914691236517206 x 3 wraps past INT64_MAX to 2: the count is compared
// without forming the product.
pto.kernel aic @cube(%a: !pto.tensor<4xf32>)
pto.kernel aiv @vec(%a: !pto.tensor<4xf32>)
pto.kernel mixed(@cube, @vec, @vec) @both(%a: !pto.tensor<4xf32>)
pto.orchestration @o(%a: !pto.tensor<4xf32>) {
  %c = arith.constant 6148914691236517206 : index
  // expected-error@+1 {{'pto.submit' op has core_num 6148914691236517206 of @both, which runs 3 lanes a block: 18446744073709551618 subtasks, more than the 32767 the runtime can expand}}
  %t1 = pto.submit @both(%a) core_num(%c) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

pto.orchestration @o(%a: !pto.tensor<4xf32>, %b: !pto.tensor<8xf32>) {
  %t = pto.invalid_task_id
  // expected-error@+1 {{'pto.set_owner' op failed to verify that all of {source, result} have same type}}
  %c = "pto.set_owner"(%a, %t) : (!pto.tensor<4xf32>, !pto.task_id) -> !pto.tensor<8xf32>
  pto.return
}

// -----

// The runtime refuses an auto scope in a manual one, however deep.
pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @o(%a: !pto.tensor<4xf32>, %n: index) {
  // expected-note @below {{the manual scope}}
  pto.scope manual {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{'pto.scope' op is an auto scope inside a manual scope, which the runtime refuses (an auto scope nested inside a manual scope is not supported): make it manual, or move it out}}
      pto.scope {
        %b, %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
      }
    }
  }
  pto.return
}
