// RUN: pto-opt %s -split-input-file --pto-legalize-graph-boundary | FileCheck %s
// RUN: pto-opt %s -split-input-file --pto-legalize-graph-boundary --mlir-use-nameloc-as-prefix | FileCheck %s --check-prefix=NAME
// RUN: pto-opt %S/../../examples/decoder_layer.mlir --pto-graph-legalize-pipeline | FileCheck %s --check-prefix=DECODER
// Graphs are legalized in parallel; the result does not depend on it.
// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline > %t.threads
// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline --mlir-disable-threading > %t.serial
// RUN: diff %t.threads %t.serial

// Steps A-C: what a Graph body derives from its boundary moves to every call
// site as new parameters (tensors after the tensors, scalars last). Step A
// hoists the frontier only: a derived scalar gets a parameter only if an op
// left in the body reads it. Parameters (tensor or scalar) the hoisting
// leaves unused leave the Graph and every call site.

// `base = layer_idx * 128` as a slice offset: the view `wl` becomes a tensor
// parameter; base, read only by that hoisted view, gets no parameter (Step A
// hoists the frontier only: the caller computes `i * 128` for the view
// itself), and `layer_idx`, read only by base, leaves the boundary. `w`,
// whose only use was the view, is dropped from the Graph and from the call:
// next to the hoisted view it would put the per-call offset into the Graph
// key (one alias partition, relative offset `i * 128`), recording a new
// definition per call.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aic @mm(%x: !pto.tensor<16x128xf32>, %w: !pto.tensor<128x128xf32>,
                     %y: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @layer(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16x128xf32>, %[[ACC:[a-z0-9_]+]]: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[WL:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.hoisted = #pto.hoisted<view>}) -> !pto.tensor<16x128xf32> {
  // CHECK-NEXT:    %{{.+}}, %{{.+}} = pto.submit @mm(%[[X]], %[[WL]], %[[ACC]])
  // CHECK-NEXT:    return %[[ACC]] : !pto.tensor<16x128xf32>
  // CHECK-NEXT:  }
  pto.graph @layer(%x: !pto.tensor<16x128xf32>, %w: !pto.tensor<512x128xf32>,
                   %acc: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>},
                   %layer_idx: index) -> !pto.tensor<16x128xf32> {
    %c128 = arith.constant 128 : index
    %base = arith.muli %layer_idx, %c128 : index
    %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %acc1, %t = pto.submit @mm(%x, %wl, %acc)
        : (!pto.tensor<16x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<16x128xf32>) -> !pto.tensor<16x128xf32>
    pto.return %acc : !pto.tensor<16x128xf32>
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MX:[a-z0-9_]+]]: !pto.tensor<16x128xf32>, %[[MW:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
  // CHECK-SAME:      %[[MACC:[a-z0-9_]+]]: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>})
  // CHECK:         scf.for %[[I:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} {
  // CHECK-NEXT:      %[[C128:.+]] = arith.constant 128 : index
  // CHECK-NEXT:      %[[B:.+]] = arith.muli %[[I]], %[[C128]] : index
  // CHECK-NEXT:      %[[V:.+]] = pto.slice %[[MW]] [%[[B]], 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
  // CHECK-NEXT:      %{{.+}} = pto.call @layer(%[[MX]], %[[MACC]], %[[V]]) : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<16x128xf32>
  // CHECK-NEXT:    }
  pto.orchestration @main(%x: !pto.tensor<16x128xf32>, %w: !pto.tensor<512x128xf32>,
                          %acc: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %r = pto.call @layer(%x, %w, %acc, %i)
          : (!pto.tensor<16x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<16x128xf32>, index) -> !pto.tensor<16x128xf32>
    }
    pto.return
  }
}

// -----

// A chain `base = idx * 128; end = base + 128`, both read by the task: both
// hoisted in definition order, parameters (base, end). `idx`, read only by
// base, gets no use left in the body and leaves the boundary (a dead scalar
// parameter goes like a dead tensor one); the caller rebuilds base from its
// own n and end from that base, and no value of the body reaches the caller.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @range(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %lo: index, %hi: index)

  // CHECK-LABEL: pto.graph @chain(
  // CHECK-SAME:      %[[Y:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[BASE:[a-z0-9_]+]]: index {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.muli">}, %[[END:[a-z0-9_]+]]: index {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.addi">}) {
  // CHECK-NEXT:    %{{.+}}, %{{.+}} = pto.submit @range(%[[Y]], %[[BASE]], %[[END]])
  // CHECK-NEXT:    return{{$}}
  // CHECK-NEXT:  }
  pto.graph @chain(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %idx: index) {
    %c128 = arith.constant 128 : index
    %base = arith.muli %idx, %c128 : index
    %end = arith.addi %base, %c128 : index
    %y1, %t = pto.submit @range(%y, %base, %end) : (!pto.tensor<16xf32>, index, index) -> !pto.tensor<16xf32>
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MY:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index) {
  // CHECK-NEXT:    %[[C128:.+]] = arith.constant 128 : index
  // CHECK-NEXT:    %[[B:.+]] = arith.muli %[[N]], %[[C128]] : index
  // CHECK-NEXT:    %[[E:.+]] = arith.addi %[[B]], %[[C128]] : index
  // CHECK-NEXT:    pto.call @chain(%[[MY]], %[[B]], %[[E]]) : (!pto.tensor<16xf32>, index, index) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.call @chain(%y, %n) : (!pto.tensor<16xf32>, index) -> ()
    pto.return
  }
}

// -----

// Renames (`x + 0`, `x * 1`) are substituted away: the task reads the
// parameter itself, and an alias of a hoisted value reads its parameter.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @range(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %lo: index, %hi: index)

  // CHECK-LABEL: pto.graph @renames(
  // CHECK-SAME:      %[[Y:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[IDX:[a-z0-9_]+]]: index, %[[BASE:[a-z0-9_]+]]: index {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.muli">}) {
  // CHECK-NEXT:    %{{.+}}, %{{.+}} = pto.submit @range(%[[Y]], %[[IDX]], %[[BASE]])
  // CHECK-NEXT:    return{{$}}
  // CHECK-NEXT:  }
  pto.graph @renames(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %idx: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %a = arith.addi %idx, %c0 : index
    %b = arith.muli %a, %c1 : index
    %base = arith.muli %b, %c128 : index
    %alias = arith.addi %base, %c0 : index
    %y1, %t = pto.submit @range(%y, %b, %alias) : (!pto.tensor<16xf32>, index, index) -> !pto.tensor<16xf32>
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MY:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index) {
  // CHECK-NEXT:    %[[C128:.+]] = arith.constant 128 : index
  // CHECK-NEXT:    %[[B:.+]] = arith.muli %[[N]], %[[C128]] : index
  // CHECK-NEXT:    pto.call @renames(%[[MY]], %[[N]], %[[B]]) : (!pto.tensor<16xf32>, index, index) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.call @renames(%y, %n) : (!pto.tensor<16xf32>, index) -> ()
    pto.return
  }
}

// -----

// In a constant-trip loop, `off = i * 128` is replay-invariant and stays;
// `base = idx * 128` beside it is hoisted. The view at `off` stays, the view
// at `base` is hoisted out of the loop; base, read only by that view, gets
// no parameter. A derived scalar written directly as a task argument
// (`idx * 2`), and a float one (`scale * 0.5`), become parameters, in
// definition order; `idx` and `scale`, read only by hoisted values, leave the
// boundary. The call site computes the new parameters first, then what the
// view's offset needs, then the view.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>,
                      %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                      %s: index, %f: f32)

  // CHECK-LABEL: pto.graph @tiled(
  // CHECK-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[WB:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.hoisted = #pto.hoisted<view>},
  // CHECK-SAME:      %[[SCALE2:[a-z0-9_]+]]: f32 {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.mulf">}, %[[TWICE:[a-z0-9_]+]]: index {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.muli">}) {
  // CHECK:         scf.for %[[I:[a-z0-9_]+]] =
  // CHECK-NEXT:      %[[OFF:.+]] = arith.muli %[[I]], %{{.+}} : index
  // CHECK-NEXT:      %[[WI:.+]] = pto.slice %[[W]] [%[[OFF]], 0] [128, 128]
  // CHECK-NEXT:      %[[O1:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[WI]], %[[O]], %[[OFF]], %[[SCALE2]])
  // CHECK-NEXT:      %{{.+}}, %{{.+}} = pto.submit @use(%[[WB]], %[[O1]], %[[TWICE]], %[[SCALE2]])
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  pto.graph @tiled(%w: !pto.tensor<512x128xf32>,
                   %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                   %idx: index, %scale: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %half = arith.constant 0.5 : f32
    scf.for %i = %c0 to %c2 step %c1 {
      %off = arith.muli %i, %c128 : index
      %base = arith.muli %idx, %c128 : index
      %wi = pto.slice %w[%off, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
      %wb = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
      %s2 = arith.mulf %scale, %half : f32
      %o1, %t1 = pto.submit @use(%wi, %o, %off, %s2)
          : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index, f32) -> !pto.tensor<128x128xf32>
      %twice = arith.muli %idx, %c2 : index
      %o2, %t2 = pto.submit @use(%wb, %o1, %twice, %s2)
          : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index, f32) -> !pto.tensor<128x128xf32>
    }
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MW:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index, %[[F:[a-z0-9_]+]]: f32) {
  // CHECK-NEXT:    %[[H:.+]] = arith.constant 5.000000e-01 : f32
  // CHECK-NEXT:    %[[S2:.+]] = arith.mulf %[[F]], %[[H]] : f32
  // CHECK-NEXT:    %[[C2:.+]] = arith.constant 2 : index
  // CHECK-NEXT:    %[[T2:.+]] = arith.muli %[[N]], %[[C2]] : index
  // CHECK-NEXT:    %[[C128:.+]] = arith.constant 128 : index
  // CHECK-NEXT:    %[[B:.+]] = arith.muli %[[N]], %[[C128]] : index
  // CHECK-NEXT:    %[[V:.+]] = pto.slice %[[MW]] [%[[B]], 0] [128, 128]
  // CHECK-NEXT:    pto.call @tiled(%[[MW]], %[[MO]], %[[V]], %[[S2]], %[[T2]]) : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, f32, index) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%w: !pto.tensor<512x128xf32>,
                          %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                          %n: index, %f: f32) {
    pto.call @tiled(%w, %o, %n, %f) : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, index, f32) -> ()
    pto.return
  }
}

