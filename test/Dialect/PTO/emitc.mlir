// RUN: pto-opt %s | pto-opt | FileCheck %s

// pto programs mix in emitc (pto-translate's upstream C++ translation reads
// it): pto-opt parses and prints it alongside pto.

// CHECK-LABEL: pto.kernel aiv @k(
// CHECK-LABEL: emitc.func @scale(
// CHECK-NEXT:    %[[M:.+]] = {{(emitc\.)?}}mul %{{.+}}, %{{.+}} : (i32, i32) -> i32
// CHECK-NEXT:    {{(emitc\.)?}}return %[[M]] : i32
// CHECK-LABEL: pto.orchestration @main(
// CHECK-NEXT:    pto.submit @k(
pto.kernel aiv @k(%x: !pto.tensor<16xf32>)
emitc.func @scale(%a: i32, %b: i32) -> i32 {
  %m = emitc.mul %a, %b : (i32, i32) -> i32
  emitc.return %m : i32
}
pto.orchestration @main(%x: !pto.tensor<16xf32>) {
  %t = pto.submit @k(%x) : (!pto.tensor<16xf32>) -> ()
  pto.return
}
