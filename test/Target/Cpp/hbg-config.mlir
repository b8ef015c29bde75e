// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Graph Configs (docs/translation.md, "Graph functions"; issue 5, "Deliver"
// 3): every Graph gets a generated `<fn>_Config` deriving
// simpler::hbg::ConfigBase, which the runtime adds to the Graph key. It holds
// the to_u64 bits of each boundary scalar the body reads while it is recorded
// (field scalar_<parameter number>; here a loop bound of scalar-only control
// flow, which launches nothing) and a GraphBoundaryLayout<N> of the N boundary
// tensors: dtype, shapes, strides, storage bytes, alias partition and offset
// within the partition. hash() and equals() cover every field. A body that
// reads construction values takes `const simpler::hbg::ConfigBase&
// config_base` and decodes with from_u64<T>; the InheritableScalar wrapper
// is bound only where a task takes the scalar (else it would be an unused
// variable). Each call site fills its own
// `params_t<N>_config` (scalars, then layout.capture(params)) and passes it to
// rt_submit_graph, so the runtime keys the recording on both.

// Three calls with loop bounds 3, 5 and 3: the Configs of the first and the
// third hold the same bits (one recording), the second differs. `s` is only
// forwarded: no Config field.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       template <uint32_t N>
// CHECK-NEXT:  struct GraphBoundaryLayout {
// CHECK:         void capture(const GraphTaskArgs& args) {
// CHECK:             partition[i] = i;
// CHECK:               if (args.tensor(j).ref().buffer.addr == t.buffer.addr) {
// CHECK:             partition_offset[i] = t.start_offset - args.tensor(partition[i]).ref().start_offset;
// CHECK:         uint64_t hash(uint64_t h) const {
// CHECK:         bool operator==(const GraphBoundaryLayout& other) const {
// CHECK:       struct entry_graph_repeat_Config final : simpler::hbg::ConfigBase {
// CHECK-NEXT:    uint64_t scalar_1 = 0;
// CHECK-NEXT:    GraphBoundaryLayout<1> layout;
// CHECK-NEXT:    uint64_t hash() const override {
// CHECK-NEXT:      uint64_t h = layout.hash(14695981039346656037ull);
// CHECK-NEXT:      h = (h ^ scalar_1) * 1099511628211ull;
// CHECK-NEXT:      return h;
// CHECK-NEXT:    }
// CHECK-NEXT:    bool equals(const simpler::hbg::ConfigBase& base) const override {
// CHECK-NEXT:      const auto& other = static_cast<const entry_graph_repeat_Config&>(base);
// CHECK-NEXT:      return layout == other.layout
// CHECK-NEXT:          && scalar_1 == other.scalar_1;
// CHECK-NEXT:    }
// CHECK-NEXT:  };
// CHECK:       // Graph @repeat
// CHECK-NEXT:  static void entry_graph_repeat(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& config_base) {
// CHECK-NEXT:    const auto& config = static_cast<const entry_graph_repeat_Config&>(config_base);
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    const int64_t n_value = from_u64<int64_t>(config.scalar_1);
// CHECK-NEXT:    const auto s = args.scalar(1);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      int64_t [[ACC:[a-z0-9_]+]] = (int64_t)0;
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n_value; i += (int64_t)1) {
// CHECK-NEXT:        int64_t [[NEXT:[a-z0-9_]+]]{};
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          const int64_t next = (int64_t)((uint64_t)([[ACC]]) + (uint64_t)(i));
// CHECK-NEXT:          [[NEXT]] = next;
// CHECK-NEXT:        }
// CHECK-NEXT:        [[ACC]] = [[NEXT]];
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs repeat_params_t0;
// CHECK-NEXT:      repeat_params_t0.add_inout(x);
// CHECK-NEXT:      repeat_params_t0.add_scalar(s);
// CHECK-NEXT:      rt_submit_aiv_task(0, repeat_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t m = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: Graph @repeat
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)((int64_t)3));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(m));
// CHECK-NEXT:      entry_graph_repeat_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.scalar_1 = to_u64((int64_t)3);
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_repeat, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: Graph @repeat
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_x);
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)((int64_t)5));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(m));
// CHECK-NEXT:      entry_graph_repeat_Config params_t1_config;
// CHECK-NEXT:      params_t1_config.scalar_1 = to_u64((int64_t)5);
// CHECK-NEXT:      params_t1_config.layout.capture(params_t1);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_repeat, params_t1, params_t1_config);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: Graph @repeat
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_inout(ext_x);
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)((int64_t)3));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(m));
// CHECK-NEXT:      entry_graph_repeat_Config params_t2_config;
// CHECK-NEXT:      params_t2_config.scalar_1 = to_u64((int64_t)3);
// CHECK-NEXT:      params_t2_config.layout.capture(params_t2);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_repeat, params_t2, params_t2_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @repeat(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                    %n: index loc("n"), %s: index loc("s")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
      %next = arith.addi %acc, %i : index loc("next")
      scf.yield %next : index
    }
    %x1, %t = pto.submit @k(%x, %s) : (!pto.tensor<16x8xf32>, index) -> !pto.tensor<16x8xf32>
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                           %m: index loc("m")) {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    pto.call @repeat(%x, %c3, %m) : (!pto.tensor<16x8xf32>, index, index) -> ()
    pto.call @repeat(%x, %c5, %m) : (!pto.tensor<16x8xf32>, index, index) -> ()
    pto.call @repeat(%x, %c3, %m) : (!pto.tensor<16x8xf32>, index, index) -> ()
    pto.return
  }
}

