// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-arg-metadata | FileCheck %s

// Argument names come from locations, which may hold bytes that are not
// UTF-8; JSON strings must be UTF-8 (an invalid byte asserted in the JSON
// writer). Each invalid byte is printed as U+FFFD.

// CHECK: "entry": "main",
// CHECK: "name": "x�y",
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x\FFy")) {
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}
