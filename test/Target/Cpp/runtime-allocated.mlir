// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// Runtime-allocated outputs (spec "Output aliasing": "A runtime-allocated
// output bound to task_<n>_outs.get_ref(k) keeps its const Tensor& binding"):
// a launch that omits its tail of Out tensors describes each with a
// TensorCreateInfo passed to add_output(ci), after the supplied tensors and
// before the scalars; the submit's TaskOutputTensors is kept in
// task_<n>_outs, and each omitted output that is read becomes
// `const ChipTensor& <name> = task_<n>_outs.get_ref(k)` (k counts the omitted
// outputs only); the task id comes from the same variable.

// CHECK-LABEL: // Orchestration function: runtime_allocated
// CHECK:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:    // Task 0: @produce
// CHECK-NEXT:    CoreTaskArgs params_t0;
// CHECK-NEXT:    params_t0.add_input(ext_x);
// CHECK-NEXT:    params_t0.add_inout(ext_acc);
// CHECK-NEXT:    uint32_t params_t0_out2_ci_shapes[2] = {16, 32};
// CHECK-NEXT:    TensorCreateInfo params_t0_out2_ci(params_t0_out2_ci_shapes, 2, DataType::BFLOAT16);
// CHECK-NEXT:    params_t0.add_output(params_t0_out2_ci);
// CHECK-NEXT:    uint32_t params_t0_out3_ci_shapes[1] = {8};
// CHECK-NEXT:    TensorCreateInfo params_t0_out3_ci(params_t0_out3_ci_shapes, 1, DataType::INT32);
// CHECK-NEXT:    params_t0.add_output(params_t0_out3_ci);
// CHECK-NEXT:    params_t0.add_scalar(to_u64(scale));
// CHECK-NEXT:    params_t0.add_scalar((uint64_t)(n));
// CHECK-NEXT:    TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    const ChipTensor& prod = task_0_outs.get_ref(0);
// CHECK-NEXT:    const ChipTensor& prod_1 = task_0_outs.get_ref(1);
// CHECK-NEXT:    PTO2TaskId prod_2 = task_0_outs.task_id();
// CHECK-NEXT:    // Task 1: @consume
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t1;
// CHECK-NEXT:    params_t1.add_input(prod);
// CHECK-NEXT:    params_t1.add_input(prod_1);
// CHECK-NEXT:    params_t1.add_inout(ext_acc);
// CHECK-NEXT:    PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:    uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:    params_t1_deps[params_t1_deps_count++] = prod_2;
// CHECK-NEXT:    params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:    rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 2: @produce
// CHECK-NEXT:    CoreTaskArgs params_t2;
// CHECK-NEXT:    params_t2.add_input(ext_x);
// CHECK-NEXT:    params_t2.add_inout(ext_acc);
// CHECK-NEXT:    uint32_t params_t2_out2_ci_shapes[2] = {16, 32};
// CHECK-NEXT:    TensorCreateInfo params_t2_out2_ci(params_t2_out2_ci_shapes, 2, DataType::BFLOAT16);
// CHECK-NEXT:    params_t2.add_output(params_t2_out2_ci);
// CHECK-NEXT:    uint32_t params_t2_out3_ci_shapes[1] = {8};
// CHECK-NEXT:    TensorCreateInfo params_t2_out3_ci(params_t2_out3_ci_shapes, 1, DataType::INT32);
// CHECK-NEXT:    params_t2.add_output(params_t2_out3_ci);
// CHECK-NEXT:    params_t2.add_scalar(to_u64(scale));
// CHECK-NEXT:    params_t2.add_scalar((uint64_t)(n));
// CHECK-NEXT:    TaskOutputTensors task_2_outs = rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    const ChipTensor& again = task_2_outs.get_ref(1);
// The last consumer names neither producer: in a manual scope it gets a
// dependency on each, which keeps their outputs alive while it runs
// (pto-retain-manual-scope-allocations).
// CHECK-NEXT:    PTO2TaskId again_1 = task_2_outs.task_id();
// CHECK-NEXT:    // Task 3: @consume
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t3;
// CHECK-NEXT:    params_t3.add_input(prod);
// CHECK-NEXT:    params_t3.add_input(again);
// CHECK-NEXT:    params_t3.add_inout(ext_acc);
// CHECK-NEXT:    PTO2TaskId params_t3_deps[2];
// CHECK-NEXT:    uint32_t params_t3_deps_count = 0;
// CHECK-NEXT:    params_t3_deps[params_t3_deps_count++] = prod_2;
// CHECK-NEXT:    params_t3_deps[params_t3_deps_count++] = again_1;
// CHECK-NEXT:    params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
// CHECK-NEXT:    rt_submit_aiv_task(1, params_t3);
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @produce(%x: !pto.tensor<16x32xf32>,
                          %acc: !pto.tensor<16x32xf32> {pto.direction = #pto.direction<inout>},
                          %y: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                          %z: !pto.tensor<8xi32> {pto.direction = #pto.direction<out>},
                          %scale: f32, %n: index)
  pto.kernel aiv @consume(%y: !pto.tensor<16x32xbf16>, %z: !pto.tensor<8xi32>,
                          %acc: !pto.tensor<16x32xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @runtime_allocated(%x: !pto.tensor<16x32xf32> loc("x"),
                                       %acc: !pto.tensor<16x32xf32> {pto.direction = #pto.direction<inout>} loc("acc"),
                                       %scale: f32 loc("scale"), %n: index loc("n")) {
    pto.scope manual {
      // Both Out tensors omitted: described by TensorCreateInfo, added with
      // add_output(ci) after the supplied tensors and before the scalars;
      // read back with get_ref(0), get_ref(1) from the task's outputs, which
      // also give the task id.
      %acc1, %y, %z, %t = pto.submit @produce(%x, %acc, %scale, %n)
          : (!pto.tensor<16x32xf32>, !pto.tensor<16x32xf32>, f32, index)
          -> (!pto.tensor<16x32xf32>, !pto.tensor<16x32xbf16>, !pto.tensor<8xi32>) loc("prod")
      %acc2, %t2 = pto.submit @consume(%y, %z, %acc1) deps(%t : !pto.task_id)
          : (!pto.tensor<16x32xbf16>, !pto.tensor<8xi32>, !pto.tensor<16x32xf32>) -> !pto.tensor<16x32xf32>
      // Only the second output is read: get_ref(1) alone; no task id kept.
      %acc3, %y2, %z2, %t3 = pto.submit @produce(%x, %acc2, %scale, %n)
          : (!pto.tensor<16x32xf32>, !pto.tensor<16x32xf32>, f32, index)
          -> (!pto.tensor<16x32xf32>, !pto.tensor<16x32xbf16>, !pto.tensor<8xi32>) loc("again")
      %acc4, %t4 = pto.submit @consume(%y, %z2, %acc3)
          : (!pto.tensor<16x32xbf16>, !pto.tensor<8xi32>, !pto.tensor<16x32xf32>) -> !pto.tensor<16x32xf32>
    }
    pto.return
  }
}
