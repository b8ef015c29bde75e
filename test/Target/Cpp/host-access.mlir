// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// pto.read / pto.write (spec "tensor.read"; runtime API get_tensor_data /
// set_tensor_data): one index array per access (literals and `(uint32_t)`
// casts of index values), the element's C++ type as the template argument.

// CHECK-LABEL: // Orchestration function: host_access
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_lens = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_flags = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_weights = orch_args.tensor(2).ref();
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(3).ref();
// CHECK-NEXT:    const ChipTensor& ext_y = orch_args.tensor(4).ref();
// CHECK-NEXT:    int64_t b = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t len_index[1] = {(uint32_t)(b)};
// CHECK-NEXT:      const int32_t len = get_tensor_data<int32_t>(ext_lens, 1, len_index);
// CHECK-NEXT:      uint32_t first_index[1] = {0};
// CHECK-NEXT:      const int32_t first = get_tensor_data<int32_t>(ext_lens, 1, first_index);
// CHECK-NEXT:      uint32_t w3_index[1] = {3};
// CHECK-NEXT:      const float w3 = get_tensor_data<float>(ext_weights, 1, w3_index);
// CHECK-NEXT:      // Task 0: @gather
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_x);
// CHECK-NEXT:      params_t0.add_inout(ext_y);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(len));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      const int32_t total = (int32_t)((uint32_t)(len) + (uint32_t)(first));
// CHECK-NEXT:      uint32_t write_index[2] = {1, (uint32_t)(b)};
// CHECK-NEXT:      set_tensor_data<int32_t>(ext_flags, 2, write_index, total);
// CHECK-NEXT:      const float scaled = (w3) * (2.500000000e+00f);
// CHECK-NEXT:      uint32_t write_index_1[1] = {0};
// CHECK-NEXT:      set_tensor_data<float>(ext_weights, 1, write_index_1, scaled);
// CHECK-NEXT:      uint32_t write_index_2[2] = {0, 0};
// CHECK-NEXT:      set_tensor_data<int32_t>(ext_flags, 2, write_index_2, (int32_t)7);
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @gather(%x: !pto.tensor<8x64xf32>, %y: !pto.tensor<8x64xf32> {pto.direction = #pto.direction<inout>}, %n: i32)
  pto.orchestration @host_access(%lens: !pto.tensor<8xi32> loc("lens"),
                                 %flags: !pto.tensor<2x4xi32> {pto.direction = #pto.direction<inout>} loc("flags"),
                                 %w: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>} loc("weights"),
                                 %x: !pto.tensor<8x64xf32> loc("x"),
                                 %y: !pto.tensor<8x64xf32> {pto.direction = #pto.direction<inout>} loc("y"),
                                 %b: index loc("b")) {
    %n = pto.read %lens[%b] : !pto.tensor<8xi32> loc("len")
    %first = pto.read %lens[0] : !pto.tensor<8xi32> loc("first")
    %w0 = pto.read %w[3] : !pto.tensor<4xf32> loc("w3")
    %y1, %t = pto.submit @gather(%x, %y, %n) : (!pto.tensor<8x64xf32>, !pto.tensor<8x64xf32>, i32) -> !pto.tensor<8x64xf32>
    %sum = arith.addi %n, %first : i32 loc("total")
    pto.write %sum, %flags[1, %b] : !pto.tensor<2x4xi32>
    %c2 = arith.constant 2.5 : f32
    %scaled = arith.mulf %w0, %c2 : f32 loc("scaled")
    pto.write %scaled, %w[0] : !pto.tensor<4xf32>
    %k = arith.constant 7 : i32
    pto.write %k, %flags[0, 0] : !pto.tensor<2x4xi32>
    pto.return
  }
}
