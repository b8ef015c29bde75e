// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-hoist-manual-scope-allocations | FileCheck %s

// pto-hoist-manual-scope-allocations: a buffer a manual scope allocates and
// returns is allocated before the scope, which outlives the tasks after it;
// a buffer used only inside stays (the scope releases it, and
// pto-retain-manual-scope-allocations keeps it alive for its tasks).

// CHECK-LABEL: pto.orchestration @returned_and_local
// CHECK:         %[[RET:.*]] = pto.create(%arg1) : !pto.tensor<?xf32>
// CHECK-NEXT:    %[[FILLED:.*]] = pto.full %{{.*}} : !pto.tensor<16xf32>
// CHECK-NEXT:    pto.scope manual
// CHECK-NEXT:      %[[LOCAL:.*]] = pto.create : !pto.tensor<16xf32>
pto.kernel aiv @fill(%y: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>})
pto.kernel aiv @fill16(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @returned_and_local(%o: !pto.tensor<16xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  %r:2 = pto.scope manual -> !pto.tensor<?xf32>, !pto.tensor<16xf32> {
    %local = pto.create : !pto.tensor<16xf32>
    %l1, %t0 = pto.submit @fill16(%local) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %ret = pto.create(%n) : !pto.tensor<?xf32>
    %r1, %t1 = pto.submit @fill(%ret) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %filled = pto.full %zero : !pto.tensor<16xf32>
    pto.yield %r1, %filled : !pto.tensor<?xf32>, !pto.tensor<16xf32>
  }
  pto.return
}

// -----

// A returned buffer sized by a value only the scope's tasks give cannot be
// allocated before it; one sized by values computed there from what is
// known before (a constant, a product, an outer tensor's extent) moves with
// them.
// CHECK-LABEL: pto.orchestration @computed_size
// CHECK:         %[[M:.*]] = arith.muli %arg0, %{{.*}} : index
// CHECK-NEXT:    %[[B:.*]] = pto.create(%[[M]])
// CHECK-NEXT:    pto.scope manual
pto.kernel aiv @fill(%y: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @computed_size(%n: index) {
  %r = pto.scope manual -> !pto.tensor<?xf32> {
    %c2 = arith.constant 2 : index
    %m = arith.muli %n, %c2 : index
    %b = pto.create(%m) : !pto.tensor<?xf32>
    %b1, %t = pto.submit @fill(%b) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    pto.yield %b1 : !pto.tensor<?xf32>
  }
  pto.return
}

// -----

pto.kernel aiv @fill(%y: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @task_size(%n: index) {
  // expected-note @below {{the manual scope}}
  %r = pto.scope manual -> !pto.tensor<?xf32> {
    %ci = pto.create_info(%n) : !pto.create_info<?xf32>
    %o, %t0 = pto.submit @fill(%ci) : (!pto.create_info<?xf32>) -> !pto.tensor<?xf32>
    %m = pto.dim %o, 0 : !pto.tensor<?xf32>
    // expected-error @below {{'pto.create' op allocates a buffer the manual scope returns, but its size or value is computed inside the scope, so it cannot be allocated before the scope: the runtime releases what a scope allocated when the scope ends, and a task after it may find the memory reused (allocate it before the scope)}}
    %b = pto.create(%m) : !pto.tensor<?xf32>
    %b1, %t = pto.submit @fill(%b) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    pto.yield %b1 : !pto.tensor<?xf32>
  }
  pto.return
}

// -----

// Nor one made in a branch of the scope.
pto.kernel aiv @fill(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
pto.orchestration @in_a_branch(%c: i1, %o: !pto.tensor<16xf32>) {
  // expected-note @below {{the manual scope}}
  %r = pto.scope manual -> !pto.tensor<16xf32> {
    %x = scf.if %c -> !pto.tensor<16xf32> {
      // expected-error @below {{'pto.create' op allocates a buffer the manual scope returns, but it is made in a region nested in the scope}}
      %b = pto.create : !pto.tensor<16xf32>
      scf.yield %b : !pto.tensor<16xf32>
    } else {
      scf.yield %o : !pto.tensor<16xf32>
    }
    %x1, %t = pto.submit @fill(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.yield %x1 : !pto.tensor<16xf32>
  }
  pto.return
}
