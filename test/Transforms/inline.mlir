// RUN: pto-opt %s -split-input-file -inline | FileCheck %s

// What the upstream inliner does with pto IR (docs/design.md, "Inlining").

// A Graph call is never inlined: the Graph is what host_build_graph records
// and replays. A kernel launch is no call, even to a kernel with a body.
// CHECK-LABEL: pto.kernel aiv @add(
// CHECK-NEXT:    pto.return
// CHECK-LABEL: pto.graph private @layer(
// CHECK-NEXT:    pto.submit @add(
// CHECK-NEXT:    pto.return
// CHECK-LABEL: pto.orchestration @main(
// CHECK-NEXT:    pto.call @layer(
// CHECK-NEXT:    pto.submit @add(
// CHECK-NEXT:    pto.return
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @add(%x: !pto.tensor<16xf32>,
                      %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> !pto.tensor<16xf32> {
    pto.return %acc : !pto.tensor<16xf32>
  }
  pto.graph private @layer(%x: !pto.tensor<16xf32>,
                           %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> !pto.tensor<16xf32> {
    %acc1, %t = pto.submit @add(%x, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %acc1 : !pto.tensor<16xf32>
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32>,
                          %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %acc1 = pto.call @layer(%x, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %acc2, %t = pto.submit @add(%x, %acc1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A func.func helper's pto ops may be inlined where they are legal: a view
// into a Graph or an orchestration body (the private helper, then unused,
// is erased) ...
// CHECK-LABEL: pto.graph @g(
// CHECK-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<64x16xf32>,
// CHECK-SAME:      %[[I:[a-z0-9_]+]]: index
// CHECK-NEXT:    %[[V:.+]] = pto.slice %[[W]] [%[[I]], 0] [16, 16]
// CHECK-NEXT:    pto.submit @use(%[[V]])
// CHECK-LABEL: pto.orchestration @main(
// CHECK-NOT:     call
// CHECK:         pto.slice
// CHECK-NOT:     func.func
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<16x16xf32>)
  func.func private @rows(%w: !pto.tensor<64x16xf32>, %i: index) -> !pto.tensor<16x16xf32> {
    %v = pto.slice %w[%i, 0] [16, 16] : !pto.tensor<64x16xf32> to !pto.tensor<16x16xf32>
    return %v : !pto.tensor<16x16xf32>
  }
  pto.graph @g(%w: !pto.tensor<64x16xf32>, %i: index) {
    %v = func.call @rows(%w, %i) : (!pto.tensor<64x16xf32>, index) -> !pto.tensor<16x16xf32>
    %t = pto.submit @use(%v) : (!pto.tensor<16x16xf32>) -> ()
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<64x16xf32>, %i: index) {
    %v = func.call @rows(%w, %i) : (!pto.tensor<64x16xf32>, index) -> !pto.tensor<16x16xf32>
    %t = pto.submit @use(%v) : (!pto.tensor<16x16xf32>) -> ()
    pto.return
  }
}

// -----

// ... but not a host write into a Graph, whose body replay does not re-run
// (pto.write's verifier rejects it there); into the orchestration it is.
// CHECK-LABEL: func.func private @set(
// CHECK-LABEL: pto.graph @g(
// CHECK-NEXT:    call @set(
// CHECK-LABEL: pto.orchestration @main(
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    pto.write %[[ONE]], %{{.+}} [0]
// CHECK-NEXT:    pto.call @g(
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  func.func private @set(%flags: !pto.tensor<4xi32>) {
    %one = arith.constant 1 : i32
    pto.write %one, %flags[0] : !pto.tensor<4xi32>
    return
  }
  pto.graph @g(%flags: !pto.tensor<4xi32>) {
    func.call @set(%flags) : (!pto.tensor<4xi32>) -> ()
    pto.return
  }
  pto.orchestration @main(%flags: !pto.tensor<4xi32>) {
    func.call @set(%flags) : (!pto.tensor<4xi32>) -> ()
    pto.call @g(%flags) : (!pto.tensor<4xi32>) -> ()
    pto.return
  }
}
