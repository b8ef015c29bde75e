// RUN: pto-opt %s -split-input-file --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp -split-input-file | FileCheck %s

// Scalar encoding (spec "Scalar Parameter Encoding"): entry scalars are read
// from their own slots with `orch_args.scalar<T>(i)` (tensor and scalar slots
// are numbered separately; expected_arg_count counts both); a task's scalars
// follow all its tensors, integers and bools as `add_scalar((uint64_t)(...))`,
// floats bit-cast with `add_scalar(to_u64(...))`. Constants print as typed
// literals that round-trip exactly; scalar arithmetic is a const local.

// CHECK-LABEL: // Orchestration function: scalars
// CHECK:       PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    (void)orch_args;
// CHECK-NEXT:    return PTO2OrchestrationConfig{ .expected_arg_count = 9 };
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    bool flag = orch_args.scalar<bool>(0);
// CHECK-NEXT:    const ChipTensor& ext_o = orch_args.tensor(0).ref();
// CHECK-NEXT:    int8_t n8 = orch_args.scalar<int8_t>(1);
// CHECK-NEXT:    int16_t n16 = orch_args.scalar<int16_t>(2);
// CHECK-NEXT:    int32_t n32 = orch_args.scalar<int32_t>(3);
// CHECK-NEXT:    int64_t n64 = orch_args.scalar<int64_t>(4);
// CHECK-NEXT:    int64_t idx = orch_args.scalar<int64_t>(5);
// CHECK-NEXT:    float scale = orch_args.scalar<float>(6);
// CHECK-NEXT:    double eps = orch_args.scalar<double>(7);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @ints
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_o);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(flag));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(n8));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(n16));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(n32));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(n64));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(idx));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @floats
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_o);
// CHECK-NEXT:      params_t1.add_scalar(to_u64(scale));
// CHECK-NEXT:      params_t1.add_scalar(to_u64(eps));
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @ints
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_inout(ext_o);
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(true));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)((int8_t)-8));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)((int16_t)300));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)((int32_t)-70000));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)((int64_t)5000000000));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)((int64_t)7));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @floats
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_inout(ext_o);
// CHECK-NEXT:      params_t3.add_scalar(to_u64(5.000000000e-01f));
// CHECK-NEXT:      params_t3.add_scalar(to_u64(-1.50000000000000000e+10));
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:      const float twice = (scale) * (5.000000000e-01f);
// CHECK-NEXT:      const double wide = (double)(twice);
// CHECK-NEXT:      const int64_t next = (int64_t)((uint64_t)(idx) + (uint64_t)((int64_t)7));
// CHECK-NEXT:      // Task 4: @floats
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t4;
// CHECK-NEXT:      params_t4.add_inout(ext_o);
// CHECK-NEXT:      params_t4.add_scalar(to_u64(twice));
// CHECK-NEXT:      params_t4.add_scalar(to_u64(wide));
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t4);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 5: @ints
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t5;
// CHECK-NEXT:      params_t5.add_inout(ext_o);
// CHECK-NEXT:      params_t5.add_scalar((uint64_t)(flag));
// CHECK-NEXT:      params_t5.add_scalar((uint64_t)(n8));
// CHECK-NEXT:      params_t5.add_scalar((uint64_t)(n16));
// CHECK-NEXT:      params_t5.add_scalar((uint64_t)(n32));
// CHECK-NEXT:      params_t5.add_scalar((uint64_t)(n64));
// CHECK-NEXT:      params_t5.add_scalar((uint64_t)(next));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t5);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  }  // extern "C"