// -----

// A view of a hoisted view is hoisted too; the caller takes the second view
// of the first, and `w` (whose only use was the first view) leaves the
// boundary. `base`, read only by the first view, gets no parameter, and
// `idx` leaves with it; the call site computes every offset the views need
// (`idx * 128`, the constant 64) before the first view. A create inside a
// constant-trip loop becomes one inout parameter holding a window per
// iteration (2 x 256 rows); each iteration views its own at `i * 256`, and
// a view of that window stays when its offset is replay-invariant (a
// function of the induction variable). At an offset read from a scalar
// parameter it is rejected instead: see legalize-graph-boundary-errors.mlir.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<64x128xf32>,
                      %y: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @views(
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[STACK:[a-z0-9_]+]]: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
  // CHECK-SAME:      %[[WL:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.hoisted = #pto.hoisted<view>}, %[[WR:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.hoisted = #pto.hoisted<view>}) {
  // CHECK-NEXT:    %[[C256:.+]] = arith.constant 256 : index
  // CHECK:         scf.for %[[I:[a-z0-9_]+]] =
  // CHECK-NEXT:      %[[WO:.+]] = arith.muli %[[I]], %[[C256]] : index
  // CHECK-NEXT:      %[[LOC:.+]] = pto.slice %[[STACK]] [%[[WO]], 0] [256, 128] : !pto.tensor<512x128xf32> to !pto.tensor<256x128xf32>
  // CHECK-NEXT:      %[[LO:.+]] = arith.muli %[[I]], %{{.+}} : index
  // CHECK-NEXT:      %[[LV:.+]] = pto.slice %[[LOC]] [%[[LO]], 0] [64, 128]
  // CHECK-NEXT:      %[[LV1:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[WR]], %[[LV]])
  // CHECK-NEXT:      %{{.+}}, %{{.+}} = pto.submit @use(%[[LV1]], %[[O]])
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  pto.graph @views(%w: !pto.tensor<512x128xf32>,
                   %o: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
                   %idx: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %base = arith.muli %idx, %c128 : index
    %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %wr = pto.slice %wl[%c64, 0] [64, 128] : !pto.tensor<128x128xf32> to !pto.tensor<64x128xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %loc = pto.create : !pto.tensor<256x128xf32>
      %lo = arith.muli %i, %c64 : index
      %lv = pto.slice %loc[%lo, 0] [64, 128] : !pto.tensor<256x128xf32> to !pto.tensor<64x128xf32>
      %lv1, %t0 = pto.submit @use(%wr, %lv) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>) -> !pto.tensor<64x128xf32>
      %o1, %t1 = pto.submit @use(%lv1, %o) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>) -> !pto.tensor<64x128xf32>
    }
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MW:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index) {
  // CHECK-NEXT:    %[[S:.+]] = pto.create : !pto.tensor<512x128xf32>
  // CHECK-NEXT:    %[[C128:.+]] = arith.constant 128 : index
  // CHECK-NEXT:    %[[B:.+]] = arith.muli %[[N]], %[[C128]] : index
  // CHECK-NEXT:    %[[C64:.+]] = arith.constant 64 : index
  // CHECK-NEXT:    %[[V1:.+]] = pto.slice %[[MW]] [%[[B]], 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
  // CHECK-NEXT:    %[[V2:.+]] = pto.slice %[[V1]] [%[[C64]], 0] [64, 128] : !pto.tensor<128x128xf32> to !pto.tensor<64x128xf32>
  // CHECK-NEXT:    pto.call @views(%[[MO]], %[[S]], %[[V1]], %[[V2]]) : (!pto.tensor<64x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<64x128xf32>) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%w: !pto.tensor<512x128xf32>,
                          %o: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
                          %n: index) {
    pto.call @views(%w, %o, %n) : (!pto.tensor<512x128xf32>, !pto.tensor<64x128xf32>, index) -> ()
    pto.return
  }
}

// -----

// Provenance crosses in-place launches: a view of a tied result is a view of
// the root parameter, also when the launch omits a runtime-allocated out
// tail. A hoisted view takes its root's direction: inout from an inout
// parameter, out from an out one, inout from a hoisted allocation, and none
// (in) from an in one; `r`, read only through its view, leaves the boundary.
// `base`, read only by the hoisted views, gets no parameter and `idx` leaves
// too: the call site allocates first, then computes the offset, then takes
// the views.
// A view of the runtime-allocated tail stays (at a literal offset: at a
// call-varying one it is rejected, see legalize-graph-boundary-errors.mlir).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @upd(%w: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>},
                      %z: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @fill(%y: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>,
                      %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @tied(
  // CHECK-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[Q:[a-z0-9_]+]]: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<out>}, %[[O:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[TMP:[a-z0-9_]+]]: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
  // CHECK-SAME:      %[[WV:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<view>},
  // CHECK-SAME:      %[[QV:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<out>, pto.hoisted = #pto.hoisted<view>},
  // CHECK-SAME:      %[[RV:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.hoisted = #pto.hoisted<view>},
  // CHECK-SAME:      %[[TV:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<view>}) {
  // CHECK-NEXT:    %[[WZ:[a-z0-9_]+]]:2, %{{.+}} = pto.submit @upd(%[[W]])
  // CHECK-NEXT:    %[[O1:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[WV]], %[[O]])
  // CHECK-NEXT:    %{{.+}}, %{{.+}} = pto.submit @fill(%[[Q]])
  // CHECK-NEXT:    %[[O2:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[QV]], %[[O1]])
  // CHECK-NEXT:    %[[O3:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[RV]], %[[O2]])
  // CHECK-NEXT:    %{{.+}}:2, %{{.+}} = pto.submit @upd(%[[TMP]])
  // CHECK-NEXT:    %[[ZV:.+]] = pto.slice %[[WZ]]#1 [128, 0] [128, 128]
  // CHECK-NEXT:    %[[O4:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[ZV]], %[[O3]])
  // CHECK-NEXT:    %{{.+}}, %{{.+}} = pto.submit @use(%[[TV]], %[[O4]])
  // CHECK-NEXT:    return
  pto.graph @tied(%w: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>},
                  %q: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<out>},
                  %r: !pto.tensor<512x128xf32>,
                  %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                  %idx: index) {
    %c128 = arith.constant 128 : index
    %base = arith.muli %idx, %c128 : index
    // Omits the out tail %z: the runtime allocates it.
    %w1, %z, %t0 = pto.submit @upd(%w) : (!pto.tensor<512x128xf32>) -> (!pto.tensor<512x128xf32>, !pto.tensor<512x128xf32>)
    %wv = pto.slice %w1[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%wv, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %q1, %tq = pto.submit @fill(%q) : (!pto.tensor<512x128xf32>) -> !pto.tensor<512x128xf32>
    %qv = pto.slice %q1[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o2, %t2 = pto.submit @use(%qv, %o1) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %rv = pto.slice %r[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o3, %t3 = pto.submit @use(%rv, %o2) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %tmp = pto.create : !pto.tensor<512x128xf32>
    %tmp1, %z2, %t4 = pto.submit @upd(%tmp) : (!pto.tensor<512x128xf32>) -> (!pto.tensor<512x128xf32>, !pto.tensor<512x128xf32>)
    %zv = pto.slice %z[128, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o4, %t5 = pto.submit @use(%zv, %o3) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %tv = pto.slice %tmp1[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o5, %t6 = pto.submit @use(%tv, %o4) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MW:[a-z0-9_]+]]: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[MQ:[a-z0-9_]+]]: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<out>},
  // CHECK-SAME:      %[[MR:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index) {
  // CHECK-NEXT:    %[[A:.+]] = pto.create : !pto.tensor<512x128xf32>
  // CHECK-NEXT:    %[[C128:.+]] = arith.constant 128 : index
  // CHECK-NEXT:    %[[B:.+]] = arith.muli %[[N]], %[[C128]] : index
  // CHECK-NEXT:    %[[V1:.+]] = pto.slice %[[MW]] [%[[B]], 0] [128, 128]
  // CHECK-NEXT:    %[[V2:.+]] = pto.slice %[[MQ]] [%[[B]], 0] [128, 128]
  // CHECK-NEXT:    %[[V3:.+]] = pto.slice %[[MR]] [%[[B]], 0] [128, 128]
  // CHECK-NEXT:    %[[V4:.+]] = pto.slice %[[A]] [%[[B]], 0] [128, 128]
  // CHECK-NEXT:    pto.call @tied(%[[MW]], %[[MQ]], %[[MO]], %[[A]], %[[V1]], %[[V2]], %[[V3]], %[[V4]]) :
  // CHECK-NEXT:    return
  pto.orchestration @main(%w: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>},
                          %q: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<out>},
                          %r: !pto.tensor<512x128xf32>,
                          %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                          %n: index) {
    pto.call @tied(%w, %q, %r, %o, %n)
        : (!pto.tensor<512x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, index) -> ()
    pto.return
  }
}

