// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-legalize-graph-boundary
// Diagnostics come out in the same order with and without threads.
// RUN: not pto-opt %s -split-input-file --pto-graph-legalize-pipeline 2> %t.threads
// RUN: not pto-opt %s -split-input-file --pto-graph-legalize-pipeline --mlir-disable-threading 2> %t.serial
// RUN: diff %t.threads %t.serial

// Each boundary the host_build_graph runtime cannot record and replay is
// rejected at the op that makes it so.

// A scalar read with pto.read used as a view offset: neither hoistable nor
// replay-invariant.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%w: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %lens: !pto.tensor<8xi32>) {
    %v = pto.read %lens[0] : !pto.tensor<8xi32>
    // expected-note@+1 {{this value varies between calls}}
    %off = arith.index_cast %v : i32 to index
    // expected-error@+1 {{'pto.slice' op takes a view of boundary tensor #0 of Graph @g whose window can differ between calls but cannot be rebuilt at the call site: replay would reuse the first call's offset}}
    %wl = pto.slice %w[%off, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t = pto.submit @k(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A scalar read with pto.read passed to a task: the error names the
// argument's position, a note points at the op that computes it.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %lens: !pto.tensor<8xi32>) {
    %v = pto.read %lens[0] : !pto.tensor<8xi32>
    // expected-note@+1 {{the argument is computed here}}
    %n = arith.index_cast %v : i32 to index
    // expected-error@+1 {{'pto.submit' op passes scalar argument #1 computed in Graph @g from values that can differ between calls and that its callers cannot recompute: replay would reuse the first call's value}}
    %o1, %t = pto.submit @ks(%o, %n) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A view whose shape reads a scalar parameter: [rows, 128].
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @kd(%y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>}, %rows: index) {
    // expected-error@+1 {{'pto.slice' op takes a view of boundary tensor #0 of Graph @g whose shape reads a boundary scalar: replay would apply the first call's shape to every call}}
    %wl = pto.slice %w[0, 0] [%rows, 128] : !pto.tensor<512x128xf32> to !pto.tensor<?x128xf32>
    %w1, %t = pto.submit @kd(%wl) : (!pto.tensor<?x128xf32>) -> !pto.tensor<?x128xf32>
    pto.return
  }
}

// -----

// A view at `layer_idx + i * 128` (i a constant-trip induction variable): a
// mix of a patched scalar and a frozen one.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%w: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %layer_idx: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %m = arith.muli %i, %c128 : index
      // expected-note@+1 {{this value varies between calls}}
      %off = arith.addi %layer_idx, %m : index
      // expected-error@+1 {{'pto.slice' op takes a view of boundary tensor #0 of Graph @g whose window can differ between calls but cannot be rebuilt at the call site: replay would reuse the first call's offset}}
      %wl = pto.slice %w[%off, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
      %o1, %t = pto.submit @k(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    }
    pto.return
  }
}

// -----

// The same mix passed to a task.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %layer_idx: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %m = arith.muli %i, %c128 : index
      // expected-note@+1 {{the argument is computed here}}
      %off = arith.addi %layer_idx, %m : index
      // expected-error@+1 {{'pto.submit' op passes scalar argument #1 computed in Graph @g from values that can differ between calls}}
      %o1, %t = pto.submit @ks(%o, %off) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    }
    pto.return
  }
}

// -----

// A view built on a view that stays in the body (its offset is a loop
// induction variable) cannot be hoisted; at a call-varying offset it is
// rejected.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @kh(%x: !pto.tensor<64x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %idx: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    scf.for %i = %c0 to %c2 step %c1 {
      %off = arith.muli %i, %c128 : index
      %wi = pto.slice %w[%off, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
      // expected-error@+1 {{'pto.slice' op takes a view of boundary tensor #0 of Graph @g whose window can differ between calls but cannot be rebuilt at the call site (it is built on a view that stays in the body): replay would reuse the first call's offset}}
      %wh = pto.slice %wi[%idx, 0] [64, 128] : !pto.tensor<128x128xf32> to !pto.tensor<64x128xf32>
      %o1, %t = pto.submit @kh(%wh, %o) : (!pto.tensor<64x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    }
    pto.return
  }
}

// -----

// An allocation of shape [n] (dynamic) that the call site cannot make: under
// a loop (one buffer per iteration, which only a literal shape can stack),
// and sized by a value the body reads from a tensor. (One sized by a
// boundary scalar becomes a boundary tensor: legalize-graph-boundary.mlir.)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @kd(%y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    // expected-note@+1 {{it runs once per iteration or branch of this op: the call site can allocate one buffer per call, and stack windows per iteration only for a literal shape}}
    scf.for %i = %c0 to %c2 step %c1 {
      // expected-error@+1 {{'pto.create' op allocates '!pto.tensor<?x128xf32>' in Graph @g: an allocation's shape must be a compile-time constant, since recording copies it into the node and replay would reuse the first call's shape}}
      %b = pto.create(%n) : !pto.tensor<?x128xf32>
      %b1, %t = pto.submit @kd(%b) : (!pto.tensor<?x128xf32>) -> !pto.tensor<?x128xf32>
    }
    pto.return
  }
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @kd(%y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %lens: !pto.tensor<4xi32>) {
    %l = pto.read %lens[0] : !pto.tensor<4xi32>
    // expected-note@+1 {{the call site cannot compute this size: it is not derived from the Graph's scalar parameters and tensor extents alone}}
    %n = arith.index_cast %l : i32 to index
    // expected-error@+1 {{'pto.create' op allocates '!pto.tensor<?x128xf32>' in Graph @g: an allocation's shape must be a compile-time constant, since recording copies it into the node and replay would reuse the first call's shape}}
    %b = pto.create(%n) : !pto.tensor<?x128xf32>
    %b1, %t = pto.submit @kd(%b) : (!pto.tensor<?x128xf32>) -> !pto.tensor<?x128xf32>
    pto.return
  }
}

// -----

// pto.full has no lowering.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %z = arith.constant 0.0 : f32
    // expected-error@+1 {{'pto.full' op is not supported in a Graph: orchestration code generation has no lowering for it}}
    %b = pto.full %z : !pto.tensor<128x128xf32>
    %o1, %t = pto.submit @k(%b, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A Graph with no tensor parameter.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  // expected-error@+1 {{'pto.graph' op has no tensor parameter: a Graph with an empty boundary has nothing to patch on replay, and the runtime refuses to cache it}}
  pto.graph @g(%n: index) {
    %t = pto.task_dummy
    pto.return
  }
}

// -----

// A Graph returning a computed dim.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @kd(%y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%o: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<inout>}) -> index {
    %o1, %t = pto.submit @kd(%o) : (!pto.tensor<?x128xf32>) -> !pto.tensor<?x128xf32>
    %d = pto.dim %o, 0 : !pto.tensor<?x128xf32>
    // expected-error@+1 {{'pto.return' op returns at position 0 a scalar from Graph @g: a Graph launch hands back only the buffers it was passed, never a value}}
    pto.return %d : index
  }
}

// -----

// A Graph returning a tensor that is not one of its parameters (a launch's
// runtime-allocated output).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @mk(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.graph @g(%x: !pto.tensor<16xf32>) -> !pto.tensor<16xf32> {
    %y, %t = pto.submit @mk(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    // expected-error@+1 {{'pto.return' op returns at position 0 a value that is not a parameter of @g: a Graph launch yields a valid task id only on a cache hit, so a caller may only get back the buffers it passed in}}
    pto.return %y : !pto.tensor<16xf32>
  }
}

// -----

// A launch inside a 2000-trip loop records 2000 nodes.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  // expected-error@+1 {{'pto.graph' op records 2000 nodes (each launch once per loop iteration, allocations in batches of 16): the runtime accepts 1 to 1024 (GRAPH_MAX_NODES)}}
  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2000 = arith.constant 2000 : index
    scf.for %i = %c0 to %c2000 step %c1 {
      %o1, %t = pto.submit @ks(%o, %i) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    }
    pto.return
  }
}

