// RUN: pto-opt %s -split-input-file --pto-insert-runtime-checks | FileCheck %s

// A computed extent is guarded unless integer range analysis proves it fits
// the runtime's uint32_t: a pto.dim does, twice a pto.dim does not.
// CHECK-LABEL: pto.orchestration @extents
// CHECK:         %[[DIM:.*]] = pto.dim
// CHECK:         %[[TWICE:.*]] = arith.muli %[[DIM]]
// CHECK-NOT:     cf.assert
// CHECK:         pto.create(%[[DIM]])
// CHECK-NEXT:    pto.submit
// CHECK-NEXT:    %[[MAX:.*]] = arith.constant 4294967295 : index
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi ule, %[[TWICE]], %[[MAX]] : index
// CHECK-NEXT:    cf.assert %[[OK]], "{{.*}}insert-runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'pto.create' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"
// CHECK-NEXT:    pto.create(%[[TWICE]])
pto.kernel aiv @k(%x: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @extents(%a: !pto.tensor<?x16xf32>) {
  %rows = pto.dim %a, 0 : !pto.tensor<?x16xf32>
  %c2 = arith.constant 2 : index
  %twice = arith.muli %rows, %c2 : index
  %b = pto.create(%rows) : !pto.tensor<?x16xf32>
  %b1, %t1 = pto.submit @k(%b) : (!pto.tensor<?x16xf32>) -> !pto.tensor<?x16xf32>
  %c = pto.create(%twice) : !pto.tensor<?x16xf32>
  %c1, %t2 = pto.submit @k(%c) : (!pto.tensor<?x16xf32>) -> !pto.tensor<?x16xf32>
  pto.return
}

// -----

// View offsets and sizes: an entry scalar may be anything; its minimum with
// a constant, or a constant-trip loop's induction variable times a constant,
// is in range.
// CHECK-LABEL: pto.orchestration @views
// CHECK:         cf.assert %{{.*}}, "{{.*}}: 'pto.slice' dynamic offset #0 is outside [0, 4294967295], what the runtime can take"
// CHECK-NEXT:    pto.slice %{{.*}}[%arg1, 0] [4, 16]
// CHECK-NOT:     cf.assert
// CHECK:         pto.return
pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @views(%a: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
  %v = pto.slice %a[%n, 0] [4, 16] : !pto.tensor<64x16xf32> to !pto.tensor<4x16xf32>
  %v1, %t = pto.submit @k(%v) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
  %c60 = arith.constant 60 : index
  %m = arith.minui %n, %c60 : index
  %w = pto.slice %a[%m, 0] [4, 16] : !pto.tensor<64x16xf32> to !pto.tensor<4x16xf32>
  %w1, %t1 = pto.submit @k(%w) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %off = arith.muli %i, %c4 : index
    %u = pto.slice %a[%off, 0] [4, 16] : !pto.tensor<64x16xf32> to !pto.tensor<4x16xf32>
    %u1, %t2 = pto.submit @k(%u) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
  }
  pto.return
}

// -----

