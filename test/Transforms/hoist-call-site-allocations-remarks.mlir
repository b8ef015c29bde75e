// RUN: pto-opt %s -verify-diagnostics --pto-hoist-call-site-allocations --remarks-filter=pto-hoist-call-site-allocations -o /dev/null

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%t: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %tmp1, %t = pto.submit @k(%tmp) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-remark @below {{[Passed] allocation-out-of-caller-loop | Category:pto-hoist-call-site-allocations | Remark="moves before the caller's loop: the Graph writes this intermediate before reading it, so one buffer serves every call; the inout parameter orders the calls on it"}}
      %tmp = pto.create : !pto.tensor<16xf32>
      pto.call @layer(%tmp) : (!pto.tensor<16xf32>) -> ()
    }
    pto.return
  }
}
