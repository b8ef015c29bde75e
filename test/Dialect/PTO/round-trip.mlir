// RUN: pto-opt %s | pto-opt | FileCheck %s
// RUN: pto-opt %s --mlir-print-op-generic | pto-opt | FileCheck %s

// Custom and generic round trip of every pto op, the pto.runtime and
// pto.runtime_api module attributes, pto.direction and pto.window argument
// attributes and
// pto.parallel loops.

// CHECK: module attributes {pto.runtime = #pto.runtime<host_build_graph>, pto.runtime_api = #pto.runtime_api<simpler_6ebaf771>} {
module attributes {pto.runtime = #pto.runtime<host_build_graph>, pto.runtime_api = #pto.runtime_api<simpler_6ebaf771>} {

// A kernel without a body prints its signature without argument names.
// CHECK-LABEL: pto.kernel aic @matmul(!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>}){{$}}
pto.kernel aic @matmul(%x: !pto.tensor<16x32xf16>, %w: !pto.tensor<32x16xf16, dn>,
                       %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>})

// CHECK-LABEL: pto.kernel aiv @add(!pto.tensor<16xf32>, !pto.tensor<16xf32> {pto.direction = #pto.direction<in>}, !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, f32){{$}}
pto.kernel aiv @add(%a: !pto.tensor<16xf32>,
                    %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<in>},
                    %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                    %scale: f32)

