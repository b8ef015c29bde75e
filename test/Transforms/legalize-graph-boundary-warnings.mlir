// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-legalize-graph-boundary -o /dev/null

// The boundary layout keys a Graph's recorded definitions, offsets between
// boundary tensors of one buffer included: a call in a loop that passes a
// tensor and a view of it at an offset known only at run time records a
// definition per distinct offset, and the runtime keeps 16 per Graph
// (issue 31 item 7: the 17th call failed at run time without a word here).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%a: !pto.tensor<8x16xf32>, %b: !pto.tensor<64x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<64x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %p: index) {
    %off = arith.muli %p, %p : index
    // expected-note@+1 {{argument #2}}
    %v = pto.slice %x[%off, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
    %c1, %t = pto.submit @acc(%v, %x, %c) : (!pto.tensor<8x16xf32>, !pto.tensor<64x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return
  }
  // expected-note@+1 {{argument #0}}
  pto.orchestration @main(%x: !pto.tensor<64x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      // expected-warning@+1 {{'pto.call' op passes arguments #0 and #2, views of one buffer whose offset from each other is not known at compile time: each distinct offset records a new definition of @g, and the runtime keeps at most 16 per Graph}}
      pto.call @g(%x, %c, %i) : (!pto.tensor<64x16xf32>, !pto.tensor<8x16xf32>, index) -> ()
    }
    pto.return
  }
}

// -----

// No word when the offsets are literals (one layout on every call), or when
// the call runs once.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%a: !pto.tensor<8x16xf32>, %b: !pto.tensor<64x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<64x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %p: index) {
    %v = pto.slice %x[%p, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
    %c1, %t = pto.submit @acc(%v, %x, %c) : (!pto.tensor<8x16xf32>, !pto.tensor<64x16xf32>, !pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<64x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      pto.call @g(%x, %c, %c8) : (!pto.tensor<64x16xf32>, !pto.tensor<8x16xf32>, index) -> ()
    }
    pto.call @g(%x, %c, %n) : (!pto.tensor<64x16xf32>, !pto.tensor<8x16xf32>, index) -> ()
    pto.return
  }
}

// -----

// The check reads the rewritten module: once the dead view of %x is gone and
// %x with it, @g's result ties to %c's new position, not to its old one
// (which names %n now: the replay fuzzer's crash of issue 31). No word here.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @acc(%a: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %n: index)
  pto.graph @g(%x: !pto.tensor<64x16xf32>, %a: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}, %n: index) -> !pto.tensor<8x16xf32> {
    %v = pto.slice %x[%n, 0] [8, 16] : !pto.tensor<64x16xf32> to !pto.tensor<8x16xf32>
    %c1, %t = pto.submit @acc(%a, %c, %n) : (!pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>, index) -> !pto.tensor<8x16xf32>
    pto.return %c : !pto.tensor<8x16xf32>
  }
  pto.orchestration @main(%x: !pto.tensor<64x16xf32>, %a: !pto.tensor<8x16xf32>, %c: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%b = %c) -> (!pto.tensor<8x16xf32>) {
      %n = pto.call @g(%x, %a, %b, %i) : (!pto.tensor<64x16xf32>, !pto.tensor<8x16xf32>, !pto.tensor<8x16xf32>, index) -> !pto.tensor<8x16xf32>
      scf.yield %n : !pto.tensor<8x16xf32>
    }
    pto.return
  }
}
