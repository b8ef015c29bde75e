// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-normalize-return-order

// A returned tensor that is not, by buffer identity, one of the function's
// parameters: an error at the return, with a note at the op that made it.

// A return of an allocation.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.graph @g(%x: !pto.tensor<16xf32>,
               %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<16xf32> {
    // expected-note@+1 {{the returned buffer comes from this 'pto.create'}}
    %t = pto.create : !pto.tensor<16xf32>
    // expected-error@+1 {{'pto.return' op returns at position 0 a tensor that is not one of @g's parameters: a Graph may only return its own parameters}}
    pto.return %t : !pto.tensor<16xf32>
  }
}

// -----

// A return of a view of a parameter.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.graph @g(%x: !pto.tensor<16xf32>,
               %c: !pto.tensor<32xf32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<16xf32> {
    // expected-note@+1 {{the returned buffer comes from this 'pto.slice'}}
    %v = pto.slice %c[0] [16] : !pto.tensor<32xf32> to !pto.tensor<16xf32>
    // expected-error@+1 {{'pto.return' op returns at position 0 a tensor that is not one of @g's parameters}}
    pto.return %v : !pto.tensor<16xf32>
  }
}

// -----

// A return of an scf.if choosing between two parameters.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.graph @g(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
               %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
               %f: i1) -> !pto.tensor<16xf32> {
    // expected-note@+1 {{the returned buffer comes from this 'scf.if'}}
    %r = scf.if %f -> (!pto.tensor<16xf32>) {
      scf.yield %a : !pto.tensor<16xf32>
    } else {
      scf.yield %b : !pto.tensor<16xf32>
    }
    // expected-error@+1 {{'pto.return' op returns at position 0 a tensor that is not one of @g's parameters}}
    pto.return %r : !pto.tensor<16xf32>
  }
}

// -----

// A runtime-allocated output (omitted out tail) is no parameter; the error
// names the position.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>,
                    %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                    %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.graph @g(%x: !pto.tensor<16xf32>,
               %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) {
    // expected-note@+1 {{the returned buffer comes from this 'pto.submit'}}
    %c1, %y, %t = pto.submit @k(%x, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
    // expected-error@+1 {{'pto.return' op returns at position 1 a tensor that is not one of @g's parameters}}
    pto.return %c1, %y : !pto.tensor<16xf32>, !pto.tensor<16xf32>
  }
}

// -----

// A loop whose iter_arg does not carry the same buffer; in a kernel body.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @kb(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>},
                     %b: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> !pto.tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-note@+1 {{the returned buffer comes from this 'scf.for'}}
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a) -> (!pto.tensor<16xf32>) {
      scf.yield %b : !pto.tensor<16xf32>
    }
    // expected-error@+1 {{'pto.return' op returns at position 0 a tensor that is not one of @kb's parameters: a kernel may only return its own parameters}}
    pto.return %l : !pto.tensor<16xf32>
  }
}

// -----

// A Graph returning what a Graph it calls returns: the call is the error,
// reported as the legalization reports it (the callee's return is not yet
// normalized, so the result names no parameter of @outer).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @inner(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<16xf32> {
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %x1 : !pto.tensor<16xf32>
  }
  pto.graph @outer(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<16xf32> {
    // expected-error@+1 {{'pto.call' op calls Graph @inner from Graph @outer: the runtime cannot record a Graph while recording another}}
    %y = pto.call @inner(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %y : !pto.tensor<16xf32>
  }
}
