// RUN: pto-opt %s | pto-opt | FileCheck %s
// RUN: pto-opt %s --mlir-print-op-generic | pto-opt | FileCheck %s

// Round trip of every !pto type form (!pto.tensor shapes, element types and
// layouts, !pto.task_id, !pto.task_id_array, !pto.create_info) and of every
// #pto attribute.

// CHECK: module attributes {pto.runtime = #pto.runtime<tensormap_and_ringbuffer>} {
module attributes {pto.runtime = #pto.runtime<tensormap_and_ringbuffer>} {

// CHECK-LABEL: func.func private @static_shapes(!pto.tensor<16xf32>, !pto.tensor<16x128xf32>, !pto.tensor<2x3x4x5xf32>, !pto.tensor<0x4xf32>, !pto.tensor<1xf32>){{$}}
func.func private @static_shapes(!pto.tensor<16xf32>, !pto.tensor<16x128xf32>,
                                 !pto.tensor<2x3x4x5xf32>, !pto.tensor<0x4xf32>,
                                 !pto.tensor<1xf32>)

// CHECK-LABEL: func.func private @dynamic_shapes(!pto.tensor<?xf32>, !pto.tensor<?x128xf32>, !pto.tensor<16x?xf32>, !pto.tensor<?x?x?xf32>){{$}}
func.func private @dynamic_shapes(!pto.tensor<?xf32>, !pto.tensor<?x128xf32>,
                                  !pto.tensor<16x?xf32>, !pto.tensor<?x?x?xf32>)

// CHECK-LABEL: func.func private @rank0(!pto.tensor<f32>, !pto.tensor<i1>, !pto.tensor<bf16>){{$}}
func.func private @rank0(!pto.tensor<f32>, !pto.tensor<i1>, !pto.tensor<bf16>)

// CHECK-LABEL: func.func private @element_types(!pto.tensor<4xf16>, !pto.tensor<4xbf16>, !pto.tensor<4xf32>, !pto.tensor<4xi1>, !pto.tensor<4xi8>, !pto.tensor<4xi16>, !pto.tensor<4xi32>, !pto.tensor<4xi64>){{$}}
func.func private @element_types(!pto.tensor<4xf16>, !pto.tensor<4xbf16>,
                                 !pto.tensor<4xf32>, !pto.tensor<4xi1>,
                                 !pto.tensor<4xi8>, !pto.tensor<4xi16>,
                                 !pto.tensor<4xi32>, !pto.tensor<4xi64>)

// The default `nd` layout is not printed.
// CHECK-LABEL: func.func private @layouts(!pto.tensor<4x8xf32>, !pto.tensor<4x8xf32, dn>, !pto.tensor<?x8xbf16, dn>, !pto.tensor<2x?x8xi8, dn>, !pto.tensor<16xf32>, !pto.tensor<f32>){{$}}
func.func private @layouts(!pto.tensor<4x8xf32, nd>, !pto.tensor<4x8xf32, dn>,
                           !pto.tensor<?x8xbf16, dn>, !pto.tensor<2x?x8xi8, dn>,
                           !pto.tensor<16xf32, nd>, !pto.tensor<f32, nd>)

// `nd` and the default are the same type.
// CHECK-LABEL: func.func @same_type(
// CHECK-SAME:      %[[A:[a-z0-9_]+]]: !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32> {
// CHECK-NEXT:    return %[[A]] : !pto.tensor<4x8xf32>
func.func @same_type(%a: !pto.tensor<4x8xf32, nd>) -> !pto.tensor<4x8xf32> {
  return %a : !pto.tensor<4x8xf32>
}

// CHECK-LABEL: func.func private @task_ids(!pto.task_id, !pto.task_id_array<1>, !pto.task_id_array<8>, !pto.task_id_array<4294967295>){{$}}
func.func private @task_ids(!pto.task_id, !pto.task_id_array<1>,
                            !pto.task_id_array<8>, !pto.task_id_array<4294967295>)

// CHECK-LABEL: func.func private @create_infos(!pto.create_info<16xf32>, !pto.create_info<?x128xbf16>, !pto.create_info<4294967295xi8>){{$}}
func.func private @create_infos(!pto.create_info<16xf32>, !pto.create_info<?x128xbf16>,
                                !pto.create_info<4294967295xi8>)

// CHECK-LABEL: func.func private @attributes()
// CHECK-SAME:      attributes {core_aic = #pto.core_type<aic>, core_aiv = #pto.core_type<aiv>, core_mixed = #pto.core_type<mixed>, dir_in = #pto.direction<in>, dir_inout = #pto.direction<inout>, dir_out = #pto.direction<out>, rt_graph = #pto.runtime<host_build_graph>, rt_ring = #pto.runtime<tensormap_and_ringbuffer>}{{$}}
func.func private @attributes() attributes {
  dir_in = #pto.direction<in>, dir_out = #pto.direction<out>, dir_inout = #pto.direction<inout>,
  core_aic = #pto.core_type<aic>, core_aiv = #pto.core_type<aiv>, core_mixed = #pto.core_type<mixed>,
  rt_ring = #pto.runtime<tensormap_and_ringbuffer>, rt_graph = #pto.runtime<host_build_graph>
}

// Types and attributes nested in builtin attributes.
// CHECK-LABEL: func.func private @nested()
// CHECK-SAME:      attributes {dirs = [#pto.direction<in>, #pto.direction<out>], ty = !pto.tensor<?x4xi32, dn>}{{$}}
func.func private @nested() attributes {
  dirs = [#pto.direction<in>, #pto.direction<out>], ty = !pto.tensor<?x4xi32, dn>
}

}
