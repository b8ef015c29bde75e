// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-orchestration-prepare-pipeline

// The prepare pipeline ends with pto-verify-graph-boundary, so a pass of it
// that breaks a legalized Graph is caught before the translation.
// 4 launches fill a task id array and 1020 launches each wait on it: 1024
// launches, and pto-expand-manual-phase-fence puts one barrier between
// them (1020 x 4 edges against 1020 + 4). The barrier is a node too: 1025.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-error@+1 {{'pto.graph' op records 1025 nodes}}
  pto.graph @fenced(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c1020 = arith.constant 1020 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %init = pto.array_splat %none : !pto.task_id_array<4>
      %ids = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (!pto.task_id_array<4>) {
        %y1, %t = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %a1 = pto.array_update %a[%i], %t : !pto.task_id_array<4>
        scf.yield %a1 : !pto.task_id_array<4>
      } {pto.parallel}
      scf.for %j = %c0 to %c1020 step %c1 {
        %y2, %t2 = pto.submit @k(%y) deps(%ids : !pto.task_id_array<4>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
    }
    pto.return
  }
}

// -----

// A Graph returning a scalar was never legalized (pto-graph-legalize-pipeline
// rejects it too): the prepare pipeline rejects it rather than letting the
// translation print it.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index)
  pto.graph @g(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y"), %n: index loc("n")) -> index {
    %y1, %t = pto.submit @k(%y, %n) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    // expected-error@+1 {{'pto.return' op returns at position 0 a scalar from Graph @g: a Graph launch hands back only the buffers it was passed, never a value}}
    pto.return %n : index
  }
  pto.orchestration @scalar_result_unused(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y"), %m: index loc("m")) {
    %r = pto.call @g(%y, %m) : (!pto.tensor<16xf32>, index) -> index
    pto.return
  }
}
