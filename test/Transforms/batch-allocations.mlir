// RUN: pto-opt %s -split-input-file --pto-batch-allocations | FileCheck %s
// RUN: pto-opt %s -split-input-file --pto-batch-allocations --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// The creates of a block whose sizes exist at its entry: one alloc_tensors
// at the start of the block, in order, across the launch between them; the
// users now name its results.

// CHECK-LABEL: pto.orchestration @across_launch(
// CHECK-SAME:      %[[N:[a-z0-9_]+]]: index)
// CHECK-NEXT:    %a, %tmp, %b = pto.alloc_tensors(%[[N]]) {names = ["a", "", "b"]} : !pto.tensor<8xf32>, !pto.tensor<4xi32>, !pto.tensor<?xf16>
// CHECK-NEXT:    pto.submit @k(%a)
// CHECK-NEXT:    pto.submit @k2(%tmp, %b)
// CHECK-NEXT:    pto.return
// LOC-LABEL: pto.orchestration @across_launch(
// LOC:         pto.alloc_tensors({{.*}} loc(#[[FUSED:loc[0-9]+]])
// LOC:       #[[FUSED]] = loc(fused[
module {
  pto.kernel aiv @k(%x: !pto.tensor<8xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @k2(%x: !pto.tensor<4xi32>, %y: !pto.tensor<?xf16> {pto.direction = #pto.direction<inout>})
  pto.orchestration @across_launch(%n: index) {
    %a = pto.create : !pto.tensor<8xf32> loc("a")
    %a1, %t = pto.submit @k(%a) : (!pto.tensor<8xf32>) -> !pto.tensor<8xf32>
    %i = pto.create : !pto.tensor<4xi32>
    %b = pto.create(%n) : !pto.tensor<?xf16> loc("b")
    %b1, %t2 = pto.submit @k2(%i, %b) : (!pto.tensor<4xi32>, !pto.tensor<?xf16>) -> !pto.tensor<?xf16>
    pto.return
  }
}

// -----

// 17 creates: a batch of 16 and a batch of 1, both at block entry. No names,
// no names attribute.

// CHECK-LABEL: pto.orchestration @seventeen(
// CHECK-NEXT:    %{{.+}}:16 = pto.alloc_tensors : !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>, !pto.tensor<2xf32>{{$}}
// CHECK-NEXT:    %{{.+}} = pto.alloc_tensors : !pto.tensor<2xf32>{{$}}
// CHECK-NEXT:    pto.return
module {
  pto.orchestration @seventeen() {
    %0 = pto.create : !pto.tensor<2xf32>
    %1 = pto.create : !pto.tensor<2xf32>
    %2 = pto.create : !pto.tensor<2xf32>
    %3 = pto.create : !pto.tensor<2xf32>
    %4 = pto.create : !pto.tensor<2xf32>
    %5 = pto.create : !pto.tensor<2xf32>
    %6 = pto.create : !pto.tensor<2xf32>
    %7 = pto.create : !pto.tensor<2xf32>
    %8 = pto.create : !pto.tensor<2xf32>
    %9 = pto.create : !pto.tensor<2xf32>
    %10 = pto.create : !pto.tensor<2xf32>
    %11 = pto.create : !pto.tensor<2xf32>
    %12 = pto.create : !pto.tensor<2xf32>
    %13 = pto.create : !pto.tensor<2xf32>
    %14 = pto.create : !pto.tensor<2xf32>
    %15 = pto.create : !pto.tensor<2xf32>
    %16 = pto.create : !pto.tensor<2xf32>
    pto.return
  }
}

// -----

// A create whose size is computed in its own block stays where it is, alone;
// one sized by the loop's induction variable (a block argument) joins the
// loop body's entry batch. Each nested block is batched on its own; a kernel
// body is left alone.

// CHECK-LABEL: pto.kernel aiv @with_body(
// CHECK-NEXT:    pto.create : !pto.tensor<4xf32>
// CHECK-LABEL: pto.graph @nested(
// CHECK-NEXT:    %[[TOP:.+]] = pto.alloc_tensors : !pto.tensor<4xf32>
// CHECK:         scf.for %[[I:.+]] = {{.*}} {
// CHECK-NEXT:      %[[L:.+]]:2 = pto.alloc_tensors(%[[I]]) : !pto.tensor<?xf32>, !pto.tensor<4xf32>
// CHECK-NEXT:      %[[M:.+]] = arith.muli %[[I]]
// CHECK-NEXT:      pto.submit @k(%[[L]]#1)
// CHECK-NEXT:      %{{.+}} = pto.alloc_tensors(%[[M]]) : !pto.tensor<?xf32>
// CHECK:         pto.scope {
// CHECK-NEXT:      pto.alloc_tensors : !pto.tensor<4xf32>
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @with_body(%x: !pto.tensor<4xf32>) {
    %scratch = pto.create : !pto.tensor<4xf32>
    pto.return
  }
  pto.graph @nested(%x: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %top = pto.create : !pto.tensor<4xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %d = pto.create(%i) : !pto.tensor<?xf32>
      %m = arith.muli %i, %c2 : index
      %s = pto.create : !pto.tensor<4xf32>
      %s1, %t = pto.submit @k(%s) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
      %e = pto.create(%m) : !pto.tensor<?xf32>
    }
    pto.scope {
      %in_scope = pto.create : !pto.tensor<4xf32>
    }
    pto.return
  }
}

// -----

// Nothing to batch: the module is unchanged.

// CHECK-LABEL: pto.orchestration @nothing(
// CHECK-NEXT:    pto.return
module {
  pto.orchestration @nothing() {
    pto.return
  }
}
