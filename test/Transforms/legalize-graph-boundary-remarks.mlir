// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-legalize-graph-boundary --remarks-filter=pto-legalize-graph-boundary -o /dev/null
// RUN: sed -e '/expected-remark/d' %s | pto-opt -split-input-file --pto-legalize-graph-boundary 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --allow-empty

// The remarks explain each decision of the legalization (MLIR's remark
// machinery: emitted only when --remarks-filter selects the pass). Without
// the filter it prints nothing.
// QUIET-NOT: remark

// Each kind of hoist, with the parameter the value became in the legalized
// signature (%w and %i leave the boundary; %unused was never read and
// stays): an allocation, a view at a derived offset, a literal view, the
// derived scalar a task reads, and the parameters that die.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.kernel aiv @k2(%x: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>})
  // expected-remark@+2 {{[Passed] dead-parameter | Category:pto-legalize-graph-boundary | Function=g | Parameter=0, Remark="parameter #0 of @g leaves the boundary: after hoisting nothing in the body reads it"}}
  // expected-remark@+1 {{Remark="parameter #1 of @g leaves the boundary}}
  pto.graph @g(%w: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}, %i: index, %unused: index) {
    %c4 = arith.constant 4 : index
    // expected-remark@+1 {{[Passed] hoisted-scalar | Category:pto-legalize-graph-boundary | Function=g | Parameter=4, Remark="moves to the call sites: it is computed from the boundary scalars, which replay would freeze; now scalar parameter #4 of @g"}}
    %row = arith.muli %i, %c4 : index
    // expected-remark@+1 {{[Passed] hoisted-view | Category:pto-legalize-graph-boundary | Function=g | Parameter=1, Remark="moves to the call sites: its window depends on the call's boundary scalars or extents, which replay would freeze; now inout tensor parameter #1 of @g"}}
    %v = pto.slice %w[%row, 0] [4, 16] : !pto.tensor<16x16xf32> to !pto.tensor<4x16xf32>
    %v1, %t = pto.submit @k(%v, %row) : (!pto.tensor<4x16xf32>, index) -> !pto.tensor<4x16xf32>
    // expected-remark@+1 {{[Passed] hoisted-view | Category:pto-legalize-graph-boundary | Function=g | Parameter=2, Remark="moves to the call sites: a literal window of a boundary tensor, taken by the callers, joins the boundary in the tensor's place; now inout tensor parameter #2 of @g"}}
    %fixed = pto.slice %w[4, 0] [4, 16] : !pto.tensor<16x16xf32> to !pto.tensor<4x16xf32>
    %f1, %t1 = pto.submit @k(%fixed, %c4) : (!pto.tensor<4x16xf32>, index) -> !pto.tensor<4x16xf32>
    // expected-remark@+1 {{[Passed] hoisted-allocation | Category:pto-legalize-graph-boundary | Function=g | CallSiteName=alloc__graph_arg0, Parameter=0, Remark="moves to the call sites: it runs once per call, so the recording would take it from the graph heap on every call; now inout tensor parameter #0 of @g, allocated by each caller as 'alloc__graph_arg0'"}}
    %tmp = pto.create : !pto.tensor<16x16xf32>
    %tmp1, %t2 = pto.submit @k2(%tmp) : (!pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c1 = arith.constant 1 : index
    pto.call @g(%w, %c1, %c1) : (!pto.tensor<16x16xf32>, index, index) -> ()
    pto.return
  }
}

// -----

