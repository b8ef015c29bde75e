// RUN: pto-opt %s --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// Arenas (docs/graph-boundary.md, "Arenas"): the Graph's allocations of one
// element type share one boundary tensor, `arena_<type>`, bound from
// args.tensor(i) like any parameter; each allocation is a literal window of
// it (at an offset aligned to 1024 bytes: 512 bf16, 256 f32) reshaped to its
// shape, taken once at the top of the Graph function, and the loop's
// allocation takes its iteration's window of its own (2 x 16 f32). The entry
// allocates the two arenas in one alloc_tensors before its 40-call loop
// (pto-hoist-call-site-allocations) and passes them to every call.

// CHECK-LABEL: // Orchestration function: step
// CHECK:       static void step_graph_layer(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& h = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& arena_f32 = args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& arena_bf16 = args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t p_shapes[1] = {2048};
// CHECK-NEXT:      uint32_t p_offsets[1] = {0};
// CHECK-NEXT:      ChipTensor p = arena_f32.view(p_shapes, p_offsets);
// CHECK-NEXT:      uint32_t p_1_shapes[2] = {16, 128};
// CHECK-NEXT:      ChipTensor p_1 = p.reshape(p_1_shapes, 2);
// CHECK-NEXT:      uint32_t r_shapes[1] = {32};
// CHECK-NEXT:      uint32_t r_offsets[1] = {2048};
// CHECK-NEXT:      ChipTensor r = arena_f32.view(r_shapes, r_offsets);
// CHECK-NEXT:      uint32_t q_shapes[1] = {2048};
// CHECK-NEXT:      uint32_t q_offsets[1] = {0};
// CHECK-NEXT:      ChipTensor q = arena_bf16.view(q_shapes, q_offsets);
// CHECK-NEXT:      uint32_t q_1_shapes[2] = {16, 128};
// CHECK-NEXT:      ChipTensor q_1 = q.reshape(q_1_shapes, 2);
// CHECK-NEXT:      uint32_t s_shapes[1] = {2048};
// CHECK-NEXT:      uint32_t s_offsets[1] = {2048};
// CHECK-NEXT:      ChipTensor s = arena_bf16.view(s_shapes, s_offsets);
// CHECK-NEXT:      uint32_t s_1_shapes[2] = {16, 128};
// CHECK-NEXT:      ChipTensor s_1 = s.reshape(s_1_shapes, 2);
// CHECK-NEXT:      // Task 0: @proj
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t0;
// CHECK-NEXT:      layer_params_t0.add_input(h);
// CHECK-NEXT:      layer_params_t0.add_output(p_1);
// CHECK-NEXT:      rt_submit_aic_task(0, layer_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @cast
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t1;
// CHECK-NEXT:      layer_params_t1.add_input(p_1);
// CHECK-NEXT:      layer_params_t1.add_output(q_1);
// CHECK-NEXT:      rt_submit_aiv_task(1, layer_params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)2; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          const int64_t r_row = (int64_t)((uint64_t)(i) * (uint64_t)((int64_t)16));
// CHECK-NEXT:          uint32_t r_1_shapes[1] = {16};
// CHECK-NEXT:          uint32_t r_1_offsets[1] = {(uint32_t)(r_row)};
// CHECK-NEXT:          r_1_shapes[0] = r_1_offsets[0] >= r.shapes[0] ? 0u : (r_1_shapes[0] < r.shapes[0] - r_1_offsets[0] ? r_1_shapes[0] : r.shapes[0] - r_1_offsets[0]);
// CHECK-NEXT:          ChipTensor r_1 = r.view(r_1_shapes, r_1_offsets);
// CHECK-NEXT:          // Task 2: @norm
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs layer_params_t2;
// CHECK-NEXT:          layer_params_t2.add_output(r_1);
// CHECK-NEXT:          rt_submit_aiv_task(3, layer_params_t2);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @cast
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t3;
// CHECK-NEXT:      layer_params_t3.add_input(p_1);
// CHECK-NEXT:      layer_params_t3.add_output(s_1);
// CHECK-NEXT:      rt_submit_aiv_task(1, layer_params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 4: @acc
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t4;
// CHECK-NEXT:      layer_params_t4.add_input(q_1);
// CHECK-NEXT:      layer_params_t4.add_inout(h);
// CHECK-NEXT:      rt_submit_aiv_task(2, layer_params_t4);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 5: @acc
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t5;
// CHECK-NEXT:      layer_params_t5.add_input(s_1);
// CHECK-NEXT:      layer_params_t5.add_inout(h);
// CHECK-NEXT:      rt_submit_aiv_task(2, layer_params_t5);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_h = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t arena_f32__graph_arg0_ci_shapes[1] = {2304};
// CHECK-NEXT:      TensorCreateInfo arena_f32__graph_arg0_ci(arena_f32__graph_arg0_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t arena_bf16__graph_arg1_ci_shapes[1] = {4096};
// CHECK-NEXT:      TensorCreateInfo arena_bf16__graph_arg1_ci(arena_bf16__graph_arg1_ci_shapes, 1, DataType::BFLOAT16);
// CHECK-NEXT:      TaskOutputTensors [[ALLOC:alloc_[0-9]+]] = alloc_tensors(arena_f32__graph_arg0_ci, arena_bf16__graph_arg1_ci);
// CHECK-NEXT:      const ChipTensor& arena_f32__graph_arg0 = [[ALLOC]].get_ref(0);
// CHECK-NEXT:      const ChipTensor& arena_bf16__graph_arg1 = [[ALLOC]].get_ref(1);
// CHECK-NEXT:      for (int64_t i_1 = (int64_t)0; i_1 < (int64_t)40; i_1 += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 0: Graph @layer
// CHECK-NEXT:          {
// CHECK-NEXT:          GraphTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_inout(ext_h);
// CHECK-NEXT:          params_t0.add_inout(arena_f32__graph_arg0);
// CHECK-NEXT:          params_t0.add_inout(arena_bf16__graph_arg1);
// CHECK-NEXT:          step_graph_layer_Config params_t0_config;
// CHECK-NEXT:          params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:  {{^ +}}rt_submit_graph(&step_graph_layer, params_t0, params_t0_config);
// CHECK-NEXT:  }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aic @proj(%x: !pto.tensor<16x128xbf16>, %y: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @cast(%x: !pto.tensor<16x128xf32>, %y: !pto.tensor<16x128xbf16> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%x: !pto.tensor<16x128xbf16>, %y: !pto.tensor<16x128xbf16> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @norm(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.graph @layer(%h: !pto.tensor<16x128xbf16> {pto.direction = #pto.direction<inout>} loc("h")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %p = pto.create : !pto.tensor<16x128xf32> loc("p")
    %q = pto.create : !pto.tensor<16x128xbf16> loc("q")
    %p1, %t0 = pto.submit @proj(%h, %p) : (!pto.tensor<16x128xbf16>, !pto.tensor<16x128xf32>) -> !pto.tensor<16x128xf32>
    %q1, %t1 = pto.submit @cast(%p1, %q) : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xbf16>) -> !pto.tensor<16x128xbf16>
    scf.for %i = %c0 to %c2 step %c1 {
      %r = pto.create : !pto.tensor<16xf32> loc("r")
      %r1, %t2 = pto.submit @norm(%r) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    %s = pto.create : !pto.tensor<16x128xbf16> loc("s")
    %s1, %t3 = pto.submit @cast(%p1, %s) : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xbf16>) -> !pto.tensor<16x128xbf16>
    %h1, %t4 = pto.submit @acc(%q1, %h) : (!pto.tensor<16x128xbf16>, !pto.tensor<16x128xbf16>) -> !pto.tensor<16x128xbf16>
    %h2, %t5 = pto.submit @acc(%s1, %h1) : (!pto.tensor<16x128xbf16>, !pto.tensor<16x128xbf16>) -> !pto.tensor<16x128xbf16>
    pto.return
  }
  pto.orchestration @step(%h: !pto.tensor<16x128xbf16> {pto.direction = #pto.direction<inout>} loc("h")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    scf.for %i = %c0 to %c40 step %c1 {
      pto.call @layer(%h) : (!pto.tensor<16x128xbf16>) -> ()
    }
    pto.return
  }
}
