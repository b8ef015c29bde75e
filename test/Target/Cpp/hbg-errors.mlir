// RUN: pto-translate --pto-to-cpp -split-input-file -verify-diagnostics %s

// Graph-related diagnostics of the orchestration C++ translation
// (docs/translation.md, "Graph functions (host_build_graph)"). The input is
// prepared IR written by hand: the translation sees it as after the legalize
// and prepare pipelines would leave it (scopes, pto.carry_variables and
// pto.result_variables written out), but breaking one rule each.
// test_translate_graphs.py checks that each case also raises MLIRError from
// Python. (A Graph outside host_build_graph is the dialect's to reject:
// test/Dialect/PTO/invalid.mlir.)

// A call result that is not one of the Graph's parameters (the Graph returns
// a buffer it allocated: not legalized), read by a later launch.
module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32>, %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.graph @layer(%x: !pto.tensor<16xf32>) -> !pto.tensor<16xf32> attributes {pto.cpp_arg_names = ["tensor0"], pto.cpp_name = "main_graph_layer"} {
    %y = pto.alloc_tensors {pto.cpp_names = ["y"]} : !pto.tensor<16xf32>
    %r = pto.scope -> !pto.tensor<16xf32> {
      %y1, %t = pto.submit @k(%x, %y) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      pto.yield %y1 : !pto.tensor<16xf32>
    } {pto.cpp_names = ["r"], pto.result_variables = array<i1: true>}
    pto.return %r : !pto.tensor<16xf32>
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32>, %o: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>}) attributes {pto.cpp_arg_names = ["ext_arg0", "ext_arg1"]} {
    pto.scope {
      // expected-error @below {{'pto.call' op uses result #0, which is not one of the Graph's parameters: run pto-graph-legalize-pipeline first}}
      %r = pto.call @layer(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      %o1, %t = pto.submit @k(%r, %o) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}

// -----

// The same for the second result, returned as a view of a parameter (a view
// is not the parameter), carried out of a loop by a loop-carried value.
module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%x: !pto.tensor<32xf32> {pto.direction = #pto.direction<inout>},
                   %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
      -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>) attributes {pto.cpp_arg_names = ["tensor0", "tensor1"], pto.cpp_name = "main_graph_layer"} {
    %v = pto.slice %x[0] [16] {pto.cpp_names = ["v"]} : !pto.tensor<32xf32> to !pto.tensor<16xf32>
    pto.scope {
      %v1, %t = pto.submit @k(%v) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return %y, %v : !pto.tensor<16xf32>, !pto.tensor<16xf32>
  }
  pto.orchestration @main(%x: !pto.tensor<32xf32> {pto.direction = #pto.direction<inout>},
                          %y: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0", "ext_arg1"]} {
    pto.scope {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%cur = %y) -> (!pto.tensor<16xf32>) {
        // expected-error @below {{'pto.call' op uses result #1, which is not one of the Graph's parameters}}
        %a, %b = pto.call @layer(%x, %cur) : (!pto.tensor<32xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
        scf.yield %b : !pto.tensor<16xf32>
      } {pto.carry_variables = array<i1: true>, pto.cpp_arg_names = ["i", "cur"]}
    }
    pto.return
  }
}

// -----

// A construction value (a boundary scalar read while the Graph is recorded)
// of a type with no C++ scalar type: it cannot be decoded from the Config.
module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  // expected-error @below {{'pto.graph' op reads scalar parameter #1 of type 'f16', which has no C++ scalar type here}}
  pto.graph @layer(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %h: f16 {pto.config_scalar}) attributes {pto.cpp_arg_names = ["tensor0", "scalar0"], pto.cpp_name = "main_graph_layer"} {
    %z = arith.constant 0.0 : f16
    %c = arith.cmpf ogt, %h, %z : f16
    scf.if %c {
      %x0 = arith.constant 0 : index
    }
    pto.scope {
      %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    pto.scope {
      %h = arith.constant 1.0 : f16
      pto.call @layer(%x, %h) : (!pto.tensor<16xf32>, f16) -> ()
    }
    pto.return
  }
}

// -----

// A host read in a Graph body runs only when the Graph is recorded: its
// value would be frozen into the recording.
module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %flags: !pto.tensor<4xi32>) attributes {pto.cpp_arg_names = ["tensor0", "tensor1", "tensor2"], pto.cpp_name = "main_graph_g"} {
    pto.scope {
      // expected-error @below {{'pto.read' op accesses a tensor on the host while Graph @g is recorded: replay does not re-run the body, so the access would happen on the first call only; read host control data in the orchestration function and pass it as a scalar parameter}}
      %n = pto.read %flags[0] : !pto.tensor<4xi32>
      %c1, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
  pto.orchestration @main(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %flags: !pto.tensor<4xi32>) attributes {pto.cpp_arg_names = ["ext_arg0", "ext_arg1", "ext_arg2"]} {
    pto.scope {
      pto.call @g(%a, %c, %flags) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>, !pto.tensor<4xi32>) -> ()
    }
    pto.return
  }
}

// -----

// A boundary scalar the body reads while it is recorded, left unmarked (the
// prepare pipeline's pto-mark-graph-config-scalars did not run on it): the
// translation has no Config field to read it from.
module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) attributes {pto.cpp_arg_names = ["tensor0", "scalar0"], pto.cpp_name = "main_graph_layer"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @below {{'scf.for' op reads the value of a Graph's boundary scalar while the Graph is recorded, but the scalar is not marked 'pto.config_scalar': run pto-mark-graph-config-scalars (part of pto-orchestration-prepare-pipeline) first}}
    scf.for %i = %c0 to %n step %c1 {
      pto.scope {
        %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
    }
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) attributes {pto.cpp_arg_names = ["ext_arg0"]} {
    pto.scope {
      %n = arith.constant 2 : index
      pto.call @layer(%x, %n) : (!pto.tensor<16xf32>, index) -> ()
    }
    pto.return
  }
}
