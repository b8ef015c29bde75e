//===- RuntimeLimits.h - The PTO runtime's fixed limits ---------*- C++ -*-===//
//
// The one definition of each limit of the runtime that the compiler
// enforces. The C API (pto-c/RuntimeLimits.h) exposes them to Python; only
// the simulator keeps its own copy, as an independent model of the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_DIALECT_PTO_IR_RUNTIMELIMITS_H
#define PTO_DIALECT_PTO_IR_RUNTIMELIMITS_H

#include <cstdint>

namespace mlir::pto {

/// Most axes of a tensor (MAX_TENSOR_DIMS): the runtime's descriptors hold
/// that many extents and strides.
constexpr unsigned kMaxTensorDims = 5;
/// Most tensors one `alloc_tensors` call creates (kAllocTensorsArgs).
constexpr unsigned kAllocTensorsArgs = 16;
/// Most tensor parameters of a Graph (GRAPH_MAX_TENSOR_ARGS).
constexpr unsigned kGraphMaxTensorArgs = 128;
/// Most scalar parameters of a Graph (GRAPH_MAX_SCALAR_ARGS).
constexpr unsigned kGraphMaxScalarArgs = 64;
/// Most recorded definitions the runtime keeps per Graph: each distinct
/// boundary layout (extents, and offsets between boundary tensors of one
/// buffer) records its own.
constexpr unsigned kGraphMaxDefinitions = 16;
/// Most nodes one Graph recording holds (GRAPH_MAX_NODES).
constexpr int64_t kGraphMaxNodes = 1024;
/// Alignment, in bytes, of each tensor carved from an arena, and of its
/// size (what the runtime's hand-written Qwen3 orchestration aligns its
/// scratch arenas' tensors to).
constexpr uint64_t kArenaAlignmentBytes = 1024;
/// Most subtasks the runtime expands one task into: its block count times
/// the lanes each block runs (1, or 2 to 3 for a mixed kernel) must fit the
/// scheduler's int16_t.
constexpr int64_t kMaxBlockSubtasks = 32767;

} // namespace mlir::pto

#endif // PTO_DIALECT_PTO_IR_RUNTIMELIMITS_H
