// RUN: pto-opt %s --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp --pto-runtime-api=simpler_6ebaf771 | FileCheck %s
// RUN: pto-opt %s --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp --pto-runtime-api=spec | FileCheck %s --check-prefix=SPEC

// What the real decoder layer needs in a Graph: literal SPMD block counts
// and task flags on its launches, a mixed kernel, and a dependency on a task
// before the Graph. The runtime refuses explicit dependencies on a Graph
// launch, but accepts, inside the body, one on the owner of a boundary
// tensor (the launch waits for the owners of its boundary tensors): the
// caller seeds it with pto.set_owner, the body reads it with
// pto.owner_task_id. Both are printed alike at both API levels.

// CHECK-LABEL: // Orchestration function: decode
// CHECK:       static void decode_graph_layer(const GraphTaskArgs& args, uint64_t /*layout_hash*/) {
// CHECK-NEXT:    const ChipTensor& normed = args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& acc = args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        PTO2TaskId prev = normed.owner_task_id;
// CHECK-NEXT:        // Task 0: @proj
// CHECK:             if (prev.is_valid()) layer_params_t0_deps[layer_params_t0_deps_count++] = prev;
// CHECK-NEXT:        layer_params_t0.set_dependencies(layer_params_t0_deps, layer_params_t0_deps_count);
// CHECK-NEXT:        layer_params_t0.launch_spec.set_block_num(50);
// CHECK-NEXT:        layer_params_t0.set_allow_early_resolve(true);
// CHECK-NEXT:        tid = rt_submit_aiv_task(1, layer_params_t0).task_id();
// CHECK:             layer_params_t1.set_dependencies(layer_params_t1_deps, layer_params_t1_deps_count);
// CHECK-NEXT:        layer_params_t1.launch_spec.set_block_num(24);
// CHECK-NEXT:        layer_params_t1.launch_spec.set_require_sync_start(true);
// CHECK-NEXT:        layer_params_t1.set_allow_early_resolve(true);
// CHECK-NEXT:        MixedKernels layer_mixed_1 = {2, 1, 1};
// CHECK-NEXT:        rt_submit_task(layer_mixed_1, layer_params_t1);
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK:           tid_1 = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      ChipTensor seeded_1 = ext_normed;
// CHECK-NEXT:      seeded_1.owner_task_id = tid_1;
// CHECK-NEXT:      seeded = seeded_1;
// CHECK:           params_t1.add_input(seeded);
// CHECK-NEXT:      params_t1.add_inout(ext_acc);

// SPEC-LABEL: // Orchestration function: decode
// SPEC:       static void decode_graph_layer(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& /*config*/) {
// SPEC:         PTO2TaskId prev = normed.owner_task_id;
// SPEC:         layer_params_t0.launch_spec.set_block_num(50);
// SPEC:         layer_params_t1.launch_spec.set_require_sync_start(true);
// SPEC:         seeded_1.owner_task_id = tid_1;
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @norm(%x: !pto.tensor<16x64xf32>, %y: !pto.tensor<16x64xbf16> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @proj(%x: !pto.tensor<16x64xbf16>, %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aic @attn_cube(%x: !pto.tensor<16x64xbf16>, %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel mixed(@attn_cube, @proj, @proj) @attn(%x: !pto.tensor<16x64xbf16>, %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%normed: !pto.tensor<16x64xbf16> loc("normed"), %acc: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>} loc("acc")) -> !pto.tensor<16x64xf32> {
    %c50 = arith.constant 50 : index
    %c24 = arith.constant 24 : index
    %r = pto.scope manual -> !pto.tensor<16x64xf32> {
      %prev = pto.owner_task_id %normed : !pto.tensor<16x64xbf16> loc("prev")
      %a1, %t0 = pto.submit @proj(%normed, %acc) deps(%prev : !pto.task_id) core_num(%c50) {allow_early_resolve} : (!pto.tensor<16x64xbf16>, !pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
      %a2, %t1 = pto.submit @attn(%normed, %a1) deps(%t0 : !pto.task_id) core_num(%c24) {allow_early_resolve, require_sync_start} : (!pto.tensor<16x64xbf16>, !pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
      pto.yield %a2 : !pto.tensor<16x64xf32>
    }
    pto.return %r : !pto.tensor<16x64xf32>
  }
  pto.orchestration @decode(%hidden: !pto.tensor<16x64xf32> loc("hidden"), %normed: !pto.tensor<16x64xbf16> {pto.direction = #pto.direction<inout>} loc("normed"), %acc: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    %seeded = pto.scope manual -> !pto.tensor<16x64xbf16> {
      %n1, %t = pto.submit @norm(%hidden, %normed) : (!pto.tensor<16x64xf32>, !pto.tensor<16x64xbf16>) -> !pto.tensor<16x64xbf16>
      %s = pto.set_owner %n1, %t : !pto.tensor<16x64xbf16> loc("seeded")
      pto.yield %s : !pto.tensor<16x64xbf16>
    } loc("seeded")
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %out = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %acc) -> !pto.tensor<16x64xf32> {
      %a1 = pto.call @layer(%seeded, %a) : (!pto.tensor<16x64xbf16>, !pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
      scf.yield %a1 : !pto.tensor<16x64xf32>
    }
    pto.return
  }
}
