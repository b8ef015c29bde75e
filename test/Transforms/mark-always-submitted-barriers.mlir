// RUN: pto-opt %s -split-input-file --pto-mark-always-submitted-barriers | FileCheck %s

// A barrier is always submitted when every dependency is a valid task id:
// a pto.submit's id, or the id of a barrier marked before it. One that may
// depend on the invalid task id only (a loop carry, an array slot, the
// sentinel itself) is submitted only if an edge survives, and is not marked.

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.orchestration @chains(
  // CHECK:         %[[B0:.+]] = pto.task_dummy {pto.always_submitted}
  // CHECK:         %[[B1:.+]] = pto.task_dummy deps(%{{.+}}, %[[B0]] : !pto.task_id, !pto.task_id) {pto.always_submitted}
  // CHECK:         %[[B2:.+]] = pto.task_dummy deps(%[[B1]] : !pto.task_id) {pto.always_submitted}
  // CHECK:         %[[B3:.+]] = pto.task_dummy deps(%{{.+}} : !pto.task_id){{$}}
  // CHECK:         pto.task_dummy deps(%[[B3]] : !pto.task_id){{$}}
  // CHECK:         pto.task_dummy deps(%{{.+}} : !pto.task_id_array<2>){{$}}
  // CHECK:         scf.for
  // CHECK:           pto.task_dummy deps(%{{.+}} : !pto.task_id){{$}}
  pto.orchestration @chains(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    pto.scope manual {
      %c1b, %t = pto.submit @k(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %b0 = pto.task_dummy
      %b1 = pto.task_dummy deps(%t, %b0 : !pto.task_id, !pto.task_id)
      %b2 = pto.task_dummy deps(%b1 : !pto.task_id)
      %none = pto.invalid_task_id
      %b3 = pto.task_dummy deps(%none : !pto.task_id)
      %b4 = pto.task_dummy deps(%b3 : !pto.task_id)
      %ids = pto.array_splat %t : !pto.task_id_array<2>
      %b5 = pto.task_dummy deps(%ids : !pto.task_id_array<2>)
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto.task_id) {
        %b6 = pto.task_dummy deps(%prev : !pto.task_id)
        %x, %t1 = pto.submit @k(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %t1 : !pto.task_id
      }
    }
    pto.return
  }

  // Barriers on a loop carry and on a loop result are not marked. (A wrong
  // mark written by hand is rejected by the dialect: invalid.mlir.)
  // CHECK-LABEL: pto.orchestration @carried(
  // CHECK:         pto.task_dummy deps(%{{.+}} : !pto.task_id){{$}}
  // CHECK:         pto.task_dummy deps(%{{.+}} : !pto.task_id){{$}}
  pto.orchestration @carried(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %none = pto.invalid_task_id
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto.task_id) {
      %b = pto.task_dummy deps(%prev : !pto.task_id)
      scf.yield %b : !pto.task_id
    }
    %last = pto.task_dummy deps(%r : !pto.task_id)
    pto.return
  }
}
