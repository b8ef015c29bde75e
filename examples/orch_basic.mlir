// Two additions through one intermediate, for the default runtime
// (tensormap_and_ringbuffer): c = a + b; d = c + b.
module {
  pto.kernel aiv @kernel_add(%x: !pto.tensor<16x16xf32>, %y: !pto.tensor<16x16xf32>,
                             %z: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>})

  pto.orchestration @orch_basic(%a: !pto.tensor<16x16xf32> loc("a"), %b: !pto.tensor<16x16xf32> loc("b"),
                                %d: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<out>} loc("d")) {
    %c = pto.create : !pto.tensor<16x16xf32> loc("c")
    %c1, %t0 = pto.submit @kernel_add(%a, %b, %c)
        : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    %d1, %t1 = pto.submit @kernel_add(%c1, %b, %d)
        : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    pto.return
  }
}
