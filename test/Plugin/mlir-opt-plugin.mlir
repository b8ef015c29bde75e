// REQUIRES: upstream-mlir-opt
// RUN: %mlir_opt %s --load-dialect-plugin=%pto_plugin --load-pass-plugin=%pto_plugin --pass-pipeline='builtin.module(pto-graph-legalize-pipeline,canonicalize,cse)' | FileCheck %s

// The upstream mlir-opt of the same MLIR release, given the pto dialect and
// passes by the plugin: the legalization mixed with upstream canonicalize
// and cse. The view of %w at the derived row moves to the call site, where
// cse merges the two identical views of the two calls and canonicalize
// erases the allocation nobody uses.

// CHECK-LABEL: pto.graph @layer
// CHECK-SAME:    %{{.*}}: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<view, of = "w">}
// CHECK-NOT:     pto.slice
// CHECK:         pto.submit @k
// CHECK-LABEL: pto.orchestration @main
// CHECK-NOT:     pto.create
// CHECK:         arith.muli
// CHECK-NEXT:    %[[V:.+]] = pto.slice
// CHECK-NOT:     pto.slice
// CHECK:         pto.call @layer(%[[V]])
// CHECK-NEXT:    pto.call @layer(%[[V]])
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%w: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>} loc("w"), %i: index) {
    %c4 = arith.constant 4 : index
    %row = arith.muli %i, %c4 : index
    %v = pto.slice %w[%row, 0] [4, 16] : !pto.tensor<16x16xf32> to !pto.tensor<4x16xf32>
    %v1, %t = pto.submit @k(%v) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %i: index) {
    %unused = pto.create : !pto.tensor<16x16xf32>
    pto.call @layer(%w, %i) : (!pto.tensor<16x16xf32>, index) -> ()
    pto.call @layer(%w, %i) : (!pto.tensor<16x16xf32>, index) -> ()
    pto.return
  }
}
