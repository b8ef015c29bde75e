// Known bugs of the Graph-boundary passes: not a lit test (no RUN line).
// Each case gives the command, what happens and what should happen.
// Reproduce one case: pto-opt -split-input-file <flags> this file.

// BUG 1. Step A hoists every result of a multi-result arith op, records the
// op once per result and erases it twice (use after free, double free).
// Command: valgrind pto-opt --pto-legalize-graph-boundary
// Observed: correct-looking IR, exit 0, but valgrind reports
//   "Invalid read ... inside a block free'd by RewriterBase::eraseOp" and
//   "Invalid free()" in LegalizeGraphBoundaryPass::runOnOperation.
// Expected: the op is erased once; no memory error.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k2(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: i32, %t: i1)
  pto.graph @g(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %a: i32, %b: i32) {
    %sum, %ovf = arith.addui_extended %a, %b : i32, i1
    %o1, %t = pto.submit @k2(%o, %sum, %ovf) : (!pto.tensor<16xf32>, i32, i1) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @main(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %x: i32) {
    pto.call @g(%o, %x, %x) : (!pto.tensor<16xf32>, i32, i32) -> ()
    pto.return
  }
}

// -----

// BUG 2a. A view of a boundary tensor chosen at run time (scf.if over two
// tensor parameters) at a call-varying offset is neither hoisted nor
// rejected: provenance stops at the scf.if, so the view counts as
// region-local. Replay freezes the first call's window.
// Command: pto-opt --pto-graph-legalize-pipeline (and
//   --pto-verify-graph-boundary on the input or on the output)
// Observed: exit 0; `pto.slice %0 [%arg5, 0]` (arg5 = the hoisted base) stays
//   in the body; the verifier accepts it.
// Expected: an error at the slice from the pass and from the verifier (both
//   sources are boundary tensors, the offset reads a boundary scalar).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w1: !pto.tensor<512x128xf32>, %w2: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %idx: index, %flag: i1) {
    %c128 = arith.constant 128 : index
    %base = arith.muli %idx, %c128 : index
    %sel = scf.if %flag -> (!pto.tensor<512x128xf32>) {
      scf.yield %w1 : !pto.tensor<512x128xf32>
    } else {
      scf.yield %w2 : !pto.tensor<512x128xf32>
    }
    %wl = pto.slice %sel[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<512x128xf32>, %o: !pto.tensor<128x128xf32>, %n: index, %f: i1) {
    pto.call @g(%w, %w, %o, %n, %f) : (!pto.tensor<512x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<128x128xf32>, index, i1) -> ()
    pto.return
  }
}

// -----

// BUG 2b. Same with arith.select over two tensor parameters and the scalar
// parameter itself as the offset.
// Command: pto-opt --pto-graph-legalize-pipeline; pto-opt --pto-verify-graph-boundary
// Observed: exit 0 for both. Expected: an error at the slice.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w1: !pto.tensor<512x128xf32>, %w2: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %idx: index, %flag: i1) {
    %sel = arith.select %flag, %w1, %w2 : !pto.tensor<512x128xf32>
    %wl = pto.slice %sel[%idx, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// BUG 3a. A Graph that calls itself: the pass skips every Graph with a
// caller inside a Graph, and the only Graph that could report the call is
// the skipped one.
// Command: pto-opt --pto-legalize-graph-boundary (or the pipeline)
// Observed: exit 1 and no diagnostic at all.
// Expected: "'pto.call' op calls Graph @g from Graph @g: the runtime cannot
//   record a Graph while recording another" (the verifier does report it).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.graph @g(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    pto.call @g(%o) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// BUG 3b. Same with two Graphs calling each other.
// Observed: exit 1, no diagnostic. Expected: one error per call.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.graph @a(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    pto.call @b(%o) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
  pto.graph @b(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    pto.call @a(%o) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// BUG 4. A create inside a pto.scope at the top level of the body runs once
// per call (no loop, no branch) but Step C only looks at the entry block:
// it is neither hoisted nor reported, and the verifier accepts it.
// Command: pto-opt --pto-graph-legalize-pipeline
// Observed: exit 0, the create stays in the scope (graph-heap allocation per
//   submission).
// Expected: hoisted to an inout parameter allocated at the call site (only
//   full and creates under a loop are left in place), or at least rejected
//   by the pass and the verifier.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<16xf32>) {
    pto.scope manual {
      %tmp = pto.create : !pto.tensor<16xf32>
      %t1, %id1 = pto.submit @k(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %t2, %id2 = pto.submit @k(%t1, %tmp) deps(%id1 : !pto.task_id) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield
    }
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32>) {
    pto.call @g(%x) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// BUG 5. Call sites keep their old arg_attrs when parameters are inserted:
// the array is shorter than the operand list and misaligned (the hoisted
// inout allocation at position 1 now has the scalar's `{}`).
// Command: pto-opt --pto-graph-legalize-pipeline
// Observed: pto.call @g(%arg0, %0, %arg1) {arg_attrs = [{pto.direction =
//   #pto.direction<in>}, {}]}
// Expected: one entry per argument, the new one carrying the parameter's
//   direction (the pass re-declares CallDirectionsResolved).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @g(%x: !pto.tensor<16xf32>, %idx: index) {
    %tmp = pto.create : !pto.tensor<16xf32>
    %o1, %t = pto.submit @k(%x, %tmp, %idx) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32>, %n: index) {
    pto.call @g(%x, %n) {arg_attrs = [{pto.direction = #pto.direction<in>}, {}]} : (!pto.tensor<16xf32>, index) -> ()
    pto.return
  }
}

// -----

// BUG 6. The node count reads a constant trip count with getSExtValue and
// clamps at 0, so a trip count of 2^63 or more (an unsigned i64 loop) counts
// as 0 nodes instead of saturating.
// Command: pto-opt --pto-graph-legalize-pipeline
// Observed: exit 0 (counted as 1 node).
// Expected: "'pto.graph' op records 18446744073709551616... nodes" (or a
//   saturated count) and a failure: the runtime accepts at most 1024.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.graph @g(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %cm1 = arith.constant -1 : i64
    scf.for unsigned %i = %c0 to %cm1 step %c1 : i64 {
      %t = pto.task_dummy
    }
    %t2 = pto.task_dummy
    pto.return
  }
}

// -----

// BUG 7. A task argument that varies between calls is rejected without
// naming the value (the spec asks for a message naming the variable; Step B
// attaches "this value varies between calls" at the definition, the launch
// check attaches nothing).
// Command: pto-opt --pto-legalize-graph-boundary
// Observed: only "'pto.submit' op passes scalar argument #1 computed in
//   Graph @g from values that can differ between calls ...".
// Expected: the same error plus a note at `%n` (or its name in the message).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @ks(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @g(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %lens: !pto.tensor<8xi32>) {
    %v = pto.read %lens[0] : !pto.tensor<8xi32>
    %n = arith.index_cast %v : i32 to index loc("n")
    %o1, %t = pto.submit @ks(%o, %n) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// BUG 8 (minor). pto.dim of a tensor with a static extent is a literal, but
// only pto.dim of a boundary parameter is a replay-invariant seed: passing it
// to a task is rejected as "values that can differ between calls".
// Command: pto-opt --pto-legalize-graph-boundary
// Observed: "'pto.submit' op passes scalar argument #1 computed in Graph @g
//   from values that can differ between calls ...".
// Expected: accepted (the value is 16 on every call).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @ks(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @g(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
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
