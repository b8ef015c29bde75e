// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// What a Graph body may keep after the legalize pipeline, printed inside the
// Graph function as in the entry (docs/translation.md, "What is printed").

// A dynamic dim of a boundary tensor (replay-invariant: the runtime refuses a
// call whose boundary shapes differ from the recording) stays in the body and
// reads `shapes[axis]` of the bound tensor; a static axis is a literal.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       static void entry_graph_dyn(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& y = args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int64_t n = (int64_t)x.shapes[0];
// CHECK-NEXT:      // Task 0: @rows
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs dyn_params_t0;
// CHECK-NEXT:      dyn_params_t0.add_input(x);
// CHECK-NEXT:      dyn_params_t0.add_inout(y);
// CHECK-NEXT:      dyn_params_t0.add_scalar((uint64_t)(n));
// CHECK-NEXT:      dyn_params_t0.add_scalar((uint64_t)((int64_t)64));
// CHECK-NEXT:      rt_submit_aiv_task(0, dyn_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_y = orch_args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: Graph @dyn
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_x);
// CHECK-NEXT:      params_t0.add_inout(ext_y);
// CHECK-NEXT:      entry_graph_dyn_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_dyn, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @rows(%x: !pto.tensor<?x64xf32>, %y: !pto.tensor<?x64xf32> {pto.direction = #pto.direction<inout>}, %n: index, %m: index)
  pto.graph @dyn(%x: !pto.tensor<?x64xf32> loc("x"),
                 %y: !pto.tensor<?x64xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = pto.dim %x, 0 : !pto.tensor<?x64xf32> loc("n")
    %m = pto.dim %x, 1 : !pto.tensor<?x64xf32> loc("m")
    %y1, %t = pto.submit @rows(%x, %y, %n, %m) : (!pto.tensor<?x64xf32>, !pto.tensor<?x64xf32>, index, index) -> !pto.tensor<?x64xf32>
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<?x64xf32> loc("x"),
                           %y: !pto.tensor<?x64xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    pto.call @dyn(%x, %y) : (!pto.tensor<?x64xf32>, !pto.tensor<?x64xf32>) -> ()
    pto.return
  }
}

// -----

// A view of a dynamic boundary tensor sized by its dim: the view is taken at
// the call site (sized by the caller's `shapes[0]`) and passed as a third
// boundary tensor; the dim the task reads stays in the body.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       static void entry_graph_dyn(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& y = args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& left = args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int64_t n = (int64_t)x.shapes[0];
// CHECK:           dyn_params_t1.add_input(left);
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_y = orch_args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int64_t [[N:[a-z0-9_]+]] = (int64_t)ext_x.shapes[0];
// CHECK-NEXT:      uint32_t [[LEFT:[a-z0-9_]+]]_shapes[2] = {(uint32_t)([[N]]), 32};
// CHECK-NEXT:      uint32_t [[LEFT]]_offsets[2] = {0, 0};
// CHECK-NEXT:      [[LEFT]]_shapes{{\[}}0] = [[LEFT]]_offsets{{\[}}0] >= ext_x.shapes{{\[}}0] ? 0u : ([[LEFT]]_shapes{{\[}}0] < ext_x.shapes{{\[}}0] - [[LEFT]]_offsets{{\[}}0] ? [[LEFT]]_shapes{{\[}}0] : ext_x.shapes{{\[}}0] - [[LEFT]]_offsets{{\[}}0]);
// CHECK-NEXT:      ChipTensor [[LEFT]] = ext_x.view([[LEFT]]_shapes, [[LEFT]]_offsets);
// CHECK-NEXT:      // Task 0: Graph @dyn
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_x);
// CHECK-NEXT:      params_t0.add_inout(ext_y);
// CHECK-NEXT:      params_t0.add_input([[LEFT]]);
// CHECK-NEXT:      entry_graph_dyn_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_dyn, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @rows(%x: !pto.tensor<?x64xf32>, %y: !pto.tensor<?x64xf32> {pto.direction = #pto.direction<inout>}, %n: index, %m: index)
  pto.kernel aiv @head(%x: !pto.tensor<?x32xf32>, %y: !pto.tensor<?x64xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @dyn(%x: !pto.tensor<?x64xf32> loc("x"),
                 %y: !pto.tensor<?x64xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    %c0 = arith.constant 0 : index
    %n = pto.dim %x, 0 : !pto.tensor<?x64xf32> loc("n")
    %m = pto.dim %x, 1 : !pto.tensor<?x64xf32> loc("m")
    %y1, %t = pto.submit @rows(%x, %y, %n, %m) : (!pto.tensor<?x64xf32>, !pto.tensor<?x64xf32>, index, index) -> !pto.tensor<?x64xf32>
    %h = pto.slice %x[0, 0] [%n, 32] : !pto.tensor<?x64xf32> to !pto.tensor<?x32xf32> loc("left")
    %y2, %t2 = pto.submit @head(%h, %y1) : (!pto.tensor<?x32xf32>, !pto.tensor<?x64xf32>) -> !pto.tensor<?x64xf32>
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<?x64xf32> loc("x"),
                           %y: !pto.tensor<?x64xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    pto.call @dyn(%x, %y) : (!pto.tensor<?x64xf32>, !pto.tensor<?x64xf32>) -> ()
    pto.return
  }
}

