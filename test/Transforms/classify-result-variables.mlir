// RUN: pto-opt %s -split-input-file --pto-classify-result-variables | FileCheck %s

// pto.carry_variables gets one flag per iteration argument: false for a
// tensor that every iteration hands back as the buffer it received (the C++
// names the buffer), true for anything else (the C++ needs a variable).

module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @fill(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})

  // Per kind: same-buffer tensor, scalar, task id, a tensor replaced by a
  // fresh buffer, a task id array, a tensor replaced by another parameter.
  // CHECK-LABEL: pto.orchestration @kinds(
  // CHECK:         scf.for
  // CHECK:         } {pto.carry_variables = array<i1: false, true, true, true, true, true>}
  pto.orchestration @kinds(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %none = pto.invalid_task_id
    %arr = pto.array_splat %none : !pto.task_id_array<4>
    %r:6 = scf.for %i = %c0 to %n step %c1
        iter_args(%acc = %c, %s = %c0, %t = %none, %b = %a, %ids = %arr, %p = %c)
        -> (!pto.tensor<16xf32>, index, !pto.task_id, !pto.tensor<16xf32>, !pto.task_id_array<4>, !pto.tensor<16xf32>) {
      %acc1, %t1 = pto.submit @k(%a, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %s1 = arith.addi %s, %c1 : index
      %new = pto.create : !pto.tensor<16xf32>
      %new1, %t2 = pto.submit @fill(%new) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %ids1 = pto.array_update %ids[%c0], %t1 : !pto.task_id_array<4>
      scf.yield %acc1, %s1, %t1, %new1, %ids1, %a : !pto.tensor<16xf32>, index, !pto.task_id, !pto.tensor<16xf32>, !pto.task_id_array<4>, !pto.tensor<16xf32>
    }
    pto.return
  }

  // A tensor handed back unchanged, or through a scope and a chain of
  // in-place writes, is the same buffer; a scalar handed back unchanged still
  // gets a variable (only tensors name a buffer).
  // CHECK-LABEL: pto.orchestration @unchanged(
  // CHECK:         } {pto.carry_variables = array<i1: false, false, true>}
  pto.orchestration @unchanged(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %acc = %c, %s = %n) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) {
      %y = pto.scope -> !pto.tensor<16xf32> {
        %acc1, %t1 = pto.submit @k(%x, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %acc2, %t2 = pto.submit @k(%x, %acc1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        pto.yield %acc2 : !pto.tensor<16xf32>
      }
      scf.yield %x, %y, %s : !pto.tensor<16xf32>, !pto.tensor<16xf32>, index
    }
    pto.return
  }

  // Through scf.if: both branches hand back the carried buffer -> false;
  // one branch picks another buffer -> true.
  // CHECK-LABEL: pto.orchestration @branches(
  // CHECK:         } {pto.carry_variables = array<i1: false, true>}
  pto.orchestration @branches(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index, %f: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c, %y = %c) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) {
      %same = scf.if %f -> (!pto.tensor<16xf32>) {
        %x1, %t = pto.submit @k(%a, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %x1 : !pto.tensor<16xf32>
      } else {
        scf.yield %x : !pto.tensor<16xf32>
      }
      %other = scf.if %f -> (!pto.tensor<16xf32>) {
        scf.yield %y : !pto.tensor<16xf32>
      } else {
        scf.yield %a : !pto.tensor<16xf32>
      }
      scf.yield %same, %other : !pto.tensor<16xf32>, !pto.tensor<16xf32>
    }
    pto.return
  }

  // Nested loops: the inner loop carries the outer carry's buffer, and the
  // outer loop hands back the inner result, so both are false. Each loop
  // gets its own attribute; a loop without iteration arguments gets none.
  // CHECK-LABEL: pto.orchestration @nested(
  // CHECK:         scf.for {{.*}} iter_args
  // CHECK-NEXT:      scf.for {{.*}} iter_args
  // CHECK-NEXT:        scf.for
  // CHECK-NEXT:          pto.submit
  // CHECK-NEXT:        }{{$}}
  // CHECK-NEXT:        pto.submit
  // CHECK-NEXT:        scf.yield
  // CHECK-NEXT:      } {pto.carry_variables = array<i1: false>}
  // CHECK-NEXT:      scf.yield
  // CHECK-NEXT:    } {pto.carry_variables = array<i1: false>}
  pto.orchestration @nested(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%o = %c) -> (!pto.tensor<16xf32>) {
      %in = scf.for %j = %c0 to %n step %c1 iter_args(%x = %o) -> (!pto.tensor<16xf32>) {
        scf.for %k = %c0 to %n step %c1 {
          %y, %t0 = pto.submit @k(%a, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        }
        %x1, %t = pto.submit @k(%a, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %x1 : !pto.tensor<16xf32>
      }
      scf.yield %in : !pto.tensor<16xf32>
    }
    pto.return
  }

  // A stale attribute is replaced, not trusted.
  // CHECK-LABEL: pto.orchestration @stale(
  // CHECK:         } {pto.carry_variables = array<i1: false, true>}
  pto.orchestration @stale(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c, %s = %c0) -> (!pto.tensor<16xf32>, index) {
      %x1, %t = pto.submit @k(%a, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %x1, %s : !pto.tensor<16xf32>, index
    } {pto.carry_variables = array<i1: true, true>}
    pto.return
  }
}

