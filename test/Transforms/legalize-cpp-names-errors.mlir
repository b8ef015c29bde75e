// RUN: pto-opt %s -split-input-file -verify-diagnostics

// Dialect verification of the names pto-legalize-cpp-names records:
// `pto.cpp_names` (one string per result), `pto.cpp_arg_names` (one per
// entry block argument of pto.graph, pto.orchestration or scf.for) and
// `pto.cpp_name` (a pto.graph's C++ function); each entry "" or a C++
// identifier. Each case is rejected when parsed, before any pass runs.

pto.orchestration @wrong_count(%a: index, %b: index) {
  // expected-error @below {{'pto.cpp_names' has 2 entries for 1 results}}
  %s = arith.addi %a, %b {pto.cpp_names = ["s", "t"]} : index
  pto.return
}

// -----

pto.orchestration @not_an_identifier(%a: index, %b: index) {
  // expected-error @below {{'pto.cpp_names' entry #0 'a b' is not a C++ identifier}}
  %s = arith.addi %a, %b {pto.cpp_names = ["a b"]} : index
  pto.return
}

// -----

pto.orchestration @digit_first(%a: index, %b: index) {
  // expected-error @below {{'pto.cpp_names' entry #0 '1x' is not a C++ identifier}}
  %s = arith.addi %a, %b {pto.cpp_names = ["1x"]} : index
  pto.return
}

// -----

pto.orchestration @not_strings(%a: index, %b: index) {
  // expected-error @below {{'pto.cpp_names' must be an array of strings}}
  %s = arith.addi %a, %b {pto.cpp_names = [1]} : index
  pto.return
}

// -----

// expected-error @below {{'pto.cpp_arg_names' has 1 entries for 2 block arguments}}
pto.orchestration @wrong_arg_count(%a: index, %b: index) attributes {pto.cpp_arg_names = ["a"]} {
  pto.return
}

// -----

pto.orchestration @on_a_scope() {
  // expected-error @below {{'pto.cpp_arg_names' may only be set on pto.graph, pto.orchestration and scf.for}}
  pto.scope {
  } {pto.cpp_arg_names = []}
  pto.return
}

// -----

pto.orchestration @loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{'pto.cpp_arg_names' has 2 entries for 1 block arguments}}
  scf.for %i = %c0 to %n step %c1 {
  } {pto.cpp_arg_names = ["i", "j"]}
  pto.return
}

// -----

// expected-error @below {{'pto.cpp_name' must be a string on a pto.graph}}
pto.orchestration @function_name() attributes {pto.cpp_name = "f"} {
  pto.return
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  // expected-error @below {{'pto.cpp_name' 'main graph' is not a C++ identifier}}
  pto.graph @g(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_name = "main graph"} {
    pto.return
  }
}
