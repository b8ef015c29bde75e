// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-verify-graph-boundary

// Hand-written IR that breaks a post-condition of the legalization or a
// legality rule: the verifier reports each violation at its op.

// A top-level allocation left in a Graph.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%x: !pto.tensor<128x128xf32>) {
    // expected-error@+1 {{'pto.create' op allocates at the top level of Graph @g: the buffer would come off the graph heap, which is never reclaimed mid-run; it must be a parameter that callers allocate}}
    %tmp = pto.create : !pto.tensor<128x128xf32>
    %tmp1, %t = pto.submit @k(%x, %tmp) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A derived scalar `base = idx * 128` left in the body, feeding a slice.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%w: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %idx: index) {
    %c128 = arith.constant 128 : index
    // expected-error@+2 {{'arith.muli' op computes, in Graph @g, a value from its boundary scalars: it must be a parameter that callers compute, or replay would reuse the first call's value}}
    // expected-note@+1 {{the window depends on this value}}
    %base = arith.muli %idx, %c128 : index
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t = pto.submit @k(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// The same derived scalar feeding a task.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %idx: index) {
    %c128 = arith.constant 128 : index
    // expected-error@+2 {{'arith.muli' op computes, in Graph @g, a value from its boundary scalars}}
    // expected-note@+1 {{the argument is computed here}}
    %base = arith.muli %idx, %c128 : index
    // expected-error@+1 {{'pto.submit' op passes scalar argument #1 computed in Graph @g from values that can differ between calls and that its callers cannot recompute: replay would reuse the first call's value}}
    %o1, %t = pto.submit @ks(%o, %base) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A rename that survives (`idx + 0`) is rejected, not waved through.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %idx: index) {
    %c0 = arith.constant 0 : index
    // expected-error@+2 {{'arith.addi' op computes, in Graph @g, a value from its boundary scalars}}
    // expected-note@+1 {{the argument is computed here}}
    %n = arith.addi %idx, %c0 : index
    // expected-error@+1 {{'pto.submit' op passes scalar argument #1 computed in Graph @g}}
    %o1, %t = pto.submit @ks(%o, %n) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A view of a boundary tensor at an offset from a scalar parameter, also
// through a tied result and through a view left in the body. (The scalar
// parameter has no defining op: no note.)
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @kh(%x: !pto.tensor<64x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>},
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %idx: index) {
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    %wl = pto.slice %w[%idx, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t0 = pto.submit @k(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls}}
    %ov = pto.slice %o1[%idx, 0] [64, 128] : !pto.tensor<128x128xf32> to !pto.tensor<64x128xf32>
    %w0 = pto.slice %w[0, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls}}
    %wh = pto.slice %w0[%idx, 0] [64, 128] : !pto.tensor<128x128xf32> to !pto.tensor<64x128xf32>
    %o2, %t1 = pto.submit @kh(%ov, %o1) : (!pto.tensor<64x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    %o3, %t2 = pto.submit @kh(%wh, %o2) : (!pto.tensor<64x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// A view whose shape reads a scalar parameter.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @kd(%y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w: !pto.tensor<512x128xf32> {pto.direction = #pto.direction<inout>}, %rows: index) {
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    %wl = pto.slice %w[0, 0] [%rows, 128] : !pto.tensor<512x128xf32> to !pto.tensor<?x128xf32>
    %w1, %t = pto.submit @kd(%wl) : (!pto.tensor<?x128xf32>) -> !pto.tensor<?x128xf32>
    pto.return
  }
}

// -----

// No tensor parameter, and no node.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  // expected-error@+2 {{'pto.graph' op has no tensor parameter}}
  // expected-error@+1 {{'pto.graph' op records 0 nodes}}
  pto.graph @g(%n: index) {
    pto.return
  }
}

// -----

// A computed return, a dynamic allocation, pto.full, a non-literal core_num.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @kd(%y: !pto.tensor<?x128xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %n: index) -> index {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    // expected-error@+2 {{'pto.create' op allocates at the top level of Graph @g}}
    // expected-error@+1 {{'pto.create' op allocates '!pto.tensor<?x128xf32>' in Graph @g: an allocation's shape must be a compile-time constant}}
    %b = pto.create(%n) : !pto.tensor<?x128xf32>
    %b1, %t0 = pto.submit @kd(%b) : (!pto.tensor<?x128xf32>) -> !pto.tensor<?x128xf32>
    // expected-error@+1 {{'pto.full' op is not supported in a Graph}}
    %f = pto.full %z : !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @k(%f, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    // expected-error@+1 {{'pto.submit' op has a core_num that is not a literal}}
    %o2, %t2 = pto.submit @ks(%o1, %c0) core_num(%n) : (!pto.tensor<128x128xf32>, index) -> !pto.tensor<128x128xf32>
    %d = pto.dim %b, 0 : !pto.tensor<?x128xf32>
    // expected-error@+1 {{'pto.return' op returns at position 0 a scalar from Graph @g}}
    pto.return %d : index
  }
}

