// pto_orchestration_api.h -- compile-check header for generated orchestration C++.
//
// THIS IS NOT THE RUNTIME. It declares the PTO runtime ("simpler",
// hw-native-sys/simpler, src/a2a3/runtime/<runtime>/) orchestration API so that
// the C++ pto-mlir emits can be syntax-checked in tests without the runtime
// sources. Declarations only: nothing here has a definition, so code compiled
// against it must never be linked or run (use `g++ -fsyntax-only`).
//
// Its job is to make WRONG uses of the API fail to compile. Where the real
// runtime rejects a use only at run time (or not at all), this header may be
// stricter; every such place is marked "[stricter]".
//
// Runtime version followed (see spec RUNTIME_API.md, "Which spellings to emit"):
//   * Names and signatures: the public runtime at hw-native-sys/simpler commit
//     6ebaf771 -- ChipTensor, ChipTaskArgs, CoreTaskArgs = Arg<...>, TensorRef,
//     TaskOutputTensors::get_ref (lvalue only), PTO2TaskId, PTO2ScopeMode.
//     Older spellings (Tensor, from_tensor_arg, ChipStorageTaskArgs, bare
//     `Arg`) are deliberately NOT declared.
//   * Graph scalars and Config: the NEWER host_build_graph runtime the spec
//     describes -- args.scalar(k) returns InheritableScalar,
//     orch_args.scalar<T>(i), simpler::hbg::ConfigBase. (At 6ebaf771,
//     args.scalar(k) is still `const uint64_t&` and construction values are
//     trailing rt_submit_graph arguments; that form is not declared here.)
//
// API levels (`pto.runtime_api`): by default this header declares the `spec`
// level above. Define PTO_RUNTIME_API_SIMPLER_6EBAF771 to declare the
// `simpler_6ebaf771` level instead, the public runtime's own Graph API at
// 6ebaf771: ChipTaskArgs::scalar(i) and GraphTaskArgs::scalar(k) return the
// slot (`const uint64_t&`, no scalar<T>, no InheritableScalar), and
// rt_submit_graph takes construction values as trailing configs passed by
// value (no ConfigBase).
//
// Runtimes: everything is available by default, i.e. the host_build_graph
// surface. Parts marked [host_build_graph only] do not exist in the default
// tensormap_and_ringbuffer runtime; define PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER
// before including this header to hide them and check code meant for it.
//
// Needs C++17. Generated code uses `PTO2OrchestrationConfig{ .expected_arg_count = N }`
// (a C++20 designated initializer that g++ accepts in -std=c++17 as an
// extension): do not add -pedantic, it turns that into an error.

#ifndef PTO_MLIR_RUNTIME_PTO_ORCHESTRATION_API_H
#define PTO_MLIR_RUNTIME_PTO_ORCHESTRATION_API_H

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

// =============================================================================
// Limits
// =============================================================================

// CoreTaskArgs capacity. Values from the public runtime's arg_direction.h
// (CORE_MAX_* / CHIP_MAX_*; they have changed between revisions). Not enforced
// here: the runtime reports an overflow through Arg's error state at run time.
inline constexpr size_t MAX_TENSOR_ARGS = 32;
inline constexpr size_t MAX_SCALAR_ARGS = 16;
inline constexpr size_t CHIP_MAX_TENSOR_ARGS = 128;
inline constexpr size_t CHIP_MAX_SCALAR_ARGS = 128;

// Dimensions per ChipTensor (size of ChipTensor::shapes).
inline constexpr uint32_t MAX_TENSOR_DIMS = 5;

// At most this many TensorCreateInfo per alloc_tensors call.
// [stricter] The variadic alloc_tensors rejects more at compile time.
inline constexpr uint32_t kAllocTensorsArgs = 16;

// =============================================================================
// Scalars: to_u64 / from_u64
// =============================================================================

