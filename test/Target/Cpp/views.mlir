// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// pto.slice, pto.transpose and pto.reshape (spec "tensor.slice",
// "tensor.transpose", "tensor.reshape"): zero-copy views,
// `<src>.view(shapes, offsets)` with literal or `(uint32_t)` cast extents and
// offsets, `<src>.transpose(a, b)` and `<src>.reshape(shapes, ndims)` with a
// literal shape array; views of views name
// the inner view; a view passed to a task is an lvalue ChipTensor. An axis
// whose window the verifier cannot prove inside the source (a runtime
// offset or size, or a runtime source extent) is clamped first, as the
// runtime's view() expects: min(size, extent - offset), 0 past the end.

// CHECK-LABEL: // Orchestration function: views
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_w = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_y = orch_args.tensor(2).ref();
// CHECK-NEXT:    int64_t layer = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    int64_t rows = orch_args.scalar<int64_t>(1);
// CHECK-NEXT:    const ChipTensor& ext_flat = orch_args.tensor(3).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int64_t base = (int64_t)((uint64_t)(layer) * (uint64_t)((int64_t)128));
// CHECK-NEXT:      const bool [[OK:.*]] = (uint64_t)(base) <= (uint64_t)((int64_t)4294967295);
// CHECK-NEXT:      if (!([[OK]])) { fprintf(stderr, "%s\n", "'wl': 'pto.slice' dynamic offset #0 is outside [0, 4294967295], what the runtime can take"); abort(); }
// CHECK-NEXT:      uint32_t wl_shapes[2] = {128, 128};
// CHECK-NEXT:      uint32_t wl_offsets[2] = {(uint32_t)(base), 0};
// CHECK-NEXT:      wl_shapes[0] = wl_offsets[0] >= ext_w.shapes[0] ? 0u : (wl_shapes[0] < ext_w.shapes[0] - wl_offsets[0] ? wl_shapes[0] : ext_w.shapes[0] - wl_offsets[0]);
// CHECK-NEXT:      ChipTensor wl = ext_w.view(wl_shapes, wl_offsets);
// CHECK-NEXT:      uint32_t wq_shapes[2] = {128, 64};
// CHECK-NEXT:      uint32_t wq_offsets[2] = {0, 64};
// CHECK-NEXT:      ChipTensor wq = wl.view(wq_shapes, wq_offsets);
// CHECK-NEXT:      ChipTensor wt = wq.transpose(0, 1);
// CHECK-NEXT:      // Task 0: @mm
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_x);
// CHECK-NEXT:      params_t0.add_input(wt);
// CHECK-NEXT:      params_t0.add_inout(ext_y);
// CHECK-NEXT:      rt_submit_aic_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      ChipTensor xt = ext_x.transpose(1, 0);
// CHECK-NEXT:      const bool {{.*}} = (uint64_t)(rows) <= (uint64_t)((int64_t)4294967295);
// CHECK-NEXT:      if (!({{.*}})) { fprintf(stderr, "%s\n", "'head': 'pto.slice' dynamic size #0 is outside [0, 4294967295], what the runtime can take"); abort(); }
// CHECK-NEXT:      uint32_t head_shapes[2] = {(uint32_t)(rows), 64};
// CHECK-NEXT:      uint32_t head_offsets[2] = {0, 0};
// CHECK-NEXT:      head_shapes[0] = head_offsets[0] >= ext_x.shapes[0] ? 0u : (head_shapes[0] < ext_x.shapes[0] - head_offsets[0] ? head_shapes[0] : ext_x.shapes[0] - head_offsets[0]);
// CHECK-NEXT:      ChipTensor head = ext_x.view(head_shapes, head_offsets);
// CHECK-NEXT:      uint32_t tail_shapes[2] = {(uint32_t)(rows), 64};
// CHECK-NEXT:      uint32_t tail_offsets[2] = {(uint32_t)(base), 64};
// CHECK-NEXT:      tail_shapes[0] = tail_offsets[0] >= ext_w.shapes[0] ? 0u : (tail_shapes[0] < ext_w.shapes[0] - tail_offsets[0] ? tail_shapes[0] : ext_w.shapes[0] - tail_offsets[0]);
// CHECK-NEXT:      ChipTensor tail = ext_w.view(tail_shapes, tail_offsets);
// CHECK-NEXT:      // Task 1: @dyn
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(head);
// CHECK-NEXT:      params_t1.add_output(tail);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      uint32_t rows_flat_shapes[1] = {8192};
// CHECK-NEXT:      uint32_t rows_flat_offsets[1] = {8192};
// CHECK-NEXT:      ChipTensor rows_flat = ext_flat.view(rows_flat_shapes, rows_flat_offsets);
// CHECK-NEXT:      uint32_t as_matrix_shapes[2] = {128, 64};
// CHECK-NEXT:      ChipTensor as_matrix = rows_flat.reshape(as_matrix_shapes, 2);
// CHECK-NEXT:      // Task 2: @mm
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(as_matrix);
// CHECK-NEXT:      params_t2.add_input(wt);
// CHECK-NEXT:      params_t2.add_inout(ext_y);
// CHECK-NEXT:      rt_submit_aic_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aic @mm(%x: !pto.tensor<128x64xf16>, %w: !pto.tensor<64x128xf16>,
                     %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @dyn(%x: !pto.tensor<?x64xf16>, %y: !pto.tensor<?x64xf16> {pto.direction = #pto.direction<out>})
  pto.orchestration @views(%w: !pto.tensor<5120x128xf16> loc("w"), %x: !pto.tensor<128x64xf16> loc("x"),
                           %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>} loc("y"),
                           %layer: index loc("layer"), %rows: index loc("rows"),
                           %flat: !pto.tensor<16384xf16> loc("flat")) {
    %c128 = arith.constant 128 : index
    %base = arith.muli %layer, %c128 : index loc("base")
    %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<5120x128xf16> to !pto.tensor<128x128xf16> loc("wl")
    %wq = pto.slice %wl[0, 64] [128, 64] : !pto.tensor<128x128xf16> to !pto.tensor<128x64xf16> loc("wq")
    %wt = pto.transpose %wq, 0, 1 : !pto.tensor<128x64xf16> loc("wt")
    %y1, %t0 = pto.submit @mm(%x, %wt, %y) : (!pto.tensor<128x64xf16>, !pto.tensor<64x128xf16>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %xt = pto.transpose %x, 1, 0 : !pto.tensor<128x64xf16> loc("xt")
    %head = pto.slice %x[0, 0] [%rows, 64] : !pto.tensor<128x64xf16> to !pto.tensor<?x64xf16> loc("head")
    %tail = pto.slice %w[%base, 64] [%rows, 64] : !pto.tensor<5120x128xf16> to !pto.tensor<?x64xf16> loc("tail")
    %r, %t1 = pto.submit @dyn(%head, %tail) : (!pto.tensor<?x64xf16>, !pto.tensor<?x64xf16>) -> !pto.tensor<?x64xf16>
    %rows_flat = pto.slice %flat[8192] [8192] : !pto.tensor<16384xf16> to !pto.tensor<8192xf16> loc("rows_flat")
    %as_matrix = pto.reshape %rows_flat : !pto.tensor<8192xf16> to !pto.tensor<128x64xf16> loc("as_matrix")
    %y2, %t2 = pto.submit @mm(%as_matrix, %wt, %y1) : (!pto.tensor<128x64xf16>, !pto.tensor<64x128xf16>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A reshape to a run-time shape: a [batch, heads, dim] input seen as
// [batch * heads, dim] rows, its shape array cast per extent. The sizes are
// the source's own extents multiplied, so no element-count check is printed;
// the product of two extents is checked against 32 bits.
// CHECK-LABEL: // Orchestration function: rows
// CHECK:         const int64_t batch = (int64_t)ext_q.shapes[0];
// CHECK-NEXT:    const int64_t heads = (int64_t)ext_q.shapes[1];
// CHECK-NEXT:    const int64_t dim = (int64_t)ext_q.shapes[2];
// CHECK-NEXT:    const int64_t n = (int64_t)((uint64_t)(batch) * (uint64_t)(heads));
// CHECK-NEXT:    const bool v = (uint64_t)(n) <= (uint64_t)((int64_t)4294967295);
// CHECK-NEXT:    if (!(v)) { fprintf(stderr, "%s\n", "'q_rows': 'pto.reshape' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"); abort(); }
// CHECK-NEXT:    uint32_t q_rows_shapes[2] = {(uint32_t)(n), (uint32_t)(dim)};
// CHECK-NEXT:    ChipTensor q_rows = ext_q.reshape(q_rows_shapes, 2);
// CHECK-NEXT:    // Task 0: @row_kernel
module {
  pto.kernel aiv @row_kernel(%x: !pto.tensor<?x?xbf16>)
  pto.orchestration @rows(%q: !pto.tensor<?x?x?xbf16> loc("q")) {
    %b = pto.dim %q, 0 : !pto.tensor<?x?x?xbf16> loc("batch")
    %h = pto.dim %q, 1 : !pto.tensor<?x?x?xbf16> loc("heads")
    %d = pto.dim %q, 2 : !pto.tensor<?x?x?xbf16> loc("dim")
    %n = arith.muli %b, %h : index loc("n")
    %rows = pto.reshape %q(%n, %d) : !pto.tensor<?x?x?xbf16> to !pto.tensor<?x?xbf16> loc("q_rows")
    %t = pto.submit @row_kernel(%rows) : (!pto.tensor<?x?xbf16>) -> ()
    pto.return
  }
}
