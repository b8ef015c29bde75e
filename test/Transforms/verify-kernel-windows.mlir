// RUN: pto-opt %s -split-input-file -verify-diagnostics --pto-verify-kernel-windows | FileCheck %s

// pto-verify-kernel-windows: a launch whose constant scalars put a kernel's
// window outside the tensor passed is an error; a window within it, or one
// that depends on a non-constant scalar, passes unchanged.

pto.kernel aiv @silu(%mlp: !pto.tensor<16x4096xbf16> {pto.direction = #pto.direction<inout>,
                         pto.window = #pto.window<offsets = ()[s0] -> (0, s0), sizes = () -> (16, 1024)>},
                     %n_off: index)

// CHECK-LABEL: pto.orchestration @in_bounds
pto.orchestration @in_bounds(%mlp: !pto.tensor<16x4096xbf16> {pto.direction = #pto.direction<inout>},
                             %n: index) {
  %c3072 = arith.constant 3072 : index
  // CHECK: pto.submit @silu
  %a, %t0 = pto.submit @silu(%mlp, %c3072) : (!pto.tensor<16x4096xbf16>, index) -> !pto.tensor<16x4096xbf16>
  // Known only per task: the stub runtime and the simulator check it.
  // CHECK: pto.submit @silu
  %b, %t1 = pto.submit @silu(%a, %n) : (!pto.tensor<16x4096xbf16>, index) -> !pto.tensor<16x4096xbf16>
  pto.return
}

// -----

// A parameter of a dynamic extent takes tensors of any width.
pto.kernel aiv @silu(%mlp: !pto.tensor<16x?xbf16> {pto.direction = #pto.direction<inout>,
                         pto.window = #pto.window<offsets = ()[s0] -> (0, s0), sizes = () -> (16, 1024)>},
                     %n_off: index)

// The calling convention of a tile (a slice plus the offset): the offset
// is applied twice.
pto.orchestration @tile_and_offset(%mlp: !pto.tensor<16x4096xbf16> {pto.direction = #pto.direction<inout>}) {
  %c3072 = arith.constant 3072 : index
  %tile = pto.slice %mlp [0, 3072] [16, 1024] : !pto.tensor<16x4096xbf16> to !pto.tensor<16x1024xbf16>
  // expected-error@+1 {{the window of @silu's parameter #0 covers [3072, 4096) on axis 1, outside the tensor passed (extent 1024)}}
  %a, %t0 = pto.submit @silu(%tile, %c3072) : (!pto.tensor<16x1024xbf16>, index) -> !pto.tensor<16x1024xbf16>
  pto.return
}

// -----

pto.kernel aic @cube(%x: !pto.tensor<64xf32> {pto.window = #pto.window<offsets = ()[s0] -> (s0 * 2 - 8), sizes = () -> (8)>},
                     %k: i32)
pto.kernel aiv @vec(%x: !pto.tensor<64xf32>, %k: i32)
pto.kernel mixed(@cube, @vec) @group(%x: !pto.tensor<64xf32>, %k: i32)

// A group's launch keeps each lane's windows in bounds too.
pto.orchestration @lane(%x: !pto.tensor<64xf32>) {
  %c2 = arith.constant 2 : i32
  // expected-error@+1 {{the window of @group's parameter #0 covers [-4, 4) on axis 0, outside the tensor passed (extent 64)}}
  %t = pto.submit @group(%x, %c2) : (!pto.tensor<64xf32>, i32) -> ()
  pto.return
}

// -----

pto.kernel aiv @at(%x: !pto.tensor<?x64xf32> {pto.window = #pto.window<offsets = ()[s0, s1] -> (s0, s1), sizes = () -> (8, 8)>},
                   %row: index, %col: index)

// Each axis on its own: the row is not known, the column is, and its
// window's end past INT64_MAX is outside (evaluated without overflow).
pto.orchestration @per_axis(%x: !pto.tensor<?x64xf32>, %row: index) {
  %huge = arith.constant 9223372036854775807 : index
  // expected-error@+1 {{the window of @at's parameter #0 covers [9223372036854775807, 9223372036854775807 + 8) on axis 1, outside the tensor passed (extent 64)}}
  %t = pto.submit @at(%x, %row, %huge) : (!pto.tensor<?x64xf32>, index, index) -> ()
  pto.return
}