// -----

// A returned tensor that is not a parameter (a launch's runtime-allocated
// output).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @mk(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.graph @g(%x: !pto.tensor<16xf32>) -> !pto.tensor<16xf32> {
    %y, %t = pto.submit @mk(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    // expected-error@+1 {{'pto.return' op returns at position 0 a value that is not a parameter of @g}}
    pto.return %y : !pto.tensor<16xf32>
  }
}

// -----

// A launch under a runtime loop.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.graph @inner(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %t = pto.task_dummy
    pto.return
  }
  pto.graph @outer(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note@+1 {{inside this loop, whose bounds or step are not all literals}}
    scf.for %i = %c0 to %n step %c1 {
      // expected-error@+1 {{'pto.task_dummy' op launches a task a number of times that can differ between calls of Graph @outer}}
      %t = pto.task_dummy
    }
    pto.return
  }
}

// -----

// Too many nodes: 17 creates per iteration count as two batches.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @ks(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}, %s: index)

  pto.kernel aiv @k16(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-error@+1 {{'pto.graph' op records 1026 nodes}}
  pto.graph @g(%x: !pto.tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c342 = arith.constant 342 : index
    scf.for %i = %c0 to %c342 step %c1 {
      %b0 = pto.create : !pto.tensor<16xf32>
      %b1 = pto.create : !pto.tensor<16xf32>
      %b2 = pto.create : !pto.tensor<16xf32>
      %b3 = pto.create : !pto.tensor<16xf32>
      %b4 = pto.create : !pto.tensor<16xf32>
      %b5 = pto.create : !pto.tensor<16xf32>
      %b6 = pto.create : !pto.tensor<16xf32>
      %b7 = pto.create : !pto.tensor<16xf32>
      %b8 = pto.create : !pto.tensor<16xf32>
      %b9 = pto.create : !pto.tensor<16xf32>
      %b10 = pto.create : !pto.tensor<16xf32>
      %b11 = pto.create : !pto.tensor<16xf32>
      %b12 = pto.create : !pto.tensor<16xf32>
      %b13 = pto.create : !pto.tensor<16xf32>
      %b14 = pto.create : !pto.tensor<16xf32>
      %b15 = pto.create : !pto.tensor<16xf32>
      %b16 = pto.create : !pto.tensor<16xf32>
      %o, %t = pto.submit @k16(%x, %b0) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>)
    }
    pto.return
  }
}

// -----

