// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Graph results (docs/translation.md, "Graph functions"; issue 5, "Deliver"
// 2): rt_submit_graph returns nothing the program may use, so a pto.call's
// results are the buffers the Graph returns, by the tied results of pto.call
// (each returned tensor is one of the Graph's parameters after
// pto-normalize-return-order). Consumers after the call read the argument
// buffer of the parameter each result names.

// Swapped returns: @swap returns (q, p), so the first result is the second
// argument (ext_b) and the second result the first (ext_a).

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       static void entry_graph_swap(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& p = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& q = args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @step
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs swap_params_t0;
// CHECK-NEXT:      swap_params_t0.add_inout(p);
// CHECK-NEXT:      swap_params_t0.add_inout(q);
// CHECK-NEXT:      rt_submit_aiv_task(0, swap_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_b = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_o1 = orch_args.tensor(2).ref();
// CHECK-NEXT:    const ChipTensor& ext_o2 = orch_args.tensor(3).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: Graph @swap
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_a);
// CHECK-NEXT:      params_t0.add_inout(ext_b);
// CHECK-NEXT:      entry_graph_swap_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      {{^ +}}rt_submit_graph(&entry_graph_swap, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(ext_b);
// CHECK-NEXT:      params_t1.add_output(ext_o1);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(ext_a);
// CHECK-NEXT:      params_t2.add_output(ext_o2);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @step(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                       %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @use(%src: !pto.tensor<16xf32>, %dst: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.graph @swap(%p: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("p"),
                  %q: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("q"))
      -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) {
    %p1, %q1, %t = pto.submit @step(%p, %q) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
    pto.return %q1, %p1 : !pto.tensor<16xf32>, !pto.tensor<16xf32>
  }
  pto.orchestration @entry(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("a"),
                           %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("b"),
                           %o1: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>} loc("o1"),
                           %o2: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>} loc("o2")) {
    %first, %second = pto.call @swap(%a, %b) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
    %r1, %t1 = pto.submit @use(%first, %o1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %r2, %t2 = pto.submit @use(%second, %o2) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// The swap carried through a loop (ping-pong buffers): the loop needs a
// variable per carry, and the two are assigned in parallel at the yield, so
// each iteration passes the buffers in the other order.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_b = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_o1 = orch_args.tensor(2).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      ChipTensor [[X:[a-z0-9_]+]] = ext_a;
// CHECK-NEXT:      ChipTensor [[Y:[a-z0-9_]+]] = ext_b;
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)3; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 0: Graph @swap
// CHECK-NEXT:          {
// CHECK-NEXT:          GraphTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_inout([[X]]);
// CHECK-NEXT:          params_t0.add_inout([[Y]]);
// CHECK-NEXT:          entry_graph_swap_Config params_t0_config;
// CHECK-NEXT:          params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:          {{^ +}}rt_submit_graph(&entry_graph_swap, params_t0, params_t0_config);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        ChipTensor [[NX:[a-z0-9_]+]]{};
// CHECK-NEXT:        [[NX]] = [[Y]];
// CHECK-NEXT:        ChipTensor [[NY:[a-z0-9_]+]]{};
// CHECK-NEXT:        [[NY]] = [[X]];
// CHECK-NEXT:        [[X]] = [[NX]];
// CHECK-NEXT:        [[Y]] = [[NY]];
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input([[X]]);
// CHECK-NEXT:      params_t1.add_output(ext_o1);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @step(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                       %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @use(%src: !pto.tensor<16xf32>, %dst: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.graph @swap(%p: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("p"),
                  %q: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("q"))
      -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) {
    %p1, %q1, %t = pto.submit @step(%p, %q) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
    pto.return %q1, %p1 : !pto.tensor<16xf32>, !pto.tensor<16xf32>
  }
  pto.orchestration @entry(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("a"),
                           %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("b"),
                           %o1: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>} loc("o1")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) {
      %first, %second = pto.call @swap(%x, %y) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
      scf.yield %first, %second : !pto.tensor<16xf32>, !pto.tensor<16xf32>
    } loc("cur")
    %r1, %t1 = pto.submit @use(%r#0, %o1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A Graph may return an input parameter (the first result is @pick's `x`):
// the result is the caller's input buffer. Results chosen by an scf.if at the
// call site go through the branch's variable.

// CHECK-LABEL: // Orchestration function: entry
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_b = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(2).ref();
// CHECK-NEXT:    bool f = orch_args.scalar<bool>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      ChipTensor r{};
// CHECK-NEXT:      if (f) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 0: Graph @pick
// CHECK-NEXT:          {
// CHECK-NEXT:          GraphTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(ext_a);
// CHECK-NEXT:          params_t0.add_inout(ext_b);
// CHECK-NEXT:          entry_graph_pick_Config params_t0_config;
// CHECK-NEXT:          params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:          {{^ +}}rt_submit_graph(&entry_graph_pick, params_t0, params_t0_config);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        r = ext_a;
// CHECK-NEXT:      }
// CHECK-NEXT:      else {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 1: Graph @pick
// CHECK-NEXT:          {
// CHECK-NEXT:          GraphTaskArgs params_t1;
// CHECK-NEXT:          params_t1.add_input(ext_a);
// CHECK-NEXT:          params_t1.add_inout(ext_c);
// CHECK-NEXT:          entry_graph_pick_Config params_t1_config;
// CHECK-NEXT:          params_t1_config.layout.capture(params_t1);
// CHECK-NEXT:          {{^ +}}rt_submit_graph(&entry_graph_pick, params_t1, params_t1_config);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        r = ext_c;
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(r);
// CHECK-NEXT:      params_t2.add_inout(ext_b);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @pick(%x: !pto.tensor<16xf32> loc("x"), %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y"))
      -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) {
    %y1, %t = pto.submit @k(%x, %y) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %x, %y1 : !pto.tensor<16xf32>, !pto.tensor<16xf32>
  }
  pto.orchestration @entry(%a: !pto.tensor<16xf32> loc("a"), %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("b"),
                           %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %f: i1 loc("f")) {
    %r = scf.if %f -> (!pto.tensor<16xf32>) {
      %u, %v = pto.call @pick(%a, %b) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
      scf.yield %u : !pto.tensor<16xf32>
    } else {
      %u, %v = pto.call @pick(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
      scf.yield %v : !pto.tensor<16xf32>
    } loc("r")
    %r1, %t = pto.submit @k(%r, %b) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}