// Under a loop of literal bounds: an allocation that becomes a window per
// iteration of one parameter, a view of it, and a column-major allocation
// that stays (no stacked buffer of it is one the runtime allocates). Then a
// literal view through a transpose that stays in the body (replay-invariant,
// so frozen correctly).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @kd(%x: !pto.tensor<4x16xf32, dn> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @k2(%x: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %j = %c0 to %c2 step %c1 {
      // expected-remark@+1 {{[Passed] hoisted-allocation | Category:pto-legalize-graph-boundary | Function=g | CallSiteName=alloc__graph_arg0, Parameter=1, Remark="moves to the call sites: it runs 2 times per call, under loops of literal bounds, so the recording would take it from the graph heap on every iteration of every call; now inout tensor parameter #1 of @g, allocated by each caller as 'alloc__graph_arg0', one window per iteration stacked along axis 0, each iteration viewing its own", Windows=2}}
      %buf = pto.create : !pto.tensor<16x16xf32>
      // expected-remark@+1 {{[Missed] view-left-in-place | Category:pto-legalize-graph-boundary | Function=g | Remark="stays in the body: it is a view of an allocation under loops of literal bounds, which becomes a window of its own per iteration"}}
      %part = pto.slice %buf[0, 0] [4, 16] : !pto.tensor<16x16xf32> to !pto.tensor<4x16xf32>
      %p1, %t = pto.submit @k(%part) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
      // expected-remark@+1 {{[Missed] allocation-left-in-place | Category:pto-legalize-graph-boundary | Function=g | Remark="stays in the body: under loops of literal bounds it is a fresh buffer per iteration, and one buffer of a window per iteration would not be a shape the runtime allocates (rank 0, column-major or over 32-bit extents) or would be empty"}}
      %col = pto.create : !pto.tensor<4x16xf32, dn>
      %c2b, %t3 = pto.submit @kd(%col) : (!pto.tensor<4x16xf32, dn>) -> !pto.tensor<4x16xf32, dn>
    }
    %wt = pto.transpose %w, 0, 1 : !pto.tensor<16x16xf32>
    // expected-remark@+1 {{[Missed] view-left-in-place | Category:pto-legalize-graph-boundary | Function=g | Remark="stays in the body: its window is the same on every call (replay-invariant), so the recording may keep it"}}
    %corner = pto.slice %wt[0, 0] [4, 16] : !pto.tensor<16x16xf32> to !pto.tensor<4x16xf32>
    %c1b, %t2 = pto.submit @k(%corner) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @g(%w) : (!pto.tensor<16x16xf32>) -> ()
    pto.return
  }
}

// -----

// Computed scalars that get no parameter: a chain only a hoisted view reads
// moves out with it (the call sites recompute it), and what is the same on
// every call stays, from literals or from a constant-trip loop's induction
// variable. Literal constants are not explained.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  // expected-remark@+2 {{[Passed] dead-parameter | Category:pto-legalize-graph-boundary | Function=g | Parameter=0}}
  // expected-remark@+1 {{[Passed] dead-parameter | Category:pto-legalize-graph-boundary | Function=g | Parameter=1}}
  pto.graph @g(%w: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}, %i: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-remark@+1 {{[Passed] scalar-recomputed-at-call-sites | Category:pto-legalize-graph-boundary | Function=g | Remark="moves to the call sites with its readers: only values that move out read it, so each call site recomputes it and it gets no parameter"}}
    %a = arith.muli %i, %c4 : index
    // expected-remark@+1 {{[Passed] scalar-recomputed-at-call-sites}}
    %b = arith.addi %a, %c4 : index
    // expected-remark@+1 {{[Passed] hoisted-view}}
    %v = pto.slice %w[%b, 0] [4, 16] : !pto.tensor<64x16xf32> to !pto.tensor<4x16xf32>
    // expected-remark@+1 {{[Missed] scalar-left-in-place | Category:pto-legalize-graph-boundary | Function=g | Remark="stays in the body: it is computed from literals and boundary tensor extents, the same on every call (replay-invariant)"}}
    %n = arith.addi %c4, %c4 : index
    %v1, %t = pto.submit @k(%v, %n) : (!pto.tensor<4x16xf32>, index) -> !pto.tensor<4x16xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      // expected-remark@+1 {{[Missed] scalar-left-in-place | Category:pto-legalize-graph-boundary | Function=g | Remark="stays in the body: it is computed from the induction variable of a loop of literal bounds, whose values every call repeats (replay-invariant)"}}
      %off = arith.muli %j, %c4 : index
      %v2, %t2 = pto.submit @k(%v, %off) : (!pto.tensor<4x16xf32>, index) -> !pto.tensor<4x16xf32>
    }
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<64x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c1 = arith.constant 1 : index
    pto.call @g(%w, %c1) : (!pto.tensor<64x16xf32>, index) -> ()
    pto.return
  }
}

// -----

