// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Allocation batching (spec "Phase 5: Internal tensors"; runtime limit
// kAllocTensorsArgs = 16): the creates of one scope are allocated at its entry
// in alloc_tensors calls of at most 16 TensorCreateInfo, in order, whatever
// launches stand between them.

// 20 creates: alloc_0 with 16 infos, alloc_1 with 4. Only the buffers a
// task uses get a variable (b0 and b19): the call allocates them all.

// CHECK-LABEL: // Orchestration function: batches
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t b0_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b0_ci(b0_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b1_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b1_ci(b1_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b2_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b2_ci(b2_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b3_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b3_ci(b3_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b4_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b4_ci(b4_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b5_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b5_ci(b5_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b6_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b6_ci(b6_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b7_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b7_ci(b7_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b8_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b8_ci(b8_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b9_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b9_ci(b9_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b10_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b10_ci(b10_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b11_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b11_ci(b11_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b12_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b12_ci(b12_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b13_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b13_ci(b13_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b14_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b14_ci(b14_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b15_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b15_ci(b15_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(b0_ci, b1_ci, b2_ci, b3_ci, b4_ci, b5_ci, b6_ci, b7_ci, b8_ci, b9_ci, b10_ci, b11_ci, b12_ci, b13_ci, b14_ci, b15_ci);
// CHECK-NEXT:      const ChipTensor& b0 = alloc_0.get_ref(0);
// CHECK-NEXT:      uint32_t b16_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b16_ci(b16_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b17_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b17_ci(b17_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b18_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b18_ci(b18_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t b19_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo b19_ci(b19_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_1 = alloc_tensors(b16_ci, b17_ci, b18_ci, b19_ci);
// CHECK-NEXT:      const ChipTensor& b19 = alloc_1.get_ref(3);
// CHECK-NEXT:      // Task 0: @fill
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_output(b0);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @fill
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_output(b19);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @fill(%y: !pto.tensor<8xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @batches() {
    %b0 = pto.create : !pto.tensor<8xf32> loc("b0")
    %b1 = pto.create : !pto.tensor<8xf32> loc("b1")
    %b2 = pto.create : !pto.tensor<8xf32> loc("b2")
    %b3 = pto.create : !pto.tensor<8xf32> loc("b3")
    %b4 = pto.create : !pto.tensor<8xf32> loc("b4")
    %b5 = pto.create : !pto.tensor<8xf32> loc("b5")
    %b6 = pto.create : !pto.tensor<8xf32> loc("b6")
    %b7 = pto.create : !pto.tensor<8xf32> loc("b7")
    %b8 = pto.create : !pto.tensor<8xf32> loc("b8")
    %b9 = pto.create : !pto.tensor<8xf32> loc("b9")
    %w, %t = pto.submit @fill(%b0) : (!pto.tensor<8xf32>) -> !pto.tensor<8xf32>
    %b10 = pto.create : !pto.tensor<8xf32> loc("b10")
    %b11 = pto.create : !pto.tensor<8xf32> loc("b11")
    %b12 = pto.create : !pto.tensor<8xf32> loc("b12")
    %b13 = pto.create : !pto.tensor<8xf32> loc("b13")
    %b14 = pto.create : !pto.tensor<8xf32> loc("b14")
    %b15 = pto.create : !pto.tensor<8xf32> loc("b15")
    %b16 = pto.create : !pto.tensor<8xf32> loc("b16")
    %b17 = pto.create : !pto.tensor<8xf32> loc("b17")
    %b18 = pto.create : !pto.tensor<8xf32> loc("b18")
    %b19 = pto.create : !pto.tensor<8xf32> loc("b19")
    %w2, %t2 = pto.submit @fill(%b19) : (!pto.tensor<8xf32>) -> !pto.tensor<8xf32>
    pto.return
  }
}

// -----

// A create sized by a value known at scope entry joins the entry batch; one
// sized by a value the scope computes is allocated alone where it stands; a
// loop body's creates are allocated at the entry of the body's scope.

// CHECK-LABEL: // Orchestration function: dynamic_batches
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const bool [[OK:.*]] = (uint64_t)(n) <= (uint64_t)((int64_t)4294967295);
// CHECK-NEXT:      if (!([[OK]])) { fprintf(stderr, "%s\n", "'first': 'pto.create' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"); abort(); }
// CHECK-NEXT:      uint32_t first_ci_shapes[1] = {(uint32_t)n};
// CHECK-NEXT:      TensorCreateInfo first_ci(first_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t early_ci_shapes[1] = {(uint32_t)n};
// CHECK-NEXT:      TensorCreateInfo early_ci(early_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0 = alloc_tensors(first_ci, early_ci);
// CHECK-NEXT:      const ChipTensor& first = alloc_0.get_ref(0);
// CHECK-NEXT:      const ChipTensor& early = alloc_0.get_ref(1);
// CHECK-NEXT:      // Task 0: @fill
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_output(first);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      const int64_t m = (int64_t)((uint64_t)(n) * (uint64_t)((int64_t)2));
// CHECK-NEXT:      const bool {{.*}} = (uint64_t)(m) <= (uint64_t)((int64_t)4294967295);
// CHECK-NEXT:      if (!({{.*}})) { fprintf(stderr, "%s\n", "'late': 'pto.create' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"); abort(); }
// CHECK-NEXT:      uint32_t late_ci_shapes[1] = {(uint32_t)m};
// CHECK-NEXT:      TensorCreateInfo late_ci(late_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_1 = alloc_tensors(late_ci);
// CHECK-NEXT:      const ChipTensor& late = alloc_1.get_ref(0);
// CHECK-NEXT:      // Task 1: @fill
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_output(late);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      for (int64_t i = (int64_t)0; i < n; i += (int64_t)1) {
// CHECK-NEXT:        PTO2_SCOPE() {
// CHECK-NEXT:          uint32_t inner_ci_shapes[1] = {(uint32_t)n};
// CHECK-NEXT:          TensorCreateInfo inner_ci(inner_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:          TaskOutputTensors alloc_2 = alloc_tensors(inner_ci);
// CHECK-NEXT:          const ChipTensor& inner = alloc_2.get_ref(0);
// CHECK-NEXT:          // Task 2: @fill
// CHECK-NEXT:          {
// CHECK-NEXT:          CoreTaskArgs params_t2;
// CHECK-NEXT:          params_t2.add_output(inner);
// CHECK-NEXT:          rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @fill
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_output(early);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @fill(%y: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @dynamic_batches(%n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %first = pto.create(%n) : !pto.tensor<?xf32> loc("first")
    %w, %t = pto.submit @fill(%first) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %m = arith.muli %n, %c2 : index loc("m")
    %late = pto.create(%m) : !pto.tensor<?xf32> loc("late")
    %early = pto.create(%n) : !pto.tensor<?xf32> loc("early")
    %w2, %t2 = pto.submit @fill(%late) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %inner = pto.create(%n) : !pto.tensor<?xf32> loc("inner")
      %w3, %t3 = pto.submit @fill(%inner) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    }
    %w4, %t4 = pto.submit @fill(%early) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    pto.return
  }
}
