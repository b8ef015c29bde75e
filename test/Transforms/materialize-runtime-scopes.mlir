// RUN: pto-opt %s -split-input-file --pto-materialize-runtime-scopes | FileCheck %s
// Idempotence: a second run changes nothing.
// RUN: pto-opt %s -split-input-file --pto-materialize-runtime-scopes --pto-materialize-runtime-scopes | FileCheck %s
// RUN: pto-opt %s -split-input-file --pto-materialize-runtime-scopes > %t.once.mlir
// RUN: pto-opt %t.once.mlir -split-input-file --pto-materialize-runtime-scopes > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

// An auto pto.scope goes around every orchestration and Graph body, every
// scf.for body and each scf.if branch; values the body's terminator reads
// leave the new scope through pto.yield. Nothing inside a manual scope is
// wrapped, nor a body that is only its terminator or already a single scope.

module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.orchestration @bodies(
  // CHECK-SAME:      %[[A:[a-z0-9_]+]]: !pto.tensor<16xf32>, %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %[[N:[a-z0-9_]+]]: index, %[[F:[a-z0-9_]+]]: i1) {
  // CHECK-NEXT:    pto.scope {
  // CHECK-NEXT:      %[[C0:.+]] = arith.constant 0 : index
  // CHECK-NEXT:      %[[C1:.+]] = arith.constant 1 : index
  // The loop body's scope yields the value the scf.yield reads.
  // CHECK-NEXT:      %[[R:[a-z0-9_]+]] = scf.for %[[I:[a-z0-9_]+]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:[a-z0-9_]+]] = %[[C]]) -> (!pto.tensor<16xf32>) {
  // CHECK-NEXT:        %[[S:[a-z0-9_]+]] = pto.scope -> !pto.tensor<16xf32> {
  // CHECK-NEXT:          %[[O:[a-z0-9_]+]], %{{.+}} = pto.submit @k(%[[A]], %[[ACC]])
  // CHECK-NEXT:          pto.yield %[[O]] : !pto.tensor<16xf32>
  // CHECK-NEXT:        }
  // CHECK-NEXT:        scf.yield %[[S]] : !pto.tensor<16xf32>
  // CHECK-NEXT:      }
  // Each branch with work gets a scope; its values leave through its yield.
  // CHECK-NEXT:      %[[IF:[a-z0-9_]+]]:2 = scf.if %[[F]] -> (!pto.tensor<16xf32>, index) {
  // CHECK-NEXT:        %[[TS:[a-z0-9_]+]]:2 = pto.scope -> !pto.tensor<16xf32>, index {
  // CHECK-NEXT:          %[[X:[a-z0-9_]+]], %{{.+}} = pto.submit @k(%[[A]], %[[R]])
  // CHECK-NEXT:          %[[M:[a-z0-9_]+]] = arith.muli %[[N]], %[[N]] : index
  // CHECK-NEXT:          pto.yield %[[X]], %[[M]] : !pto.tensor<16xf32>, index
  // CHECK-NEXT:        }
  // CHECK-NEXT:        scf.yield %[[TS]]#0, %[[TS]]#1 : !pto.tensor<16xf32>, index
  // CHECK-NEXT:      } else {
  // CHECK-NEXT:        %[[ES:[a-z0-9_]+]] = pto.scope -> index {
  // CHECK-NEXT:          %[[Y:[a-z0-9_]+]], %{{.+}} = pto.submit @k(%[[A]], %[[R]])
  // CHECK-NEXT:          %[[P:[a-z0-9_]+]] = arith.addi %[[N]], %[[N]] : index
  // CHECK-NEXT:          pto.yield %[[P]] : index
  // CHECK-NEXT:        }
  // Values from outside the branch are yielded directly.
  // CHECK-NEXT:        scf.yield %[[R]], %[[ES]] : !pto.tensor<16xf32>, index
  // CHECK-NEXT:      }
  // A branch that is only its terminator is left alone.
  // CHECK-NEXT:      %{{.+}} = scf.if %[[F]] -> (!pto.tensor<16xf32>) {
  // CHECK-NEXT:        scf.yield %[[A]] : !pto.tensor<16xf32>
  // CHECK-NEXT:      } else {
  // CHECK-NEXT:        scf.yield %[[IF]]#0 : !pto.tensor<16xf32>
  // CHECK-NEXT:      }
  // So is an empty loop body.
  // CHECK-NEXT:      scf.for %{{.+}} = %[[C0]] to %[[N]] step %[[C1]] {
  // CHECK-NEXT:      }
  // CHECK-NEXT:    }
  // CHECK-NEXT:    pto.return
  // CHECK-NEXT:  }
  pto.orchestration @bodies(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                            %n: index, %f: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (!pto.tensor<16xf32>) {
      %acc1, %t = pto.submit @k(%a, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %acc1 : !pto.tensor<16xf32>
    }
    %s:2 = scf.if %f -> (!pto.tensor<16xf32>, index) {
      %x, %t = pto.submit @k(%a, %r) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %m = arith.muli %n, %n : index
      scf.yield %x, %m : !pto.tensor<16xf32>, index
    } else {
      %y, %t = pto.submit @k(%a, %r) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %p = arith.addi %n, %n : index
      scf.yield %r, %p : !pto.tensor<16xf32>, index
    }
    %u = scf.if %f -> (!pto.tensor<16xf32>) {
      scf.yield %a : !pto.tensor<16xf32>
    } else {
      scf.yield %s#0 : !pto.tensor<16xf32>
    }
    scf.for %j = %c0 to %n step %c1 {
    }
    pto.return
  }
}

// -----

// Inside a manual scope nothing is wrapped (its tasks are ordered by their
// explicit dependencies only, and the runtime refuses an auto scope there),
// not even loop and branch bodies or a nested manual scope's loops; the
// function body around it still is.
module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.orchestration @manual(
  // CHECK-NEXT:    pto.scope {
  // CHECK-NEXT:      arith.constant 0
  // CHECK-NEXT:      arith.constant 1
  // CHECK-NEXT:      pto.scope manual {
  // CHECK-NEXT:        scf.for
  // CHECK-NEXT:          pto.submit @k
  // CHECK-NEXT:        }
  // CHECK-NEXT:        scf.if
  // CHECK-NEXT:          pto.submit @k
  // CHECK-NEXT:        } else {
  // CHECK-NEXT:          pto.submit @k
  // CHECK-NEXT:        }
  // CHECK-NEXT:        pto.scope manual {
  // CHECK-NEXT:          scf.for
  // CHECK-NEXT:            pto.submit @k
  // CHECK-NEXT:          }
  // CHECK-NEXT:        }
  // CHECK-NEXT:      }
  // CHECK-NEXT:      pto.submit @k
  // CHECK-NEXT:    }
  // CHECK-NEXT:    pto.return
  // CHECK-NEXT:  }
  pto.orchestration @manual(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                            %n: index, %f: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    pto.scope manual {
      scf.for %i = %c0 to %n step %c1 {
        %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
      scf.if %f {
        %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      } else {
        %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
      pto.scope manual {
        scf.for %i = %c0 to %n step %c1 {
          %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        }
      }
    }
    %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A body that already is a single scope (here a user-written auto scope, and
// a manual one) is not wrapped again; a body with a scope and other ops is.
module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.orchestration @already(
  // CHECK-NEXT:    pto.scope {
  // CHECK-NEXT:      pto.submit @k
  // CHECK-NEXT:    }
  // CHECK-NEXT:    pto.return
  // CHECK-NEXT:  }
  pto.orchestration @already(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.scope {
      %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @only_manual(
  // CHECK-NEXT:    pto.scope manual {
  // CHECK-NEXT:      pto.submit @k
  // CHECK-NEXT:    }
  // CHECK-NEXT:    pto.return
  // CHECK-NEXT:  }
  pto.orchestration @only_manual(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.scope manual {
      %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @scope_and_more(
  // CHECK-NEXT:    pto.scope {
  // CHECK-NEXT:      pto.scope {
  // CHECK-NEXT:        pto.submit @k
  // CHECK-NEXT:      }
  // CHECK-NEXT:      pto.submit @k
  // CHECK-NEXT:    }
  // CHECK-NEXT:    pto.return
  // CHECK-NEXT:  }
  pto.orchestration @scope_and_more(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.scope {
      %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    %y, %u = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A Graph body: a returned value computed in the body leaves the scope
// (once, even if returned twice); a returned parameter is returned directly.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @layer(
  // CHECK-SAME:      %[[A:[a-z0-9_]+]]: !pto.tensor<16xf32>, %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // CHECK-NEXT:    %[[S:[a-z0-9_]+]] = pto.scope -> !pto.tensor<16xf32> {
  // CHECK-NEXT:      %[[X:[a-z0-9_]+]], %{{.+}} = pto.submit @k(%[[A]], %[[C]])
  // CHECK-NEXT:      pto.yield %[[X]] : !pto.tensor<16xf32>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    pto.return %[[S]], %[[S]], %[[A]] : !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>
  // CHECK-NEXT:  }
  pto.graph @layer(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) {
    %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %x, %x, %a : !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>
  }
}
