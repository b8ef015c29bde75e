// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline=arenas=false --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Allocations of a Graph body (docs/graph-boundary.md, "Step C"; issue 5,
// "Deliver" 2): the legalize pipeline turns each top-level pto.create of the
// body into an inout boundary tensor, so the Graph function binds it from
// args.tensor(i) and allocates nothing; every call site allocates it right
// before the launch (`<name>__graph_arg<N>`, batched with the other creates
// of its block) and passes it with add_inout, once per call. Arenas are off
// here (`arenas=false`), so each allocation keeps a buffer of its own:
// hbg-arenas.mlir has the packed form.

// Two allocations, two calls: four call-site buffers in one alloc_tensors
// (the creates of a block are batched at its entry), each call passing its
// own two after its own parameters.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       static void entry_graph_stage(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& acc = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& t1 = args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& t2 = args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @produce
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs stage_params_t0;
// CHECK-NEXT:      stage_params_t0.add_output(t1);
// CHECK-NEXT:      rt_submit_aiv_task(0, stage_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @half
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs stage_params_t1;
// CHECK-NEXT:      stage_params_t1.add_output(t2);
// CHECK-NEXT:      rt_submit_aiv_task(2, stage_params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @combine
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs stage_params_t2;
// CHECK-NEXT:      stage_params_t2.add_input(t1);
// CHECK-NEXT:      stage_params_t2.add_input(t2);
// CHECK-NEXT:      stage_params_t2.add_inout(acc);
// CHECK-NEXT:      rt_submit_aiv_task(1, stage_params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_acc = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t [[T1A:t1__graph_arg0_ci]]_shapes[1] = {16};
// CHECK-NEXT:      TensorCreateInfo [[T1A]]([[T1A]]_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t [[T2A:t2__graph_arg1_ci]]_shapes[1] = {32};
// CHECK-NEXT:      TensorCreateInfo [[T2A]]([[T2A]]_shapes, 1, DataType::FLOAT16);
// CHECK-NEXT:      uint32_t [[T1B:t1__graph_arg0_1_ci]]_shapes[1] = {16};
// CHECK-NEXT:      TensorCreateInfo [[T1B]]([[T1B]]_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t [[T2B:t2__graph_arg1_1_ci]]_shapes[1] = {32};
// CHECK-NEXT:      TensorCreateInfo [[T2B]]([[T2B]]_shapes, 1, DataType::FLOAT16);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors([[T1A]], [[T2A]], [[T1B]], [[T2B]]);
// CHECK-NEXT:      const ChipTensor& t1__graph_arg0 = alloc_0.get_ref(0);
// CHECK-NEXT:      const ChipTensor& t2__graph_arg1 = alloc_0.get_ref(1);
// CHECK-NEXT:      const ChipTensor& t1__graph_arg0_1 = alloc_0.get_ref(2);
// CHECK-NEXT:      const ChipTensor& t2__graph_arg1_1 = alloc_0.get_ref(3);
// CHECK-NEXT:      // Task 0: Graph @stage
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_acc);
// CHECK-NEXT:      params_t0.add_inout(t1__graph_arg0);
// CHECK-NEXT:      params_t0.add_inout(t2__graph_arg1);
// CHECK-NEXT:      entry_graph_stage_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_stage, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: Graph @stage
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_acc);
// CHECK-NEXT:      params_t1.add_inout(t1__graph_arg0_1);
// CHECK-NEXT:      params_t1.add_inout(t2__graph_arg1_1);
// CHECK-NEXT:      entry_graph_stage_Config params_t1_config;
// CHECK-NEXT:      params_t1_config.layout.capture(params_t1);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_stage, params_t1, params_t1_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @produce(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @combine(%a: !pto.tensor<16xf32>, %b: !pto.tensor<32xf16>,
                          %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @half(%y: !pto.tensor<32xf16> {pto.direction = #pto.direction<out>})
  pto.graph @stage(%acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    %t1 = pto.create : !pto.tensor<16xf32> loc("t1")
    %t2 = pto.create : !pto.tensor<32xf16> loc("t2")
    %t1a, %k0 = pto.submit @produce(%t1) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %t2a, %k1 = pto.submit @half(%t2) : (!pto.tensor<32xf16>) -> !pto.tensor<32xf16>
    %acc1, %k2 = pto.submit @combine(%t1a, %t2a, %acc)
        : (!pto.tensor<16xf32>, !pto.tensor<32xf16>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @entry(%acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    pto.call @stage(%acc) : (!pto.tensor<16xf32>) -> ()
    pto.call @stage(%acc) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// The decoder layer with all three hoists (Steps A, B and C): the body takes
// `tmp` and the weight window `wl` as boundary tensors (after the existing
// ones, before the scalars) and `base`, which a task reads, as a scalar; `w`,
// no longer read by the body, is dropped from the boundary, and so is
// `layer_idx`, read only by base. Each loop iteration allocates its own `tmp`
// buffer, computes `base`, takes the view of ext_w, and passes them in
// parameter order: a, c, tmp (add_inout), wl (the direction of its root, w),
// then base.

// CHECK-LABEL: // Orchestration function: main
// CHECK:       static void main_graph_layer(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& a = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& c = args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& tmp = args.tensor(2).ref();
// CHECK-NEXT:    const ChipTensor& wl = args.tensor(3).ref();
// CHECK-NEXT:    const auto base = args.scalar(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @matmul
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t0;
// CHECK-NEXT:      layer_params_t0.add_input(a);
// CHECK-NEXT:      layer_params_t0.add_input(wl);
// CHECK-NEXT:      layer_params_t0.add_output(tmp);
// CHECK-NEXT:      rt_submit_aic_task(0, layer_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @add
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t1;
// CHECK-NEXT:      layer_params_t1.add_input(tmp);
// CHECK-NEXT:      layer_params_t1.add_inout(c);
// CHECK-NEXT:      layer_params_t1.add_scalar(base);
// CHECK-NEXT:      rt_submit_aiv_task(1, layer_params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_w = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t tmp__graph_arg0_ci_shapes[2] = {16, 128};
// CHECK-NEXT:      TensorCreateInfo tmp__graph_arg0_ci(tmp__graph_arg0_ci_shapes, 2, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(tmp__graph_arg0_ci);
// CHECK-NEXT:      const ChipTensor& tmp__graph_arg0 = alloc_0.get_ref(0);
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)4; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          const int64_t [[BASE:[a-z0-9_]+]] = (int64_t)((uint64_t)(i) * (uint64_t)((int64_t)128));
// CHECK-NEXT:          uint32_t [[WL:[a-z0-9_]+]]_shapes[2] = {128, 128};
// CHECK-NEXT:          uint32_t [[WL]]_offsets[2] = {(uint32_t)([[BASE]]), 0};
// CHECK-NEXT:          [[WL]]_shapes{{\[}}0] = [[WL]]_offsets{{\[}}0] >= ext_w.shapes{{\[}}0] ? 0u : ([[WL]]_shapes{{\[}}0] < ext_w.shapes{{\[}}0] - [[WL]]_offsets{{\[}}0] ? [[WL]]_shapes{{\[}}0] : ext_w.shapes{{\[}}0] - [[WL]]_offsets{{\[}}0]);
// CHECK-NEXT:          ChipTensor [[WL]] = ext_w.view([[WL]]_shapes, [[WL]]_offsets);
// CHECK-NEXT:          // Task 0: Graph @layer
// CHECK-NEXT:          {
// CHECK-NEXT:          GraphTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(ext_a);
// CHECK-NEXT:          params_t0.add_inout(ext_c);
// CHECK-NEXT:          params_t0.add_inout(tmp__graph_arg0);
// CHECK-NEXT:          params_t0.add_input([[WL]]);
// CHECK-NEXT:          params_t0.add_scalar((uint64_t)([[BASE]]));
// CHECK-NEXT:          main_graph_layer_Config params_t0_config;
// CHECK-NEXT:          params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:          {{^ +}}rt_submit_graph(&main_graph_layer, params_t0, params_t0_config);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aic @matmul(%x: !pto.tensor<16x128xf32>, %w: !pto.tensor<128x128xf32>,
                         %y: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @add(%a: !pto.tensor<16x128xf32>,
                      %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>},
                      %off: index)
  pto.graph @layer(%a: !pto.tensor<16x128xf32> loc("a"), %w: !pto.tensor<512x128xf32> loc("w"),
                   %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>} loc("c"),
                   %layer_idx: index loc("layer_idx")) -> !pto.tensor<16x128xf32> {
    %c128 = arith.constant 128 : index
    %base = arith.muli %layer_idx, %c128 : index loc("base")
    %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32> loc("wl")
    %tmp = pto.create : !pto.tensor<16x128xf32> loc("tmp")
    %tmp1, %t0 = pto.submit @matmul(%a, %wl, %tmp)
        : (!pto.tensor<16x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<16x128xf32>) -> !pto.tensor<16x128xf32>
    %c1, %t1 = pto.submit @add(%tmp1, %c, %base)
        : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, index) -> !pto.tensor<16x128xf32>
    pto.return %c1 : !pto.tensor<16x128xf32>
  }
  pto.orchestration @main(%a: !pto.tensor<16x128xf32> loc("a"), %w: !pto.tensor<512x128xf32> loc("w"),
                          %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>} loc("c")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (!pto.tensor<16x128xf32>) {
      %next = pto.call @layer(%a, %w, %acc, %i)
          : (!pto.tensor<16x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<16x128xf32>, index) -> !pto.tensor<16x128xf32>
      scf.yield %next : !pto.tensor<16x128xf32>
    }
    pto.return
  }
}

