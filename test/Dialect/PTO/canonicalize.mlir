// RUN: pto-opt %s -split-input-file -canonicalize | FileCheck %s
// The effects that make an allocation trivially dead must not make two of
// them equal: the same checks hold after cse.
// RUN: pto-opt %s -split-input-file -canonicalize -cse | FileCheck %s

// Folders and canonicalization patterns of the pto ops. Each positive case
// has a negative one next to it that must stay as written.

pto.kernel aiv @use(%a: !pto.tensor<16x128xf32>)
pto.kernel aiv @use_dyn(%a: !pto.tensor<?x128xf32>)
pto.kernel aiv @use_half(%a: !pto.tensor<8x128xf32>)

// A window that is the whole tensor is the tensor; a constant SSA offset
// counts as a literal 0.
// CHECK-LABEL: pto.orchestration @full_window_slice(
// CHECK-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<16x128xf32>
// CHECK-NOT:     pto.slice
// CHECK:         pto.submit @use(%[[W]])
// CHECK:         pto.submit @use(%[[W]])
pto.orchestration @full_window_slice(%w: !pto.tensor<16x128xf32>) {
  %c0 = arith.constant 0 : index
  %s0 = pto.slice %w[0, 0] [16, 128] : !pto.tensor<16x128xf32> to !pto.tensor<16x128xf32>
  %t0 = pto.submit @use(%s0) : (!pto.tensor<16x128xf32>) -> ()
  %s1 = pto.slice %w[%c0, 0] [16, 128] : !pto.tensor<16x128xf32> to !pto.tensor<16x128xf32>
  %t1 = pto.submit @use(%s1) : (!pto.tensor<16x128xf32>) -> ()
  pto.return
}

