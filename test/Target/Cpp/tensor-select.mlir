// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// An arith.select between two tensors chooses a descriptor.
// CHECK-LABEL: void aicpu_orchestration_entry(
// CHECK: ChipTensor chosen = (flag) ? ext_a : ext_b;
// CHECK: params_t0.add_inout(chosen);
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%a: !pto.tensor<16xf32> loc("a"), %b: !pto.tensor<16xf32> loc("b"), %flag: i1 loc("flag")) {
    %chosen = arith.select %flag, %a, %b : !pto.tensor<16xf32> loc("chosen")
    %o, %t = pto.submit @k(%chosen) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}
