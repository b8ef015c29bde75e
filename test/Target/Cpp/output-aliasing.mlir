// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// Output aliasing (spec "Output Aliasing (emit-name remap)"): a launch's
// result tied to an Out/InOut operand is that operand's buffer, so every later
// reader names the buffer itself (ext_output, tmp, the view win); no
// `const ChipTensor& result = ...` alias is ever declared. Every line from the
// entry to its end is checked, so no alias declaration can hide in between.

// CHECK-LABEL: // Orchestration function: aliasing
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_b = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_output = orch_args.tensor(2).ref();
// CHECK-NEXT:    const ChipTensor& ext_big = orch_args.tensor(3).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t tmp_ci_shapes[1] = {16};
// CHECK-NEXT:      TensorCreateInfo tmp_ci(tmp_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
// CHECK-NEXT:      const ChipTensor& tmp = alloc_0.get_ref(0);
// CHECK-NEXT:      // Task 0: @kernel_add
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_a);
// CHECK-NEXT:      params_t0.add_input(ext_b);
// CHECK-NEXT:      params_t0.add_output(ext_output);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @kernel_use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(ext_output);
// CHECK-NEXT:      params_t1.add_inout(ext_output);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @kernel_use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(ext_a);
// CHECK-NEXT:      params_t2.add_inout(ext_output);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @kernel_add
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_input(ext_output);
// CHECK-NEXT:      params_t3.add_input(ext_b);
// CHECK-NEXT:      params_t3.add_output(tmp);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:      uint32_t win_shapes[1] = {16};
// CHECK-NEXT:      uint32_t win_offsets[1] = {16};
// CHECK-NEXT:      ChipTensor win = ext_big.view(win_shapes, win_offsets);
// CHECK-NEXT:      // Task 4: @kernel_use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t4;
// CHECK-NEXT:      params_t4.add_input(tmp);
// CHECK-NEXT:      params_t4.add_inout(win);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t4);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 5: @kernel_use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t5;
// CHECK-NEXT:      params_t5.add_input(win);
// CHECK-NEXT:      params_t5.add_inout(win);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t5);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @kernel_add(%a: !pto.tensor<16xf32>, %b: !pto.tensor<16xf32>,
                             %out: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @kernel_use(%x: !pto.tensor<16xf32>,
                             %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @aliasing(%a: !pto.tensor<16xf32> loc("a"), %b: !pto.tensor<16xf32> loc("b"),
                              %output: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>} loc("output"),
                              %big: !pto.tensor<64xf32> {pto.direction = #pto.direction<inout>} loc("big")) {
    %result, %t0 = pto.submit @kernel_add(%a, %b, %output) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("result")
    %consumer, %t1 = pto.submit @kernel_use(%result, %result) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("consumer")
    %again, %t2 = pto.submit @kernel_use(%a, %consumer) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("again")
    %tmp = pto.create : !pto.tensor<16xf32> loc("tmp")
    %tmp1, %t3 = pto.submit @kernel_add(%again, %b, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("tmp_v1")
    %win = pto.slice %big[16] [16] : !pto.tensor<64xf32> to !pto.tensor<16xf32> loc("win")
    %win1, %t4 = pto.submit @kernel_use(%tmp1, %win) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("win_v1")
    %win2, %t5 = pto.submit @kernel_use(%win1, %win1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("win_v2")
    pto.return
  }
}
