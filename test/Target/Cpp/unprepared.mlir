// RUN: pto-translate --pto-to-cpp -verify-diagnostics %s
// RUN: pto-translate --pto-to-arg-metadata -verify-diagnostics %s
// RUN: pto-opt --pto-orchestration-prepare-pipeline --mlir-print-debuginfo %s | FileCheck %s --check-prefix=IR
// RUN: pto-opt --pto-orchestration-prepare-pipeline --mlir-print-debuginfo %s | pto-translate --pto-to-cpp | FileCheck %s --check-prefix=CPP

// Both translations print what the prepare pipeline recorded, so they
// reject a module it never saw: without it, this loop-free entry printed
// its launch outside any PTO2_SCOPE.

// expected-error @below {{has not been prepared for translation (no 'pto.prepared' attribute): run `pto-opt --pto-orchestration-prepare-pipeline` on it first}}
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// IR: module attributes {pto.prepared}
// IR: pto.scope

// CPP-LABEL: aicpu_orchestration_entry
// CPP: PTO2_SCOPE()
// CPP: rt_submit_aiv_task(0,
