// Known bugs of the orchestration C++ translation: not a lit test (no RUN
// line; lit.local.cfg excludes this file, test_translate.py skips it). Each
// case gives the command, what happens and what should happen. Bugs 1-14 of
// the first list are fixed (28a8e4e) and are regression tests in the regular
// files; BUG 12 (`__` in names) is kept by decision (names.mlir). Of the
// second list, BUGs 15, 16, 18 and 19 are fixed (89bf3f2) and are regression
// tests in for-loops.mlir, if-else.mlir, manual-scope.mlir, scalars.mlir and
// names.mlir; BUG 17 (arithmetic and ordering on i1) is now a diagnostic
// (errors.mlir). BUG 20 is open.
// Reproduce one case: pto-opt -split-input-file
//   --pto-orchestration-prepare-pipeline --mlir-print-debuginfo this-file |
//   pto-translate --pto-to-cpp -split-input-file
// and compile the output with g++ -std=c++17 -fsyntax-only -Werror
//   -DPTO_RUNTIME_TENSORMAP_AND_RINGBUFFER -I runtime/include -x c++ -

// BUG 20 (BUG 7 cont.). The in-place array_update check still rejects a read
// of the old array that runs before the update when the reader is not nested
// in the update's own block: a reader in an enclosing block, before the op
// (scf.if) that holds the update.
// Command: as above.
// Observed: error: 'pto.array_update' op updates a task id array that is read
//   again afterwards: the translation updates arrays in place
// Expected: translated; the reader (task 0) runs before the update.
module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @read_before_outer(%a: !pto.tensor<16xf32> loc("a"), %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %f: i1 loc("f")) {
    pto.scope manual {
      %c0 = arith.constant 0 : index
      %none = pto.invalid_task_id
      %ids = pto.array_splat %none : !pto.task_id_array<2> loc("ids")
      %o, %t = pto.submit @k(%a, %c) deps(%ids : !pto.task_id_array<2>) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t")
      scf.if %f {
        %ids1 = pto.array_update %ids[%c0], %t : !pto.task_id_array<2>
        %o2, %t2 = pto.submit @k(%a, %c) deps(%ids1 : !pto.task_id_array<2>) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
      }
    }
    pto.return
  }
}

// -----

// BUG 20 (cont.). A conditional update: the then-branch yields the updated
// array, the else-branch the old one. The else-branch's yield never runs
// after the update, but it is a reader outside the update's block.
// Observed: the same error.
// Expected: `PTO2TaskId picked[2]; if (f) { ids[0] = t; <copy ids> } else
//   { <copy ids> }`.
module {
  pto.kernel aiv @k(%a: !pto.tensor<16xf32>, %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @conditional_update(%a: !pto.tensor<16xf32> loc("a"), %c: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>} loc("c"), %f: i1 loc("f")) {
    pto.scope manual {
      %c0 = arith.constant 0 : index
      %none = pto.invalid_task_id
      %ids = pto.array_splat %none : !pto.task_id_array<2> loc("ids")
      %o, %t = pto.submit @k(%a, %c) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("t")
      %r = scf.if %f -> (!pto.task_id_array<2>) {
        %ids1 = pto.array_update %ids[%c0], %t : !pto.task_id_array<2>
        scf.yield %ids1 : !pto.task_id_array<2>
      } else {
        scf.yield %ids : !pto.task_id_array<2>
      } loc("picked")
      %o2, %t2 = pto.submit @k(%a, %c) deps(%r : !pto.task_id_array<2>) : (!pto.tensor<16xf32>, !pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    }
    pto.return
  }
}