// -----

// Submit dependencies inside a manual scope of the body: the scope is
// PTO2_SCOPE(PTO2ScopeMode::MANUAL) in the Graph function, each launch's
// dependency array is named after its (prefixed) task variable, a launch's
// own id is used unguarded and the invalid sentinel is guarded.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       static void entry_graph_chain(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& y = args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& z = args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      PTO2TaskId first;
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs chain_params_t0;
// CHECK-NEXT:      chain_params_t0.add_input(x);
// CHECK-NEXT:      chain_params_t0.add_inout(y);
// CHECK-NEXT:      first = rt_submit_aiv_task(0, chain_params_t0).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k
// CHECK-NEXT:      PTO2TaskId second;
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs chain_params_t1;
// CHECK-NEXT:      chain_params_t1.add_input(y);
// CHECK-NEXT:      chain_params_t1.add_inout(z);
// CHECK-NEXT:      PTO2TaskId chain_params_t1_deps[1];
// CHECK-NEXT:      uint32_t chain_params_t1_deps_count = 0;
// CHECK-NEXT:      chain_params_t1_deps[chain_params_t1_deps_count++] = first;
// CHECK-NEXT:      chain_params_t1.set_dependencies(chain_params_t1_deps, chain_params_t1_deps_count);
// CHECK-NEXT:      second = rt_submit_aiv_task(0, chain_params_t1).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs chain_params_t2;
// CHECK-NEXT:      chain_params_t2.add_input(y);
// CHECK-NEXT:      chain_params_t2.add_inout(z);
// CHECK-NEXT:      PTO2TaskId chain_params_t2_deps[3];
// CHECK-NEXT:      uint32_t chain_params_t2_deps_count = 0;
// CHECK-NEXT:      chain_params_t2_deps[chain_params_t2_deps_count++] = first;
// CHECK-NEXT:      chain_params_t2_deps[chain_params_t2_deps_count++] = second;
// CHECK-NEXT:      if (PTO2TaskId::invalid().is_valid()) chain_params_t2_deps[chain_params_t2_deps_count++] = PTO2TaskId::invalid();
// CHECK-NEXT:      chain_params_t2.set_dependencies(chain_params_t2_deps, chain_params_t2_deps_count);
// CHECK-NEXT:      rt_submit_aiv_task(0, chain_params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_y = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_z = orch_args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: Graph @chain
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_x);
// CHECK-NEXT:      params_t0.add_inout(ext_y);
// CHECK-NEXT:      params_t0.add_inout(ext_z);
// CHECK-NEXT:      entry_graph_chain_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_chain, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @chain(%x: !pto.tensor<16xf32> loc("x"),
                   %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y"),
                   %z: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("z")) {
    pto.scope manual {
      %y1, %t0 = pto.submit @k(%x, %y) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("first")
      %z1, %t1 = pto.submit @k(%y1, %z) deps(%t0 : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("second")
      %none = pto.invalid_task_id
      %z2, %t2 = pto.submit @k(%y1, %z1) deps(%t0, %t1, %none : !pto.task_id, !pto.task_id, !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield
    }
    pto.return
  }
  pto.orchestration @entry(%x: !pto.tensor<16xf32> loc("x"),
                           %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y"),
                           %z: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("z")) {
    pto.call @chain(%x, %y, %z) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// Names in a Graph body carry the Graph's name like its task variables: the
// MixedKernels of a mixed launch (mix_mixed_0). The entry's own names stay
// unprefixed (mixed_1: task 1 of the entry; alloc_<N>, whose number this test
// leaves open). The create in the body's loop becomes a window per iteration
// of one boundary tensor (`scratch`, allocated by the entry as
// scratch__graph_arg0), at the offset `scratch_row`.

// CHECK-LABEL: // Orchestration function: mixed_prefix
// CHECK:       static void mixed_prefix_graph_mix(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& x = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& scratch = args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @mm
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs mix_params_t0;
// CHECK-NEXT:      mix_params_t0.add_inout(x);
// CHECK-NEXT:      MixedKernels mix_mixed_0 = {0, 1, INVALID_KERNEL_ID};
// CHECK-NEXT:      rt_submit_task(mix_mixed_0, mix_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)2; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          const int64_t scratch_row = (int64_t)((uint64_t)(i) * (uint64_t)((int64_t)16));
// CHECK-NEXT:          uint32_t scratch_1_shapes[1] = {16};
// CHECK-NEXT:          uint32_t scratch_1_offsets[1] = {(uint32_t)(scratch_row)};
// CHECK-NEXT:          scratch_1_shapes[0] = scratch_1_offsets[0] >= scratch.shapes[0] ? 0u : (scratch_1_shapes[0] < scratch.shapes[0] - scratch_1_offsets[0] ? scratch_1_shapes[0] : scratch.shapes[0] - scratch_1_offsets[0]);
// CHECK-NEXT:          ChipTensor scratch_1 = scratch.view(scratch_1_shapes, scratch_1_offsets);
// CHECK-NEXT:          // Task 1: @fill
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs mix_params_t1;
// CHECK-NEXT:          mix_params_t1.add_output(scratch_1);
// CHECK-NEXT:          mix_params_t1.add_inout(x);
// CHECK-NEXT:          rt_submit_aiv_task(2, mix_params_t1);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t scratch_2_ci_shapes[1] = {16};
// CHECK-NEXT:      TensorCreateInfo scratch_2_ci(scratch_2_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t scratch__graph_arg0_ci_shapes[1] = {32};
// CHECK-NEXT:      TensorCreateInfo scratch__graph_arg0_ci(scratch__graph_arg0_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors [[ALLOC:alloc_[0-9]+]] = alloc_tensors(scratch_2_ci, scratch__graph_arg0_ci);
// CHECK-NEXT:      const ChipTensor& scratch_2 = [[ALLOC]].get_ref(0);
// CHECK-NEXT:      const ChipTensor& scratch__graph_arg0 = [[ALLOC]].get_ref(1);
// CHECK-NEXT:      // Task 0: @fill
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_output(scratch_2);
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      rt_submit_aiv_task(2, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @mm
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_x);
// CHECK-NEXT:      MixedKernels mixed_1 = {0, 1, INVALID_KERNEL_ID};
// CHECK-NEXT:      rt_submit_task(mixed_1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: Graph @mix
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_inout(ext_x);
// CHECK-NEXT:      params_t2.add_inout(scratch__graph_arg0);
// CHECK-NEXT:      mixed_prefix_graph_mix_Config params_t2_config;
// CHECK-NEXT:      params_t2_config.layout.capture(params_t2);
// CHECK-NEXT:  {{^ +}}rt_submit_graph(&mixed_prefix_graph_mix, params_t2, params_t2_config);
// CHECK-NEXT:  }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aic @mm_cube(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @mm_vector(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel mixed(@mm_cube, @mm_vector) @mm(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @fill(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>}, %x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @mix(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %x1, %t = pto.submit @mm(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %s = pto.create : !pto.tensor<16xf32> loc("scratch")
      %s1, %x2, %t2 = pto.submit @fill(%s, %x1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
    }
    pto.return
  }
  pto.orchestration @mixed_prefix(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %s = pto.create : !pto.tensor<16xf32> loc("scratch")
    %s1, %x2, %t2 = pto.submit @fill(%s, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
    %x3, %t3 = pto.submit @mm(%x2) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.call @mix(%x3) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}
