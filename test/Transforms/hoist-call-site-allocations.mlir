// RUN: pto-opt %s -split-input-file --pto-hoist-call-site-allocations | FileCheck %s

// A buffer the legalization allocated for a call (its Graph parameter says
// #pto.hoisted<allocation>) leaves every enclosing loop: one buffer for all
// the calls.
// CHECK-LABEL: pto.orchestration @nested
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1
// CHECK-NEXT:    %[[C4:.+]] = arith.constant 4
// CHECK-NEXT:    %[[TMP:.+]] = pto.create : !pto.tensor<16xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        pto.call @layer(%{{.+}}, %[[TMP]])
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %t: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                   %tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %x1, %tmp1, %t = pto.submit @k(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
    pto.return
  }
  pto.orchestration @nested(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %tmp = pto.create : !pto.tensor<16xf32>
        pto.call @layer(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
      }
    }
    pto.return
  }
}

// -----

// A parallel loop keeps a buffer per iteration: the move stops inside it.
// CHECK-LABEL: pto.orchestration @parallel
// CHECK:         scf.for
// CHECK-NEXT:      %[[TMP:.+]] = pto.create
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        pto.call @layer(%{{.+}}, %[[TMP]])
// CHECK:         } {pto.parallel}
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %t: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%x: !pto.tensor<16xf32>,
                   %tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %tmp1, %t = pto.submit @k(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @parallel(%x: !pto.tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %tmp = pto.create : !pto.tensor<16xf32>
        pto.call @layer(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
      }
    } {pto.parallel}
    pto.return
  }
}

// -----

// What stays: a buffer the user allocated (no #pto.hoisted: its contents
// may be meant to flow on), one another op also reads, one a call result
// returns and someone reads, and one under an scf.if.
// CHECK-LABEL: pto.orchestration @stays
// CHECK:         scf.for
// CHECK-NEXT:      %[[A:.+]] = pto.create
// CHECK-NEXT:      pto.call @user(%[[A]])
// CHECK-NEXT:      %[[B:.+]] = pto.create
// CHECK-NEXT:      pto.call @layer(%[[B]])
// CHECK-NEXT:      pto.submit @k(%[[B]])
// CHECK-NEXT:      %[[C:.+]] = pto.create
// CHECK-NEXT:      %[[R:.+]] = pto.call @returns(%[[C]])
// CHECK-NEXT:      pto.submit @k(%[[R]])
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        pto.create
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%t: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @user(%tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %tmp1, %t = pto.submit @k(%tmp) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.graph @layer(%tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %tmp1, %t = pto.submit @k(%tmp) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.graph @returns(%tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) -> !pto.tensor<16xf32> {
    %tmp1, %t = pto.submit @k(%tmp) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %tmp : !pto.tensor<16xf32>
  }
  pto.orchestration @stays(%f: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %a = pto.create : !pto.tensor<16xf32>
      pto.call @user(%a) : (!pto.tensor<16xf32>) -> ()
      %b = pto.create : !pto.tensor<16xf32>
      pto.call @layer(%b) : (!pto.tensor<16xf32>) -> ()
      %b1, %t = pto.submit @k(%b) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %c = pto.create : !pto.tensor<16xf32>
      %r = pto.call @returns(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %r1, %t2 = pto.submit @k(%r) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.if %f {
        %d = pto.create : !pto.tensor<16xf32>
        pto.call @layer(%d) : (!pto.tensor<16xf32>) -> ()
      }
    }
    pto.return
  }
}