// -----

// Nested constant-trip loops multiply: 2 x 513 dummy tasks.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  // expected-error@+1 {{'pto.graph' op records 1026 nodes}}
  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c513 = arith.constant 513 : index
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c513 step %c1 {
        %t = pto.task_dummy
      }
    }
    pto.return
  }
}

// -----

// A launch inside a loop bounded by a scalar parameter.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note@+1 {{inside this loop, whose bounds or step are not all literals}}
    scf.for %i = %c0 to %n step %c1 {
      // expected-error@+1 {{'pto.submit' op launches a task a number of times that can differ between calls of Graph @g: the recording fixes the topology on the first call and replays it unchanged}}
      %o1, %t = pto.submit @ks(%o, %c0) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    }
    pto.return
  }
}

// -----

// A launch under scf.if.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %f: i1) {
    %c0 = arith.constant 0 : index
    // expected-note@+1 {{inside this branch}}
    scf.if %f {
      // expected-error@+1 {{'pto.submit' op launches a task a number of times that can differ between calls of Graph @g}}
      %o1, %t = pto.submit @ks(%o, %c0) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    }
    pto.return
  }
}

// -----

// A dummy task under scf.while.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note@+1 {{inside this while loop}}
    %r = scf.while (%a = %c0) : (index) -> index {
      %cond = arith.cmpi slt, %a, %n : index
      scf.condition(%cond) %a : index
    } do {
    ^bb0(%b: index):
      // expected-error@+1 {{'pto.task_dummy' op launches a task a number of times that can differ between calls of Graph @g}}
      %t = pto.task_dummy
      %b1 = arith.addi %b, %c1 : index
      scf.yield %b1 : index
    }
    pto.return
  }
}

// -----

// An allocation under scf.if.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %f: i1) {
    %c0 = arith.constant 0 : index
    // expected-note@+1 {{inside this branch}}
    scf.if %f {
      // expected-error@+1 {{'pto.create' op allocates a tensor a number of times that can differ between calls of Graph @g: the recording fixes the topology on the first call and replays it unchanged}}
      %tmp = pto.create : !pto.tensor<128x128xf32>
    }
    %o1, %t1 = pto.submit @ks(%o, %c0) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// Two Graphs, one rejected while it is planned (@first: a view that
// cannot move) and one when the legalized body is checked (@second: no
// node). The RUN lines above compare the order with and without threads:
// every Graph's planning diagnostics, then every Graph's checks.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})

  // expected-error@+1 {{'pto.graph' op records 0 nodes}}
  pto.graph @second(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    pto.return
  }

  pto.graph @first(%w: !pto.tensor<512x128xf32>,
                   %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                   %lens: !pto.tensor<8xi32>) {
    %v = pto.read %lens[0] : !pto.tensor<8xi32>
    // expected-note@+1 {{this value varies between calls}}
    %off = arith.index_cast %v : i32 to index
    // expected-error@+1 {{'pto.slice' op takes a view of boundary tensor #0 of Graph @first whose window can differ between calls}}
    %wl = pto.slice %w[%off, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t = pto.submit @k(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// An empty body records no node.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  // expected-error@+1 {{'pto.graph' op records 0 nodes (each launch once per loop iteration, allocations in batches of 16): the runtime accepts 1 to 1024 (GRAPH_MAX_NODES)}}
  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    pto.return
  }
}

// -----

// Barriers over task ids that may all be invalid are not submitted: a body
// of nothing else may record no node. (One barrier over nothing, or over a
// launch's id, is always submitted: @fine records 2 nodes.)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  // expected-error@+1 {{'pto.graph' op may record no node: each of its nodes is a barrier whose dependencies may all be invalid task ids, and such a barrier is not submitted; the runtime accepts 1 to 1024 nodes (GRAPH_MAX_NODES)}}
  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %none = pto.invalid_task_id
    %b = pto.task_dummy deps(%none : !pto.task_id)
    %b2 = pto.task_dummy deps(%b : !pto.task_id)
    pto.return
  }
  pto.graph @fine(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %o1, %t = pto.submit @ks(%o, %c0) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    %b = pto.task_dummy deps(%t : !pto.task_id)
    pto.return
  }
}

// -----

// A Graph calling a Graph.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @inner(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    pto.return
  }
  pto.graph @outer(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    // expected-error@+1 {{'pto.call' op calls Graph @inner from Graph @outer: the runtime cannot record a Graph while recording another}}
    pto.call @inner(%o) : (!pto.tensor<128x128xf32>) -> ()
    pto.return
  }
}

// -----

// A core_num that is not a literal.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'pto.submit' op has a core_num that is not a literal: a Graph's recorded launches are fixed}}
    %o1, %t = pto.submit @ks(%o, %c0) core_num(%n) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// 60 scalar parameters fit; 5 derived scalars hoisted by Step A make 65
// (the parameters they derive from stay: a task reads them too).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @k5(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
                     %a: index, %b: index, %c: index, %d: index, %e: index)
  // expected-error@+2 {{'pto.graph' op has 65 scalar parameters: the runtime accepts at most 64 (GRAPH_MAX_SCALAR_ARGS)}}
  // expected-note@+1 {{5 of them were added by the legalization: values the body computed from its scalar parameters, which every call now computes and passes (#pto.hoisted<scalar>); 60 are the Graph's own}}
  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %s0: index, %s1: index, %s2: index, %s3: index, %s4: index, %s5: index, %s6: index, %s7: index, %s8: index, %s9: index,
               %s10: index, %s11: index, %s12: index, %s13: index, %s14: index, %s15: index, %s16: index, %s17: index, %s18: index, %s19: index,
               %s20: index, %s21: index, %s22: index, %s23: index, %s24: index, %s25: index, %s26: index, %s27: index, %s28: index, %s29: index,
               %s30: index, %s31: index, %s32: index, %s33: index, %s34: index, %s35: index, %s36: index, %s37: index, %s38: index, %s39: index,
               %s40: index, %s41: index, %s42: index, %s43: index, %s44: index, %s45: index, %s46: index, %s47: index, %s48: index, %s49: index,
               %s50: index, %s51: index, %s52: index, %s53: index, %s54: index, %s55: index, %s56: index, %s57: index, %s58: index, %s59: index) {
    %c2 = arith.constant 2 : index
    %d0 = arith.muli %s0, %c2 : index
    %d1 = arith.muli %s1, %c2 : index
    %d2 = arith.muli %s2, %c2 : index
    %d3 = arith.muli %s3, %c2 : index
    %d4 = arith.muli %s4, %c2 : index
    %o1, %t = pto.submit @k5(%o, %d0, %d1, %d2, %d3, %d4)
        : (!pto.tensor<128x128xf32>, index, index, index, index, index) -> !pto.tensor<128x128xf32>
    %o2, %t2 = pto.submit @k5(%o1, %s0, %s1, %s2, %s3, %s4)
        : (!pto.tensor<128x128xf32>, index, index, index, index, index) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// 17 creates and one launch per iteration of a 342-trip loop: two
// alloc_tensors batches and one launch each, 3 x 342 = 1026 nodes. The
// creates are column-major, which no stacked buffer could hold, so they stay
// in the body.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @k16(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16x1xf32, dn> {pto.direction = #pto.direction<inout>})
  // expected-error@+1 {{'pto.graph' op records 1026 nodes (each launch once per loop iteration, allocations in batches of 16)}}
  pto.graph @g(%x: !pto.tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c342 = arith.constant 342 : index
    scf.for %i = %c0 to %c342 step %c1 {
      %b0 = pto.create : !pto.tensor<16x1xf32, dn>
      %b1 = pto.create : !pto.tensor<16x1xf32, dn>
      %b2 = pto.create : !pto.tensor<16x1xf32, dn>
      %b3 = pto.create : !pto.tensor<16x1xf32, dn>
      %b4 = pto.create : !pto.tensor<16x1xf32, dn>
      %b5 = pto.create : !pto.tensor<16x1xf32, dn>
      %b6 = pto.create : !pto.tensor<16x1xf32, dn>
      %b7 = pto.create : !pto.tensor<16x1xf32, dn>
      %b8 = pto.create : !pto.tensor<16x1xf32, dn>
      %b9 = pto.create : !pto.tensor<16x1xf32, dn>
      %b10 = pto.create : !pto.tensor<16x1xf32, dn>
      %b11 = pto.create : !pto.tensor<16x1xf32, dn>
      %b12 = pto.create : !pto.tensor<16x1xf32, dn>
      %b13 = pto.create : !pto.tensor<16x1xf32, dn>
      %b14 = pto.create : !pto.tensor<16x1xf32, dn>
      %b15 = pto.create : !pto.tensor<16x1xf32, dn>
      %b16 = pto.create : !pto.tensor<16x1xf32, dn>
      %o, %t = pto.submit @k16(%x, %b0) : (!pto.tensor<16xf32>, !pto.tensor<16x1xf32, dn>) -> (!pto.tensor<16x1xf32, dn>)
    }
    pto.return
  }
}