// -----

// A scalar both read while recorded and forwarded: the body decodes the
// Config field for the loop bound (from_u64<int32_t>, the parameter's type)
// and still forwards the wrapper `n` to the task. Inside a caller loop each
// iteration fills a fresh Config from its own `n`.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       struct entry_graph_both_Config final : simpler::hbg::ConfigBase {
// CHECK-NEXT:    uint64_t scalar_1 = 0;
// CHECK:       static void entry_graph_both(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& config_base) {
// CHECK-NEXT:    const auto& config = static_cast<const entry_graph_both_Config&>(config_base);
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    const auto n = args.scalar(0);
// CHECK-NEXT:    const int32_t n_value = from_u64<int32_t>(config.scalar_1);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      int32_t [[ACC:[a-z0-9_]+]] = (int32_t)0;
// CHECK-NEXT:      for (int32_t i = (int32_t)0; i < n_value; i += (int32_t)1) {
// CHECK:           both_params_t0.add_scalar(n);
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK:             const int32_t [[N:[a-z0-9_]+]] = (int32_t)([[I:[a-z0-9_]+]]);
// CHECK-NEXT:        // Task 0: Graph @both
// CHECK-NEXT:        {
// CHECK-NEXT:        GraphTaskArgs params_t0;
// CHECK-NEXT:        params_t0.add_inout(ext_x);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)([[N]]));
// CHECK-NEXT:        entry_graph_both_Config params_t0_config;
// CHECK-NEXT:        params_t0_config.scalar_1 = to_u64([[N]]);
// CHECK-NEXT:        params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:        {{^ +}}rt_submit_graph(&entry_graph_both, params_t0, params_t0_config);
// CHECK-NEXT:        }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: i32)
  pto.graph @both(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                  %n: i32 loc("n")) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %next = arith.addi %acc, %i : i32 loc("next")
      scf.yield %next : i32
    }
    %x1, %t = pto.submit @k(%x, %n) : (!pto.tensor<16xf32>, i32) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %j = %c0 to %c2 step %c1 {
      %n = arith.index_cast %j : index to i32 loc("n")
      pto.call @both(%x, %n) : (!pto.tensor<16xf32>, i32) -> ()
    }
    pto.return
  }
}

// -----

