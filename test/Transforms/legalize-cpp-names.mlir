// RUN: pto-opt %s -split-input-file --pto-legalize-cpp-names | FileCheck %s
// Running it twice records the same names.
// RUN: pto-opt %s -split-input-file --pto-legalize-cpp-names --mlir-print-debuginfo | pto-opt -split-input-file --pto-legalize-cpp-names | FileCheck %s

// User names (name locations) first, else a name after what the value is;
// made identifiers that are not reserved, and unique in the module.
// CHECK-LABEL: pto.orchestration @main
// CHECK-SAME:    attributes {pto.cpp_arg_names = ["ext_a", "n", "class_", "ext_arg3", "scalar2"]}
// CHECK:         arith.addi {{.*}} {pto.cpp_names = ["sum"]}
// CHECK:         arith.addi {{.*}} {pto.cpp_names = ["sum_1"]}
// CHECK:         arith.addi {{.*}} {pto.cpp_names = ["v"]}
// CHECK:         arith.muli {{.*}} {pto.cpp_names = ["a_b"]}
// CHECK:         arith.muli {{.*}} {pto.cpp_names = ["v_0x"]}
// CHECK:         pto.slice {{.*}} {pto.cpp_names = ["view"]}
// CHECK:         pto.dim {{.*}} {pto.cpp_names = ["dim"]}
// A static extent prints as its literal; constants get no name.
// CHECK:         pto.dim %{{[a-z0-9_]+}}, 0 : !pto.tensor
// CHECK:         pto.transpose {{.*}} {pto.cpp_names = ["transposed"]}
// CHECK:         pto.read {{.*}} {pto.cpp_names = ["value"]}
module {
  pto.orchestration @main(%a: !pto.tensor<16x?xf32> {pto.direction = #pto.direction<inout>} loc("a"),
                          %n: index loc("n"), %class: index loc("class"),
                          %b: !pto.tensor<4x4xf32>, %s: index) {
    %c1 = arith.constant 1 : index
    %sum = arith.addi %n, %class : index loc("sum")
    %sum2 = arith.addi %sum, %c1 : index loc("sum")
    %plain = arith.addi %sum2, %c1 : index
    %odd = arith.muli %plain, %s : index loc("a.b")
    %digit = arith.muli %odd, %s : index loc("0x")
    %v = pto.slice %a[0, 0] [8, 4] : !pto.tensor<16x?xf32> to !pto.tensor<8x4xf32>
    %d = pto.dim %a, 1 : !pto.tensor<16x?xf32>
    %d0 = pto.dim %a, 0 : !pto.tensor<16x?xf32>
    %tr = pto.transpose %b, 0, 1 : !pto.tensor<4x4xf32>
    %r = pto.read %b[0, 0] : !pto.tensor<4x4xf32>
    pto.return
  }
}

// -----

// Tied results print as their operand, unread ids and outputs get no
// variable; a runtime-allocated output that is read and a read task id do.
// CHECK-LABEL: pto.orchestration @tasks
// CHECK:         pto.submit @make() {pto.cpp_names = ["y", ""]}
// CHECK:         pto.submit @k({{.*}}) {pto.cpp_names = ["", "first"]}
// CHECK:         pto.submit @k({{.*}}) deps({{.*}}) :
// CHECK:         pto.task_dummy deps({{.*}}) {pto.cpp_names = ["barrier"]}
// CHECK:         pto.alloc_tensors {names = ["tmp", "t"], pto.cpp_names = ["tmp", "t"]}
module {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>})
  pto.kernel aiv @make(%y: !pto.tensor<16xf32> {pto.direction = #pto.direction<out>})
  pto.orchestration @tasks(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
    %y, %t0 = pto.submit @make() : () -> !pto.tensor<16xf32> loc("y")
    %a1, %t1 = pto.submit @k(%a) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32> loc("first")
    %y1, %t2 = pto.submit @k(%y) deps(%t1 : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %b = pto.task_dummy deps(%t1 : !pto.task_id)
    %a2, %t3 = pto.submit @k(%a) deps(%b : !pto.task_id) : (!pto.tensor<16xf32>) -> !pto.tensor<16xf32>
    %m, %n = pto.alloc_tensors {names = ["tmp", "t"]} : !pto.tensor<16xf32>, !pto.tensor<16xf32>
    pto.return
  }
}

// -----

// Loops: carries with a variable, then the induction variable (a carry
// handed back as the same buffer has none); branch and scope results as
// pto-classify-result-variables decided. A Graph is named after the entry
// and itself, its parameters after their kind and position.
// CHECK-LABEL: pto.graph @layer
// CHECK-SAME:    attributes {pto.cpp_arg_names = ["tensor0", "scalar0"], pto.cpp_name = "main_graph_layer"}
// CHECK-LABEL: pto.orchestration @main
// CHECK:         scf.for
// CHECK:         } {pto.carry_variables = array<i1: true, false>, pto.cpp_arg_names = ["i", "carry", ""]}
// CHECK:         scf.if
// CHECK:         } {pto.cpp_names = ["pick", ""], pto.result_variables = array<i1: true, false>}
// CHECK:         pto.scope
// CHECK:         } {pto.cpp_names = ["scoped"], pto.result_variables = array<i1: true>}
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index)
  pto.graph @layer(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %s: index) {
    %x1, %t = pto.submit @k(%x, %s) : (!pto.tensor<16xf32>, index) -> !pto.tensor<16xf32>
    pto.return
  }
  pto.orchestration @main(%a: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %n: index, %f: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0, %buf = %a) -> (index, !pto.tensor<16xf32>) {
      %next = arith.addi %acc, %i : index
      scf.yield %next, %buf : index, !pto.tensor<16xf32>
    } {pto.carry_variables = array<i1: true, false>}
    %p:2 = scf.if %f -> (index, !pto.tensor<16xf32>) {
      scf.yield %c0, %a : index, !pto.tensor<16xf32>
    } else {
      scf.yield %c1, %a : index, !pto.tensor<16xf32>
    } {pto.result_variables = array<i1: true, false>} loc("pick")
    %q = pto.scope -> index {
      pto.yield %c0 : index
    } {pto.result_variables = array<i1: true>}
    pto.call @layer(%a, %q) : (!pto.tensor<16xf32>, index) -> ()
    pto.return
  }
}
