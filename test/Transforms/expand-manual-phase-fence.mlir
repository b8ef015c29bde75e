// RUN: pto-opt %s -split-input-file --pto-expand-manual-phase-fence | FileCheck %s

// A phase fence: 4 launches each waiting on all 4 slots of a task id array
// (16 edges) wait on one barrier instead (4 + 4), inserted right after the
// array's definition.
// CHECK-LABEL: pto.orchestration @fence
// CHECK:         %[[TIDS:.+]] = scf.for
// CHECK:         } {pto.parallel}
// CHECK-NEXT:    %[[BARRIER:.+]] = pto.task_dummy deps(%[[TIDS]] : !pto.task_id_array<4>) {pto.phase_fence}
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      pto.submit @k({{.*}}) deps(%[[BARRIER]] : !pto.task_id)
module {
  pto.kernel aiv @k(%out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}, %row: index)
  pto.orchestration @fence(%out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<4>
      %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%arr = %seed) -> (!pto.task_id_array<4>) {
        %o1, %tid = pto.submit @k(%out, %b) : (!pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
        %arr1 = pto.array_update %arr[%b], %tid : !pto.task_id_array<4>
        scf.yield %arr1 : !pto.task_id_array<4>
      } {pto.parallel}
      scf.for %j = %c0 to %c4 step %c1 {
        %o2, %t2 = pto.submit @k(%out, %j) deps(%tids : !pto.task_id_array<4>) : (!pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
      }
    }
    pto.return
  }
}

// -----

// A same-carrier chain (spec: a parallel body that reads deps=[tids] and
// then updates tids[branch]): each iteration waits on the array as the
// previous iterations left it, so it is no snapshot to fence before the
// loop. One launch per iteration reads it: the direct dependencies stay.
// CHECK-LABEL: pto.orchestration @same_carrier
// CHECK-NOT:     pto.task_dummy
// CHECK:         pto.submit @k({{.*}}) deps(%[[ARR:.+]] : !pto.task_id_array<4>)
// CHECK-NEXT:    pto.array_update %[[ARR]]
// CHECK-NOT:     pto.task_dummy
module {
  pto.kernel aiv @k(%out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}, %row: index)
  pto.orchestration @same_carrier(%out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<4>
      %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%arr = %seed) -> (!pto.task_id_array<4>) {
        %o1, %tid = pto.submit @k(%out, %b) deps(%arr : !pto.task_id_array<4>) : (!pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
        %arr1 = pto.array_update %arr[%b], %tid : !pto.task_id_array<4>
        scf.yield %arr1 : !pto.task_id_array<4>
      } {pto.parallel}
    }
    pto.return
  }
}

// -----

// The same chain with two readers per iteration: a barrier pays off, and
// it goes inside the body, on the carried array as this iteration sees it,
// never before the loop.
// CHECK-LABEL: pto.orchestration @same_carrier_two_readers
// CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ARR:.+]] = %{{.+}})
// CHECK-NEXT:      %[[BARRIER:.+]] = pto.task_dummy deps(%[[ARR]] : !pto.task_id_array<4>) {pto.phase_fence}
// CHECK-NEXT:      pto.submit @k({{.*}}) deps(%[[BARRIER]] : !pto.task_id)
// CHECK-NEXT:      pto.submit @k({{.*}}) deps(%[[BARRIER]] : !pto.task_id)
// CHECK-NEXT:      pto.array_update %[[ARR]]
module {
  pto.kernel aiv @k(%out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}, %row: index)
  pto.orchestration @same_carrier_two_readers(%out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<4>
      %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%arr = %seed) -> (!pto.task_id_array<4>) {
        %o1, %tid = pto.submit @k(%out, %b) deps(%arr : !pto.task_id_array<4>) : (!pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
        %o2, %tid2 = pto.submit @k(%o1, %b) deps(%arr : !pto.task_id_array<4>) : (!pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
        %arr1 = pto.array_update %arr[%b], %tid2 : !pto.task_id_array<4>
        scf.yield %arr1 : !pto.task_id_array<4>
      } {pto.parallel}
    }
    pto.return
  }
}

// -----

// Outside a manual scope the runtime tracks dependencies itself: nothing
// changes.
// CHECK-LABEL: pto.orchestration @auto_scope
// CHECK-NOT:     pto.task_dummy
module {
  pto.kernel aiv @k(%out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}, %row: index)
  pto.orchestration @auto_scope(%out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %none = pto.invalid_task_id
    %ids = pto.array_splat %none : !pto.task_id_array<4>
    scf.for %j = %c0 to %c4 step %c1 {
      %o2, %t2 = pto.submit @k(%out, %j) deps(%ids : !pto.task_id_array<4>) : (!pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
    }
    pto.return
  }
}
