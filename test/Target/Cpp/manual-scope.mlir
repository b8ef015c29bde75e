// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Manual scopes and task ids (spec "Manual Scope and TaskId Lowering", "TaskId
// sourcing"): PTO2_SCOPE(PTO2ScopeMode::MANUAL), with no auto scope inside;
// each launch's dependencies go to a stack array sized to the exact number of
// distinct edges (an array counts its size) and one set_dependencies call. A
// fresh launch's id is used unguarded; a loop-carried id, the invalid
// sentinel, an array slot and an array element read are guarded with
// is_valid(). A launch without deps has no dependency array. The scope's
// tensor result, a loop result whose carry has no variable, is ext_out itself:
// no variable, no copy.

// CHECK-LABEL: // Orchestration function: manual
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_data = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_out = orch_args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 0: @kernel_stripe
// CHECK-NEXT:        PTO2TaskId first;
// CHECK-NEXT:        {
// CHECK-NEXT:        CoreTaskArgs params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_data);
// CHECK-NEXT:        params_t0.add_inout(ext_out);
// CHECK-NEXT:        params_t0.add_scalar((uint64_t)((int64_t)0));
// CHECK-NEXT:        first = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:        }
// CHECK-NEXT:        PTO2TaskId carry = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t i = (int64_t)0; i < (int64_t)4; i += (int64_t)1) {
// CHECK-NEXT:          // Task 1: @kernel_stripe
// CHECK-NEXT:          PTO2TaskId tid;
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t1;
// CHECK-NEXT:          params_t1.add_input(ext_data);
// CHECK-NEXT:          params_t1.add_inout(ext_out);
// CHECK-NEXT:          params_t1.add_scalar((uint64_t)(i));
// CHECK-NEXT:          PTO2TaskId params_t1_deps[2];
// CHECK-NEXT:          uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:          if (carry.is_valid()) params_t1_deps[params_t1_deps_count++] = carry;
// CHECK-NEXT:          params_t1_deps[params_t1_deps_count++] = first;
// CHECK-NEXT:          params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:          tid = rt_submit_aiv_task(0, params_t1).task_id();
// CHECK-NEXT:          }
// CHECK-NEXT:          carry = tid;
// CHECK-NEXT:        }
// CHECK-NEXT:        // Task 2: @kernel_stripe
// CHECK-NEXT:        {
// CHECK-NEXT:        CoreTaskArgs params_t2;
// CHECK-NEXT:        params_t2.add_input(ext_data);
// CHECK-NEXT:        params_t2.add_inout(ext_out);
// CHECK-NEXT:        params_t2.add_scalar((uint64_t)((int64_t)4));
// CHECK-NEXT:        PTO2TaskId params_t2_deps[3];
// CHECK-NEXT:        uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:        if (carry.is_valid()) params_t2_deps[params_t2_deps_count++] = carry;
// CHECK-NEXT:        params_t2_deps[params_t2_deps_count++] = first;
// CHECK-NEXT:        if (PTO2TaskId::invalid().is_valid()) params_t2_deps[params_t2_deps_count++] = PTO2TaskId::invalid();
// CHECK-NEXT:        params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @kernel_stripe
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_input(ext_data);
// CHECK-NEXT:      params_t3.add_inout(ext_out);
// CHECK-NEXT:      params_t3.add_scalar((uint64_t)((int64_t)0));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @kernel_stripe(%data: !pto.tensor<64x16xf32>,
                                %out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>},
                                %row: index)
  pto.orchestration @manual(%data: !pto.tensor<64x16xf32> loc("data"),
                            %out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>} loc("out")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = pto.scope manual -> !pto.tensor<64x16xf32> {
      %none = pto.invalid_task_id
      // No dependency.
      %o0, %first = pto.submit @kernel_stripe(%data, %out, %c0) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32> loc("first")
      // A loop-carried id (invalid on the first iteration) and a fresh one.
      %l:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %o0, %prev = %none) -> (!pto.tensor<64x16xf32>, !pto.task_id) {
        %o1, %tid = pto.submit @kernel_stripe(%data, %o, %i) deps(%prev, %first : !pto.task_id, !pto.task_id) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32> loc("tid")
        scf.yield %o1, %tid : !pto.tensor<64x16xf32>, !pto.task_id
      }
      // The same edge twice counts once; the sentinel is guarded.
      %o2, %last = pto.submit @kernel_stripe(%data, %l#0, %c4) deps(%l#1, %first, %l#1, %none : !pto.task_id, !pto.task_id, !pto.task_id, !pto.task_id) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32> loc("last")
      pto.yield %o2 : !pto.tensor<64x16xf32>
    }
    %o3, %t = pto.submit @kernel_stripe(%data, %r, %c0) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
    pto.return
  }
}

