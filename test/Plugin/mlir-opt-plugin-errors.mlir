// REQUIRES: upstream-mlir-opt
// RUN: %mlir_opt %s -split-input-file -verify-diagnostics --load-dialect-plugin=%pto_plugin --load-pass-plugin=%pto_plugin --pass-pipeline='builtin.module(pto-graph-legalize-pipeline,canonicalize)'

// The dialect's verifiers and the legalization's diagnostics, reported by
// the upstream mlir-opt through the plugin.

// expected-error @below {{'pto.graph' op needs the host_build_graph runtime, but the module targets tensormap_and_ringbuffer}}
pto.graph @g(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  pto.return
}

// -----

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%w: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @below {{inside this loop, whose bounds or step are not all literals}}
    scf.for %j = %c0 to %n step %c1 {
      // expected-error @below {{launches a task a number of times that can differ between calls of Graph @layer}}
      %w1, %t = pto.submit @k(%w) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
  pto.orchestration @main(%w: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index) {
    pto.call @layer(%w, %n) : (!pto.tensor<16xf32>, index) -> ()
    pto.return
  }
}
