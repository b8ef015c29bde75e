// RUN: pto-opt %s --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp | FileCheck %s
// RUN: pto-opt %s --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp --pto-runtime-api=simpler_6ebaf771 | FileCheck %s

// A pto.create_info is a TensorCreateInfo declared where the op is, its `?`
// extents from their values; a launch passes it with add_output in the
// place of its out parameter, anywhere among the tensors and as often as it
// is used. The runtime materializes the outputs it allocates in argument
// order: the k-th described parameter is get_ref(k).

module attributes {pto.runtime = #pto.runtime<tensormap_and_ringbuffer>} {
  pto.kernel aiv @scratch(%x: !pto.tensor<?xf32>,
                          %s1: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>},
                          %s2: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>},
                          %out: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>},
                          %n: index)
  pto.kernel aiv @consume(%a: !pto.tensor<?xf32>,
                          %b: !pto.tensor<?xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: void aicpu_orchestration_entry(
  // CHECK:         const int64_t size = (int64_t)ext_x.shapes[0];
  // CHECK-NEXT:    uint32_t scratch_ci_shapes[1] = {(uint32_t)size};
  // CHECK-NEXT:    TensorCreateInfo scratch_ci(scratch_ci_shapes, 1, DataType::FLOAT32);
  // CHECK-NEXT:    // Task 0: @scratch
  // CHECK-NEXT:    CoreTaskArgs params_t0;
  // CHECK-NEXT:    params_t0.add_input(ext_x);
  // CHECK-NEXT:    params_t0.add_output(scratch_ci);
  // CHECK-NEXT:    params_t0.add_output(scratch_ci);
  // CHECK-NEXT:    params_t0.add_output(ext_out);
  // CHECK-NEXT:    params_t0.add_scalar((uint64_t)(size));
  // CHECK-NEXT:    TaskOutputTensors task_0_outs = rt_submit_aiv_task(0, params_t0);
  // CHECK-NEXT:    const ChipTensor& s = task_0_outs.get_ref(1);
  // CHECK-NEXT:    // Task 1: @consume
  // CHECK-NEXT:    {
  // CHECK-NEXT:      CoreTaskArgs params_t1;
  // CHECK-NEXT:      params_t1.add_input(s);
  // CHECK-NEXT:      params_t1.add_inout(ext_out);
  // CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
  // CHECK-NEXT:    }
  pto.orchestration @create_infos(%x: !pto.tensor<?xf32> loc("x"),
                                  %out: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>} loc("out")) {
    %n = pto.dim %x, 0 : !pto.tensor<?xf32> loc("size")
    %ci = pto.create_info(%n) : !pto.create_info<?xf32> loc("scratch_ci")
    %s1, %s2, %o, %t = pto.submit @scratch(%x, %ci, %ci, %out, %n)
        : (!pto.tensor<?xf32>, !pto.create_info<?xf32>, !pto.create_info<?xf32>,
           !pto.tensor<?xf32>, index) -> (!pto.tensor<?xf32>, !pto.tensor<?xf32>, !pto.tensor<?xf32>) loc("s")
    %o2, %t2 = pto.submit @consume(%s2, %o)
        : (!pto.tensor<?xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    pto.return
  }
}