// A window that starts elsewhere, is smaller, has a run-time offset, or
// whose extent is not known to be the source's, stays a view.
// CHECK-LABEL: pto.orchestration @partial_window_slice(
// CHECK:         pto.slice %{{.+}}[8, 0] [8, 128]
// CHECK:         pto.slice %{{.+}}[0, 0] [8, 128]
// CHECK:         pto.slice %{{.+}}[%{{.+}}, 0] [8, 128]
// CHECK:         pto.slice %{{.+}}[0, 0] [%{{.+}}, 128] : !pto.tensor<?x128xf32> to !pto.tensor<?x128xf32>
// CHECK:         pto.slice %{{.+}}[0, 0] [16, 128] : !pto.tensor<?x128xf32> to !pto.tensor<16x128xf32>
pto.orchestration @partial_window_slice(%w: !pto.tensor<16x128xf32>,
                                        %d: !pto.tensor<?x128xf32>, %i: index,
                                        %n: index) {
  %s0 = pto.slice %w[8, 0] [8, 128] : !pto.tensor<16x128xf32> to !pto.tensor<8x128xf32>
  %t0 = pto.submit @use_half(%s0) : (!pto.tensor<8x128xf32>) -> ()
  %s1 = pto.slice %w[0, 0] [8, 128] : !pto.tensor<16x128xf32> to !pto.tensor<8x128xf32>
  %t1 = pto.submit @use_half(%s1) : (!pto.tensor<8x128xf32>) -> ()
  %s2 = pto.slice %w[%i, 0] [8, 128] : !pto.tensor<16x128xf32> to !pto.tensor<8x128xf32>
  %t2 = pto.submit @use_half(%s2) : (!pto.tensor<8x128xf32>) -> ()
  %s3 = pto.slice %d[0, 0] [%n, 128] : !pto.tensor<?x128xf32> to !pto.tensor<?x128xf32>
  %t3 = pto.submit @use_dyn(%s3) : (!pto.tensor<?x128xf32>) -> ()
  %s4 = pto.slice %d[0, 0] [16, 128] : !pto.tensor<?x128xf32> to !pto.tensor<16x128xf32>
  %t4 = pto.submit @use(%s4) : (!pto.tensor<16x128xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @use(%a: !pto.tensor<16x32x8xf32>)
pto.kernel aiv @use_t(%a: !pto.tensor<8x16x32xf32>)
pto.kernel aiv @use_dyn(%a: !pto.tensor<?x?xf32>)
pto.kernel aiv @use_dyn3(%a: !pto.tensor<2x4x?xf32>)

// Swapping the same two axes twice, in either order, is the identity view.
// CHECK-LABEL: pto.orchestration @transpose_twice(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16x32x8xf32>
// CHECK-NOT:     pto.transpose
// CHECK:         pto.submit @use(%[[X]])
// CHECK:         pto.submit @use(%[[X]])
pto.orchestration @transpose_twice(%x: !pto.tensor<16x32x8xf32>) {
  %a = pto.transpose %x, 0, 1 : !pto.tensor<16x32x8xf32>
  %aa = pto.transpose %a, 0, 1 : !pto.tensor<32x16x8xf32>
  %t0 = pto.submit @use(%aa) : (!pto.tensor<16x32x8xf32>) -> ()
  %b = pto.transpose %x, 2, 0 : !pto.tensor<16x32x8xf32>
  %bb = pto.transpose %b, 0, 2 : !pto.tensor<8x32x16xf32>
  %t1 = pto.submit @use(%bb) : (!pto.tensor<16x32x8xf32>) -> ()
  pto.return
}

// A reshape to its source's own type is the source; a reshape of a reshape
// is one reshape of the inner source.
// CHECK-LABEL: pto.orchestration @reshape_twice(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16x32x8xf32>
// CHECK-NEXT:    pto.submit @use(%[[X]])
// CHECK-NEXT:    %[[R:.+]] = pto.reshape %[[X]] : !pto.tensor<16x32x8xf32> to !pto.tensor<8x16x32xf32>
// CHECK-NEXT:    pto.submit @use_t(%[[R]])
// CHECK-NEXT:    pto.return
pto.orchestration @reshape_twice(%x: !pto.tensor<16x32x8xf32>) {
  %same = pto.reshape %x : !pto.tensor<16x32x8xf32> to !pto.tensor<16x32x8xf32>
  %t0 = pto.submit @use(%same) : (!pto.tensor<16x32x8xf32>) -> ()
  %flat = pto.reshape %x : !pto.tensor<16x32x8xf32> to !pto.tensor<4096xf32>
  %r = pto.reshape %flat : !pto.tensor<4096xf32> to !pto.tensor<8x16x32xf32>
  %t1 = pto.submit @use_t(%r) : (!pto.tensor<8x16x32xf32>) -> ()
  pto.return
}

// Two reshapes of one type are the same view only where the type is
// static; a reshape of a dynamic reshape keeps the outer sizes.
// CHECK-LABEL: pto.orchestration @reshape_dynamic(
// CHECK-SAME:      %[[D:[a-z0-9_]+]]: !pto.tensor<?x?xf32>, %[[N:[a-z0-9_]+]]: index, %[[M:[a-z0-9_]+]]: index
// CHECK-NEXT:    %[[R:.+]] = pto.reshape %[[D]](%[[N]], %[[M]]) : !pto.tensor<?x?xf32> to !pto.tensor<?x?xf32>
// CHECK-NEXT:    pto.submit @use_dyn(%[[R]])
// CHECK-NEXT:    %[[RR:.+]] = pto.reshape %[[D]](%[[M]]) : !pto.tensor<?x?xf32> to !pto.tensor<2x4x?xf32>
// CHECK-NEXT:    pto.submit @use_dyn3(%[[RR]])
// CHECK-NEXT:    pto.return
pto.orchestration @reshape_dynamic(%d: !pto.tensor<?x?xf32>, %n: index, %m: index) {
  %same = pto.reshape %d(%n, %m) : !pto.tensor<?x?xf32> to !pto.tensor<?x?xf32>
  %t0 = pto.submit @use_dyn(%same) : (!pto.tensor<?x?xf32>) -> ()
  %flat = pto.reshape %d(%n) : !pto.tensor<?x?xf32> to !pto.tensor<?xf32>
  %r = pto.reshape %flat(%m) : !pto.tensor<?xf32> to !pto.tensor<2x4x?xf32>
  %t1 = pto.submit @use_dyn3(%r) : (!pto.tensor<2x4x?xf32>) -> ()
  pto.return
}

// Two different swaps compose to a rotation: both stay.
// CHECK-LABEL: pto.orchestration @transpose_other_axes(
// CHECK:         %[[A:.+]] = pto.transpose %{{.+}}, 0, 1 : !pto.tensor<16x32x8xf32>
// CHECK:         %[[B:.+]] = pto.transpose %[[A]], 0, 2 : !pto.tensor<32x16x8xf32>
// CHECK:         pto.submit @use_t(%[[B]])
pto.orchestration @transpose_other_axes(%x: !pto.tensor<16x32x8xf32>) {
  %a = pto.transpose %x, 0, 1 : !pto.tensor<16x32x8xf32>
  %b = pto.transpose %a, 0, 2 : !pto.tensor<32x16x8xf32>
  %t = pto.submit @use_t(%b) : (!pto.tensor<8x16x32xf32>) -> ()
  pto.return
}

// -----

// Every element of a splat is the splat value, at any index.
// CHECK-LABEL: pto.orchestration @get_of_splat(
// CHECK:         %[[D:.+]] = pto.task_dummy{{$}}
// CHECK-NOT:     pto.array_
// CHECK:         pto.task_dummy deps(%[[D]] : !pto.task_id)
pto.orchestration @get_of_splat(%i: index) {
  %d = pto.task_dummy
  %ids = pto.array_splat %d : !pto.task_id_array<4>
  %t = pto.array_get %ids[%i] : !pto.task_id_array<4>
  %e = pto.task_dummy deps(%t : !pto.task_id)
  pto.return
}

// A read of the index just written is the written id: the same value, or
// equal constants. A read of another constant index reads the older array
// (here the first update, then the splat).
// CHECK-LABEL: pto.orchestration @get_of_update(
// CHECK:         %[[NONE:.+]] = pto.invalid_task_id
// CHECK:         %[[D0:.+]] = pto.task_dummy{{$}}
// CHECK:         %[[D1:.+]] = pto.task_dummy{{$}}
// CHECK-NOT:     pto.array_get
// CHECK:         pto.task_dummy deps(%[[D0]], %[[D1]], %[[NONE]], %[[D1]] : !pto.task_id, !pto.task_id, !pto.task_id, !pto.task_id)
pto.orchestration @get_of_update(%i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %none = pto.invalid_task_id
  %ids = pto.array_splat %none : !pto.task_id_array<4>
  %d0 = pto.task_dummy
  %ids1 = pto.array_update %ids[%c0], %d0 : !pto.task_id_array<4>
  %g0 = pto.array_get %ids1[%c0] : !pto.task_id_array<4>
  %g2 = pto.array_get %ids1[%c2] : !pto.task_id_array<4>
  %d1 = pto.task_dummy
  %ids2 = pto.array_update %ids1[%i], %d1 : !pto.task_id_array<4>
  %g1 = pto.array_get %ids2[%i] : !pto.task_id_array<4>
  %c1_again = arith.constant 1 : index
  %ids3 = pto.array_update %ids2[%c1], %d1 : !pto.task_id_array<4>
  %g3 = pto.array_get %ids3[%c1_again] : !pto.task_id_array<4>
  %e = pto.task_dummy deps(%g0, %g1, %g2, %g3 : !pto.task_id, !pto.task_id, !pto.task_id, !pto.task_id)
  pto.return
}

// The read of an index the update did not write moves before the update
// (the runtime updates the array in place); the update stays for its
// other user, the loop carry.
// CHECK-LABEL: pto.orchestration @get_around_update(
// CHECK:         scf.for %{{.+}} iter_args(%[[ARR:.+]] = %{{.+}}) -> (!pto.task_id_array<4>) {
// CHECK:           %[[D:.+]] = pto.task_dummy{{$}}
// CHECK-NEXT:      %[[G:.+]] = pto.array_get %[[ARR]][%{{.+}}] : !pto.task_id_array<4>
// CHECK-NEXT:      %[[ARR1:.+]] = pto.array_update %[[ARR]][%{{.+}}], %[[D]] : !pto.task_id_array<4>
// CHECK-NEXT:      pto.task_dummy deps(%[[G]] : !pto.task_id)
// CHECK-NEXT:      scf.yield %[[ARR1]]
pto.orchestration @get_around_update() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto.invalid_task_id
  %ids = pto.array_splat %none : !pto.task_id_array<4>
  %r = scf.for %iv = %c0 to %c4 step %c1 iter_args(%arr = %ids) -> (!pto.task_id_array<4>) {
    %c2 = arith.constant 2 : index
    %d = pto.task_dummy
    %arr1 = pto.array_update %arr[%c1], %d : !pto.task_id_array<4>
    %g = pto.array_get %arr1[%c2] : !pto.task_id_array<4>
    %e = pto.task_dummy deps(%g : !pto.task_id)
    scf.yield %arr1 : !pto.task_id_array<4>
  }
  pto.return
}

// Whether a run-time index is the one written is unknown: the read stays.
// CHECK-LABEL: pto.orchestration @get_of_update_unknown_index(
// CHECK:         %[[ARR:.+]] = pto.array_update %{{.+}}[%{{.+}}], %{{.+}} : !pto.task_id_array<4>
// CHECK:         pto.array_get %[[ARR]][%{{.+}}] : !pto.task_id_array<4>
// CHECK:         %[[ARR2:.+]] = pto.array_update %[[ARR]][%{{.+}}], %{{.+}} : !pto.task_id_array<4>
// CHECK:         pto.array_get %[[ARR2]][%{{.+}}] : !pto.task_id_array<4>
pto.orchestration @get_of_update_unknown_index(%i: index, %j: index) {
  %c1 = arith.constant 1 : index
  %none = pto.invalid_task_id
  %ids = pto.array_splat %none : !pto.task_id_array<4>
  %d = pto.task_dummy
  %ids1 = pto.array_update %ids[%i], %d : !pto.task_id_array<4>
  %g0 = pto.array_get %ids1[%c1] : !pto.task_id_array<4>
  %ids2 = pto.array_update %ids1[%c1], %d : !pto.task_id_array<4>
  %g1 = pto.array_get %ids2[%j] : !pto.task_id_array<4>
  %e = pto.task_dummy deps(%g0, %g1, %ids2 : !pto.task_id, !pto.task_id, !pto.task_id_array<4>)
  pto.return
}

// -----

pto.kernel aiv @fill(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})

