// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// Tensor kinds (spec "External vs Internal Tensors"): external tensors bind
// the entry's tensor slots (`ext_<name>`, any layout); internal tensors are
// pto.create, allocated in one alloc_tensors batch at scope entry (one
// DataType per element type, ui8 the byte buffer UINT8); a view is a local ChipTensor; a launch that
// omits an Out tensor gets a runtime-allocated output read back with get_ref.

// CHECK-LABEL: void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_nd = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_dn = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_out = orch_args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t tmp_ci_shapes[2] = {16, 16};
// CHECK-NEXT:      TensorCreateInfo tmp_ci(tmp_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t h_ci_shapes[1] = {4};
// CHECK-NEXT:      TensorCreateInfo h_ci(h_ci_shapes, 1, DataType::FLOAT16);
// CHECK-NEXT:      uint32_t bh_ci_shapes[1] = {4};
// CHECK-NEXT:      TensorCreateInfo bh_ci(bh_ci_shapes, 1, DataType::BFLOAT16);
// CHECK-NEXT:      uint32_t q8_ci_shapes[1] = {4};
// CHECK-NEXT:      TensorCreateInfo q8_ci(q8_ci_shapes, 1, DataType::INT8);
// CHECK-NEXT:      uint32_t q16_ci_shapes[1] = {4};
// CHECK-NEXT:      TensorCreateInfo q16_ci(q16_ci_shapes, 1, DataType::INT16);
// CHECK-NEXT:      uint32_t q32_ci_shapes[1] = {4};
// CHECK-NEXT:      TensorCreateInfo q32_ci(q32_ci_shapes, 1, DataType::INT32);
// CHECK-NEXT:      uint32_t q64_ci_shapes[1] = {4};
// CHECK-NEXT:      TensorCreateInfo q64_ci(q64_ci_shapes, 1, DataType::INT64);
// CHECK-NEXT:      uint32_t mask_ci_shapes[1] = {4};
// CHECK-NEXT:      TensorCreateInfo mask_ci(mask_ci_shapes, 1, DataType::BOOL);
// CHECK-NEXT:      uint32_t bytes_ci_shapes[1] = {4};
// CHECK-NEXT:      TensorCreateInfo bytes_ci(bytes_ci_shapes, 1, DataType::UINT8);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci, h_ci, bh_ci, q8_ci, q16_ci, q32_ci, q64_ci, mask_ci, bytes_ci);
// CHECK-NEXT:      const ChipTensor& tmp = alloc_0.get_ref(0);
// CHECK-NEXT:      const ChipTensor& h = alloc_0.get_ref(1);
// CHECK-NEXT:      const ChipTensor& bh = alloc_0.get_ref(2);
// CHECK-NEXT:      const ChipTensor& q8 = alloc_0.get_ref(3);
// CHECK-NEXT:      const ChipTensor& q16 = alloc_0.get_ref(4);
// CHECK-NEXT:      const ChipTensor& q32 = alloc_0.get_ref(5);
// CHECK-NEXT:      const ChipTensor& q64 = alloc_0.get_ref(6);
// CHECK-NEXT:      const ChipTensor& mask = alloc_0.get_ref(7);
// CHECK-NEXT:      const ChipTensor& bytes = alloc_0.get_ref(8);
// CHECK-NEXT:      uint32_t top_shapes[2] = {16, 16};
// CHECK-NEXT:      uint32_t top_offsets[2] = {16, 0};
// CHECK-NEXT:      ChipTensor top = ext_nd.view(top_shapes, top_offsets);
// CHECK-NEXT:      // Task 0: @use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(top);
// CHECK-NEXT:      params_t0.add_input(ext_dn);
// CHECK-NEXT:      params_t0.add_output(tmp);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @use
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(tmp);
// CHECK-NEXT:      params_t1.add_input(ext_dn);
// CHECK-NEXT:      uint32_t params_t1_out2_ci_shapes[2] = {16, 16};
// CHECK-NEXT:      TensorCreateInfo params_t1_out2_ci(params_t1_out2_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:      params_t1.add_output(params_t1_out2_ci);
// CHECK-NEXT:      TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      const ChipTensor& fresh = task_1_outs.get_ref(0);
// CHECK-NEXT:      // Task 2: @use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(fresh);
// CHECK-NEXT:      params_t2.add_input(ext_dn);
// CHECK-NEXT:      params_t2.add_output(ext_out);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @fill_all
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_output(h);
// CHECK-NEXT:      params_t3.add_output(bh);
// CHECK-NEXT:      params_t3.add_output(q8);
// CHECK-NEXT:      params_t3.add_output(q16);
// CHECK-NEXT:      params_t3.add_output(q32);
// CHECK-NEXT:      params_t3.add_output(q64);
// CHECK-NEXT:      params_t3.add_output(mask);
// CHECK-NEXT:      params_t3.add_output(bytes);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @use(%x: !pto.tensor<16x16xf32>, %y: !pto.tensor<16x16xf32, dn>,
                      %o: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @fill_all(%a: !pto.tensor<4xf16> {pto.direction = #pto.direction<out>},
                           %b: !pto.tensor<4xbf16> {pto.direction = #pto.direction<out>},
                           %c: !pto.tensor<4xi8> {pto.direction = #pto.direction<out>},
                           %d: !pto.tensor<4xi16> {pto.direction = #pto.direction<out>},
                           %e: !pto.tensor<4xi32> {pto.direction = #pto.direction<out>},
                           %f: !pto.tensor<4xi64> {pto.direction = #pto.direction<out>},
                           %g: !pto.tensor<4xi1> {pto.direction = #pto.direction<out>},
                           %h: !pto.tensor<4xui8> {pto.direction = #pto.direction<out>})
  pto.orchestration @kinds(%nd: !pto.tensor<32x16xf32> loc("nd"),
                           %dn: !pto.tensor<16x16xf32, dn> loc("dn"),
                           %out: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>} loc("out")) {
    %tmp = pto.create : !pto.tensor<16x16xf32> loc("tmp")
    %view = pto.slice %nd[16, 0] [16, 16] : !pto.tensor<32x16xf32> to !pto.tensor<16x16xf32> loc("top")
    %t1, %id1 = pto.submit @use(%view, %dn, %tmp) : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    %r, %id2 = pto.submit @use(%t1, %dn) : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32, dn>) -> !pto.tensor<16x16xf32> loc("fresh")
    %o1, %id3 = pto.submit @use(%r, %dn, %out) : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    %a = pto.create : !pto.tensor<4xf16> loc("h")
    %b = pto.create : !pto.tensor<4xbf16> loc("bh")
    %c = pto.create : !pto.tensor<4xi8> loc("q8")
    %d = pto.create : !pto.tensor<4xi16> loc("q16")
    %e = pto.create : !pto.tensor<4xi32> loc("q32")
    %f = pto.create : !pto.tensor<4xi64> loc("q64")
    %g = pto.create : !pto.tensor<4xi1> loc("mask")
    %h = pto.create : !pto.tensor<4xui8> loc("bytes")
    %r2:9 = pto.submit @fill_all(%a, %b, %c, %d, %e, %f, %g, %h) : (!pto.tensor<4xf16>, !pto.tensor<4xbf16>, !pto.tensor<4xi8>, !pto.tensor<4xi16>, !pto.tensor<4xi32>, !pto.tensor<4xi64>, !pto.tensor<4xi1>, !pto.tensor<4xui8>) -> (!pto.tensor<4xf16>, !pto.tensor<4xbf16>, !pto.tensor<4xi8>, !pto.tensor<4xi16>, !pto.tensor<4xi32>, !pto.tensor<4xi64>, !pto.tensor<4xi1>, !pto.tensor<4xui8>)
    pto.return
  }
}
