// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Dummy (barrier) tasks (spec "Phase-fence dummy barriers", "Empty-deps vs
// dep-carrying dummies"): rt_submit_dummy_task. With no dependencies, or only
// always-valid ones, it is submitted unconditionally; when every edge may be
// the invalid sentinel it is submitted under `if (<deps>_count > 0)` and its id
// starts as PTO2TaskId::invalid().

// CHECK-LABEL: // Orchestration function: dummies
// CHECK:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:    // Task 0: dummy barrier
// CHECK-NEXT:    PTO2TaskId start;
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t0;
// CHECK-NEXT:    start = rt_submit_dummy_task(params_t0).task_id();
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 1: @k
// CHECK-NEXT:    PTO2TaskId t1;
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t1;
// CHECK-NEXT:    params_t1.add_input(ext_x);
// CHECK-NEXT:    params_t1.add_inout(ext_y);
// CHECK-NEXT:    PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:    uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:    params_t1_deps[params_t1_deps_count++] = start;
// CHECK-NEXT:    params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:    t1 = rt_submit_aiv_task(0, params_t1).task_id();
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 2: @k
// CHECK-NEXT:    PTO2TaskId t2;
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t2;
// CHECK-NEXT:    params_t2.add_input(ext_x);
// CHECK-NEXT:    params_t2.add_inout(ext_y);
// CHECK-NEXT:    PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:    uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:    params_t2_deps[params_t2_deps_count++] = start;
// CHECK-NEXT:    params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:    t2 = rt_submit_aiv_task(0, params_t2).task_id();
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 3: dummy barrier
// CHECK-NEXT:    PTO2TaskId join;
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t3;
// CHECK-NEXT:    PTO2TaskId params_t3_deps[2];
// CHECK-NEXT:    uint32_t params_t3_deps_count = 0;
// CHECK-NEXT:    params_t3_deps[params_t3_deps_count++] = t1;
// CHECK-NEXT:    params_t3_deps[params_t3_deps_count++] = t2;
// CHECK-NEXT:    params_t3.set_dependencies(params_t3_deps, params_t3_deps_count);
// CHECK-NEXT:    join = rt_submit_dummy_task(params_t3).task_id();
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 4: dummy barrier
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t4;
// CHECK-NEXT:    rt_submit_dummy_task(params_t4);
// CHECK-NEXT:    }
// CHECK-NEXT:    PTO2TaskId ids[2];
// CHECK-NEXT:    for (uint32_t k = 0; k < 2; ++k) ids[k] = PTO2TaskId::invalid();
// CHECK-NEXT:    PTO2TaskId carry = join;
// CHECK-NEXT:    for (int64_t i = (int64_t)0; i < (int64_t)3; i += (int64_t)1) {
// CHECK-NEXT:      // Task 5: @k
// CHECK-NEXT:      PTO2TaskId t3;
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t5;
// CHECK-NEXT:      params_t5.add_input(ext_x);
// CHECK-NEXT:      params_t5.add_inout(ext_y);
// CHECK-NEXT:      PTO2TaskId params_t5_deps[1];
// CHECK-NEXT:      uint32_t params_t5_deps_count = 0;
// CHECK-NEXT:      if (carry.is_valid()) params_t5_deps[params_t5_deps_count++] = carry;
// CHECK-NEXT:      params_t5.set_dependencies(params_t5_deps, params_t5_deps_count);
// CHECK-NEXT:      t3 = rt_submit_aiv_task(0, params_t5).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      carry = t3;
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 6: dummy barrier
// CHECK-NEXT:    PTO2TaskId fence = PTO2TaskId::invalid();
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t6;
// CHECK-NEXT:    PTO2TaskId params_t6_deps[3];
// CHECK-NEXT:    uint32_t params_t6_deps_count = 0;
// CHECK-NEXT:    if (carry.is_valid()) params_t6_deps[params_t6_deps_count++] = carry;
// CHECK-NEXT:    for (uint32_t k = 0; k < 2; ++k) {
// CHECK-NEXT:      if (ids[k].is_valid()) params_t6_deps[params_t6_deps_count++] = ids[k];
// CHECK-NEXT:    }
// CHECK-NEXT:    params_t6.set_dependencies(params_t6_deps, params_t6_deps_count);
// CHECK-NEXT:    if (params_t6_deps_count > 0) {
// CHECK-NEXT:      fence = rt_submit_dummy_task(params_t6).task_id();
// CHECK-NEXT:    }
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 7: @k
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t7;
// CHECK-NEXT:    params_t7.add_input(ext_x);
// CHECK-NEXT:    params_t7.add_inout(ext_y);
// CHECK-NEXT:    PTO2TaskId params_t7_deps[1];
// CHECK-NEXT:    uint32_t params_t7_deps_count = 0;
// CHECK-NEXT:    if (fence.is_valid()) params_t7_deps[params_t7_deps_count++] = fence;
// CHECK-NEXT:    params_t7.set_dependencies(params_t7_deps, params_t7_deps_count);
// CHECK-NEXT:    rt_submit_aiv_task(0, params_t7);
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 8: dummy barrier
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t8;
// CHECK-NEXT:    PTO2TaskId params_t8_deps[1];
// CHECK-NEXT:    uint32_t params_t8_deps_count = 0;
// CHECK-NEXT:    if (PTO2TaskId::invalid().is_valid()) params_t8_deps[params_t8_deps_count++] = PTO2TaskId::invalid();
// CHECK-NEXT:    params_t8.set_dependencies(params_t8_deps, params_t8_deps_count);
// CHECK-NEXT:    if (params_t8_deps_count > 0) {
// CHECK-NEXT:      rt_submit_dummy_task(params_t8);
// CHECK-NEXT:    }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @dummies(%x: !pto.tensor<16xf32> loc("x"),
                             %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    pto.scope manual {
      // Statically empty: submitted unconditionally (a ready-immediately
      // barrier whose id still joins each consumer's fanin).
      %start = pto.task_dummy loc("start")
      %y1, %t1 = pto.submit @k(%x, %y) deps(%start : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t1")
      %y2, %t2 = pto.submit @k(%x, %y1) deps(%start : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t2")
      // Only always-valid edges: unconditional too.
      %join = pto.task_dummy deps(%t1, %t2 : !pto.task_id, !pto.task_id) loc("join")
      // An unused empty barrier.
      pto.task_dummy
      %none = pto.invalid_task_id
      %ids = pto.array_splat %none : !pto.task_id_array<2> loc("ids")
      %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%prev = %join) -> (!pto.task_id) {
        %y3, %t3 = pto.submit @k(%x, %y2) deps(%prev : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t3")
        scf.yield %t3 : !pto.task_id
      }
      // Edges that may all be invalid: submitted only if one survived.
      %fence = pto.task_dummy deps(%last, %ids : !pto.task_id, !pto.task_id_array<2>) loc("fence")
      %y4, %t4 = pto.submit @k(%x, %y2) deps(%fence : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      // Same, with the barrier's id unused.
      pto.task_dummy deps(%none : !pto.task_id)
    }
    pto.return
  }
}

// -----

// A phase fence (spec "Phase-fence dummy barriers"; pto-expand-manual-phase-fence
// in the prepare pipeline): 4 launches each depending on the 4 ids of a
// parallel loop become 4 -> barrier -> 4; the barrier is a dep-carrying dummy
// (guarded), each launch depends on it alone.

// CHECK-LABEL: // Orchestration function: fence
// CHECK:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:    PTO2TaskId seed[4];
// CHECK-NEXT:    for (uint32_t k = 0; k < 4; ++k) seed[k] = PTO2TaskId::invalid();
// CHECK-NEXT:    PTO2TaskId carry[4];
// CHECK-NEXT:    for (uint32_t k = 0; k < 4; ++k) carry[k] = seed[k];
// CHECK-NEXT:    for (int64_t i = (int64_t)0; i < (int64_t)4; i += (int64_t)1) {
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      PTO2TaskId tid;
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_data);
// CHECK-NEXT:      params_t0.add_inout(ext_out);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(i));
// CHECK-NEXT:      tid = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      carry[i] = tid;
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 1: dummy barrier
// CHECK-NEXT:    PTO2TaskId barrier = PTO2TaskId::invalid();
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t1;
// CHECK-NEXT:    PTO2TaskId params_t1_deps[4];
// CHECK-NEXT:    uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:    for (uint32_t k = 0; k < 4; ++k) {
// CHECK-NEXT:      if (carry[k].is_valid()) params_t1_deps[params_t1_deps_count++] = carry[k];
// CHECK-NEXT:    }
// CHECK-NEXT:    params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:    if (params_t1_deps_count > 0) {
// CHECK-NEXT:      barrier = rt_submit_dummy_task(params_t1).task_id();
// CHECK-NEXT:    }
// CHECK-NEXT:    }
// CHECK-NEXT:    for (int64_t i_1 = (int64_t)0; i_1 < (int64_t)4; i_1 += (int64_t)1) {
// CHECK-NEXT:      // Task 2: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(ext_data);
// CHECK-NEXT:      params_t2.add_inout(ext_out);
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(i_1));
// CHECK-NEXT:      PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:      uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:      if (barrier.is_valid()) params_t2_deps[params_t2_deps_count++] = barrier;
// CHECK-NEXT:      params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%data: !pto.tensor<64x16xf32>, %out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}, %row: index)
  pto.orchestration @fence(%data: !pto.tensor<64x16xf32> loc("data"), %out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>} loc("out")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<4> loc("seed")
      %tids = scf.for %b = %c0 to %c4 step %c1 iter_args(%arr = %seed) -> (!pto.task_id_array<4>) {
        %o1, %tid = pto.submit @k(%data, %out, %b) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32> loc("tid")
        %arr1 = pto.array_update %arr[%b], %tid : !pto.task_id_array<4>
        scf.yield %arr1 : !pto.task_id_array<4>
      } {pto.parallel}
      scf.for %j = %c0 to %c4 step %c1 {
        %o2, %t2 = pto.submit @k(%data, %out, %j) deps(%tids : !pto.task_id_array<4>) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
      }
    }
    pto.return
  }
}