namespace pto_orch_api_detail {
template <typename T>
inline constexpr bool kIsScalarValue =
    (std::is_arithmetic_v<std::remove_cv_t<std::remove_reference_t<T>>> ||
     std::is_enum_v<std::remove_cv_t<std::remove_reference_t<T>>>) &&
    sizeof(T) <= sizeof(uint64_t);
template <typename T>
using EnableIfScalarValue = std::enable_if_t<kIsScalarValue<T>, int>;
}  // namespace pto_orch_api_detail

// Bit-cast an arithmetic/enum value into a uint64_t slot (zero-extending).
template <typename T, pto_orch_api_detail::EnableIfScalarValue<T> = 0>
uint64_t to_u64(T value);

// Inverse of to_u64: from_u64<float>(bits).
template <typename T, pto_orch_api_detail::EnableIfScalarValue<T> = 0>
T from_u64(uint64_t bits);

// =============================================================================
// Data types
// =============================================================================

// Covers every element type a !pto.tensor can have:
//   f32 FLOAT32, f16 FLOAT16, bf16 BFLOAT16, i1 BOOL, i8 INT8, i16 INT16,
//   i32 INT32, i64 INT64 (unsigned types as in the runtime).
// Order as in the runtime's data_type.h.
enum class DataType : uint8_t {
    FLOAT32,
    FLOAT16,
    INT32,
    INT16,
    INT8,
    UINT8,
    BFLOAT16,
    INT64,
    UINT64,
    UINT16,
    UINT32,
    BOOL,
};

// =============================================================================
// Task ids
// =============================================================================

// Opaque task id. Default construction leaves it unset (as for
// `PTO2TaskId deps[K];`); not constructible from or convertible to an integer.
class PTO2TaskId {
public:
    static PTO2TaskId invalid();
    bool is_valid() const;

private:
    uint64_t raw_;
};

// =============================================================================
// Tensors
// =============================================================================

// The storage a tensor views: address and total size, both in bytes.
struct PTOBufferHandle {
    uint64_t addr;
    uint64_t size;
};

// A zero-copy view over memory. Generated code reads `shapes[axis]` for
// pto.dim, and the layout fields for a Graph's Config (the Graph key).
// Offsets and strides count elements. View operations return a new ChipTensor.
struct ChipTensor {
    PTOBufferHandle buffer;
    uint64_t start_offset;
    uint32_t ndims;
    DataType dtype;
    uint32_t shapes[MAX_TENSOR_DIMS];
    uint32_t strides[MAX_TENSOR_DIMS];
    // The task that produced it (invalid if none): every task reading or
    // writing it in an auto scope, and a Graph launch taking it as a
    // boundary tensor, waits for it. Copies and views keep it.
    PTO2TaskId owner_task_id;

    // [stricter] [[nodiscard]]: a view op's result is its only effect.
    [[nodiscard]] ChipTensor view(const uint32_t view_shapes[], const uint32_t view_offsets[]) const;
    [[nodiscard]] ChipTensor transpose(uint32_t x, uint32_t y) const;
    [[nodiscard]] ChipTensor reshape(const uint32_t new_shapes[], uint32_t new_ndims) const;
    [[nodiscard]] ChipTensor slice(uint32_t dim, uint32_t start, uint32_t end, uint32_t step = 1) const;
};

// Wrap raw (already allocated) memory as a contiguous ChipTensor.
ChipTensor make_tensor_external(void* addr, const uint32_t shapes[], uint32_t ndims,
                                DataType dtype = DataType::FLOAT32, bool manual_dep = false,
                                int32_t version = 0);

// Shape and dtype of a runtime-allocated tensor. The Arg / alloc_tensors call
// keeps a pointer to it, so it must be a named variable that outlives submit.
class TensorCreateInfo {
public:
    TensorCreateInfo(const uint32_t shapes[], uint32_t ndims, DataType dtype);
#if defined(PTO_RUNTIME_API_SIMPLER_6EBAF771) && defined(PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER)
    // [simpler_6ebaf771, tensormap_and_ringbuffer only] Fills every element
    // of the buffer allocated from it with to_u64(value).
    template <typename T>
    void set_initial_value(T value);
#endif
};

