// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp --pto-runtime-api=spec -split-input-file | FileCheck %s --check-prefix=SPEC

// The public runtime's API level (pto.runtime_api = simpler_6ebaf771;
// docs/translation.md, "Runtime API levels"). The Graph function takes its
// configs by value: the boundary layout's hash, then each construction value
// in its C++ type; the call site passes them to rt_submit_graph, which hashes
// every one into the Graph key. A forwarded boundary scalar is the slot
// itself, `args.scalar(k)`: the runtime links a task scalar to the boundary
// by the slot's address, so a copy would freeze the first call's value.
// --pto-runtime-api=spec overrides the attribute.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       // Runtime API: simpler 6ebaf771 (scalar slots, rt_submit_graph configs)
// CHECK-NOT:   ConfigBase
// CHECK:       static void entry_graph_repeat(const GraphTaskArgs& args, uint64_t /*layout_hash*/, int64_t n_value) {
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK:           for (int64_t i = (int64_t)0; i < n_value; i += (int64_t)1) {
// CHECK:           repeat_params_t0.add_inout(x);
// CHECK-NEXT:      repeat_params_t0.add_scalar(args.scalar(1));
// CHECK-NEXT:      rt_submit_aiv_task(0, repeat_params_t0);
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t m = from_u64<int64_t>(orch_args.scalar(0));
// CHECK:           params_t0.add_scalar((uint64_t)((int64_t)3));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(m));
// CHECK-NEXT:      GraphBoundaryLayout<1> params_t0_layout;
// CHECK-NEXT:      params_t0_layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_repeat, params_t0, params_t0_layout.hash(14695981039346656037ull), static_cast<int64_t>((int64_t)3));
// CHECK:           {{^ +}}rt_submit_graph(&entry_graph_repeat, params_t1, params_t1_layout.hash(14695981039346656037ull), static_cast<int64_t>(m));

// SPEC-LABEL:  // Orchestration function: entry
// SPEC:        // Runtime API: spec (InheritableScalar, ConfigBase)
// SPEC:        struct entry_graph_repeat_Config final : simpler::hbg::ConfigBase {
// SPEC:          const auto s = args.scalar(1);
// SPEC:          repeat_params_t0.add_scalar(s);
// SPEC:          int64_t m = orch_args.scalar<int64_t>(0);
// SPEC:          rt_submit_graph(&entry_graph_repeat, params_t0, params_t0_config);
module attributes {pto.runtime = #pto.runtime<host_build_graph>, pto.runtime_api = #pto.runtime_api<simpler_6ebaf771>} {
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
    pto.call @repeat(%x, %c3, %m) : (!pto.tensor<16x8xf32>, index, index) -> ()
    pto.call @repeat(%x, %m, %m) : (!pto.tensor<16x8xf32>, index, index) -> ()
    pto.return
  }
}

// -----

// An i32 construction value keeps its type through the config; a float
// boundary scalar is forwarded from its slot like any other.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       static void entry_graph_count(const GraphTaskArgs& args, uint64_t /*layout_hash*/, int32_t n_value) {
// CHECK:           count_params_t0.add_scalar(args.scalar(1));
// CHECK:       float g = from_u64<float>(orch_args.scalar(0));
// CHECK:         params_t0.add_scalar(to_u64(g));
// CHECK:         rt_submit_graph(&entry_graph_count, params_t0, params_t0_layout.hash(14695981039346656037ull), static_cast<int32_t>(n_1));
module attributes {pto.runtime = #pto.runtime<host_build_graph>, pto.runtime_api = #pto.runtime_api<simpler_6ebaf771>} {
  pto.kernel aiv @k(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>}, %f: f32)
  pto.graph @count(%x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                   %n: i32 loc("n"), %f: f32 loc("f")) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %next = arith.addi %acc, %i : i32
      scf.yield %next : i32
    }
    %x1, %t = pto.submit @k(%x, %f) : (!pto.tensor<16x8xf32>, f32) -> !pto.tensor<16x8xf32> 
    pto.return
  }
  pto.orchestration @entry(%g: f32 loc("g"), %n: i32 loc("n"),
                           %x: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    pto.call @count(%x, %n, %g) : (!pto.tensor<16x8xf32>, i32, f32) -> ()
    pto.return
  }
}
