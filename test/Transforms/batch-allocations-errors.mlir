// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-batch-allocations

// What the runtime cannot allocate (TensorCreateInfo) is reported at each
// create, and nothing is batched.

pto.orchestration @main() {
  // expected-error @below {{'pto.create' op allocates '!pto.tensor<f32>', which the runtime cannot allocate (TensorCreateInfo takes a row-major shape of rank 1 or more)}}
  %c = pto.create : !pto.tensor<f32>
  // expected-error @below {{'pto.create' op allocates '!pto.tensor<16x8xf32, dn>', which the runtime cannot allocate (TensorCreateInfo takes a row-major shape of rank 1 or more)}}
  %d = pto.create : !pto.tensor<16x8xf32, dn>
  pto.return
}

// -----

pto.orchestration @main() {
  pto.scope {
    // expected-error @below {{'pto.create' op allocates an extent of 4294967296, which does not fit the runtime's 32-bit shapes}}
    %t = pto.create : !pto.tensor<4294967296xf32>
  }
  pto.return
}
