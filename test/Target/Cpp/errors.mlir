// RUN: pto-translate --pto-to-cpp -split-input-file -verify-diagnostics %s

// Every diagnostic of the orchestration C++ translation, at the op that cannot
// be printed. The input is given as the translation sees it (scopes and
// pto.carry_variables written out where the prepare pipeline would add them).

// expected-error @below {{expects exactly one pto.orchestration function (the runtime entry), found 0}}
module attributes {pto.prepared} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>)
}

// -----

// expected-error @below {{expects exactly one pto.orchestration function (the runtime entry), found 2}}
module attributes {pto.prepared} {
  pto.orchestration @first() {
    pto.return
  }
  pto.orchestration @second() {
    pto.return
  }
}

// -----

// A pto.create the prepare pipeline did not batch.
module attributes {pto.prepared} {
  pto.orchestration @main() {
    // expected-error @below {{'pto.create' op is not in a pto.alloc_tensors: run pto-batch-allocations (part of pto-orchestration-prepare-pipeline) first}}
    %c = pto.create : !pto.tensor<16xf32>
    pto.return
  }
}


// -----

module attributes {pto.prepared} {
  pto.kernel aiv @k(%x: !pto.tensor<f32> {pto.direction = #pto.direction<out>})
  pto.orchestration @main() {
    // expected-error @below {{'pto.submit' op leaves the runtime to allocate '!pto.tensor<f32>', which it cannot}}
    %x, %t = pto.submit @k() : () -> !pto.tensor<f32>
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.kernel aiv @k(%c: !pto.tensor<16x8xf32, dn> {pto.direction = #pto.direction<out>})
  pto.orchestration @main() {
    // expected-error @below {{'pto.submit' op leaves the runtime to allocate '!pto.tensor<16x8xf32, dn>', which it cannot (TensorCreateInfo takes a row-major shape of rank 1 or more)}}
    %r, %t = pto.submit @k() : () -> !pto.tensor<16x8xf32, dn>
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%a: i32) attributes {pto.cpp_arg_names = ["scalar0"]} {
    // expected-error @below {{'arith.uitofp' op has no orchestration C++ translation}}
    %f = arith.uitofp %a : i32 to f32
    pto.return
  }
}

// -----

// arith.fptosi to i1 has no C++ spelling (a bool conversion tests != 0).
module attributes {pto.prepared} {
  pto.orchestration @main(%a: f32) attributes {pto.cpp_arg_names = ["scalar0"]} {
    // expected-error @below {{'arith.fptosi' op has no orchestration C++ translation}}
    %b = arith.fptosi %a : f32 to i1
    pto.return
  }
}

// -----

// Arithmetic and ordering on i1: arith's i1 is signed (true is -1) and wraps
// mod 2, C++ bool orders false < true and promotes to int, so they disagree
// (cmpi slt(true, false) and maxsi(true, false): arith true and false, C++
// false and true; addi(true, true): arith false, C++ true). Only bitwise
// logic, cmpi eq/ne, select and conversions of i1 are printed (scalars.mlir);
// every other op on i1 operands is an error, the unsigned ones included.
module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.cmpi' op computes on i1 values, which the translation prints only for bitwise logic, equality, selection and conversions}}
    %r = arith.cmpi slt, %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.cmpi' op computes on i1 values}}
    %r = arith.cmpi sge, %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.cmpi' op computes on i1 values}}
    %r = arith.cmpi ugt, %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.maxsi' op computes on i1 values}}
    %r = arith.maxsi %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.minsi' op computes on i1 values}}
    %r = arith.minsi %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.maxui' op computes on i1 values}}
    %r = arith.maxui %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.addi' op computes on i1 values}}
    %r = arith.addi %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.subi' op computes on i1 values}}
    %r = arith.subi %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.muli' op computes on i1 values}}
    %r = arith.muli %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%p: i1, %q: i1) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.shrui' op computes on i1 values}}
    %r = arith.shrui %p, %q : i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%a: index, %b: index) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'arith.ceildivsi' op has no orchestration C++ translation}}
    %q = arith.ceildivsi %a, %b : index
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%a: i32) attributes {pto.cpp_arg_names = ["scalar0"]} {
    // expected-error @below {{'arith.addui_extended' op has no orchestration C++ translation}}
    %sum, %overflow = arith.addui_extended %a, %a : i32, i1
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%a: f32) attributes {pto.cpp_arg_names = ["scalar0"]} {
    // expected-error @below {{'arith.truncf' op produces 'f16', which has no C++ scalar type here}}
    %h = arith.truncf %a : f32 to f16
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main() {
    // expected-error @below {{'arith.constant' op has no C++ scalar type}}
    %c = arith.constant 5 : i128
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main() {
    // expected-error @below {{'arith.constant' op has no C++ literal for 1.000000e+00 : bf16}}
    %c = arith.constant 1.0 : bf16
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main() {
    // expected-error @below {{'arith.constant' op has no C++ literal for dense<1> : vector<2xi32>}}
    %c = arith.constant dense<1> : vector<2xi32>
    pto.return
  }
}


// -----

module attributes {pto.prepared} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %p: !pto.tensor<1xi32>) attributes {pto.cpp_arg_names = ["ext_arg0", "ext_arg1"]} {
    // expected-error @below {{'pto.submit' op has a dispatch predicate, which the translation does not support yet}}
    %x1, %t = pto.submit @k(%x) pred(%p : !pto.tensor<1xi32>) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----


module attributes {pto.prepared} {
  pto.orchestration @main(%x: !pto.tensor<4xf16>) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    // expected-error @below {{'pto.read' op reads 'f16', which has no C++ scalar type here}}
    %v = pto.read %x[0] : !pto.tensor<4xf16>
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main() {
    %zero = arith.constant 0.0 : f32
    // expected-error @below {{'pto.full' op has no translation at this runtime and API level: only the tensormap_and_ringbuffer runtime's public API (simpler_6ebaf771) fills a new tensor (TensorCreateInfo::set_initial_value)}}
    %z = pto.full %zero : !pto.tensor<16xf32>
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%n: index) attributes {pto.cpp_arg_names = ["scalar0"]} {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'scf.while' op has no orchestration C++ translation}}
    %r = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i: index):
      scf.yield %i : index
    }
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) attributes {pto.cpp_arg_names = ["ext_arg0", "scalar0"]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @below {{'scf.for' op has no 'pto.carry_variables' attribute: run pto-classify-result-variables before the translation}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (!pto.tensor<16xf32>) {
      %acc1, %t = pto.submit @k(%acc) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      scf.yield %acc1 : !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%n: i1) attributes {pto.cpp_arg_names = ["scalar0"]} {
    %c0 = arith.constant false
    %c1 = arith.constant true
    // expected-error @below {{'scf.for' op compares an i1 counter unsigned: not translated (use a wider counter)}}
    scf.for unsigned %i = %c0 to %n step %c1 : i1 {
    }
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.orchestration @main(%f: i1, %a: f32) attributes {pto.cpp_arg_names = ["scalar0", "scalar1"]} {
    // expected-error @below {{'scf.if' op needs a C++ variable of type 'f16', which the translation cannot declare}}
    %h = scf.if %f -> (f16) {
      %x = arith.truncf %a : f32 to f16
      scf.yield %x : f16
    } else {
      %y = arith.truncf %a : f32 to f16
      scf.yield %y : f16
    } {pto.cpp_names = ["h"], pto.result_variables = array<i1: true>}
    pto.return
  }
}

// -----

module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @use(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) -> !pto.tensor<16xf32> attributes {pto.cpp_arg_names = ["tensor0"], pto.cpp_name = "main_graph_layer"} {
    %c = pto.alloc_tensors {pto.cpp_names = ["c"]} : !pto.tensor<16xf32>
    %c1, %t = pto.submit @k(%c) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return %c1 : !pto.tensor<16xf32>
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    // expected-error @below {{'pto.call' op uses result #0, which is not one of the Graph's parameters: run pto-graph-legalize-pipeline first}}
    %r = pto.call @layer(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %x1, %t = pto.submit @use(%r, %x) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// Constant operands for which the C++ would be undefined.
module attributes {pto.prepared} {
  pto.kernel aiv @k(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}, %s: i32, %t: i32)
  pto.orchestration @main(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}, %x: i32) attributes {pto.cpp_arg_names = ["ext_arg0", "scalar0"]} {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    // expected-error @below {{'arith.divui' op divides by the constant zero}}
    %s = arith.divui %x, %c0 : i32
    %t = arith.shrui %x, %c32 : i32
    %o1, %id = pto.submit @k(%o, %s, %t) : (!pto.tensor<4xf32>, i32, i32) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.kernel aiv @k(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}, %t: i32)
  pto.orchestration @main(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}, %x: i32) attributes {pto.cpp_arg_names = ["ext_arg0", "scalar0"]} {
    %c32 = arith.constant 32 : i32
    // expected-error @below {{'arith.shrui' op shifts by 32, not below the bit width 32: the result is poison}}
    %t = arith.shrui %x, %c32 : i32
    %o1, %id = pto.submit @k(%o, %t) : (!pto.tensor<4xf32>, i32) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// The runtime's shapes and offsets are 32 bits wide.
module attributes {pto.prepared} {
  pto.kernel aiv @k(%a: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%a: !pto.tensor<?xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    // expected-error @below {{'pto.slice' op uses the literal 4294967296, which does not fit the runtime's 32-bit shapes and offsets}}
    %v = pto.slice %a[4294967296] [4] : !pto.tensor<?xf32> to !pto.tensor<4xf32>
    %o, %t = pto.submit @k(%v) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// A runtime-allocated output is sized by a 32-bit shape too.
module attributes {pto.prepared} {
  pto.kernel aiv @k(%a: !pto.tensor<4xf32>, %o: !pto.tensor<4294967296xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @main(%a: !pto.tensor<4xf32>) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    // expected-error @below {{'pto.submit' op leaves the runtime to allocate an extent of 4294967296, which does not fit its 32-bit shapes}}
    %o, %t = pto.submit @k(%a) : (!pto.tensor<4xf32>) -> !pto.tensor<4294967296xf32>
    pto.return
  }
}

// -----

// The one signed quotient that overflows: INT64_MIN / -1 (and its remainder).
module attributes {pto.prepared} {
  pto.kernel aiv @k(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}, %s: i64)
  pto.orchestration @main(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    %min = arith.constant -9223372036854775808 : i64
    %m1 = arith.constant -1 : i64
    // expected-error @below {{'arith.divsi' op divides the smallest 64-bit value by -1: the quotient overflows}}
    %q = arith.divsi %min, %m1 : i64
    %o1, %id = pto.submit @k(%o, %q) : (!pto.tensor<4xf32>, i64) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.kernel aiv @k(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}, %s: i32)
  pto.orchestration @main(%o: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    %min = arith.constant -2147483648 : i32
    %m1 = arith.constant -1 : i32
    // expected-error @below {{'arith.remsi' op divides the smallest 32-bit value by -1: the quotient overflows}}
    %r = arith.remsi %min, %m1 : i32
    %o1, %id = pto.submit @k(%o, %r) : (!pto.tensor<4xf32>, i32) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// A constant step of 0 would submit forever.
module attributes {pto.prepared} {
  pto.kernel aiv @k(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    pto.scope {
      // expected-error @below {{'scf.for' op has the constant step 0: the loop would never end}}
      scf.for %i = %c0 to %c4 step %c0 {
        pto.scope {
          %y1, %t = pto.submit @k(%y) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
        }
      }
    }
    pto.return
  }
}

// -----

module attributes {pto.prepared} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    // expected-error @below {{'pto.scope' op has no 'pto.result_variables' attribute: run pto-classify-result-variables before the translation}}
    %r = pto.scope -> !pto.tensor<16xf32> {
      %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield %x1 : !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// A hand-written pto.result_variables that says "no variable" for branches
// yielding different buffers: reported, not printed as one of them.
module attributes {pto.prepared} {
  pto.orchestration @main(%a: !pto.tensor<16xf32>, %b: !pto.tensor<16xf32>, %f: i1) attributes {pto.cpp_arg_names = ["ext_arg0", "ext_arg1", "scalar0"]} {
    %r = scf.if %f -> (!pto.tensor<16xf32>) {
      scf.yield %a : !pto.tensor<16xf32>
    } else {
      // expected-error @below {{'scf.yield' op yields the buffer 'ext_arg1' where the IR records the buffer 'ext_arg0' and no variable: rerun pto-classify-result-variables after changing the IR}}
      scf.yield %b : !pto.tensor<16xf32>
    } {pto.result_variables = array<i1: false>}
    pto.return
  }
}

// -----

// The C++ names are recorded by pto-legalize-cpp-names: a value the C++
// declares without one is reported, not given a name here.
module attributes {pto.prepared} {
  pto.orchestration @main(%a: index, %b: index) attributes {pto.cpp_arg_names = ["a", "b"]} {
    // expected-error @below {{'arith.addi' op declares a C++ variable for a value with no recorded name: run pto-legalize-cpp-names (part of pto-orchestration-prepare-pipeline) after changing the IR}}
    %s = arith.addi %a, %b : index
    pto.return
  }
}

// -----

// A recorded name the C++ cannot use.
module attributes {pto.prepared} {
  pto.orchestration @main(%a: index, %b: index) attributes {pto.cpp_arg_names = ["a", "b"]} {
    // expected-error @below {{'arith.addi' op records the C++ name 'orch_args', which is reserved (a keyword, a runtime name, or spelled like a macro or an implementation name)}}
    %s = arith.addi %a, %b {pto.cpp_names = ["orch_args"]} : index
    pto.return
  }
}

// -----

// Two values recorded under one name: the second would shadow or redeclare
// the first.
module attributes {pto.prepared} {
  pto.orchestration @main(%a: index, %b: index) attributes {pto.cpp_arg_names = ["a", "b"]} {
    // expected-error @below {{'arith.addi' op records the C++ name 'a', which another value of the module has: rerun pto-legalize-cpp-names after changing the IR}}
    %s = arith.addi %a, %b {pto.cpp_names = ["a"]} : index
    pto.return
  }
}

// -----

module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-error @below {{'pto.graph' op has no 'pto.cpp_name' attribute: run pto-legalize-cpp-names before the translation}}
  pto.graph @g(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["x"]} {
    pto.return
  }
  pto.orchestration @main(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_a"]} {
    pto.call @g(%a) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// Filling a new tensor (TensorCreateInfo::set_initial_value) is the
// tensormap_and_ringbuffer runtime's public API alone.
module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>, pto.runtime_api = #pto.runtime_api<simpler_6ebaf771>} {
  pto.orchestration @main(%v: f32) attributes {pto.cpp_arg_names = ["v"]} {
    pto.scope {
      // expected-error @below {{'pto.full' op has no translation at this runtime and API level: only the tensormap_and_ringbuffer runtime's public API (simpler_6ebaf771) fills a new tensor (TensorCreateInfo::set_initial_value)}}
      %t = pto.full %v {pto.cpp_names = ["t"]} : !pto.tensor<4xf32>
    }
    pto.return
  }
}

// -----

// A filled tensor is allocated from a TensorCreateInfo: row-major, rank 1 or
// more, 32-bit extents.
module attributes {pto.prepared, pto.runtime = #pto.runtime<tensormap_and_ringbuffer>, pto.runtime_api = #pto.runtime_api<simpler_6ebaf771>} {
  pto.orchestration @main(%v: i32) attributes {pto.cpp_arg_names = ["v"]} {
    pto.scope {
      // expected-error @below {{'pto.full' op allocates '!pto.tensor<4x8xi32, dn>', which the runtime cannot allocate (TensorCreateInfo takes a row-major shape of rank 1 or more)}}
      %t = pto.full %v {pto.cpp_names = ["t"]} : !pto.tensor<4x8xi32, dn>
    }
    pto.return
  }
}
