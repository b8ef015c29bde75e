// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-retain-manual-scope-allocations

// A buffer allocated in a branch and passed under a set owner: the
// allocation's task id can be read neither at the launch (the allocation
// is out of scope there) nor from the tensor passed (its owner is the one
// set).
pto.kernel aiv @fill(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @use(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @main(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index, %f: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    pto.scope manual {
      %c = scf.if %f -> !pto.tensor<16xf32> {
        %a = pto.create : !pto.tensor<16xf32>
        scf.yield %a : !pto.tensor<16xf32>
      } else {
        %b = pto.create : !pto.tensor<16xf32>
        scf.yield %b : !pto.tensor<16xf32>
      }
      %c1_, %t = pto.submit @fill(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %s = pto.set_owner %c1_, %t : !pto.tensor<16xf32>
      // expected-error @below {{'pto.submit' op passes a buffer allocated in a branch of the manual scope under an owner set by pto.set_owner: its allocation's task id cannot be read here, and the manual scope keeps the buffer alive only for tasks that depend on it (depend on pto.owner_task_id of the buffer before its owner is set)}}
      %y1, %t2 = pto.submit @use(%s, %y) deps(%t : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
  }
  pto.return
}

// -----

// The same for a buffer a task of the scope allocated in a branch: its
// producer's task id is out of scope at the launch, and the tensor passed
// has another owner.
pto.kernel aiv @produce(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @use(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @main(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %f: i1) {
  pto.scope manual {
    %ci = pto.create_info : !pto.create_info<16xf32>
    %made, %t = pto.submit @produce(%ci) : (!pto.create_info<16xf32>) -> !pto.tensor<16xf32>
    %c = scf.if %f -> !pto.tensor<16xf32> {
      %o, %to = pto.submit @produce(%ci) : (!pto.create_info<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %o : !pto.tensor<16xf32>
    } else {
      scf.yield %made : !pto.tensor<16xf32>
    }
    %s = pto.set_owner %c, %t : !pto.tensor<16xf32>
    // expected-error @below {{'pto.submit' op passes a buffer a task of the manual scope allocated in a branch, under an owner set by pto.set_owner: its producer's task id cannot be read here, and the manual scope keeps the buffer alive only for tasks that depend on it (depend on the producer's task id)}}
    %y1, %t2 = pto.submit @use(%s, %y) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
  }
  pto.return
}