// One tensor slot of an argument list. Written in place, never copied.
// `.ref()` gives the tensor (valid for slots that hold an existing tensor).
class TensorRef {
public:
    TensorRef(const TensorRef&) = delete;
    TensorRef& operator=(const TensorRef&) = delete;

    const ChipTensor& ref() const;

private:
    TensorRef();
};

// Host reads/writes of one element, e.g. get_tensor_data<float>(t, 2, idx).
template <typename T = uint64_t, pto_orch_api_detail::EnableIfScalarValue<T> = 0>
T get_tensor_data(const ChipTensor& tensor, uint32_t ndims, const uint32_t indices[]);
template <typename T = uint64_t, pto_orch_api_detail::EnableIfScalarValue<T> = 0>
void set_tensor_data(const ChipTensor& tensor, uint32_t ndims, const uint32_t indices[], T value);

// =============================================================================
// Submit results
// =============================================================================

// Returned by submit and alloc_tensors: the runtime-allocated outputs (in
// add_output order) and the task id. Must be held in a named variable:
// get_ref() on a temporary is deleted, because the reference would dangle.
class TaskOutputTensors {
public:
    TaskOutputTensors();

    const ChipTensor& get_ref(uint32_t index) const&;
    const ChipTensor& get_ref(uint32_t index) const&& = delete;

    PTO2TaskId task_id() const;
};

// =============================================================================
// Graph boundary scalars  [host_build_graph only; newer runtime]
// =============================================================================

#if !defined(PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER) && !defined(PTO_RUNTIME_API_SIMPLER_6EBAF771)
template <size_t MaxTensors, size_t MaxScalars>
class Arg;

// A boundary scalar handed out by GraphTaskArgs::scalar(k): its value plus the
// slot it comes from, so forwarding it to add_scalar keeps replay linkage.
// Copy it with `auto`; there is deliberately NO value accessor and NO implicit
// conversion (to an integer, uint64_t or bool): a value read would freeze the
// first call's number into the recording. Construction values come from the
// Graph's Config instead (from_u64<T>(config.field)).
// [stricter] The newer runtime has a [[deprecated]] implicit conversion to
// uint64_t and a .to<T>() reader; with -Werror both are errors in effect.
class InheritableScalar {
private:
    template <size_t, size_t>
    friend class Arg;
    InheritableScalar(uint64_t bits, const void* origin);

    uint64_t bits_;
    const void* origin_;
};
#endif

// =============================================================================
// Task arguments
// =============================================================================

// Argument list of one task (or, as GraphTaskArgs, of one Graph launch).
// Use through the aliases CoreTaskArgs / GraphTaskArgs; a bare `Arg x;` does
// not compile. Built in place, never copied.
//
// Rules: every tensor is added before any scalar (checked by the runtime at
// run time); tensors and TensorCreateInfo are stored by address, so they must
// be lvalues that outlive the submit (rvalue overloads are deleted).
// SPMD launch parameters of a task: it runs as block_num blocks (1 by
// default); block_num times the kernel's lanes must fit int16_t.
class PTO2LaunchSpec {
public:
    void set_block_num(int16_t n);
    // Start every block together (meaningful for block_num > 1).
    void set_require_sync_start(bool v);
};

template <size_t MaxTensors, size_t MaxScalars>
class Arg {
public:
    PTO2LaunchSpec launch_spec;
    // Let the scheduler stage the task before its producers finish.
    void set_allow_early_resolve(bool v = true);

    Arg() = default;
    Arg(const Arg&) = delete;
    Arg& operator=(const Arg&) = delete;

    void add_input(const ChipTensor& tensor);
    void add_input(const ChipTensor&& tensor) = delete;

    // OUTPUT_EXISTING: write-only, caller-supplied storage.
    void add_output(const ChipTensor& tensor);
    void add_output(const ChipTensor&& tensor) = delete;
    // OUTPUT: the runtime allocates; read it back with TaskOutputTensors::get_ref.
    void add_output(const TensorCreateInfo& create_info);
    void add_output(const TensorCreateInfo&& create_info) = delete;

    void add_inout(const ChipTensor& tensor);
    void add_inout(const ChipTensor&& tensor) = delete;

