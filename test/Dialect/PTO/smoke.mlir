// RUN: pto-opt %s | FileCheck %s

// CHECK-LABEL: pto.kernel aiv @k
pto.kernel aiv @k(%a: !pto.tensor<16xf32>)
