// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-mark-host-control-tensors

// Host control tensor rules (host_build_graph): a host access reaches only
// parameters, and a host control tensor never reaches the device. The
// translations read the pass's decision from the IR and check nothing.

module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.orchestration @reads_allocation() {
    // expected-note @below {{the tensor comes from here}}
    %t = pto.create : !pto.tensor<4xi32>
    // expected-error @below {{'pto.read' op reads a runtime allocation while the host builds the graph}}
    %v = pto.read %t[0] : !pto.tensor<4xi32>
    pto.return
  }
}

// -----

module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @produce(%o: !pto.tensor<4xi32> {pto.direction = #pto.direction<out>})
  pto.orchestration @writes_task_output(%o: !pto.tensor<4xi32> {pto.direction = #pto.direction<out>}) {
    // expected-note @below {{the tensor comes from here}}
    %o1, %t = pto.submit @produce(%o) : (!pto.tensor<4xi32>) -> !pto.tensor<4xi32>
    %v = arith.constant 1 : i32
    // expected-error @below {{'pto.write' op writes the output of a device task while the host builds the graph}}
    pto.write %v, %o1[0] : !pto.tensor<4xi32>
    pto.return
  }
}

// -----

module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<2xi32> {pto.direction = #pto.direction<in>})
  pto.orchestration @view_to_device(%ctl: !pto.tensor<8xi32> {pto.direction = #pto.direction<in>}) {
    // expected-note @below {{accessed on the host here}}
    %n = pto.read %ctl[0] : !pto.tensor<8xi32>
    %w = pto.slice %ctl[2] [2] : !pto.tensor<8xi32> to !pto.tensor<2xi32>
    // expected-error @below {{'pto.submit' op passes host control tensor #0 of @view_to_device to the device}}
    %t = pto.submit @k(%w) : (!pto.tensor<2xi32>) -> ()
    pto.return
  }
}

// -----

module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) {
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<4xi32>) -> !pto.tensor<4xi32>
    pto.return
  }
  pto.orchestration @carried_to_graph(%ctl: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %ctl) -> (!pto.tensor<4xi32>) {
      // expected-note @below {{accessed on the host here}}
      %v = pto.read %acc[0] : !pto.tensor<4xi32>
      scf.yield %acc : !pto.tensor<4xi32>
    }
    // expected-error @below {{'pto.call' op passes host control tensor #0 of @carried_to_graph to the device}}
    pto.call @g(%r) : (!pto.tensor<4xi32>) -> ()
    pto.return
  }
}

// -----

module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @predicate(%x: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>},
                               %ctl: !pto.tensor<1xi32> {pto.direction = #pto.direction<in>}) {
    // expected-note @below {{accessed on the host here}}
    %v = pto.read %ctl[0] : !pto.tensor<1xi32>
    // expected-error @below {{'pto.submit' op passes host control tensor #1 of @predicate to the device}}
    %x1, %t = pto.submit @k(%x) pred(%ctl : !pto.tensor<1xi32>) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>})
  // expected-note @below {{parameter #0 is marked 'pto.host_control'}}
  pto.orchestration @marked(%x: !pto.tensor<4xf32> {pto.direction = #pto.direction<inout>, pto.host_control}) {
    // expected-error @below {{'pto.submit' op passes host control tensor #0 of @marked to the device}}
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<4xf32>) -> !pto.tensor<4xf32>
    pto.return
  }
}

// -----

// A host control tensor through an op the analysis does not follow (here an
// scf.while carry) could reach the device unseen: rejected.
module attributes {pto.prepared, pto.runtime = #pto.runtime<host_build_graph>} {
  pto.orchestration @unfollowed(%ctl: !pto.tensor<4xi32> {pto.direction = #pto.direction<in>}, %c: i1) {
    // expected-note @below {{accessed on the host here}}
    %v = pto.read %ctl[0] : !pto.tensor<4xi32>
    // expected-error @below {{'scf.while' op takes host control tensor #0 of @unfollowed, which host control tensors cannot flow through}}
    %r = scf.while (%t = %ctl) : (!pto.tensor<4xi32>) -> !pto.tensor<4xi32> {
      scf.condition(%c) %t : !pto.tensor<4xi32>
    } do {
    ^bb0(%t: !pto.tensor<4xi32>):
      scf.yield %t : !pto.tensor<4xi32>
    }
    pto.return
  }
}