// A window: the box of a whole tensor a kernel touches, from its scalars.
// CHECK-LABEL: pto.kernel aiv @silu(!pto.tensor<16x4096xbf16> {pto.direction = #pto.direction<inout>, pto.overwrites, pto.window = #pto.window<offsets = ()[s0, s1] -> (0, s0 + s1 * 2), sizes = ()[s0, s1] -> (16, 1024)>}, !pto.tensor<16x4096xf32> {pto.window = #pto.window<offsets = ()[s0] -> (0, s0), sizes = () -> (16, 1024)>}, index, i64){{$}}
pto.kernel aiv @silu(%mlp: !pto.tensor<16x4096xbf16> {pto.direction = #pto.direction<inout>, pto.overwrites,
                         pto.window = #pto.window<offsets = ()[s0, s1] -> (0, s0 + s1 * 2),
                                                  sizes = ()[s0, s1] -> (16, 1024)>},
                     %gate: !pto.tensor<16x4096xf32> {
                         pto.window = #pto.window<offsets = ()[s0] -> (0, s0), sizes = () -> (16, 1024)>},
                     %n_off: index, %k: i64)

// CHECK-LABEL: pto.kernel aic @split_cube(
pto.kernel aic @split_cube(%x: !pto.tensor<?x64xbf16>,
                           %lo: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                           %hi: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                           %n: index, %k: i64 {pto.direction = #pto.direction<in>})
// CHECK-LABEL: pto.kernel aiv @split_vector(
pto.kernel aiv @split_vector(%x: !pto.tensor<?x64xbf16>,
                             %lo: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                             %hi: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                             %n: index, %k: i64 {pto.direction = #pto.direction<in>})

// A mixed kernel names its lanes: AIC, then one or two AIV kernels.
// CHECK-LABEL: pto.kernel mixed(@split_cube, @split_vector, @split_vector) @split2(
// CHECK-LABEL: pto.kernel mixed(@split_cube, @split_vector) @split(!pto.tensor<?x64xbf16>, !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>}, !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>}, index, i64 {pto.direction = #pto.direction<in>}){{$}}
pto.kernel mixed(@split_cube, @split_vector, @split_vector) @split2(%x: !pto.tensor<?x64xbf16>,
                        %lo: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                        %hi: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                        %n: index, %k: i64 {pto.direction = #pto.direction<in>})
pto.kernel mixed(@split_cube, @split_vector) @split(%x: !pto.tensor<?x64xbf16>,
                        %lo: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                        %hi: !pto.tensor<16x32xbf16> {pto.direction = #pto.direction<out>},
                        %n: index, %k: i64 {pto.direction = #pto.direction<in>})

// CHECK-LABEL: pto.kernel aiv @fill(!pto.tensor<?xf32> {pto.direction = #pto.direction<out>}, f32){{$}}
pto.kernel aiv @fill(%y: !pto.tensor<?xf32> {pto.direction = #pto.direction<out>}, %v: f32)

// CHECK-LABEL: pto.kernel aiv private @attrs() attributes {tag = "x"}{{$}}
pto.kernel aiv private @attrs() attributes {tag = "x"}

// Scalar parameters are at most 64 bits wide.
// CHECK-LABEL: pto.kernel aiv @scalars(!pto.tensor<4xf32>, i1, i64, index, bf16, f64){{$}}
pto.kernel aiv @scalars(%a: !pto.tensor<4xf32>, %b: i1, %c: i64, %d: index, %e: bf16, %f: f64)

// CHECK-LABEL: pto.kernel aiv @with_body(
// CHECK-SAME:      %[[A:[a-z0-9_]+]]: !pto.tensor<16xf32>,
// CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
// CHECK-SAME:      -> !pto.tensor<16xf32> {
// CHECK-NEXT:    pto.return %[[C]] : !pto.tensor<16xf32>
// CHECK-NEXT:  }
pto.kernel aiv @with_body(%a: !pto.tensor<16xf32>,
                          %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
    -> !pto.tensor<16xf32> {
  pto.return %c : !pto.tensor<16xf32>
}

// CHECK-LABEL: pto.kernel aic @empty_body() {
// CHECK-NEXT:    pto.return{{$}}
// CHECK-NEXT:  }
pto.kernel aic @empty_body() {
  pto.return
}

// CHECK-LABEL: pto.graph @layer(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
// CHECK-SAME:      %[[ACC:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
// CHECK-SAME:      %[[IDX:[a-z0-9_]+]]: index) -> !pto.tensor<16xf32> {
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[ACC1:[a-z0-9_]+]], %[[T:[a-z0-9_]+]] = pto.submit @add(%[[X]], %[[X]], %[[ACC]], %[[ONE]]) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, f32) -> !pto.tensor<16xf32>
// CHECK-NEXT:    pto.return %[[ACC1]] : !pto.tensor<16xf32>
// CHECK-NEXT:  }
pto.graph @layer(%x: !pto.tensor<16xf32>,
                 %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                 %idx: index) -> !pto.tensor<16xf32> {
  %one = arith.constant 1.0 : f32
  %acc1, %t = pto.submit @add(%x, %x, %acc, %one)
      : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, f32) -> !pto.tensor<16xf32>
  pto.return %acc1 : !pto.tensor<16xf32>
}

// What the legalization records on the parameters it adds.
// CHECK-LABEL: pto.graph private @hoisted(
// CHECK-SAME:      {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}
// CHECK-SAME:      {pto.hoisted = #pto.hoisted<view, of = "w">}
// CHECK-SAME:      {pto.hoisted = #pto.hoisted<view>}
// CHECK-SAME:      {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.muli">}
pto.graph private @hoisted(%w: !pto.tensor<64xf32>,
                           %tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
                           %wl: !pto.tensor<16xf32> {pto.hoisted = #pto.hoisted<view, of = "w">},
                           %wr: !pto.tensor<16xf32> {pto.hoisted = #pto.hoisted<view>},
                           %base: index {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.muli">}) {
  pto.return
}

// CHECK-LABEL: pto.graph private @no_params() {
// CHECK-NEXT:    pto.return{{$}}
// CHECK-NEXT:  }
pto.graph private @no_params() {
  pto.return
}

// CHECK-LABEL: pto.orchestration @launches(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16x32xf16>, %[[W:[a-z0-9_]+]]: !pto.tensor<32x16xf16, dn>,
// CHECK-SAME:      %[[Y:[a-z0-9_]+]]: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>},
// CHECK-SAME:      %[[S:[a-z0-9_]+]]: !pto.tensor<?x64xbf16>, %[[PRED:[a-z0-9_]+]]: !pto.tensor<1xi32>,
// CHECK-SAME:      %[[N:[a-z0-9_]+]]: index, %[[K:[a-z0-9_]+]]: i64) {
pto.orchestration @launches(%x: !pto.tensor<16x32xf16>, %w: !pto.tensor<32x16xf16, dn>,
                            %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>},
                            %s: !pto.tensor<?x64xbf16>, %pred: !pto.tensor<1xi32>,
                            %n: index, %k: i64) {
  // CHECK-NEXT: %[[Y1:[a-z0-9_]+]], %[[T0:[a-z0-9_]+]] = pto.submit @matmul(%[[X]], %[[W]], %[[Y]]) : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  %y1, %t0 = pto.submit @matmul(%x, %w, %y)
      : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  // CHECK-NEXT: %[[Y2:[a-z0-9_]+]], %[[T1:[a-z0-9_]+]] = pto.submit @matmul(%[[X]], %[[W]], %[[Y1]]) deps(%[[T0]] : !pto.task_id) : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  %y2, %t1 = pto.submit @matmul(%x, %w, %y1) deps(%t0 : !pto.task_id)
      : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  // CHECK-NEXT: %[[Y3:[a-z0-9_]+]], %[[T2:[a-z0-9_]+]] = pto.submit @matmul(%[[X]], %[[W]], %[[Y2]]) pred(%[[PRED]] : !pto.tensor<1xi32>) : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  %y3, %t2 = pto.submit @matmul(%x, %w, %y2) pred(%pred : !pto.tensor<1xi32>)
      : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  // CHECK-NEXT: %[[Y4:[a-z0-9_]+]], %[[T3:[a-z0-9_]+]] = pto.submit @matmul(%[[X]], %[[W]], %[[Y3]]) core_num(%[[N]]) : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  %y4, %t3 = pto.submit @matmul(%x, %w, %y3) core_num(%n)
      : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  // CHECK-NEXT: %[[IDS:.+]] = pto.array_splat %[[T0]] : !pto.task_id_array<2>
  %ids = pto.array_splat %t0 : !pto.task_id_array<2>
  // CHECK-NEXT: %[[Y5:[a-z0-9_]+]], %[[T4:[a-z0-9_]+]] = pto.submit @matmul(%[[X]], %[[W]], %[[Y4]]) deps(%[[T1]], %[[IDS]] : !pto.task_id, !pto.task_id_array<2>) pred(%[[PRED]] : !pto.tensor<1xi32>) core_num(%[[N]]) : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  %y5, %t4 = pto.submit @matmul(%x, %w, %y4) deps(%t1, %ids : !pto.task_id, !pto.task_id_array<2>)
      pred(%pred : !pto.tensor<1xi32>) core_num(%n)
      : (!pto.tensor<16x32xf16>, !pto.tensor<32x16xf16, dn>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
  // Both out tensors omitted: the runtime allocates them.
  // CHECK-NEXT: %[[OUTS:[a-z0-9_]+]]:2, %[[T5:[a-z0-9_]+]] = pto.submit @split(%[[S]], %[[N]], %[[K]]) : (!pto.tensor<?x64xbf16>, index, i64) -> (!pto.tensor<16x32xbf16>, !pto.tensor<16x32xbf16>)
  %lo, %hi, %t5 = pto.submit @split(%s, %n, %k)
      : (!pto.tensor<?x64xbf16>, index, i64) -> (!pto.tensor<16x32xbf16>, !pto.tensor<16x32xbf16>)
  // Only the last out tensor omitted.
  // CHECK-NEXT: %[[OUTS2:[a-z0-9_]+]]:2, %[[T6:[a-z0-9_]+]] = pto.submit @split(%[[S]], %[[OUTS]]#0, %[[N]], %[[K]]) : (!pto.tensor<?x64xbf16>, !pto.tensor<16x32xbf16>, index, i64) -> (!pto.tensor<16x32xbf16>, !pto.tensor<16x32xbf16>)
  %lo1, %hi1, %t6 = pto.submit @split(%s, %lo, %n, %k)
      : (!pto.tensor<?x64xbf16>, !pto.tensor<16x32xbf16>, index, i64) -> (!pto.tensor<16x32xbf16>, !pto.tensor<16x32xbf16>)
  // A kernel without out/inout parameters yields only the task id.
  // CHECK-NEXT: %{{.+}} = pto.submit @attrs() : () -> (){{$}}
  %t7 = pto.submit @attrs() : () -> ()
  // Task flags.
  // CHECK-NEXT: %{{.+}} = pto.submit @attrs() core_num(%[[N]]) {allow_early_resolve, require_sync_start} : () -> (){{$}}
  %t8 = pto.submit @attrs() core_num(%n) {allow_early_resolve, require_sync_start} : () -> ()
  // Tensor owners.
  // CHECK-NEXT: %[[OWNED:.+]] = pto.set_owner %[[Y5]], %[[T4]] : !pto.tensor<16x16xf32>
  %owned = pto.set_owner %y5, %t4 : !pto.tensor<16x16xf32>
  // CHECK-NEXT: %{{.+}} = pto.owner_task_id %[[OWNED]] : !pto.tensor<16x16xf32>
  %owner = pto.owner_task_id %owned : !pto.tensor<16x16xf32>
  // CHECK-NEXT: pto.return{{$}}
  // CHECK-NEXT: }
  pto.return
}

// CHECK-LABEL: pto.orchestration @calls(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
// CHECK-SAME:      %[[ACC:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
// CHECK-SAME:      %[[P:[a-z0-9_]+]]: !pto.tensor<1xi32>) {
pto.orchestration @calls(%x: !pto.tensor<16xf32>,
                         %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                         %p: !pto.tensor<1xi32>) {
  // CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  // CHECK-NEXT: %[[R0:.+]] = pto.call @layer(%[[X]], %[[ACC]], %[[C0]]) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
  %r0 = pto.call @layer(%x, %acc, %c0)
      : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
  // CHECK-NEXT: %[[R1:.+]] = pto.call @layer(%[[X]], %[[R0]], %[[C0]]) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
  %r1 = pto.call @layer(%x, %r0, %c0)
      : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
  // CHECK-NEXT: pto.call @no_params() : () -> (){{$}}
  pto.call @no_params() : () -> ()
  // CHECK-NEXT: pto.return{{$}}
  pto.return
}

// A `?` extent is compatible with a literal one; a tied result keeps the
// operand's type. Orchestration scalars may precede tensors.
// CHECK-LABEL: pto.orchestration @compatible(
// CHECK-SAME:      %[[N:[a-z0-9_]+]]: index, %[[F:[a-z0-9_]+]]: f32,
// CHECK-SAME:      %[[D:[a-z0-9_]+]]: !pto.tensor<?xf32>) {
pto.orchestration @compatible(%n: index, %f: f32, %d: !pto.tensor<?xf32>) {
  // CHECK-NEXT: %[[D1:[a-z0-9_]+]], %{{.+}} = pto.submit @add(%[[D]], %[[D]], %[[D]], %[[F]]) : (!pto.tensor<?xf32>, !pto.tensor<?xf32>, !pto.tensor<?xf32>, f32) -> !pto.tensor<?xf32>
  %d1, %t = pto.submit @add(%d, %d, %d, %f)
      : (!pto.tensor<?xf32>, !pto.tensor<?xf32>, !pto.tensor<?xf32>, f32) -> !pto.tensor<?xf32>
  // CHECK-NEXT: %{{.+}} = pto.call @layer(%[[D1]], %[[D1]], %[[N]]) : (!pto.tensor<?xf32>, !pto.tensor<?xf32>, index) -> !pto.tensor<16xf32>
  %r = pto.call @layer(%d1, %d1, %n)
      : (!pto.tensor<?xf32>, !pto.tensor<?xf32>, index) -> !pto.tensor<16xf32>
  // A `?` out parameter is supplied, or described with its extents.
  // CHECK-NEXT: %{{.+}}, %{{.+}} = pto.submit @fill(%[[D1]], %[[F]]) : (!pto.tensor<?xf32>, f32) -> !pto.tensor<?xf32>
  %d2, %t2 = pto.submit @fill(%d1, %f) : (!pto.tensor<?xf32>, f32) -> !pto.tensor<?xf32>
  // CHECK-NEXT: %[[CI:[a-z0-9_]+]] = pto.create_info(%[[N]]) : !pto.create_info<?xf32>
  %ci = pto.create_info(%n) : !pto.create_info<?xf32>
  // CHECK-NEXT: %{{.+}}, %{{.+}} = pto.submit @fill(%[[CI]], %[[F]]) : (!pto.create_info<?xf32>, f32) -> !pto.tensor<?xf32>
  %d3, %t3 = pto.submit @fill(%ci, %f) : (!pto.create_info<?xf32>, f32) -> !pto.tensor<?xf32>
  // A static description of a `?` parameter: the result is the described type.
  // CHECK-NEXT: %[[CI16:[a-z0-9_]+]] = pto.create_info : !pto.create_info<16xf32>
  %ci16 = pto.create_info : !pto.create_info<16xf32>
  // CHECK-NEXT: %{{.+}}, %{{.+}} = pto.submit @fill(%[[CI16]], %[[F]]) : (!pto.create_info<16xf32>, f32) -> !pto.tensor<16xf32>
  %d4, %t4 = pto.submit @fill(%ci16, %f) : (!pto.create_info<16xf32>, f32) -> !pto.tensor<16xf32>
  // CHECK-NEXT: pto.return{{$}}
  pto.return
}

// CHECK-LABEL: pto.orchestration @task_ids(
// CHECK-SAME:      %[[I:[a-z0-9_]+]]: index) {
pto.orchestration @task_ids(%i: index) {
  // CHECK-NEXT: %[[NONE:.+]] = pto.invalid_task_id{{$}}
  %none = pto.invalid_task_id
  // CHECK-NEXT: %[[IDS:.+]] = pto.array_splat %[[NONE]] : !pto.task_id_array<4>
  %ids = pto.array_splat %none : !pto.task_id_array<4>
  // CHECK-NEXT: %[[D0:.+]] = pto.task_dummy{{$}}
  %d0 = pto.task_dummy
  // CHECK-NEXT: %[[IDS1:.+]] = pto.array_update %[[IDS]][%[[I]]], %[[D0]] : !pto.task_id_array<4>
  %ids1 = pto.array_update %ids[%i], %d0 : !pto.task_id_array<4>
  // CHECK-NEXT: %[[T:.+]] = pto.array_get %[[IDS1]][%[[I]]] : !pto.task_id_array<4>
  %t = pto.array_get %ids1[%i] : !pto.task_id_array<4>
  // CHECK-NEXT: %[[D1:.+]] = pto.task_dummy deps(%[[T]] : !pto.task_id)
  %d1 = pto.task_dummy deps(%t : !pto.task_id)
  // CHECK-NEXT: %{{.+}} = pto.task_dummy deps(%[[D1]], %[[IDS1]], %[[NONE]] : !pto.task_id, !pto.task_id_array<4>, !pto.task_id)
  %d2 = pto.task_dummy deps(%d1, %ids1, %none : !pto.task_id, !pto.task_id_array<4>, !pto.task_id)
  // CHECK-NEXT: pto.return{{$}}
  pto.return
}

// CHECK-LABEL: pto.orchestration @tensors(
// CHECK-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
// CHECK-SAME:      %[[V:[a-z0-9_]+]]: !pto.tensor<?x?xf16, dn>,
// CHECK-SAME:      %[[LENS:[a-z0-9_]+]]: !pto.tensor<8xi32>,
// CHECK-SAME:      %[[I:[a-z0-9_]+]]: index, %[[N:[a-z0-9_]+]]: index, %[[F:[a-z0-9_]+]]: f32, %[[B:[a-z0-9_]+]]: i1) {
pto.orchestration @tensors(%w: !pto.tensor<512x128xf32>, %v: !pto.tensor<?x?xf16, dn>,
                           %lens: !pto.tensor<8xi32>,
                           %i: index, %n: index, %f: f32, %b: i1) {
  // CHECK-NEXT: %{{.+}} = pto.slice %[[W]] [0, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
  %s0 = pto.slice %w[0, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
  // CHECK-NEXT: %{{.+}} = pto.slice %[[W]] [%[[I]], %[[N]]] [%[[N]], %[[I]]] : !pto.tensor<512x128xf32> to !pto.tensor<?x?xf32>
  %s1 = pto.slice %w[%i, %n] [%n, %i] : !pto.tensor<512x128xf32> to !pto.tensor<?x?xf32>
  // CHECK-NEXT: %{{.+}} = pto.slice %[[W]] [%[[I]], 0] [128, %[[N]]] : !pto.tensor<512x128xf32> to !pto.tensor<128x?xf32>
  %s2 = pto.slice %w[%i, 0] [128, %n] : !pto.tensor<512x128xf32> to !pto.tensor<128x?xf32>
  // CHECK-NEXT: %{{.+}} = pto.slice %[[V]] [1, %[[I]]] [%[[N]], 4] : !pto.tensor<?x?xf16, dn> to !pto.tensor<?x4xf16, dn>
  %s3 = pto.slice %v[1, %i] [%n, 4] : !pto.tensor<?x?xf16, dn> to !pto.tensor<?x4xf16, dn>
  // CHECK-NEXT: %{{.+}} = pto.create : !pto.tensor<16x128xf32>
  %c0 = pto.create : !pto.tensor<16x128xf32>
  // CHECK-NEXT: %[[DYN:.+]] = pto.create(%[[N]], %[[I]]) : !pto.tensor<?x128x?xi8>
  %c1 = pto.create(%n, %i) : !pto.tensor<?x128x?xi8>
  // CHECK-NEXT: %{{.+}} = pto.create : !pto.tensor<f32>
  %c2 = pto.create : !pto.tensor<f32>
  // CHECK-NEXT: %{{.+}} = pto.alloc_tensors : !pto.tensor<16x128xf32>{{$}}
  %a0 = pto.alloc_tensors : !pto.tensor<16x128xf32>
  // CHECK-NEXT: %{{.+}}:2 = pto.alloc_tensors(%[[N]], %[[I]]) : !pto.tensor<?x128xi8>, !pto.tensor<4x?xf16>{{$}}
  %a1:2 = pto.alloc_tensors(%n, %i) : !pto.tensor<?x128xi8>, !pto.tensor<4x?xf16>
  // CHECK-NEXT: %x, %tmp = pto.alloc_tensors {names = ["x", ""]} : !pto.tensor<2xf32>, !pto.tensor<2xf32>{{$}}
  %a2:2 = pto.alloc_tensors {names = ["x", ""]} : !pto.tensor<2xf32>, !pto.tensor<2xf32>
  // CHECK-NEXT: %{{.+}} = pto.full %[[F]] : !pto.tensor<16xf32>
  %f0 = pto.full %f : !pto.tensor<16xf32>
  // CHECK-NEXT: %{{.+}} = pto.full %[[B]](%[[N]]) : !pto.tensor<?x4xi1>
  %f1 = pto.full %b(%n) : !pto.tensor<?x4xi1>
  // CHECK-NEXT: %{{.+}} = pto.dim %[[DYN]], 2 : !pto.tensor<?x128x?xi8>
  %d = pto.dim %c1, 2 : !pto.tensor<?x128x?xi8>
  // CHECK-NEXT: %[[L:.+]] = pto.read %[[LENS]] [%[[I]]] : !pto.tensor<8xi32>
  %l = pto.read %lens[%i] : !pto.tensor<8xi32>
  // CHECK-NEXT: %{{.+}} = pto.read %[[W]] [3, %[[I]]] : !pto.tensor<512x128xf32>
  %e = pto.read %w[3, %i] : !pto.tensor<512x128xf32>
  // CHECK-NEXT: pto.write %[[L]], %[[LENS]] [7] : !pto.tensor<8xi32>
  pto.write %l, %lens[7] : !pto.tensor<8xi32>
  // CHECK-NEXT: %[[H:.+]] = arith.truncf %[[F]] : f32 to f16
  %h = arith.truncf %f : f32 to f16
  // CHECK-NEXT: pto.write %[[H]], %[[V]] [%[[I]], 0] : !pto.tensor<?x?xf16, dn>
  pto.write %h, %v[%i, 0] : !pto.tensor<?x?xf16, dn>
  // CHECK-NEXT: %{{.+}} = pto.transpose %[[W]], 0, 1 : !pto.tensor<512x128xf32>
  %t0 = pto.transpose %w, 0, 1 : !pto.tensor<512x128xf32>
  // CHECK-NEXT: %{{.+}} = pto.transpose %[[DYN]], 2, 0 : !pto.tensor<?x128x?xi8>
  %t1 = pto.transpose %c1, 2, 0 : !pto.tensor<?x128x?xi8>
  // CHECK-NEXT: %{{.+}} = pto.reshape %[[W]] : !pto.tensor<512x128xf32> to !pto.tensor<64x8x128xf32>
  %r0 = pto.reshape %w : !pto.tensor<512x128xf32> to !pto.tensor<64x8x128xf32>
  // A window of one row and part of it is contiguous.
  // CHECK-NEXT: %[[ROW:.+]] = pto.slice %[[W]] [3, 0] [1, 64]
  %row = pto.slice %w[3, 0] [1, 64] : !pto.tensor<512x128xf32> to !pto.tensor<1x64xf32>
  // CHECK-NEXT: %{{.+}} = pto.reshape %[[ROW]] : !pto.tensor<1x64xf32> to !pto.tensor<64xf32>
  %r1 = pto.reshape %row : !pto.tensor<1x64xf32> to !pto.tensor<64xf32>
  // A reshape to a shape known at run time: one operand per '?' extent.
  // CHECK-NEXT: %{{.+}} = pto.reshape %[[DYN]](%[[N]], %[[I]]) : !pto.tensor<?x128x?xi8> to !pto.tensor<?x?xi8>
  %r2 = pto.reshape %c1(%n, %i) : !pto.tensor<?x128x?xi8> to !pto.tensor<?x?xi8>
  // CHECK-NEXT: %{{.+}} = pto.reshape %[[DYN]] : !pto.tensor<?x128x?xi8> to !pto.tensor<4096xi8>
  %r3 = pto.reshape %c1 : !pto.tensor<?x128x?xi8> to !pto.tensor<4096xi8>
  // CHECK-NEXT: pto.return{{$}}
  pto.return
}

// CHECK-LABEL: pto.orchestration @scopes(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
// CHECK-SAME:      %[[ACC:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
pto.orchestration @scopes(%x: !pto.tensor<16xf32>,
                          %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  %one = arith.constant 1.0 : f32
  // An auto scope without results: the yield is implicit.
  // CHECK:      pto.scope {
  // CHECK-NEXT:   %{{.+}} = pto.create : !pto.tensor<16xf32>
  // CHECK-NEXT: }
  pto.scope {
    %tmp = pto.create : !pto.tensor<16xf32>
  }
  // CHECK-NEXT: pto.scope manual {
  // CHECK-NEXT:   %{{.+}} = pto.task_dummy
  // CHECK-NEXT: }
  pto.scope manual {
    %d = pto.task_dummy
    pto.yield
  }
  // CHECK-NEXT: %[[R:.+]] = pto.scope -> !pto.tensor<16xf32> {
  // CHECK-NEXT:   %[[A1:[a-z0-9_]+]], %{{.+}} = pto.submit @add(%[[X]], %[[X]], %[[ACC]], %{{.+}})
  // CHECK-NEXT:   pto.yield %[[A1]] : !pto.tensor<16xf32>
  // CHECK-NEXT: }
  %r = pto.scope -> !pto.tensor<16xf32> {
    %a1, %t = pto.submit @add(%x, %x, %acc, %one)
        : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, f32) -> !pto.tensor<16xf32>
    pto.yield %a1 : !pto.tensor<16xf32>
  }
  // CHECK-NEXT: %{{.+}}:2 = pto.scope manual -> !pto.tensor<16xf32>, !pto.task_id {
  // CHECK-NEXT:   %[[A2:[a-z0-9_]+]], %[[T2:[a-z0-9_]+]] = pto.submit @add(%[[X]], %[[X]], %[[R]], %{{.+}})
  // CHECK-NEXT:   %{{.+}} = pto.task_dummy deps(%[[T2]] : !pto.task_id)
  // CHECK-NEXT:   pto.yield %[[A2]], %[[T2]] : !pto.tensor<16xf32>, !pto.task_id
  // CHECK-NEXT: }
  %m:2 = pto.scope manual -> !pto.tensor<16xf32>, !pto.task_id {
    %a2, %t2 = pto.submit @add(%x, %x, %r, %one)
        : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, f32) -> !pto.tensor<16xf32>
    %d = pto.task_dummy deps(%t2 : !pto.task_id)
    pto.yield %a2, %t2 : !pto.tensor<16xf32>, !pto.task_id
  }
  pto.return
}

// CHECK-LABEL: pto.orchestration @parallel_loop(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<64xf32>,
// CHECK-SAME:      %[[ACC:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
pto.orchestration @parallel_loop(%x: !pto.tensor<64xf32>,
                                 %acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = pto.invalid_task_id
  %ids = pto.array_splat %none : !pto.task_id_array<4>
  // CHECK:      %{{.+}} = scf.for %[[IV:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ARR:.+]] = %{{.+}}) -> (!pto.task_id_array<4>) {
  // CHECK-NEXT:   %[[S:.+]] = pto.slice %[[X]] [%[[IV]]] [16] : !pto.tensor<64xf32> to !pto.tensor<16xf32>
  // CHECK-NEXT:   %[[ONE:.+]] = pto.call @layer(%[[S]], %[[ACC]], %[[IV]])
  // CHECK-NEXT:   %[[D:.+]] = pto.task_dummy
  // CHECK-NEXT:   %[[ARR1:.+]] = pto.array_update %[[ARR]][%[[IV]]], %[[D]] : !pto.task_id_array<4>
  // CHECK-NEXT:   scf.yield %[[ARR1]] : !pto.task_id_array<4>
  // CHECK-NEXT: } {pto.parallel}
  %all = scf.for %iv = %c0 to %c4 step %c1 iter_args(%arr = %ids) -> (!pto.task_id_array<4>) {
    %s = pto.slice %x[%iv] [16] : !pto.tensor<64xf32> to !pto.tensor<16xf32>
    %r = pto.call @layer(%s, %acc, %iv)
        : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    %d = pto.task_dummy
    %arr1 = pto.array_update %arr[%iv], %d : !pto.task_id_array<4>
    scf.yield %arr1 : !pto.task_id_array<4>
  } {pto.parallel}
  // CHECK-NEXT: %{{.+}} = pto.task_dummy deps(%{{.+}} : !pto.task_id_array<4>)
  %b = pto.task_dummy deps(%all : !pto.task_id_array<4>)
  // CHECK-NEXT: pto.return
  pto.return
}

}

// A task id array updated in one branch of an scf.if and yielded unchanged
// by the other (the update is in place; the other branch never follows it).
// CHECK-LABEL: pto.orchestration @array_update_in_a_branch
// CHECK:         scf.if
// CHECK:           pto.array_update
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %{{.*}} : !pto.task_id_array<2>
pto.orchestration @array_update_in_a_branch(%f: i1) {
  %c0 = arith.constant 0 : index
  %none = pto.invalid_task_id
  %ids = pto.array_splat %none : !pto.task_id_array<2>
  %r = scf.if %f -> !pto.task_id_array<2> {
    %t = pto.task_dummy
    %u = pto.array_update %ids[%c0], %t : !pto.task_id_array<2>
    scf.yield %u : !pto.task_id_array<2>
  } else {
    scf.yield %ids : !pto.task_id_array<2>
  }
  %d = pto.task_dummy deps(%r : !pto.task_id_array<2>)
  pto.return
}