// A computed core_num: at least 1 and, times the kernel's lanes, at most
// 32767 (a 3-lane mixed kernel: 10922 blocks).
// CHECK-LABEL: pto.orchestration @blocks
// CHECK:         %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[SHIFTED:.*]] = arith.subi %arg1, %[[ONE]] : index
// CHECK-NEXT:    %[[SPAN:.*]] = arith.constant 32766 : index
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi ule, %[[SHIFTED]], %[[SPAN]] : index
// CHECK-NEXT:    cf.assert %[[OK]], "{{.*}}: 'pto.submit' core_num is outside [1, 32767], what the runtime can take"
// CHECK-NEXT:    pto.submit @vec
// CHECK:         arith.constant 10921 : index
// CHECK:         cf.assert %{{.*}}, "{{.*}}: 'pto.submit' core_num is outside [1, 10922], what the runtime can take"
// CHECK-NEXT:    pto.submit @both
// CHECK-NOT:     cf.assert
// CHECK:         pto.return
pto.kernel aic @cube(%a: !pto.tensor<4xf32>)
pto.kernel aiv @vec(%a: !pto.tensor<4xf32>)
pto.kernel mixed(@cube, @vec, @vec) @both(%a: !pto.tensor<4xf32>)
pto.orchestration @blocks(%a: !pto.tensor<4xf32>, %n: index) {
  %t0 = pto.submit @vec(%a) core_num(%n) : (!pto.tensor<4xf32>) -> ()
  %t1 = pto.submit @both(%a) core_num(%n) : (!pto.tensor<4xf32>) -> ()
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %few = arith.minui %n, %c24 : index
  %some = arith.maxui %few, %c1 : index
  %t2 = pto.submit @both(%a) core_num(%some) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

// Literals were checked by the verifiers: nothing to guard.
// CHECK-LABEL: pto.orchestration @literals
// CHECK-NOT:     cf.assert
pto.kernel aiv @k(%x: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @literals() {
  %c8 = arith.constant 8 : index
  %b = pto.create(%c8) : !pto.tensor<?x16xf32>
  %b1, %t = pto.submit @k(%b) core_num(%c8) : (!pto.tensor<?x16xf32>) -> !pto.tensor<?x16xf32>
  pto.return
}

// -----

// A create info's computed extent is guarded like an allocation's.
// CHECK-LABEL: pto.orchestration @create_info_extent
// CHECK:         %[[TWICE:.*]] = arith.muli
// CHECK-NEXT:    %[[MAX:.*]] = arith.constant 4294967295 : index
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi ule, %[[TWICE]], %[[MAX]] : index
// CHECK-NEXT:    cf.assert %[[OK]], "{{.*}}insert-runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'pto.create_info' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"
// CHECK-NEXT:    pto.create_info(%[[TWICE]])
pto.kernel aiv @fill(%x: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @create_info_extent(%a: !pto.tensor<?x16xf32>) {
  %rows = pto.dim %a, 0 : !pto.tensor<?x16xf32>
  %c2 = arith.constant 2 : index
  %twice = arith.muli %rows, %c2 : index
  %ci = pto.create_info(%twice) : !pto.create_info<?x16xf32>
  %b, %t = pto.submit @fill(%ci) : (!pto.create_info<?x16xf32>) -> !pto.tensor<?x16xf32>
  pto.return
}

// -----

// And a filled tensor's.
// CHECK-LABEL: pto.orchestration @full_extent
// CHECK:         %[[TWICE:.*]] = arith.muli
// CHECK-NEXT:    %[[MAX:.*]] = arith.constant 4294967295 : index
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi ule, %[[TWICE]], %[[MAX]] : index
// CHECK-NEXT:    cf.assert %[[OK]], "{{.*}}insert-runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'pto.full' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"
// CHECK-NEXT:    pto.full %{{.*}}(%[[TWICE]])
pto.kernel aiv @use(%x: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @full_extent(%a: !pto.tensor<?x16xf32>, %v: f32) {
  %rows = pto.dim %a, 0 : !pto.tensor<?x16xf32>
  %c2 = arith.constant 2 : index
  %twice = arith.muli %rows, %c2 : index
  %t = pto.full %v(%twice) : !pto.tensor<?x16xf32>
  %u, %tid = pto.submit @use(%t) : (!pto.tensor<?x16xf32>) -> !pto.tensor<?x16xf32>
  pto.return
}

// -----

// A reshape whose sizes are products of its source's own extents holds as
// many elements: no element-count check. Each size still fits 32 bits only
// if range analysis says so (a product of two extents may not).
// CHECK-LABEL: pto.orchestration @reshape_same_extents
// CHECK:         %[[D0:.*]] = pto.dim %arg0, 0
// CHECK-NEXT:    %[[D1:.*]] = pto.dim %arg0, 1
// CHECK-NEXT:    %[[D2:.*]] = pto.dim %arg0, 3
// CHECK-NEXT:    %[[ROWS:.*]] = arith.muli %[[D0]], %[[D1]]
// CHECK-NEXT:    %[[MAX:.*]] = arith.constant 4294967295 : index
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi ule, %[[ROWS]], %[[MAX]] : index
// CHECK-NEXT:    cf.assert %[[OK]], "{{.*}}: 'pto.reshape' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"
// CHECK-NEXT:    pto.reshape %arg0(%[[ROWS]], %[[D2]])
// CHECK-NEXT:    pto.submit @k2
// CHECK:         cf.assert %{{.*}}, "{{.*}}: 'pto.reshape' views !pto.tensor<?x?xbf16> whose element count is not its source's (!pto.tensor<?x?x1x?xbf16>), which the runtime cannot view"
// CHECK:         pto.reshape %arg0(%{{.*}}, %{{.*}})
pto.kernel aiv @k2(%x: !pto.tensor<?x?xbf16>)
pto.orchestration @reshape_same_extents(%q: !pto.tensor<?x?x1x?xbf16>) {
  %d0 = pto.dim %q, 0 : !pto.tensor<?x?x1x?xbf16>
  %d1 = pto.dim %q, 1 : !pto.tensor<?x?x1x?xbf16>
  %d2 = pto.dim %q, 3 : !pto.tensor<?x?x1x?xbf16>
  %rows = arith.muli %d0, %d1 : index
  %r = pto.reshape %q(%rows, %d2) : !pto.tensor<?x?x1x?xbf16> to !pto.tensor<?x?xbf16>
  %t = pto.submit @k2(%r) : (!pto.tensor<?x?xbf16>) -> ()
  %c2 = arith.constant 2 : index
  %h = arith.muli %d2, %c2 : index
  %half = arith.divui %rows, %c2 : index
  // Not the same factors: checked.
  %r2 = pto.reshape %q(%half, %h) : !pto.tensor<?x?x1x?xbf16> to !pto.tensor<?x?xbf16>
  %t2 = pto.submit @k2(%r2) : (!pto.tensor<?x?xbf16>) -> ()
  pto.return
}

// -----

// Otherwise the result's count must be the source's: compared directly
// when one extent (or none) of the result is left, else by exact division.
// CHECK-LABEL: pto.orchestration @reshape_checked
// CHECK:         %[[C16A:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[A0:.*]] = pto.dim %arg0, 0
// CHECK-NEXT:    %[[N:.*]] = arith.muli %[[C16A]], %[[A0]]
// CHECK-NEXT:    %[[C512:.*]] = arith.constant 512 : index
// CHECK-NEXT:    %[[EQ:.*]] = arith.cmpi eq, %[[N]], %[[C512]]
// CHECK-NEXT:    cf.assert %[[EQ]], "{{.*}}insert-runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'pto.reshape' views !pto.tensor<4x128xf32> whose element count is not its source's (!pto.tensor<?x16xf32>), which the runtime cannot view"
// CHECK-NEXT:    pto.reshape %arg0 :
// CHECK-NEXT:    pto.submit @k(
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[B0:.*]] = pto.dim %arg0, 0
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[C16]], %[[B0]]
// CHECK-NEXT:    %[[EQ2:.*]] = arith.cmpi eq, %[[M]], %arg1
// CHECK-NEXT:    cf.assert %[[EQ2]], "{{.*}}: 'pto.reshape' views !pto.tensor<?xf32> whose element count is not its source's (!pto.tensor<?x16xf32>), which the runtime cannot view"
// CHECK-NEXT:    arith.constant 4294967295
// CHECK:         pto.reshape %arg0(%arg1)
// CHECK:         %[[COUNT:.*]] = arith.muli
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[Z1:.*]] = arith.cmpi eq, %arg1, %[[ZERO]]
// CHECK-NEXT:    %[[S1:.*]] = arith.select %[[Z1]], %[[ONE]], %arg1
// CHECK-NEXT:    %[[R1:.*]] = arith.remui %[[COUNT]], %[[S1]]
// CHECK-NEXT:    %[[E1:.*]] = arith.cmpi eq, %[[R1]], %[[ZERO]]
// CHECK-NEXT:    %[[Q1:.*]] = arith.divui %[[COUNT]], %[[S1]]
// CHECK-NEXT:    %[[Z2:.*]] = arith.cmpi eq, %arg2, %[[ZERO]]
// CHECK-NEXT:    %[[ANYZ:.*]] = arith.ori %[[Z1]], %[[Z2]]
// CHECK-NEXT:    %[[S2:.*]] = arith.select %[[Z2]], %[[ONE]], %arg2
// CHECK-NEXT:    %[[R2:.*]] = arith.remui %[[Q1]], %[[S2]]
// CHECK-NEXT:    %[[E2:.*]] = arith.cmpi eq, %[[R2]], %[[ZERO]]
// CHECK-NEXT:    %[[E12:.*]] = arith.andi %[[E1]], %[[E2]]
// CHECK-NEXT:    %[[Q2:.*]] = arith.divui %[[Q1]], %[[S2]]
// CHECK-NEXT:    %[[LEFT:.*]] = arith.cmpi eq, %[[Q2]], %[[ONE]]
// CHECK-NEXT:    %[[EXACT:.*]] = arith.andi %[[E12]], %[[LEFT]]
// CHECK-NEXT:    %[[EMPTY:.*]] = arith.cmpi eq, %[[COUNT]], %[[ZERO]]
// CHECK-NEXT:    %[[SEL:.*]] = arith.select %[[EMPTY]], %[[ANYZ]], %[[EXACT]]
// CHECK-NEXT:    cf.assert %[[SEL]], "{{.*}}: 'pto.reshape' views !pto.tensor<?x?xf32> whose
// CHECK:         pto.reshape %arg0(%arg1, %arg2)
pto.kernel aiv @k(%x: !pto.tensor<4x128xf32>)
pto.kernel aiv @k1(%x: !pto.tensor<?xf32>)
pto.kernel aiv @k2(%x: !pto.tensor<?x?xf32>)
pto.orchestration @reshape_checked(%a: !pto.tensor<?x16xf32>, %n: index, %m: index) {
  %r = pto.reshape %a : !pto.tensor<?x16xf32> to !pto.tensor<4x128xf32>
  %t = pto.submit @k(%r) : (!pto.tensor<4x128xf32>) -> ()
  %r1 = pto.reshape %a(%n) : !pto.tensor<?x16xf32> to !pto.tensor<?xf32>
  %t1 = pto.submit @k1(%r1) : (!pto.tensor<?xf32>) -> ()
  %r2 = pto.reshape %a(%n, %m) : !pto.tensor<?x16xf32> to !pto.tensor<?x?xf32>
  %t2 = pto.submit @k2(%r2) : (!pto.tensor<?x?xf32>) -> ()
  pto.return
}

// -----

// A kernel parameter of a static extent given a tensor (or a create info)
// whose extent is known only at run time: the extent must be the declared
// one, since the kernel is written for it and the runtime passes whatever
// the tensor has.
// CHECK-LABEL: pto.orchestration @parameter_shapes
// CHECK:         %[[ROWS:.*]] = pto.dim %arg0, 0
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[SAME:.*]] = arith.cmpi eq, %[[ROWS]], %[[C16]] : index
// CHECK-NEXT:    cf.assert %[[SAME]], "{{.*}}insert-runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'pto.submit' passes @k tensor #0 whose extent #0 is not 16, which the kernel's parameter declares"
// CHECK-NEXT:    %[[C16B:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[SAME2:.*]] = arith.cmpi eq, %arg1, %[[C16B]] : index
// CHECK-NEXT:    cf.assert %[[SAME2]], "{{.*}}: 'pto.submit' passes @k tensor #1 whose extent #0 is not 16, which the kernel's parameter declares"
// CHECK-NEXT:    pto.submit @k
// CHECK-NOT:     cf.assert
// CHECK:         pto.submit @k_dyn
pto.kernel aiv @k(%x: !pto.tensor<16x128xf32>, %y: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @k_dyn(%x: !pto.tensor<?x128xf32>, %y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @parameter_shapes(%a: !pto.tensor<?x128xf32>, %n: index) {
  %ci = pto.create_info(%n) : !pto.create_info<?x128xf32>
  %y, %t = pto.submit @k(%a, %ci) : (!pto.tensor<?x128xf32>, !pto.create_info<?x128xf32>) -> !pto.tensor<?x128xf32>
  %y2, %t2 = pto.submit @k_dyn(%a, %ci) : (!pto.tensor<?x128xf32>, !pto.create_info<?x128xf32>) -> !pto.tensor<?x128xf32>
  pto.return
}

// -----

// A Graph parameter of a static extent given a tensor of a run-time one: the
// Graph's recorded views are of the declared extent.
// CHECK-LABEL: pto.orchestration @graph_parameter
// CHECK:         %[[ROWS:.*]] = pto.dim %arg0, 0
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[SAME:.*]] = arith.cmpi eq, %[[ROWS]], %[[C8]] : index
// CHECK-NEXT:    cf.assert %[[SAME]], "{{.*}}: 'pto.call' passes @g tensor #0 whose extent #0 is not 8, which the Graph's parameter declares"
// CHECK-NEXT:    pto.call @g
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%a: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %r = pto.reshape %a : !pto.tensor<8x16xf32> to !pto.tensor<128xf32>
    %r1, %t = pto.submit @k(%r) : (!pto.tensor<128xf32>) -> !pto.tensor<128xf32>
    pto.return
  }
  pto.orchestration @graph_parameter(%q: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.call @g(%q, %n) : (!pto.tensor<?x16xf32>, index) -> ()
    pto.return
  }
}

