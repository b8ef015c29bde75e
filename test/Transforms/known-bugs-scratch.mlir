// Known bug of the Graph-boundary passes: not a lit test (no RUN line;
// excluded by lit.local.cfg). Remove this file and lit.local.cfg once fixed,
// moving the case into legalize-graph-boundary-errors.mlir and
// verify-graph-boundary-errors.mlir.

// A buffer chosen at run time by a boundary scalar (arith.select, and the
// same with scf.if, over two tensor parameters) is accepted when the view of
// it has a literal window, or when a task takes it directly. The fix for
// views of run-time-chosen buffers checks only the view's offsets and sizes,
// not the choice itself: replay patches the two parameters' addresses but
// does not re-evaluate %flag, so every call reuses the first call's choice
// (the docs: "Everything else is frozen"; pto-normalize-return-order already
// rejects returning such a buffer).
// Command: pto-opt --pto-graph-legalize-pipeline known-bugs-scratch.mlir
//          pto-opt --pto-verify-graph-boundary known-bugs-scratch.mlir
// Observed: exit 0 for both; the pipeline leaves the arith.select, the
//   pto.slice and both launches in the body unchanged.
// Expected: an error from the pass and from the verifier at the pto.slice
//   and at the second pto.submit (or at the arith.select): the buffer they
//   read is chosen from values that can differ between calls. Alternatively
//   the pass hoists the choice (%flag is a parameter) to the call site as a
//   new tensor parameter. A choice by a replay-invariant condition (a
//   constant-trip induction variable) stays legal
//   (legalize-graph-boundary.mlir, @invariant).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @use_all(%x: !pto.tensor<512x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w1: !pto.tensor<512x128xf32>, %w2: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %flag: i1) {
    %sel = arith.select %flag, %w1, %w2 : !pto.tensor<512x128xf32>
    %wl = pto.slice %sel[0, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %o2, %t2 = pto.submit @use_all(%sel, %o1) : (!pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
  pto.orchestration @main(%w1: !pto.tensor<512x128xf32>, %w2: !pto.tensor<512x128xf32>,
                          %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %true = arith.constant true
    %false = arith.constant false
    pto.call @g(%w1, %w2, %o, %true) : (!pto.tensor<512x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, i1) -> ()
    pto.call @g(%w1, %w2, %o, %false) : (!pto.tensor<512x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, i1) -> ()
    pto.return
  }
}
