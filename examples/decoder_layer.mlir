// A decoder layer as a Graph, called once per layer from the orchestration:
// the program the legalize pipeline starts from. The body derives a scalar
// (`base`), takes a per-layer view of the stacked weights (`wl`) and allocates
// an intermediate (`tmp`): exactly what host_build_graph replay cannot patch.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aic @matmul(%x: !pto.tensor<16x128xf32>, %w: !pto.tensor<128x128xf32>,
                         %y: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @add(%a: !pto.tensor<16x128xf32>, %b: !pto.tensor<16x128xf32>,
                      %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>},
                      %scale: f32)

  pto.graph @layer(%a: !pto.tensor<16x128xf32>, %w: !pto.tensor<512x128xf32>,
                   %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>},
                   %layer_idx: index) -> !pto.tensor<16x128xf32> {
    %one = arith.constant 1.0 : f32
    %c128 = arith.constant 128 : index
    %base = arith.muli %layer_idx, %c128 : index
    %wl = pto.slice %w[%base, 0] [128, 128] : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32>
    %tmp = pto.create : !pto.tensor<16x128xf32>
    %tmp1, %t0 = pto.submit @matmul(%a, %wl, %tmp)
        : (!pto.tensor<16x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<16x128xf32>) -> !pto.tensor<16x128xf32>
    %c1, %t1 = pto.submit @add(%tmp1, %a, %c, %one)
        : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, f32) -> !pto.tensor<16x128xf32>
    pto.return %c1 : !pto.tensor<16x128xf32>
  }

  pto.orchestration @main(%a: !pto.tensor<16x128xf32>, %w: !pto.tensor<512x128xf32>,
                          %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>}) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %out = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (!pto.tensor<16x128xf32>) {
      %next = pto.call @layer(%a, %w, %acc, %i)
          : (!pto.tensor<16x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<16x128xf32>, index) -> !pto.tensor<16x128xf32>
      scf.yield %next : !pto.tensor<16x128xf32>
    }
    pto.return
  }
}