// -----

// The guard of a dependency-carrying dummy reads the count variable its
// dependency array was declared with, also when that name was taken (a user
// scalar named params_t1_deps_count; a user scalar named params_t3_deps).

// CHECK-LABEL: // Orchestration function: dummy_count_name
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(1).ref();
// CHECK-NEXT:    int64_t params_t1_deps_count = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    int64_t params_t3_deps = orch_args.scalar<int64_t>(1);
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_a);
// CHECK-NEXT:      params_t0.add_inout(ext_c);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(params_t1_deps_count));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(params_t3_deps));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: dummy barrier
// CHECK-NEXT:      PTO2TaskId barrier = PTO2TaskId::invalid();
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:      uint32_t params_t1_deps_count_1 = 0;
// CHECK-NEXT:      if (PTO2TaskId::invalid().is_valid()) params_t1_deps[params_t1_deps_count_1++] = PTO2TaskId::invalid();
// CHECK-NEXT:      params_t1.set_dependencies(params_t1_deps, params_t1_deps_count_1);
// CHECK-NEXT:      if (params_t1_deps_count_1 > 0) {
// CHECK-NEXT:        barrier = rt_submit_dummy_task(params_t1).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(ext_a);
// CHECK-NEXT:      params_t2.add_inout(ext_c);
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(params_t1_deps_count));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(params_t3_deps));
// CHECK-NEXT:      PTO2TaskId params_t2_deps[1];
// CHECK-NEXT:      uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:      if (barrier.is_valid()) params_t2_deps[params_t2_deps_count++] = barrier;
// CHECK-NEXT:      params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: dummy barrier
// CHECK-NEXT:      PTO2TaskId barrier_1 = PTO2TaskId::invalid();
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      PTO2TaskId params_t3_deps_1[1];
// CHECK-NEXT:      uint32_t params_t3_deps_1_count = 0;
// CHECK-NEXT:      if (PTO2TaskId::invalid().is_valid()) params_t3_deps_1[params_t3_deps_1_count++] = PTO2TaskId::invalid();
// CHECK-NEXT:      params_t3.set_dependencies(params_t3_deps_1, params_t3_deps_1_count);
// CHECK-NEXT:      if (params_t3_deps_1_count > 0) {
// CHECK-NEXT:        barrier_1 = rt_submit_dummy_task(params_t3).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 4: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t4;
// CHECK-NEXT:      params_t4.add_input(ext_a);
// CHECK-NEXT:      params_t4.add_inout(ext_c);
// CHECK-NEXT:      params_t4.add_scalar((uint64_t)(params_t1_deps_count));
// CHECK-NEXT:      params_t4.add_scalar((uint64_t)(params_t3_deps));
// CHECK-NEXT:      PTO2TaskId params_t4_deps[1];
// CHECK-NEXT:      uint32_t params_t4_deps_count = 0;
// CHECK-NEXT:      if (barrier_1.is_valid()) params_t4_deps[params_t4_deps_count++] = barrier_1;
// CHECK-NEXT:      params_t4.set_dependencies(params_t4_deps, params_t4_deps_count);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t4);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index, %t: index)
  pto.orchestration @dummy_count_name(%a: !pto.tensor<16xf32> loc("a"), %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"),
                                      %q: index loc("params_t1_deps_count"), %r: index loc("params_t3_deps")) {
    pto.scope manual {
      %none = pto.invalid_task_id
      %o, %t = pto.submit @k(%a, %c, %q, %r) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index, index) -> !pto.tensor<16xf32>
      %b = pto.task_dummy deps(%none : !pto.task_id)
      %o2, %t2 = pto.submit @k(%a, %c, %q, %r) deps(%b : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index, index) -> !pto.tensor<16xf32>
      %b2 = pto.task_dummy deps(%none : !pto.task_id)
      %o3, %t3 = pto.submit @k(%a, %c, %q, %r) deps(%b2 : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index, index) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}
