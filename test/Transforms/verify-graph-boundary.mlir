// RUN: pto-opt %s -split-input-file --pto-verify-graph-boundary | FileCheck %s
// RUN: pto-opt %s -split-input-file --pto-graph-legalize-pipeline | pto-opt -split-input-file --pto-verify-graph-boundary | FileCheck %s --check-prefix=LEGAL
// RUN: pto-opt %S/legalize-graph-boundary.mlir -split-input-file --pto-graph-legalize-pipeline | pto-opt -split-input-file --pto-verify-graph-boundary | FileCheck %s --check-prefix=MAIN
// RUN: pto-opt %S/../../examples/decoder_layer.mlir --pto-graph-legalize-pipeline | pto-opt --pto-verify-graph-boundary | FileCheck %s --check-prefix=DECODER

// The verifier accepts replay-safe Graphs as they are and changes nothing,
// and accepts every output of the legalization, run again as a separate
// invocation on the printed IR.

// Replay-safe as written: views whose operands are replay-invariant (a
// constant-trip induction variable, a pto.dim of a boundary tensor, literals),
// a create inside a constant-trip loop, scalars that are parameters or
// invariant, a dummy task.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<64x128xf32>,
                      %y: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
                      %s: index)

  // CHECK-LABEL: pto.graph @safe(
  // CHECK-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<?x128xf32>,
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
  // CHECK-SAME:      %[[N:[a-z0-9_]+]]: index) -> !pto.tensor<64x128xf32> {
  // CHECK:         %[[D:.+]] = pto.dim %[[W]], 0
  // CHECK:         pto.slice %[[W]] [0, 0] [64, 128]
  // CHECK:         scf.for
  // CHECK:           pto.create : !pto.tensor<64x128xf32>
  // CHECK:         task_dummy
  // CHECK-NEXT:    return %[[O]]
  // LEGAL-LABEL: pto.graph @safe(
  // LEGAL-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<?x128xf32>,
  // LEGAL-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
  // LEGAL-SAME:      %[[W0:[a-z0-9_]+]]: !pto.tensor<64x128xf32> {pto.hoisted = #pto.hoisted<view>},
  // LEGAL-SAME:      %[[N:[a-z0-9_]+]]: index) -> !pto.tensor<64x128xf32> {
  pto.graph @safe(%w: !pto.tensor<?x128xf32>,
                  %o: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
                  %n: index) -> !pto.tensor<64x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %d = pto.dim %w, 0 : !pto.tensor<?x128xf32>
    %last = arith.subi %d, %c64 : index
    %wt = pto.slice %w[%last, 0] [64, 128] : !pto.tensor<?x128xf32> to !pto.tensor<64x128xf32>
    %w0 = pto.slice %w[0, 0] [64, 128] : !pto.tensor<?x128xf32> to !pto.tensor<64x128xf32>
    %o1, %t0 = pto.submit @use(%wt, %o, %n) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>, index) -> !pto.tensor<64x128xf32>
    %o2, %t1 = pto.submit @use(%w0, %o1, %d) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>, index) -> !pto.tensor<64x128xf32>
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%cur = %o2) -> (!pto.tensor<64x128xf32>) {
      %off = arith.muli %i, %c64 : index
      %wi = pto.slice %w[%off, 0] [64, 128] : !pto.tensor<?x128xf32> to !pto.tensor<64x128xf32>
      %tmp = pto.create : !pto.tensor<64x128xf32>
      %tmp1, %t2 = pto.submit @use(%wi, %tmp, %off) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>, index) -> !pto.tensor<64x128xf32>
      %cur1, %t3 = pto.submit @use(%tmp1, %cur, %i) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>, index) -> !pto.tensor<64x128xf32>
      scf.yield %cur1 : !pto.tensor<64x128xf32>
    }
    %t4 = pto.task_dummy
    pto.return %o : !pto.tensor<64x128xf32>
  }
}

// -----

