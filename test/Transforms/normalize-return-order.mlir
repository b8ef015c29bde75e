// RUN: pto-opt %s -split-input-file --pto-normalize-return-order | FileCheck %s

// Each tensor a Graph or a kernel with a body returns is rewritten to the
// parameter it names by buffer identity; scalars and other functions are
// left alone.

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%x: !pto.tensor<16xf32>,
                      %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // A chain of tied results collapses to the parameter.
  // CHECK-LABEL: pto.graph @chain(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // CHECK:         submit @acc
  // CHECK-NEXT:    submit @acc
  // CHECK-NEXT:    return %[[C]] : !pto.tensor<16xf32>
  // CHECK-NEXT:  }
  pto.graph @chain(%x: !pto.tensor<16xf32>,
                   %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> !pto.tensor<16xf32> {
    %c1, %t0 = pto.submit @acc(%x, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %c2, %t1 = pto.submit @acc(%x, %c1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %c2 : !pto.tensor<16xf32>
  }
}

// -----

// A kernel with a body: through a scope yield and a loop carrying the buffer.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // CHECK-LABEL: pto.kernel aiv @kernel_body(
  // CHECK-SAME:      %[[A:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // CHECK:         scf.for
  // CHECK:         return %[[C]] : !pto.tensor<16xf32>
  // CHECK-NEXT:  }
  pto.kernel aiv @kernel_body(%a: !pto.tensor<16xf32>,
                              %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> !pto.tensor<16xf32> {
    %r = pto.scope -> !pto.tensor<16xf32> {
      pto.yield %c : !pto.tensor<16xf32>
    }
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %r) -> (!pto.tensor<16xf32>) {
      scf.yield %cur : !pto.tensor<16xf32>
    }
    pto.return %l : !pto.tensor<16xf32>
  }

  // A kernel that already returns its parameter is unchanged.
  // CHECK-LABEL: pto.kernel aiv @kernel_param(
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // CHECK-NEXT:    return %[[C]] : !pto.tensor<16xf32>
  pto.kernel aiv @kernel_param(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> !pto.tensor<16xf32> {
    pto.return %c : !pto.tensor<16xf32>
  }
}

// -----

// Through pto.scope yields (nested manual scopes).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%x: !pto.tensor<16xf32>,
                      %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @scopes(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // CHECK:         %[[R:.+]]:2 = pto.scope manual
  // CHECK:         return %[[C]] : !pto.tensor<16xf32>
  // CHECK-NEXT:  }
  pto.graph @scopes(%x: !pto.tensor<16xf32>,
                    %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> !pto.tensor<16xf32> {
    %r:2 = pto.scope manual -> !pto.tensor<16xf32>, !pto.task_id {
      %c1, %t0 = pto.submit @acc(%x, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %c2 = pto.scope manual -> !pto.tensor<16xf32> {
        %c3, %t1 = pto.submit @acc(%x, %c1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        pto.yield %c3 : !pto.tensor<16xf32>
      }
      pto.yield %c2, %t0 : !pto.tensor<16xf32>, !pto.task_id
    }
    pto.return %r#0 : !pto.tensor<16xf32>
  }
}

// -----

// scf.for whose iter_arg carries the same buffer on every iteration.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%x: !pto.tensor<16xf32>,
                      %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @loop(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // CHECK:         %[[L:.+]] = scf.for
  // CHECK:         scf.yield
  // CHECK:         return %[[C]] : !pto.tensor<16xf32>
  // CHECK-NEXT:  }
  pto.graph @loop(%x: !pto.tensor<16xf32>,
                  %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> !pto.tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %c) -> (!pto.tensor<16xf32>) {
      %n1, %t0 = pto.submit @acc(%x, %cur) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %n2, %t1 = pto.submit @acc(%x, %n1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %n2 : !pto.tensor<16xf32>
    }
    pto.return %l : !pto.tensor<16xf32>
  }
}

// -----

// scf.if whose two branches yield the same buffer.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%x: !pto.tensor<16xf32>,
                      %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @branch(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[F:[a-z0-9_]+]]: i1)
  // CHECK:         scf.if %[[F]]
  // CHECK:         return %[[C]] : !pto.tensor<16xf32>
  // CHECK-NEXT:  }
  pto.graph @branch(%x: !pto.tensor<16xf32>,
                    %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                    %f: i1) -> !pto.tensor<16xf32> {
    %c1, %t0 = pto.submit @acc(%x, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %r = scf.if %f -> (!pto.tensor<16xf32>) {
      %c2, %t1 = pto.submit @acc(%x, %c1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %c2 : !pto.tensor<16xf32>
    } else {
      scf.yield %c : !pto.tensor<16xf32>
    }
    pto.return %r : !pto.tensor<16xf32>
  }
}

// -----

// Two InOut parameters returned in swapped order: positions are kept.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @two(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                      %y: !pto.tensor<32xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @swapped(
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[D:[a-z0-9_]+]]: !pto.tensor<32xf32> {pto.direction = #pto.direction<inout>})
  // CHECK:         submit @two
  // CHECK-NEXT:    submit @two
  // CHECK-NEXT:    return %[[D]], %[[C]] : !pto.tensor<32xf32>, !pto.tensor<16xf32>
  // CHECK-NEXT:  }
  pto.graph @swapped(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                     %d: !pto.tensor<32xf32> {pto.direction = #pto.direction<inout>})
      -> (!pto.tensor<32xf32>, !pto.tensor<16xf32>) {
    %c1, %d1, %t = pto.submit @two(%c, %d) : (!pto.tensor<16xf32>, !pto.tensor<32xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<32xf32>)
    %c2, %d2, %t2 = pto.submit @two(%c1, %d1) : (!pto.tensor<16xf32>, !pto.tensor<32xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<32xf32>)
    pto.return %d2, %c2 : !pto.tensor<32xf32>, !pto.tensor<16xf32>
  }
}

// -----

// Scalar results are not tensors: left alone.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%x: !pto.tensor<16xf32>,
                      %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @scalars(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index)
  // CHECK:         %[[M:.+]] = arith.muli %[[N]]
  // CHECK:         submit @acc
  // CHECK-NEXT:    return %[[C]], %[[M]], %[[N]] : !pto.tensor<16xf32>, index, index
  pto.graph @scalars(%x: !pto.tensor<16xf32>,
                     %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                     %n: index) -> (!pto.tensor<16xf32>, index, index) {
    %c2 = arith.constant 2 : index
    %m = arith.muli %n, %c2 : index
    %c1, %t = pto.submit @acc(%x, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %c1, %m, %n : !pto.tensor<16xf32>, index, index
  }
}

// -----

// No Graph and no kernel body: the module is unchanged.
// CHECK-LABEL: pto.kernel aiv @plain(
// CHECK-SAME:      !pto.tensor<16xf32>, !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}){{$}}
// CHECK-LABEL: pto.orchestration @main(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
// CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
// CHECK-NEXT:    %[[C1:[a-z0-9_]+]], %{{.+}} = pto.submit @plain(%[[X]], %[[C]])
// CHECK-NEXT:    %{{.+}}, %{{.+}} = pto.submit @plain(%[[X]], %[[C1]])
// CHECK-NEXT:    return{{$}}
// CHECK-NEXT:  }
module {
  pto.kernel aiv @plain(%x: !pto.tensor<16xf32>,
                      %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32>,
                          %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c1, %t = pto.submit @plain(%x, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %c2, %t2 = pto.submit @plain(%x, %c1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}
