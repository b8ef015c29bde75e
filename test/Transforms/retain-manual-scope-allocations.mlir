// RUN: pto-opt %s -split-input-file --pto-retain-manual-scope-allocations | FileCheck %s

// pto-retain-manual-scope-allocations: a task of a manual scope that uses an
// allocated buffer depends on the allocation (the runtime's creator
// retention is off there), unless the buffer lives until the function
// returns or the program names the allocation's task id itself.

// A buffer allocated in the manual scope, in a loop: each task that passes
// it (or a tied result of it, or a window of it) depends on its allocation,
// the owner of the buffer allocated.
// CHECK-LABEL: pto.orchestration @in_a_loop
// CHECK:         %[[ACC:.*]] = pto.create
// CHECK-NEXT:    %[[O0:.*]] = pto.owner_task_id %[[ACC]]
// CHECK-NEXT:    %[[A1:.*]], %[[T:.*]] = pto.submit @fill(%[[ACC]]) deps(%[[O0]] : !pto.task_id)
// CHECK-NEXT:    %[[W:.*]] = pto.slice %[[A1]]
// CHECK-NEXT:    %[[O1:.*]] = pto.owner_task_id %[[ACC]]
// CHECK-NEXT:    pto.submit @use(%[[W]], %{{.*}}) deps(%[[T]], %[[O1]] : !pto.task_id, !pto.task_id)
pto.kernel aiv @fill(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @use(%x: !pto.tensor<8xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @in_a_loop(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%o_i = %o) -> (!pto.tensor<16xf32>) {
    %o_next = pto.scope manual -> !pto.tensor<16xf32> {
      %acc = pto.create : !pto.tensor<16xf32>
      %a1, %t = pto.submit @fill(%acc) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %w = pto.slice %a1[0] [8] : !pto.tensor<16xf32> to !pto.tensor<8xf32>
      %o1, %t1 = pto.submit @use(%w, %o_i) deps(%t : !pto.task_id) : (!pto.tensor<8xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield %o1 : !pto.tensor<16xf32>
    }
    scf.yield %o_next : !pto.tensor<16xf32>
  }
  pto.return
}

// -----

// A buffer of the scope around the whole body lives until the function
// returns: nothing is added. A buffer of a nested auto scope is released
// when that scope ends: its manual-scope users depend on it.
// CHECK-LABEL: pto.orchestration @scopes
// CHECK:         %[[WHOLE:.*]] = pto.create
// CHECK:         pto.scope manual {
// CHECK-NEXT:      pto.submit @fill(%[[WHOLE]]) :
// CHECK:         %[[NESTED:.*]] = pto.create
// CHECK-NEXT:    pto.scope manual {
// CHECK-NEXT:      %[[O:.*]] = pto.owner_task_id %[[NESTED]]
// CHECK-NEXT:      pto.submit @fill(%[[NESTED]]) deps(%[[O]] : !pto.task_id)
pto.kernel aiv @fill(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @scopes() {
  pto.scope {
    %whole = pto.create : !pto.tensor<16xf32>
    pto.scope manual {
      %w1, %t = pto.submit @fill(%whole) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.scope {
      %nested = pto.create : !pto.tensor<16xf32>
      pto.scope manual {
        %n1, %t1 = pto.submit @fill(%nested) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
    }
  }
  pto.return
}

// -----

// The program keeps the buffer alive itself: its last update depends on
// the allocation (under a condition): nothing is added.
// CHECK-LABEL: pto.orchestration @managed
// CHECK-NOT:     pto.owner_task_id %{{.*}} : !pto.tensor<16xf32>{{$}}
// CHECK:         %[[OWNER:.*]] = pto.owner_task_id %[[ACC:.*]] :
// CHECK-NOT:     pto.owner_task_id
// CHECK:         pto.return
pto.kernel aiv @fill(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @update(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @managed(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    pto.scope manual {
      %acc = pto.create : !pto.tensor<16xf32>
      %owner = pto.owner_task_id %acc : !pto.tensor<16xf32>
      %none = pto.invalid_task_id
      %a1, %t = pto.submit @fill(%acc) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %r = scf.for %j = %c0 to %n step %c1 iter_args(%a = %a1) -> (!pto.tensor<16xf32>) {
        %nm1 = arith.subi %n, %c1 : index
        %is_last = arith.cmpi eq, %j, %nm1 : index
        %keep = arith.select %is_last, %owner, %none : !pto.task_id
        %a2, %t2 = pto.submit @update(%a) deps(%t, %keep : !pto.task_id, !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %a2 : !pto.tensor<16xf32>
      }
    }
  }
  pto.return
}

// -----

// The owner a program sets is not the allocation: a task passing the
// buffer under a set owner still depends on the allocation, and a
// dependency on the set owner does not keep the buffer alive. A filled
// buffer (pto.full) is an allocation too.
// CHECK-LABEL: pto.orchestration @owners
// CHECK:         %[[ACC:.*]] = pto.create
// CHECK:         %[[OWNED:.*]] = pto.set_owner
// CHECK-NEXT:    %[[SET:.*]] = pto.owner_task_id %[[OWNED]]
// CHECK-NEXT:    %[[O:.*]] = pto.owner_task_id %[[ACC]]
// CHECK-NEXT:    pto.submit @use(%[[OWNED]], %{{.*}}) deps(%[[SET]], %[[O]] : !pto.task_id, !pto.task_id)
// CHECK:         %[[FILLED:.*]] = pto.full
// CHECK-NEXT:    %[[F:.*]] = pto.owner_task_id %[[FILLED]]
// CHECK-NEXT:    pto.submit @use(%[[FILLED]], %{{.*}}) deps(%[[F]] : !pto.task_id)
pto.kernel aiv @fill(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @use(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @owners(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    pto.scope manual {
      %acc = pto.create : !pto.tensor<16xf32>
      %a1, %t = pto.submit @fill(%acc) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %owned = pto.set_owner %a1, %t : !pto.tensor<16xf32>
      %set = pto.owner_task_id %owned : !pto.tensor<16xf32>
      %y1, %t1 = pto.submit @use(%owned, %y) deps(%set : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %filled = pto.full %zero : !pto.tensor<16xf32>
      %y2, %t2 = pto.submit @use(%filled, %y1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
  }
  pto.return
}

// -----

// A dependency names one buffer of a batch: the batch's other buffer is not
// kept alive by it for a task not ordered after that dependency. And the
// owner of a choice one of whose arms has its owner set does not name the
// allocation.
// CHECK-LABEL: pto.orchestration @batch_and_choice
// CHECK:         %[[AB:.*]]:2 = pto.alloc_tensors
// CHECK:         pto.submit @fill(%[[AB]]#1) deps(%{{.*}} : !pto.task_id)
// CHECK-NEXT:    %[[OA:.*]] = pto.owner_task_id %[[AB]]#0
// CHECK-NEXT:    pto.submit @use(%[[AB]]#0, %{{.*}}) deps(%[[OA]] : !pto.task_id)
// CHECK:         %[[ACC:.*]] = pto.create
// CHECK:         %[[S:.*]] = scf.if
// CHECK:         %[[D:.*]] = pto.owner_task_id %[[S]]
// CHECK-NEXT:    %[[OACC:.*]] = pto.owner_task_id %[[ACC]]
// CHECK-NEXT:    pto.submit @use(%[[S]], %{{.*}}) deps(%{{.*}}, %[[D]], %[[OACC]] :
pto.kernel aiv @fill(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @use(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @batch_and_choice(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index, %f: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    pto.scope manual {
      %a, %b = pto.alloc_tensors : !pto.tensor<16xf32>, !pto.tensor<16xf32>
      %ob = pto.owner_task_id %b : !pto.tensor<16xf32>
      %b1, %t = pto.submit @fill(%b) deps(%ob : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %y1, %t2 = pto.submit @use(%a, %y) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %acc = pto.create : !pto.tensor<16xf32>
      %a1, %t3 = pto.submit @fill(%acc) deps(%ob : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %s = scf.if %f -> !pto.tensor<16xf32> {
        %o = pto.set_owner %a1, %t3 : !pto.tensor<16xf32>
        scf.yield %o : !pto.tensor<16xf32>
      } else {
        scf.yield %a1 : !pto.tensor<16xf32>
      }
      %d = pto.owner_task_id %s : !pto.tensor<16xf32>
      %y2, %t4 = pto.submit @use(%s, %y1) deps(%t3, %d : !pto.task_id, !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
  }
  pto.return
}

// -----

// A buffer a task of the scope allocated (a create info's out parameter)
// lives while its producer does: a reader that names neither the producer
// nor an allocation made before it gets a dependency on the producer. A
// reader that depends on the producer, or on an allocation the program
// manages made before the producer, gets none: the runtime reclaims the
// heap in ring order, so that allocation holds the producer's output too.
// CHECK-LABEL: pto.orchestration @task_outputs
// CHECK:         %[[Y:.*]], %[[TP:.*]] = pto.submit @produce
// CHECK-NEXT:    pto.submit @consume(%[[Y]], %{{.*}}) deps(%[[TP]] : !pto.task_id)
// CHECK-NEXT:    pto.submit @consume(%[[Y]], %{{.*}}) deps(%[[TP]] : !pto.task_id)
// CHECK:         %[[Z:.*]], %[[TQ:.*]] = pto.submit @produce
// CHECK-NEXT:    pto.submit @consume(%[[Z]], %{{.*}}) deps(%[[KEEP:.*]] : !pto.task_id)
// CHECK-NOT:     %[[TQ]]
// CHECK:         pto.return
pto.kernel aiv @produce(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @consume(%y: !pto.tensor<16xf32>, %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
pto.kernel aiv @fill(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @task_outputs(%acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    pto.scope manual {
      %ci = pto.create_info : !pto.create_info<16xf32>
      %y, %tp = pto.submit @produce(%ci) : (!pto.create_info<16xf32>) -> !pto.tensor<16xf32>
      %a1, %t1 = pto.submit @consume(%y, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %a2, %t2 = pto.submit @consume(%y, %a1) deps(%tp : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %scratch = pto.create : !pto.tensor<16xf32>
      %keep = pto.owner_task_id %scratch : !pto.tensor<16xf32>
      %s1, %ts = pto.submit @fill(%scratch) deps(%keep : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %z, %tq = pto.submit @produce(%ci) : (!pto.create_info<16xf32>) -> !pto.tensor<16xf32>
      %a3, %t3 = pto.submit @consume(%z, %a2) deps(%keep : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
  }
  pto.return
}
