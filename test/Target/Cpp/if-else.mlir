// RUN: pto-opt %s --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s

// scf.if (spec "IfStmt"): each non-empty branch body gets its own
// PTO2_SCOPE(); a tensor result that both branches yield as the same buffer
// from outside the if (the spec's example: ext_c written on either path) is
// that buffer, with no variable; any other result is a variable declared
// before the if, assigned at the end of each branch (through the branch
// scope's own result variables when the branch computes them).

// CHECK-LABEL: // Orchestration function: branches
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_a = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_b = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(2).ref();
// CHECK-NEXT:    bool condition = orch_args.scalar<bool>(0);
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(1);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      if (condition) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 0: @kernel_a
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t0;
// CHECK-NEXT:          params_t0.add_input(ext_a);
// CHECK-NEXT:          params_t0.add_input(ext_b);
// CHECK-NEXT:          params_t0.add_output(ext_c);
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      else {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 1: @kernel_b
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t1;
// CHECK-NEXT:          params_t1.add_input(ext_a);
// CHECK-NEXT:          params_t1.add_input(ext_b);
// CHECK-NEXT:          params_t1.add_output(ext_c);
// CHECK-NEXT:          rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      const bool big = (n) > ((int64_t)8);
// CHECK-NEXT:      if (big) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          // Task 2: @kernel_a
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t2;
// CHECK-NEXT:          params_t2.add_input(ext_c);
// CHECK-NEXT:          params_t2.add_input(ext_b);
// CHECK-NEXT:          params_t2.add_output(ext_c);
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      ChipTensor pick{};
// CHECK-NEXT:      int64_t pick_1{};
// CHECK-NEXT:      if (big) {
// CHECK-NEXT:        ChipTensor scoped{};
// CHECK-NEXT:        int64_t scoped_1{};
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          uint32_t tmp_ci_shapes[1] = {16};
// CHECK-NEXT:          TensorCreateInfo tmp_ci(tmp_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:          TaskOutputTensors alloc_0 = alloc_tensors(tmp_ci);
// CHECK-NEXT:          const ChipTensor& tmp = alloc_0.get_ref(0);
// CHECK-NEXT:          // Task 3: @kernel_b
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t3;
// CHECK-NEXT:          params_t3.add_input(ext_a);
// CHECK-NEXT:          params_t3.add_input(ext_b);
// CHECK-NEXT:          params_t3.add_output(tmp);
// CHECK-NEXT:          rt_submit_aiv_task(1, params_t3);
// CHECK-NEXT:          }
// CHECK-NEXT:          const int64_t scaled = (int64_t)((uint64_t)(n) * (uint64_t)((int64_t)8));
// CHECK-NEXT:          scoped = tmp;
// CHECK-NEXT:          scoped_1 = scaled;
// CHECK-NEXT:        }
// CHECK-NEXT:        pick = scoped;
// CHECK-NEXT:        pick_1 = scoped_1;
// CHECK-NEXT:      }
// CHECK-NEXT:      else {
// CHECK-NEXT:        pick = ext_a;
// CHECK-NEXT:        pick_1 = n;
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 4: @kernel_a
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t4;
// CHECK-NEXT:      params_t4.add_input(pick);
// CHECK-NEXT:      params_t4.add_input(ext_b);
// CHECK-NEXT:      params_t4.add_output(ext_c);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t4);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @kernel_a(%a: !pto.tensor<16xf32>, %b: !pto.tensor<16xf32>,
                           %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @kernel_b(%a: !pto.tensor<16xf32>, %b: !pto.tensor<16xf32>,
                           %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @branches(%a: !pto.tensor<16xf32> loc("a"), %b: !pto.tensor<16xf32> loc("b"),
                              %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>} loc("c"),
                              %condition: i1 loc("condition"), %n: index loc("n")) {
    // The spec's IfStmt example: one buffer written on either path.
    %c1 = scf.if %condition -> (!pto.tensor<16xf32>) {
      %x, %t0 = pto.submit @kernel_a(%a, %b, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %x : !pto.tensor<16xf32>
    } else {
      %y, %t1 = pto.submit @kernel_b(%a, %b, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %y : !pto.tensor<16xf32>
    }
    // A branch without results and without else.
    %c8 = arith.constant 8 : index
    %big = arith.cmpi sgt, %n, %c8 : index loc("big")
    scf.if %big {
      %z, %t2 = pto.submit @kernel_a(%c1, %b, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    // Results of every kind: a buffer chosen at run time, a scalar.
    %pick:2 = scf.if %big -> (!pto.tensor<16xf32>, index) {
      %tmp = pto.create : !pto.tensor<16xf32> loc("tmp")
      %w, %t3 = pto.submit @kernel_b(%a, %b, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %m = arith.muli %n, %c8 : index loc("scaled")
      scf.yield %w, %m : !pto.tensor<16xf32>, index
    } else {
      scf.yield %a, %n : !pto.tensor<16xf32>, index
    } loc("pick")
    %q, %t4 = pto.submit @kernel_a(%pick#0, %b, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}
