// Known bugs of the host_build_graph (Graph) translation: not a lit test (no
// RUN line; lit.local.cfg excludes this file, test_translate.py skips every
// hbg-*.mlir and test_translate_graphs.py skips this one).
// Each case gives the command, what happens and what should happen.
// Reproduce: pto-opt -split-input-file --pto-graph-legalize-pipeline
//   --pto-orchestration-prepare-pipeline --mlir-print-debuginfo this-file |
//   pto-translate --pto-to-cpp -split-input-file
// and compile with g++ -std=c++17 -fsyntax-only -Werror -I runtime/include -x c++ -
// (found at a5cc1d0; re-checked at 9b50087)
//
// Fixed at 9b50087:
// - HBG BUG 1 (a Graph returning a scalar passed the legalize pipeline, then
//   the translation rejected the call with a wrong hint): the Graph legality
//   check rejects a scalar at the pto.return ("returns at position N a scalar
//   from Graph @g"); its tests belong to test/Transforms
//   (legalize-graph-boundary-errors.mlir, verify-graph-boundary-errors.mlir).
//   pto-translate does not run that check, so hand-written IR gets no such
//   diagnostic there.
// - HBG BUG 2 (a returned scalar made a Config construction value): a return
//   operand is not a construction read; regression test in graphs.mlir
//   (hand-written IR: the legalize pipeline now rejects the Graph).
// - HBG BUG 5 (mixed_N and alloc_N in a Graph body without the Graph's name):
//   now <graph>_mixed_N and <graph>_alloc_N; regression tests in hbg-body.mlir
//   and hbg-allocations.mlir.
// - HBG BUG 3, partly: every pto.read / pto.write in the orchestration of a
//   host_build_graph module is a diagnostic; the three reads of this list
//   (a task output, a runtime allocation, a control tensor also passed to a
//   Graph) are error tests in hbg-errors.mlir. What is left is below.

// HBG BUG 3 (what is left; issue 5 "Deliver" 4). (a) The host access check
// covers the orchestration only: a pto.read in a Graph body survives the
// legalize pipeline when its value is used by nothing (any read that feeds a
// task scalar or a branch is rejected as not replay-invariant), and the Graph
// function, which runs on the host while the graph is recorded, reads a
// boundary tensor with get_tensor_data, with no transfer metadata (the very
// case the orchestration diagnostic exists for).
// (b) The orchestration diagnostic gives the missing metadata as its reason,
// not the one the issue asks for ("reading a runtime allocation or a
// device-task output during graph construction" reads data no task has
// written yet); once the metadata is printed, those reads, and a control
// tensor that also reaches a device kernel (spec "Host control tensors"), must
// stay errors with their own reasons.
// Command: as above.
// Observed: rc 0; in dead_read_graph_g:
//   `const int32_t v = get_tensor_data<int32_t>(c, 1, v_index);`
// Expected: an error at the pto.read (a host access in a Graph body), or the
//   dead read dropped before the translation.
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%c: !pto.tensor<4xi32> loc("c"), %y: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>} loc("y")) {
    %v = pto.read %c[0] : !pto.tensor<4xi32> loc("v")
    %y1, %t = pto.submit @k(%y) : (!pto.tensor<4xi32>) -> !pto.tensor<4xi32>
    pto.return
  }
  pto.orchestration @dead_read(%ctl: !pto.tensor<4xi32> loc("ctl"), %y: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>} loc("y")) {
    pto.call @g(%ctl, %y) : (!pto.tensor<4xi32>, !pto.tensor<4xi32>) -> ()
    pto.return
  }
}

// -----

