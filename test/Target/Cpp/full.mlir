// RUN: pto-opt %s --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp | FileCheck %s
// RUN: pto-opt %s --pto-orchestration-prepare-pipeline | not pto-translate --pto-to-cpp --pto-runtime-api=spec 2>&1 | FileCheck %s --check-prefix=SPEC

// pto.full at the tensormap_and_ringbuffer runtime's public API: one
// alloc_tensors of a TensorCreateInfo given set_initial_value (which fills
// the whole buffer), its `?` extents from their values. The specification's
// API has no such call.

// SPEC: error: 'pto.full' op has no translation at this runtime and API level: only the tensormap_and_ringbuffer runtime's public API (simpler_6ebaf771) fills a new tensor (TensorCreateInfo::set_initial_value)

// CHECK-LABEL: void aicpu_orchestration_entry(
// CHECK:         const int64_t n = (int64_t)ext_x.shapes[0];
// CHECK-NEXT:    uint32_t ones_ci_shapes[2] = {(uint32_t)n, 4};
// CHECK-NEXT:    TensorCreateInfo ones_ci(ones_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:    ones_ci.set_initial_value(1.000000000e+00f);
// CHECK-NEXT:    TaskOutputTensors alloc_0 = alloc_tensors(ones_ci);
// CHECK-NEXT:    const ChipTensor& ones = alloc_0.get_ref(0);
// CHECK-NEXT:    uint32_t counts_ci_shapes[1] = {8};
// CHECK-NEXT:    TensorCreateInfo counts_ci(counts_ci_shapes, 1, DataType::INT32);
// CHECK-NEXT:    counts_ci.set_initial_value(k);
// CHECK-NEXT:    TaskOutputTensors alloc_1 = alloc_tensors(counts_ci);
// CHECK-NEXT:    const ChipTensor& counts = alloc_1.get_ref(0);
// An unread fill is still made, without a variable (it would be unused).
// CHECK-NEXT:    uint32_t unread_ci_shapes[1] = {2};
// CHECK-NEXT:    TensorCreateInfo unread_ci(unread_ci_shapes, 1, DataType::INT32);
// CHECK-NEXT:    unread_ci.set_initial_value(k);
// CHECK-NEXT:    alloc_tensors(unread_ci);
// A 16-bit float fills with its bits (1.5 is 0x3e00 in f16, -2.0 0xc000 in
// bf16): the runtime copies the low bytes of the value into each element.
// CHECK-NEXT:    uint32_t halves_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo halves_ci(halves_ci_shapes, 1, DataType::FLOAT16);
// CHECK-NEXT:    halves_ci.set_initial_value((uint64_t)15872u);
// CHECK-NEXT:    alloc_tensors(halves_ci);
// CHECK-NEXT:    uint32_t twos_ci_shapes[1] = {4};
// CHECK-NEXT:    TensorCreateInfo twos_ci(twos_ci_shapes, 1, DataType::BFLOAT16);
// CHECK-NEXT:    twos_ci.set_initial_value((uint64_t)49152u);
// CHECK-NEXT:    alloc_tensors(twos_ci);
// CHECK-NEXT:    // Task 0: @use
module attributes {pto.runtime = #pto.runtime<tensormap_and_ringbuffer>, pto.runtime_api = #pto.runtime_api<simpler_6ebaf771>} {
  pto.kernel aiv @use(%a: !pto.tensor<?x4xf32> {pto.direction = #pto.direction<inout>},
                      %b: !pto.tensor<8xi32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @fills(%x: !pto.tensor<?x4xf32> loc("x"), %k: i32 loc("k")) {
    %n = pto.dim %x, 0 : !pto.tensor<?x4xf32> loc("n")
    %one = arith.constant 1.0 : f32
    %ones = pto.full %one(%n) : !pto.tensor<?x4xf32> loc("ones")
    %counts = pto.full %k : !pto.tensor<8xi32> loc("counts")
    %unread = pto.full %k : !pto.tensor<2xi32> loc("unread")
    %half = arith.constant 1.5 : f16
    %halves = pto.full %half : !pto.tensor<4xf16> loc("halves")
    %two = arith.constant -2.0 : bf16
    %twos = pto.full %two : !pto.tensor<4xbf16> loc("twos")
    %a, %b, %t = pto.submit @use(%ones, %counts) : (!pto.tensor<?x4xf32>, !pto.tensor<8xi32>) -> (!pto.tensor<?x4xf32>, !pto.tensor<8xi32>)
    pto.return
  }
}