// -----

// 128 tensor parameters fit; two views at call-varying offsets hoisted by
// Step B make 129, with `w` (read only through them) dropped. None of them
// is an allocation of the body, so no arena can take them: the note says so.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k32(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-note@+2 {{129 of them are the callers' tensors and views of them, which cannot be packed: only the buffers the body allocates share arenas (one per element type), and the rest name memory the callers own}}
  // expected-error@+1 {{'pto.graph' op has 129 tensor parameters: the runtime accepts at most 128 (GRAPH_MAX_TENSOR_ARGS)}}
  pto.graph @g(%w: !pto.tensor<32xf32> {pto.direction = #pto.direction<inout>},
               %t0: !pto.tensor<16xf32>, %t1: !pto.tensor<16xf32>, %t2: !pto.tensor<16xf32>, %t3: !pto.tensor<16xf32>, %t4: !pto.tensor<16xf32>, %t5: !pto.tensor<16xf32>,
               %t6: !pto.tensor<16xf32>, %t7: !pto.tensor<16xf32>, %t8: !pto.tensor<16xf32>, %t9: !pto.tensor<16xf32>, %t10: !pto.tensor<16xf32>, %t11: !pto.tensor<16xf32>,
               %t12: !pto.tensor<16xf32>, %t13: !pto.tensor<16xf32>, %t14: !pto.tensor<16xf32>, %t15: !pto.tensor<16xf32>, %t16: !pto.tensor<16xf32>, %t17: !pto.tensor<16xf32>,
               %t18: !pto.tensor<16xf32>, %t19: !pto.tensor<16xf32>, %t20: !pto.tensor<16xf32>, %t21: !pto.tensor<16xf32>, %t22: !pto.tensor<16xf32>, %t23: !pto.tensor<16xf32>,
               %t24: !pto.tensor<16xf32>, %t25: !pto.tensor<16xf32>, %t26: !pto.tensor<16xf32>, %t27: !pto.tensor<16xf32>, %t28: !pto.tensor<16xf32>, %t29: !pto.tensor<16xf32>,
               %t30: !pto.tensor<16xf32>, %t31: !pto.tensor<16xf32>, %t32: !pto.tensor<16xf32>, %t33: !pto.tensor<16xf32>, %t34: !pto.tensor<16xf32>, %t35: !pto.tensor<16xf32>,
               %t36: !pto.tensor<16xf32>, %t37: !pto.tensor<16xf32>, %t38: !pto.tensor<16xf32>, %t39: !pto.tensor<16xf32>, %t40: !pto.tensor<16xf32>, %t41: !pto.tensor<16xf32>,
               %t42: !pto.tensor<16xf32>, %t43: !pto.tensor<16xf32>, %t44: !pto.tensor<16xf32>, %t45: !pto.tensor<16xf32>, %t46: !pto.tensor<16xf32>, %t47: !pto.tensor<16xf32>,
               %t48: !pto.tensor<16xf32>, %t49: !pto.tensor<16xf32>, %t50: !pto.tensor<16xf32>, %t51: !pto.tensor<16xf32>, %t52: !pto.tensor<16xf32>, %t53: !pto.tensor<16xf32>,
               %t54: !pto.tensor<16xf32>, %t55: !pto.tensor<16xf32>, %t56: !pto.tensor<16xf32>, %t57: !pto.tensor<16xf32>, %t58: !pto.tensor<16xf32>, %t59: !pto.tensor<16xf32>,
               %t60: !pto.tensor<16xf32>, %t61: !pto.tensor<16xf32>, %t62: !pto.tensor<16xf32>, %t63: !pto.tensor<16xf32>, %t64: !pto.tensor<16xf32>, %t65: !pto.tensor<16xf32>,
               %t66: !pto.tensor<16xf32>, %t67: !pto.tensor<16xf32>, %t68: !pto.tensor<16xf32>, %t69: !pto.tensor<16xf32>, %t70: !pto.tensor<16xf32>, %t71: !pto.tensor<16xf32>,
               %t72: !pto.tensor<16xf32>, %t73: !pto.tensor<16xf32>, %t74: !pto.tensor<16xf32>, %t75: !pto.tensor<16xf32>, %t76: !pto.tensor<16xf32>, %t77: !pto.tensor<16xf32>,
               %t78: !pto.tensor<16xf32>, %t79: !pto.tensor<16xf32>, %t80: !pto.tensor<16xf32>, %t81: !pto.tensor<16xf32>, %t82: !pto.tensor<16xf32>, %t83: !pto.tensor<16xf32>,
               %t84: !pto.tensor<16xf32>, %t85: !pto.tensor<16xf32>, %t86: !pto.tensor<16xf32>, %t87: !pto.tensor<16xf32>, %t88: !pto.tensor<16xf32>, %t89: !pto.tensor<16xf32>,
               %t90: !pto.tensor<16xf32>, %t91: !pto.tensor<16xf32>, %t92: !pto.tensor<16xf32>, %t93: !pto.tensor<16xf32>, %t94: !pto.tensor<16xf32>, %t95: !pto.tensor<16xf32>,
               %t96: !pto.tensor<16xf32>, %t97: !pto.tensor<16xf32>, %t98: !pto.tensor<16xf32>, %t99: !pto.tensor<16xf32>, %t100: !pto.tensor<16xf32>, %t101: !pto.tensor<16xf32>,
               %t102: !pto.tensor<16xf32>, %t103: !pto.tensor<16xf32>, %t104: !pto.tensor<16xf32>, %t105: !pto.tensor<16xf32>, %t106: !pto.tensor<16xf32>, %t107: !pto.tensor<16xf32>,
               %t108: !pto.tensor<16xf32>, %t109: !pto.tensor<16xf32>, %t110: !pto.tensor<16xf32>, %t111: !pto.tensor<16xf32>, %t112: !pto.tensor<16xf32>, %t113: !pto.tensor<16xf32>,
               %t114: !pto.tensor<16xf32>, %t115: !pto.tensor<16xf32>, %t116: !pto.tensor<16xf32>, %t117: !pto.tensor<16xf32>, %t118: !pto.tensor<16xf32>, %t119: !pto.tensor<16xf32>,
               %t120: !pto.tensor<16xf32>, %t121: !pto.tensor<16xf32>, %t122: !pto.tensor<16xf32>, %t123: !pto.tensor<16xf32>, %t124: !pto.tensor<16xf32>, %t125: !pto.tensor<16xf32>,
               %t126: !pto.tensor<16xf32>, %n: index) {
    %c16 = arith.constant 16 : index
    %n16 = arith.addi %n, %c16 : index
    %lo = pto.slice %w[%n] [16] : !pto.tensor<32xf32> to !pto.tensor<16xf32>
    %hi = pto.slice %w[%n16] [16] : !pto.tensor<32xf32> to !pto.tensor<16xf32>
    %hi1, %t = pto.submit @k32(%lo, %hi) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// A view of a buffer chosen at run time (scf.if between two tensor
// parameters) at a call-varying offset: the call site has no single buffer
// to take the view of, so the view must be replay-invariant to stay.
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
    // expected-error@+1 {{'pto.slice' op takes a view of boundary tensor #0 of Graph @g whose window can differ between calls but cannot be rebuilt at the call site}}
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

// The same with arith.select, the scalar parameter itself as the offset.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})

  pto.graph @g(%w1: !pto.tensor<512x128xf32>, %w2: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %idx: index, %flag: i1) {
    %sel = arith.select %flag, %w1, %w2 : !pto.tensor<512x128xf32>
    // expected-error@+1 {{'pto.slice' op takes a view of boundary tensor #0 of Graph @g whose window can differ between calls but cannot be rebuilt at the call site}}
    %wl = pto.slice %sel[%idx, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A Graph calling itself.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.graph @g(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    // expected-error@+1 {{'pto.call' op calls Graph @g from Graph @g: the runtime cannot record a Graph while recording another}}
    pto.call @g(%o) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// Two Graphs calling each other, one also called from the orchestration:
// one error per call.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.graph @a(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    // expected-error@+1 {{'pto.call' op calls Graph @b from Graph @a: the runtime cannot record a Graph while recording another}}
    pto.call @b(%o) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
  pto.graph @b(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    // expected-error@+1 {{'pto.call' op calls Graph @a from Graph @b: the runtime cannot record a Graph while recording another}}
    pto.call @a(%o) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
  pto.orchestration @main(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @a(%o) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// An unsigned loop from 0 to 2^64 - 1: the node count saturates instead of
// wrapping (it used to count 0 launches in the loop).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // expected-error@+1 {{'pto.graph' op records 9223372036854775807 nodes (each launch once per loop iteration, allocations in batches of 16): the runtime accepts 1 to 1024 (GRAPH_MAX_NODES)}}
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

// Nested loops of 2^32 trips each: the product saturates too.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // expected-error@+1 {{'pto.graph' op records 9223372036854775807 nodes}}
  pto.graph @g(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %big = arith.constant 4294967296 : i64
    scf.for %i = %c0 to %big step %c1 : i64 {
      scf.for %j = %c0 to %big step %c1 : i64 {
        %t = pto.task_dummy
      }
    }
    pto.return
  }
}

// -----

// A buffer chosen among boundary tensors by a boundary scalar: replay
// patches both tensors' addresses but does not re-evaluate the choice.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @use_all(%x: !pto.tensor<512x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w1: !pto.tensor<512x128xf32>, %w2: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %flag: i1) {
    // expected-note@+1 {{the buffer is chosen here}}
    %sel = arith.select %flag, %w1, %w2 : !pto.tensor<512x128xf32>
    // expected-error@+1 {{'pto.slice' op reads a tensor chosen among boundary tensors of Graph @g by a value that can differ between calls: replay would reuse the buffer the first call chose}}
    %wl = pto.slice %sel[0, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    // expected-error@+1 {{'pto.submit' op reads a tensor chosen among boundary tensors of Graph @g by a value that can differ between calls}}
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

// -----

// Replay re-derives no view: every view left in a Graph body is frozen at the
// first call's window, whatever buffer it is a window of. A view of a
// launch's runtime-allocated output (a buffer the call site cannot name) at
// an offset read from a scalar parameter stays in the body, so it is
// rejected (it used to be accepted, and every replay read call 1's rows).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%x: !pto.tensor<8x16xf32>, %o: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%a: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %p: index) -> !pto.tensor<8x16xf32> {
    %t, %id0 = pto.submit @fill(%x) : (!pto.tensor<8x16xf32>) -> !pto.tensor<64x16xf32>
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    %v = pto.slice %t[%p, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
    %c2, %id1 = pto.submit @acc(%v, %c) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return %c : !pto.tensor<8x16xf32>
  }
  pto.orchestration @main(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %r = pto.call @g(%x, %c, %i) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>, index) -> !pto.tensor<8x16xf32>
    }
    pto.return
  }
}

// -----

// The same with an extent read from a scalar parameter: replay would apply
// the first call's shape.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%x: !pto.tensor<8x16xf32>, %o: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%a: !pto.tensor<?x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %p: index) -> !pto.tensor<8x16xf32> {
    %t, %id0 = pto.submit @fill(%x) : (!pto.tensor<8x16xf32>) -> !pto.tensor<64x16xf32>
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    %v = pto.slice %t[0, 0] [%p, 16] : !pto.tensor<64x16xf32> to !pto.tensor<?x16xf32>
    %c2, %id1 = pto.submit @acc(%v, %c) : (!pto.tensor<?x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return %c : !pto.tensor<8x16xf32>
  }
}

// -----

// A view of a create inside a constant-trip loop (the create stays: a fresh
// buffer per iteration) at an offset derived from a scalar parameter: the
// derived offset is hoisted to a parameter, the view keeps reading it, and
// is rejected.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%x: !pto.tensor<8x16xf32>, %o: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%a: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %p: index) -> !pto.tensor<8x16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %off = arith.muli %p, %c8 : index
    scf.for %i = %c0 to %c1 step %c1 {
      %t = pto.create : !pto.tensor<64x16xf32>
      %t1, %id0 = pto.submit @fill(%x, %t) : (!pto.tensor<8x16xf32>, !pto.tensor<64x16xf32>) -> !pto.tensor<64x16xf32>
      // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
      %v = pto.slice %t1[%off, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
      %c2, %id1 = pto.submit @acc(%v, %c) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    }
    pto.return %c : !pto.tensor<8x16xf32>
  }
  pto.orchestration @main(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %r = pto.call @g(%x, %c, %n) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>, index) -> !pto.tensor<8x16xf32>
    pto.return
  }
}

// -----

// What legalize-graph-boundary.mlir @views used to accept: a view of a
// region-local create at the scalar parameter itself. (The hoisted views of
// `w` are fine; the error is the local view.)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<64x128xf32>,
                      %y: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>})

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
      // expected-error@+1 {{'pto.slice' op takes, in Graph @views, a view whose window can differ between calls: replay reuses the window of the first call}}
      %lv = pto.slice %loc[%idx, 0] [64, 128] : !pto.tensor<256x128xf32> to !pto.tensor<64x128xf32>
      %lv1, %t0 = pto.submit @use(%wr, %lv) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>) -> !pto.tensor<64x128xf32>
      %o1, %t1 = pto.submit @use(%lv1, %o) : (!pto.tensor<64x128xf32>, !pto.tensor<64x128xf32>) -> !pto.tensor<64x128xf32>
    }
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<512x128xf32>,
                          %o: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>},
                          %n: index) {
    pto.call @views(%w, %o, %n) : (!pto.tensor<512x128xf32>, !pto.tensor<64x128xf32>, index) -> ()
    pto.return
  }
}

