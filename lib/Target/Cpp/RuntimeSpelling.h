//===- RuntimeSpelling.h - Every runtime name the C++ uses ------*- C++ -*-===//
//
// The PTO runtime's C++ names have moved over time; every one the emitter
// prints is defined here, so a rename is a one-line change. They follow the
// public runtime (hw-native-sys/simpler) at commit 6ebaf771, and the newer
// runtime the Graph specification describes for `orch_args.scalar<T>(i)`.
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
constexpr const char *kToU64 = "to_u64";
constexpr const char *kGetTensorData = "get_tensor_data";
constexpr const char *kGraphArgsType = "GraphTaskArgs";
constexpr const char *kGraphArgsName = "args";
constexpr const char *kSubmitGraph = "rt_submit_graph";
constexpr const char *kConfigBase = "simpler::hbg::ConfigBase";
constexpr const char *kFromU64 = "from_u64";
constexpr const char *kSetTensorData = "set_tensor_data";

} // namespace mlir::pto::spelling

#endif // PTO_LIB_TARGET_CPP_RUNTIMESPELLING_H
