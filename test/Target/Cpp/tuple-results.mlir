// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// Multi-result (tuple) kernels (spec "Tuple Handling"): the spec's softmax
// launch adds every tensor first, in parameter order, then the scalar; each
// result is the buffer of its Out/InOut parameter, in parameter order. Results
// the runtime allocates (an omitted tail) are get_ref(0), get_ref(1), ... of the
// task's outputs, in order.

// CHECK-LABEL: // Orchestration function: tuples
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_sij = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_pij = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_mij = orch_args.tensor(2).ref();
// CHECK-NEXT:    const ChipTensor& ext_lij = orch_args.tensor(3).ref();
// CHECK-NEXT:    float scale = orch_args.scalar<float>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t lo_ci_shapes[1] = {16};
// CHECK-NEXT:      TensorCreateInfo lo_ci(lo_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(lo_ci);
// CHECK-NEXT:      const ChipTensor& lo = alloc_0.get_ref(0);
// CHECK-NEXT:      // Task 0: @kernel_softmax
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_sij);
// CHECK-NEXT:      params_t0.add_inout(ext_pij);
// CHECK-NEXT:      params_t0.add_inout(ext_mij);
// CHECK-NEXT:      params_t0.add_inout(ext_lij);
// CHECK-NEXT:      params_t0.add_scalar(to_u64(scale));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @kernel_split
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(ext_pij);
// CHECK-NEXT:      params_t1.add_output(lo);
// CHECK-NEXT:      params_t1.add_output(ext_mij);
// CHECK-NEXT:      params_t1.add_inout(ext_lij);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @kernel_combine
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(lo);
// CHECK-NEXT:      params_t2.add_input(ext_lij);
// CHECK-NEXT:      params_t2.add_output(ext_pij);
// CHECK-NEXT:      rt_submit_aiv_task(3, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @kernel_combine
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_input(ext_mij);
// CHECK-NEXT:      params_t3.add_input(ext_mij);
// CHECK-NEXT:      params_t3.add_output(ext_pij);
// CHECK-NEXT:      rt_submit_aiv_task(3, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 4: @kernel_halves
// CHECK-NEXT:      CoreTaskArgs params_t4;
// CHECK-NEXT:      params_t4.add_input(ext_pij);
// CHECK-NEXT:      uint32_t params_t4_out1_ci_shapes[1] = {16};
// CHECK-NEXT:      TensorCreateInfo params_t4_out1_ci(params_t4_out1_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      params_t4.add_output(params_t4_out1_ci);
// CHECK-NEXT:      uint32_t params_t4_out2_ci_shapes[1] = {16};
// CHECK-NEXT:      TensorCreateInfo params_t4_out2_ci(params_t4_out2_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      params_t4.add_output(params_t4_out2_ci);
// CHECK-NEXT:      TaskOutputTensors task_4_outs = rt_submit_aiv_task(2, params_t4);
// CHECK-NEXT:      const ChipTensor& half = task_4_outs.get_ref(0);
// CHECK-NEXT:      const ChipTensor& half_1 = task_4_outs.get_ref(1);
// CHECK-NEXT:      // Task 5: @kernel_combine
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t5;
// CHECK-NEXT:      params_t5.add_input(half_1);
// CHECK-NEXT:      params_t5.add_input(half);
// CHECK-NEXT:      params_t5.add_output(ext_pij);
// CHECK-NEXT:      rt_submit_aiv_task(3, params_t5);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @kernel_softmax(%sij: !pto.tensor<16x16xf32>,
                                 %pij: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>},
                                 %mij: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                                 %lij: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                                 %scale: f32)
  pto.kernel aiv @kernel_split(%x: !pto.tensor<16x16xf32>,
                               %lo: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>},
                               %hi: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>},
                               %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @kernel_halves(%x: !pto.tensor<16x16xf32>,
                                %lo: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>},
                                %hi: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @kernel_combine(%m: !pto.tensor<16xf32>, %l: !pto.tensor<16xf32>,
                                 %out: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @tuples(%sij: !pto.tensor<16x16xf32> loc("sij"),
                            %pij: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>} loc("pij"),
                            %mij: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("mij"),
                            %lij: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("lij"),
                            %scale: f32 loc("scale")) {
    %p, %m, %l, %t0 = pto.submit @kernel_softmax(%sij, %pij, %mij, %lij, %scale)
        : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, f32)
        -> (!pto.tensor<16x16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>)
    %c = pto.create : !pto.tensor<16xf32> loc("lo")
    %lo, %hi, %acc, %t1 = pto.submit @kernel_split(%p, %c, %m, %l)
        : (!pto.tensor<16x16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>)
        -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>)
    %out, %t2 = pto.submit @kernel_combine(%lo, %acc, %p) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    %out2, %t3 = pto.submit @kernel_combine(%hi, %m, %out) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    // Both outputs left to the runtime: get_ref(0) and get_ref(1), in order.
    %rlo, %rhi, %t4 = pto.submit @kernel_halves(%out2) : (!pto.tensor<16x16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) loc("half")
    %out3, %t5 = pto.submit @kernel_combine(%rhi, %rlo, %out2) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    pto.return
  }
}