// -----

// Task id arrays (spec "Array carry"): a splat seed, a slot snapshot
// (`PTO2TaskId prev = carry[i];`), a slot write, and a dependency on the whole
// array as one guarded slot per element.

// CHECK-LABEL: // Orchestration function: arrays
// CHECK:       PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:    PTO2TaskId seed[4];
// CHECK-NEXT:    for (uint32_t k = 0; k < 4; ++k) seed[k] = PTO2TaskId::invalid();
// CHECK-NEXT:    PTO2TaskId carry[4];
// CHECK-NEXT:    for (uint32_t k = 0; k < 4; ++k) carry[k] = seed[k];
// CHECK-NEXT:    for (int64_t i = (int64_t)0; i < (int64_t)4; i += (int64_t)1) {
// CHECK-NEXT:      PTO2TaskId prev = carry[i];
// CHECK-NEXT:      // Task 0: @kernel_stripe
// CHECK-NEXT:      PTO2TaskId tid;
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_input(ext_data);
// CHECK-NEXT:      params_t0.add_inout(ext_out);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(i));
// CHECK-NEXT:      PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:      uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:      if (prev.is_valid()) params_t0_deps[params_t0_deps_count++] = prev;
// CHECK-NEXT:      params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:      tid = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      carry[i] = tid;
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 1: @kernel_stripe
// CHECK-NEXT:    PTO2TaskId fresh;
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t1;
// CHECK-NEXT:    params_t1.add_input(ext_data);
// CHECK-NEXT:    params_t1.add_inout(ext_out);
// CHECK-NEXT:    params_t1.add_scalar((uint64_t)((int64_t)0));
// CHECK-NEXT:    fresh = rt_submit_aiv_task(0, params_t1).task_id();
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 2: @kernel_stripe
// CHECK-NEXT:    {
// CHECK-NEXT:    CoreTaskArgs params_t2;
// CHECK-NEXT:    params_t2.add_input(ext_data);
// CHECK-NEXT:    params_t2.add_inout(ext_out);
// CHECK-NEXT:    params_t2.add_scalar((uint64_t)((int64_t)1));
// CHECK-NEXT:    PTO2TaskId params_t2_deps[5];
// CHECK-NEXT:    uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:    for (uint32_t k = 0; k < 4; ++k) {
// CHECK-NEXT:      if (carry[k].is_valid()) params_t2_deps[params_t2_deps_count++] = carry[k];
// CHECK-NEXT:    }
// CHECK-NEXT:    params_t2_deps[params_t2_deps_count++] = fresh;
// CHECK-NEXT:    params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:    rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @kernel_stripe(%data: !pto.tensor<64x16xf32>,
                                %out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>},
                                %row: index)
  pto.orchestration @arrays(%data: !pto.tensor<64x16xf32> loc("data"),
                            %out: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>} loc("out")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %seed = pto.array_splat %none : !pto.task_id_array<4> loc("seed")
      %tids = scf.for %branch = %c0 to %c4 step %c1 iter_args(%arr = %seed) -> (!pto.task_id_array<4>) {
        %prev = pto.array_get %arr[%branch] : !pto.task_id_array<4> loc("prev")
        %o1, %tid = pto.submit @kernel_stripe(%data, %out, %branch) deps(%prev : !pto.task_id) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32> loc("tid")
        %arr1 = pto.array_update %arr[%branch], %tid : !pto.task_id_array<4>
        scf.yield %arr1 : !pto.task_id_array<4>
      } {pto.parallel}
      %o2, %t2 = pto.submit @kernel_stripe(%data, %out, %c0) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32> loc("fresh")
      %o3, %t3 = pto.submit @kernel_stripe(%data, %out, %c1) deps(%tids, %t2 : !pto.task_id_array<4>, !pto.task_id) : (!pto.tensor<64x16xf32>, !pto.tensor<64x16xf32>, index) -> !pto.tensor<64x16xf32>
    }
    pto.return
  }
}