    // Existing tensor without dependency tracking (depends on its creator only).
    void add_no_dep(const ChipTensor& tensor);
    void add_no_dep(const ChipTensor&& tensor) = delete;

    // A scalar slot. Integers/bools: (uint64_t) cast; floats: to_u64(f).
    void add_scalar(uint64_t value);
    // [stricter] A float/double would be value-converted by add_scalar(uint64_t),
    // not bit-cast: spell it add_scalar(to_u64(f)).
    template <typename F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
    void add_scalar(F value) = delete;
#if !defined(PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER) && !defined(PTO_RUNTIME_API_SIMPLER_6EBAF771)
    // [host_build_graph only] Forward a Graph boundary scalar, keeping its origin.
    void add_scalar(InheritableScalar scalar);
#endif

    // Explicit dependencies (manual scopes). Stored by address: `ids` must
    // outlive the submit. Never pass PTO2TaskId::invalid() entries.
    void set_dependencies(const PTO2TaskId* ids, uint32_t count);

    // Read access. A graph body binds its boundary with
    //   const ChipTensor& x = args.tensor(i).ref();
    //   const auto s = args.scalar(k);      // InheritableScalar
    const TensorRef& tensor(uint32_t index) const;
#ifndef PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER
#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
    // [host_build_graph only] The slot itself: the runtime links a task
    // scalar to the boundary by the address add_scalar(const uint64_t&)
    // sees, so forward `args.scalar(k)` directly, never a copy.
    const uint64_t& scalar(uint32_t index) const;
#else
    // [host_build_graph only; spec level] (6ebaf771: `const uint64_t&`).
    InheritableScalar scalar(uint32_t index) const;
#endif
#endif
};

using CoreTaskArgs = Arg<MAX_TENSOR_ARGS, MAX_SCALAR_ARGS>;

// Arguments of the orchestration entry (external tensors and scalar inputs).
// Only handed out by the runtime, by const reference.
class ChipTaskArgs {
public:
    ChipTaskArgs(const ChipTaskArgs&) = delete;
    ChipTaskArgs& operator=(const ChipTaskArgs&) = delete;

    // `const ChipTensor& ext_a = orch_args.tensor(0).ref();`
    // (The brief's sketch returns TensorRef by value; the runtime returns a
    // reference to its non-copyable slot, so that is declared.)
    const TensorRef& tensor(uint32_t index) const;

    // Raw slot bits: `float scale = from_u64<float>(orch_args.scalar(0));`.
    const uint64_t& scalar(uint32_t index) const;
#ifndef PTO_RUNTIME_API_SIMPLER_6EBAF771
    // Decoded: `float scale = orch_args.scalar<float>(0);` (spec level; not
    // in the public runtime at 6ebaf771).
    template <typename T, pto_orch_api_detail::EnableIfScalarValue<T> = 0>
    T scalar(uint32_t index) const;
#endif

private:
    ChipTaskArgs();
};

// =============================================================================
// Submission
// =============================================================================

inline constexpr int32_t INVALID_KERNEL_ID = -1;

// Kernel ids of a mixed (AIC + AIV) task; unused slots are INVALID_KERNEL_ID.
//   MixedKernels mixed_0 = {aic_id, aiv_id, INVALID_KERNEL_ID};
struct MixedKernels {
    int32_t aic_kernel_id = INVALID_KERNEL_ID;
    int32_t aiv0_kernel_id = INVALID_KERNEL_ID;
    int32_t aiv1_kernel_id = INVALID_KERNEL_ID;
};

TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, const CoreTaskArgs& args);
TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, const CoreTaskArgs& args);
TaskOutputTensors rt_submit_task(const MixedKernels& mixed_kernels, const CoreTaskArgs& args);
// Dependency-only task (barrier): runs no kernel.
TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs& args);