// -----

// A local view whose offset is computed in the body from a value read with
// pto.read: the error points at the computation too.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%x: !pto.tensor<8x16xf32>, %o: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%a: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
               %lens: !pto.tensor<4xi32>) -> !pto.tensor<8x16xf32> {
    %n = pto.read %lens[0] : !pto.tensor<4xi32>
    // expected-note@+1 {{the window depends on this value}}
    %off = arith.index_cast %n : i32 to index
    %t, %id0 = pto.submit @fill(%x) : (!pto.tensor<8x16xf32>) -> !pto.tensor<64x16xf32>
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    %v = pto.slice %t[%off, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
    %c2, %id1 = pto.submit @acc(%v, %c) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return %c : !pto.tensor<8x16xf32>
  }
}

// -----

// Construction (pto.read) of a boundary tensor that a task of the same
// Graph writes: the tasks run after the construction, so the value does not
// exist yet.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @setf(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @acc(%a: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
               %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<8x16xf32> {
    %f1, %id0 = pto.submit @setf(%x, %f) : (!pto.tensor<8x16xf32>, !pto.tensor<4xi32>) -> !pto.tensor<4xi32>
    // expected-error@+1 {{'pto.read' op reads, while Graph @g is recorded, a tensor a task of the Graph writes: its contents do not exist before the Graph's tasks run}}
    %n = pto.read %f1[0] : !pto.tensor<4xi32>
    %z = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %n, %z : i32
    scf.if %pos {
    }
    %c2, %id1 = pto.submit @acc(%x, %c) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return %c : !pto.tensor<8x16xf32>
  }
  pto.orchestration @main(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
                          %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) {
    %r = pto.call @g(%x, %c, %f) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>, !pto.tensor<4xi32>) -> !pto.tensor<8x16xf32>
    pto.return
  }
}

