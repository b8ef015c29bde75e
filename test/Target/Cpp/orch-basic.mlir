// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// The specification's complete example (orch_basic), statement by statement,
// in the current runtime spellings (spec RUNTIME_API.md): c = a + b into an
// internal tensor, d = c + b into the external Out parameter.

// CHECK-LABEL: // Orchestration function: orch_basic
// CHECK-NEXT:  // Kernel ids: 0 = @kernel_add (aiv)
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
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_b = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_d = orch_args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t c_ci_shapes[2] = {16, 16};
// CHECK-NEXT:      TensorCreateInfo c_ci(c_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(c_ci);
// CHECK-NEXT:      const ChipTensor& c = alloc_0.get_ref(0);
// CHECK-NEXT:      // Task 0: @kernel_add
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_a);
// CHECK-NEXT:      params_t0.add_input(ext_b);
// CHECK-NEXT:      params_t0.add_output(c);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @kernel_add
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(c);
// CHECK-NEXT:      params_t1.add_input(ext_b);
// CHECK-NEXT:      params_t1.add_output(ext_d);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  }  // extern "C"
// CHECK-NOT:   {{.}}

module {
  pto.kernel aiv @kernel_add(%x: !pto.tensor<16x16xf32>, %y: !pto.tensor<16x16xf32>,
                             %z: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>})

  pto.orchestration @orch_basic(%a: !pto.tensor<16x16xf32> loc("a"),
                                %b: !pto.tensor<16x16xf32> loc("b"),
                                %d: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>} loc("d")) {
    %c = pto.create : !pto.tensor<16x16xf32> loc("c")
    %c1, %t0 = pto.submit @kernel_add(%a, %b, %c)
        : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    %d1, %t1 = pto.submit @kernel_add(%c1, %b, %d)
        : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    pto.return
  }
}
