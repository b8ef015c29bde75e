// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// pto.dim (spec "tensor.dim" rows of "Operation Mappings"): a static extent is
// the literal (no variable); a dynamic one reads the tensor's descriptor,
// `(int64_t)<tensor>.shapes[axis]`, for an external tensor, an internal one or
// a view. Dynamic extents size pto.create (`(uint32_t)` casts) and views.
// (The extent named M prints as M_: a name without a lowercase letter may be
// a macro.)

// CHECK-LABEL: // Orchestration function: dims
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_lens = orch_args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int64_t M_ = (int64_t)ext_x.shapes[0];
// CHECK-NEXT:      uint32_t buf_ci_shapes[2] = {(uint32_t)M_, 128};
// CHECK-NEXT:      TensorCreateInfo buf_ci(buf_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(buf_ci);
// CHECK-NEXT:      const ChipTensor& buf = alloc_0.get_ref(0);
// CHECK-NEXT:      // Task 0: @rows
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_x);
// CHECK-NEXT:      params_t0.add_output(buf);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(M_));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)((int64_t)128));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < M_; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          const int64_t rows_now = (int64_t)buf.shapes[0];
// CHECK-NEXT:          uint32_t row_shapes[2] = {1, (uint32_t)((int64_t)128)};
// CHECK-NEXT:          uint32_t row_offsets[2] = {(uint32_t)(i), 0};
// CHECK-NEXT:          row_shapes[0] = row_offsets[0] >= buf.shapes[0] ? 0u : (row_shapes[0] < buf.shapes[0] - row_offsets[0] ? row_shapes[0] : buf.shapes[0] - row_offsets[0]);
// CHECK-NEXT:          row_shapes[1] = row_offsets[1] >= buf.shapes[1] ? 0u : (row_shapes[1] < buf.shapes[1] - row_offsets[1] ? row_shapes[1] : buf.shapes[1] - row_offsets[1]);
// CHECK-NEXT:          ChipTensor row = buf.view(row_shapes, row_offsets);
// CHECK-NEXT:          const int64_t row_len = (int64_t)row.shapes[1];
// CHECK-NEXT:          const int64_t sum = (int64_t)((uint64_t)(row_len) + (uint64_t)((int64_t)1));
// CHECK-NEXT:          uint32_t per_iter_ci_shapes[2] = {(uint32_t)rows_now, 128};
// CHECK-NEXT:          TensorCreateInfo per_iter_ci(per_iter_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:          TaskOutputTensors alloc_1 = alloc_tensors(per_iter_ci);
// CHECK-NEXT:          const ChipTensor& per_iter = alloc_1.get_ref(0);
// CHECK-NEXT:          // Task 1: @rows
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t1;
// CHECK-NEXT:          params_t1.add_input(ext_x);
// CHECK-NEXT:          params_t1.add_output(per_iter);
// CHECK-NEXT:          params_t1.add_scalar((uint64_t)(rows_now));
// CHECK-NEXT:          params_t1.add_scalar((uint64_t)(sum));
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @rows(%x: !pto.tensor<?x128xf32>,
                       %y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<out>},
                       %m: index, %k: index)
  pto.orchestration @dims(%x: !pto.tensor<?x128xf32> loc("x"), %lens: !pto.tensor<8xi32> loc("lens")) {
    %m = pto.dim %x, 0 : !pto.tensor<?x128xf32> loc("M")
    %k = pto.dim %x, 1 : !pto.tensor<?x128xf32> loc("K")
    %buf = pto.create(%m) : !pto.tensor<?x128xf32> loc("buf")
    %b1, %t = pto.submit @rows(%x, %buf, %m, %k) : (!pto.tensor<?x128xf32>, !pto.tensor<?x128xf32>, index, index) -> !pto.tensor<?x128xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %m step %c1 {
      %n = pto.dim %b1, 0 : !pto.tensor<?x128xf32> loc("rows_now")
      %view = pto.slice %b1[%i, 0] [1, %k] : !pto.tensor<?x128xf32> to !pto.tensor<1x?xf32> loc("row")
      %vd = pto.dim %view, 1 : !pto.tensor<1x?xf32> loc("row_len")
      %vs = pto.dim %view, 0 : !pto.tensor<1x?xf32> loc("one")
      %sum = arith.addi %vd, %vs : index loc("sum")
      %tmp = pto.create(%n) : !pto.tensor<?x128xf32> loc("per_iter")
      %t1, %id = pto.submit @rows(%x, %tmp, %n, %sum) : (!pto.tensor<?x128xf32>, !pto.tensor<?x128xf32>, index, index) -> !pto.tensor<?x128xf32>
    }
    pto.return
  }
}
