// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// scf.for (spec "ForStmt", and the ClassifyIterArgCarry decision it reads):
// the loop is a C++ for over the bounds, its body in its own PTO2_SCOPE
// (pto-materialize-runtime-scopes). A tensor carried as the same buffer has no
// variable: the body and the loop's results name the buffer. A scalar or a
// tensor whose buffer changes gets a variable before the loop, assigned at the
// yield; values the body's scope produces leave it through a variable declared
// before the scope.

// The spec's example: acc = kernel_add(a, acc, acc) in a loop.

// CHECK-LABEL: // Orchestration function: same_buffer
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_acc = orch_args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)4; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 0: @kernel_add
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(ext_a);
// CHECK-NEXT:          params_t0.add_input(ext_acc);
// CHECK-NEXT:          params_t0.add_output(ext_acc);
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @kernel_add
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(ext_acc);
// CHECK-NEXT:      params_t1.add_input(ext_acc);
// CHECK-NEXT:      params_t1.add_output(ext_acc);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @kernel_add(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32>,
                             %z: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @same_buffer(%a: !pto.tensor<16xf32> loc("a"),
                                 %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %acc) -> (!pto.tensor<16xf32>) {
      %next, %t = pto.submit @kernel_add(%a, %cur, %cur) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %next : !pto.tensor<16xf32>
    }
    %after, %t2 = pto.submit @kernel_add(%r, %r, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A scalar carry (a running sum) and a tensor carry that changes buffer
// (each iteration's fresh buffer); both read after the loop.

// CHECK-LABEL: // Orchestration function: carries
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_o = orch_args.tensor(1).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      int64_t carry = (int64_t)0;
// CHECK-NEXT:      ChipTensor carry_1 = ext_a;
// A step past n could pass INT64_MAX: the last step lands on n.
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i = (uint64_t)(n) - (uint64_t)i > (uint64_t)((int64_t)2) ? (int64_t)(i + (int64_t)2) : n) {
// CHECK-NEXT:        int64_t scoped{};
// CHECK-NEXT:        ChipTensor scoped_1{};
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          uint32_t buf_ci_shapes[1] = {16};
// CHECK-NEXT:          TensorCreateInfo buf_ci(buf_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:          TaskOutputTensors alloc_0 = alloc_tensors(buf_ci);
// CHECK-NEXT:          const ChipTensor& buf = alloc_0.get_ref(0);
// CHECK-NEXT:          // Task 0: @step
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(carry_1);
// CHECK-NEXT:          params_t0.add_output(buf);
// CHECK-NEXT:          params_t0.add_scalar((uint64_t)(i));
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:          }
// CHECK-NEXT:          const int64_t sum_next = (int64_t)((uint64_t)(carry) + (uint64_t)(i));
// CHECK-NEXT:          scoped = sum_next;
// CHECK-NEXT:          scoped_1 = buf;
// CHECK-NEXT:        }
// CHECK-NEXT:        carry = scoped;
// CHECK-NEXT:        carry_1 = scoped_1;
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @step
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(carry_1);
// CHECK-NEXT:      params_t1.add_output(ext_o);
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(carry));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @step(%x: !pto.tensor<16xf32>,
                       %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>}, %k: index)
  pto.orchestration @carries(%a: !pto.tensor<16xf32> loc("a"),
                             %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>} loc("o"),
                             %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %r:2 = scf.for %i = %c0 to %n step %c2 iter_args(%sum = %c0, %src = %a) -> (index, !pto.tensor<16xf32>) {
      %buf = pto.create : !pto.tensor<16xf32> loc("buf")
      %b1, %t = pto.submit @step(%src, %buf, %i) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
      %sum1 = arith.addi %sum, %i : index loc("sum_next")
      scf.yield %sum1, %b1 : index, !pto.tensor<16xf32>
    }
    %o1, %t2 = pto.submit @step(%r#1, %o, %r#0) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// Nested loops that accumulate into one buffer: neither carry has a variable,
// so the inner loop's result, the outer body's scope result and the outer
// loop's result all name ext_c (no copy, no assignment to the entry's
// const ChipTensor&).

// CHECK-LABEL: // Orchestration function: two_level_accumulate
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          for (int64_t i_1 = (int64_t)0; i_1 < n; i_1 += (int64_t)1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:              // Task 0: @k
// CHECK-NEXT:              {
// CHECK-NEXT:              CoreTaskArgs params_t0;
// CHECK-NEXT:              params_t0.add_inout(ext_c);
// CHECK-NEXT:              rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:              }
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @two_level_accumulate(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (!pto.tensor<16xf32>) {
      %inner = scf.for %j = %c0 to %n step %c1 iter_args(%x = %acc) -> (!pto.tensor<16xf32>) {
        %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %x1 : !pto.tensor<16xf32>
      }
      scf.yield %inner : !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// Nested loops: the inner carry is the outer carry's buffer (no variable);
// the outer loop also carries a buffer that changes.

// CHECK-LABEL: // Orchestration function: nested
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(1).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      ChipTensor carry = ext_a;
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        ChipTensor scoped{};
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          uint32_t fresh_ci_shapes[1] = {16};
// CHECK-NEXT:          TensorCreateInfo fresh_ci(fresh_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:          TaskOutputTensors alloc_0 = alloc_tensors(fresh_ci);
// CHECK-NEXT:          const ChipTensor& fresh = alloc_0.get_ref(0);
// CHECK-NEXT:          for (int64_t i_1 = (int64_t)0; i_1 < n; i_1 += (int64_t)1) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:              // Task 0: @k
// CHECK-NEXT:              {
// CHECK-NEXT:              CoreTaskArgs params_t0;
// CHECK-NEXT:              params_t0.add_input(carry);
// CHECK-NEXT:              params_t0.add_inout(ext_c);
// CHECK-NEXT:              rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:              }
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:          // Task 1: @init
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t1;
// CHECK-NEXT:          params_t1.add_output(fresh);
// CHECK-NEXT:          rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:          }
// CHECK-NEXT:          scoped = fresh;
// CHECK-NEXT:        }
// CHECK-NEXT:        carry = scoped;
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(carry);
// CHECK-NEXT:      params_t2.add_inout(ext_c);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @init(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @nested(%a: !pto.tensor<16xf32> loc("a"), %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c, %prev = %a) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) {
      %inner = scf.for %j = %c0 to %n step %c1 iter_args(%x = %acc) -> (!pto.tensor<16xf32>) {
        %x1, %t = pto.submit @k(%prev, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %x1 : !pto.tensor<16xf32>
      }
      %fresh = pto.create : !pto.tensor<16xf32> loc("fresh")
      %f1, %t2 = pto.submit @init(%fresh) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %inner, %f1 : !pto.tensor<16xf32>, !pto.tensor<16xf32>
    }
    %o, %t3 = pto.submit @k(%r#1, %r#0) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A loop body whose branch either writes the carried buffer or leaves it:
// both branches yield the same buffer, so the if has no result variable, the
// loop carry has none either, and the body's scope result is ext_c.

// CHECK-LABEL: // Orchestration function: if_in_loop
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    bool f = orch_args.scalar<bool>(1);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          if (f) {
// CHECK-NEXT:            PTO2_SCOPE() {
// CHECK-NEXT:              // Task 0: @k
// CHECK-NEXT:              {
// CHECK-NEXT:              CoreTaskArgs params_t0;
// CHECK-NEXT:              params_t0.add_inout(ext_c);
// CHECK-NEXT:              rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:              }
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:          else {
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @if_in_loop(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %n: index loc("n"), %f: i1 loc("f")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (!pto.tensor<16xf32>) {
      %y = scf.if %f -> (!pto.tensor<16xf32>) {
        %x1, %t = pto.submit @k(%acc) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        scf.yield %x1 : !pto.tensor<16xf32>
      } else {
        scf.yield %acc : !pto.tensor<16xf32>
      }
      scf.yield %y : !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// Carries that read each other are assigned as one parallel assignment (all
// right-hand sides staged through next_<carry> before any carry is written):
// ping-pong buffers alternate src and dst every iteration.

// CHECK-LABEL: // Orchestration function: ping_pong
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_b = orch_args.tensor(1).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      ChipTensor carry = ext_a;
// CHECK-NEXT:      ChipTensor carry_1 = ext_b;
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 0: @k
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(carry);
// CHECK-NEXT:          params_t0.add_output(carry_1);
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        ChipTensor next_carry{};
// CHECK-NEXT:        next_carry = carry_1;
// CHECK-NEXT:        ChipTensor next_carry_1{};
// CHECK-NEXT:        next_carry_1 = carry;
// CHECK-NEXT:        carry = next_carry;
// CHECK-NEXT:        carry_1 = next_carry_1;
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @ping_pong(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("a"),
                               %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("b"),
                               %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%src = %a, %dst = %b) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) {
      %d1, %t = pto.submit @k(%src, %dst) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %d1, %src : !pto.tensor<16xf32>, !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// A scalar swap (x, y := y, x) next to a carry that only reads one of them.

// CHECK-LABEL: // Orchestration function: swap
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(1).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      int64_t carry = (int64_t)0;
// CHECK-NEXT:      int64_t carry_1 = (int64_t)1;
// CHECK-NEXT:      int64_t carry_2 = (int64_t)2;
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        int64_t scoped{};
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 0: @k
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(ext_a);
// CHECK-NEXT:          params_t0.add_inout(ext_c);
// CHECK-NEXT:          params_t0.add_scalar((uint64_t)(carry));
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:          }
// CHECK-NEXT:          const int64_t z_next = (int64_t)((uint64_t)(carry_2) + (uint64_t)(carry));
// CHECK-NEXT:          scoped = z_next;
// CHECK-NEXT:        }
// CHECK-NEXT:        int64_t next_carry{};
// CHECK-NEXT:        next_carry = carry_1;
// CHECK-NEXT:        int64_t next_carry_1{};
// CHECK-NEXT:        next_carry_1 = carry;
// CHECK-NEXT:        int64_t next_carry_2{};
// CHECK-NEXT:        next_carry_2 = scoped;
// CHECK-NEXT:        carry = next_carry;
// CHECK-NEXT:        carry_1 = next_carry_1;
// CHECK-NEXT:        carry_2 = next_carry_2;
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(ext_a);
// CHECK-NEXT:      params_t1.add_inout(ext_c);
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(carry_1));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.orchestration @swap(%a: !pto.tensor<16xf32> loc("a"), %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c0, %y = %c1, %z = %c2) -> (index, index, index) {
      %o, %t = pto.submit @k(%a, %c, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
      %z1 = arith.addi %z, %x : index loc("z_next")
      scf.yield %y, %x, %z1 : index, index, index
    }
    %o2, %t2 = pto.submit @k(%a, %c, %r#1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A loop carrying a buffer that an earlier, closed scope yielded: the loop
// body names the earlier scope's result variable (kept), not the variable
// inside that scope.

// CHECK-LABEL: // Orchestration function: root_in_closed_scope
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      ChipTensor kept{};
// CHECK-NEXT:      PTO2_SCOPE() {
// CHECK-NEXT:        uint32_t c_ci_shapes[1] = {16};
// CHECK-NEXT:        TensorCreateInfo c_ci(c_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:        TaskOutputTensors alloc_0 = alloc_tensors(c_ci);
// CHECK-NEXT:        const ChipTensor& c = alloc_0.get_ref(0);
// CHECK-NEXT:        // Task 0: @k
// CHECK-NEXT:        {
// CHECK-NEXT:        CoreTaskArgs params_t0;
// CHECK-NEXT:        params_t0.add_inout(c);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:        }
// CHECK-NEXT:        kept = c;
// CHECK-NEXT:      }
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 1: @k
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t1;
// CHECK-NEXT:          params_t1.add_inout(kept);
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @root_in_closed_scope(%n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = pto.scope -> !pto.tensor<16xf32> {
      %c = pto.create : !pto.tensor<16xf32> loc("c")
      %c2, %t0 = pto.submit @k(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield %c2 : !pto.tensor<16xf32>
    } loc("kept")
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s) -> (!pto.tensor<16xf32>) {
      %x, %t = pto.submit @k(%acc) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %x : !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// A task id array carried by a loop outside a manual scope: the body's auto
// scope yields the array through `PTO2TaskId scoped[4];`, copied slot by slot.

// CHECK-LABEL: // Orchestration function: array_carry_in_auto_scope
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(1).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      PTO2TaskId seed[4];
// CHECK-NEXT:      for (uint32_t k = 0; k < 4; ++k) seed[k] = PTO2TaskId::invalid();
// CHECK-NEXT:      PTO2TaskId carry[4];
// CHECK-NEXT:      for (uint32_t k = 0; k < 4; ++k) carry[k] = seed[k];
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < (int64_t)4; i += (int64_t)1) {
// CHECK-NEXT:        PTO2TaskId scoped[4];
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 0: @k
// CHECK-NEXT:          PTO2TaskId tid;
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(ext_a);
// CHECK-NEXT:          params_t0.add_inout(ext_c);
// CHECK-NEXT:          tid = rt_submit_aiv_task(0, params_t0).task_id();
// CHECK-NEXT:          }
// CHECK-NEXT:          carry[i] = tid;
// CHECK-NEXT:          for (uint32_t k = 0; k < 4; ++k) scoped[k] = carry[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        for (uint32_t k = 0; k < 4; ++k) carry[k] = scoped[k];
// CHECK-NEXT:      }
// CHECK-NEXT:      PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
// CHECK-NEXT:        // Task 1: @k
// CHECK-NEXT:        {
// CHECK-NEXT:        CoreTaskArgs params_t1;
// CHECK-NEXT:        params_t1.add_input(ext_a);
// CHECK-NEXT:        params_t1.add_inout(ext_c);
// CHECK-NEXT:        PTO2TaskId params_t1_deps[4];
// CHECK-NEXT:        uint32_t params_t1_deps_count = 0;
// CHECK-NEXT:        for (uint32_t k = 0; k < 4; ++k) {
// CHECK-NEXT:          if (carry[k].is_valid()) params_t1_deps[params_t1_deps_count++] = carry[k];
// CHECK-NEXT:        }
// CHECK-NEXT:        params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);
// CHECK-NEXT:        rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @array_carry_in_auto_scope(%a: !pto.tensor<16xf32> loc("a"), %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %none = pto.invalid_task_id
    %seed = pto.array_splat %none : !pto.task_id_array<4> loc("seed")
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%ids = %seed) -> (!pto.task_id_array<4>) {
      %c2, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %ids1 = pto.array_update %ids[%i], %t : !pto.task_id_array<4>
      scf.yield %ids1 : !pto.task_id_array<4>
    }
    pto.scope manual {
      %o, %t2 = pto.submit @k(%a, %c) deps(%r : !pto.task_id_array<4>) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// Loops whose counter would step past its type's maximum run exactly the
// trips the IR means (lb, lb + step, ... below ub): an i8 loop 100 to 127
// step 50 runs once (`i += 50` wrapped to -106 and never ended), and so does
// an i64 loop 2^63 - 10 to 2^63 - 1 step 100. A step of 1, or constant
// bounds that cannot step past the maximum, keep `+=`.

// CHECK-LABEL: // Orchestration function: narrow_counters
// CHECK: for (int8_t [[I:[a-z_0-9]+]] = (int8_t)100; [[I]] < (int8_t)127; [[I]] = (uint64_t)((int8_t)127) - (uint64_t)[[I]] > (uint64_t)((int8_t)50) ? (int8_t)([[I]] + (int8_t)50) : (int8_t)127) {
// CHECK: for (int64_t [[J:[a-z_0-9]+]] = (int64_t)9223372036854775797; [[J]] < (int64_t)9223372036854775807; [[J]] = (uint64_t)((int64_t)9223372036854775807) - (uint64_t)[[J]] > (uint64_t)((int64_t)100) ? (int64_t)([[J]] + (int64_t)100) : (int64_t)9223372036854775807) {
// CHECK: for (int8_t [[K:[a-z_0-9]+]] = (int8_t)0; [[K]] < (int8_t)100; [[K]] += (int8_t)20) {
// CHECK: for (int8_t [[M:[a-z_0-9]+]] = (int8_t)120; [[M]] < (int8_t)127; [[M]] += (int8_t)1) {
module {
  pto.kernel aiv @tick(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %v: i64)
  pto.orchestration @narrow_counters(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("a")) {
    %c100 = arith.constant 100 : i8
    %c127 = arith.constant 127 : i8
    %c50 = arith.constant 50 : i8
    %r = scf.for %i = %c100 to %c127 step %c50 iter_args(%x = %a) -> (!pto.tensor<16xf32>) : i8 {
      %w = arith.extsi %i : i8 to i64
      %x1, %t = pto.submit @tick(%x, %w) : (!pto.tensor<16xf32>, i64) -> !pto.tensor<16xf32>
      scf.yield %x1 : !pto.tensor<16xf32>
    } loc("i")
    %lo = arith.constant 9223372036854775797 : i64
    %hi = arith.constant 9223372036854775807 : i64
    %s100 = arith.constant 100 : i64
    %r2 = scf.for %j = %lo to %hi step %s100 iter_args(%x = %r) -> (!pto.tensor<16xf32>) : i64 {
      %x1, %t = pto.submit @tick(%x, %j) : (!pto.tensor<16xf32>, i64) -> !pto.tensor<16xf32>
      scf.yield %x1 : !pto.tensor<16xf32>
    } loc("j")
    %c0 = arith.constant 0 : i8
    %c20 = arith.constant 20 : i8
    %r3 = scf.for %k = %c0 to %c100 step %c20 iter_args(%x = %r2) -> (!pto.tensor<16xf32>) : i8 {
      %w = arith.extsi %k : i8 to i64
      %x1, %t = pto.submit @tick(%x, %w) : (!pto.tensor<16xf32>, i64) -> !pto.tensor<16xf32>
      scf.yield %x1 : !pto.tensor<16xf32>
    } loc("k")
    %c120 = arith.constant 120 : i8
    %c1 = arith.constant 1 : i8
    %r4 = scf.for %m = %c120 to %c127 step %c1 iter_args(%x = %r3) -> (!pto.tensor<16xf32>) : i8 {
      %w = arith.extsi %m : i8 to i64
      %x1, %t = pto.submit @tick(%x, %w) : (!pto.tensor<16xf32>, i64) -> !pto.tensor<16xf32>
      scf.yield %x1 : !pto.tensor<16xf32>
    } loc("m")
    pto.return
  }
}

// -----

// An unsigned loop compares and measures its counter as uint<N>_t: an i8
// loop from 100 below 250 step 100 runs for 100 and 200 (signed, 250 is -6
// and it would not run at all).

// CHECK-LABEL: // Orchestration function: unsigned_counter
// CHECK: for (int8_t [[U:[a-z_0-9]+]] = (int8_t)100; (uint8_t)[[U]] < (uint8_t)((int8_t)-6); [[U]] = (uint64_t)(uint8_t)((int8_t)-6) - (uint64_t)(uint8_t)[[U]] > (uint64_t)(uint8_t)((int8_t)100) ? (int8_t)([[U]] + (int8_t)100) : (int8_t)-6) {
module {
  pto.kernel aiv @tick(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %v: i64)
  pto.orchestration @unsigned_counter(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("a")) {
    %c100 = arith.constant 100 : i8
    %c250 = arith.constant 250 : i8
    %r = scf.for unsigned %u = %c100 to %c250 step %c100 iter_args(%x = %a) -> (!pto.tensor<16xf32>) : i8 {
      %w = arith.extui %u : i8 to i64
      %x1, %t = pto.submit @tick(%x, %w) : (!pto.tensor<16xf32>, i64) -> !pto.tensor<16xf32>
      scf.yield %x1 : !pto.tensor<16xf32>
    }
    pto.return
  }
}