module {
  pto.kernel aiv @ints(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                       %a: i1, %b: i8, %c: i16, %d: i32, %e: i64, %f: index)
  pto.kernel aiv @floats(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                         %x: f32, %y: f64)
  pto.orchestration @scalars(%flag: i1 loc("flag"), %o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>} loc("o"),
                             %n8: i8 loc("n8"), %n16: i16 loc("n16"), %n32: i32 loc("n32"),
                             %n64: i64 loc("n64"), %idx: index loc("idx"),
                             %scale: f32 loc("scale"), %eps: f64 loc("eps")) {
    %o1, %t0 = pto.submit @ints(%o, %flag, %n8, %n16, %n32, %n64, %idx) : (!pto.tensor<4xf32>, i1, i8, i16, i32, i64, index) -> !pto.tensor<4xf32>
    %o2, %t1 = pto.submit @floats(%o1, %scale, %eps) : (!pto.tensor<4xf32>, f32, f64) -> !pto.tensor<4xf32>
    %true = arith.constant true
    %k8 = arith.constant -8 : i8
    %k16 = arith.constant 300 : i16
    %k32 = arith.constant -70000 : i32
    %k64 = arith.constant 5000000000 : i64
    %kidx = arith.constant 7 : index
    %half = arith.constant 0.5 : f32
    %big = arith.constant -1.5e10 : f64
    %o3, %t2 = pto.submit @ints(%o2, %true, %k8, %k16, %k32, %k64, %kidx) : (!pto.tensor<4xf32>, i1, i8, i16, i32, i64, index) -> !pto.tensor<4xf32>
    %o4, %t3 = pto.submit @floats(%o3, %half, %big) : (!pto.tensor<4xf32>, f32, f64) -> !pto.tensor<4xf32>
    %twice = arith.mulf %scale, %half : f32 loc("twice")
    %wide = arith.extf %twice : f32 to f64 loc("wide")
    %next = arith.addi %idx, %kidx : index loc("next")
    %o5, %t4 = pto.submit @floats(%o4, %twice, %wide) : (!pto.tensor<4xf32>, f32, f64) -> !pto.tensor<4xf32>
    %o6, %t5 = pto.submit @ints(%o5, %flag, %n8, %n16, %n32, %n64, %next) : (!pto.tensor<4xf32>, i1, i8, i16, i32, i64, index) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// Float literals keep every bit: denormals, extremes, negative zero.

// CHECK-LABEL: // Orchestration function: float_literals
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_o = orch_args.tensor(0).ref();
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      // Task 0: @floats
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_o);
// CHECK-NEXT:      params_t0.add_scalar(to_u64(1.401298460e-45f));
// CHECK-NEXT:      params_t0.add_scalar(to_u64(1.00000000000000010e-01));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @floats
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_o);
// CHECK-NEXT:      params_t1.add_scalar(to_u64(3.402823470e+38f));
// CHECK-NEXT:      params_t1.add_scalar(to_u64(-0.0e+00));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @floats
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_inout(ext_o);
// CHECK-NEXT:      params_t2.add_scalar(to_u64(1.000000010e-01f));
// CHECK-NEXT:      params_t2.add_scalar(to_u64(4.94065645841246540e-324));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 3: @floats
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_inout(ext_o);
// CHECK-NEXT:      params_t3.add_scalar(to_u64(1.677721600e+07f));
// CHECK-NEXT:      params_t3.add_scalar(to_u64(1.79769313486231570e+308));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @floats(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}, %x: f32, %y: f64)
  pto.orchestration @float_literals(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>} loc("o")) {
    %a = arith.constant 1.401298464e-45 : f32
    %b = arith.constant 0.1 : f64
    %c = arith.constant 3.40282347e+38 : f32
    %d = arith.constant -0.0 : f64
    %e = arith.constant 0.1 : f32
    %f = arith.constant 4.9406564584124654e-324 : f64
    %g = arith.constant 1.7976931348623157e308 : f64
    %h = arith.constant 16777217.0 : f32
    %o1, %t0 = pto.submit @floats(%o, %a, %b) : (!pto.tensor<4xf32>, f32, f64) -> !pto.tensor<4xf32>
    %o2, %t1 = pto.submit @floats(%o, %c, %d) : (!pto.tensor<4xf32>, f32, f64) -> !pto.tensor<4xf32>
    %o3, %t2 = pto.submit @floats(%o, %e, %f) : (!pto.tensor<4xf32>, f32, f64) -> !pto.tensor<4xf32>
    %o4, %t3 = pto.submit @floats(%o, %h, %g) : (!pto.tensor<4xf32>, f32, f64) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// Unsigned ops (divui, remui, shrui, cmpi u*) reinterpret the operands at
// their own width (uint8/16/32/64_t). Conversions from and to i1 follow arith:
// i1 is signed (extsi and sitofp give -1 for true, extui 1), and trunci to i1
// keeps the low bit. (Arithmetic and ordering on i1 are errors: errors.mlir.)

// CHECK-LABEL: // Orchestration function: unsigned_and_bool
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_o = orch_args.tensor(0).ref();
// CHECK-NEXT:    int32_t x32 = orch_args.scalar<int32_t>(0);
// CHECK-NEXT:    int8_t x8 = orch_args.scalar<int8_t>(1);
// CHECK-NEXT:    int16_t x16 = orch_args.scalar<int16_t>(2);
// CHECK-NEXT:    int64_t idx = orch_args.scalar<int64_t>(3);
// CHECK-NEXT:    int64_t w = orch_args.scalar<int64_t>(4);
// CHECK-NEXT:    bool f = orch_args.scalar<bool>(5);
// CHECK-NEXT:    bool g = orch_args.scalar<bool>(6);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int32_t d32 = (int32_t)((uint32_t)(x32) / (uint32_t)((int32_t)2));
// CHECK-NEXT:      const int8_t r8 = (int8_t)((uint8_t)(x8) % (uint8_t)((int8_t)3));
// CHECK-NEXT:      const int16_t s16 = (int16_t)((uint16_t)(x16) >> (uint16_t)((int16_t)5));
// CHECK-NEXT:      const int64_t di = (int64_t)((uint64_t)(idx) / (uint64_t)((int64_t)3));
// CHECK-NEXT:      const int32_t s32 = (int32_t)((uint32_t)(x32) >> (uint32_t)((int32_t)2));
// CHECK-NEXT:      const int32_t r32 = (int32_t)((uint32_t)(x32) % (uint32_t)((int32_t)2));
// CHECK-NEXT:      const int64_t e64 = (int64_t)((f) ? -1 : 0);
// CHECK-NEXT:      const int64_t u64 = (int64_t)(bool)(f);
// CHECK-NEXT:      const int64_t e32 = (int64_t)(x32);
// CHECK-NEXT:      // Task 0: @ints
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_o);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(d32));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(r8));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(s16));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(di));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(e64));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 1: @ints
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_o);
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(s32));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(r8));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(s16));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(di));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(u64));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:      // Task 2: @ints
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t2;
// CHECK-NEXT:      params_t2.add_inout(ext_o);
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(r32));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(r8));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(s16));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(di));
// CHECK-NEXT:      params_t2.add_scalar((uint64_t)(e32));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t2);
// CHECK-NEXT:      }
// CHECK-NEXT:      const bool lt = (uint32_t)(x32) < (uint32_t)((int32_t)2);
// CHECK-NEXT:      const bool le = (uint8_t)(x8) <= (uint8_t)((int8_t)3);
// CHECK-NEXT:      const bool gt = (uint16_t)(x16) > (uint16_t)((int16_t)5);
// CHECK-NEXT:      const bool ge = (uint64_t)(idx) >= (uint64_t)((int64_t)3);
// CHECK-NEXT:      // Task 3: @bools
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t3;
// CHECK-NEXT:      params_t3.add_inout(ext_o);
// CHECK-NEXT:      params_t3.add_scalar((uint64_t)(lt));
// CHECK-NEXT:      params_t3.add_scalar((uint64_t)(le));
// CHECK-NEXT:      params_t3.add_scalar((uint64_t)(gt));
// CHECK-NEXT:      params_t3.add_scalar((uint64_t)(ge));
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t3);
// CHECK-NEXT:      }
// CHECK-NEXT:      const bool low64 = (((w) & 1) != 0);
// CHECK-NEXT:      const bool low32 = (((x32) & 1) != 0);
// CHECK-NEXT:      // Task 4: @bools
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t4;
// CHECK-NEXT:      params_t4.add_inout(ext_o);
// CHECK-NEXT:      params_t4.add_scalar((uint64_t)(low64));
// CHECK-NEXT:      params_t4.add_scalar((uint64_t)(low32));
// CHECK-NEXT:      params_t4.add_scalar((uint64_t)(f));
// CHECK-NEXT:      params_t4.add_scalar((uint64_t)(g));
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t4);
// CHECK-NEXT:      }
// CHECK-NEXT:      const float sf = (float)((f) ? -1 : 0);
// CHECK-NEXT:      // Task 5: @floats
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t5;
// CHECK-NEXT:      params_t5.add_inout(ext_o);
// CHECK-NEXT:      params_t5.add_scalar(to_u64(sf));
// CHECK-NEXT:      rt_submit_aiv_task(2, params_t5);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @ints(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                       %a: i32, %b: i8, %c: i16, %d: index, %e: i64)
  pto.kernel aiv @bools(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                        %a: i1, %b: i1, %c: i1, %d: i1)
  pto.kernel aiv @floats(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}, %x: f32)
  pto.orchestration @unsigned_and_bool(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>} loc("o"),
                                       %x32: i32 loc("x32"), %x8: i8 loc("x8"), %x16: i16 loc("x16"),
                                       %idx: index loc("idx"), %w: i64 loc("w"), %f: i1 loc("f"), %g: i1 loc("g")) {
    %c2 = arith.constant 2 : i32
    %c3_i8 = arith.constant 3 : i8
    %c5_i16 = arith.constant 5 : i16
    %c3 = arith.constant 3 : index
    // Unsigned division, remainder and shift at the operand's width.
    %d32 = arith.divui %x32, %c2 : i32 loc("d32")
    %r8 = arith.remui %x8, %c3_i8 : i8 loc("r8")
    %s16 = arith.shrui %x16, %c5_i16 : i16 loc("s16")
    %di = arith.divui %idx, %c3 : index loc("di")
    %s32 = arith.shrui %x32, %c2 : i32 loc("s32")
    %r32 = arith.remui %x32, %c2 : i32 loc("r32")
    // i1 is signed: true extends to -1; extui gives 1.
    %e64 = arith.extsi %f : i1 to i64 loc("e64")
    %u64 = arith.extui %f : i1 to i64 loc("u64")
    %e32 = arith.extsi %x32 : i32 to i64 loc("e32")
    %o1, %t1 = pto.submit @ints(%o, %d32, %r8, %s16, %di, %e64) : (!pto.tensor<4xf32>, i32, i8, i16, index, i64) -> !pto.tensor<4xf32>
    %o2, %t2 = pto.submit @ints(%o1, %s32, %r8, %s16, %di, %u64) : (!pto.tensor<4xf32>, i32, i8, i16, index, i64) -> !pto.tensor<4xf32>
    %o3, %t3 = pto.submit @ints(%o2, %r32, %r8, %s16, %di, %e32) : (!pto.tensor<4xf32>, i32, i8, i16, index, i64) -> !pto.tensor<4xf32>
    // Unsigned comparisons at the operand's width.
    %lt = arith.cmpi ult, %x32, %c2 : i32 loc("lt")
    %le = arith.cmpi ule, %x8, %c3_i8 : i8 loc("le")
    %gt = arith.cmpi ugt, %x16, %c5_i16 : i16 loc("gt")
    %ge = arith.cmpi uge, %idx, %c3 : index loc("ge")
    %o4, %t4 = pto.submit @bools(%o3, %lt, %le, %gt, %ge) : (!pto.tensor<4xf32>, i1, i1, i1, i1) -> !pto.tensor<4xf32>
    // trunci to i1 keeps the low bit.
    %t64 = arith.trunci %w : i64 to i1 loc("low64")
    %t32 = arith.trunci %x32 : i32 to i1 loc("low32")
    %o5, %t5 = pto.submit @bools(%o4, %t64, %t32, %f, %g) : (!pto.tensor<4xf32>, i1, i1, i1, i1) -> !pto.tensor<4xf32>
    %sf = arith.sitofp %f : i1 to f32 loc("sf")
    %o6, %t6 = pto.submit @floats(%o5, %sf) : (!pto.tensor<4xf32>, f32) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// extui zero-extends through the unsigned type of the source width (a plain
// cast from a signed type would sign-extend); index_cast sign-extends, i1
// included, and index_cast to i1 keeps the low bit like trunci. The values in
// the comments are arith's (pto-opt --canonicalize) and the compiled C++'s.

// CHECK-LABEL: // Orchestration function: extensions_and_index_casts
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_o = orch_args.tensor(0).ref();
// CHECK-NEXT:    int32_t x32 = orch_args.scalar<int32_t>(0);
// CHECK-NEXT:    int8_t x8 = orch_args.scalar<int8_t>(1);
// CHECK-NEXT:    int16_t x16 = orch_args.scalar<int16_t>(2);
// CHECK-NEXT:    bool f = orch_args.scalar<bool>(3);
// CHECK-NEXT:    int64_t idx = orch_args.scalar<int64_t>(4);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const int64_t w = (int64_t)(uint32_t)(x32);
// CHECK-NEXT:      const int32_t v = (int32_t)(uint8_t)(x8);
// CHECK-NEXT:      const int64_t u = (int64_t)(uint16_t)(x16);
// CHECK-NEXT:      const int32_t b = (int32_t)(bool)(f);
// CHECK-NEXT:      // Task 0: @ints
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_o);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(w));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(v));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(u));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(b));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:      const int64_t i = (int64_t)((f) ? -1 : 0);
// CHECK-NEXT:      const bool low = (((idx) & 1) != 0);
// CHECK-NEXT:      const int64_t s = (int64_t)(x8);
// CHECK-NEXT:      const int16_t n16 = (int16_t)(idx);
// CHECK-NEXT:      // Task 1: @casts
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t1;
// CHECK-NEXT:      params_t1.add_inout(ext_o);
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(i));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(low));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(s));
// CHECK-NEXT:      params_t1.add_scalar((uint64_t)(n16));
// CHECK-NEXT:      rt_submit_aiv_task(1, params_t1);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @ints(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                       %a: i64, %b: i32, %c: i64, %d: i32)
  pto.kernel aiv @casts(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                        %a: index, %b: i1, %c: index, %d: i16)
  pto.orchestration @extensions_and_index_casts(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>} loc("o"),
                                                %x32: i32 loc("x32"), %x8: i8 loc("x8"), %x16: i16 loc("x16"),
                                                %f: i1 loc("f"), %idx: index loc("idx")) {
    // extui zero-extends through the unsigned type of the source width:
    // x32 = -8 gives 4294967288, x8 = -100 gives 156, x16 = -2 gives 65534.
    %w = arith.extui %x32 : i32 to i64 loc("w")
    %v = arith.extui %x8 : i8 to i32 loc("v")
    %u = arith.extui %x16 : i16 to i64 loc("u")
    %b = arith.extui %f : i1 to i32 loc("b")
    %o1, %t1 = pto.submit @ints(%o, %w, %v, %u, %b) : (!pto.tensor<4xf32>, i64, i32, i64, i32) -> !pto.tensor<4xf32>
    // index_cast sign-extends (i1 true gives -1, i8 -100 gives -100) and
    // truncates (idx = 10 gives false as i1, idx = 70000 gives 4464 as i16).
    %i = arith.index_cast %f : i1 to index loc("i")
    %l = arith.index_cast %idx : index to i1 loc("low")
    %s = arith.index_cast %x8 : i8 to index loc("s")
    %n = arith.index_cast %idx : index to i16 loc("n16")
    %o2, %t2 = pto.submit @casts(%o1, %i, %l, %s, %n) : (!pto.tensor<4xf32>, index, i1, index, i16) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// On i1 the translation prints bitwise logic, equality and selection, where
// C++ bool and arith's i1 agree.

// CHECK-LABEL: // Orchestration function: bool_logic
// CHECK:       void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_o = orch_args.tensor(0).ref();
// CHECK-NEXT:    bool p = orch_args.scalar<bool>(0);
// CHECK-NEXT:    bool q = orch_args.scalar<bool>(1);
// CHECK-NEXT:    PTO2_SCOPE() {
// CHECK-NEXT:      const bool both = (p) & (q);
// CHECK-NEXT:      const bool either = (p) | (q);
// CHECK-NEXT:      const bool one = (p) ^ (q);
// CHECK-NEXT:      const bool not_p = (p) ^ (true);
// CHECK-NEXT:      const bool same = (p) == (q);
// CHECK-NEXT:      const bool differ = (p) != (q);
// CHECK-NEXT:      const bool sel = (p) ? (q) : (not_p);
// CHECK-NEXT:      // Task 0: @bools
// CHECK-NEXT:      {
// CHECK-NEXT:      CoreTaskArgs params_t0;
// CHECK-NEXT:      params_t0.add_inout(ext_o);
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(both));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(either));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(one));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(not_p));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(same));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(differ));
// CHECK-NEXT:      params_t0.add_scalar((uint64_t)(sel));
// CHECK-NEXT:      rt_submit_aiv_task(0, params_t0);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }

