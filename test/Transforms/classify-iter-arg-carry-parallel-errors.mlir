// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-classify-iter-arg-carry

// Task ids carried through a parallel loop need one array slot per
// iteration: a single task id, an array whose size is not the trip count,
// or a trip count that is not a constant is an error at the loop.

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @single(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      // expected-error @below {{'scf.for' op carries a single task id (iteration argument #1) through a parallel loop: carry a !pto.task_id_array with one slot per iteration}}
      %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%n = %c0, %prev = %none) -> (index, !pto.task_id) {
        %x, %t = pto.submit @k(%c) deps(%prev : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %n, %t : index, !pto.task_id
      } {pto.parallel}
    }
    pto.return
  }
}

// -----

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @size(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<8>
      // expected-error @below {{'scf.for' op runs 4 parallel iterations but carries '!pto.task_id_array<8>': the array needs one slot per iteration}}
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%ids = %seed) -> (!pto.task_id_array<8>) {
        %x, %t = pto.submit @k(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %ids1 = pto.array_update %ids[%i], %t : !pto.task_id_array<8>
        scf.yield %ids1 : !pto.task_id_array<8>
      } {pto.parallel}
    }
    pto.return
  }
}

// -----

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @dynamic(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<4>
      // expected-error @below {{'scf.for' op carries task ids through a parallel loop without a statically known trip count: the array of task ids needs one slot per iteration}}
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%ids = %seed) -> (!pto.task_id_array<4>) {
        %x, %t = pto.submit @k(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %ids1 = pto.array_update %ids[%i], %t : !pto.task_id_array<4>
        scf.yield %ids1 : !pto.task_id_array<4>
      } {pto.parallel}
    }
    pto.return
  }
}