// -----

// A top-level allocation written by one task and read by another becomes an
// inout parameter; no create is left in the body. Allocations of one element
// type share one arena parameter: each is a literal window of it, at an
// offset aligned to 1024 bytes (256 f32) and rounded up to it, taken at the
// top of the body, and the per-iteration buffer of the loop (2 x 16, see
// @nested below) takes its iteration's window of its own. The caller
// allocates the arena right before the call, named
// `arena_<element type>__graph_arg<N>`.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @alloc(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[ARENA:[a-z0-9_]+]]: !pto.tensor<768xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
  // CHECK-NOT:     pto.create
  // CHECK:         %[[TMP:.+]] = pto.slice %[[ARENA]] [0] [16] : !pto.tensor<768xf32> to !pto.tensor<16xf32>
  // CHECK-NEXT:    %[[U:.+]] = pto.slice %[[ARENA]] [256] [16] : !pto.tensor<768xf32> to !pto.tensor<16xf32>
  // CHECK-NEXT:    %[[LS:.+]] = pto.slice %[[ARENA]] [512] [32] : !pto.tensor<768xf32> to !pto.tensor<32xf32>
  // CHECK:         %[[T1:[a-z0-9_]+]], %{{.+}} = pto.submit @k(%[[X]], %[[TMP]])
  // CHECK-NEXT:    %[[O1:[a-z0-9_]+]], %{{.+}} = pto.submit @k(%[[T1]], %[[O]])
  // CHECK-NEXT:    %{{.+}}, %{{.+}} = pto.submit @k(%[[O1]], %[[U]])
  // CHECK:         scf.for
  // CHECK-NOT:       pto.create
  // CHECK:           %[[L:.+]] = pto.slice %[[LS]]
  // CHECK-NEXT:      pto.submit @k(%[[X]], %[[L]])
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  // NAME-LABEL: pto.graph @alloc(
  // NAME-SAME:       %arena_f32: !pto.tensor<768xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}
  // NAME:          %tmp = pto.slice %arena_f32 [0] [16]
  // NAME-LABEL: pto.orchestration @main(
  // NAME-NEXT:     %arena_f32__graph_arg0 = pto.create : !pto.tensor<768xf32>
  // NAME-NEXT:     pto.call @alloc(%{{.+}}, %{{.+}}, %arena_f32__graph_arg0)
  pto.graph @alloc(%x: !pto.tensor<16xf32>, %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tmp = pto.create : !pto.tensor<16xf32> loc("tmp")
    %u = pto.create : !pto.tensor<16xf32>
    %tmp1, %t0 = pto.submit @k(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %o1, %t1 = pto.submit @k(%tmp1, %o) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %u1, %t2 = pto.submit @k(%o1, %u) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %l = pto.create : !pto.tensor<16xf32>
      %l1, %t3 = pto.submit @k(%x, %l) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MX:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  // CHECK-NEXT:    %[[A:.+]] = pto.create : !pto.tensor<768xf32>
  // CHECK-NEXT:    pto.call @alloc(%[[MX]], %[[MO]], %[[A]]) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<768xf32>) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%x: !pto.tensor<16xf32>, %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @alloc(%x, %o) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// Allocations under constant-trip loops, nested and through a scope: one
// inout parameter per create, its axis 0 as long as all the iterations'
// windows (3 x 2 x 8 rows, then 4 x 16), and each iteration views rows
// [k * rows, (k + 1) * rows) for its linear number k, computed from the
// induction variables as (iv - lb) / step (an i32 one cast to index), with
// one constant of each value at the top of the body and none that folding
// left unread (the `- 0` and `/ 1` of the unit loops). The
// offsets read only induction variables of loops of literal bounds: the
// same on every call, so the views stay in the body. A column-major create
// stays: no stacked buffer of it is one the runtime allocates. (The two
// allocations have different element types: no arena, see @arenas.)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<8x16xf32>, %y: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @k1(%x: !pto.tensor<8x16xf32>, %y: !pto.tensor<16xf16> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @kd(%x: !pto.tensor<8x16xf32>, %y: !pto.tensor<8x16xf32, dn> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @nested(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<8x16xf32>,
  // CHECK-SAME:      %[[S:[a-z0-9_]+]]: !pto.tensor<48x16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
  // CHECK-SAME:      %[[R:[a-z0-9_]+]]: !pto.tensor<64xf16> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
  // CHECK-NEXT:    %[[C16:.+]] = arith.constant 16 : index
  // CHECK-NEXT:    %[[C8:.+]] = arith.constant 8 : index
  // CHECK-NEXT:    %[[C2:.+]] = arith.constant 2 : index
  // CHECK-NEXT:    %[[C3:.+]] = arith.constant 3 : index
  // CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : index
  // The body's own constants follow.
  // CHECK-NEXT:    arith.constant 0 : index
  // CHECK:         scf.for %[[I:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} {
  // CHECK-NEXT:      pto.scope {
  // CHECK-NEXT:        scf.for %[[J:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} {
  // CHECK-NEXT:          %[[KI:.+]] = arith.subi %[[I]], %[[C1]] : index
  // CHECK-NEXT:          %[[KJ:.+]] = arith.divui %[[J]], %[[C3]] : index
  // CHECK-NEXT:          %[[M:.+]] = arith.muli %[[KI]], %[[C2]] : index
  // CHECK-NEXT:          %[[K:.+]] = arith.addi %[[M]], %[[KJ]] : index
  // CHECK-NEXT:          %[[OFF:.+]] = arith.muli %[[K]], %[[C8]] : index
  // CHECK-NEXT:          %[[W:.+]] = pto.slice %[[S]] [%[[OFF]], 0] [8, 16] : !pto.tensor<48x16xf32> to !pto.tensor<8x16xf32>
  // CHECK-NEXT:          pto.submit @k(%[[X]], %[[W]])
  // CHECK-NEXT:          %[[D:.+]] = pto.create : !pto.tensor<8x16xf32, dn>
  // CHECK-NEXT:          pto.submit @kd(%[[X]], %[[D]])
  // CHECK-NEXT:        }
  // CHECK-NEXT:      }
  // CHECK-NEXT:    }
  // CHECK:         scf.for %[[N:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} : i32 {
  // CHECK-NEXT:      %[[NI:.+]] = arith.index_cast %[[N]] : i32 to index
  // CHECK-NEXT:      %[[ROFF:.+]] = arith.muli %[[NI]], %[[C16]] : index
  // CHECK-NEXT:      %[[RW:.+]] = pto.slice %[[R]] [%[[ROFF]]] [16] : !pto.tensor<64xf16> to !pto.tensor<16xf16>
  // CHECK-NEXT:      pto.submit @k1(%[[X]], %[[RW]])
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  pto.graph @nested(%x: !pto.tensor<8x16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c1 to %c4 step %c1 {
      pto.scope {
        scf.for %j = %c0 to %c6 step %c3 {
          %b = pto.create : !pto.tensor<8x16xf32>
          %b1, %t = pto.submit @k(%x, %b) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
          %d = pto.create : !pto.tensor<8x16xf32, dn>
          %d1, %td = pto.submit @kd(%x, %d) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32, dn>) -> !pto.tensor<8x16xf32, dn>
        }
      }
    }
    %n0 = arith.constant 0 : i32
    %n1 = arith.constant 1 : i32
    %n4 = arith.constant 4 : i32
    scf.for %n = %n0 to %n4 step %n1 : i32 {
      %r = pto.create : !pto.tensor<16xf16>
      %r1, %tr = pto.submit @k1(%x, %r) : (!pto.tensor<8x16xf32>, !pto.tensor<16xf16>) -> !pto.tensor<16xf16>
    }
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-NEXT:    %[[A:.+]] = pto.create : !pto.tensor<48x16xf32>
  // CHECK-NEXT:    %[[B:.+]] = pto.create : !pto.tensor<64xf16>
  // CHECK-NEXT:    pto.call @nested(%{{.+}}, %[[A]], %[[B]])
  pto.orchestration @main(%x: !pto.tensor<8x16xf32>) {
    pto.call @nested(%x) : (!pto.tensor<8x16xf32>) -> ()
    pto.return
  }
}

// -----

// Several call sites, in a loop, a branch and a scope, each get their own
// hoisted statements right before the call: what the new scalar parameters
// need first (nothing here: `base` feeds only the hoisted view, so it gets
// no parameter, and `idx` leaves the boundary), then the allocations, then
// what the views' offsets need, then the views. Every call site drops `w`,
// which the body reads only through the hoisted view.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>,
                      %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @layer(
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[TMP:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
  // CHECK-SAME:      %[[WL:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.hoisted = #pto.hoisted<view>}) -> !pto.tensor<128x128xf32> {
  // CHECK-NEXT:    %[[T1:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[WL]], %[[TMP]])
  // CHECK-NEXT:    %{{.+}}, %{{.+}} = pto.submit @use(%[[T1]], %[[O]])
  // CHECK-NEXT:    return %[[O]]
  pto.graph @layer(%w: !pto.tensor<512x128xf32>,
                   %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                   %idx: index) -> !pto.tensor<128x128xf32> {
    %c128 = arith.constant 128 : index
    %base = arith.muli %idx, %c128 : index
    %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %tmp = pto.create : !pto.tensor<128x128xf32>
    %tmp1, %t0 = pto.submit @use(%wl, %tmp) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%tmp1, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return %o : !pto.tensor<128x128xf32>
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MW:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index, %[[F:[a-z0-9_]+]]: i1) {
  // CHECK:         %[[L:.+]] = scf.for %[[I:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[CUR:[a-z0-9_]+]] = %[[MO]])
  // CHECK-NEXT:      %[[A1:.+]] = pto.create : !pto.tensor<128x128xf32>
  // CHECK-NEXT:      %[[C1:.+]] = arith.constant 128 : index
  // CHECK-NEXT:      %[[B1:.+]] = arith.muli %[[I]], %[[C1]] : index
  // CHECK-NEXT:      %[[V1:.+]] = pto.slice %[[MW]] [%[[B1]], 0] [128, 128]
  // CHECK-NEXT:      %[[R1:.+]] = pto.call @layer(%[[CUR]], %[[A1]], %[[V1]]) :
  // CHECK-NEXT:      scf.yield %[[R1]]
  // CHECK:         %[[BR:.+]] = scf.if %[[F]]
  // CHECK-NEXT:      %[[A2:.+]] = pto.create : !pto.tensor<128x128xf32>
  // CHECK-NEXT:      %[[C2:.+]] = arith.constant 128 : index
  // CHECK-NEXT:      %[[B2:.+]] = arith.muli %[[N]], %[[C2]] : index
  // CHECK-NEXT:      %[[V2:.+]] = pto.slice %[[MW]] [%[[B2]], 0] [128, 128]
  // CHECK-NEXT:      %[[R2:.+]] = pto.call @layer(%[[L]], %[[A2]], %[[V2]]) :
  // CHECK-NEXT:      scf.yield %[[R2]]
  // CHECK-NEXT:    } else {
  // CHECK-NEXT:      scf.yield %[[L]]
  // CHECK-NEXT:    }
  // CHECK-NEXT:    %{{.+}} = pto.scope -> !pto.tensor<128x128xf32> {
  // CHECK-NEXT:      %[[A3:.+]] = pto.create : !pto.tensor<128x128xf32>
  // CHECK-NEXT:      %[[C3:.+]] = arith.constant 128 : index
  // CHECK-NEXT:      %[[B3:.+]] = arith.muli %[[N]], %[[C3]] : index
  // CHECK-NEXT:      %[[V3:.+]] = pto.slice %[[MW]] [%[[B3]], 0] [128, 128]
  // CHECK-NEXT:      %[[R3:.+]] = pto.call @layer(%[[BR]], %[[A3]], %[[V3]]) :
  // CHECK-NEXT:      pto.yield %[[R3]]
  pto.orchestration @main(%w: !pto.tensor<512x128xf32>,
                          %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                          %n: index, %f: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %o) -> (!pto.tensor<128x128xf32>) {
      %r = pto.call @layer(%w, %cur, %i) : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
      scf.yield %r : !pto.tensor<128x128xf32>
    }
    %b = scf.if %f -> (!pto.tensor<128x128xf32>) {
      %r = pto.call @layer(%w, %l, %n) : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
      scf.yield %r : !pto.tensor<128x128xf32>
    } else {
      scf.yield %l : !pto.tensor<128x128xf32>
    }
    %s = pto.scope -> !pto.tensor<128x128xf32> {
      %r = pto.call @layer(%w, %b, %n) : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
      pto.yield %r : !pto.tensor<128x128xf32>
    }
    pto.return
  }
}

// -----

// Views the call site can rebuild are hoisted: at literal offsets, and at
// offsets computed from a pto.dim of a tensor parameter (the call site reads
// the same extent of the tensor it passes). A view whose operands are only
// replay-invariant (a constant-trip induction variable) stays; an unused
// view built on it is dead and erased.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<64x128xf32>,
                      %y: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @literal(
  // CHECK-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<?x128xf32>,
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[W0:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.hoisted = #pto.hoisted<view>},
  // CHECK-SAME:      %[[WT:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.hoisted = #pto.hoisted<view>}) {
  // CHECK-NOT:     pto.dim
  // CHECK:         %[[O1:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[W0]], %[[O]])
  // CHECK-NEXT:    %[[O2:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[WT]], %[[O1]])
  // CHECK-NEXT:    scf.for %[[I:[a-z0-9_]+]] =
  // CHECK-NEXT:      %[[OFF:.+]] = arith.muli %[[I]], %{{.+}} : index
  // CHECK-NEXT:      %[[WI:.+]] = pto.slice %[[W]] [%[[OFF]], 0] [64, 128]
  // CHECK-NEXT:      pto.submit @use(%[[WI]], %[[O2]])
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  pto.graph @literal(%w: !pto.tensor<?x128xf32>,
                     %o: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %w0 = pto.slice %w[0, 0] [64, 128] : !pto.tensor<?x128xf32> to !pto.tensor<64x128xf32>
    %d = pto.dim %w, 0 : !pto.tensor<?x128xf32>
    %last = arith.subi %d, %c64 : index
    %wt = pto.slice %w[%last, 0] [64, 128] : !pto.tensor<?x128xf32> to !pto.tensor<64x128xf32>
    %o1, %t0 = pto.submit @use(%w0, %o) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>) -> !pto.tensor<64x128xf32>
    %o2, %t1 = pto.submit @use(%wt, %o1) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>) -> !pto.tensor<64x128xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %off = arith.muli %i, %c64 : index
      %wi = pto.slice %w[%off, 0] [64, 128] : !pto.tensor<?x128xf32> to !pto.tensor<64x128xf32>
      %wj = pto.slice %wi[0, 0] [32, 128] : !pto.tensor<64x128xf32> to !pto.tensor<32x128xf32>
      %o3, %t2 = pto.submit @use(%wi, %o2) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>) -> !pto.tensor<64x128xf32>
    }
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MW:[a-z0-9_]+]]: !pto.tensor<?x128xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>}) {
  // CHECK-NEXT:    %[[D:.+]] = pto.dim %[[MW]], 0 : !pto.tensor<?x128xf32>
  // CHECK-NEXT:    %[[C64:.+]] = arith.constant 64 : index
  // CHECK-NEXT:    %[[LAST:.+]] = arith.subi %[[D]], %[[C64]] : index
  // CHECK-NEXT:    %[[V:.+]] = pto.slice %[[MW]] [0, 0] [64, 128] : !pto.tensor<?x128xf32> to !pto.tensor<64x128xf32>
  // CHECK-NEXT:    %[[VT:.+]] = pto.slice %[[MW]] [%[[LAST]], 0] [64, 128] : !pto.tensor<?x128xf32> to !pto.tensor<64x128xf32>
  // CHECK-NEXT:    pto.call @literal(%[[MW]], %[[MO]], %[[V]], %[[VT]])
  // CHECK-NEXT:    return
  pto.orchestration @main(%w: !pto.tensor<?x128xf32>,
                          %o: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @literal(%w, %o) : (!pto.tensor<?x128xf32>, !pto.tensor<64x128xf32>) -> ()
    pto.return
  }
}

