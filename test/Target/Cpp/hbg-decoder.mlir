// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Graph functions for host_build_graph (docs/translation.md, "Graph functions
// (host_build_graph)"; issue 5, "Deliver" 1 and 2): each pto.graph becomes a
// `static void <entry>_graph_<name>(const GraphTaskArgs& args)` before the
// entry, boundary tensors bound from args.tensor(i).ref() in parameter order,
// boundary scalars as `const auto` InheritableScalar copies forwarded to
// add_scalar as they are; task variables carry the Graph's name. A pto.call
// becomes a GraphTaskArgs filled tensors first (by direction), then scalars,
// and an rt_submit_graph whose result is never used.

// The decoder example: `base = layer_idx * 128` is derived in the body and
// read by a task. After the legalize pipeline `base` is a second boundary
// scalar: the body forwards both wrappers, the caller passes `i` and computes
// `i * 128`. The body has nothing to allocate and reads no Config field
// (every boundary scalar is only forwarded), so it takes the Config unnamed.

// CHECK-LABEL: // Orchestration function: main
// CHECK-NEXT:  // Kernel ids: 0 = @add (aiv)
// CHECK-NOT:   scalar_{{[0-9]+}} = 0;
// CHECK:       // Graph @layer
// CHECK-NEXT:  static void main_graph_layer(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& a = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& c = args.tensor(1).ref();
// CHECK-NEXT:    const auto layer_idx = args.scalar(0);
// CHECK-NEXT:    const auto base = args.scalar(1);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @add
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t0;
// CHECK-NEXT:      layer_params_t0.add_input(a);
// CHECK-NEXT:      layer_params_t0.add_inout(c);
// CHECK-NEXT:      layer_params_t0.add_scalar(base);
// CHECK-NEXT:      layer_params_t0.add_scalar(layer_idx);
// CHECK-NEXT:      rt_submit_aiv_task(0, layer_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  extern "C" {
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)4; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          const int64_t [[BASE:[a-z0-9_]+]] = (int64_t)((uint64_t)(i) * (uint64_t)((int64_t)128));
// CHECK-NEXT:          // Task 0: Graph @layer
// CHECK-NEXT:          {
// CHECK-NEXT:          GraphTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(ext_a);
// CHECK-NEXT:          params_t0.add_inout(ext_c);
// CHECK-NEXT:          params_t0.add_scalar((uint64_t)(i));
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
  pto.kernel aiv @add(%a: !pto.tensor<16x128xf32>,
                      %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>},
                      %off: index, %idx: index)

  pto.graph @layer(%a: !pto.tensor<16x128xf32> loc("a"),
                   %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>} loc("c"),
                   %layer_idx: index loc("layer_idx")) -> !pto.tensor<16x128xf32> {
    %c128 = arith.constant 128 : index
    %base = arith.muli %layer_idx, %c128 : index loc("base")
    %c1, %t = pto.submit @add(%a, %c, %base, %layer_idx)
        : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, index, index) -> !pto.tensor<16x128xf32>
    pto.return %c1 : !pto.tensor<16x128xf32>
  }

  pto.orchestration @main(%a: !pto.tensor<16x128xf32> loc("a"),
                          %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>} loc("c")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (!pto.tensor<16x128xf32>) {
      %next = pto.call @layer(%a, %acc, %i)
          : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, index) -> !pto.tensor<16x128xf32>
      scf.yield %next : !pto.tensor<16x128xf32>
    }
    pto.return
  }
}

// -----