// Allocate runtime tensors without a kernel:
//   TaskOutputTensors alloc_0 = alloc_tensors(a_ci, b_ci);
//   const ChipTensor& a = alloc_0.get_ref(0);
// Every argument must be a TensorCreateInfo; 1..kAllocTensorsArgs of them.
template <typename... CreateInfos,
          std::enable_if_t<(sizeof...(CreateInfos) >= 1) && (sizeof...(CreateInfos) <= kAllocTensorsArgs) &&
                               (std::is_same_v<CreateInfos, TensorCreateInfo> && ...),
                           int> = 0>
TaskOutputTensors alloc_tensors(const CreateInfos&... create_infos);
TaskOutputTensors alloc_tensors(const TensorCreateInfo create_infos[], uint32_t count);

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
// Fatal errors (both runtimes at 6ebaf771; not in the spec's API): marks the
// run failed with a code from pto_runtime_status.h and a printf-style message;
// every runtime call after it returns at once.
//   rt_report_fatal(PTO2_ERROR_INVALID_ARGS, "%s", "extent out of range");
#define PTO2_ERROR_INVALID_ARGS 5
namespace pto_orch_api_detail {
[[gnu::format(printf, 3, 4)]] void report_fatal(int32_t code, const char* function, const char* format, ...);
}  // namespace pto_orch_api_detail
#define rt_report_fatal(code, fmt, ...) \
    ::pto_orch_api_detail::report_fatal((code), __FUNCTION__, (fmt), ##__VA_ARGS__)
#endif  // PTO_RUNTIME_API_SIMPLER_6EBAF771

// =============================================================================
// Scopes
// =============================================================================

enum class PTO2ScopeMode : uint8_t {
    AUTO = 0,
    MANUAL = 1,  // no automatic dependency tracking; use set_dependencies
};

void rt_scope_begin(PTO2ScopeMode mode = PTO2ScopeMode::AUTO);
void rt_scope_end();

// RAII: rt_scope_begin(mode) on construction, rt_scope_end() on destruction.
class PTO2ScopeGuard {
public:
    explicit PTO2ScopeGuard(PTO2ScopeMode mode = PTO2ScopeMode::AUTO);
    ~PTO2ScopeGuard();
    PTO2ScopeGuard(const PTO2ScopeGuard&) = delete;
    PTO2ScopeGuard& operator=(const PTO2ScopeGuard&) = delete;
};

#define PTO2_ORCH_API_CONCAT_IMPL(x, y) x##y
#define PTO2_ORCH_API_CONCAT(x, y) PTO2_ORCH_API_CONCAT_IMPL(x, y)

// `PTO2_SCOPE() { ... }` and `PTO2_SCOPE(PTO2ScopeMode::MANUAL) { ... }`.
// Same shape as the runtime's macro: an if-with-initializer holding the guard
// for the block (so `break`/`continue` inside reach the enclosing loop).
#define PTO2_SCOPE(...) \
    if (PTO2ScopeGuard PTO2_ORCH_API_CONCAT(pto2_scope_guard_, __COUNTER__){__VA_ARGS__}; true)

// =============================================================================
// Orchestration entry points
// =============================================================================

struct PTO2OrchestrationConfig {
    uint32_t expected_arg_count;
};

// Generated code defines these inside `extern "C" { }`.
// [stricter] Declared here so a definition with another signature (e.g. a
// non-const or old-style argument type) is a conflicting-declaration error.
extern "C" PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args);
extern "C" void aicpu_orchestration_entry(const ChipTaskArgs& orch_args);

// =============================================================================
// Graph record/replay  [host_build_graph only]
// =============================================================================

#ifndef PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER
inline constexpr uint32_t GRAPH_MAX_TENSOR_ARGS = 128;
inline constexpr uint32_t GRAPH_MAX_SCALAR_ARGS = 64;
inline constexpr uint32_t GRAPH_MAX_NODES = 1024;

// The boundary of one Graph launch.
using GraphTaskArgs = Arg<GRAPH_MAX_TENSOR_ARGS, GRAPH_MAX_SCALAR_ARGS>;
static_assert(!std::is_same_v<GraphTaskArgs, CoreTaskArgs>, "GraphTaskArgs and CoreTaskArgs must stay distinct");

