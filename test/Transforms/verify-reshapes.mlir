// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-verify-reshapes | FileCheck %s

// pto-verify-reshapes: a reshape's source must be contiguous in the buffer
// it views, through every view between them.

// Contiguous: whole tensors, consecutive rows, a unit-row window, rows of a
// window of rows, a tensor transposed twice (issue 31 item 14), a column of a
// transpose that is a row of the original, rows of a tensor whose first
// extent is dynamic, a row of a tensor of a dynamic width.
// CHECK-LABEL: pto.orchestration @contiguous
pto.orchestration @contiguous(%a: !pto.tensor<8x16xf32>, %d: !pto.tensor<?x16xf32>,
                              %w: !pto.tensor<4x?xf32>) {
  %r0 = pto.reshape %a : !pto.tensor<8x16xf32> to !pto.tensor<128xf32>
  %rows = pto.slice %a [2, 0] [4, 16] : !pto.tensor<8x16xf32> to !pto.tensor<4x16xf32>
  %r1 = pto.reshape %rows : !pto.tensor<4x16xf32> to !pto.tensor<64xf32>
  %part = pto.slice %a [3, 4] [1, 8] : !pto.tensor<8x16xf32> to !pto.tensor<1x8xf32>
  %r2 = pto.reshape %part : !pto.tensor<1x8xf32> to !pto.tensor<8xf32>
  %inner = pto.slice %rows [1, 0] [2, 16] : !pto.tensor<4x16xf32> to !pto.tensor<2x16xf32>
  %r3 = pto.reshape %inner : !pto.tensor<2x16xf32> to !pto.tensor<32xf32>
  %t = pto.transpose %a, 0, 1 : !pto.tensor<8x16xf32>
  %tt = pto.transpose %t, 1, 0 : !pto.tensor<16x8xf32>
  %r4 = pto.reshape %tt : !pto.tensor<8x16xf32> to !pto.tensor<128xf32>
  %col = pto.slice %t [0, 5] [16, 1] : !pto.tensor<16x8xf32> to !pto.tensor<16x1xf32>
  %r5 = pto.reshape %col : !pto.tensor<16x1xf32> to !pto.tensor<16xf32>
  %drows = pto.slice %d [4, 0] [2, 16] : !pto.tensor<?x16xf32> to !pto.tensor<2x16xf32>
  %r6 = pto.reshape %drows : !pto.tensor<2x16xf32> to !pto.tensor<32xf32>
  %wrow = pto.slice %w [1, 0] [1, 8] : !pto.tensor<4x?xf32> to !pto.tensor<1x8xf32>
  %r7 = pto.reshape %wrow : !pto.tensor<1x8xf32> to !pto.tensor<8xf32>
  // CHECK-COUNT-8: pto.reshape
  pto.return
}

// -----

// Contiguous whatever the run-time shape: a whole tensor, a reshape of one,
// a window of its consecutive rows, a reshape of that.
// CHECK-LABEL: pto.orchestration @contiguous_dynamic
pto.orchestration @contiguous_dynamic(%q: !pto.tensor<?x?x?xbf16>, %n: index, %d: index,
                                      %i: index) {
  %rows = pto.reshape %q(%n, %d) : !pto.tensor<?x?x?xbf16> to !pto.tensor<?x?xbf16>
  %flat = pto.reshape %rows(%n) : !pto.tensor<?x?xbf16> to !pto.tensor<?xbf16>
  %fixed = pto.reshape %q : !pto.tensor<?x?x?xbf16> to !pto.tensor<256xbf16>
  %two = pto.reshape %fixed : !pto.tensor<256xbf16> to !pto.tensor<16x16xbf16>
  %some = pto.slice %two [%i, 0] [4, 16] : !pto.tensor<16x16xbf16> to !pto.tensor<4x16xbf16>
  %r0 = pto.reshape %some : !pto.tensor<4x16xbf16> to !pto.tensor<64xbf16>
  // CHECK-COUNT-5: pto.reshape
  // CHECK-NEXT: pto.return
  pto.return
}

// -----

// A window of rows of a tensor whose rows are as long as known only at run
// time: whether the rows below the first are whole is not known.
// expected-note@+1 {{the buffer it views: '!pto.tensor<?x?xf32>'}}
pto.orchestration @rows_of_dynamic_width(%a: !pto.tensor<?x?xf32>, %w: index) {
  %rows = pto.slice %a [2, 0] [4, %w] : !pto.tensor<?x?xf32> to !pto.tensor<4x?xf32>
  // expected-error@+1 {{'pto.reshape' op reshapes a window whose elements may not be consecutive in the buffer it views: the step of axis 0 of its source there depends on a dynamic extent or on a buffer chosen at run time; the runtime reshapes only contiguous tensors}}
  %r = pto.reshape %rows(%w) : !pto.tensor<4x?xf32> to !pto.tensor<?xf32>
  pto.return
}

// -----