// -----

// A multi-result arith op is hoisted once: each result a task reads becomes
// a scalar parameter, and each call site computes the op once and passes
// the results (the op used to be erased once per result). `a` and `b`, read
// only by the hoisted ops, leave the boundary.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k2(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: i32, %t: i1)

  // CHECK-LABEL: pto.graph @multi(
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[SUM:[a-z0-9_]+]]: i32 {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.addui_extended">}, %[[OVF:[a-z0-9_]+]]: i1 {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.addui_extended">}, %[[HI:[a-z0-9_]+]]: i32 {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.mului_extended">}) {
  // CHECK-NEXT:    %[[O1:[a-z0-9_]+]], %{{[a-z0-9_]+}} = pto.submit @k2(%[[O]], %[[SUM]], %[[OVF]])
  // CHECK-NEXT:    %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} = pto.submit @k2(%[[O1]], %[[HI]], %[[OVF]])
  // CHECK-NEXT:    return{{$}}
  // CHECK-NEXT:  }
  pto.graph @multi(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %a: i32, %b: i32) {
    %sum, %ovf = arith.addui_extended %a, %b : i32, i1
    %lo, %hi = arith.mului_extended %a, %b : i32
    %o1, %t0 = pto.submit @k2(%o, %sum, %ovf) : (!pto.tensor<16xf32>, i32, i1) -> !pto.tensor<16xf32>
    %o2, %t1 = pto.submit @k2(%o1, %hi, %ovf) : (!pto.tensor<16xf32>, i32, i1) -> !pto.tensor<16xf32>
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: i32, %[[Y:[a-z0-9_]+]]: i32) {
  // CHECK-NEXT:    %[[S1:[a-z0-9_]+]], %[[V1:[a-z0-9_]+]] = arith.addui_extended %[[X]], %[[Y]] : i32, i1
  // CHECK-NEXT:    %{{[a-z0-9_]+}}, %[[H1:[a-z0-9_]+]] = arith.mului_extended %[[X]], %[[Y]] : i32
  // CHECK-NEXT:    pto.call @multi(%[[MO]], %[[S1]], %[[V1]], %[[H1]]) : (!pto.tensor<16xf32>, i32, i1, i32) -> ()
  // CHECK-NEXT:    %[[S2:[a-z0-9_]+]], %[[V2:[a-z0-9_]+]] = arith.addui_extended %[[Y]], %[[X]] : i32, i1
  // CHECK-NEXT:    %{{[a-z0-9_]+}}, %[[H2:[a-z0-9_]+]] = arith.mului_extended %[[Y]], %[[X]] : i32
  // CHECK-NEXT:    pto.call @multi(%[[MO]], %[[S2]], %[[V2]], %[[H2]]) : (!pto.tensor<16xf32>, i32, i1, i32) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %x: i32, %y: i32) {
    pto.call @multi(%o, %x, %y) : (!pto.tensor<16xf32>, i32, i32) -> ()
    pto.call @multi(%o, %y, %x) : (!pto.tensor<16xf32>, i32, i32) -> ()
    pto.return
  }
}

