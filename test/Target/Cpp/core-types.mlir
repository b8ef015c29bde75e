// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// Core types (spec "Core Type Inference", "Group Functions (Mixed Kernels)"):
// an aic kernel is submitted with rt_submit_aic_task, an aiv kernel with
// rt_submit_aiv_task, a mixed kernel through a MixedKernels triple of its
// lanes' ids {aic, aiv0, aiv1 or INVALID_KERNEL_ID} and rt_submit_task.
// Kernel ids are the positions of the kernels with code (not the mixed
// groups), listed in the file's header comment with each group's lanes.

// CHECK-LABEL: // Orchestration function: cores
// CHECK:       // Kernel ids: 0 = @matmul (aic) 1 = @scale (aiv) 2 = @fused_cube (aic) 3 = @fused_vector (aiv)
// CHECK-NEXT:  // Mixed kernel @fused: @fused_cube @fused_vector
// CHECK-NEXT:  // Mixed kernel @fused_both: @fused_cube @fused_vector @fused_vector
// CHECK-NEXT:  // Runtime API: spec (InheritableScalar, ConfigBase)
// CHECK-NEXT:  #include <math.h>
// CHECK-NEXT:  #include <stddef.h>
// CHECK-NEXT:  #include <stdint.h>
// CHECK-NEXT:  #include <stdio.h>
// CHECK-NEXT:  #include <stdlib.h>
// CHECK-NEXT:  #include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:  extern "C" {
// CHECK-EMPTY:
// CHECK-NEXT:  PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 3 };
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_w = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_y = orch_args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @matmul
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_x);
// CHECK-NEXT:      params_t0.add_input(ext_w);
// CHECK-NEXT:      params_t0.add_output(ext_y);
// CHECK-NEXT:      rt_submit_aic_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @scale
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_y);
// CHECK-NEXT:      params_t1.add_scalar(to_u64(2.000000000e+00f));
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @fused
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(ext_x);
// CHECK-NEXT:      params_t2.add_input(ext_w);
// CHECK-NEXT:      params_t2.add_inout(ext_y);
// CHECK-NEXT:      params_t2.add_scalar(to_u64(2.000000000e+00f));
// CHECK-NEXT:      MixedKernels mixed_2 = {2, 3, INVALID_KERNEL_ID};
// CHECK-NEXT:      rt_submit_task(mixed_2, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @fused_both
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_input(ext_x);
// CHECK-NEXT:      params_t3.add_input(ext_w);
// CHECK-NEXT:      params_t3.add_inout(ext_y);
// CHECK-NEXT:      params_t3.add_scalar(to_u64(2.000000000e+00f));
// CHECK-NEXT:      MixedKernels mixed_3 = {2, 3, 3};
// CHECK-NEXT:      rt_submit_task(mixed_3, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  }  // extern "C"

module {
  pto.kernel aic @matmul(%x: !pto.tensor<16x32xf16>, %w: !pto.tensor<32x16xf16, dn>,
                         %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @scale(%y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %s: f32)
  pto.kernel aic @fused_cube(%x: !pto.tensor<16x32xf16>, %w: !pto.tensor<32x16xf16, dn>,
                          %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %s: f32)
  pto.kernel aiv @fused_vector(%x: !pto.tensor<16x32xf16>, %w: !pto.tensor<32x16xf16, dn>,
                          %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %s: f32)
  pto.kernel mixed(@fused_cube, @fused_vector) @fused(%x: !pto.tensor<16x32xf16>, %w: !pto.tensor<32x16xf16, dn>,
                          %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %s: f32)
  pto.kernel mixed(@fused_cube, @fused_vector, @fused_vector) @fused_both(%x: !pto.tensor<16x32xf16>, %w: !pto.tensor<32x16xf16, dn>,
                          %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %s: f32)
  pto.orchestration @cores(%x: !pto.tensor<16x32xf16> loc("x"), %w: !pto.tensor<32x16xf16, dn> loc("w"),
                           %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>} loc("y")) {
    %s = arith.constant 2.0 : f32
    %y1, %t0 = pto.submit @matmul(%x, %w, %y) : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    %y2, %t1 = pto.submit @scale(%y1, %s) : (!pto.tensor<16x16xf32>, f32) -> !pto.tensor<16x16xf32>
    %y3, %t2 = pto.submit @fused(%x, %w, %y2, %s) : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>, f32) -> !pto.tensor<16x16xf32>
    %y4, %t3 = pto.submit @fused_both(%x, %w, %y3, %s) : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>, f32) -> !pto.tensor<16x16xf32>
    pto.return
  }
}