// An allocation nobody uses is dead; one a task writes is not. A batch
// is dead only when all of its results are.
// CHECK-LABEL: pto.orchestration @dead_allocations(
// CHECK-NEXT:    %[[USED:.+]] = pto.create : !pto.tensor<16xf32>
// CHECK-NEXT:    pto.submit @fill(%[[USED]])
// CHECK-NEXT:    %[[BATCH:[a-z0-9_]+]]:2 = pto.alloc_tensors : !pto.tensor<8xf16>, !pto.tensor<16xf32>
// CHECK-NEXT:    pto.submit @fill(%[[BATCH]]#1)
// CHECK-NEXT:    pto.return
pto.orchestration @dead_allocations(%n: index, %v: f32) {
  %dead = pto.create : !pto.tensor<16xf32>
  %dead_dyn = pto.create(%n) : !pto.tensor<?x128xf32>
  %dead_full = pto.full %v(%n) : !pto.tensor<?xf32>
  %dead_a, %dead_b = pto.alloc_tensors(%n) : !pto.tensor<?x128xf32>, !pto.tensor<16xf16>
  %used = pto.create : !pto.tensor<16xf32>
  %y, %t = pto.submit @fill(%used) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
  %half, %used_b = pto.alloc_tensors : !pto.tensor<8xf16>, !pto.tensor<16xf32>
  %yb, %tb = pto.submit @fill(%used_b) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
  pto.return
}