// Scalars of every width: in the body each is the InheritableScalar wrapper,
// forwarded as it is, floating-point ones included (never to_u64(s), which
// would need a value the wrapper does not give). At the call site the
// caller's values are encoded as for any task: to_u64 for floats, a cast for
// integers and bools.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       // Graph @scaled
// CHECK-NEXT:  static void entry_graph_scaled(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    const auto s = args.scalar(0);
// CHECK-NEXT:    const auto d = args.scalar(1);
// CHECK-NEXT:    const auto n = args.scalar(2);
// CHECK-NEXT:    const auto flag = args.scalar(3);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @scale
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs scaled_params_t0;
// CHECK-NEXT:      scaled_params_t0.add_inout(x);
// CHECK-NEXT:      scaled_params_t0.add_scalar(s);
// CHECK-NEXT:      scaled_params_t0.add_scalar(d);
// CHECK-NEXT:      scaled_params_t0.add_scalar(n);
// CHECK-NEXT:      scaled_params_t0.add_scalar(flag);
// CHECK-NEXT:      rt_submit_aiv_task(0, scaled_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    float [[S:[a-z0-9_]+]] = orch_args.scalar<float>(0);
// CHECK-NEXT:    int32_t [[N:[a-z0-9_]+]] = orch_args.scalar<int32_t>(1);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: Graph @scaled
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      params_t0.add_scalar(to_u64([[S]]));
// CHECK-NEXT:      params_t0.add_scalar(to_u64(2.5{{0*}}e+00));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)([[N]]));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(true));
// CHECK-NEXT:      entry_graph_scaled_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_scaled, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @scale(%x: !pto.tensor<64xf32> {pto.direction = #pto.direction<inout>},
                        %s: f32, %d: f64, %n: i32, %f: i1)
  pto.graph @scaled(%x: !pto.tensor<64xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                    %s: f32 loc("s"), %d: f64 loc("d"), %n: i32 loc("n"), %f: i1 loc("flag")) {
    %x1, %t = pto.submit @scale(%x, %s, %d, %n, %f)
        : (!pto.tensor<64xf32>, f32, f64, i32, i1) -> !pto.tensor<64xf32>
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<64xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                           %s: f32 loc("s"), %n: i32 loc("n")) {
    %d = arith.constant 2.5 : f64
    %f = arith.constant true
    pto.call @scaled(%x, %s, %d, %n, %f) : (!pto.tensor<64xf32>, f32, f64, i32, i1) -> ()
    pto.return
  }
}

// -----

// Two Graphs: one function each, in module order, before the entry. Task
// numbers restart in every function; task variables are prefixed with the
// Graph's name (first_params_t0, second_params_t0), the entry's are not. A
// Graph launch counts as a task of the entry (Task 0, 2) between ordinary
// launches (Task 1). The first call's result is its InOut parameter, so the
// launches after it read ext_x.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       // Graph @first
// CHECK-NEXT:  static void entry_graph_first(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs first_params_t0;
// CHECK-NEXT:      first_params_t0.add_inout(x);
// CHECK-NEXT:      rt_submit_aiv_task(0, first_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs first_params_t1;
// CHECK-NEXT:      first_params_t1.add_inout(x);
// CHECK-NEXT:      rt_submit_aiv_task(0, first_params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       // Graph @second
// CHECK-NEXT:  static void entry_graph_second(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& y = args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs second_params_t0;
// CHECK-NEXT:      second_params_t0.add_inout(y);
// CHECK-NEXT:      rt_submit_aiv_task(0, second_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: dummy barrier
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs second_params_t1;
// CHECK-NEXT:      rt_submit_dummy_task(second_params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: Graph @first
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      entry_graph_first_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_first, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_x);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: Graph @second
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_inout(ext_x);
// CHECK-NEXT:      entry_graph_second_Config params_t2_config;
// CHECK-NEXT:      params_t2_config.layout.capture(params_t2);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_second, params_t2, params_t2_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @first(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) -> !pto.tensor<16xf32> {
    %x1, %t0 = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %x2, %t1 = pto.submit @k(%x1) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %x2 : !pto.tensor<16xf32>
  }
  pto.graph @second(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    %y1, %t0 = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %t1 = pto.task_dummy
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %x1 = pto.call @first(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %x2, %t = pto.submit @k(%x1) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.call @second(%x2) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}