module {
  pto.kernel aiv @bools(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                        %a: i1, %b: i1, %c: i1, %d: i1, %e: i1, %f: i1, %g: i1)
  pto.orchestration @bool_logic(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>} loc("o"),
                                %p: i1 loc("p"), %q: i1 loc("q")) {
    %true = arith.constant true
    %and = arith.andi %p, %q : i1 loc("both")
    %or = arith.ori %p, %q : i1 loc("either")
    %xor = arith.xori %p, %q : i1 loc("one")
    %not = arith.xori %p, %true : i1 loc("not_p")
    %eq = arith.cmpi eq, %p, %q : i1 loc("same")
    %ne = arith.cmpi ne, %p, %q : i1 loc("differ")
    %sel = arith.select %p, %q, %not : i1 loc("sel")
    %o1, %t = pto.submit @bools(%o, %and, %or, %xor, %not, %eq, %ne, %sel) : (!pto.tensor<4xf32>, i1, i1, i1, i1, i1, i1, i1) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// arith.maximumf / minimumf are IEEE 754-2019 maximum / minimum: NaN if either
// operand is NaN, and +0 above -0; a plain comparison gets both wrong.

// CHECK-LABEL: // Orchestration function: extrema
// CHECK:         const float hi = (isnan(a) || isnan(b)) ? (a) + (b) : (a) == (b) ? (signbit(a) ? (b) : (a)) : (a) > (b) ? (a) : (b);
// CHECK-NEXT:    const float lo = (isnan(a) || isnan(b)) ? (a) + (b) : (a) == (b) ? (signbit(a) ? (a) : (b)) : (a) < (b) ? (a) : (b);
// CHECK-NEXT:    const int64_t top = (i) > (j) ? (i) : (j);
// CHECK-NEXT:    const int64_t bottom = (i) < (j) ? (i) : (j);

module {
  pto.kernel aiv @extremes(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                           %x: f32, %y: f32, %m: index, %n: index)
  pto.orchestration @extrema(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("o"),
                             %a: f32 loc("a"), %b: f32 loc("b"), %i: index loc("i"), %j: index loc("j")) {
    %hi = arith.maximumf %a, %b : f32 loc("hi")
    %lo = arith.minimumf %a, %b : f32 loc("lo")
    %top = arith.maxsi %i, %j : index loc("top")
    %bottom = arith.minsi %i, %j : index loc("bottom")
    %o1, %t = pto.submit @extremes(%o, %hi, %lo, %top, %bottom)
        : (!pto.tensor<16xf32>, f32, f32, index, index) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// Wrapping products: operands narrower than int would promote to int, where
// two uint16_t values can overflow (65535 * 65535), so they are multiplied as
// uint32_t; from 32 bits the unsigned type does not promote.

// CHECK-LABEL: // Orchestration function: products
// CHECK:         const int8_t p8 = (int8_t)((uint32_t)(uint8_t)(x8) * (uint32_t)(uint8_t)(x8));
// CHECK-NEXT:    const int16_t p16 = (int16_t)((uint32_t)(uint16_t)(x16) * (uint32_t)(uint16_t)(x16));
// CHECK-NEXT:    const int32_t p32 = (int32_t)((uint32_t)(x32) * (uint32_t)(x32));
// CHECK-NEXT:    const int64_t p64 = (int64_t)((uint64_t)(idx) * (uint64_t)(idx));

module {
  pto.kernel aiv @ints(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                       %a: i8, %b: i16, %c: i32, %d: index)
  pto.orchestration @products(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>} loc("o"),
                              %x8: i8 loc("x8"), %x16: i16 loc("x16"), %x32: i32 loc("x32"),
                              %idx: index loc("idx")) {
    %p8 = arith.muli %x8, %x8 : i8 loc("p8")
    %p16 = arith.muli %x16, %x16 : i16 loc("p16")
    %p32 = arith.muli %x32, %x32 : i32 loc("p32")
    %p64 = arith.muli %idx, %idx : index loc("p64")
    %o1, %t = pto.submit @ints(%o, %p8, %p16, %p32, %p64) : (!pto.tensor<4xf32>, i8, i16, i32, index) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// arith.maxnumf / minnumf: the other operand if one is NaN (both NaN: NaN);
// of equal operands (+0 and -0) the first. arith.index_castui zero-extends
// or truncates through the operand's unsigned type (issue 31: the
// generator's narrow unsigned loops reached an untranslated op).

// CHECK-LABEL: // Orchestration function: num_extrema
// CHECK:         const float hi = isnan(a) ? (b) : isnan(b) ? (a) : (b) > (a) ? (b) : (a);
// CHECK-NEXT:    const float lo = isnan(a) ? (b) : isnan(b) ? (a) : (b) < (a) ? (b) : (a);
// CHECK:         const int64_t wide = (int64_t)(uint8_t)(narrow);
// CHECK-NEXT:    const int8_t back = (int8_t)(uint64_t)(wide);
// CHECK-NEXT:    const bool low_bit = (((wide) & 1) != 0);

module {
  pto.kernel aiv @num_extremes(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                               %x: f32, %y: f32, %m: index, %n: i8, %p: i1)
  pto.orchestration @num_extrema(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("o"),
                                 %a: f32 loc("a"), %b: f32 loc("b"), %i: i32 loc("i")) {
    %hi = arith.maxnumf %a, %b : f32 loc("hi")
    %lo = arith.minnumf %a, %b : f32 loc("lo")
    %narrow = arith.trunci %i : i32 to i8 loc("narrow")
    %wide = arith.index_castui %narrow : i8 to index loc("wide")
    %back = arith.index_castui %wide : index to i8 loc("back")
    %bit = arith.index_castui %wide : index to i1 loc("low_bit")
    %o1, %t = pto.submit @num_extremes(%o, %hi, %lo, %wide, %back, %bit)
        : (!pto.tensor<16xf32>, f32, f32, index, i8, i1) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// Infinities and NaNs (issue 31: the generator's special floats were "not
// finite" here): math.h's NAN and INFINITY, with the sign; f64 through a
// conversion.

// CHECK-LABEL: // Orchestration function: specials
// CHECK:         const float hi = (isnan((INFINITY)) || isnan((-NAN))) ? ((INFINITY)) + ((-NAN))
// CHECK:         const double wide = (((double)NAN)) + ((-(double)INFINITY));

module {
  pto.kernel aiv @specials_k(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                             %x: f32, %y: f64)
  pto.orchestration @specials(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("o")) {
    %inf = arith.constant 0x7F800000 : f32
    %nnan = arith.constant 0xFFC00000 : f32
    %hi = arith.maximumf %inf, %nnan : f32 loc("hi")
    %dnan = arith.constant 0x7FF8000000000000 : f64
    %dninf = arith.constant 0xFFF0000000000000 : f64
    %wide = arith.addf %dnan, %dninf : f64 loc("wide")
    %o1, %t = pto.submit @specials_k(%o, %hi, %wide)
        : (!pto.tensor<16xf32>, f32, f64) -> !pto.tensor<16xf32>
    pto.return
  }
}