// -----

// A float converted to an integer: C++ leaves NaN, an infinity and a value
// whose truncation does not fit undefined, so each conversion of a computed
// float is guarded; a constant one is left to the folder.
// CHECK-LABEL: pto.orchestration @conversions
// CHECK:         %[[LO:.*]] = arith.constant -2.14748365E+9 : f32
// CHECK-NEXT:    %[[GE:.*]] = arith.cmpf oge, %[[F:.*]], %[[LO]] : f32
// CHECK-NEXT:    %[[HI:.*]] = arith.constant 2.14748365E+9 : f32
// CHECK-NEXT:    %[[LT:.*]] = arith.cmpf olt, %[[F]], %[[HI]] : f32
// CHECK-NEXT:    %[[OK:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:    cf.assert %[[OK]], "{{.*}}insert-runtime-checks.mlir:{{[0-9]+}}:{{[0-9]+}}: 'arith.fptosi' converts a value that is NaN, infinite or outside the range of i32, which C++ leaves undefined"
// CHECK-NEXT:    arith.fptosi %[[F]] : f32 to i32
// CHECK:         %[[NEG:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-NEXT:    arith.cmpf ogt, %[[F]], %[[NEG]] : f32
// CHECK:         arith.constant 2.560000e+02 : f32
// CHECK:         cf.assert
// CHECK-NEXT:    arith.fptoui %[[F]] : f32 to i8
// CHECK-NOT:     cf.assert
// CHECK:         pto.return
pto.kernel aiv @ints(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %a: i32, %b: i8, %c: i32)
pto.orchestration @conversions(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %f: f32) {
  %a = arith.fptosi %f : f32 to i32
  %b = arith.fptoui %f : f32 to i8
  %k = arith.constant 2.5 : f32
  %c = arith.fptosi %k : f32 to i32
  %x1, %t = pto.submit @ints(%x, %a, %b, %c) : (!pto.tensor<16xf32>, i32, i8, i32) -> !pto.tensor<16xf32>
  pto.return
}