// A derived bound (`n2 = n * 2`) is hoisted by the legalize pipeline to a new
// scalar parameter, which is the construction value (scalar_3, decoded as
// n2_value); a bool read by an scf.if is one too (scalar_2, from_u64<bool>).
// `n`, read only by n2, leaves the boundary, so the parameters are x, s,
// flag, n2. The call site computes n2 and encodes both; the float `s` is
// only forwarded.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       struct entry_graph_derived_Config final : simpler::hbg::ConfigBase {
// CHECK-NEXT:    uint64_t scalar_2 = 0;
// CHECK-NEXT:    uint64_t scalar_3 = 0;
// CHECK:       static void entry_graph_derived(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& config_base) {
// CHECK-NEXT:    const auto& config = static_cast<const entry_graph_derived_Config&>(config_base);
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    const auto s = args.scalar(0);
// CHECK-NEXT:    const bool flag_value = from_u64<bool>(config.scalar_2);
// CHECK-NEXT:    const int64_t n2_value = from_u64<int64_t>(config.scalar_3);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      int64_t [[ACC:[a-z0-9_]+]] = (int64_t)0;
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n2_value; i += (int64_t)1) {
// CHECK:           if (flag_value) {
// CHECK:           derived_params_t0.add_scalar(s);
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t m = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    float [[S:[a-z0-9_]+]] = orch_args.scalar<float>(1);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int64_t [[N2:[a-z0-9_]+]] = (int64_t)((uint64_t)(m) * (uint64_t)((int64_t)2));
// CHECK-NEXT:      // Task 0: Graph @derived
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      params_t0.add_scalar(to_u64([[S]]));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(true));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)([[N2]]));
// CHECK-NEXT:      entry_graph_derived_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.scalar_2 = to_u64(true);
// CHECK-NEXT:      params_t0_config.scalar_3 = to_u64([[N2]]);
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_derived, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>}, %s: f32)
  pto.graph @derived(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                    %n: index loc("n"), %s: f32 loc("s"), %flag: i1 loc("flag")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n2 = arith.muli %n, %c2 : index loc("n2")
    %r = scf.for %i = %c0 to %n2 step %c1 iter_args(%acc = %c0) -> (index) {
      %next = arith.addi %acc, %i : index loc("next")
      scf.yield %next : index
    }
    %zero = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %s, %zero : f32 loc("pos")
    %sel = scf.if %flag -> (index) {
      scf.yield %c1 : index
    } else {
      scf.yield %c2 : index
    }
    %x1, %t = pto.submit @k(%x, %s) : (!pto.tensor<16x8xf32>, f32) -> !pto.tensor<16x8xf32>
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                           %m: index loc("m"), %s: f32 loc("s")) {
    %t = arith.constant true
    pto.call @derived(%x, %m, %s, %t) : (!pto.tensor<16x8xf32>, index, f32, i1) -> ()
    pto.return
  }
}

// -----

// A Graph with no construction values still has a Config: its boundary
// layout. Two calls pass the same buffer for both parameters and then two
// different buffers; the recorded dependency edges differ, and so does the
// layout's partition field, which keeps the two recordings apart. The body
// takes the Config unnamed.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       struct entry_graph_pair_Config final : simpler::hbg::ConfigBase {
// CHECK-NEXT:    GraphBoundaryLayout<2> layout;
// CHECK-NEXT:    uint64_t hash() const override {
// CHECK-NEXT:      uint64_t h = layout.hash(14695981039346656037ull);
// CHECK-NEXT:      return h;
// CHECK-NEXT:    }
// CHECK-NEXT:    bool equals(const simpler::hbg::ConfigBase& base) const override {
// CHECK-NEXT:      const auto& other = static_cast<const entry_graph_pair_Config&>(base);
// CHECK-NEXT:      return layout == other.layout;
// CHECK-NEXT:    }
// CHECK-NEXT:  };
// CHECK:       static void entry_graph_pair(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NOT:     config.
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK:         params_t0.add_input(ext_x);
// CHECK-NEXT:    params_t0.add_inout(ext_x);
// CHECK-NEXT:    entry_graph_pair_Config params_t0_config;
// CHECK-NEXT:    params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:    {{^ +}}rt_submit_graph(&entry_graph_pair, params_t0, params_t0_config);
// CHECK:         params_t1.add_input(ext_x);
// CHECK-NEXT:    params_t1.add_inout(ext_y);
// CHECK-NEXT:    entry_graph_pair_Config params_t1_config;
// CHECK-NEXT:    params_t1_config.layout.capture(params_t1);
// CHECK-NEXT:    {{^ +}}rt_submit_graph(&entry_graph_pair, params_t1, params_t1_config);
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<in>}, %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @pair(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<in>} loc("a"),
                  %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("b")) {
    %b1, %t = pto.submit @k(%a, %b) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                           %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    pto.call @pair(%x, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
    pto.call @pair(%x, %y) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
    pto.return
  }
}