// -----

// A body with 20 creates: after the legalize pipeline the Graph has 21
// boundary tensors and allocates nothing; the call site allocates the 20
// buffers in batches of at most 16 (kAllocTensorsArgs): one alloc_tensors of
// 16, one of 4, then passes all 20 with add_inout in creation order.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       static void entry_graph_wide(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& acc = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& b0 = args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& b1 = args.tensor(2).ref();
// CHECK-NEXT:    const ChipTensor& b2 = args.tensor(3).ref();
// CHECK-NEXT:    const ChipTensor& b3 = args.tensor(4).ref();
// CHECK-NEXT:    const ChipTensor& b4 = args.tensor(5).ref();
// CHECK-NEXT:    const ChipTensor& b5 = args.tensor(6).ref();
// CHECK-NEXT:    const ChipTensor& b6 = args.tensor(7).ref();
// CHECK-NEXT:    const ChipTensor& b7 = args.tensor(8).ref();
// CHECK-NEXT:    const ChipTensor& b8 = args.tensor(9).ref();
// CHECK-NEXT:    const ChipTensor& b9 = args.tensor(10).ref();
// CHECK-NEXT:    const ChipTensor& b10 = args.tensor(11).ref();
// CHECK-NEXT:    const ChipTensor& b11 = args.tensor(12).ref();
// CHECK-NEXT:    const ChipTensor& b12 = args.tensor(13).ref();
// CHECK-NEXT:    const ChipTensor& b13 = args.tensor(14).ref();
// CHECK-NEXT:    const ChipTensor& b14 = args.tensor(15).ref();
// CHECK-NEXT:    const ChipTensor& b15 = args.tensor(16).ref();
// CHECK-NEXT:    const ChipTensor& b16 = args.tensor(17).ref();
// CHECK-NEXT:    const ChipTensor& b17 = args.tensor(18).ref();
// CHECK-NEXT:    const ChipTensor& b18 = args.tensor(19).ref();
// CHECK-NEXT:    const ChipTensor& b19 = args.tensor(20).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @fill
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs wide_params_t0;
// CHECK-NEXT:      wide_params_t0.add_output(b0);
// CHECK-NEXT:      wide_params_t0.add_inout(acc);
// CHECK-NEXT:      rt_submit_aiv_task(0, wide_params_t0);
// CHECK-NEXT:      }
// CHECK:           // Task 19: @fill
// CHECK-NEXT:           {
// CHECK-NEXT:      CoreTaskArgs wide_params_t19;
// CHECK-NEXT:      wide_params_t19.add_output(b19);
// CHECK-NEXT:      wide_params_t19.add_inout(acc);
// CHECK-NEXT:      rt_submit_aiv_task(0, wide_params_t19);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_acc = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t b0__graph_arg0_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b0__graph_arg0_ci(b0__graph_arg0_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b1__graph_arg1_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b1__graph_arg1_ci(b1__graph_arg1_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b2__graph_arg2_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b2__graph_arg2_ci(b2__graph_arg2_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b3__graph_arg3_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b3__graph_arg3_ci(b3__graph_arg3_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b4__graph_arg4_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b4__graph_arg4_ci(b4__graph_arg4_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b5__graph_arg5_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b5__graph_arg5_ci(b5__graph_arg5_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b6__graph_arg6_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b6__graph_arg6_ci(b6__graph_arg6_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b7__graph_arg7_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b7__graph_arg7_ci(b7__graph_arg7_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b8__graph_arg8_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b8__graph_arg8_ci(b8__graph_arg8_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b9__graph_arg9_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b9__graph_arg9_ci(b9__graph_arg9_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b10__graph_arg10_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b10__graph_arg10_ci(b10__graph_arg10_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b11__graph_arg11_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b11__graph_arg11_ci(b11__graph_arg11_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b12__graph_arg12_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b12__graph_arg12_ci(b12__graph_arg12_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b13__graph_arg13_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b13__graph_arg13_ci(b13__graph_arg13_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b14__graph_arg14_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b14__graph_arg14_ci(b14__graph_arg14_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b15__graph_arg15_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b15__graph_arg15_ci(b15__graph_arg15_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(b0__graph_arg0_ci, b1__graph_arg1_ci, b2__graph_arg2_ci, b3__graph_arg3_ci, b4__graph_arg4_ci, b5__graph_arg5_ci, b6__graph_arg6_ci, b7__graph_arg7_ci, b8__graph_arg8_ci, b9__graph_arg9_ci, b10__graph_arg10_ci, b11__graph_arg11_ci, b12__graph_arg12_ci, b13__graph_arg13_ci, b14__graph_arg14_ci, b15__graph_arg15_ci);
// CHECK-NEXT:      const ChipTensor& b0__graph_arg0 = alloc_0.get_ref(0);
// CHECK-NEXT:      const ChipTensor& b1__graph_arg1 = alloc_0.get_ref(1);
// CHECK-NEXT:      const ChipTensor& b2__graph_arg2 = alloc_0.get_ref(2);
// CHECK-NEXT:      const ChipTensor& b3__graph_arg3 = alloc_0.get_ref(3);
// CHECK-NEXT:      const ChipTensor& b4__graph_arg4 = alloc_0.get_ref(4);
// CHECK-NEXT:      const ChipTensor& b5__graph_arg5 = alloc_0.get_ref(5);
// CHECK-NEXT:      const ChipTensor& b6__graph_arg6 = alloc_0.get_ref(6);
// CHECK-NEXT:      const ChipTensor& b7__graph_arg7 = alloc_0.get_ref(7);
// CHECK-NEXT:      const ChipTensor& b8__graph_arg8 = alloc_0.get_ref(8);
// CHECK-NEXT:      const ChipTensor& b9__graph_arg9 = alloc_0.get_ref(9);
// CHECK-NEXT:      const ChipTensor& b10__graph_arg10 = alloc_0.get_ref(10);
// CHECK-NEXT:      const ChipTensor& b11__graph_arg11 = alloc_0.get_ref(11);
// CHECK-NEXT:      const ChipTensor& b12__graph_arg12 = alloc_0.get_ref(12);
// CHECK-NEXT:      const ChipTensor& b13__graph_arg13 = alloc_0.get_ref(13);
// CHECK-NEXT:      const ChipTensor& b14__graph_arg14 = alloc_0.get_ref(14);
// CHECK-NEXT:      const ChipTensor& b15__graph_arg15 = alloc_0.get_ref(15);
// CHECK-NEXT:      uint32_t b16__graph_arg16_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b16__graph_arg16_ci(b16__graph_arg16_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b17__graph_arg17_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b17__graph_arg17_ci(b17__graph_arg17_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b18__graph_arg18_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b18__graph_arg18_ci(b18__graph_arg18_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b19__graph_arg19_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b19__graph_arg19_ci(b19__graph_arg19_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_1 = alloc_tensors(b16__graph_arg16_ci, b17__graph_arg17_ci, b18__graph_arg18_ci, b19__graph_arg19_ci);
// CHECK-NEXT:      const ChipTensor& b16__graph_arg16 = alloc_1.get_ref(0);
// CHECK-NEXT:      const ChipTensor& b17__graph_arg17 = alloc_1.get_ref(1);
// CHECK-NEXT:      const ChipTensor& b18__graph_arg18 = alloc_1.get_ref(2);
// CHECK-NEXT:      const ChipTensor& b19__graph_arg19 = alloc_1.get_ref(3);
// CHECK-NEXT:      // Task 0: Graph @wide
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_acc);
// CHECK-NEXT:      params_t0.add_inout(b0__graph_arg0);
// CHECK-NEXT:      params_t0.add_inout(b1__graph_arg1);
// CHECK-NEXT:      params_t0.add_inout(b2__graph_arg2);
// CHECK-NEXT:      params_t0.add_inout(b3__graph_arg3);
// CHECK-NEXT:      params_t0.add_inout(b4__graph_arg4);
// CHECK-NEXT:      params_t0.add_inout(b5__graph_arg5);
// CHECK-NEXT:      params_t0.add_inout(b6__graph_arg6);
// CHECK-NEXT:      params_t0.add_inout(b7__graph_arg7);
// CHECK-NEXT:      params_t0.add_inout(b8__graph_arg8);
// CHECK-NEXT:      params_t0.add_inout(b9__graph_arg9);
// CHECK-NEXT:      params_t0.add_inout(b10__graph_arg10);
// CHECK-NEXT:      params_t0.add_inout(b11__graph_arg11);
// CHECK-NEXT:      params_t0.add_inout(b12__graph_arg12);
// CHECK-NEXT:      params_t0.add_inout(b13__graph_arg13);
// CHECK-NEXT:      params_t0.add_inout(b14__graph_arg14);
// CHECK-NEXT:      params_t0.add_inout(b15__graph_arg15);
// CHECK-NEXT:      params_t0.add_inout(b16__graph_arg16);
// CHECK-NEXT:      params_t0.add_inout(b17__graph_arg17);
// CHECK-NEXT:      params_t0.add_inout(b18__graph_arg18);
// CHECK-NEXT:      params_t0.add_inout(b19__graph_arg19);
// CHECK-NEXT:      entry_graph_wide_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_wide, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%y: !pto.tensor<8xf32> {pto.direction = #pto.direction<out>},
                       %acc: !pto.tensor<8xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @wide(%acc: !pto.tensor<8xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    %b0 = pto.create : !pto.tensor<8xf32> loc("b0")
    %b1 = pto.create : !pto.tensor<8xf32> loc("b1")
    %b2 = pto.create : !pto.tensor<8xf32> loc("b2")
    %b3 = pto.create : !pto.tensor<8xf32> loc("b3")
    %b4 = pto.create : !pto.tensor<8xf32> loc("b4")
    %b5 = pto.create : !pto.tensor<8xf32> loc("b5")
    %b6 = pto.create : !pto.tensor<8xf32> loc("b6")
    %b7 = pto.create : !pto.tensor<8xf32> loc("b7")
    %b8 = pto.create : !pto.tensor<8xf32> loc("b8")
    %b9 = pto.create : !pto.tensor<8xf32> loc("b9")
    %b10 = pto.create : !pto.tensor<8xf32> loc("b10")
    %b11 = pto.create : !pto.tensor<8xf32> loc("b11")
    %b12 = pto.create : !pto.tensor<8xf32> loc("b12")
    %b13 = pto.create : !pto.tensor<8xf32> loc("b13")
    %b14 = pto.create : !pto.tensor<8xf32> loc("b14")
    %b15 = pto.create : !pto.tensor<8xf32> loc("b15")
    %b16 = pto.create : !pto.tensor<8xf32> loc("b16")
    %b17 = pto.create : !pto.tensor<8xf32> loc("b17")
    %b18 = pto.create : !pto.tensor<8xf32> loc("b18")
    %b19 = pto.create : !pto.tensor<8xf32> loc("b19")
    %o0, %a0, %t0 = pto.submit @fill(%b0, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o1, %a1, %t1 = pto.submit @fill(%b1, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o2, %a2, %t2 = pto.submit @fill(%b2, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o3, %a3, %t3 = pto.submit @fill(%b3, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o4, %a4, %t4 = pto.submit @fill(%b4, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o5, %a5, %t5 = pto.submit @fill(%b5, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o6, %a6, %t6 = pto.submit @fill(%b6, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o7, %a7, %t7 = pto.submit @fill(%b7, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o8, %a8, %t8 = pto.submit @fill(%b8, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o9, %a9, %t9 = pto.submit @fill(%b9, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o10, %a10, %t10 = pto.submit @fill(%b10, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o11, %a11, %t11 = pto.submit @fill(%b11, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o12, %a12, %t12 = pto.submit @fill(%b12, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o13, %a13, %t13 = pto.submit @fill(%b13, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o14, %a14, %t14 = pto.submit @fill(%b14, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o15, %a15, %t15 = pto.submit @fill(%b15, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o16, %a16, %t16 = pto.submit @fill(%b16, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o17, %a17, %t17 = pto.submit @fill(%b17, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o18, %a18, %t18 = pto.submit @fill(%b18, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    %o19, %a19, %t19 = pto.submit @fill(%b19, %acc) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>) -> (!pto.tensor<8xf32>, !pto.tensor<8xf32>)
    pto.return
  }
  pto.orchestration @entry(%acc: !pto.tensor<8xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    pto.call @wide(%acc) : (!pto.tensor<8xf32>) -> ()
    pto.return
  }
}

// -----

// A create inside a constant-trip loop of the body becomes one boundary
// tensor holding a window per iteration (2 x 16 elements, allocated by the
// entry as scratch__graph_arg0); each iteration views its own at
// `scratch_row`, so the Graph function allocates nothing (docs/graph-boundary.md,
// "Under loops of literal bounds").

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       static void entry_graph_g(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& y = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& scratch = args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)2; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          const int64_t scratch_row = (int64_t)((uint64_t)(i) * (uint64_t)((int64_t)16));
// CHECK-NEXT:          uint32_t scratch_1_shapes[1] = {16};
// CHECK-NEXT:          uint32_t scratch_1_offsets[1] = {(uint32_t)(scratch_row)};
// CHECK-NEXT:          scratch_1_shapes[0] = scratch_1_offsets[0] >= scratch.shapes[0] ? 0u : (scratch_1_shapes[0] < scratch.shapes[0] - scratch_1_offsets[0] ? scratch_1_shapes[0] : scratch.shapes[0] - scratch_1_offsets[0]);
// CHECK-NEXT:          ChipTensor scratch_1 = scratch.view(scratch_1_shapes, scratch_1_offsets);
// CHECK-NEXT:          // Task 0: @produce
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs g_params_t0;
// CHECK-NEXT:          g_params_t0.add_output(scratch_1);
// CHECK-NEXT:          rt_submit_aiv_task(0, g_params_t0);
// CHECK-NEXT:          }
// CHECK-NEXT:          // Task 1: @acc
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs g_params_t1;
// CHECK-NEXT:          g_params_t1.add_input(scratch_1);
// CHECK-NEXT:          g_params_t1.add_inout(y);
// CHECK-NEXT:          rt_submit_aiv_task(1, g_params_t1);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_y = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t scratch__graph_arg0_ci_shapes[1] = {32};
// CHECK-NEXT:      TensorCreateInfo scratch__graph_arg0_ci(scratch__graph_arg0_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors [[ALLOC:alloc_[0-9]+]] = alloc_tensors(scratch__graph_arg0_ci);
// CHECK-NEXT:      const ChipTensor& scratch__graph_arg0 = [[ALLOC]].get_ref(0);
// CHECK-NEXT:      // Task 0: Graph @g
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_y);
// CHECK-NEXT:      params_t0.add_inout(scratch__graph_arg0);
// CHECK-NEXT:      entry_graph_g_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:  {{^ +}}rt_submit_graph(&entry_graph_g, params_t0, params_t0_config);
// CHECK-NEXT:  }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @produce(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%a: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%cur = %y) -> (!pto.tensor<16xf32>) {
      %s = pto.create : !pto.tensor<16xf32> loc("scratch")
      %s1, %t0 = pto.submit @produce(%s) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %cur1, %t1 = pto.submit @acc(%s1, %cur) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %cur1 : !pto.tensor<16xf32>
    }
    pto.return
  }
  pto.orchestration @entry(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    pto.call @g(%y) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}
