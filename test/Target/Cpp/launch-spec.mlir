// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// SPMD block counts and task flags (pto.submit core_num, allow_early_resolve,
// require_sync_start): printed after the task's arguments and dependencies,
// on its CoreTaskArgs. A literal block count prints as its literal, a value
// as an int16_t cast of its variable (the runtime's block_num type).

// CHECK-LABEL: // Orchestration function: spmd
// CHECK:         // Task 0: @proj
// CHECK-NEXT:         {
// CHECK-NEXT:    CoreTaskArgs params_t0;
// CHECK-NEXT:    params_t0.add_input(ext_x);
// CHECK-NEXT:    params_t0.add_inout(ext_y);
// CHECK-NEXT:    params_t0.launch_spec.set_block_num(50);
// CHECK-NEXT:    params_t0.set_allow_early_resolve(true);
// CHECK-NEXT:    rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:    }
// CHECK:         // Task 1: @proj
// CHECK-NEXT:         {
// CHECK-NEXT:    CoreTaskArgs params_t1;
// CHECK-NEXT:    params_t1.add_input(ext_x);
// CHECK-NEXT:    params_t1.add_inout(ext_y);
// CHECK-NEXT:    params_t1.launch_spec.set_block_num(static_cast<int16_t>(blocks));
// CHECK-NEXT:    params_t1.launch_spec.set_require_sync_start(true);
// CHECK-NEXT:    rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:    }
// CHECK:         // Task 2: @attn
// CHECK-NEXT:         {
// CHECK-NEXT:    CoreTaskArgs params_t2;
// CHECK-NEXT:    params_t2.add_input(ext_x);
// CHECK-NEXT:    params_t2.add_inout(ext_y);
// CHECK-NEXT:    params_t2.launch_spec.set_block_num(24);
// CHECK-NEXT:    params_t2.launch_spec.set_require_sync_start(true);
// CHECK-NEXT:    params_t2.set_allow_early_resolve(true);
// CHECK-NEXT:    MixedKernels mixed_2 = {1, 0, 0};
// CHECK-NEXT:    rt_submit_task(mixed_2, params_t2);
// CHECK-NEXT:    }
module {
  pto.kernel aiv @proj(%x: !pto.tensor<16x64xbf16>, %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aic @attn_cube(%x: !pto.tensor<16x64xbf16>, %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel mixed(@attn_cube, @proj, @proj) @attn(%x: !pto.tensor<16x64xbf16>, %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @spmd(%x: !pto.tensor<16x64xbf16> loc("x"), %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>} loc("y"), %blocks: index loc("blocks")) {
    %c50 = arith.constant 50 : index
    %c24 = arith.constant 24 : index
    %y1, %t0 = pto.submit @proj(%x, %y) core_num(%c50) {allow_early_resolve} : (!pto.tensor<16x64xbf16>, !pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
    %y2, %t1 = pto.submit @proj(%x, %y1) core_num(%blocks) {require_sync_start} : (!pto.tensor<16x64xbf16>, !pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
    %y3, %t2 = pto.submit @attn(%x, %y2) core_num(%c24) {allow_early_resolve, require_sync_start} : (!pto.tensor<16x64xbf16>, !pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
    pto.return
  }
}

// -----

// Tensor owners: pto.set_owner copies the descriptor and sets its
// owner_task_id; pto.owner_task_id reads one (possibly invalid, so a
// dependency on it is guarded).

// CHECK-LABEL: // Orchestration function: owners
// CHECK:         PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK:           tid = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      ChipTensor owned = ext_y;
// CHECK-NEXT:      owned.owner_task_id = tid;
// CHECK-NEXT:      PTO2TaskId prev = ext_x.owner_task_id;
// CHECK-NEXT:      // Task 1: @proj
// CHECK:           if (prev.is_valid()) params_t1_deps[params_t1_deps_count++] = prev;
// CHECK-NEXT:      params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
module {
  pto.kernel aiv @proj(%x: !pto.tensor<16x64xbf16>, %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @owners(%x: !pto.tensor<16x64xbf16> loc("x"), %y: !pto.tensor<16x64xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    pto.scope manual {
      %y1, %t0 = pto.submit @proj(%x, %y) : (!pto.tensor<16x64xbf16>, !pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
      %owned = pto.set_owner %y1, %t0 : !pto.tensor<16x64xf32> loc("owned")
      %prev = pto.owner_task_id %x : !pto.tensor<16x64xbf16> loc("prev")
      %y2, %t1 = pto.submit @proj(%x, %owned) deps(%prev : !pto.task_id) : (!pto.tensor<16x64xbf16>, !pto.tensor<16x64xf32>) -> !pto.tensor<16x64xf32>
      pto.yield
    }
    pto.return
  }
}