// -----

// The same for buffers that are not boundary tensors: a launch's
// runtime-allocated output, a create in a loop. (A read of the boundary
// tensor `lens`, which no task writes, is fine.)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @mk(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @ks(%c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %s: i32)
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
               %lens: !pto.tensor<4xi32>) -> !pto.tensor<8x16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f, %id0 = pto.submit @mk(%x) : (!pto.tensor<8x16xf32>) -> !pto.tensor<4xi32>
    // expected-error@+1 {{'pto.read' op reads, while Graph @g is recorded, a buffer the Graph allocates or a task produces: its contents do not exist before the Graph's tasks run}}
    %a = pto.read %f[0] : !pto.tensor<4xi32>
    %l = pto.read %lens[1] : !pto.tensor<4xi32>
    %z = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %l, %z : i32
    scf.if %pos {
    }
    scf.for %i = %c0 to %c1 step %c1 {
      %t = pto.create : !pto.tensor<4xi32>
      // expected-error@+1 {{'pto.read' op reads, while Graph @g is recorded, a buffer the Graph allocates or a task produces}}
      %b = pto.read %t[0] : !pto.tensor<4xi32>
      %c2, %id1 = pto.submit @ks(%c, %z) : (!pto.tensor<8x16xf32>, i32) -> !pto.tensor<8x16xf32>
    }
    pto.return %c : !pto.tensor<8x16xf32>
  }
}

// -----

// A view of a boundary tensor at a hoistable offset whose extent is
// computed from a scalar parameter (hoistable, but not the same on every
// call): replay copies a view's shape from the recording.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%a: !pto.tensor<?x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<64x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
               %p: index, %n: index) -> !pto.tensor<8x16xf32> {
    %c2 = arith.constant 2 : index
    %h = arith.divui %n, %c2 : index
    // expected-error@+1 {{'pto.slice' op takes a view of boundary tensor #0 of Graph @g whose shape reads a boundary scalar: replay would apply the first call's shape to every call}}
    %v = pto.slice %x[%p, 0] [%h, 16] : !pto.tensor<64x16xf32> to !pto.tensor<?x16xf32>
    %c3, %id1 = pto.submit @acc(%v, %c) : (!pto.tensor<?x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return %c : !pto.tensor<8x16xf32>
  }
}

// -----

// A construction read of a boundary tensor a task writes through a view of
// it: the tasks have not run when the body is recorded.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @setf(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<1xi32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c1 step %c1 {
      %fv = pto.slice %f[%i] [1] : !pto.tensor<4xi32> to !pto.tensor<1xi32>
      %f1, %id0 = pto.submit @setf(%x, %fv) : (!pto.tensor<8x16xf32>, !pto.tensor<1xi32>) -> !pto.tensor<1xi32>
    }
    // expected-error@+1 {{'pto.read' op reads, while Graph @g is recorded, a tensor a task of the Graph writes}}
    %n = pto.read %f[0] : !pto.tensor<4xi32>
    %z = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %n, %z : i32
    scf.if %pos {
    }
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) {
    pto.call @g(%x, %f) : (!pto.tensor<8x16xf32>, !pto.tensor<4xi32>) -> ()
    pto.return
  }
}

// -----

// The same through a view the legalization would hoist: decided before
// hoisting, while the alias is still visible in the body.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @setf(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<1xi32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) {
    %fv = pto.slice %f[0] [1] : !pto.tensor<4xi32> to !pto.tensor<1xi32>
    %f1, %id0 = pto.submit @setf(%x, %fv) : (!pto.tensor<8x16xf32>, !pto.tensor<1xi32>) -> !pto.tensor<1xi32>
    // expected-error@+1 {{'pto.read' op reads, while Graph @g is recorded, a tensor a task of the Graph writes}}
    %n = pto.read %f[0] : !pto.tensor<4xi32>
    %z = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %n, %z : i32
    scf.if %pos {
    }
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) {
    pto.call @g(%x, %f) : (!pto.tensor<8x16xf32>, !pto.tensor<4xi32>) -> ()
    pto.return
  }
}

// -----

// 4 launches fill a task id array and 1020 launches each wait on it: 1024
// launches, and pto-expand-manual-phase-fence will put one barrier between
// them (1020 x 4 edges against 1020 + 4). The barrier is a node too: 1025.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-error@+1 {{'pto.graph' op records 1025 nodes}}
  pto.graph @fenced(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c1020 = arith.constant 1020 : index
    pto.scope manual {
      %none = pto.invalid_task_id
      %init = pto.array_splat %none : !pto.task_id_array<4>
      %ids = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (!pto.task_id_array<4>) {
        %y1, %t = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        %a1 = pto.array_update %a[%i], %t : !pto.task_id_array<4>
        scf.yield %a1 : !pto.task_id_array<4>
      } {pto.parallel}
      scf.for %j = %c0 to %c1020 step %c1 {
        %y2, %t2 = pto.submit @k(%y) deps(%ids : !pto.task_id_array<4>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
    }
    pto.return
  }
}

// -----

// `n / 0` is not hoistable because it has no value, not because the callers
// cannot compute it: the error says so, at the division.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @ks(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @g(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'arith.divsi' op divides by the constant zero: scalar argument #1 of the task has no value}}
    %q = arith.divsi %n, %c0 : index
    %y1, %t = pto.submit @ks(%y, %q) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// An i8 loop from -100 to 100 runs 200 times (ub - lb computed without
// wrapping in 8 bits): 6 launches per iteration and one before make 1201.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%y: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  // expected-error@+1 {{'pto.graph' op records 1201 nodes (each launch once per loop iteration, allocations in batches of 16): the runtime accepts 1 to 1024 (GRAPH_MAX_NODES)}}
  pto.graph @g(%h: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %lb = arith.constant -100 : i8
    %ub = arith.constant 100 : i8
    %st = arith.constant 1 : i8
    %h0, %t0 = pto.submit @acc(%h, %c0) : (!pto.tensor<4x8xf32>, index) -> !pto.tensor<4x8xf32>
    scf.for %i = %lb to %ub step %st : i8 {
      %x = arith.index_cast %i : i8 to index
      %h1, %t1 = pto.submit @acc(%h, %x) : (!pto.tensor<4x8xf32>, index) -> !pto.tensor<4x8xf32>
      %h2, %t2 = pto.submit @acc(%h, %x) : (!pto.tensor<4x8xf32>, index) -> !pto.tensor<4x8xf32>
      %h3, %t3 = pto.submit @acc(%h, %x) : (!pto.tensor<4x8xf32>, index) -> !pto.tensor<4x8xf32>
      %h4, %t4 = pto.submit @acc(%h, %x) : (!pto.tensor<4x8xf32>, index) -> !pto.tensor<4x8xf32>
      %h5, %t5 = pto.submit @acc(%h, %x) : (!pto.tensor<4x8xf32>, index) -> !pto.tensor<4x8xf32>
      %h6, %t6 = pto.submit @acc(%h, %x) : (!pto.tensor<4x8xf32>, index) -> !pto.tensor<4x8xf32>
    }
    pto.return
  }
  pto.orchestration @main(%h: !pto.tensor<4x8xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @g(%h) : (!pto.tensor<4x8xf32>) -> ()
    pto.return
  }
}