// -----

// The bounds in each float type: exclusive where the type holds the integer
// just past the range (-2^31 - 1 in f64), else inclusive at the power of two
// next to it (-2^63 in f64), and the largest finite value where the range is
// wider than the type's (every finite f16 fits an i32: the check is that the
// value is finite).
// CHECK-LABEL: pto.orchestration @bounds
// CHECK:         %[[LO32:.*]] = arith.constant 0xC1E0000000200000 : f64
// CHECK-NEXT:    arith.cmpf ogt, %{{.*}}, %[[LO32]] : f64
// CHECK:         arith.fptosi %{{.*}} : f64 to i32
// CHECK:         %[[MIN16:.*]] = arith.constant -6.550400e+04 : f16
// CHECK-NEXT:    arith.cmpf oge, %{{.*}}, %[[MIN16]] : f16
// CHECK-NEXT:    %[[MAX16:.*]] = arith.constant 6.550400e+04 : f16
// CHECK-NEXT:    arith.cmpf ole, %{{.*}}, %[[MAX16]] : f16
// CHECK:         arith.fptosi %{{.*}} : f16 to i32
// CHECK:         %[[LO64:.*]] = arith.constant -9.2233720368547758E+18 : f64
// CHECK-NEXT:    arith.cmpf oge, %{{.*}}, %[[LO64]] : f64
// CHECK:         arith.fptosi %{{.*}} : f64 to i64
pto.kernel aiv @ints3(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %a: i32, %b: i32, %c: i64)
pto.orchestration @bounds(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %d: f64, %f: f32) {
  %h = arith.truncf %f : f32 to f16
  %a = arith.fptosi %d : f64 to i32
  %b = arith.fptosi %h : f16 to i32
  %c = arith.fptosi %d : f64 to i64
  %x1, %t = pto.submit @ints3(%x, %a, %b, %c) : (!pto.tensor<16xf32>, i32, i32, i64) -> !pto.tensor<16xf32>
  pto.return
}
