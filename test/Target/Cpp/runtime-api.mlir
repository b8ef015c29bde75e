// RUN: pto-opt %s --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp | FileCheck %s
// RUN: pto-opt %s --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp --pto-runtime-api=spec | FileCheck %s --check-prefix=SPEC

// At the public runtime's API level (simpler_6ebaf771) ChipTaskArgs::scalar
// is not a template: the entry decodes the slot with from_u64<T>, in
// tensormap_and_ringbuffer too (docs/translation.md, "Runtime API levels").

// CHECK-LABEL: // Orchestration function: main
// CHECK:       // Runtime API: simpler 6ebaf771
// CHECK:       int32_t n = from_u64<int32_t>(orch_args.scalar(0));
// SPEC:        int32_t n = orch_args.scalar<int32_t>(0);
module attributes {pto.runtime_api = #pto.runtime_api<simpler_6ebaf771>} {
  pto.kernel aiv @k(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>}, %n: i32)
  pto.orchestration @main(%n: i32 loc("n"), %x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %x1, %t = pto.submit @k(%x, %n) : (!pto.tensor<16x8xf32>, i32) -> !pto.tensor<16x8xf32>
    pto.return
  }
}
