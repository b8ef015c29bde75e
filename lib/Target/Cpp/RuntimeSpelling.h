//===- RuntimeSpelling.h - Every runtime name the C++ uses ------*- C++ -*-===//
//
// The PTO runtime's C++ names have moved over time; every one the emitter
// prints is defined here, so a rename is a one-line change. Two API levels
// (`pto.runtime_api`) share most of them: `spec`, the runtime the Graph
// specification describes, and `simpler_6ebaf771`, the public runtime
// (hw-native-sys/simpler) at commit 6ebaf771. The names used by one level
// only are marked so below.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_LIB_TARGET_CPP_RUNTIMESPELLING_H
#define PTO_LIB_TARGET_CPP_RUNTIMESPELLING_H

namespace mlir::pto::spelling {

constexpr const char *kHeader = "pto_orchestration_api.h";
constexpr const char *kArgsType = "ChipTaskArgs";
constexpr const char *kArgsName = "orch_args";
constexpr const char *kConfigType = "PTO2OrchestrationConfig";
constexpr const char *kConfigFunction = "aicpu_orchestration_config";
constexpr const char *kConfigArgCount = "expected_arg_count";
constexpr const char *kEntryFunction = "aicpu_orchestration_entry";
constexpr const char *kTensorType = "ChipTensor";
constexpr const char *kTaskArgsType = "CoreTaskArgs";
constexpr const char *kCreateInfoType = "TensorCreateInfo";
constexpr const char *kOutputsType = "TaskOutputTensors";
constexpr const char *kAllocTensors = "alloc_tensors";
constexpr const char *kGetRef = "get_ref";
constexpr const char *kTaskIdType = "PTO2TaskId";
constexpr const char *kInvalidTaskId = "PTO2TaskId::invalid()";
constexpr const char *kScope = "PTO2_SCOPE()";
constexpr const char *kManualScope = "PTO2_SCOPE(PTO2ScopeMode::MANUAL)";
constexpr const char *kSubmitAic = "rt_submit_aic_task";
constexpr const char *kSubmitAiv = "rt_submit_aiv_task";
constexpr const char *kSubmitMixed = "rt_submit_task";
constexpr const char *kMixedKernels = "MixedKernels";
constexpr const char *kInvalidKernelId = "INVALID_KERNEL_ID";
constexpr const char *kSubmitDummy = "rt_submit_dummy_task";
/// Task flags and the SPMD launch spec of a CoreTaskArgs.
constexpr const char *kSetBlockNum = "launch_spec.set_block_num";
constexpr const char *kBlockNumType = "int16_t";
constexpr const char *kSetRequireSyncStart = "launch_spec.set_require_sync_start";
constexpr const char *kSetAllowEarlyResolve = "set_allow_early_resolve";
/// The ChipTensor field naming the task that produced it.
constexpr const char *kOwnerTaskId = "owner_task_id";
constexpr const char *kToU64 = "to_u64";
constexpr const char *kGetTensorData = "get_tensor_data";
constexpr const char *kGraphArgsType = "GraphTaskArgs";
constexpr const char *kGraphArgsName = "args";
constexpr const char *kSubmitGraph = "rt_submit_graph";
constexpr const char *kConfigBase = "simpler::hbg::ConfigBase";
/// The Config parameter of a Graph function, and the same cast to its class.
constexpr const char *kConfigBaseName = "config_base";
constexpr const char *kConfigName = "config";
constexpr const char *kFromU64 = "from_u64";
constexpr const char *kSetTensorData = "set_tensor_data";
constexpr const char *kReportFatal = "rt_report_fatal";
constexpr const char *kInvalidArgsError = "PTO2_ERROR_INVALID_ARGS";

/// How each API level is named in the C++'s header comment.
constexpr const char *kSpecApiName = "spec (InheritableScalar, ConfigBase)";
constexpr const char *kSimpler6ebaf771ApiName =
    "simpler 6ebaf771 (scalar slots, rt_submit_graph configs)";
/// [simpler_6ebaf771] The Graph function's parameter for the boundary
/// layout's hash, its first config; the runtime hashes every config into the
/// Graph key and checks the recorded layout itself on replay.
constexpr const char *kLayoutHashParameter = "uint64_t /*layout_hash*/";
/// The seed of GraphBoundaryLayout::hash (the FNV-1a offset basis).
constexpr const char *kLayoutHashSeed = "14695981039346656037ull";

/// The boundary layout every Graph's Config carries. It reads the tensor
/// descriptor's fields (buffer, start_offset, ndims, dtype, shapes, strides),
/// so it lives with the other runtime spellings. Absolute addresses stay out
/// of the key: relocated buffers and uniformly shifted views keep it; a
/// changed aliasing between boundary tensors does not.
constexpr const char *kBoundaryLayout = "GraphBoundaryLayout";
constexpr const char *kBoundaryLayoutDefinition = R"cpp(// Boundary layout of a Graph launch, part of its Config and so of the Graph
// key: per tensor its dtype, shapes, strides and storage bytes, the alias
// partition (tensors sharing storage) it belongs to and its element offset
// from that partition's first tensor.
template <uint32_t N>
struct GraphBoundaryLayout {
  uint32_t dtype[N] = {};
  uint32_t ndims[N] = {};
  uint32_t shapes[N][MAX_TENSOR_DIMS] = {};
  uint32_t strides[N][MAX_TENSOR_DIMS] = {};
  uint32_t partition[N] = {};
  uint64_t storage_bytes[N] = {};
  uint64_t partition_offset[N] = {};