// A Graph body: `static void g_layer(const GraphTaskArgs& args) { ... }`.
using GraphFunction = void (*)(const GraphTaskArgs&);

// task_id is valid only on a cache hit: generated code never depends on it.
struct GraphSubmitResult {
    bool execute_block;
    bool recording;
    PTO2TaskId task_id;
    void* recording_handle;
};

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
// Record on a cache miss, replay on a hit. The key is the function (or
// graph_id) plus every config, hashed by value: construction values, which
// must be integral, float or double, and whose types must match the
// function's parameters exactly (both are deduced).
GraphSubmitResult rt_submit_graph(GraphFunction function, const GraphTaskArgs& args);
GraphSubmitResult rt_submit_graph(uint64_t graph_id, GraphFunction function, const GraphTaskArgs& args);

namespace pto_orch_api_detail {
template <typename T>
inline constexpr bool kIsGraphConfig =
    std::is_integral_v<T> || std::is_same_v<T, float> || std::is_same_v<T, double>;
}  // namespace pto_orch_api_detail

template <typename... Config>
using GraphFunctionWithConfig = void (*)(const GraphTaskArgs&, Config...);

template <typename... Config,
          std::enable_if_t<(pto_orch_api_detail::kIsGraphConfig<Config> && ...), int> = 0>
GraphSubmitResult rt_submit_graph(GraphFunctionWithConfig<Config...> function, const GraphTaskArgs& args,
                                  Config... config);
template <typename... Config,
          std::enable_if_t<(pto_orch_api_detail::kIsGraphConfig<Config> && ...), int> = 0>
GraphSubmitResult rt_submit_graph(uint64_t graph_id, GraphFunctionWithConfig<Config...> function,
                                  const GraphTaskArgs& args, Config... config);
#else
namespace simpler::hbg {
// Construction values of a Graph (values read while the body builds the
// graph, e.g. a loop bound). Generated code derives one class per Graph:
//
//   struct g_layer_Config final : simpler::hbg::ConfigBase {
//       uint64_t scalar_0;  // encoded with to_u64, decoded with from_u64<T>
//       GraphBoundaryLayout<3> layout;  // generated next to the Graphs
//       uint64_t hash() const override;
//       bool equals(const simpler::hbg::ConfigBase& other) const override;
//   };
//
// hash/equals cover the encoded scalar bits plus the boundary layout fields
// the spec lists; the runtime adds the Config to the Graph key. The shape
// chosen here is minimal (the spec names ConfigBase but not its members):
// whatever the runtime needs beyond hash/equals is not modelled.
class ConfigBase {
public:
    virtual ~ConfigBase();
    virtual uint64_t hash() const = 0;
    virtual bool equals(const ConfigBase& other) const = 0;

protected:
    ConfigBase() = default;
    ConfigBase(const ConfigBase&) = default;
    ConfigBase& operator=(const ConfigBase&) = default;
};
}  // namespace simpler::hbg

// A Graph body that reads construction values. It receives the Config it was
// submitted with and downcasts to its generated class:
//   const auto& config = static_cast<const g_layer_Config&>(config_base);
using GraphConfigFunction = void (*)(const GraphTaskArgs&, const simpler::hbg::ConfigBase&);

// Record on a cache miss (the body runs), replay on a hit. The identity is the
// function pointer unless a graph_id is given.
GraphSubmitResult rt_submit_graph(GraphFunction function, const GraphTaskArgs& args);
GraphSubmitResult rt_submit_graph(uint64_t graph_id, GraphFunction function, const GraphTaskArgs& args);
GraphSubmitResult rt_submit_graph(GraphConfigFunction function, const GraphTaskArgs& args,
                                  const simpler::hbg::ConfigBase& config);
GraphSubmitResult rt_submit_graph(uint64_t graph_id, GraphConfigFunction function, const GraphTaskArgs& args,
                                  const simpler::hbg::ConfigBase& config);
#endif  // PTO_RUNTIME_API_SIMPLER_6EBAF771
#endif  // PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER

#endif  // PTO_MLIR_RUNTIME_PTO_ORCHESTRATION_API_H
