// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Names: each value prints under its loc("name"); a name that is a C++ keyword
// or a runtime API name gets a trailing `_`, other characters become `_`, a
// leading digit or underscore gets a `v` prefix, an unnamed value a fallback
// (ext_arg<N>, tmp, v), and a name already used in the module gets `_1`,
// `_2`, ... (pto-legalize-cpp-names records them). The translation's own
// helper variables (params_t0, alloc_0, x_ci, ...) are named after those
// and give way: a value named `alloc_0` keeps its name.

// CHECK-LABEL: // Orchestration function: names
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_int = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_a_b = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_arg2 = orch_args.tensor(2).ref();
// CHECK-NEXT:    int64_t for_ = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    int64_t orch_args_ = orch_args.scalar<int64_t>(1);
// CHECK-NEXT:    int64_t ChipTensor_ = orch_args.scalar<int64_t>(2);
// CHECK-NEXT:    int64_t uint32_t_ = orch_args.scalar<int64_t>(3);
// CHECK-NEXT:    int64_t x = orch_args.scalar<int64_t>(4);
// CHECK-NEXT:    int64_t x_1 = orch_args.scalar<int64_t>(5);
// CHECK-NEXT:    int64_t v_0start = orch_args.scalar<int64_t>(6);
// CHECK-NEXT:    int64_t v_Reserved = orch_args.scalar<int64_t>(7);
// CHECK-NEXT:    int64_t ext_int_1 = orch_args.scalar<int64_t>(8);
// CHECK-NEXT:    int64_t to_u64_ = orch_args.scalar<int64_t>(9);
// CHECK-NEXT:    int64_t main_ = orch_args.scalar<int64_t>(10);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      uint32_t params_t0_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo params_t0_ci(params_t0_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t alloc_0_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo alloc_0_ci(alloc_0_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t x_2_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo x_2_ci(x_2_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t class__ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo class__ci(class__ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t a_b_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo a_b_ci(a_b_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t tmp_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo tmp_ci(tmp_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      uint32_t x_3_ci_shapes[1] = {8};
// CHECK-NEXT:      TensorCreateInfo x_3_ci(x_3_ci_shapes, 1, DataType::FLOAT32);
// CHECK-NEXT:      TaskOutputTensors alloc_0_1 = alloc_tensors(params_t0_ci, alloc_0_ci, x_2_ci, class__ci, a_b_ci, tmp_ci, x_3_ci);
// CHECK-NEXT:      const ChipTensor& params_t0 = alloc_0_1.get_ref(0);
// CHECK-NEXT:      const ChipTensor& alloc_0 = alloc_0_1.get_ref(1);
// CHECK-NEXT:      const ChipTensor& x_2 = alloc_0_1.get_ref(2);
// CHECK-NEXT:      const ChipTensor& class_ = alloc_0_1.get_ref(3);
// CHECK-NEXT:      const ChipTensor& a_b = alloc_0_1.get_ref(4);
// CHECK-NEXT:      const ChipTensor& tmp = alloc_0_1.get_ref(5);
// CHECK-NEXT:      const ChipTensor& x_3 = alloc_0_1.get_ref(6);
// CHECK-NEXT:      const int64_t while_ = (int64_t)((uint64_t)(for_) + (uint64_t)(orch_args_));
// CHECK-NEXT:      const int64_t task_0_outs = (int64_t)((uint64_t)(while_) + (uint64_t)(ChipTensor_));
// CHECK-NEXT:      const int64_t v = (int64_t)((uint64_t)(task_0_outs) + (uint64_t)(uint32_t_));
// CHECK-NEXT:      const int64_t a_b_c = (int64_t)((uint64_t)(v) + (uint64_t)(x));
// CHECK-NEXT:      const int64_t x_4 = (int64_t)((uint64_t)(a_b_c) + (uint64_t)(x_1));
// CHECK-NEXT:      const int64_t v_9 = (int64_t)((uint64_t)(x_4) + (uint64_t)(v_0start));
// CHECK-NEXT:      const int64_t x_y = (int64_t)((uint64_t)(v_9) + (uint64_t)(v_Reserved));
// CHECK-NEXT:      const int64_t k = (int64_t)((uint64_t)(x_y) + (uint64_t)(ext_int_1));
// CHECK-NEXT:      const int64_t k_1 = (int64_t)((uint64_t)(k) + (uint64_t)(to_u64_));
// CHECK-NEXT:      const int64_t v_ = (int64_t)((uint64_t)(k_1) + (uint64_t)(main_));
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0_1;
// CHECK-NEXT:      params_t0_1.add_input(ext_int);
// CHECK-NEXT:      params_t0_1.add_output(params_t0);
// CHECK-NEXT:      params_t0_1.add_scalar((uint64_t)(v_));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0_1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_input(ext_a_b);
// CHECK-NEXT:      params_t1.add_output(alloc_0);
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(while_));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_input(ext_arg2);
// CHECK-NEXT:      params_t2.add_output(x_2);
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(task_0_outs));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_input(params_t0);
// CHECK-NEXT:      params_t3.add_output(class_);
// CHECK-NEXT:      params_t3.add_scalar((uint64_t)(v));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 4: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t4;
// CHECK-NEXT:      params_t4.add_input(alloc_0);
// CHECK-NEXT:      params_t4.add_output(a_b);
// CHECK-NEXT:      params_t4.add_scalar((uint64_t)(a_b_c));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t4);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 5: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t5;
// CHECK-NEXT:      params_t5.add_input(x_2);
// CHECK-NEXT:      params_t5.add_output(tmp);
// CHECK-NEXT:      params_t5.add_scalar((uint64_t)(x_4));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t5);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 6: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t6;
// CHECK-NEXT:      params_t6.add_input(class_);
// CHECK-NEXT:      params_t6.add_output(x_3);
// CHECK-NEXT:      params_t6.add_scalar((uint64_t)(v_9));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t6);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 7: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t7;
// CHECK-NEXT:      params_t7.add_input(a_b);
// CHECK-NEXT:      params_t7.add_output(tmp);
// CHECK-NEXT:      params_t7.add_scalar((uint64_t)(x_y));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t7);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 8: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t8;
// CHECK-NEXT:      params_t8.add_input(x_3);
// CHECK-NEXT:      params_t8.add_output(tmp);
// CHECK-NEXT:      params_t8.add_scalar((uint64_t)(k));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t8);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 9: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t9;
// CHECK-NEXT:      params_t9.add_input(x_3);
// CHECK-NEXT:      params_t9.add_output(tmp);
// CHECK-NEXT:      params_t9.add_scalar((uint64_t)(k_1));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t9);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%x: !pto.tensor<8xf32>, %y: !pto.tensor<8xf32> {pto.direction = #pto.direction<out>}, %s: index)
  pto.orchestration @names(%a: !pto.tensor<8xf32> loc("int"), %b: !pto.tensor<8xf32> loc("a.b"),
                           %c: !pto.tensor<8xf32>,
                           %for: index loc("for"), %oa: index loc("orch_args"), %ct: index loc("ChipTensor"),
                           %ty: index loc("uint32_t"), %dup: index loc("x"), %dup2: index loc("x"),
                           %digit: index loc("0start"), %under: index loc("_Reserved"),
                           %ea: index loc("ext_int"), %tu: index loc("to_u64"), %main: index loc("main")) {
    %t1 = pto.create : !pto.tensor<8xf32> loc("params_t0")
    %t2 = pto.create : !pto.tensor<8xf32> loc("alloc_0")
    %t3 = pto.create : !pto.tensor<8xf32> loc("x")
    %t4 = pto.create : !pto.tensor<8xf32> loc("class")
    %t5 = pto.create : !pto.tensor<8xf32> loc("a_b")
    %t6 = pto.create : !pto.tensor<8xf32>
    %t7 = pto.create : !pto.tensor<8xf32> loc("x")
    %s1 = arith.addi %for, %oa : index loc("while")
    %s2 = arith.addi %s1, %ct : index loc("task_0_outs")
    %s3 = arith.addi %s2, %ty : index
    %s4 = arith.addi %s3, %dup : index loc("a-b c")
    %s5 = arith.addi %s4, %dup2 : index loc("x")
    %s6 = arith.addi %s5, %digit : index loc("9")
    %s7 = arith.addi %s6, %under : index loc("x y")
    %s8 = arith.addi %s7, %ea : index loc("k")
    %s9 = arith.addi %s8, %tu : index loc("k")
    %s10 = arith.addi %s9, %main : index loc("")
    %r1, %id1 = pto.submit @k(%a, %t1, %s10) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r2, %id2 = pto.submit @k(%b, %t2, %s1) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r3, %id3 = pto.submit @k(%c, %t3, %s2) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r4, %id4 = pto.submit @k(%r1, %t4, %s3) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r5, %id5 = pto.submit @k(%r2, %t5, %s4) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r6, %id6 = pto.submit @k(%r3, %t6, %s5) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r7, %id7 = pto.submit @k(%r4, %t7, %s6) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r8, %id8 = pto.submit @k(%r5, %r6, %s7) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r9, %id9 = pto.submit @k(%r7, %r8, %s8) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    %r10, %id10 = pto.submit @k(%r7, %r8, %s9) : (!pto.tensor<8xf32>, !pto.tensor<8xf32>, index) -> !pto.tensor<8xf32>
    pto.return
  }
}