  void capture(const GraphTaskArgs& args) {
    for (uint32_t i = 0; i < N; ++i) {
      const ChipTensor& t = args.tensor(i).ref();
      dtype[i] = static_cast<uint32_t>(t.dtype);
      ndims[i] = t.ndims;
      for (uint32_t d = 0; d < t.ndims && d < MAX_TENSOR_DIMS; ++d) {
        shapes[i][d] = t.shapes[d];
        strides[i][d] = t.strides[d];
      }
      storage_bytes[i] = t.buffer.size;
      partition[i] = i;
      for (uint32_t j = 0; j < i; ++j) {
        if (args.tensor(j).ref().buffer.addr == t.buffer.addr) {
          partition[i] = partition[j];
          break;
        }
      }
      partition_offset[i] = t.start_offset - args.tensor(partition[i]).ref().start_offset;
    }
  }

  uint64_t hash(uint64_t h) const {
    for (uint32_t i = 0; i < N; ++i) {
      const uint64_t words[] = {dtype[i], ndims[i], partition[i], storage_bytes[i], partition_offset[i]};
      for (uint64_t w : words) h = (h ^ w) * 1099511628211ull;
      for (uint32_t d = 0; d < MAX_TENSOR_DIMS; ++d) {
        h = (h ^ shapes[i][d]) * 1099511628211ull;
        h = (h ^ strides[i][d]) * 1099511628211ull;
      }
    }
    return h;
  }

  bool operator==(const GraphBoundaryLayout& other) const {
    for (uint32_t i = 0; i < N; ++i) {
      if (dtype[i] != other.dtype[i] || ndims[i] != other.ndims[i] ||
        partition[i] != other.partition[i] || storage_bytes[i] != other.storage_bytes[i] ||
        partition_offset[i] != other.partition_offset[i])
        return false;
      for (uint32_t d = 0; d < MAX_TENSOR_DIMS; ++d)
        if (shapes[i][d] != other.shapes[i][d] || strides[i][d] != other.strides[i][d])
          return false;
    }
    return true;
  }
};

)cpp";

} // namespace mlir::pto::spelling

#endif // PTO_LIB_TARGET_CPP_RUNTIMESPELLING_H