// -----

// pto.result_variables gets one flag per result of an scf.if or pto.scope:
// false for a tensor naming a buffer defined outside the op (both branches
// yield the same one), true for anything else.
module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @fill(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})

  // Per result: the same outside buffer on both paths (one through an
  // in-place write), two different buffers, a buffer made in a branch, a
  // scalar.
  // CHECK-LABEL: pto.orchestration @branch_results(
  // CHECK:         } {pto.result_variables = array<i1: false, true, true, true>}
  pto.orchestration @branch_results(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %f: i1, %n: index) {
    %r:4 = scf.if %f -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, index) {
      %c1, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %new = pto.create : !pto.tensor<16xf32>
      %new1, %t2 = pto.submit @fill(%new) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %c1, %a, %new1, %n : !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, index
    } else {
      %new = pto.create : !pto.tensor<16xf32>
      scf.yield %c, %c, %new, %n : !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, index
    }
    pto.return
  }

  // A scope result naming an outside buffer (through two in-place writes),
  // one made inside the scope, a task id, and a view made inside the scope
  // (a view is a buffer of its own).
  // CHECK-LABEL: pto.orchestration @scope_results(
  // CHECK:         } {pto.result_variables = array<i1: false, true, true, true>}
  pto.orchestration @scope_results(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c) -> (!pto.tensor<16xf32>) {
      %s:4 = pto.scope -> !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.task_id, !pto.tensor<8xf32> {
        %x1, %t1 = pto.submit @k(%a, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %x2, %t2 = pto.submit @k(%a, %x1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %new = pto.create : !pto.tensor<16xf32>
        %v = pto.slice %a[0] [8] : !pto.tensor<16xf32> to !pto.tensor<8xf32>
        pto.yield %x2, %new, %t2, %v : !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.task_id, !pto.tensor<8xf32>
      }
      scf.yield %s#0 : !pto.tensor<16xf32>
    }
    pto.return
  }

  // An scf.if or pto.scope without results gets no attribute; a stale one is
  // replaced.
  // CHECK-LABEL: pto.orchestration @none_and_stale(
  // CHECK:         scf.if %{{.+}} {
  // CHECK:         }{{$}}
  // CHECK:         } {pto.result_variables = array<i1: false>}
  pto.orchestration @none_and_stale(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %f: i1) {
    scf.if %f {
      %c1, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    %s = pto.scope -> !pto.tensor<16xf32> {
      %c1, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield %c1 : !pto.tensor<16xf32>
    } {pto.result_variables = array<i1: true>}
    pto.return
  }
}

// -----

// A parallel loop carrying a task id array with one slot per iteration is
// classified like any other loop (the array needs a variable).
module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // CHECK-LABEL: pto.orchestration @parallel(
  // CHECK:         } {pto.carry_variables = array<i1: true>, pto.parallel}
  pto.orchestration @parallel(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<4>
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%ids = %seed) -> (!pto.task_id_array<4>) {
        %x, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %ids1 = pto.array_update %ids[%i], %t : !pto.task_id_array<4>
        scf.yield %ids1 : !pto.task_id_array<4>
      } {pto.parallel}
    }
    pto.return
  }
}