// -----

// Names that may be macros of the included headers or the runtime's own
// names are reserved too: a name without a lowercase letter (NULL, EOF,
// INT32_MAX, N2) and a name starting with PTO2 or pto_orch.

// CHECK-LABEL: // Orchestration function: macro_names
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t NULL_ = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    int64_t EOF_ = orch_args.scalar<int64_t>(1);
// CHECK-NEXT:    int64_t INT32_MAX_ = orch_args.scalar<int64_t>(2);
// CHECK-NEXT:    int64_t PTO2ScopeGuard_ = orch_args.scalar<int64_t>(3);
// CHECK-NEXT:    int64_t pto_orch_api_detail_ = orch_args.scalar<int64_t>(4);
// CHECK-NEXT:    int64_t N2_ = orch_args.scalar<int64_t>(5);
// CHECK-NEXT:    int64_t Nk = orch_args.scalar<int64_t>(6);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_c);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(NULL_));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(EOF_));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(INT32_MAX_));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(PTO2ScopeGuard_));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(pto_orch_api_detail_));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(N2_));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(Nk));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index, %t: index, %u: index, %v: index,
                    %w: index, %x: index, %y: index)
  pto.orchestration @macro_names(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"),
                                 %a: index loc("NULL"), %b: index loc("EOF"), %d: index loc("INT32_MAX"),
                                 %e: index loc("PTO2ScopeGuard"), %f: index loc("pto_orch_api_detail"),
                                 %g: index loc("N2"), %h: index loc("Nk")) {
    %c1, %t = pto.submit @k(%c, %a, %b, %d, %e, %f, %g, %h) : (!pto.tensor<16xf32>, index, index, index, index, index, index, index) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// Symbol names in `//` comments: a non-printable character, a backslash or a
// `?` prints as `_`, so a name cannot end the comment (newline), continue it
// onto the next line (a trailing backslash) or spell a trigraph.

// CHECK-LABEL: // Orchestration function: comments_
// CHECK-NEXT:  // Kernel ids: 0 = @k_ (aiv) 1 = @k_static_assert(false); (aiv)
// CHECK-NEXT:  // Runtime API: spec (InheritableScalar, ConfigBase)
// CHECK-NEXT:  #include <math.h>
// CHECK-NEXT:  #include <stddef.h>
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @k_
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k_static_assert(false);
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_x);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @"k\5C"(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @"k\0Astatic_assert(false);"(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @"comments\5C"(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %x1, %t1 = pto.submit @"k\5C"(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %x2, %t2 = pto.submit @"k\0Astatic_assert(false);"(%x1) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// No trigraph in a comment: `??/` would be a backslash that splices the next
// line into the comment (with -trigraphs; an error with -Werror otherwise),
// `??=` a `#`. Every `?` prints as `_`, and so does a backslash, so
// `@"k\5C\5C/"` (two backslashes and a slash) cannot form one either.

// CHECK-LABEL: // Orchestration function: trigraphs__/
// CHECK-NEXT:  // Kernel ids: 0 = @k__/ (aiv) 1 = @k__/ (aiv) 2 = @k__= (aiv)
// CHECK-NEXT:  // Runtime API: spec (InheritableScalar, ConfigBase)
// CHECK-NEXT:  #include <math.h>
// CHECK-NEXT:  #include <stddef.h>
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @k__/
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_x);
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @k__/
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_x);
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @k__=
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_inout(ext_x);
// CHECK-NEXT:      rt_submit_aiv_task(2, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @"k??/"(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @"k\5C\5C/"(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @"k??="(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @"trigraphs??/"(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x")) {
    %x1, %t1 = pto.submit @"k??/"(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %x2, %t2 = pto.submit @"k\5C\5C/"(%x1) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %x3, %t3 = pto.submit @"k??="(%x2) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A sanitized name may contain `__` (v__x, a__b), as the spec's own
// generated names do (out__rv_v2__tid): kept, not collapsed.

// CHECK-LABEL: // Orchestration function: double_underscore
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_c = orch_args.tensor(0).ref();
// CHECK-NEXT:    int64_t n = orch_args.scalar<int64_t>(0);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int64_t v__x = (int64_t)((uint64_t)(n) + (uint64_t)(n));
// CHECK-NEXT:      const int64_t a__b = (int64_t)((uint64_t)(v__x) + (uint64_t)(n));
// CHECK-NEXT:      // Task 0: @k
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_c);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(a__b));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @k(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.orchestration @double_underscore(%c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %n: index loc("n")) {
    %a = arith.addi %n, %n : index loc("__x")
    %b = arith.addi %a, %n : index loc("a..b")
    %c1, %t = pto.submit @k(%c, %b) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
}
