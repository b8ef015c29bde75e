// RUN: pto-opt %s -verify-diagnostics --pto-hoist-call-site-allocations --remarks-filter=pto-hoist-call-site-allocations -o /dev/null

module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%t: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @acc(%t: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @layer(%tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %tmp1, %t = pto.submit @k(%tmp) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.graph @accumulate(%tmp: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>, pto.hoisted = #pto.hoisted<allocation>}) {
    %tmp1, %t = pto.submit @acc(%tmp) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-remark @below {{[Passed] allocation-out-of-caller-loop | Category:pto-hoist-call-site-allocations | Remark="moves before the caller's loop: the Graph writes each element of this intermediate before it reads it, so one buffer serves every call; the inout parameter orders the calls on it"}}
      %tmp = pto.create : !pto.tensor<16xf32>
      pto.call @layer(%tmp) : (!pto.tensor<16xf32>) -> ()
      // expected-remark @below {{[Missed] allocation-stays-in-caller-loop | Category:pto-hoist-call-site-allocations | Remark="stays in the loop: @accumulate may read parameter #0 before writing it, so a shared buffer would carry one call's contents into the next"}}
      %acc = pto.create : !pto.tensor<16xf32>
      pto.call @accumulate(%acc) : (!pto.tensor<16xf32>) -> ()
    }
    pto.scope manual {
      scf.for %i = %c0 to %c4 step %c1 {
        // expected-remark @below {{[Missed] allocation-stays-in-caller-loop | Category:pto-hoist-call-site-allocations | Remark="stays in the loop: the loop is in a manual scope, where nothing would order the calls sharing one buffer"}}
        %tmp = pto.create : !pto.tensor<16xf32>
        pto.call @layer(%tmp) : (!pto.tensor<16xf32>) -> ()
      }
    }
    pto.return
  }
}
