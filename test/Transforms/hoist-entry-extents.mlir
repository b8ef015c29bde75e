// RUN: pto-opt %s --pto-hoist-entry-extents | FileCheck %s
// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s --check-prefix=CPP

// Each dynamic extent of an entry tensor is read once, at entry: the first
// pto.dim of (x, 0) moves to the start of the body, the one in the loop and
// the one after it read that value. The static axis and the extent of an
// allocation stay where they are.

// CHECK-LABEL: pto.orchestration @extents(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<?x?xf32>
// CHECK-NEXT:    %[[M:.+]] = pto.dim %[[X]], 0 : !pto.tensor<?x?xf32>
// CHECK-NEXT:    %[[K:.+]] = pto.dim %[[X]], 1 : !pto.tensor<?x?xf32>
// CHECK-NEXT:    arith.constant 0
// CHECK-NEXT:    arith.constant 1
// CHECK-NEXT:    %[[BUF:.+]] = pto.create(%[[M]], %[[K]])
// CHECK-NEXT:    scf.for %{{.+}} = %{{.+}} to %[[M]] step
// CHECK-NEXT:      pto.dim %[[BUF]], 0
// CHECK-NEXT:      pto.submit @k(%[[X]], %[[M]])
// CHECK-NEXT:    }
// CHECK-NEXT:    pto.submit @k(%[[X]], %[[M]])
// CHECK-NOT:     pto.dim %[[X]]
// CHECK:         pto.return

// CPP-LABEL: void aicpu_orchestration_entry(
// CPP:         ext_x.shapes[0]
// CPP-NOT:     ext_x.shapes[0]
module {
  pto.kernel aiv @k(%x: !pto.tensor<?x?xf32>, %n: index)
  pto.orchestration @extents(%x: !pto.tensor<?x?xf32> loc("x")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = pto.dim %x, 0 : !pto.tensor<?x?xf32> loc("M")
    %k = pto.dim %x, 1 : !pto.tensor<?x?xf32> loc("K")
    %buf = pto.create(%m, %k) : !pto.tensor<?x?xf32> loc("buf")
    scf.for %i = %c0 to %m step %c1 {
      %rows = pto.dim %buf, 0 : !pto.tensor<?x?xf32>
      %again = pto.dim %x, 0 : !pto.tensor<?x?xf32> loc("M2")
      %t = pto.submit @k(%x, %again) : (!pto.tensor<?x?xf32>, index) -> ()
    }
    %after = pto.dim %x, 0 : !pto.tensor<?x?xf32>
    %t2 = pto.submit @k(%x, %after) : (!pto.tensor<?x?xf32>, index) -> ()
    pto.return
  }
}
