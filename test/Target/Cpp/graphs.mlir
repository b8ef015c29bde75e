// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Graph functions (host_build_graph): each pto.graph is a static function
// taking `const GraphTaskArgs& args`, launched with rt_submit_graph. The names
// the Graph translation spells (args, GraphTaskArgs, rt_submit_graph,
// GraphSubmitResult, GraphFunction, TensorRef, Arg, simpler) are reserved: a
// value given one of them gets a trailing `_`.

// CHECK-LABEL: // Orchestration function: graph_names
// CHECK-NEXT:  // Kernel ids: 0 = @k (aiv) 1 = @k6 (aiv)
// CHECK-NEXT:  // Runtime API: spec (InheritableScalar, ConfigBase)
// CHECK-NEXT:  #include <math.h>
// CHECK-NEXT:  #include <stddef.h>
// CHECK-NEXT:  #include <stdint.h>
// CHECK-NEXT:  #include <stdio.h>
// CHECK-NEXT:  #include <stdlib.h>
// CHECK-NEXT:  #include "pto_orchestration_api.h"
// CHECK-EMPTY:
// CHECK-NEXT:  // Boundary layout of a Graph launch
// CHECK:       // Graph @layer
// CHECK-NEXT:  static void graph_names_graph_layer(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// CHECK-NEXT:    const ChipTensor& args_ = args.tensor(0).ref();
// CHECK-NEXT:    const auto i = args.scalar(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs layer_params_t0;
// CHECK-NEXT:      layer_params_t0.add_inout(args_);
// CHECK-NEXT:      layer_params_t0.add_scalar(i);
// CHECK-NEXT:      rt_submit_aiv_task(0, layer_params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  extern "C" {
// CHECK-EMPTY:
// CHECK-NEXT:  PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 8 };
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t GraphTaskArgs_ = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    int64_t rt_submit_graph_ = orch_args.scalar<int64_t>(1);
// CHECK-NEXT:    int64_t GraphSubmitResult_ = orch_args.scalar<int64_t>(2);
// CHECK-NEXT:    int64_t GraphFunction_ = orch_args.scalar<int64_t>(3);
// CHECK-NEXT:    int64_t TensorRef_ = orch_args.scalar<int64_t>(4);
// CHECK-NEXT:    int64_t Arg_ = orch_args.scalar<int64_t>(5);
// CHECK-NEXT:    int64_t simpler_ = orch_args.scalar<int64_t>(6);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: Graph @layer
// CHECK-NEXT:      {
// CHECK-NEXT:      GraphTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(GraphTaskArgs_));
// CHECK-NEXT:      graph_names_graph_layer_Config params_t0_config;
// CHECK-NEXT:      params_t0_config.layout.capture(params_t0);
// CHECK-NEXT:      rt_submit_graph(&graph_names_graph_layer, params_t0, params_t0_config);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k6
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_x);
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(rt_submit_graph_));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(GraphSubmitResult_));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(GraphFunction_));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(TensorRef_));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(Arg_));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(simpler_));
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  }  // extern "C"

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.kernel aiv @k6(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %a: index, %b: index, %c: index, %d: index, %e: index, %f: index)
  pto.graph @layer(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("args"), %i: index loc("i")) {
    %x1, %t = pto.submit @k(%x, %i) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @graph_names(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"), %i: index loc("GraphTaskArgs"),
                                 %a: index loc("rt_submit_graph"), %b: index loc("GraphSubmitResult"), %c: index loc("GraphFunction"),
                                 %d: index loc("TensorRef"), %e: index loc("Arg"), %f: index loc("simpler")) {
    pto.call @layer(%x, %i) : (!pto.tensor<16xf32>, index) -> ()
    %x1, %t = pto.submit @k6(%x, %a, %b, %c, %d, %e, %f) : (!pto.tensor<16xf32>, index, index, index, index, index, index) -> !pto.tensor<16xf32>
    pto.return
  }
}
