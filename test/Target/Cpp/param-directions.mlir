// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// Parameter directions (spec "Parameter Direction"): each tensor parameter of
// the kernel becomes add_input (In, the default), add_output (Out:
// caller-supplied storage, external or internal) or add_inout (InOut), in
// parameter order, whatever the tensor's kind.

// CHECK-LABEL: // Orchestration function: directions
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_in = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_out = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_acc = orch_args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t buf_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo buf_ci(buf_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t work_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo work_ci(work_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(buf_ci, work_ci);
// CHECK-NEXT:      const ChipTensor& buf = alloc_0.get_ref(0);
// CHECK-NEXT:      const ChipTensor& work = alloc_0.get_ref(1);
// CHECK-NEXT:      // Task 0: @step
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_in);
// CHECK-NEXT:      params_t0.add_input(ext_in);
// CHECK-NEXT:      params_t0.add_output(buf);
// CHECK-NEXT:      params_t0.add_inout(ext_acc);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @step
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(buf);
// CHECK-NEXT:      params_t1.add_input(ext_acc);
// CHECK-NEXT:      params_t1.add_output(ext_out);
// CHECK-NEXT:      params_t1.add_inout(work);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @step(%x: !pto.tensor<8xf32>,
                       %y: !pto.tensor<8xf32> {pto.direction = #pto.direction<in>},
                       %o: !pto.tensor<8xf32> {pto.direction = #pto.direction<out>},
                       %io: !pto.tensor<8xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @directions(%in: !pto.tensor<8xf32> loc("in"),
                                %out: !pto.tensor<8xf32> {pto.direction = #pto.direction<out>} loc("out"),
                                %acc: !pto.tensor<8xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    %buf = pto.create : !pto.tensor<8xf32> loc("buf")
    %work = pto.create : !pto.tensor<8xf32> loc("work")
    // External In, In; internal Out; external InOut.
    %b1, %a1, %t0 = pto.submit @step(%in, %in, %buf, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, !pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    // Internal In; external Out; internal InOut.
    %o1, %w1, %t1 = pto.submit @step(%b1, %a1, %out, %work) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, !pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    pto.return
  }
}