// Two allocations are two buffers, even when both are used the same way.
// CHECK-LABEL: pto.orchestration @creates_are_not_merged(
// CHECK-COUNT-2: pto.create : !pto.tensor<16xf32>
pto.orchestration @creates_are_not_merged() {
  %a = pto.create : !pto.tensor<16xf32>
  %ya, %ta = pto.submit @fill(%a) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
  %b = pto.create : !pto.tensor<16xf32>
  %yb, %tb = pto.submit @fill(%b) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
  pto.return
}

// -----

pto.kernel aiv @add(%a: !pto.tensor<16xf32>,
                    %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

// An auto scope holding only its yield is its yielded values.
// CHECK-LABEL: pto.orchestration @empty_auto_scope(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
// CHECK-SAME:      %[[ACC:[a-z0-9_]+]]: !pto.tensor<16xf32>
// CHECK-NEXT:    pto.submit @add(%[[X]], %[[ACC]])
// CHECK-NEXT:    pto.return
pto.orchestration @empty_auto_scope(%x: !pto.tensor<16xf32>,
                                    %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  pto.scope {
  }
  %r = pto.scope -> !pto.tensor<16xf32> {
    pto.yield %acc : !pto.tensor<16xf32>
  }
  %acc1, %t = pto.submit @add(%x, %r) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
  pto.return
}

// An empty manual scope is left alone.
// CHECK-LABEL: pto.orchestration @empty_manual_scope(
// CHECK-NEXT:    %[[R:.+]] = pto.scope manual -> !pto.tensor<16xf32> {
// CHECK-NEXT:      pto.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    pto.submit @add(%{{.+}}, %[[R]])
pto.orchestration @empty_manual_scope(%x: !pto.tensor<16xf32>,
                                      %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  %r = pto.scope manual -> !pto.tensor<16xf32> {
    pto.yield %acc : !pto.tensor<16xf32>
  }
  %acc1, %t = pto.submit @add(%x, %r) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
  pto.return
}

// An auto scope that is all of an auto scope's body merges into it; the
// outer scope yields what the inner one did, task ids included.
// CHECK-LABEL: pto.orchestration @nested_auto_scopes(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
// CHECK-SAME:      %[[ACC:[a-z0-9_]+]]: !pto.tensor<16xf32>
// CHECK:         scf.for %{{.+}} iter_args(%[[PREV:.+]] = %{{.+}}) -> (!pto.task_id) {
// CHECK-NEXT:      %[[R:.+]]:2 = pto.scope -> !pto.tensor<16xf32>, !pto.task_id {
// CHECK-NEXT:        %[[A1:[a-z0-9_]+]], %[[T:[a-z0-9_]+]] = pto.submit @add(%[[X]], %[[ACC]]) deps(%[[PREV]] : !pto.task_id)
// CHECK-NEXT:        pto.yield %[[A1]], %[[T]] : !pto.tensor<16xf32>, !pto.task_id
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[R]]#1
pto.orchestration @nested_auto_scopes(%x: !pto.tensor<16xf32>,
                                      %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto.invalid_task_id
  %last = scf.for %iv = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pto.task_id) {
    %o:2 = pto.scope -> !pto.tensor<16xf32>, !pto.task_id {
      %i:2 = pto.scope -> !pto.task_id, !pto.tensor<16xf32> {
        %acc1, %t = pto.submit @add(%x, %acc) deps(%prev : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        pto.yield %t, %acc1 : !pto.task_id, !pto.tensor<16xf32>
      }
      pto.yield %i#1, %i#0 : !pto.tensor<16xf32>, !pto.task_id
    }
    scf.yield %o#1 : !pto.task_id
  }
  pto.return
}