// -----

// A create inside pto.scope regions at the top level of the body (manual, or
// auto nested in auto) runs once per call like one directly in the body: it
// is hoisted like one directly in the body; a create in a scope inside a
// loop takes a window per iteration. All three share one f32 arena.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @scoped(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[ARENA:[a-z0-9_]+]]: !pto.tensor<768xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
  // CHECK-NEXT:    %[[C16:.+]] = arith.constant 16 : index
  // CHECK-NEXT:    %[[TMP:.+]] = pto.slice %[[ARENA]] [0] [16]
  // CHECK-NEXT:    %[[IN:.+]] = pto.slice %[[ARENA]] [256] [16]
  // CHECK-NEXT:    %[[LS:.+]] = pto.slice %[[ARENA]] [512] [32]
  // CHECK-NEXT:    arith.constant 0 : index
  // CHECK-NEXT:    arith.constant 1 : index
  // CHECK-NEXT:    arith.constant 2 : index
  // CHECK-NEXT:    pto.scope manual {
  // CHECK-NEXT:      %[[T1:[a-z0-9_]+]], %[[ID1:[a-z0-9_]+]] = pto.submit @k(%[[X]], %[[TMP]])
  // CHECK-NEXT:      pto.submit @k(%[[T1]], %[[TMP]]) deps(%[[ID1]] : !pto.task_id)
  // CHECK-NEXT:    }
  // CHECK-NEXT:    %{{[a-z0-9_]+}} = pto.scope -> !pto.tensor<16xf32> {
  // CHECK-NEXT:      pto.scope {
  // CHECK-NEXT:        pto.submit @k(%[[X]], %[[IN]])
  // CHECK-NEXT:      }
  // CHECK-NEXT:      %[[O1:[a-z0-9_]+]], %{{[a-z0-9_]+}} = pto.submit @k(%[[X]], %[[O]])
  // CHECK-NEXT:      pto.yield %[[O1]] : !pto.tensor<16xf32>
  // CHECK-NEXT:    }
  // CHECK-NEXT:    scf.for %[[I:[a-z0-9_]+]] =
  // CHECK-NEXT:      pto.scope {
  // CHECK-NEXT:        %[[LO:[a-z0-9_]+]] = arith.muli %[[I]], %[[C16]] : index
  // CHECK-NEXT:        %[[L:[a-z0-9_]+]] = pto.slice %[[LS]] [%[[LO]]] [16] : !pto.tensor<32xf32> to !pto.tensor<16xf32>
  // CHECK-NEXT:        pto.submit @k(%[[X]], %[[L]])
  // CHECK-NEXT:      }
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  pto.graph @scoped(%x: !pto.tensor<16xf32>, %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    pto.scope manual {
      %tmp = pto.create : !pto.tensor<16xf32>
      %t1, %id1 = pto.submit @k(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %t2, %id2 = pto.submit @k(%t1, %tmp) deps(%id1 : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield
    }
    %r = pto.scope -> !pto.tensor<16xf32> {
      pto.scope {
        %in = pto.create : !pto.tensor<16xf32>
        %in1, %id3 = pto.submit @k(%x, %in) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        pto.yield
      }
      %o1, %id4 = pto.submit @k(%x, %o) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield %o1 : !pto.tensor<16xf32>
    }
    scf.for %i = %c0 to %c2 step %c1 {
      pto.scope {
        %l = pto.create : !pto.tensor<16xf32>
        %l1, %id5 = pto.submit @k(%x, %l) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        pto.yield
      }
    }
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MX:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  // CHECK-NEXT:    %[[A:[a-z0-9_]+]] = pto.create : !pto.tensor<768xf32>
  // CHECK-NEXT:    pto.call @scoped(%[[MX]], %[[MO]], %[[A]]) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<768xf32>) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%x: !pto.tensor<16xf32>, %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @scoped(%x, %o) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// Call-site arg_attrs stay one entry per argument: each new parameter's
// dictionary is inserted at its position (inout for the allocation, empty
// for the view of an `in` tensor and for the scalar), and the entry of `w`,
// dropped with it (its only use was the hoisted view), goes. A call without
// arg_attrs gets none.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>,
                      %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                      %s: index)

  // CHECK-LABEL: pto.graph @attrs(
  // CHECK-SAME:      %{{[a-z0-9_]+}}: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %{{[a-z0-9_]+}}: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
  // CHECK-SAME:      %{{[a-z0-9_]+}}: !pto.tensor<128x128xf32> {pto.hoisted = #pto.hoisted<view>},
  // CHECK-SAME:      %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.muli">}) {
  pto.graph @attrs(%w: !pto.tensor<512x128xf32>,
                   %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                   %idx: index) {
    %c128 = arith.constant 128 : index
    %base = arith.muli %idx, %c128 : index
    %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %tmp = pto.create : !pto.tensor<128x128xf32>
    %tmp1, %t0 = pto.submit @use(%wl, %tmp, %base) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%tmp1, %o, %idx) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MW:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index) {
  // CHECK-NEXT:    %[[C1:[a-z0-9_]+]] = arith.constant 128 : index
  // CHECK-NEXT:    %[[B1:[a-z0-9_]+]] = arith.muli %[[N]], %[[C1]] : index
  // CHECK-NEXT:    %[[A1:[a-z0-9_]+]] = pto.create : !pto.tensor<128x128xf32>
  // CHECK-NEXT:    %[[V1:[a-z0-9_]+]] = pto.slice %[[MW]] [%[[B1]], 0] [128, 128]
  // CHECK-NEXT:    pto.call @attrs(%[[MO]], %[[A1]], %[[V1]], %[[N]], %[[B1]]) {arg_attrs = [{pto.direction = #pto.direction<inout>}, {pto.direction = #pto.direction<inout>}, {}, {}, {}]} : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index, index) -> ()
  // CHECK-NEXT:    %[[C2:[a-z0-9_]+]] = arith.constant 128 : index
  // CHECK-NEXT:    %[[B2:[a-z0-9_]+]] = arith.muli %[[N]], %[[C2]] : index
  // CHECK-NEXT:    %[[A2:[a-z0-9_]+]] = pto.create : !pto.tensor<128x128xf32>
  // CHECK-NEXT:    %[[V2:[a-z0-9_]+]] = pto.slice %[[MW]] [%[[B2]], 0] [128, 128]
  // CHECK-NEXT:    pto.call @attrs(%[[MO]], %[[A2]], %[[V2]], %[[N]], %[[B2]]) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index, index) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%w: !pto.tensor<512x128xf32>,
                          %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                          %n: index) {
    pto.call @attrs(%w, %o, %n) {arg_attrs = [{pto.direction = #pto.direction<in>}, {pto.direction = #pto.direction<inout>}, {}]}
        : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, index) -> ()
    pto.call @attrs(%w, %o, %n) : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, index) -> ()
    pto.return
  }
}

// -----

// pto.dim of a literal extent is a literal: a task may take it, even of a
// region-local tensor. The legalization folds it, and the create it was the
// only reader of goes instead of becoming a parameter. A view of a buffer chosen at run time stays in the
// body when the choice and the window are replay-invariant (functions of a
// constant-trip induction variable).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @ks(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.kernel aiv @use(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @invariant(
  // CHECK-SAME:      %[[W1:[a-z0-9_]+]]: !pto.tensor<64xf32>, %[[W2:[a-z0-9_]+]]: !pto.tensor<64xf32>,
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  // CHECK:         scf.for %[[I:[a-z0-9_]+]] =
  // CHECK-NEXT:      %[[N:[a-z0-9_]+]] = arith.constant 16 : index
  // CHECK-NEXT:      %[[O1:[a-z0-9_]+]], %{{[a-z0-9_]+}} = pto.submit @ks(%[[O]], %[[N]])
  // CHECK-NEXT:      %[[FIRST:[a-z0-9_]+]] = arith.cmpi eq, %[[I]], %{{[a-z0-9_]+}} : index
  // CHECK-NEXT:      %[[SEL:[a-z0-9_]+]] = arith.select %[[FIRST]], %[[W1]], %[[W2]] : !pto.tensor<64xf32>
  // CHECK-NEXT:      %[[OFF:[a-z0-9_]+]] = arith.muli %[[I]], %{{[a-z0-9_]+}} : index
  // CHECK-NEXT:      %[[V:[a-z0-9_]+]] = pto.slice %[[SEL]] [%[[OFF]]] [16]
  // CHECK-NEXT:      pto.submit @use(%[[V]], %[[O1]])
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  pto.graph @invariant(%w1: !pto.tensor<64xf32>, %w2: !pto.tensor<64xf32>,
                       %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %tmp = pto.create : !pto.tensor<16xf32>
      %n = pto.dim %tmp, 0 : !pto.tensor<16xf32>
      %o1, %t0 = pto.submit @ks(%o, %n) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
      %first = arith.cmpi eq, %i, %c0 : index
      %sel = arith.select %first, %w1, %w2 : !pto.tensor<64xf32>
      %off = arith.muli %i, %c16 : index
      %v = pto.slice %sel[%off] [16] : !pto.tensor<64xf32> to !pto.tensor<16xf32>
      %o2, %t1 = pto.submit @use(%v, %o1) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// Tensor parameters the body reads only through views that are now hoisted
// leave the boundary, wherever they sit in the list, at every call site and
// with their call-site arg_attrs entries: next to the views they would put
// the views' per-call offsets into the Graph key. The scalar `idx`, read
// only by `base`, which only a hoisted view reads, goes the same way (and
// `base` gets no parameter). `u`, which the body never used, stays: only
// what the hoisting left unused goes.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use2(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32>,
                       %z: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @drop(%{{[a-z0-9_]+}}: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %[[V1:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.hoisted = #pto.hoisted<view>}, %[[V2:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.hoisted = #pto.hoisted<view>}) {
  // CHECK-NEXT:    pto.submit @use2(%[[V1]], %[[V2]], %[[O]])
  // CHECK-NEXT:    return
  pto.graph @drop(%w1: !pto.tensor<64xf32>, %u: !pto.tensor<16xf32>,
                  %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                  %w2: !pto.tensor<64xf32>, %idx: index) {
    %c16 = arith.constant 16 : index
    %base = arith.muli %idx, %c16 : index
    %v1 = pto.slice %w1[%base] [16] : !pto.tensor<64xf32> to !pto.tensor<16xf32>
    %v2 = pto.slice %w2[48] [16] : !pto.tensor<64xf32> to !pto.tensor<16xf32>
    %o1, %t = pto.submit @use2(%v1, %v2, %o) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MA:[a-z0-9_]+]]: !pto.tensor<64xf32>, %[[MB:[a-z0-9_]+]]: !pto.tensor<64xf32>, %[[MU:[a-z0-9_]+]]: !pto.tensor<16xf32>,
  // CHECK-SAME:      %[[MO:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %[[N:[a-z0-9_]+]]: index) {
  // CHECK-NEXT:    %[[C1:[a-z0-9_]+]] = arith.constant 16 : index
  // CHECK-NEXT:    %[[B1:[a-z0-9_]+]] = arith.muli %[[N]], %[[C1]] : index
  // CHECK-NEXT:    %[[S1:[a-z0-9_]+]] = pto.slice %[[MA]] [%[[B1]]] [16]
  // CHECK-NEXT:    %[[T1:[a-z0-9_]+]] = pto.slice %[[MB]] [48] [16]
  // CHECK-NEXT:    pto.call @drop(%[[MU]], %[[MO]], %[[S1]], %[[T1]]) {arg_attrs = [{}, {pto.direction = #pto.direction<inout>}, {}, {}]} : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
  // CHECK-NEXT:    %[[C2:[a-z0-9_]+]] = arith.constant 16 : index
  // CHECK-NEXT:    %[[B2:[a-z0-9_]+]] = arith.muli %[[N]], %[[C2]] : index
  // CHECK-NEXT:    %[[S2:[a-z0-9_]+]] = pto.slice %[[MB]] [%[[B2]]] [16]
  // CHECK-NEXT:    %[[T2:[a-z0-9_]+]] = pto.slice %[[MA]] [48] [16]
  // CHECK-NEXT:    pto.call @drop(%[[MU]], %[[MO]], %[[S2]], %[[T2]]) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>) -> ()
  // CHECK-NEXT:    return
  pto.orchestration @main(%a: !pto.tensor<64xf32>, %b: !pto.tensor<64xf32>, %u: !pto.tensor<16xf32>,
                          %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.call @drop(%a, %u, %o, %b, %n) {arg_attrs = [{pto.direction = #pto.direction<in>}, {}, {pto.direction = #pto.direction<inout>}, {pto.direction = #pto.direction<in>}, {}]}
        : (!pto.tensor<64xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<64xf32>, index) -> ()
    pto.call @drop(%b, %u, %o, %a, %n) : (!pto.tensor<64xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<64xf32>, index) -> ()
    pto.return
  }
}

// -----

// A view at a hoistable offset whose extent is replay-invariant and can be
// rebuilt at the call site (a pto.dim of a boundary tensor, through pure
// arithmetic) is hoisted: the call site takes pto.dim of its own argument.
// (Replay copies a view's shape from the recording; the extent of a
// boundary tensor is part of the Graph key, so it cannot change under a
// recording.) `x` stays: the task still reads its extent. `p`, read only by
// the hoisted view, leaves the boundary.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%a: !pto.tensor<?x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  // CHECK-LABEL: pto.graph @extent(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<?x16xf32>,
  // CHECK-SAME:      %[[C:[a-z0-9_]+]]: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[V:[a-z0-9_]+]]: !pto.tensor<?x16xf32> {pto.hoisted = #pto.hoisted<view>}) -> !pto.tensor<8x16xf32> {
  // CHECK-NEXT:    %[[N:[a-z0-9_]+]] = pto.dim %[[X]], 0 : !pto.tensor<?x16xf32>
  // CHECK-NEXT:    pto.submit @acc(%[[V]], %[[C]], %[[N]])
  // CHECK-NEXT:    return %[[C]]
  pto.graph @extent(%x: !pto.tensor<?x16xf32>,
                    %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
                    %p: index) -> !pto.tensor<8x16xf32> {
    %n = pto.dim %x, 0 : !pto.tensor<?x16xf32>
    %c2 = arith.constant 2 : index
    %h = arith.divui %n, %c2 : index
    %v = pto.slice %x[%p, 0] [%h, 16] : !pto.tensor<?x16xf32> to !pto.tensor<?x16xf32>
    %c1, %t = pto.submit @acc(%v, %c, %n) : (!pto.tensor<?x16xf32>, !pto.tensor<8x16xf32>, index) -> !pto.tensor<8x16xf32>
    pto.return %c : !pto.tensor<8x16xf32>
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-SAME:      %[[MX:[a-z0-9_]+]]: !pto.tensor<?x16xf32>,
  // CHECK-SAME:      %[[MC:[a-z0-9_]+]]: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[I:[a-z0-9_]+]]: index) {
  // CHECK-NEXT:    %[[D:[a-z0-9_]+]] = pto.dim %[[MX]], 0 : !pto.tensor<?x16xf32>
  // CHECK-NEXT:    %[[TWO:[a-z0-9_]+]] = arith.constant 2 : index
  // CHECK-NEXT:    %[[H:[a-z0-9_]+]] = arith.divui %[[D]], %[[TWO]] : index
  // CHECK-NEXT:    %[[MV:[a-z0-9_]+]] = pto.slice %[[MX]] [%[[I]], 0] [%[[H]], 16] : !pto.tensor<?x16xf32> to !pto.tensor<?x16xf32>
  // CHECK-NEXT:    pto.call @extent(%[[MX]], %[[MC]], %[[MV]]) : (!pto.tensor<?x16xf32>, !pto.tensor<8x16xf32>, !pto.tensor<?x16xf32>) -> !pto.tensor<8x16xf32>
  // CHECK-NEXT:    return
  pto.orchestration @main(%x: !pto.tensor<?x16xf32>,
                          %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
                          %i: index) {
    %r = pto.call @extent(%x, %c, %i) : (!pto.tensor<?x16xf32>, !pto.tensor<8x16xf32>, index) -> !pto.tensor<8x16xf32>
    pto.return
  }
}

// -----

// A program without Graphs is unchanged.
// CHECK-LABEL: pto.orchestration @no_graph(
// CHECK-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<512x128xf32>, %[[N:[a-z0-9_]+]]: index) {
// CHECK-NEXT:    %[[C:.+]] = arith.constant 128 : index
// CHECK-NEXT:    %[[B:.+]] = arith.muli %[[N]], %[[C]] : index
// CHECK-NEXT:    %[[V:.+]] = pto.slice %[[W]] [%[[B]], 0] [128, 128]
// CHECK-NEXT:    %[[T:.+]] = pto.create : !pto.tensor<128x128xf32>
// CHECK-NEXT:    pto.submit @use(%[[V]], %[[T]])
// CHECK-NEXT:    return
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>,
                      %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @no_graph(%w: !pto.tensor<512x128xf32>, %n: index) {
    %c128 = arith.constant 128 : index
    %base = arith.muli %n, %c128 : index
    %v = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %t = pto.create : !pto.tensor<128x128xf32>
    %t1, %id = pto.submit @use(%v, %t) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// The decoder example through the whole pipeline: tmp and wl become tensor
// parameters; base, read only by the hoisted view, gets no parameter, and
// layer_idx (read only by base) and w leave the boundary (with w, every
// layer would record its own definition). The Graph has no scalar parameter
// left; the call site allocates, computes i * 128, then takes the view.
// DECODER-LABEL: pto.graph @layer(
// DECODER-SAME:      %[[A:[a-z0-9_]+]]: !pto.tensor<16x128xf32>, %[[C:[a-z0-9_]+]]: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>},
// DECODER-SAME:      %[[TMP:[a-z0-9_]+]]: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
// DECODER-SAME:      %[[WL:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.hoisted = #pto.hoisted<view>}) -> !pto.tensor<16x128xf32> {
// DECODER-NEXT:    %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// DECODER-NEXT:    %[[T1:[a-z0-9_]+]], %{{.+}} = pto.submit @matmul(%[[A]], %[[WL]], %[[TMP]])
// DECODER-NEXT:    %{{.+}}, %{{.+}} = pto.submit @add(%[[T1]], %[[A]], %[[C]], %[[ONE]])
// DECODER-NEXT:    return %[[C]] : !pto.tensor<16x128xf32>
// DECODER-NEXT:  }
// DECODER-LABEL: pto.orchestration @main(
// DECODER-SAME:      %[[MA:[a-z0-9_]+]]: !pto.tensor<16x128xf32>, %[[MW:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
// DECODER-SAME:      %[[MC:[a-z0-9_]+]]: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>}) {
// The buffer of the hoisted allocation, one for all four calls
// (pto-hoist-call-site-allocations, part of the pipeline).
// DECODER:         %[[T:.+]] = pto.create : !pto.tensor<16x128xf32>
// DECODER-NEXT:    scf.for %[[I:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[MC]])
// DECODER-NEXT:      %[[C128:.+]] = arith.constant 128 : index
// DECODER-NEXT:      %[[B:.+]] = arith.muli %[[I]], %[[C128]] : index
// DECODER-NEXT:      %[[V:.+]] = pto.slice %[[MW]] [%[[B]], 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
// DECODER-NEXT:      %[[R:.+]] = pto.call @layer(%[[MA]], %[[ACC]], %[[T]], %[[V]]) : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<16x128xf32>
// DECODER-NEXT:      scf.yield %[[R]] : !pto.tensor<16x128xf32>
// DECODER-NEXT:    }
// DECODER-NEXT:    return

// -----

// A `?` extent of a boundary tensor is fixed by the recording (the boundary
// layout is part of the Graph key), seen through a transpose too: a view
// sized by it stays in the body, unchanged, and nothing is hoisted.
// CHECK-LABEL: pto.graph @transposed_extent
// CHECK-SAME:    (%[[W:.+]]: !pto.tensor<16x?xf32>, %{{.+}}: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>})
// CHECK-NEXT:    %[[WT:.+]] = pto.transpose %[[W]], 0, 1
// CHECK-NEXT:    %[[N:.+]] = pto.dim %[[WT]], 0
// CHECK-NEXT:    pto.slice %[[WT]] [0, 0] [%[[N]], 16]
// CHECK-LABEL: pto.orchestration @transposed_extent_main
// CHECK-NEXT:    pto.call @transposed_extent(%{{.+}}, %{{.+}}) : (!pto.tensor<16x?xf32>, !pto.tensor<16x16xf32>) -> ()
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<?x16xf32>, %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @transposed_extent(%w: !pto.tensor<16x?xf32>, %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}) {
    %wt = pto.transpose %w, 0, 1 : !pto.tensor<16x?xf32>
    %n = pto.dim %wt, 0 : !pto.tensor<?x16xf32>
    %v = pto.slice %wt[0, 0] [%n, 16] : !pto.tensor<?x16xf32> to !pto.tensor<?x16xf32>
    %y1, %t = pto.submit @k(%v, %y) : (!pto.tensor<?x16xf32>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    pto.return
  }
  pto.orchestration @transposed_extent_main(%w: !pto.tensor<16x?xf32>, %y: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @transposed_extent(%w, %y) : (!pto.tensor<16x?xf32>, !pto.tensor<16x16xf32>) -> ()
    pto.return
  }
}

// -----

// A view offset mixing an extent of a tensor parameter with a scalar
// parameter moves to the call site whole: the call site reads the extent of
// the tensor it passes. (It was rejected as a window that cannot be rebuilt;
// the tensor, read by nothing else, then leaves the boundary.)
// CHECK-LABEL: pto.graph @dim_plus_scalar
// CHECK-SAME:    (%[[C:.+]]: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %[[V:.+]]: !pto.tensor<8x16xf32> {pto.hoisted = #pto.hoisted<view>}, %[[O:.+]]: index {pto.hoisted = #pto.hoisted<scalar, computed_by = "arith.addi">})
// CHECK-NEXT:    pto.submit @k(%[[V]], %[[C]], %[[O]])
// CHECK-LABEL: pto.orchestration @dim_plus_scalar_main
// CHECK-SAME:    (%[[MW:.+]]: !pto.tensor<64x16xf32>, %[[MD:.+]]: !pto.tensor<?x16xf32>, %[[MC:.+]]: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %[[MP:.+]]: index)
// CHECK-NEXT:    %[[N:.+]] = pto.dim %[[MD]], 0 : !pto.tensor<?x16xf32>
// CHECK-NEXT:    %[[OFF:.+]] = arith.addi %[[N]], %[[MP]] : index
// CHECK-NEXT:    %[[VIEW:.+]] = pto.slice %[[MW]] [%[[OFF]], 0] [8, 16]
// CHECK-NEXT:    pto.call @dim_plus_scalar(%[[MC]], %[[VIEW]], %[[OFF]])
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<8x16xf32>, %y: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @dim_plus_scalar(%w: !pto.tensor<64x16xf32>, %xd: !pto.tensor<?x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %p: index) {
    %n = pto.dim %xd, 0 : !pto.tensor<?x16xf32>
    %o = arith.addi %n, %p : index
    %v = pto.slice %w[%o, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
    %c1, %t = pto.submit @k(%v, %c, %o) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>, index) -> !pto.tensor<8x16xf32>
    pto.return
  }
  pto.orchestration @dim_plus_scalar_main(%w: !pto.tensor<64x16xf32>, %d: !pto.tensor<?x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.call @dim_plus_scalar(%w, %d, %c, %n) : (!pto.tensor<64x16xf32>, !pto.tensor<?x16xf32>, !pto.tensor<8x16xf32>, index) -> ()
    pto.return
  }
}

// -----

// An allocation whose shape the call site can compute (rows = n * 2, from
// the scalar parameter n) becomes an inout boundary tensor of dynamic shape:
// each call site computes the rows and allocates it, so its extents are part
// of the Graph's boundary layout and a call with another shape records a new
// definition. `n`, read only by that shape, leaves the boundary. (The
// dynamic buffer is not moved out of the caller's loop by
// pto-hoist-call-site-allocations: its shape changes per call.) A shape the
// call site cannot compute is rejected: legalize-graph-boundary-errors.mlir.
// CHECK-LABEL: pto.graph @dynamic_shape(
// CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
// CHECK-SAME:      %[[B:[a-z0-9_]+]]: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
// CHECK-SAME:      %[[S:[a-z0-9_]+]]: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
// CHECK-NEXT:    %[[B1:[a-z0-9_]+]], %{{.+}} = pto.submit @fill(%[[B]])
// CHECK-NEXT:    pto.submit @acc(%[[B1]], %[[O]])
// CHECK-NEXT:    pto.submit @fill(%[[S]])
// CHECK-NEXT:    return
// CHECK-LABEL: pto.orchestration @main(
// CHECK:         scf.for %[[I:[a-z0-9_]+]] =
// CHECK-NEXT:      %[[N:.+]] = arith.addi %[[I]], %{{.+}} : index
// CHECK-NEXT:      %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT:      %[[ROWS:.+]] = arith.muli %[[N]], %[[C2]] : index
// CHECK-NEXT:      %[[BC:.+]] = pto.create(%[[ROWS]]) : !pto.tensor<?x128xf32>
// CHECK-NEXT:      %[[SC:.+]] = pto.create : !pto.tensor<16x128xf32>
// CHECK-NEXT:      pto.call @dynamic_shape(%{{.+}}, %[[BC]], %[[SC]]) : (!pto.tensor<128x128xf32>, !pto.tensor<?x128xf32>, !pto.tensor<16x128xf32>) -> ()
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%x: !pto.tensor<?x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @dynamic_shape(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c2 = arith.constant 2 : index
    %rows = arith.muli %n, %c2 : index
    %b = pto.create(%rows) : !pto.tensor<?x128xf32>
    %b1, %t0 = pto.submit @fill(%b) : (!pto.tensor<?x128xf32>) -> !pto.tensor<?x128xf32>
    %o1, %t1 = pto.submit @acc(%b1, %o) : (!pto.tensor<?x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %s = pto.create : !pto.tensor<16x128xf32>
    %s1, %t2 = pto.submit @fill(%s) : (!pto.tensor<16x128xf32>) -> !pto.tensor<16x128xf32>
    pto.return
  }
  pto.orchestration @main(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %n = arith.addi %i, %c1 : index
      pto.call @dynamic_shape(%o, %n) : (!pto.tensor<128x128xf32>, index) -> ()
    }
    pto.return
  }
}

// -----

// A buffer read only through a view at a per-call offset (`b`, viewed at
// [n, 0]) is allocated by each caller for that view and is no parameter
// itself: next to the view it would change the Graph key on every call. It
// takes no arena slot either; `a`, read by a task, stays a parameter.
// CHECK-LABEL: pto.graph @viewed_only(
// CHECK-SAME:      %{{[a-z0-9_]+}}: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>},
// CHECK-SAME:      %{{[a-z0-9_]+}}: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
// CHECK-SAME:      %{{[a-z0-9_]+}}: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<view>},
// CHECK-SAME:      %{{[a-z0-9_]+}}: index) {
// CHECK-LABEL: pto.orchestration @main(
// CHECK:         %[[A:.+]] = pto.create : !pto.tensor<16x8xf32>
// CHECK-NEXT:    %[[B:.+]] = pto.create : !pto.tensor<32x8xf32>
// CHECK-NEXT:    %[[V:.+]] = pto.slice %[[B]] [%{{.+}}, 0] [4, 8]
// CHECK-NEXT:    pto.call @viewed_only(%{{.+}}, %[[A]], %[[V]], %{{.+}}) : (!pto.tensor<4x8xf32>, !pto.tensor<16x8xf32>, !pto.tensor<4x8xf32>, index) -> ()
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%y: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<out>}, %s: index)
  pto.kernel aiv @fill4(%y: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<out>}, %s: index)
  pto.kernel aiv @acc(%x: !pto.tensor<4x8xf32>, %y: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @viewed_only(%h: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %a = pto.create : !pto.tensor<16x8xf32>
    %b = pto.create : !pto.tensor<32x8xf32>
    %a1, %t = pto.submit @fill(%a, %n) : (!pto.tensor<16x8xf32>, index) -> !pto.tensor<16x8xf32>
    %v = pto.slice %b[%n, 0] [4, 8] : !pto.tensor<32x8xf32> to !pto.tensor<4x8xf32>
    %v1, %t1 = pto.submit @fill4(%v, %n) : (!pto.tensor<4x8xf32>, index) -> !pto.tensor<4x8xf32>
    %h1, %t2 = pto.submit @acc(%v1, %h) : (!pto.tensor<4x8xf32>, !pto.tensor<4x8xf32>) -> !pto.tensor<4x8xf32>
    pto.return
  }
  pto.orchestration @main(%h: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.call @viewed_only(%h, %n) : (!pto.tensor<4x8xf32>, index) -> ()
    pto.return
  }
}

// -----

// Empty allocations are neither packed nor stacked (a window of nothing is
// no slice): the two 0x5 creates keep a parameter each, and the one under
// the loop stays in the body.
// CHECK-LABEL: pto.graph @empty(
// CHECK-SAME:      !pto.tensor<0x5xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
// CHECK-SAME:      !pto.tensor<0x5xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
// CHECK:         scf.for
// CHECK-NEXT:      pto.create : !pto.tensor<0x8xf32>
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%y: !pto.tensor<0x5xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @k8(%y: !pto.tensor<0x8xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @use(%y: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @empty(%h: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %a = pto.create : !pto.tensor<0x5xf32>
    %a1, %t0 = pto.submit @k(%a) : (!pto.tensor<0x5xf32>) -> !pto.tensor<0x5xf32>
    %b = pto.create : !pto.tensor<0x5xf32>
    %b1, %t1 = pto.submit @k(%b) : (!pto.tensor<0x5xf32>) -> !pto.tensor<0x5xf32>
    scf.for %i = %c0 to %c3 step %c1 {
      %e = pto.create : !pto.tensor<0x8xf32>
      %e1, %t2 = pto.submit @k8(%e) : (!pto.tensor<0x8xf32>) -> !pto.tensor<0x8xf32>
    }
    %h1, %t3 = pto.submit @use(%h) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
    pto.return
  }
  pto.orchestration @main(%h: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @empty(%h) : (!pto.tensor<4xf32>) -> ()
    pto.return
  }
}

// -----

// Loop counters in their own width and signedness: an i8 loop from -2 to 2
// runs 4 times (its window is (iv - (-2)) / 1 rows in, iv cast signed), an
// unsigned i8 loop from 100 to 250 step 50 runs 3 times (iv cast unsigned,
// 100 subtracted as 100).
// The two stacked buffers (4 x 4 and 3 x 4) share an arena.
// CHECK-LABEL: pto.graph @counters(
// CHECK-SAME:      !pto.tensor<512xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
// CHECK:         pto.slice %{{.+}} [0] [16]
// CHECK-NEXT:    pto.slice %{{.+}} [256] [12]
// CHECK:         scf.for %[[I:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} : i8 {
// CHECK-NEXT:      %[[SI:.+]] = arith.index_cast %[[I]] : i8 to index
// CHECK-NEXT:      arith.subi %[[SI]], %{{.+}} : index
// CHECK:         scf.for unsigned %[[U:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} : i8 {
// CHECK-NEXT:      %[[UI:.+]] = arith.index_castui %[[U]] : i8 to index
// CHECK-NEXT:      %[[K:.+]] = arith.subi %[[UI]], %[[C100:.+]] : index
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%y: !pto.tensor<4xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @use(%y: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @counters(%h: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
    %lo = arith.constant -2 : i8
    %hi = arith.constant 2 : i8
    %one = arith.constant 1 : i8
    scf.for %i = %lo to %hi step %one : i8 {
      %a = pto.create : !pto.tensor<4xf32>
      %a1, %t0 = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
    }
    %ulo = arith.constant 100 : i8
    %uhi = arith.constant 250 : i8
    %ust = arith.constant 50 : i8
    scf.for unsigned %u = %ulo to %uhi step %ust : i8 {
      %b = pto.create : !pto.tensor<4xf32>
      %b1, %t1 = pto.submit @k(%b) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
    }
    %h1, %t2 = pto.submit @use(%h) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
    pto.return
  }
  pto.orchestration @main(%h: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @counters(%h) : (!pto.tensor<4xf32>) -> ()
    pto.return
  }
}


// -----

// Literal windows of a buffer the body allocates stay in the body: the
// buffer becomes an arena window, and each tile a window of it at a place
// that never changes (no boundary tensor per tile). The tiles of `acts`
// are written one per task; `acts` itself is read whole afterwards. `tiles`,
// read only through literal windows, is packed like any allocation.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%x: !pto.tensor<16x8xf32>, %o: !pto.tensor<16x4xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @sum(%x: !pto.tensor<16x8xf32>, %o: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>})

  // CHECK-LABEL: pto.graph @tiles(
  // CHECK-SAME:      %[[X:[a-z0-9_]+]]: !pto.tensor<16x8xf32>,
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[ARENA:[a-z0-9_]+]]: !pto.tensor<512xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
  // CHECK:         %[[AF:.+]] = pto.slice %[[ARENA]] [0] [128]
  // CHECK-NEXT:    %[[A:.+]] = pto.reshape %[[AF]] : !pto.tensor<128xf32> to !pto.tensor<16x8xf32>
  // CHECK:         %[[T0:.+]] = pto.slice %[[A]] [0, 0] [16, 4]
  // CHECK-NEXT:    pto.submit @fill(%[[X]], %[[T0]])
  // CHECK-NEXT:    %[[T1:.+]] = pto.slice %[[A]] [0, 4] [16, 4]
  // CHECK-NEXT:    pto.submit @fill(%[[X]], %[[T1]])
  // CHECK-NEXT:    pto.submit @sum(%[[A]], %[[O]])
  // CHECK:         pto.slice %{{.+}} [0, 4] [16, 4]
  // CHECK-NEXT:    pto.submit @fill(%[[X]], %{{.+}})
  // CHECK-NEXT:    return
  pto.graph @tiles(%x: !pto.tensor<16x8xf32>, %o: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>}) {
    %acts = pto.create : !pto.tensor<16x8xf32>
    %tiles = pto.create : !pto.tensor<16x8xf32>
    %t0 = pto.slice %acts[0, 0] [16, 4] : !pto.tensor<16x8xf32> to !pto.tensor<16x4xf32>
    %f0, %i0 = pto.submit @fill(%x, %t0) : (!pto.tensor<16x8xf32>, !pto.tensor<16x4xf32>) -> !pto.tensor<16x4xf32>
    %t1 = pto.slice %acts[0, 4] [16, 4] : !pto.tensor<16x8xf32> to !pto.tensor<16x4xf32>
    %f1, %i1 = pto.submit @fill(%x, %t1) : (!pto.tensor<16x8xf32>, !pto.tensor<16x4xf32>) -> !pto.tensor<16x4xf32>
    %o1, %i2 = pto.submit @sum(%acts, %o) : (!pto.tensor<16x8xf32>, !pto.tensor<16x8xf32>) -> !pto.tensor<16x8xf32>
    %u = pto.slice %tiles[0, 4] [16, 4] : !pto.tensor<16x8xf32> to !pto.tensor<16x4xf32>
    %f2, %i3 = pto.submit @fill(%x, %u) : (!pto.tensor<16x8xf32>, !pto.tensor<16x4xf32>) -> !pto.tensor<16x4xf32>
    pto.return
  }

  // CHECK-LABEL: pto.orchestration @main(
  // CHECK-NEXT:    %[[AR:.+]] = pto.create : !pto.tensor<512xf32>
  // CHECK-NEXT:    pto.call @tiles(%{{.+}}, %{{.+}}, %[[AR]])
  pto.orchestration @main(%x: !pto.tensor<16x8xf32>, %o: !pto.tensor<16x8xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @tiles(%x, %o) : (!pto.tensor<16x8xf32>, !pto.tensor<16x8xf32>) -> ()
    pto.return
  }
}

