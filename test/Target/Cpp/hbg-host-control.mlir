// RUN: pto-opt %s --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-cpp | FileCheck %s
// RUN: pto-opt %s --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline --mlir-print-debuginfo | pto-translate --pto-to-arg-metadata | FileCheck %s --check-prefix=META

// Host control tensors under host_build_graph (docs/translation.md, "Host
// control tensors"; issue 5, "Deliver" 4): the orchestration reads `lens`
// in a loop and a branch and writes `flags` through a view, on the host,
// with get_tensor_data / set_tensor_data. The argument metadata keeps
// exactly those two in HOST storage with no transfer; `x`, which the Graph
// launches take, keeps the device upload. The C++ names them in a comment.

// CHECK-LABEL: // Orchestration function: main
// CHECK:       // Host control tensors (HOST storage, no transfer): #1 lens, #2 flags.
// CHECK-NEXT:  void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
// CHECK-NEXT:    const ChipTensor& ext_x = orch_args.tensor(0).ref();
// CHECK-NEXT:    const ChipTensor& ext_lens = orch_args.tensor(1).ref();
// CHECK-NEXT:    const ChipTensor& ext_flags = orch_args.tensor(2).ref();
// CHECK:           for (int64_t i = (int64_t)0; i < (int64_t)8; i += (int64_t)1) {
// CHECK:               if (use_lens) {
// CHECK:                 const int32_t [[N:n_?[0-9]*]] = get_tensor_data<int32_t>(ext_lens, 1, [[N]]_index);
// CHECK:                 rt_submit_graph(&main_graph_g, params_t0, params_t0_config);
// CHECK:         ChipTensor row = ext_flags.view(row_shapes, row_offsets);
// CHECK:         set_tensor_data<int32_t>(row, 2, write_index, (int32_t)7);

// META:      "entry": "main",
// META-NEXT: "runtime": "host_build_graph",
// META-NEXT: "arguments": [
// META-NEXT:   {
// META-NEXT:     "index": 0,
// META-NEXT:     "name": "x",
// META-NEXT:     "kind": "tensor",
// META-NEXT:     "slot": 0,
// META-NEXT:     "type": "!pto.tensor<16xf32>",
// META-NEXT:     "direction": "inout",
// META-NEXT:     "storage": "DEVICE",
// META-NEXT:     "transfer": "DEFAULT"
// META-NEXT:   },
// META-NEXT:   {
// META-NEXT:     "index": 1,
// META-NEXT:     "name": "lens",
// META-NEXT:     "kind": "tensor",
// META-NEXT:     "slot": 1,
// META-NEXT:     "type": "!pto.tensor<8xi32>",
// META-NEXT:     "direction": "in",
// META-NEXT:     "storage": "HOST",
// META-NEXT:     "transfer": "NONE"
// META-NEXT:   },
// META-NEXT:   {
// META-NEXT:     "index": 2,
// META-NEXT:     "name": "flags",
// META-NEXT:     "kind": "tensor",
// META-NEXT:     "slot": 2,
// META-NEXT:     "type": "!pto.tensor<2x4xi32>",
// META-NEXT:     "direction": "inout",
// META-NEXT:     "storage": "HOST",
// META-NEXT:     "transfer": "NONE"
// META-NEXT:   },
// META-NEXT:   {
// META-NEXT:     "index": 3,
// META-NEXT:     "name": "use_lens",
// META-NEXT:     "kind": "scalar",
// META-NEXT:     "slot": 0,
// META-NEXT:     "type": "i1"
// META-NEXT:   }
// META-NEXT: ]
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: i32)
  pto.graph @g(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"), %n: i32 loc("n")) {
    %x1, %t = pto.submit @k(%x, %n) : (!pto.tensor<16xf32>, i32) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"),
                          %lens: !pto.tensor<8xi32> {pto.direction = #pto.direction<in>} loc("lens"),
                          %flags: !pto.tensor<2x4xi32> {pto.direction = #pto.direction<inout>} loc("flags"),
                          %use_lens: i1 loc("use_lens")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      scf.if %use_lens {
        %n = pto.read %lens[%i] : !pto.tensor<8xi32> loc("n")
        pto.call @g(%x, %n) : (!pto.tensor<16xf32>, i32) -> ()
      }
    } loc("i")
    %row = pto.slice %flags[1, 0] [1, 4] : !pto.tensor<2x4xi32> to !pto.tensor<1x4xi32> loc("row")
    %v = arith.constant 7 : i32
    pto.write %v, %row[0, 2] : !pto.tensor<1x4xi32>
    pto.return
  }
}