// HBG BUG 4 (wrong C++ for the spec). The Config holds the construction
// scalars and the boundary shapes only. The spec (legalize-graph-boundary.md,
// Step D) has it also include "tensor shapes, strides, storage sizes, alias
// partitions, and relative offsets within each partition", so that a changed
// boundary layout selects another definition. Here three calls produce
// identical Configs (scalar_2 = 3, all shapes 16x16) although call 1 passes one
// buffer for both parameters (p and q alias), call 2 two buffers, and call 3 a
// transposed view (other strides, same shape): calls 2 and 3 replay the
// recording of call 1. (docs/translation.md says since 9b50087 that the
// Config covers scalars and shapes, "not strides, storage sizes or alias
// partitions"; the compile-check header's ChipTensor exposes only `shapes`,
// and its ConfigBase comment still claims "the boundary layout fields the
// spec lists".)
// Command: as above.
// Observed: params_t0_config, params_t1_config, params_t2_config differ in no
//   field; hash()/equals() cannot tell them apart.
// Expected: per spec, alias partition and stride/offset fields in the Config
//   (or the spec relaxed and the header comment corrected).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%p: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>} loc("p"),
               %q: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>} loc("q"),
               %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
      %b = arith.addi %a, %i : index
      scf.yield %b : index
    }
    %p1, %t0 = pto.submit @k(%p) : (!pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    %q1, %t1 = pto.submit @k(%q) : (!pto.tensor<16x16xf32>) -> !pto.tensor<16x16xf32>
    pto.return
  }
  pto.orchestration @layouts(%a: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>} loc("a"),
                             %b: !pto.tensor<16x16xf32> {pto.direction = #pto.direction<inout>} loc("b")) {
    %c3 = arith.constant 3 : index
    pto.call @g(%a, %a, %c3) : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>, index) -> ()
    pto.call @g(%a, %b, %c3) : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>, index) -> ()
    %bt = pto.transpose %b, 0, 1 : !pto.tensor<16x16xf32> loc("bt")
    pto.call @g(%a, %bt, %c3) : (!pto.tensor<16x16xf32>, !pto.tensor<16x16xf32>, index) -> ()
    pto.return
  }
}

// -----

// HBG BUG 6 (minor, names; the Graph instance of known-bugs-scratch.mlir
// BUG 12). Every allocation Step C hoists is named `<name>__graph_arg<N>` by the
// legalize pass, and a Graph whose name starts with `_` gets
// `<entry>_graph__<name>`: identifiers with a double underscore, which C++
// reserves ([lex.name]); so every decoder-style program has them.
// Command: as above.
// Observed: `const ChipTensor& tmp__graph_arg0 = alloc_0.get_ref(0);`,
//   `static void double_underscore_graph__stage(const GraphTaskArgs& args)`.
// Expected: runs of `_` collapsed (tmp_graph_arg0, double_underscore_graph_stage).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @produce(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>}, %a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @_stage(%acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    %tmp = pto.create : !pto.tensor<16xf32> loc("tmp")
    %t1, %a1, %k = pto.submit @produce(%tmp, %acc) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> (!pto.tensor<16xf32>, !pto.tensor<16xf32>)
    pto.return
  }
  pto.orchestration @double_underscore(%acc: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("acc")) {
    pto.call @_stage(%acc) : (!pto.tensor<16xf32>) -> ()
    pto.return
  }
}

// -----

// HBG BUG 7 (minor, only with -Wall -Werror, which the compile check does not
// use). Boundary scalars the body never reads are still bound: with a Config,
// a scalar that is only a construction value is bound as a wrapper too, and
// after Steps A/B the decoder example's scalars are used by nothing in the
// body. `g++ -std=c++17 -fsyntax-only -Wall -Werror` rejects the file.
// Command: as above, then g++ ... -Wall -Werror.
// Observed: error: variable 'n' set but not used [-Werror=unused-but-set-variable]
//   (and 'scalar0', 'scalar1' for examples/decoder_layer.mlir).
// Expected: unused wrappers not bound, or bound with [[maybe_unused]] / (void).
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.graph @g(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"), %n: index loc("n")) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
      %b = arith.addi %a, %i : index
      scf.yield %b : index
    }
    %x1, %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @unused_wrappers(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("x"), %m: index loc("m")) {
    pto.call @g(%x, %m) : (!pto.tensor<16xf32>, index) -> ()
    pto.return
  }
}
