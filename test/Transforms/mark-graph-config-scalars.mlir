// RUN: pto-opt %s -split-input-file --pto-mark-graph-config-scalars | FileCheck %s
// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-mark-graph-config-scalars --pto-mark-graph-config-scalars | FileCheck %s

// A scalar parameter read while the Graph is recorded (a loop bound, an
// arith operand, a view offset) is marked; one only passed to tasks, or
// returned, is not. Running twice changes nothing.

// CHECK-LABEL: pto.graph @reads(
// CHECK-SAME:      %{{[a-z0-9_]+}}: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>},
// CHECK-SAME:      %{{[a-z0-9_]+}}: index {pto.config_scalar},
// CHECK-SAME:      %{{[a-z0-9_]+}}: index {pto.config_scalar},
// CHECK-SAME:      %{{[a-z0-9_]+}}: i32 {pto.config_scalar},
// CHECK-SAME:      %{{[a-z0-9_]+}}: index) {
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.kernel aiv @kv(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @reads(%x: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>},
                   %trips: index, %row: index, %flag: i32, %passed: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %trips step %c1 {
      %x1, %t = pto.submit @k(%x, %passed) : (!pto.tensor<16x16xf32>, index) -> !pto.tensor<16x16xf32>
    }
    %v = pto.slice %x[%row, 0] [4, 16] : !pto.tensor<16x16xf32> to !pto.tensor<4x16xf32>
    %v1, %t2 = pto.submit @kv(%v, %passed) : (!pto.tensor<4x16xf32>, index) -> !pto.tensor<4x16xf32>
    %z = arith.constant 0 : i32
    %on = arith.cmpi ne, %flag, %z : i32
    scf.if %on {
      %c2 = arith.constant 2 : index
    }
    pto.return
  }
}

// -----

// A stale mark (nothing reads the scalar any more) is removed.

// CHECK-LABEL: pto.graph @stale(
// CHECK-SAME:      %{{[a-z0-9_]+}}: index) {
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @stale(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index {pto.config_scalar}) {
    %x1, %t = pto.submit @k(%x, %s) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
}