// -----

// The extent of an in-place result is its operand's, and a dynamic extent of
// an allocation is its size: both allocations move to the call site, sized
// by the caller's tensor (issue 31: they were rejected, "not derived from
// the Graph's scalar parameters and tensor extents").
// CHECK-LABEL: pto.graph @extents_of_results(
// CHECK-NOT:     pto.create
// CHECK:         pto.return
// CHECK-LABEL: pto.orchestration @extents_caller(
// CHECK-SAME:      %[[A:[a-z0-9_]+]]: !pto.tensor<?x16xf32>
// CHECK:         %[[N:.*]] = pto.dim %[[A]], 0
// CHECK-DAG:     pto.create(%[[N]]) : !pto.tensor<?x16xf32>
// CHECK-DAG:     pto.create(%[[N]]) : !pto.tensor<?x16xf32>
// CHECK:         pto.call @extents_of_results(%[[A]],
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @extents_of_results(%a: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>}) {
    %a1, %t = pto.submit @k(%a) : (!pto.tensor<?x16xf32>) -> !pto.tensor<?x16xf32>
    %n = pto.dim %a1, 0 : !pto.tensor<?x16xf32>
    %b = pto.create(%n) : !pto.tensor<?x16xf32>
    %b1, %t2 = pto.submit @k(%b) : (!pto.tensor<?x16xf32>) -> !pto.tensor<?x16xf32>
    %m = pto.dim %b1, 0 : !pto.tensor<?x16xf32>
    %c = pto.create(%m) : !pto.tensor<?x16xf32>
    %c1, %t3 = pto.submit @k(%c) : (!pto.tensor<?x16xf32>) -> !pto.tensor<?x16xf32>
    pto.return
  }
  pto.orchestration @extents_caller(%a: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @extents_of_results(%a) : (!pto.tensor<?x16xf32>) -> ()
    pto.return
  }
}