// -----

// Allocation hoisting (spec "Cross-scope tensors and manual_scope"): a
// pto.create a manual scope returns is allocated before the scope
// (pto-hoist-manual-scope-allocations), so a task after the scope names the
// buffer itself; a buffer a task of the scope allocates (a create info)
// leaves through a variable. (A create the scope returns but cannot be
// allocated before it is an error: hoist-manual-scope-allocations.mlir.)

// CHECK-LABEL: // Orchestration function: hoisting
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_o = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const bool [[OK:.*]] = (uint64_t)(n) <= (uint64_t)((int64_t)4294967295);
// CHECK-NEXT:      if (!([[OK]])) { fprintf(stderr, "%s\n", "'buf': 'pto.create' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"); abort(); }
// CHECK-NEXT:      uint32_t buf_ci_shapes[1] = {(uint32_t)n};
// CHECK-NEXT:      TensorCreateInfo buf_ci(buf_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(buf_ci);
// CHECK-NEXT:      const ChipTensor& buf = alloc_0.get_ref(0);
// CHECK-NEXT:      ChipTensor kept{};
// CHECK-NEXT:      PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 0: @fill
// CHECK-NEXT:        PTO2TaskId t;
// CHECK-NEXT:        {
// CHECK-NEXT:        CoreTaskArgs params_t0;
// CHECK-NEXT:        params_t0.add_output(buf);
// CHECK-NEXT:        t = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:        }
// CHECK-NEXT:        const int64_t m = (int64_t)((uint64_t)(n) * (uint64_t)((int64_t)2));
// CHECK-NEXT:        const bool {{.*}} = (uint64_t)(m) <= (uint64_t)((int64_t)4294967295);
// CHECK-NEXT:        if (!({{.*}})) { fprintf(stderr, "%s\n", "'local': 'pto.create_info' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"); abort(); }
// CHECK-NEXT:        uint32_t local_shapes[1] = {(uint32_t)m};
// CHECK-NEXT:        TensorCreateInfo local(local_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        // Task 1: @fill
// CHECK-NEXT:        CoreTaskArgs params_t1;
// CHECK-NEXT:        params_t1.add_output(local);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[1];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        params_t1_deps[params_t1_deps_count++] = t;
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        TaskOutputTensors task_1_outs = rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:        const ChipTensor& out = task_1_outs.get_ref(0);
// CHECK-NEXT:        kept = out;
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(buf);
// CHECK-NEXT:      params_t2.add_inout(ext_o);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @use
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_input(kept);
// CHECK-NEXT:      params_t3.add_inout(ext_o);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @fill(%y: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @use(%x: !pto.tensor<?xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @hoisting(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("o"), %n: index loc("n")) {
    %bufs:2 = pto.scope manual -> !pto.tensor<?xf32>, !pto.tensor<?xf32> {
      %b = pto.create(%n) : !pto.tensor<?xf32> loc("buf")
      %b1, %t = pto.submit @fill(%b) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32> loc("t")
      %c2 = arith.constant 2 : index
      %m = arith.muli %n, %c2 : index loc("m")
      %local = pto.create_info(%m) : !pto.create_info<?xf32> loc("local")
      %l1, %t2 = pto.submit @fill(%local) deps(%t : !pto.task_id) : (!pto.create_info<?xf32>) -> !pto.tensor<?xf32>
      pto.yield %b1, %l1 : !pto.tensor<?xf32>, !pto.tensor<?xf32>
    } loc("kept")
    %o1, %t3 = pto.submit @use(%bufs#0, %o) : (!pto.tensor<?xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %o2, %t4 = pto.submit @use(%bufs#1, %o1) : (!pto.tensor<?xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A buffer the manual scope does not return stays where it is written: its
// allocation is a node of the manual scope, and the buffer is released with
// the scope (before the scope, it would live as long as the enclosing
// scope, across every iteration of the loop). Each task of the manual scope
// that uses it depends on the allocation, which keeps it alive until the
// task is done (pto-retain-manual-scope-allocations).

// CHECK-LABEL: // Orchestration function: scratch
// CHECK:           for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:          uint32_t acc_ci_shapes[1] = {16};
// CHECK-NEXT:          TensorCreateInfo acc_ci(acc_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:          TaskOutputTensors alloc_0 = alloc_tensors(acc_ci);
// CHECK-NEXT:          const ChipTensor& acc = alloc_0.get_ref(0);
// CHECK-NEXT:          PTO2TaskId owner_tid = acc.owner_task_id;
// CHECK-NEXT:          // Task 0: @fill
// CHECK:               if (owner_tid.is_valid()) params_t0_deps[params_t0_deps_count++] = owner_tid;
// CHECK:               PTO2TaskId owner_tid_1 = acc.owner_task_id;
// CHECK-NEXT:          // Task 1: @use
// CHECK:               params_t1_deps[params_t1_deps_count++] = tid;
// CHECK-NEXT:          if (owner_tid_1.is_valid()) params_t1_deps[params_t1_deps_count++] = owner_tid_1;

module {
  pto.kernel aiv @fill(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @use(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @scratch(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("o"), %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%o_i = %o) -> (!pto.tensor<16xf32>) {
      %o_next = pto.scope manual -> !pto.tensor<16xf32> {
        %acc = pto.create : !pto.tensor<16xf32> loc("acc")
        %a1, %t = pto.submit @fill(%acc) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %o1, %t1 = pto.submit @use(%a1, %o_i) deps(%t : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        pto.yield %o1 : !pto.tensor<16xf32>
      }
      scf.yield %o_next : !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// A rotation of task id carries (prev2 := prev1, prev1 := t) is one parallel
// assignment: each launch depends on the launch two iterations back.

// CHECK-LABEL: // Orchestration function: rotate
// CHECK:           PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        PTO2TaskId carry = PTO2TaskId::invalid();
// CHECK-NEXT:        PTO2TaskId carry_1 = PTO2TaskId::invalid();
// CHECK-NEXT:        for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:          // Task 0: @k
// CHECK-NEXT:          PTO2TaskId t;
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_inout(ext_x);
// CHECK-NEXT:          PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:          uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:          if (carry_1.is_valid()) params_t0_deps[params_t0_deps_count++] = carry_1;
// CHECK-NEXT:          params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:          t = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:          }
// CHECK-NEXT:          PTO2TaskId next_carry = PTO2TaskId::invalid();
// CHECK-NEXT:          next_carry = t;
// CHECK-NEXT:          PTO2TaskId next_carry_1 = PTO2TaskId::invalid();
// CHECK-NEXT:          next_carry_1 = carry;
// CHECK-NEXT:          carry = next_carry;
// CHECK-NEXT:          carry_1 = next_carry_1;
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @rotate(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"), %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%prev1 = %none, %prev2 = %none) -> (!pto.task_id, !pto.task_id) {
        %x1, %t = pto.submit @k(%x) deps(%prev2 : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t")
        scf.yield %t, %prev1 : !pto.task_id, !pto.task_id
      }
    }
    pto.return
  }
}

// -----

// A task id leaves a pto.scope only to the enclosing loop's carry: the
// manual scope's result is a variable declared before the scope.

// CHECK-LABEL: // Orchestration function: task_id_scope_carry
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      PTO2TaskId carry = PTO2TaskId::invalid();
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        PTO2TaskId last = PTO2TaskId::invalid();
// CHECK-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:          // Task 0: @k
// CHECK-NEXT:          PTO2TaskId tid;
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_inout(ext_x);
// CHECK-NEXT:          PTO2TaskId params_t0_deps[1];
// CHECK-NEXT:          uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:          if (carry.is_valid()) params_t0_deps[params_t0_deps_count++] = carry;
// CHECK-NEXT:          params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:          tid = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:          }
// CHECK-NEXT:          last = tid;
// CHECK-NEXT:        }
// CHECK-NEXT:        carry = last;
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @task_id_scope_carry(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"), %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %none = pto.invalid_task_id
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %none) -> (!pto.task_id) {
      %t = pto.scope manual -> !pto.task_id {
        %x1, %tid = pto.submit @k(%x) deps(%prev : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("tid")
        pto.yield %tid : !pto.task_id
      } loc("last")
      scf.yield %t : !pto.task_id
    }
    pto.return
  }
}

// -----

// A task id array as an scf.if result: `PTO2TaskId picked[2];` before the
// branch, each branch copies its array in slot by slot.

// CHECK-LABEL: // Orchestration function: array_branch
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    bool f = orch_args.scalar<bool>(0);
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      PTO2TaskId t;
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      t = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      PTO2TaskId picked[2];
// CHECK-NEXT:      if (f) {
// CHECK-NEXT:        PTO2TaskId both[2];
// CHECK-NEXT:        for (uint32_t k = 0; k < 2; ++k) both[k] = t;
// CHECK-NEXT:        for (uint32_t k = 0; k < 2; ++k) picked[k] = both[k];
// CHECK-NEXT:      }
// CHECK-NEXT:      else {
// CHECK-NEXT:        PTO2TaskId neither[2];
// CHECK-NEXT:        for (uint32_t k = 0; k < 2; ++k) neither[k] = PTO2TaskId::invalid();
// CHECK-NEXT:        for (uint32_t k = 0; k < 2; ++k) picked[k] = neither[k];
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_x);
// CHECK-NEXT:      PTO2TaskId params_t1_deps[2];
// CHECK-NEXT:      uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:      for (uint32_t k = 0; k < 2; ++k) {
// CHECK-NEXT:        if (picked[k].is_valid()) params_t1_deps[params_t1_deps_count++] = picked[k];
// CHECK-NEXT:      }
// CHECK-NEXT:      params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @array_branch(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"), %f: i1 loc("f")) {
    pto.scope manual {
      %none = pto.invalid_task_id
      %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t")
      %ids = scf.if %f -> (!pto.task_id_array<2>) {
        %a = pto.array_splat %t : !pto.task_id_array<2> loc("both")
        scf.yield %a : !pto.task_id_array<2>
      } else {
        %b = pto.array_splat %none : !pto.task_id_array<2> loc("neither")
        scf.yield %b : !pto.task_id_array<2>
      } loc("picked")
      %x2, %t2 = pto.submit @k(%x1) deps(%ids : !pto.task_id_array<2>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// pto.array_update writes the array in place: a read of the old array nested
// in an earlier op of the same block (the scf.if) runs before the update.

// CHECK-LABEL: // Orchestration function: read_before_in_region
// CHECK:         PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:      PTO2TaskId ids[2];
// CHECK-NEXT:      for (uint32_t k = 0; k < 2; ++k) ids[k] = PTO2TaskId::invalid();
// CHECK-NEXT:      if (f) {
// CHECK-NEXT:        // Task 0: @k
// CHECK-NEXT:        {
// CHECK-NEXT:        CoreTaskArgs params_t0;
// CHECK-NEXT:        params_t0.add_input(ext_a);
// CHECK-NEXT:        params_t0.add_inout(ext_c);
// CHECK-NEXT:        PTO2TaskId params_t0_deps[2];
// CHECK-NEXT:        uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:        for (uint32_t k = 0; k < 2; ++k) {
// CHECK-NEXT:          if (ids[k].is_valid()) params_t0_deps[params_t0_deps_count++] = ids[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k
// CHECK-NEXT:      PTO2TaskId t;
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(ext_a);
// CHECK-NEXT:      params_t1.add_inout(ext_c);
// CHECK-NEXT:      t = rt_submit_aiv_task(0, params_t1).task_id();
// CHECK-NEXT:      }
// CHECK-NEXT:      ids[(int64_t)0] = t;
// CHECK-NEXT:      // Task 2: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(ext_a);
// CHECK-NEXT:      params_t2.add_inout(ext_c);
// CHECK-NEXT:      PTO2TaskId params_t2_deps[2];
// CHECK-NEXT:      uint32_t params_t2_deps_count = 0;
// CHECK-NEXT:      for (uint32_t k = 0; k < 2; ++k) {
// CHECK-NEXT:        if (ids[k].is_valid()) params_t2_deps[params_t2_deps_count++] = ids[k];
// CHECK-NEXT:      }
// CHECK-NEXT:      params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @read_before_in_region(%a: !pto.tensor<16xf32> loc("a"), %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %f: i1 loc("f")) {
    pto.scope manual {
      %c0 = arith.constant 0 : index
      %none = pto.invalid_task_id
      %ids = pto.array_splat %none : !pto.task_id_array<2> loc("ids")
      scf.if %f {
        %o, %t = pto.submit @k(%a, %c) deps(%ids : !pto.task_id_array<2>) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
      %o, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t")
      %ids1 = pto.array_update %ids[%c0], %t : !pto.task_id_array<2>
      %o2, %t2 = pto.submit @k(%a, %c) deps(%ids1 : !pto.task_id_array<2>) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// A manual scope in a loop body yields the task id array it updated (spec
// issue #1811): `PTO2TaskId slots[4];` before the scope, copied out slot by
// slot at its end and into the loop carry at the yield.

// CHECK-LABEL: // Orchestration function: issue1811
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      PTO2TaskId seed[4];
// CHECK-NEXT:      for (uint32_t k = 0; k < 4; ++k) seed[k] = PTO2TaskId::invalid();
// CHECK-NEXT:      PTO2TaskId carry[4];
// CHECK-NEXT:      for (uint32_t k = 0; k < 4; ++k) carry[k] = seed[k];
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)4; i += (int64_t)1) {
// CHECK-NEXT:        PTO2TaskId slots[4];
// CHECK-NEXT:        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:          // Task 0: @k
// CHECK-NEXT:          PTO2TaskId prod;
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_inout(ext_x);
// CHECK-NEXT:          params_t0.add_scalar((uint64_t)(i));
// CHECK-NEXT:          PTO2TaskId params_t0_deps[4];
// CHECK-NEXT:          uint32_t params_t0_deps_count = 0;
// CHECK-NEXT:          for (uint32_t k = 0; k < 4; ++k) {
// CHECK-NEXT:            if (carry[k].is_valid()) params_t0_deps[params_t0_deps_count++] = carry[k];
// CHECK-NEXT:          }
// CHECK-NEXT:          params_t0.set_dependencies(params_t0_deps, params_t0_deps_count);
// CHECK-NEXT:          prod = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:          }
// CHECK-NEXT:          carry[i] = prod;
// CHECK-NEXT:          for (uint32_t k = 0; k < 4; ++k) slots[k] = carry[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        for (uint32_t k = 0; k < 4; ++k) carry[k] = slots[k];
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %i: index)
  pto.orchestration @issue1811(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %none = pto.invalid_task_id
    %seed = pto.array_splat %none : !pto.task_id_array<4> loc("seed")
    %r = scf.for %n = %c0 to %c4 step %c1 iter_args(%arr = %seed) -> (!pto.task_id_array<4>) {
      %a2 = pto.scope manual -> !pto.task_id_array<4> {
        %x1, %t = pto.submit @k(%x, %n) deps(%arr : !pto.task_id_array<4>) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32> loc("prod")
        %u = pto.array_update %arr[%n], %t : !pto.task_id_array<4>
        pto.yield %u : !pto.task_id_array<4>
      } loc("slots")
      scf.yield %a2 : !pto.task_id_array<4>
    }
    pto.return
  }
}

// -----

// More than 16 dependencies: the dependency array has exactly one slot per
// possible id (20 from the array, 1 direct), with no cap; the invalid ids of
// the array are skipped at run time.
// CHECK-LABEL: // Orchestration function: many_deps
// CHECK:         PTO2TaskId ids[20];
// CHECK:         t0 = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK:         CoreTaskArgs params_t1;
// CHECK-NEXT:    params_t1.add_inout(ext_y);
// CHECK-NEXT:    PTO2TaskId params_t1_deps[21];
// CHECK-NEXT:    uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:    for (uint32_t k = 0; k < 20; ++k) {
// CHECK-NEXT:      if (ids[k].is_valid()) params_t1_deps[params_t1_deps_count++] = ids[k];
// CHECK-NEXT:    }
// CHECK-NEXT:    params_t1_deps[params_t1_deps_count++] = t0;
// CHECK-NEXT:    params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
module {
  pto.kernel aiv @k(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @many_deps(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    pto.scope manual {
      %none = pto.invalid_task_id
      %ids = pto.array_splat %none : !pto.task_id_array<20> loc("ids")
      %y0, %t0 = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t0")
      %y1, %t1 = pto.submit @k(%y) deps(%ids, %t0 : !pto.task_id_array<20>, !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t1")
    }
    pto.return
  }
}

// -----

// A task id read from an array is a snapshot: overwriting the slot later
// (ids[0] = t1) does not change what the read gave (t2 waits on t0).
// CHECK-LABEL: // Orchestration function: snapshot
// CHECK:         ids[(int64_t)0] = t0;
// CHECK-NEXT:    PTO2TaskId snap = ids[(int64_t)0];
// CHECK:         ids[(int64_t)0] = t1;
// CHECK:         CoreTaskArgs params_t2;
// CHECK-NOT:     ids[
// CHECK:         if (snap.is_valid()) params_t2_deps[params_t2_deps_count++] = snap;
module {
  pto.kernel aiv @k(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @snapshot(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("y")) {
    pto.scope manual {
      %c0 = arith.constant 0 : index
      %none = pto.invalid_task_id
      %ids = pto.array_splat %none : !pto.task_id_array<2> loc("ids")
      %y0, %t0 = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t0")
      %ids1 = pto.array_update %ids[%c0], %t0 : !pto.task_id_array<2>
      %snap = pto.array_get %ids1[%c0] : !pto.task_id_array<2> loc("snap")
      %y1, %t1 = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t1")
      %ids2 = pto.array_update %ids1[%c0], %t1 : !pto.task_id_array<2>
      %y2, %t2 = pto.submit @k(%y) deps(%snap : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t2")
    }
    pto.return
  }
}

// -----

// A task id made in a manual scope and waited for after it (the hand-written
// Qwen3 tensormap orchestration's dcr_xgamma): the scope's result is a
// variable declared before the scope; the runtime resolves a dependency on a
// task of any earlier scope.

// CHECK-LABEL: // Orchestration function: task_id_after_scope
// CHECK:         PTO2TaskId made = PTO2TaskId::invalid();
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK:           tid = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK:           made = tid;
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 1: @k
// CHECK:         if (made.is_valid()) params_t1_deps[params_t1_deps_count++] = made;

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @task_id_after_scope(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %t = pto.scope manual -> !pto.task_id {
      %x1, %tid = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("tid")
      pto.yield %tid : !pto.task_id
    } loc("made")
    %x2, %t2 = pto.submit @k(%x) deps(%t : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("after")
    pto.return
  }
}

// -----

// A task id array filled in a manual scope and waited for after it: copied
// out slot by slot at the scope's end.

// CHECK-LABEL: // Orchestration function: array_after_scope
// CHECK:         PTO2TaskId done[2];
// CHECK-NEXT:    PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK:           for (uint32_t k = 0; k < 2; ++k) done[k] = carry[k];
// CHECK-NEXT:    }
// CHECK-NEXT:    // Task 1: @k
// CHECK:         for (uint32_t k = 0; k < 2; ++k) {
// CHECK-NEXT:      if (done[k].is_valid()) params_t1_deps[params_t1_deps_count++] = done[k];

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @array_after_scope(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %none = pto.invalid_task_id
    %seed = pto.array_splat %none : !pto.task_id_array<2> loc("ids")
    %ids = pto.scope manual -> !pto.task_id_array<2> {
      %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %seed) -> (!pto.task_id_array<2>) {
        %x1, %tid = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("tid")
        %u = pto.array_update %a[%i], %tid : !pto.task_id_array<2>
        scf.yield %u : !pto.task_id_array<2>
      }
      pto.yield %r : !pto.task_id_array<2>
    } loc("done")
    %x2, %t2 = pto.submit @k(%x) deps(%ids : !pto.task_id_array<2>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("after")
    pto.return
  }
}
