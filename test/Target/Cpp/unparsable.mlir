// RUN: pto-translate --pto-to-cpp -split-input-file -verify-diagnostics %s
// RUN: pto-translate --pto-to-arg-metadata -split-input-file -verify-diagnostics %s

// The bundled MLIR 22.1.8 parser asserts on a dense array of `index`
// (llvm/llvm-project#179045): the translations report each one at its
// location before parsing, as pto-opt does.

// expected-error @below {{dense arrays of 'index' are not supported: the MLIR 22.1.8 parser cannot build them (llvm/llvm-project#179045); use i64 elements}}
module attributes {pto.prepared, test.a = array<index: 1>} {
}

// -----

// Every occurrence, and none in a comment: array<index: 0>
module attributes {pto.prepared} {
  func.func private @f() attributes {
    // expected-error @below {{dense arrays of 'index' are not supported}}
    a = array<index: 1>,
    // expected-error @below {{dense arrays of 'index' are not supported}}
    b = array< index >}
}