// Allocations of one element type share an arena: each says where in it.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}) {
    // expected-remark@+1 {{[Passed] hoisted-allocation | Category:pto-legalize-graph-boundary | Function=g | ArenaOffset=0, CallSiteName=arena_f32__graph_arg0, Parameter=1, Remark="moves to the call sites: it runs once per call, so the recording would take it from the graph heap on every call; now elements [0, 64) of inout tensor parameter #1 of @g, an arena of f32 holding 2 allocations, allocated by each caller as 'arena_f32__graph_arg0'"}}
    %a = pto.create : !pto.tensor<4x16xf32>
    %a1, %t0 = pto.submit @k(%a) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
    // expected-remark@+1 {{[Passed] hoisted-allocation | Category:pto-legalize-graph-boundary | Function=g | ArenaOffset=256, CallSiteName=arena_f32__graph_arg0, Parameter=1, Remark="moves to the call sites: it runs once per call, so the recording would take it from the graph heap on every call; now elements [256, 320) of inout tensor parameter #1 of @g, an arena of f32 holding 2 allocations, allocated by each caller as 'arena_f32__graph_arg0'"}}
    %b = pto.create : !pto.tensor<4x16xf32>
    %b1, %t1 = pto.submit @k(%b) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
    %w1, %t2 = pto.submit @k(%w) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @g(%w) : (!pto.tensor<4x16xf32>) -> ()
    pto.return
  }
}

// -----

// A literal window of a buffer the body allocates stays in the body (the
// buffer becomes a parameter; the window is one of it at a fixed place).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%w: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}) {
    // expected-remark@+1 {{[Passed] hoisted-allocation | Category:pto-legalize-graph-boundary | Function=g | CallSiteName=alloc__graph_arg0, Parameter=1, Remark="moves to the call sites: it runs once per call, so the recording would take it from the graph heap on every call; now inout tensor parameter #1 of @g, allocated by each caller as 'alloc__graph_arg0'"}}
    %buf = pto.create : !pto.tensor<16x16xf32>
    // expected-remark@+1 {{[Missed] view-left-in-place | Category:pto-legalize-graph-boundary | Function=g | Remark="stays in the body: it is a window of a buffer the body allocates, the same on every call, and the buffer becomes a parameter"}}
    %part = pto.slice %buf[4, 0] [4, 16] : !pto.tensor<16x16xf32> to !pto.tensor<4x16xf32>
    %p1, %t = pto.submit @k(%part) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}) {
    pto.call @g(%w) : (!pto.tensor<4x16xf32>) -> ()
    pto.return
  }
}

// -----

// A view nothing reads is erased, not hoisted, and its source leaves the
// boundary with it.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>})
  // expected-remark@+2 {{[Passed] dead-parameter | Category:pto-legalize-graph-boundary | Function=g | Parameter=0, Remark="parameter #0 of @g leaves the boundary: after hoisting nothing in the body reads it"}}
  // expected-remark@+1 {{[Passed] dead-parameter | Category:pto-legalize-graph-boundary | Function=g | Parameter=2, Remark="parameter #2 of @g leaves the boundary: after hoisting nothing in the body reads it"}}
  pto.graph @g(%big: !pto.tensor<64x16xf32>, %w: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    // expected-remark@+1 {{[Passed] view-erased | Category:pto-legalize-graph-boundary | Function=g | Remark="is erased: nothing reads it"}}
    %unread = pto.slice %big[%n, 0] [4, 16] : !pto.tensor<64x16xf32> to !pto.tensor<4x16xf32>
    %w1, %t = pto.submit @k(%w) : (!pto.tensor<4x16xf32>) -> !pto.tensor<4x16xf32>
    pto.return
  }
  pto.orchestration @main(%big: !pto.tensor<64x16xf32>, %w: !pto.tensor<4x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.call @g(%big, %w, %n) : (!pto.tensor<64x16xf32>, !pto.tensor<4x16xf32>, index) -> ()
    pto.return
  }
}

// -----

// Literal windows past the tensor-parameter limit: moving both views would
// make 129 tensor parameters; they are the same on every call, so they stay
// in the body and `w` stays a parameter (128).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k32(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
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
               %t126: !pto.tensor<16xf32>) {
    // expected-remark@+1 {{stays in the body: its window is the same on every call (replay-invariant), and moving every such window to the call sites would give the Graph more tensor parameters than the runtime accepts (GRAPH_MAX_TENSOR_ARGS)}}
    %lo = pto.slice %w[0] [16] : !pto.tensor<32xf32> to !pto.tensor<16xf32>
    // expected-remark@+1 {{stays in the body: its window is the same on every call (replay-invariant), and moving every such window to the call sites would give the Graph more tensor parameters than the runtime accepts (GRAPH_MAX_TENSOR_ARGS)}}
    %hi = pto.slice %w[16] [16] : !pto.tensor<32xf32> to !pto.tensor<16xf32>
    %hi1, %t = pto.submit @k32(%lo, %hi) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}