// A manual scope in an auto one, and an auto scope beside other ops of its
// parent, keep their scopes (an auto scope in a manual one is invalid: the
// runtime refuses it).
// CHECK-LABEL: pto.orchestration @scopes_that_stay(
// CHECK:         pto.scope {
// CHECK-NEXT:      pto.scope manual {
// CHECK:         pto.scope {
// CHECK-NEXT:      pto.submit
// CHECK-NEXT:      pto.scope {
// CHECK-NEXT:        pto.submit
pto.orchestration @scopes_that_stay(%x: !pto.tensor<16xf32>,
                                    %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  pto.scope {
    pto.scope manual {
      %acc1, %t = pto.submit @add(%x, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
  }
  pto.scope {
    %acc1, %t = pto.submit @add(%x, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.scope {
      %acc2, %t2 = pto.submit @add(%x, %acc1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
  }
  pto.return
}

// -----

// The owner of a view is its source's; the owner of pto.set_owner's result
// is the task it names.

// CHECK-LABEL: pto.orchestration @owners
// CHECK-SAME:    (%[[X:.*]]: !pto.tensor<16x64xf32>
// CHECK-NOT:     pto.slice
// CHECK-NOT:     pto.transpose
// CHECK:         %[[A:.*]] = pto.owner_task_id %[[X]] : !pto.tensor<16x64xf32>
// CHECK:         %[[X0:.*]], %[[T0:.*]] = pto.submit @k(%[[X]])
// CHECK-NEXT:    %[[O:.*]] = pto.set_owner %[[X0]], %[[T0]] : !pto.tensor<16x64xf32>
// CHECK-NEXT:    pto.submit @k(%[[O]]) deps(%[[A]], %{{.+}}, %[[T0]] : !pto.task_id, !pto.task_id, !pto.task_id)
module {
  pto.kernel aiv @k(%x: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @owners(%x: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>}) {
    pto.scope manual {
      %v = pto.slice %x[0, 0] [8, 64] : !pto.tensor<16x64xf32> to !pto.tensor<8x64xf32>
      %r = pto.reshape %v : !pto.tensor<8x64xf32> to !pto.tensor<512xf32>
      %a = pto.owner_task_id %r : !pto.tensor<512xf32>
      %tr = pto.transpose %x, 0, 1 : !pto.tensor<16x64xf32>
      %b = pto.owner_task_id %tr : !pto.tensor<64x16xf32>
      %x0, %t0 = pto.submit @k(%x) : (!pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
      %owned = pto.set_owner %x0, %t0 : !pto.tensor<16x64xf32>
      %c = pto.owner_task_id %owned : !pto.tensor<16x64xf32>
      %x1, %t1 = pto.submit @k(%owned) deps(%a, %b, %c : !pto.task_id, !pto.task_id, !pto.task_id) : (!pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
      pto.yield
    }
    pto.return
  }
}

// -----

// A dynamic extent of an allocation is the size it was made with; an extent
// of an entry tensor is read at run time.
pto.kernel aiv @use_dyn(%a: !pto.tensor<?x128xf32>, %n: index)
// CHECK-LABEL: pto.orchestration @dim_of_allocation(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<?x128xf32>, %[[N:[a-z0-9_]+]]: index
// CHECK:         %[[ROWS:.*]] = pto.dim %[[X]], 0
// CHECK:         %[[A:.*]] = pto.create(%[[N]])
// CHECK:         pto.submit @use_dyn(%[[A]], %[[N]])
// CHECK:         %[[B:.*]]:2 = pto.alloc_tensors(%[[ROWS]], %[[N]])
// CHECK:         pto.submit @use_dyn(%[[B]]#1, %[[N]])
pto.orchestration @dim_of_allocation(%x: !pto.tensor<?x128xf32>, %n: index) {
  %rows = pto.dim %x, 0 : !pto.tensor<?x128xf32>
  %a = pto.create(%n) : !pto.tensor<?x128xf32>
  %an = pto.dim %a, 0 : !pto.tensor<?x128xf32>
  %t0 = pto.submit @use_dyn(%a, %an) : (!pto.tensor<?x128xf32>, index) -> ()
  %b:2 = pto.alloc_tensors(%rows, %n) : !pto.tensor<?x128xf32>, !pto.tensor<?x128xf32>
  %bn = pto.dim %b#1, 0 : !pto.tensor<?x128xf32>
  %t1 = pto.submit @use_dyn(%b#1, %bn) : (!pto.tensor<?x128xf32>, index) -> ()
  pto.return
}