// -----

// A tensor re-owned inside the body: Step B would move views of it to the
// call site, where the body's task does not exist.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @kw(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @kv(%y: !pto.tensor<64x128xf32> {pto.direction = #pto.direction<inout>})

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %o1, %t = pto.submit @kw(%o) : (!pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    // expected-error@+1 {{'pto.set_owner' op sets a tensor's owner task inside a Graph: the legalization moves views of boundary tensors to the call site, where the body's tasks do not exist; seed the owner at the call site instead}}
    %owned = pto.set_owner %o1, %t : !pto.tensor<128x128xf32>
    %v = pto.slice %owned[0, 0] [64, 128] : !pto.tensor<128x128xf32> to !pto.tensor<64x128xf32>
    %v1, %t1 = pto.submit @kv(%v) : (!pto.tensor<64x128xf32>) -> !pto.tensor<64x128xf32>
    pto.return
  }
}

// -----

// A choice between two allocations of the body: arena packing makes them
// two windows of one boundary tensor, and the choice among them is frozen
// just the same (issue 31 item 4: it was accepted and replayed wrongly,
// while `arenas=false` rejected it).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @w(%t: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @r(%t: !pto.tensor<8x16xf32>, %y: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%y: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %f: i1) {
    %a = pto.create : !pto.tensor<8x16xf32>
    %b = pto.create : !pto.tensor<8x16xf32>
    %a1, %t0 = pto.submit @w(%a) : (!pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    %b1, %t1 = pto.submit @w(%b) : (!pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    // expected-note@+1 {{the buffer is chosen here}}
    %s = arith.select %f, %a1, %b1 : !pto.tensor<8x16xf32>
    // expected-error@+1 {{'pto.submit' op reads a tensor chosen among boundary tensors of Graph @g by a value that can differ between calls}}
    %y1, %t2 = pto.submit @r(%s, %y) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return
  }
  pto.orchestration @main(%y: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %f: i1) {
    pto.call @g(%y, %f) : (!pto.tensor<8x16xf32>, i1) -> ()
    pto.return
  }
}

// -----

