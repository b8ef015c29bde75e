// RUN: pto-opt %s -split-input-file --pto-hoist-call-site-allocations | FileCheck %s

// A buffer the legalization allocated for a call (its Graph parameter says
// #pto.hoisted<allocation>), which the body writes before it reads, leaves
// every enclosing loop: one buffer for all the calls.
// CHECK-LABEL: pto.orchestration @nested
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1
// CHECK-NEXT:    %[[C4:.+]] = arith.constant 4
// CHECK-NEXT:    %[[TMP:.+]] = pto.create : !pto.tensor<16xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        pto.call @layer(%{{.+}}, %[[TMP]])
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %t: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
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
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %t: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
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
// returns and someone reads, and one under an scf.if. (The kernel writes
// without reading: pto.overwrites.)
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
  pto.kernel aiv @k(%t: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.overwrites})
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

// -----

// A loop inside a manual scope: the runtime orders nothing there by the
// buffers tasks touch, so successive calls sharing one buffer would race.
// CHECK-LABEL: pto.orchestration @manual
// CHECK:         pto.scope manual
// CHECK:           scf.for
// CHECK-NEXT:        %[[TMP:.+]] = pto.create
// CHECK-NEXT:        pto.call @layer(%{{.+}}, %[[TMP]])
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %t: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.graph @layer(%x: !pto.tensor<16xf32>,
                   %tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %tmp1, %t = pto.submit @k(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @manual(%x: !pto.tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      scf.for %i = %c0 to %c4 step %c1 {
        %tmp = pto.create : !pto.tensor<16xf32>
        pto.call @layer(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
      }
    }
    pto.return
  }
}

// -----

// Read before written: the first task takes the intermediate inout and
// reads it. Shared, the buffer would carry one call's contents into the
// next; each call keeps a fresh one.
// CHECK-LABEL: pto.orchestration @read_first
// CHECK:         scf.for
// CHECK-NEXT:      %[[TMP:.+]] = pto.create
// CHECK-NEXT:      pto.call @layer(%{{.+}}, %[[TMP]])
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%x: !pto.tensor<16xf32>, %t: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%x: !pto.tensor<16xf32>,
                   %tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %tmp1, %t = pto.submit @acc(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @read_first(%x: !pto.tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %tmp = pto.create : !pto.tensor<16xf32>
      pto.call @layer(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
    }
    pto.return
  }
}

// -----

// An arena: two members, windows of the flat parameter reshaped to their
// shapes. @tiles writes both column tiles of member %m (a #pto.window at
// the launch's offset) before @sum reads it whole; @seed writes %n whole.
// The same Graph with one tile missing (@gap) or the tile written under an
// scf.if (@cond) or in a loop of a run-time trip count (@loop, which could
// run no trip) reads elements it has not written.
// CHECK-LABEL: pto.orchestration @arena
// CHECK:         %[[A:.+]] = pto.create : !pto.tensor<160xf32>
// CHECK-NEXT:    %[[B:.+]] = pto.create : !pto.tensor<160xf32>
// CHECK-NEXT:    %[[C:.+]] = pto.create : !pto.tensor<160xf32>
// CHECK-NEXT:    %[[D:.+]] = pto.create : !pto.tensor<160xf32>
// CHECK-NEXT:    %[[U:.+]] = pto.create : !pto.tensor<160xf32>
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      pto.call @tiles(%{{.+}}, %[[A]])
// CHECK-NEXT:      pto.call @transposed(%{{.+}}, %[[B]])
// CHECK-NEXT:      pto.call @no_output(%{{.+}}, %[[C]])
// CHECK-NEXT:      pto.call @rows(%{{.+}}, %[[D]])
// CHECK-NEXT:      %[[E:.+]] = pto.create
// CHECK-NEXT:      pto.call @gap(%{{.+}}, %[[E]])
// CHECK-NEXT:      %[[F:.+]] = pto.create
// CHECK-NEXT:      pto.call @cond(%{{.+}}, %[[F]]
// CHECK-NEXT:      %[[G:.+]] = pto.create
// CHECK-NEXT:      pto.call @loop(%{{.+}}, %[[G]]
// CHECK-NEXT:      %[[H:.+]] = pto.create
// CHECK-NEXT:      pto.call @runtime_offset(%{{.+}}, %[[H]]
// CHECK-NEXT:      %[[I:.+]] = pto.create
// CHECK-NEXT:      pto.call @partial_view(%{{.+}}, %[[I]]
// CHECK-NEXT:      %[[J:.+]] = pto.create
// CHECK-NEXT:      pto.call @predicated(%{{.+}}, %[[J]]
// CHECK-NEXT:      %[[K:.+]] = pto.create
// CHECK-NEXT:      pto.call @chosen(%{{.+}}, %[[K]]
// CHECK-NEXT:      pto.call @unrolled(%{{.+}}, %[[U]])
// CHECK-NEXT:      %[[V:.+]] = pto.create
// CHECK-NEXT:      pto.call @empty(%{{.+}}, %[[V]])
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @tile(%m: !pto.tensor<4x32xf32> {pto.direction = #pto.direction<inout>, pto.overwrites,
                          pto.window = #pto.window<offsets = ()[s0] -> (0, s0), sizes = () -> (4, 16)>},
                       %off: index)
  pto.kernel aiv @seed(%n: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @sum(%m: !pto.tensor<4x32xf32>, %n: !pto.tensor<4x8xf32>, %x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @sum_t(%m: !pto.tensor<32x4xf32>, %x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @reduce(%m: !pto.tensor<4x32xf32>, %x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @look(%m: !pto.tensor<4x32xf32>)
  pto.kernel aiv @whole(%m: !pto.tensor<4x32xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @row(%r: !pto.tensor<1x32xf32> {pto.direction = #pto.direction<out>})
  pto.graph @tiles(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                   %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %nf = pto.slice %arena [128] [32] : !pto.tensor<160xf32> to !pto.tensor<32xf32>
    %n = pto.reshape %nf : !pto.tensor<32xf32> to !pto.tensor<4x8xf32>
    %m1, %t0 = pto.submit @tile(%m, %c16) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %m2, %t1 = pto.submit @tile(%m1, %c0) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %n1, %t2 = pto.submit @seed(%n) : (!pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    %x1, %t3 = pto.submit @sum(%m2, %n1, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  // Written through one transposed view, read through another.
  pto.graph @transposed(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                        %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %m1, %t0 = pto.submit @tile(%m, %c16) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %m2, %t1 = pto.submit @tile(%m1, %c0) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %mt = pto.transpose %m2, 0, 1 : !pto.tensor<4x32xf32>
    %x1, %t3 = pto.submit @sum_t(%mt, %x) : (!pto.tensor<32x4xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  // A task that writes no tensor computes nothing: its read does not count.
  pto.graph @no_output(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                       %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %t = pto.submit @look(%m) : (!pto.tensor<4x32xf32>) -> ()
    %m1, %t0 = pto.submit @tile(%m, %c16) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %m2, %t1 = pto.submit @tile(%m1, %c0) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %x1, %t3 = pto.submit @reduce(%m2, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  // Written row by row through literal slices.
  pto.graph @rows(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                  %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %r0 = pto.slice %m [0, 0] [1, 32] : !pto.tensor<4x32xf32> to !pto.tensor<1x32xf32>
    %r1 = pto.slice %m [1, 0] [1, 32] : !pto.tensor<4x32xf32> to !pto.tensor<1x32xf32>
    %r2 = pto.slice %m [2, 0] [1, 32] : !pto.tensor<4x32xf32> to !pto.tensor<1x32xf32>
    %r3 = pto.slice %m [3, 0] [1, 32] : !pto.tensor<4x32xf32> to !pto.tensor<1x32xf32>
    %a, %t0 = pto.submit @row(%r0) : (!pto.tensor<1x32xf32>) -> !pto.tensor<1x32xf32>
    %b, %t1 = pto.submit @row(%r1) : (!pto.tensor<1x32xf32>) -> !pto.tensor<1x32xf32>
    %c, %t2 = pto.submit @row(%r2) : (!pto.tensor<1x32xf32>) -> !pto.tensor<1x32xf32>
    %d, %t3 = pto.submit @row(%r3) : (!pto.tensor<1x32xf32>) -> !pto.tensor<1x32xf32>
    %x1, %t4 = pto.submit @reduce(%m, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  pto.graph @gap(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                 %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %c16 = arith.constant 16 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %m1, %t0 = pto.submit @tile(%m, %c16) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %x1, %t3 = pto.submit @reduce(%m1, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  pto.graph @cond(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                  %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
                  %f: i1) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %m1, %t0 = pto.submit @tile(%m, %c16) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %m2 = scf.if %f -> !pto.tensor<4x32xf32> {
      %m3, %t1 = pto.submit @tile(%m1, %c0) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
      scf.yield %m3 : !pto.tensor<4x32xf32>
    } else {
      scf.yield %m1 : !pto.tensor<4x32xf32>
    }
    %x1, %t3 = pto.submit @reduce(%m2, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  pto.graph @loop(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                  %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
                  %n: index) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %m2 = scf.for %i = %c0 to %n step %c16 iter_args(%mi = %m) -> !pto.tensor<4x32xf32> {
      %m3, %t1 = pto.submit @tile(%mi, %i) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
      scf.yield %m3 : !pto.tensor<4x32xf32>
    }
    %x1, %t3 = pto.submit @reduce(%m2, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  // The window's offset is known only at run time: no element counts as
  // written.
  pto.graph @runtime_offset(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                            %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
                            %off: index) {
    %c0 = arith.constant 0 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %m1, %t0 = pto.submit @tile(%m, %off) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %m2, %t1 = pto.submit @tile(%m1, %c0) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %x1, %t3 = pto.submit @reduce(%m2, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  // Written through a view of a dynamic offset: not counted.
  pto.graph @partial_view(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                          %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
                          %row: index) {
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %r = pto.slice %m [%row, 0] [1, 32] : !pto.tensor<4x32xf32> to !pto.tensor<1x32xf32>
    %a, %t0 = pto.submit @row(%r) : (!pto.tensor<1x32xf32>) -> !pto.tensor<1x32xf32>
    %x1, %t4 = pto.submit @reduce(%m, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  // A launch under a predicate may not run: its writes do not count.
  pto.graph @predicated(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                        %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
                        %p: !pto.tensor<1xi32>) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %m1, %t0 = pto.submit @tile(%m, %c16) pred(%p : !pto.tensor<1xi32>) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %m2, %t1 = pto.submit @tile(%m1, %c0) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
    %x1, %t3 = pto.submit @reduce(%m2, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  // A buffer chosen at run time may be the one read before written.
  pto.graph @chosen(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                    %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
                    %other: !pto.tensor<4x32xf32>, %f: i1) {
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %s = arith.select %f, %m, %other : !pto.tensor<4x32xf32>
    %x1, %t3 = pto.submit @reduce(%s, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    %a, %t0 = pto.submit @whole(%m) : (!pto.tensor<4x32xf32>) -> !pto.tensor<4x32xf32>
    pto.return
  }
  // A loop of literal bounds runs iteration by iteration: its two tiles
  // (offsets from the induction variable) cover %m. (@empty: no trip.)
  pto.graph @unrolled(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                      %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %m2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%mi = %m) -> !pto.tensor<4x32xf32> {
      %off = arith.muli %i, %c16 : index
      %m3, %t1 = pto.submit @tile(%mi, %off) : (!pto.tensor<4x32xf32>, index) -> !pto.tensor<4x32xf32>
      scf.yield %m3 : !pto.tensor<4x32xf32>
    } {pto.parallel}
    %x1, %t3 = pto.submit @reduce(%m2, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  pto.graph @empty(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                   %arena: !pto.tensor<160xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %mf = pto.slice %arena [0] [128] : !pto.tensor<160xf32> to !pto.tensor<128xf32>
    %m = pto.reshape %mf : !pto.tensor<128xf32> to !pto.tensor<4x32xf32>
    %m2 = scf.for %i = %c0 to %c0 step %c1 iter_args(%mi = %m) -> !pto.tensor<4x32xf32> {
      %m3, %t1 = pto.submit @whole(%mi) : (!pto.tensor<4x32xf32>) -> !pto.tensor<4x32xf32>
      scf.yield %m3 : !pto.tensor<4x32xf32>
    }
    %x1, %t3 = pto.submit @reduce(%m2, %x) : (!pto.tensor<4x32xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  pto.orchestration @arena(%x: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
                           %f: i1, %n: index, %off: index, %p: !pto.tensor<1xi32>,
                           %other: !pto.tensor<4x32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %a = pto.create : !pto.tensor<160xf32>
      pto.call @tiles(%x, %a) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>) -> ()
      %b = pto.create : !pto.tensor<160xf32>
      pto.call @transposed(%x, %b) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>) -> ()
      %c = pto.create : !pto.tensor<160xf32>
      pto.call @no_output(%x, %c) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>) -> ()
      %d = pto.create : !pto.tensor<160xf32>
      pto.call @rows(%x, %d) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>) -> ()
      %e = pto.create : !pto.tensor<160xf32>
      pto.call @gap(%x, %e) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>) -> ()
      %g = pto.create : !pto.tensor<160xf32>
      pto.call @cond(%x, %g, %f) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>, i1) -> ()
      %h = pto.create : !pto.tensor<160xf32>
      pto.call @loop(%x, %h, %n) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>, index) -> ()
      %j = pto.create : !pto.tensor<160xf32>
      pto.call @runtime_offset(%x, %j, %off) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>, index) -> ()
      %k = pto.create : !pto.tensor<160xf32>
      pto.call @partial_view(%x, %k, %off) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>, index) -> ()
      %l = pto.create : !pto.tensor<160xf32>
      pto.call @predicated(%x, %l, %p) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>, !pto.tensor<1xi32>) -> ()
      %m = pto.create : !pto.tensor<160xf32>
      pto.call @chosen(%x, %m, %other, %f) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>, !pto.tensor<4x32xf32>, i1) -> ()
      %u = pto.create : !pto.tensor<160xf32>
      pto.call @unrolled(%x, %u) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>) -> ()
      %v = pto.create : !pto.tensor<160xf32>
      pto.call @empty(%x, %v) : (!pto.tensor<4x8xf32>, !pto.tensor<160xf32>) -> ()
    }
    pto.return
  }
}
