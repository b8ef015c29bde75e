// RUN: pto-opt %s --pto-graph-legalize-pipeline --mlir-print-debuginfo | not pto-opt --pto-orchestration-prepare-pipeline -o /dev/null 2>&1 | FileCheck %s

// A Graph's allocation that moves to the call sites is located like inlined
// code: at the create, called from the call. A rank-0 tensor, which the
// runtime cannot allocate, is reported at the create the user wrote, with
// the call as a note (issue 31: the error pointed at the pto.call).
// CHECK:      hoisted-allocation-locations.mlir:[[#@LINE+7]]:10: error: 'pto.create' op allocates '!pto.tensor<f32>', which the runtime cannot allocate (TensorCreateInfo takes a row-major shape of rank 1 or more)
// CHECK-NEXT: %s = pto.create : !pto.tensor<f32>
// CHECK:      hoisted-allocation-locations.mlir:[[#@LINE+10]]:5: note: called from
// CHECK-NEXT: pto.call @g(%a)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<f32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%a: !pto.tensor<16xf32>) {
    %s = pto.create : !pto.tensor<f32>
    %s1, %t = pto.submit @k(%s) : (!pto.tensor<f32>) -> !pto.tensor<f32>
    pto.return
  }
  pto.orchestration @main(%a: !pto.tensor<16xf32>) {
    pto.call @g(%a) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}