// A view of a buffer chosen at run time (scf.if between two tensor
// parameters) at an offset derived from a scalar parameter, as written
// before legalization: the derived scalar and the view are both reported.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})

  pto.graph @g(%w1: !pto.tensor<512x128xf32>, %w2: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %idx: index, %flag: i1) {
    %c128 = arith.constant 128 : index
    // expected-error@+2 {{'arith.muli' op computes, in Graph @g, a value from its boundary scalars}}
    // expected-note@+1 {{the window depends on this value}}
    %base = arith.muli %idx, %c128 : index
    // expected-note@+1 {{the buffer is chosen here}}
    %sel = scf.if %flag -> (!pto.tensor<512x128xf32>) {
      scf.yield %w1 : !pto.tensor<512x128xf32>
    } else {
      scf.yield %w2 : !pto.tensor<512x128xf32>
    }
    // expected-error@+2 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    // expected-error@+1 {{'pto.slice' op reads a tensor chosen among boundary tensors of Graph @g by a value that can differ between calls: replay would reuse the buffer the first call chose}}
    %wl = pto.slice %sel[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// The same with arith.select and the scalar parameter itself as the offset.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @use(%x: !pto.tensor<128x128xf32>, %y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})

  pto.graph @g(%w1: !pto.tensor<512x128xf32>, %w2: !pto.tensor<512x128xf32>,
               %o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>},
               %idx: index, %flag: i1) {
    // expected-note@+1 {{the buffer is chosen here}}
    %sel = arith.select %flag, %w1, %w2 : !pto.tensor<512x128xf32>
    // expected-error@+2 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    // expected-error@+1 {{'pto.slice' op reads a tensor chosen among boundary tensors of Graph @g by a value that can differ between calls: replay would reuse the buffer the first call chose}}
    %wl = pto.slice %sel[%idx, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %o1, %t1 = pto.submit @use(%wl, %o) : (!pto.tensor<128x128xf32>, !pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// Allocations left in top-level scopes (manual, and auto nested in auto) run
// once per call like top-level ones; one in a scope inside a loop is fine.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})

  pto.graph @g(%x: !pto.tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    pto.scope manual {
      // expected-error@+1 {{'pto.create' op allocates at the top level of Graph @g: the buffer would come off the graph heap, which is never reclaimed mid-run; it must be a parameter that callers allocate}}
      %tmp = pto.create : !pto.tensor<16xf32>
      %t1, %id1 = pto.submit @k(%x, %tmp) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield
    }
    pto.scope {
      pto.scope {
        // expected-error@+1 {{'pto.create' op allocates at the top level of Graph @g}}
        %in = pto.create : !pto.tensor<16xf32>
        %in1, %id2 = pto.submit @k(%x, %in) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        pto.yield
      }
      pto.yield
    }
    scf.for %i = %c0 to %c2 step %c1 {
      pto.scope {
        %l = pto.create : !pto.tensor<16xf32>
        %l1, %id3 = pto.submit @k(%x, %l) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        pto.yield
      }
    }
    pto.return
  }
}

// -----

// A saturated node count: an unsigned loop from 0 to 2^64 - 1.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // expected-error@+1 {{'pto.graph' op records 9223372036854775807 nodes (each launch once per loop iteration, allocations in batches of 16): the runtime accepts 1 to 1024 (GRAPH_MAX_NODES)}}
  pto.graph @g(%o: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %cm1 = arith.constant -1 : i64
    scf.for unsigned %i = %c0 to %cm1 step %c1 : i64 {
      %t = pto.task_dummy
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

// What the legalization used to produce for views of Graph-local buffers: a
// view of a launch's runtime-allocated output and one of a create inside a
// constant-trip loop, at a (hoisted) scalar parameter offset or extent.
// Every view left in the body is frozen at the first call's window, so each
// is reported, whatever buffer it is a window of; one at a replay-invariant
// offset is fine.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @fill(%x: !pto.tensor<8x16xf32>, %o: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%a: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @accd(%a: !pto.tensor<?x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
               %p: index, %off: index) -> !pto.tensor<8x16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %t, %id0 = pto.submit @fill(%x) : (!pto.tensor<8x16xf32>) -> !pto.tensor<64x16xf32>
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    %v = pto.slice %t[%p, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
    %c3, %id1 = pto.submit @acc(%v, %c) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
    %vd = pto.slice %t[0, 0] [%p, 16] : !pto.tensor<64x16xf32> to !pto.tensor<?x16xf32>
    %c4, %id2 = pto.submit @accd(%vd, %c3) : (!pto.tensor<?x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%cur = %c4) -> (!pto.tensor<8x16xf32>) {
      %l = pto.create : !pto.tensor<64x16xf32>
      %l1, %id3 = pto.submit @fill(%x, %l) : (!pto.tensor<8x16xf32>, !pto.tensor<64x16xf32>) -> !pto.tensor<64x16xf32>
      // expected-error@+1 {{'pto.slice' op takes, in Graph @g, a view whose window can differ between calls: replay reuses the window of the first call}}
      %lv = pto.slice %l1[%off, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
      %io = arith.muli %i, %c8 : index
      %li = pto.slice %l1[%io, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
      %cur1, %id4 = pto.submit @acc(%lv, %cur) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
      %cur2, %id5 = pto.submit @acc(%li, %cur1) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
      scf.yield %cur2 : !pto.tensor<8x16xf32>
    }
    pto.return %c : !pto.tensor<8x16xf32>
  }
}

// -----

// Construction reads of buffers whose
// contents only the Graph's own tasks produce: a boundary tensor a task
// writes, a runtime-allocated output. A read of an untouched boundary
// tensor is fine.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @setf(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @mk(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<out>})
  pto.graph @g(%x: !pto.tensor<8x16xf32>, %f: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>},
               %lens: !pto.tensor<4xi32>, %flags: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>},
               %v: i32) {
    %l = pto.read %lens[0] : !pto.tensor<4xi32>
    %f1, %id0 = pto.submit @setf(%x, %f) : (!pto.tensor<8x16xf32>, !pto.tensor<4xi32>) -> !pto.tensor<4xi32>
    // expected-error@+1 {{'pto.read' op reads, while Graph @g is recorded, a tensor a task of the Graph writes: its contents do not exist before the Graph's tasks run}}
    %a = pto.read %f[0] : !pto.tensor<4xi32>
    %m, %id1 = pto.submit @mk(%x) : (!pto.tensor<8x16xf32>) -> !pto.tensor<4xi32>
    // expected-error@+1 {{'pto.read' op reads, while Graph @g is recorded, a buffer the Graph allocates or a task produces: its contents do not exist before the Graph's tasks run}}
    %b = pto.read %m[0] : !pto.tensor<4xi32>
    %s = arith.addi %a, %b : i32
    %s2 = arith.addi %s, %l : i32
    %z = arith.constant 0 : i32
    %pos = arith.cmpi sgt, %s2, %z : i32
    scf.if %pos {
    }
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

// Batched allocations (pto-batch-allocations' output) obey the same rules:
// each pto.alloc_tensors is one node per iteration, whatever its size (342 x
// 3 for the first loop, 1 + 1 + 2 x 1 for the rest); one at the top level,
// one under a runtime loop and one of a dynamic shape are reported.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k16(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-error@+1 {{'pto.graph' op records 1030 nodes}}
  pto.graph @g(%x: !pto.tensor<16xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c342 = arith.constant 342 : index
    scf.for %i = %c0 to %c342 step %c1 {
      %b:16 = pto.alloc_tensors : !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<16xf32>
      %c = pto.alloc_tensors : !pto.tensor<16xf32>
      %o, %t = pto.submit @k16(%x, %b#0) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>)
    }
    // expected-error@+1 {{'pto.alloc_tensors' op allocates at the top level of Graph @g: the buffer would come off the graph heap, which is never reclaimed mid-run; it must be a parameter that callers allocate}}
    %top = pto.alloc_tensors : !pto.tensor<16xf32>
    // expected-note@+1 {{inside this loop, whose bounds or step are not all literals}}
    scf.for %j = %c0 to %n step %c1 {
      // expected-error@+1 {{'pto.alloc_tensors' op allocates a tensor a number of times that can differ between calls of Graph @g}}
      %r = pto.alloc_tensors : !pto.tensor<16xf32>
    }
    %c2 = arith.constant 2 : index
    // expected-note@+1 {{it runs once per iteration or branch of this op: the call site can allocate one buffer per call, and stack windows per iteration only for a literal shape}}
    scf.for %k = %c0 to %c2 step %c1 {
      // expected-error@+1 {{'pto.alloc_tensors' op allocates '!pto.tensor<?xf32>' in Graph @g: an allocation's shape must be a compile-time constant}}
      %d:2 = pto.alloc_tensors(%k) : !pto.tensor<16xf32>, !pto.tensor<?xf32>
    }
    pto.return
  }
}

// -----

// A tensor re-owned inside the body.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @kw(%y: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>})

  pto.graph @g(%o: !pto.tensor<128x128xf32> {pto.direction = #pto.direction<inout>}) {
    %o1, %t = pto.submit @kw(%o) : (!pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    // expected-error@+1 {{'pto.set_owner' op sets a tensor's owner task inside a Graph}}
    %owned = pto.set_owner %o1, %t : !pto.tensor<128x128xf32>
    %o2, %t2 = pto.submit @kw(%owned) : (!pto.tensor<128x128xf32>) -> !pto.tensor<128x128xf32>
    pto.return
  }
}

// -----

// Every node a barrier over task ids that may all be invalid: the
// recording may hold no node.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // expected-error@+1 {{'pto.graph' op may record no node: each of its nodes is a barrier whose dependencies may all be invalid task ids, and such a barrier is not submitted}}
  pto.graph @g(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %none = pto.invalid_task_id
    %init = pto.array_splat %none : !pto.task_id_array<2>
    %ids = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %init) -> (!pto.task_id_array<2>) {
      %prev = pto.array_get %a[%i] : !pto.task_id_array<2>
      %b = pto.task_dummy deps(%prev : !pto.task_id)
      %next = pto.array_update %a[%i], %b : !pto.task_id_array<2>
      scf.yield %next : !pto.task_id_array<2>
    } {pto.parallel}
    pto.return
  }
}

// -----

// A choice between two windows of one boundary tensor (members of an
// arena) by a boundary scalar: replay keeps the first call's window.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @r(%t: !pto.tensor<8x16xf32>, %y: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%y: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>},
               %arena: !pto.tensor<512xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>},
               %f: i1) {
    %0 = pto.slice %arena [0] [128] : !pto.tensor<512xf32> to !pto.tensor<128xf32>
    %1 = pto.reshape %0 : !pto.tensor<128xf32> to !pto.tensor<8x16xf32>
    %2 = pto.slice %arena [256] [128] : !pto.tensor<512xf32> to !pto.tensor<128xf32>
    %3 = pto.reshape %2 : !pto.tensor<128xf32> to !pto.tensor<8x16xf32>
    // expected-note@+1 {{the buffer is chosen here}}
    %s = arith.select %f, %1, %3 : !pto.tensor<8x16xf32>
    // expected-error@+1 {{'pto.submit' op reads a tensor chosen among boundary tensors of Graph @g by a value that can differ between calls}}
    %y1, %t = pto.submit @r(%s, %y) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return
  }
  pto.orchestration @main(%y: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %f: i1) {
    %arena = pto.create : !pto.tensor<512xf32>
    pto.call @g(%y, %arena, %f) : (!pto.tensor<8x16xf32>, !pto.tensor<512xf32>, i1) -> ()
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
