// RUN: pto-opt %s -split-input-file --pto-mark-host-control-tensors | FileCheck %s

// pto-mark-host-control-tensors: under host_build_graph, the orchestration
// parameters a pto.read or pto.write reaches, through views, selects and
// loop, branch or scope carries, get `pto.host_control`; parameters only
// tasks use do not. Running it twice changes nothing.

// CHECK-LABEL: pto.orchestration @main
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<8xi32> {pto.direction = #pto.direction<in>, pto.host_control},
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<2x4xi32> {pto.direction = #pto.direction<inout>, pto.host_control},
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<4xi32> {pto.direction = #pto.direction<in>, pto.host_control},
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<4xi32> {pto.direction = #pto.direction<in>, pto.host_control},
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<4xi32> {pto.direction = #pto.direction<in>, pto.host_control},
// CHECK-SAME:    %{{[a-z0-9]+}}: i1)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: i32)
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                          %lens: !pto.tensor<8xi32> {pto.direction = #pto.direction<in>},
                          %flags: !pto.tensor<2x4xi32> {pto.direction = #pto.direction<inout>},
                          %p: !pto.tensor<4xi32> {pto.direction = #pto.direction<in>},
                          %q: !pto.tensor<4xi32> {pto.direction = #pto.direction<in>},
                          %r: !pto.tensor<4xi32> {pto.direction = #pto.direction<in>},
                          %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    // A direct read in a loop.
    scf.for %i = %c0 to %c8 step %c1 {
      %n = pto.read %lens[%i] : !pto.tensor<8xi32>
      %x1, %t = pto.submit @k(%x, %n) : (!pto.tensor<16xf32>, i32) -> !pto.tensor<16xf32>
    }
    // A write through a view.
    %row = pto.slice %flags[1, 0] [1, 4] : !pto.tensor<2x4xi32> to !pto.tensor<1x4xi32>
    %v = arith.constant 7 : i32
    pto.write %v, %row[0, 2] : !pto.tensor<1x4xi32>
    // Either of two parameters (select), and a loop carry reaching a third.
    %pq = arith.select %cond, %p, %q : !pto.tensor<4xi32>
    %e = pto.read %pq[0] : !pto.tensor<4xi32>
    %carried = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %r) -> (!pto.tensor<4xi32>) {
      scf.yield %acc : !pto.tensor<4xi32>
    }
    %f = pto.read %carried[1] : !pto.tensor<4xi32>
    pto.return
  }
}

// -----

// A branch and a scope carry, and a parameter marked by hand that nothing
// accesses: it keeps its mark.

// CHECK-LABEL: pto.orchestration @branches
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<4xi32> {pto.host_control},
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<4xi32> {pto.host_control},
// CHECK-SAME:    %{{[a-z0-9]+}}: !pto.tensor<4xi32> {pto.host_control},
// CHECK-SAME:    %{{[a-z0-9]+}}: i1)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.orchestration @branches(%a: !pto.tensor<4xi32>, %b: !pto.tensor<4xi32>,
                              %unused: !pto.tensor<4xi32> {pto.host_control}, %cond: i1) {
    %t = scf.if %cond -> (!pto.tensor<4xi32>) {
      scf.yield %a : !pto.tensor<4xi32>
    } else {
      %s = pto.scope -> !pto.tensor<4xi32> {
        pto.yield %b : !pto.tensor<4xi32>
      }
      scf.yield %s : !pto.tensor<4xi32>
    }
    %v = pto.read %t[3] : !pto.tensor<4xi32>
    pto.return
  }
}

// -----

// The default runtime reads device tensors through the runtime: no marks.

// CHECK-LABEL: pto.orchestration @default_runtime
// CHECK-NOT:   pto.host_control
module {
  pto.orchestration @default_runtime(%lens: !pto.tensor<8xi32>) {
    %n = pto.read %lens[0] : !pto.tensor<8xi32>
    pto.return
  }
}