// 127 caller tensors fit; two allocations of a dynamic extent, which no
// arena can take, make 129: the note counts both kinds.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<?xf32> {pto.direction = #pto.direction<inout>})
  // expected-note@+2 {{127 of them are the callers' tensors and views of them, which cannot be packed: only the buffers the body allocates share arenas (one per element type), and the rest name memory the callers own; 2 are buffers the body allocates: its arenas, and each allocation no arena takes (a dynamic extent, a column-major layout)}}
  // expected-error@+1 {{'pto.graph' op has 129 tensor parameters: the runtime accepts at most 128 (GRAPH_MAX_TENSOR_ARGS)}}
  pto.graph @g(%t0: !pto.tensor<16xf32>,
               %t1: !pto.tensor<16xf32>,
               %t2: !pto.tensor<16xf32>,
               %t3: !pto.tensor<16xf32>,
               %t4: !pto.tensor<16xf32>,
               %t5: !pto.tensor<16xf32>,
               %t6: !pto.tensor<16xf32>,
               %t7: !pto.tensor<16xf32>,
               %t8: !pto.tensor<16xf32>,
               %t9: !pto.tensor<16xf32>,
               %t10: !pto.tensor<16xf32>,
               %t11: !pto.tensor<16xf32>,
               %t12: !pto.tensor<16xf32>,
               %t13: !pto.tensor<16xf32>,
               %t14: !pto.tensor<16xf32>,
               %t15: !pto.tensor<16xf32>,
               %t16: !pto.tensor<16xf32>,
               %t17: !pto.tensor<16xf32>,
               %t18: !pto.tensor<16xf32>,
               %t19: !pto.tensor<16xf32>,
               %t20: !pto.tensor<16xf32>,
               %t21: !pto.tensor<16xf32>,
               %t22: !pto.tensor<16xf32>,
               %t23: !pto.tensor<16xf32>,
               %t24: !pto.tensor<16xf32>,
               %t25: !pto.tensor<16xf32>,
               %t26: !pto.tensor<16xf32>,
               %t27: !pto.tensor<16xf32>,
               %t28: !pto.tensor<16xf32>,
               %t29: !pto.tensor<16xf32>,
               %t30: !pto.tensor<16xf32>,
               %t31: !pto.tensor<16xf32>,
               %t32: !pto.tensor<16xf32>,
               %t33: !pto.tensor<16xf32>,
               %t34: !pto.tensor<16xf32>,
               %t35: !pto.tensor<16xf32>,
               %t36: !pto.tensor<16xf32>,
               %t37: !pto.tensor<16xf32>,
               %t38: !pto.tensor<16xf32>,
               %t39: !pto.tensor<16xf32>,
               %t40: !pto.tensor<16xf32>,
               %t41: !pto.tensor<16xf32>,
               %t42: !pto.tensor<16xf32>,
               %t43: !pto.tensor<16xf32>,
               %t44: !pto.tensor<16xf32>,
               %t45: !pto.tensor<16xf32>,
               %t46: !pto.tensor<16xf32>,
               %t47: !pto.tensor<16xf32>,
               %t48: !pto.tensor<16xf32>,
               %t49: !pto.tensor<16xf32>,
               %t50: !pto.tensor<16xf32>,
               %t51: !pto.tensor<16xf32>,
               %t52: !pto.tensor<16xf32>,
               %t53: !pto.tensor<16xf32>,
               %t54: !pto.tensor<16xf32>,
               %t55: !pto.tensor<16xf32>,
               %t56: !pto.tensor<16xf32>,
               %t57: !pto.tensor<16xf32>,
               %t58: !pto.tensor<16xf32>,
               %t59: !pto.tensor<16xf32>,
               %t60: !pto.tensor<16xf32>,
               %t61: !pto.tensor<16xf32>,
               %t62: !pto.tensor<16xf32>,
               %t63: !pto.tensor<16xf32>,
               %t64: !pto.tensor<16xf32>,
               %t65: !pto.tensor<16xf32>,
               %t66: !pto.tensor<16xf32>,
               %t67: !pto.tensor<16xf32>,
               %t68: !pto.tensor<16xf32>,
               %t69: !pto.tensor<16xf32>,
               %t70: !pto.tensor<16xf32>,
               %t71: !pto.tensor<16xf32>,
               %t72: !pto.tensor<16xf32>,
               %t73: !pto.tensor<16xf32>,
               %t74: !pto.tensor<16xf32>,
               %t75: !pto.tensor<16xf32>,
               %t76: !pto.tensor<16xf32>,
               %t77: !pto.tensor<16xf32>,
               %t78: !pto.tensor<16xf32>,
               %t79: !pto.tensor<16xf32>,
               %t80: !pto.tensor<16xf32>,
               %t81: !pto.tensor<16xf32>,
               %t82: !pto.tensor<16xf32>,
               %t83: !pto.tensor<16xf32>,
               %t84: !pto.tensor<16xf32>,
               %t85: !pto.tensor<16xf32>,
               %t86: !pto.tensor<16xf32>,
               %t87: !pto.tensor<16xf32>,
               %t88: !pto.tensor<16xf32>,
               %t89: !pto.tensor<16xf32>,
               %t90: !pto.tensor<16xf32>,
               %t91: !pto.tensor<16xf32>,
               %t92: !pto.tensor<16xf32>,
               %t93: !pto.tensor<16xf32>,
               %t94: !pto.tensor<16xf32>,
               %t95: !pto.tensor<16xf32>,
               %t96: !pto.tensor<16xf32>,
               %t97: !pto.tensor<16xf32>,
               %t98: !pto.tensor<16xf32>,
               %t99: !pto.tensor<16xf32>,
               %t100: !pto.tensor<16xf32>,
               %t101: !pto.tensor<16xf32>,
               %t102: !pto.tensor<16xf32>,
               %t103: !pto.tensor<16xf32>,
               %t104: !pto.tensor<16xf32>,
               %t105: !pto.tensor<16xf32>,
               %t106: !pto.tensor<16xf32>,
               %t107: !pto.tensor<16xf32>,
               %t108: !pto.tensor<16xf32>,
               %t109: !pto.tensor<16xf32>,
               %t110: !pto.tensor<16xf32>,
               %t111: !pto.tensor<16xf32>,
               %t112: !pto.tensor<16xf32>,
               %t113: !pto.tensor<16xf32>,
               %t114: !pto.tensor<16xf32>,
               %t115: !pto.tensor<16xf32>,
               %t116: !pto.tensor<16xf32>,
               %t117: !pto.tensor<16xf32>,
               %t118: !pto.tensor<16xf32>,
               %t119: !pto.tensor<16xf32>,
               %t120: !pto.tensor<16xf32>,
               %t121: !pto.tensor<16xf32>,
               %t122: !pto.tensor<16xf32>,
               %t123: !pto.tensor<16xf32>,
               %t124: !pto.tensor<16xf32>,
               %t125: !pto.tensor<16xf32>,
               %t126: !pto.tensor<16xf32>,
               %n: index) {
    %w = pto.create(%n) : !pto.tensor<?xf32>
    %v = pto.create(%n) : !pto.tensor<?xf32>
    %o0, %u0 = pto.submit @k(%t0, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o1, %u1 = pto.submit @k(%t1, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o2, %u2 = pto.submit @k(%t2, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o3, %u3 = pto.submit @k(%t3, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o4, %u4 = pto.submit @k(%t4, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o5, %u5 = pto.submit @k(%t5, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o6, %u6 = pto.submit @k(%t6, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o7, %u7 = pto.submit @k(%t7, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o8, %u8 = pto.submit @k(%t8, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o9, %u9 = pto.submit @k(%t9, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o10, %u10 = pto.submit @k(%t10, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o11, %u11 = pto.submit @k(%t11, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o12, %u12 = pto.submit @k(%t12, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o13, %u13 = pto.submit @k(%t13, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o14, %u14 = pto.submit @k(%t14, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o15, %u15 = pto.submit @k(%t15, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o16, %u16 = pto.submit @k(%t16, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o17, %u17 = pto.submit @k(%t17, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o18, %u18 = pto.submit @k(%t18, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o19, %u19 = pto.submit @k(%t19, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o20, %u20 = pto.submit @k(%t20, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o21, %u21 = pto.submit @k(%t21, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o22, %u22 = pto.submit @k(%t22, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o23, %u23 = pto.submit @k(%t23, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o24, %u24 = pto.submit @k(%t24, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o25, %u25 = pto.submit @k(%t25, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o26, %u26 = pto.submit @k(%t26, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o27, %u27 = pto.submit @k(%t27, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o28, %u28 = pto.submit @k(%t28, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o29, %u29 = pto.submit @k(%t29, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o30, %u30 = pto.submit @k(%t30, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o31, %u31 = pto.submit @k(%t31, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o32, %u32 = pto.submit @k(%t32, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o33, %u33 = pto.submit @k(%t33, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o34, %u34 = pto.submit @k(%t34, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o35, %u35 = pto.submit @k(%t35, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o36, %u36 = pto.submit @k(%t36, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o37, %u37 = pto.submit @k(%t37, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o38, %u38 = pto.submit @k(%t38, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o39, %u39 = pto.submit @k(%t39, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o40, %u40 = pto.submit @k(%t40, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o41, %u41 = pto.submit @k(%t41, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o42, %u42 = pto.submit @k(%t42, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o43, %u43 = pto.submit @k(%t43, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o44, %u44 = pto.submit @k(%t44, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o45, %u45 = pto.submit @k(%t45, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o46, %u46 = pto.submit @k(%t46, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o47, %u47 = pto.submit @k(%t47, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o48, %u48 = pto.submit @k(%t48, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o49, %u49 = pto.submit @k(%t49, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o50, %u50 = pto.submit @k(%t50, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o51, %u51 = pto.submit @k(%t51, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o52, %u52 = pto.submit @k(%t52, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o53, %u53 = pto.submit @k(%t53, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o54, %u54 = pto.submit @k(%t54, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o55, %u55 = pto.submit @k(%t55, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o56, %u56 = pto.submit @k(%t56, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o57, %u57 = pto.submit @k(%t57, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o58, %u58 = pto.submit @k(%t58, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o59, %u59 = pto.submit @k(%t59, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o60, %u60 = pto.submit @k(%t60, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o61, %u61 = pto.submit @k(%t61, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o62, %u62 = pto.submit @k(%t62, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o63, %u63 = pto.submit @k(%t63, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o64, %u64 = pto.submit @k(%t64, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o65, %u65 = pto.submit @k(%t65, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o66, %u66 = pto.submit @k(%t66, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o67, %u67 = pto.submit @k(%t67, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o68, %u68 = pto.submit @k(%t68, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o69, %u69 = pto.submit @k(%t69, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o70, %u70 = pto.submit @k(%t70, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o71, %u71 = pto.submit @k(%t71, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o72, %u72 = pto.submit @k(%t72, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o73, %u73 = pto.submit @k(%t73, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o74, %u74 = pto.submit @k(%t74, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o75, %u75 = pto.submit @k(%t75, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o76, %u76 = pto.submit @k(%t76, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o77, %u77 = pto.submit @k(%t77, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o78, %u78 = pto.submit @k(%t78, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o79, %u79 = pto.submit @k(%t79, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o80, %u80 = pto.submit @k(%t80, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o81, %u81 = pto.submit @k(%t81, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o82, %u82 = pto.submit @k(%t82, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o83, %u83 = pto.submit @k(%t83, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o84, %u84 = pto.submit @k(%t84, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o85, %u85 = pto.submit @k(%t85, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o86, %u86 = pto.submit @k(%t86, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o87, %u87 = pto.submit @k(%t87, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o88, %u88 = pto.submit @k(%t88, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o89, %u89 = pto.submit @k(%t89, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o90, %u90 = pto.submit @k(%t90, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o91, %u91 = pto.submit @k(%t91, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o92, %u92 = pto.submit @k(%t92, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o93, %u93 = pto.submit @k(%t93, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o94, %u94 = pto.submit @k(%t94, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o95, %u95 = pto.submit @k(%t95, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o96, %u96 = pto.submit @k(%t96, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o97, %u97 = pto.submit @k(%t97, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o98, %u98 = pto.submit @k(%t98, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o99, %u99 = pto.submit @k(%t99, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o100, %u100 = pto.submit @k(%t100, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o101, %u101 = pto.submit @k(%t101, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o102, %u102 = pto.submit @k(%t102, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o103, %u103 = pto.submit @k(%t103, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o104, %u104 = pto.submit @k(%t104, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o105, %u105 = pto.submit @k(%t105, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o106, %u106 = pto.submit @k(%t106, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o107, %u107 = pto.submit @k(%t107, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o108, %u108 = pto.submit @k(%t108, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o109, %u109 = pto.submit @k(%t109, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o110, %u110 = pto.submit @k(%t110, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o111, %u111 = pto.submit @k(%t111, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o112, %u112 = pto.submit @k(%t112, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o113, %u113 = pto.submit @k(%t113, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o114, %u114 = pto.submit @k(%t114, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o115, %u115 = pto.submit @k(%t115, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o116, %u116 = pto.submit @k(%t116, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o117, %u117 = pto.submit @k(%t117, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o118, %u118 = pto.submit @k(%t118, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o119, %u119 = pto.submit @k(%t119, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o120, %u120 = pto.submit @k(%t120, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o121, %u121 = pto.submit @k(%t121, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o122, %u122 = pto.submit @k(%t122, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o123, %u123 = pto.submit @k(%t123, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o124, %u124 = pto.submit @k(%t124, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o125, %u125 = pto.submit @k(%t125, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %o126, %u126 = pto.submit @k(%t126, %w) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    %v1, %uv = pto.submit @k(%t0, %v) : (!pto.tensor<16xf32>, !pto.tensor<?xf32>) -> !pto.tensor<?xf32>
    pto.return
  }
  pto.orchestration @main(%t0: !pto.tensor<16xf32>, %t1: !pto.tensor<16xf32>, %t2: !pto.tensor<16xf32>, %t3: !pto.tensor<16xf32>, %t4: !pto.tensor<16xf32>, %t5: !pto.tensor<16xf32>, %t6: !pto.tensor<16xf32>, %t7: !pto.tensor<16xf32>, %t8: !pto.tensor<16xf32>, %t9: !pto.tensor<16xf32>, %t10: !pto.tensor<16xf32>, %t11: !pto.tensor<16xf32>, %t12: !pto.tensor<16xf32>, %t13: !pto.tensor<16xf32>, %t14: !pto.tensor<16xf32>, %t15: !pto.tensor<16xf32>, %t16: !pto.tensor<16xf32>, %t17: !pto.tensor<16xf32>, %t18: !pto.tensor<16xf32>, %t19: !pto.tensor<16xf32>, %t20: !pto.tensor<16xf32>, %t21: !pto.tensor<16xf32>, %t22: !pto.tensor<16xf32>, %t23: !pto.tensor<16xf32>, %t24: !pto.tensor<16xf32>, %t25: !pto.tensor<16xf32>, %t26: !pto.tensor<16xf32>, %t27: !pto.tensor<16xf32>, %t28: !pto.tensor<16xf32>, %t29: !pto.tensor<16xf32>, %t30: !pto.tensor<16xf32>, %t31: !pto.tensor<16xf32>, %t32: !pto.tensor<16xf32>, %t33: !pto.tensor<16xf32>, %t34: !pto.tensor<16xf32>, %t35: !pto.tensor<16xf32>, %t36: !pto.tensor<16xf32>, %t37: !pto.tensor<16xf32>, %t38: !pto.tensor<16xf32>, %t39: !pto.tensor<16xf32>, %t40: !pto.tensor<16xf32>, %t41: !pto.tensor<16xf32>, %t42: !pto.tensor<16xf32>, %t43: !pto.tensor<16xf32>, %t44: !pto.tensor<16xf32>, %t45: !pto.tensor<16xf32>, %t46: !pto.tensor<16xf32>, %t47: !pto.tensor<16xf32>, %t48: !pto.tensor<16xf32>, %t49: !pto.tensor<16xf32>, %t50: !pto.tensor<16xf32>, %t51: !pto.tensor<16xf32>, %t52: !pto.tensor<16xf32>, %t53: !pto.tensor<16xf32>, %t54: !pto.tensor<16xf32>, %t55: !pto.tensor<16xf32>, %t56: !pto.tensor<16xf32>, %t57: !pto.tensor<16xf32>, %t58: !pto.tensor<16xf32>, %t59: !pto.tensor<16xf32>, %t60: !pto.tensor<16xf32>, %t61: !pto.tensor<16xf32>, %t62: !pto.tensor<16xf32>, %t63: !pto.tensor<16xf32>, %t64: !pto.tensor<16xf32>, %t65: !pto.tensor<16xf32>, %t66: !pto.tensor<16xf32>, %t67: !pto.tensor<16xf32>, %t68: !pto.tensor<16xf32>, %t69: !pto.tensor<16xf32>, %t70: !pto.tensor<16xf32>, %t71: !pto.tensor<16xf32>, %t72: !pto.tensor<16xf32>, %t73: !pto.tensor<16xf32>, %t74: !pto.tensor<16xf32>, %t75: !pto.tensor<16xf32>, %t76: !pto.tensor<16xf32>, %t77: !pto.tensor<16xf32>, %t78: !pto.tensor<16xf32>, %t79: !pto.tensor<16xf32>, %t80: !pto.tensor<16xf32>, %t81: !pto.tensor<16xf32>, %t82: !pto.tensor<16xf32>, %t83: !pto.tensor<16xf32>, %t84: !pto.tensor<16xf32>, %t85: !pto.tensor<16xf32>, %t86: !pto.tensor<16xf32>, %t87: !pto.tensor<16xf32>, %t88: !pto.tensor<16xf32>, %t89: !pto.tensor<16xf32>, %t90: !pto.tensor<16xf32>, %t91: !pto.tensor<16xf32>, %t92: !pto.tensor<16xf32>, %t93: !pto.tensor<16xf32>, %t94: !pto.tensor<16xf32>, %t95: !pto.tensor<16xf32>, %t96: !pto.tensor<16xf32>, %t97: !pto.tensor<16xf32>, %t98: !pto.tensor<16xf32>, %t99: !pto.tensor<16xf32>, %t100: !pto.tensor<16xf32>, %t101: !pto.tensor<16xf32>, %t102: !pto.tensor<16xf32>, %t103: !pto.tensor<16xf32>, %t104: !pto.tensor<16xf32>, %t105: !pto.tensor<16xf32>, %t106: !pto.tensor<16xf32>, %t107: !pto.tensor<16xf32>, %t108: !pto.tensor<16xf32>, %t109: !pto.tensor<16xf32>, %t110: !pto.tensor<16xf32>, %t111: !pto.tensor<16xf32>, %t112: !pto.tensor<16xf32>, %t113: !pto.tensor<16xf32>, %t114: !pto.tensor<16xf32>, %t115: !pto.tensor<16xf32>, %t116: !pto.tensor<16xf32>, %t117: !pto.tensor<16xf32>, %t118: !pto.tensor<16xf32>, %t119: !pto.tensor<16xf32>, %t120: !pto.tensor<16xf32>, %t121: !pto.tensor<16xf32>, %t122: !pto.tensor<16xf32>, %t123: !pto.tensor<16xf32>, %t124: !pto.tensor<16xf32>, %t125: !pto.tensor<16xf32>, %t126: !pto.tensor<16xf32>, %n: index) {
    pto.call @g(%t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14, %t15, %t16, %t17, %t18, %t19, %t20, %t21, %t22, %t23, %t24, %t25, %t26, %t27, %t28, %t29, %t30, %t31, %t32, %t33, %t34, %t35, %t36, %t37, %t38, %t39, %t40, %t41, %t42, %t43, %t44, %t45, %t46, %t47, %t48, %t49, %t50, %t51, %t52, %t53, %t54, %t55, %t56, %t57, %t58, %t59, %t60, %t61, %t62, %t63, %t64, %t65, %t66, %t67, %t68, %t69, %t70, %t71, %t72, %t73, %t74, %t75, %t76, %t77, %t78, %t79, %t80, %t81, %t82, %t83, %t84, %t85, %t86, %t87, %t88, %t89, %t90, %t91, %t92, %t93, %t94, %t95, %t96, %t97, %t98, %t99, %t100, %t101, %t102, %t103, %t104, %t105, %t106, %t107, %t108, %t109, %t110, %t111, %t112, %t113, %t114, %t115, %t116, %t117, %t118, %t119, %t120, %t121, %t122, %t123, %t124, %t125, %t126, %n) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, index) -> ()
    pto.return
  }
}

// -----

// A launch writes, through a window, a parameter the Graph declares 'in':
// the caller's launch passes it as an input, so nothing after the call is
// ordered after the write. (Returning an 'in' parameter unwritten is fine,
// Target/Cpp/hbg-returns.mlir.)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})

  // expected-note@+1 {{the parameter}}
  pto.graph @g(%a: !pto.tensor<256x128xf32>, %c: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %w = pto.slice %a[0, 0] [128, 128] : !pto.tensor<256x128xf32> to !pto.tensor<128x128xf32>
    // expected-error@+1 {{'pto.submit' op writes parameter #0 of Graph @g, which it declares 'in': a call passes it as an input, so the runtime orders no later use of the buffer after this write; declare it inout (or out)}}
    %w1, %t = pto.submit @k(%c, %w) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}
