// The full example of docs/translation.md ("A full example"): a Graph that
// derives a scalar (`base`), takes a per-layer view of a boundary tensor
// (`wl`), allocates an intermediate (`tmp`), launches two kernels and runs a
// scalar-only loop up to a scalar parameter (`steps`, a construction value),
// called four times from the orchestration.
//
//   pto-opt graph_translation.mlir --pto-graph-legalize-pipeline \
//       --pto-orchestration-prepare-pipeline --mlir-print-debuginfo \
//     | pto-translate --pto-to-cpp
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aic @matmul(%x: !pto.tensor<16x128xf32>, %w: !pto.tensor<128x128xf32>,
                         %y: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<out>})
  pto.kernel aiv @add(%x: !pto.tensor<16x128xf32>,
                      %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>},
                      %off: index, %idx: index)

  pto.graph @layer(%a: !pto.tensor<16x128xf32> loc("a"),
                   %w: !pto.tensor<512x128xf32> loc("w"),
                   %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>} loc("c"),
                   %layer_idx: index loc("layer_idx"),
                   %steps: index loc("steps")) -> !pto.tensor<16x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %base = arith.muli %layer_idx, %c128 : index loc("base")
    %wl = pto.slice %w[%base, 0] [128, 128]
        : !pto.tensor<512x128xf32> to !pto.tensor<128x128xf32> loc("wl")
    %tmp = pto.create : !pto.tensor<16x128xf32> loc("tmp")
    %tmp1, %t0 = pto.submit @matmul(%a, %wl, %tmp)
        : (!pto.tensor<16x128xf32>, !pto.tensor<128x128xf32>, !pto.tensor<16x128xf32>) -> !pto.tensor<16x128xf32>
    %c_next, %t1 = pto.submit @add(%tmp1, %c, %base, %layer_idx)
        : (!pto.tensor<16x128xf32>, !pto.tensor<16x128xf32>, index, index) -> !pto.tensor<16x128xf32>
    %total = scf.for %j = %c0 to %steps step %c1 iter_args(%acc = %c0) -> (index) {
      %next = arith.addi %acc, %j : index loc("next")
      scf.yield %next : index
    } loc("total")
    pto.return %c_next : !pto.tensor<16x128xf32>
  }

  pto.orchestration @main(%a: !pto.tensor<16x128xf32> loc("a"),
                          %w: !pto.tensor<512x128xf32> loc("w"),
                          %c: !pto.tensor<16x128xf32> {pto.direction = #pto.direction<inout>} loc("c"),
                          %steps: index loc("steps")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> (!pto.tensor<16x128xf32>) {
      %next = pto.call @layer(%a, %w, %acc, %i, %steps)
          : (!pto.tensor<16x128xf32>, !pto.tensor<512x128xf32>, !pto.tensor<16x128xf32>, index, index) -> !pto.tensor<16x128xf32>
      scf.yield %next : !pto.tensor<16x128xf32>
    } loc("out")
    pto.return
  }
}
