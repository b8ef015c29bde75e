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