// expected-note@+1 {{the buffer it views: '!pto.tensor<8x16xf32>'}}
pto.orchestration @column_window(%a: !pto.tensor<8x16xf32>) {
  %w = pto.slice %a[0, 0] [8, 4] : !pto.tensor<8x16xf32> to !pto.tensor<8x4xf32>
  // expected-error@+1 {{'pto.reshape' op reshapes a window whose elements are not consecutive in the buffer it views: axis 0 of its source steps 16 elements there, the axes inside it hold 4; the runtime reshapes only contiguous tensors}}
  %r = pto.reshape %w : !pto.tensor<8x4xf32> to !pto.tensor<32xf32>
  pto.return
}

// -----

// expected-note@+1 {{the buffer it views: '!pto.tensor<8x16xf32>'}}
pto.orchestration @transposed(%a: !pto.tensor<8x16xf32>) {
  %t = pto.transpose %a, 0, 1 : !pto.tensor<8x16xf32>
  // expected-error@+1 {{axis 1 of its source steps 16 elements there, the axes inside it hold 1}}
  %r = pto.reshape %t : !pto.tensor<16x8xf32> to !pto.tensor<128xf32>
  pto.return
}

// -----

// A slice of a column window: rows of the window, not of the tensor
// (issue 31 item 5: the op verifier saw only the outer slice).
// expected-note@+1 {{the buffer it views: '!pto.tensor<8x16xf32>'}}
pto.orchestration @slice_of_column_window(%a: !pto.tensor<8x16xf32>) {
  %cols = pto.slice %a [0, 0] [8, 8] : !pto.tensor<8x16xf32> to !pto.tensor<8x8xf32>
  %rows = pto.slice %cols [2, 0] [2, 8] : !pto.tensor<8x8xf32> to !pto.tensor<2x8xf32>
  // expected-error@+1 {{axis 0 of its source steps 16 elements there, the axes inside it hold 8}}
  %r = pto.reshape %rows : !pto.tensor<2x8xf32> to !pto.tensor<16xf32>
  pto.return
}

// -----

// A row of a transpose: a column of the tensor.
// expected-note@+1 {{the buffer it views: '!pto.tensor<8x16xf32>'}}
pto.orchestration @row_of_transpose(%a: !pto.tensor<8x16xf32>) {
  %t = pto.transpose %a, 0, 1 : !pto.tensor<8x16xf32>
  %row = pto.slice %t [3, 0] [1, 8] : !pto.tensor<16x8xf32> to !pto.tensor<1x8xf32>
  // expected-error@+1 {{axis 1 of its source steps 16 elements there, the axes inside it hold 1}}
  %r = pto.reshape %row : !pto.tensor<1x8xf32> to !pto.tensor<8xf32>
  pto.return
}

// -----

// A window of a tensor of a dynamic width: consecutive only if the width
// is 8, which is known at run time only.
// expected-note@+1 {{the buffer it views: '!pto.tensor<4x?xf32>'}}
pto.orchestration @dynamic_width(%a: !pto.tensor<4x?xf32>) {
  %w = pto.slice %a [0, 0] [2, 8] : !pto.tensor<4x?xf32> to !pto.tensor<2x8xf32>
  // expected-error@+1 {{'pto.reshape' op reshapes a window whose elements may not be consecutive in the buffer it views: the step of axis 0 of its source there depends on a dynamic extent or on a buffer chosen at run time; the runtime reshapes only contiguous tensors}}
  %r = pto.reshape %w : !pto.tensor<2x8xf32> to !pto.tensor<16xf32>
  pto.return
}

// -----

// A buffer chosen at run time between a column window and a whole tensor.
pto.orchestration @chosen(%a: !pto.tensor<8x16xf32>, %b: !pto.tensor<8x8xf32>, %f: i1) {
  %w = pto.slice %a [0, 0] [8, 8] : !pto.tensor<8x16xf32> to !pto.tensor<8x8xf32>
  %s = arith.select %f, %w, %b : !pto.tensor<8x8xf32>
  // expected-error@+1 {{depends on a dynamic extent or on a buffer chosen at run time}}
  %r = pto.reshape %s : !pto.tensor<8x8xf32> to !pto.tensor<64xf32>
  pto.return
}

// -----

// Through a Graph's tied results and a reshape of a reshaped window.
pto.kernel aiv @k(%x: !pto.tensor<8x16xf32> {pto.direction = #pto.direction<inout>})
// expected-note@+1 {{the buffer it views: '!pto.tensor<8x32xf32>'}}
pto.orchestration @tied(%a: !pto.tensor<8x32xf32>) {
  %w = pto.slice %a [0, 0] [8, 16] : !pto.tensor<8x32xf32> to !pto.tensor<8x16xf32>
  %w1, %t = pto.submit @k(%w) : (!pto.tensor<8x16xf32>) -> !pto.tensor<8x16xf32>
  // expected-error@+1 {{axis 0 of its source steps 32 elements there, the axes inside it hold 16}}
  %r = pto.reshape %w1 : !pto.tensor<8x16xf32> to !pto.tensor<128xf32>
  pto.return
}