// Already legalized: the call site computes the scalar, allocates and takes
// the view. `w`, which the body does not use as written (the form the
// legalization produced before it dropped such parameters), stays through
// the pipeline: the legalization drops only tensor parameters that its own
// hoisting left unused.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>,
                      %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                      %s: index)

  // CHECK-LABEL: pto.graph @layer(
  // CHECK:         return
  // CHECK-LABEL: pto.orchestration @main(
  // CHECK:         pto.call @layer
  // LEGAL-LABEL: pto.graph @layer(
  // LEGAL-SAME:      %[[W:[a-z0-9_]+]]: !pto.tensor<512x128xf32>,
  // LEGAL-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // LEGAL-SAME:      %[[TMP:[a-z0-9_]+]]: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
  // LEGAL-SAME:      %[[WL:[a-z0-9_]+]]: !pto.tensor<128x128xf32>,
  // LEGAL-SAME:      %[[IDX:[a-z0-9_]+]]: index, %[[BASE:[a-z0-9_]+]]: index) -> !pto.tensor<128x128xf32> {
  // LEGAL-NEXT:    %[[T1:[a-z0-9_]+]], %{{.+}} = pto.submit @use(%[[WL]], %[[TMP]], %[[BASE]])
  // LEGAL-NEXT:    %{{.+}}, %{{.+}} = pto.submit @use(%[[T1]], %[[O]], %[[IDX]])
  // LEGAL-NEXT:    return %[[O]]
  pto.graph @layer(%w: !pto.tensor<512x128xf32>,
                   %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                   %tmp: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                   %wl: !pto.tensor<128x128xf32>,
                   %idx: index, %base: index) -> !pto.tensor<128x128xf32> {
    %tmp1, %t0 = pto.submit @use(%wl, %tmp, %base) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%tmp1, %o, %idx) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    pto.return %o : !pto.tensor<128x128xf32>
  }

  pto.orchestration @main(%w: !pto.tensor<512x128xf32>,
                          %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %o) -> (!pto.tensor<128x128xf32>) {
      %c128 = arith.constant 128 : index
      %base = arith.muli %i, %c128 : index
      %tmp = pto.create : !pto.tensor<128x128xf32>
      %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
      %n = pto.call @layer(%w, %cur, %tmp, %wl, %i, %base)
          : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>, index, index) -> !pto.tensor<128x128xf32>
      scf.yield %n : !pto.tensor<128x128xf32>
    }
    pto.return
  }
}

// -----

// A task argument that is pto.dim of a literal extent, here of a
// region-local tensor: a literal, accepted as written and after the pipeline
// (which folds it and drops the create it was the only reader of).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @ks(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  // CHECK-LABEL: pto.graph @literal_dim(
  // CHECK-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  // CHECK:         scf.for
  // CHECK-NEXT:      %[[T:[a-z0-9_]+]] = pto.create : !pto.tensor<16xf32>
  // CHECK-NEXT:      %[[N:[a-z0-9_]+]] = pto.dim %[[T]], 0 : !pto.tensor<16xf32>
  // CHECK-NEXT:      pto.submit @ks(%[[O]], %[[N]])
  // LEGAL-LABEL: pto.graph @literal_dim(
  // LEGAL-SAME:      %[[O:[a-z0-9_]+]]: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  // LEGAL:         scf.for
  // LEGAL-NEXT:      %[[N:[a-z0-9_]+]] = arith.constant 16 : index
  // LEGAL-NEXT:      pto.submit @ks(%[[O]], %[[N]])
  pto.graph @literal_dim(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %tmp = pto.create : !pto.tensor<16xf32>
      %n = pto.dim %tmp, 0 : !pto.tensor<16xf32>
      %o1, %t = pto.submit @ks(%o, %n) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}

// Every Graph of the main legalization test, legalized then verified.
// MAIN-LABEL: pto.graph @layer(
// MAIN-LABEL: pto.graph @chain(
// MAIN-LABEL: pto.graph @renames(
// MAIN-LABEL: pto.graph @tiled(
// MAIN-LABEL: pto.graph @views(
// MAIN-LABEL: pto.graph @tied(
// MAIN-LABEL: pto.graph @alloc(
// MAIN-LABEL: pto.graph @layer(
// MAIN-LABEL: pto.graph @literal(
// MAIN-LABEL: pto.graph @multi(
// MAIN-LABEL: pto.graph @scoped(
// MAIN-LABEL: pto.graph @attrs(
// MAIN-LABEL: pto.graph @invariant(
// MAIN-LABEL: pto.graph @drop(
// MAIN-LABEL: pto.graph @extent(
// MAIN-LABEL: pto.orchestration @no_graph(

// DECODER-LABEL: pto.graph @layer(
// DECODER-NOT:     pto.create
// DECODER-LABEL: pto.orchestration @main(
// DECODER:         pto.create
// DECODER-NEXT:    scf.for
// DECODER-NEXT:    arith.constant 128 : index
// DECODER-NEXT:    arith.muli
// DECODER-NEXT:    pto.slice
// DECODER-NEXT:    pto.call @layer
