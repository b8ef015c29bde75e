// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-insert-runtime-checks

// A constant the runtime cannot take is an error when it is known, not a
// value the C++ truncates (2^32 + 8 rows would become 8).

pto.kernel aiv @k(%x: !pto.tensor<?xf32>)
pto.orchestration @reshape(%a: !pto.tensor<?xf32>) {
  %c = arith.constant 4294967304 : index
  // expected-error @below {{'pto.reshape' op dynamic extent #0 is the constant 4294967304, outside [0, 4294967295], what the runtime can take}}
  %r = pto.reshape %a(%c) : !pto.tensor<?xf32> to !pto.tensor<?xf32>
  %t = pto.submit @k(%r) : (!pto.tensor<?xf32>) -> ()
  pto.return
}

// -----

pto.kernel aiv @k(%x: !pto.tensor<?xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @create() {
  %c = arith.constant 4294967296 : index
  // expected-error @below {{'pto.create' op dynamic extent #0 is the constant 4294967296, outside [0, 4294967295], what the runtime can take}}
  %b = pto.create(%c) : !pto.tensor<?xf32>
  %b1, %t = pto.submit @k(%b) : (!pto.tensor<?xf32>) -> !pto.tensor<?xf32>
  pto.return
}

// -----

pto.kernel aiv @k(%x: !pto.tensor<?xf32>)
pto.orchestration @slice(%a: !pto.tensor<?xf32>) {
  %c = arith.constant 4294967297 : index
  // expected-error @below {{'pto.slice' op dynamic offset #0 is the constant 4294967297, outside [0, 4294967295], what the runtime can take}}
  %s = pto.slice %a[%c] [4] : !pto.tensor<?xf32> to !pto.tensor<4xf32>
  %t = pto.submit @k(%s) : (!pto.tensor<4xf32>) -> ()
  pto.return
}

// -----

// A constant float converted to an integer it does not fit (or NaN): the
// C++ conversion is undefined, and the value is known now.
pto.kernel aiv @ints(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}, %a: i32, %b: i64)
pto.orchestration @main(%x: !pto.tensor<16xf32> {pto.direction = #pto.direction<inout>}) {
  %big = arith.constant 3.0e9 : f32
  // expected-error @below {{'arith.fptosi' op converts the constant 3.000000e+09, which is NaN, infinite or outside the range of 'i32' when truncated: C++ leaves that undefined}}
  %a = arith.fptosi %big : f32 to i32
  %nan = arith.constant 0x7FC00000 : f32
  // expected-error @below {{'arith.fptosi' op converts the constant nan, which is NaN}}
  %b = arith.fptosi %nan : f32 to i64
  %fits = arith.constant -2.5 : f32
  %c = arith.fptosi %fits : f32 to i32
  %x1, %t = pto.submit @ints(%x, %a, %b) : (!pto.tensor<16xf32>, i32, i64) -> !pto.tensor<16xf32>
  pto.return
}
