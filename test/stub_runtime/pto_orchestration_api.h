// pto_orchestration_api.h -- an executable stub of the PTO runtime's
// orchestration API, for tests.
//
// Generated orchestration C++ compiled against this header (instead of
// runtime/include's declaration-only one) links and runs on the host: no
// kernel runs, but every runtime call is carried out and printed, one JSON
// object per line on stdout, so a test can compare what the C++ does with
// what the simulator (pto_mlir.sim) does for the same IR. See
// test/python/cpp_trace.py for the reader and the comparison.
//
// Both API levels: the spec level by default, the public runtime's at
// 6ebaf771 with -DPTO_RUNTIME_API_SIMPLER_6EBAF771 (the same switch as
// runtime/include/pto_orchestration_api.h).
//
// What it models, as the host_build_graph runtime does:
//   * tasks: kernel ids, tensor arguments (direction, buffer, window),
//     scalar slots, block count, flags, explicit dependencies; a
//     runtime-allocated output gets fresh storage and the task as its owner;
//   * alloc_tensors: fresh storage, owned by the call;
//   * Graphs: the first launch of a key records the body (its runtime calls
//     become nodes; nothing runs yet), then the nodes run; a later launch of
//     the key replays the nodes without running the body, patching
//       - a task tensor recorded as a boundary tensor (the same descriptor)
//         or as a window of one (same buffer, offset at or after the
//         boundary's): the new boundary tensor, or the recorded window at
//         the new address;
//       - a window of a graph allocation: the recorded window of a fresh
//         allocation (every submission allocates anew);
//       - a scalar whose source is a boundary scalar slot: the new slot
//         value (spec level: an InheritableScalar's origin; 6ebaf771: the
//         address add_scalar saw);
//       - a dependency on the owner of boundary tensor k: k's new owner;
//     and keeping everything else as recorded (a frozen tensor or scalar).
//   Keys: the Graph function plus, at the spec level, Config::hash() (a
//   Config is a stack object that does not outlive its launch, so equals()
//   cannot be called later: two Configs with one hash share a key here), at
//   6ebaf771 the configs' bytes; 6ebaf771 also checks the boundary layout at
//   a replay and runs the body eagerly on a mismatch (the runtime's
//   "ordinary path"), as does the stub.
//
// Misuse the runtime rejects (a dependency across a Graph boundary that is
// not a boundary tensor's owner, a Graph launched while one is recorded,
// too many arguments, a tensor after a scalar, a wrong argument count)
// prints {"kind":"error",...} and exits with status 3.
//
// Output (one object per line):
//   {"kind":"run"}                                 start of a run
//   {"kind":"arg","index":i,"addr":A}              an entry tensor's buffer
//   {"kind":"alloc","count":n}                     one alloc_tensors
//   {"kind":"graph","graph":g,"launch":l,"boundary_tensors":n,"boundary_scalars":m,
//    "key":"<hex>","mode":"record"|"replay"|"eager"}
//   {"kind":"task","kernels":[ids],"tensors":[[dir,addr,offset,[shape],[strides]],...],
//    "scalars":[bits,...],"blocks":n,"flags":[...],"deps":[event,...]}
//   {"kind":"dummy","deps":[event,...]}
// A task or dummy submitted inside a manual scope also has "manual":true.
// Events a Graph launch runs carry "launch":l, the launch's number in the
// run. g numbers Graph functions in order of first launch, key is the
// launch's key beyond the function (Config hash / config bytes), `event` is the
// index of an earlier event of the run (counting from the "run" line's
// successor), dir is "in", "out", "inout" or "no_dep", and offsets, shapes
// and strides count elements.

#ifndef PTO_MLIR_TEST_STUB_RUNTIME_H
#define PTO_MLIR_TEST_STUB_RUNTIME_H

#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <map>
#include <string>
#include <type_traits>
#include <vector>

inline constexpr size_t MAX_TENSOR_ARGS = 32;
inline constexpr size_t MAX_SCALAR_ARGS = 16;
inline constexpr size_t CHIP_MAX_TENSOR_ARGS = 128;
inline constexpr size_t CHIP_MAX_SCALAR_ARGS = 128;
inline constexpr uint32_t MAX_TENSOR_DIMS = 5;
inline constexpr uint32_t kAllocTensorsArgs = 16;
inline constexpr uint32_t GRAPH_MAX_TENSOR_ARGS = 128;
inline constexpr uint32_t GRAPH_MAX_SCALAR_ARGS = 64;
inline constexpr uint32_t GRAPH_MAX_NODES = 1024;

namespace stub {
[[noreturn]] inline void fail(const char* message) {
    printf("{\"kind\":\"error\",\"message\":\"");
    for (const char* c = message; *c; ++c) {  // a JSON string
        if (*c == '"' || *c == '\\') printf("\\%c", *c);
        else if ((unsigned char)*c < 0x20) printf("\\u%04x", (unsigned)(unsigned char)*c);
        else putchar(*c);
    }
    printf("\"}\n");
    fflush(stdout);
    exit(3);
}
}  // namespace stub

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
// The runtime marks the run failed and ignores every later call; the stub
// stops here with the message (what the run would have done up to now is
// already printed).
#define PTO2_ERROR_INVALID_ARGS 5
namespace stub {
[[noreturn]] inline void report_fatal(int32_t code, const char* format, ...) {
    char message[1024];
    int prefix = snprintf(message, sizeof(message), "fatal error %d: ", (int)code);
    va_list args;
    va_start(args, format);
    vsnprintf(message + prefix, sizeof(message) - prefix, format, args);
    va_end(args);
    fail(message);
}
}  // namespace stub
#define rt_report_fatal(code, fmt, ...) ::stub::report_fatal((code), (fmt), ##__VA_ARGS__)
#endif

template <typename T>
uint64_t to_u64(T value) {
    static_assert(sizeof(T) <= sizeof(uint64_t));
    uint64_t bits = 0;
    memcpy(&bits, &value, sizeof(T));
    return bits;
}

template <typename T>
T from_u64(uint64_t bits) {
    T value;
    memcpy(&value, &bits, sizeof(T));
    return value;
}

enum class DataType : uint8_t {
    FLOAT32, FLOAT16, INT32, INT16, INT8, UINT8, BFLOAT16, INT64, UINT64, UINT16, UINT32, BOOL,
};

namespace stub {
inline uint32_t element_size(DataType t) {
    switch (t) {
    case DataType::FLOAT32: case DataType::INT32: case DataType::UINT32: return 4;
    case DataType::FLOAT16: case DataType::BFLOAT16: case DataType::INT16: case DataType::UINT16: return 2;
    case DataType::INT64: case DataType::UINT64: return 8;
    default: return 1;
    }
}
}  // namespace stub

class PTO2TaskId {
public:
    static PTO2TaskId invalid() { return PTO2TaskId(); }
    bool is_valid() const { return raw != 0; }
    uint64_t raw = 0;
};

struct PTOBufferHandle {
    uint64_t addr = 0;
    uint64_t size = 0;
};

struct ChipTensor {
    PTOBufferHandle buffer;
    uint64_t start_offset = 0;
    uint32_t ndims = 0;
    DataType dtype = DataType::FLOAT32;
    uint32_t shapes[MAX_TENSOR_DIMS] = {};
    uint32_t strides[MAX_TENSOR_DIMS] = {};
    PTO2TaskId owner_task_id;
    bool manual_dep = false;

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
    // As the runtime: the buffer's base on the host. A storage-less buffer
    // (an accounting run's) has none to read.
    template <typename T>
    T* data_as() const;
#endif

    // Each view takes the runtime's in_manual_dep flag (tensormap tracking
    // off for the view); the stub keeps it and the trace leaves it out.
    ChipTensor view(const uint32_t view_shapes[], const uint32_t view_offsets[],
                    bool in_manual_dep = false) const {
        ChipTensor t = *this;
        t.manual_dep = in_manual_dep;
        for (uint32_t d = 0; d < ndims; ++d) {
            t.shapes[d] = view_shapes[d];
            t.start_offset += (uint64_t)view_offsets[d] * strides[d];
        }
        return t;
    }
    ChipTensor transpose(uint32_t x, uint32_t y, bool in_manual_dep = false) const {
        ChipTensor t = *this;
        t.manual_dep = in_manual_dep;
        t.shapes[x] = shapes[y];
        t.shapes[y] = shapes[x];
        t.strides[x] = strides[y];
        t.strides[y] = strides[x];
        return t;
    }
    ChipTensor reshape(const uint32_t new_shapes[], uint32_t new_ndims, bool in_manual_dep = false) const;
    ChipTensor slice(uint32_t dim, uint32_t start, uint32_t end, uint32_t step = 1,
                     bool in_manual_dep = false) const {
        ChipTensor t = *this;
        t.manual_dep = in_manual_dep;
        t.start_offset += (uint64_t)start * strides[dim];
        t.shapes[dim] = end > start ? (end - start + step - 1) / step : 0;
        t.strides[dim] = strides[dim] * step;
        return t;
    }
};

namespace stub {
// Every allocation lives until the process exits: addresses are never reused,
// so a buffer's address identifies it in the trace.
inline PTOBufferHandle allocate(uint64_t bytes) {
    void* memory = calloc(bytes ? bytes : 1, 1);
    if (!memory) fail("out of host memory");
    return PTOBufferHandle{(uint64_t)(uintptr_t)memory, bytes};
}

// Storage-less buffers (entry tensors of an accounting run, whose contents
// nobody reads): unique addresses above every real one, no memory.
inline constexpr uint64_t kSyntheticBase = 1ull << 52;
inline PTOBufferHandle reserve(uint64_t bytes) {
    static uint64_t next = kSyntheticBase;
    PTOBufferHandle handle{next, bytes};
    next += (bytes + 4095) / 4096 * 4096 + 4096;
    return handle;
}

}  // namespace stub

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
template <typename T>
T* ChipTensor::data_as() const {
    if (buffer.addr >= stub::kSyntheticBase) stub::fail("data_as of a tensor without storage");
    return reinterpret_cast<T*>(static_cast<uintptr_t>(buffer.addr));
}
#endif

namespace stub {

inline ChipTensor contiguous(const uint32_t shapes[], uint32_t ndims, DataType dtype, PTOBufferHandle buffer) {
    ChipTensor t;
    t.buffer = buffer;
    t.ndims = ndims;
    t.dtype = dtype;
    uint64_t stride = 1;
    for (uint32_t d = ndims; d-- > 0;) {
        t.shapes[d] = shapes[d];
        t.strides[d] = (uint32_t)stride;
        stride *= shapes[d];
    }
    return t;
}

inline uint64_t element_count(const uint32_t shapes[], uint32_t ndims) {
    uint64_t n = 1;
    for (uint32_t d = 0; d < ndims; ++d) n *= shapes[d];
    return n;
}
}  // namespace stub

// The same storage and offset, row-major in the new shape. As the runtime:
// a source that is not contiguous fails (always_assert there), and so does
// another element count (debug_assert there).
inline ChipTensor ChipTensor::reshape(const uint32_t new_shapes[], uint32_t new_ndims, bool in_manual_dep) const {
    uint64_t span = 1;
    for (uint32_t d = ndims; d-- > 0;) {
        if (shapes[d] > 1 && strides[d] != span) stub::fail("reshape of a tensor that is not contiguous");
        span *= shapes[d];
    }
    if (stub::element_count(new_shapes, new_ndims) != stub::element_count(shapes, ndims))
        stub::fail("reshape to another element count");
    ChipTensor t = stub::contiguous(new_shapes, new_ndims, dtype, buffer);
    t.start_offset = start_offset;
    t.owner_task_id = owner_task_id;
    t.manual_dep = in_manual_dep;
    return t;
}


inline ChipTensor make_tensor_external(void* addr, const uint32_t shapes[], uint32_t ndims,
                                DataType dtype = DataType::FLOAT32, bool manual_dep = false,
                                int32_t version = 0) {
    (void)version;
    uint64_t bytes = stub::element_count(shapes, ndims) * stub::element_size(dtype);
    ChipTensor t = stub::contiguous(shapes, ndims, dtype, PTOBufferHandle{(uint64_t)(uintptr_t)addr, bytes});
    t.manual_dep = manual_dep;
    return t;
}

class TensorCreateInfo {
public:
    TensorCreateInfo(const uint32_t s[], uint32_t n, DataType t) : ndims(n), dtype(t) {
        if (n > MAX_TENSOR_DIMS) stub::fail("TensorCreateInfo of too many dimensions");
        for (uint32_t d = 0; d < n; ++d) shapes[d] = s[d];
    }
    uint32_t shapes[MAX_TENSOR_DIMS] = {};
    uint32_t ndims;
    DataType dtype;

    uint64_t buffer_size_bytes() const { return stub::element_count(shapes, ndims) * stub::element_size(dtype); }

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
    // As the tensormap_and_ringbuffer runtime: every element of the buffer
    // is set to the value's to_u64 bits, element-size bytes of them.
    template <typename T>
    void set_initial_value(T value) {
        has_initial_value = true;
        initial_value = to_u64(value);
    }
#endif

    ChipTensor materialize(PTO2TaskId owner) const {
        ChipTensor t = stub::contiguous(shapes, ndims, dtype, stub::allocate(buffer_size_bytes()));
        t.owner_task_id = owner;
        if (has_initial_value) {
            uint64_t size = stub::element_size(dtype);
            auto* bytes = reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(t.buffer.addr));
            for (uint64_t at = 0; at + size <= t.buffer.size; at += size)
                memcpy(bytes + at, &initial_value, size);
        }
        return t;
    }

private:
    uint64_t initial_value = 0;
    bool has_initial_value = false;
};

// The runtime's helpers for hand-written orchestrations that carve tensors
// out of their own storage (tensor_create_info.h).
inline uint64_t get_element_size(DataType t) { return stub::element_size(t); }
inline void init_tensor_from_create_info(ChipTensor& t, const TensorCreateInfo& ci, void* addr, uint64_t size) {
    t = stub::contiguous(ci.shapes, ci.ndims, ci.dtype, PTOBufferHandle{(uint64_t)(uintptr_t)addr, size});
}

class TensorRef {
public:
    TensorRef() = default;
    TensorRef(const TensorRef&) = delete;
    TensorRef& operator=(const TensorRef&) = delete;
    const ChipTensor& ref() const { return tensor; }
    ChipTensor tensor;
};

namespace stub {
inline void* element_address(const ChipTensor& t, uint32_t ndims, const uint32_t indices[]) {
    uint64_t position = t.start_offset;
    for (uint32_t d = 0; d < ndims; ++d) {
        if (indices[d] >= t.shapes[d]) fail("host access out of bounds");
        position += (uint64_t)indices[d] * t.strides[d];
    }
    uint64_t offset = position * element_size(t.dtype);
    if (offset >= t.buffer.size) fail("host access outside the buffer");
    if (t.buffer.addr >= kSyntheticBase) fail("host access to a tensor without storage");
    return (void*)(uintptr_t)(t.buffer.addr + offset);
}
}  // namespace stub

template <typename T = uint64_t>
T get_tensor_data(const ChipTensor& tensor, uint32_t ndims, const uint32_t indices[]) {
    T value;
    memcpy(&value, stub::element_address(tensor, ndims, indices), sizeof(T));
    return value;
}

template <typename T = uint64_t>
void set_tensor_data(const ChipTensor& tensor, uint32_t ndims, const uint32_t indices[], T value) {
    memcpy(stub::element_address(tensor, ndims, indices), &value, sizeof(T));
}

class TaskOutputTensors {
public:
    const ChipTensor& get_ref(uint32_t index) const& {
        if (index >= outs.size()) stub::fail("get_ref index out of range");
        return outs[index];
    }
    const ChipTensor& get_ref(uint32_t index) const&& = delete;
    PTO2TaskId task_id() const { return id; }

    std::vector<ChipTensor> outs;
    PTO2TaskId id;
};

enum class TensorArgType : uint8_t { INPUT, OUTPUT, OUTPUT_EXISTING, INOUT, NO_DEP };

#ifndef PTO_RUNTIME_API_SIMPLER_6EBAF771
template <size_t MaxTensors, size_t MaxScalars>
class Arg;

class InheritableScalar {
private:
    template <size_t, size_t>
    friend class Arg;
    InheritableScalar(uint64_t b, const void* o) : bits(b), origin(o) {}
    uint64_t bits;
    const void* origin;
};
#endif

class PTO2LaunchSpec {
public:
    void set_block_num(int16_t n) { block_num = n; }
    void set_require_sync_start(bool v) { require_sync_start = v; }
    int16_t block_num = 1;
    bool require_sync_start = false;
};

template <size_t MaxTensors, size_t MaxScalars>
class Arg {
public:
    PTO2LaunchSpec launch_spec;
    void set_allow_early_resolve(bool v = true) { allow_early_resolve = v; }

    Arg() = default;
    Arg(const Arg&) = delete;
    Arg& operator=(const Arg&) = delete;

    void add_input(const ChipTensor& t) { add(TensorArgType::INPUT, t); }
    void add_output(const ChipTensor& t) { add(TensorArgType::OUTPUT_EXISTING, t); }
    void add_output(const TensorCreateInfo& ci) {
        add(TensorArgType::OUTPUT, ChipTensor());
        create_infos[tensor_count - 1] = &ci;
    }
    void add_inout(const ChipTensor& t) { add(TensorArgType::INOUT, t); }
    void add_no_dep(const ChipTensor& t) { add(TensorArgType::NO_DEP, t); }
    void add_input(const ChipTensor&&) = delete;
    void add_output(const ChipTensor&&) = delete;
    void add_output(const TensorCreateInfo&&) = delete;
    void add_inout(const ChipTensor&&) = delete;
    void add_no_dep(const ChipTensor&&) = delete;

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
    // As the runtime: one or more arithmetic or enum values, each stored as
    // to_u64 of it; it links a scalar to a boundary slot by the address of
    // an lvalue it was given.
    template <typename... Values>
    void add_scalar(Values&&... values) {
        static_assert(sizeof...(Values) >= 1, "add_scalar: at least one argument required");
        static_assert(((std::is_arithmetic_v<std::decay_t<Values>> ||
                        std::is_enum_v<std::decay_t<Values>>) && ...),
                      "add_scalar: all types must be arithmetic or enum");
        (add_one_scalar(std::forward<Values>(values)), ...);
    }
    const uint64_t& scalar(uint32_t index) const {
        if (index >= scalar_count) stub::fail("scalar index out of range");
        return scalars[index];
    }
#else
    void add_scalar(uint64_t value) { push_scalar(value, nullptr); }
    void add_scalar(InheritableScalar s) { push_scalar(s.bits, s.origin); }
    InheritableScalar scalar(uint32_t index) const {
        if (index >= scalar_count) stub::fail("scalar index out of range");
        return InheritableScalar(scalars[index], &scalars[index]);
    }
    template <typename F, std::enable_if_t<std::is_floating_point_v<F>, int> = 0>
    void add_scalar(F value) = delete;
#endif

    void set_dependencies(const PTO2TaskId* ids, uint32_t count) {
        deps = ids;
        dep_count = count;
    }

    // As the runtime: empty again, to be filled for another launch.
    void reset() {
        for (uint32_t i = 0; i < tensor_count; ++i) create_infos[i] = nullptr;
        tensor_count = 0;
        scalar_count = 0;
        deps = nullptr;
        dep_count = 0;
        allow_early_resolve = false;
        launch_spec = PTO2LaunchSpec();
    }

    const TensorRef& tensor(uint32_t index) const {
        if (index >= tensor_count) stub::fail("tensor index out of range");
        return tensors[index];
    }

    TensorRef tensors[MaxTensors];
    TensorArgType tags[MaxTensors] = {};
    const TensorCreateInfo* create_infos[MaxTensors] = {};
    uint64_t scalars[MaxScalars] = {};
    const void* origins[MaxScalars] = {};
    uint32_t tensor_count = 0;
    uint32_t scalar_count = 0;
    const PTO2TaskId* deps = nullptr;
    uint32_t dep_count = 0;
    bool allow_early_resolve = false;

private:
#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
    template <typename T>
    void add_one_scalar(T&& value) {
        const void* origin = nullptr;
        if constexpr (std::is_lvalue_reference_v<T>) origin = &value;
        push_scalar(to_u64(std::decay_t<T>(value)), origin);
    }
#endif
    void add(TensorArgType tag, const ChipTensor& t) {
        if (scalar_count) stub::fail("a tensor argument added after a scalar");
        if (tensor_count == MaxTensors) stub::fail("too many tensor arguments");
        tags[tensor_count] = tag;
        tensors[tensor_count++].tensor = t;
    }
    void push_scalar(uint64_t value, const void* origin) {
        if (scalar_count == MaxScalars) stub::fail("too many scalar arguments");
        origins[scalar_count] = origin;
        scalars[scalar_count++] = value;
    }
};

using CoreTaskArgs = Arg<MAX_TENSOR_ARGS, MAX_SCALAR_ARGS>;
using GraphTaskArgs = Arg<GRAPH_MAX_TENSOR_ARGS, GRAPH_MAX_SCALAR_ARGS>;

class ChipTaskArgs {
public:
    ChipTaskArgs() = default;
    ChipTaskArgs(const ChipTaskArgs&) = delete;
    ChipTaskArgs& operator=(const ChipTaskArgs&) = delete;

    const TensorRef& tensor(uint32_t index) const {
        if (index >= entry_tensor_count) stub::fail("entry tensor index out of range");
        return tensors[index];
    }
    const uint64_t& scalar(uint32_t index) const {
        if (index >= scalars.size()) stub::fail("entry scalar index out of range");
        return scalars[index];
    }
#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
    int32_t tensor_count() const { return (int32_t)entry_tensor_count; }
    int32_t scalar_count() const { return (int32_t)scalars.size(); }
#else
    template <typename T>
    T scalar(uint32_t index) const {
        return from_u64<T>(scalar(index));
    }
#endif

    // Filled by the test driver before the entry runs.
    TensorRef tensors[CHIP_MAX_TENSOR_ARGS];
    uint32_t entry_tensor_count = 0;
    std::vector<uint64_t> scalars;
};

inline constexpr int32_t INVALID_KERNEL_ID = -1;

struct MixedKernels {
    int32_t aic_kernel_id = INVALID_KERNEL_ID;
    int32_t aiv0_kernel_id = INVALID_KERNEL_ID;
    int32_t aiv1_kernel_id = INVALID_KERNEL_ID;
};

enum class PTO2ScopeMode : uint8_t { AUTO = 0, MANUAL = 1 };

namespace stub {
void push_scope(PTO2ScopeMode mode);
void pop_scope();
}  // namespace stub

inline void rt_scope_begin(PTO2ScopeMode mode = PTO2ScopeMode::AUTO) { stub::push_scope(mode); }
inline void rt_scope_end() { stub::pop_scope(); }

class PTO2ScopeGuard {
public:
    explicit PTO2ScopeGuard(PTO2ScopeMode mode = PTO2ScopeMode::AUTO) { rt_scope_begin(mode); }
    ~PTO2ScopeGuard() { rt_scope_end(); }
    PTO2ScopeGuard(const PTO2ScopeGuard&) = delete;
    PTO2ScopeGuard& operator=(const PTO2ScopeGuard&) = delete;
};

#define PTO2_ORCH_API_CONCAT_IMPL(x, y) x##y
#define PTO2_ORCH_API_CONCAT(x, y) PTO2_ORCH_API_CONCAT_IMPL(x, y)
#define PTO2_SCOPE(...) \
    if (PTO2ScopeGuard PTO2_ORCH_API_CONCAT(pto2_scope_guard_, __COUNTER__){__VA_ARGS__}; true)
#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
// A scope to the end of the enclosing block.
#define PTO2_SCOPE_GUARD(...) \
    [[maybe_unused]] PTO2ScopeGuard PTO2_ORCH_API_CONCAT(pto2_scope_guard_, __COUNTER__){__VA_ARGS__}
#endif

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
// The runtime's log macros, to stderr (stdout carries the trace).
#define PTO_STUB_LOG(level, fmt, ...) \
    fprintf(stderr, "[" level "] %s: " fmt "\n", __FUNCTION__, ##__VA_ARGS__)
#define LOG_ERROR(fmt, ...) PTO_STUB_LOG("error", fmt, ##__VA_ARGS__)
#define LOG_WARN(fmt, ...) PTO_STUB_LOG("warn", fmt, ##__VA_ARGS__)
#define LOG_TIMING(fmt, ...) PTO_STUB_LOG("timing", fmt, ##__VA_ARGS__)
#define LOG_INFO(fmt, ...) PTO_STUB_LOG("info", fmt, ##__VA_ARGS__)
#define LOG_DEBUG(fmt, ...) PTO_STUB_LOG("debug", fmt, ##__VA_ARGS__)
#endif

struct PTO2OrchestrationConfig {
    uint32_t expected_arg_count;
};

extern "C" PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args);
extern "C" void aicpu_orchestration_entry(const ChipTaskArgs& orch_args);

// =============================================================================
// The engine: tasks, recordings, replays
// =============================================================================

namespace stub {

// One task as submitted: what the trace prints, plus where its tensors and
// scalars came from (for a recording).
struct Task {
    bool dummy = false;
    std::vector<int32_t> kernels;
    std::vector<TensorArgType> tags;
    std::vector<ChipTensor> tensors;  // outputs materialized
    std::vector<uint64_t> scalars;
    std::vector<const void*> origins;
    int16_t blocks = 1;
    bool require_sync_start = false;
    bool allow_early_resolve = false;
    bool manual = false;         // submitted in a manual scope
    std::vector<uint64_t> deps;  // raw task ids
};

enum class Source : uint8_t { BOUNDARY_EXACT, BOUNDARY_VIEW, INTERNAL, FROZEN };

struct TensorSource {
    Source source = Source::FROZEN;
    uint32_t index = 0;    // boundary tensor, or graph allocation
    uint64_t delta = 0;    // BOUNDARY_VIEW: start_offset - boundary's
    ChipTensor recorded;
};

struct Node {
    bool alloc = false;
    std::vector<uint32_t> allocations;  // graph allocations this node makes
    Task task;
    std::vector<TensorSource> tensor_sources;
    std::vector<int32_t> scalar_sources;  // boundary slot, or -1 (frozen)
    std::vector<std::pair<bool, uint32_t>> deps;  // (is_owner_of_boundary, node or boundary index)
};

struct Definition {
    std::vector<Node> nodes;
    std::vector<PTOBufferHandle> allocations;  // recording-time storage
    std::vector<ChipTensor> boundary;          // recording-time boundary
};

struct Recording {
    const GraphTaskArgs* boundary_args = nullptr;
    Definition definition;
    std::map<uint64_t, uint32_t> node_of_task;  // raw id -> node
    // The body's own scopes: as the runtime, a recording does not see the
    // scopes its launch is in.
    std::vector<PTO2ScopeMode> scopes;
};

// A kernel parameter's #pto.window, given to the driver by the test: per
// axis, offset and size as linear forms of the task's scalars.
struct LinearForm {
    int64_t constant = 0;
    std::vector<int64_t> coefficients;  // per scalar argument
};

struct KernelWindow {
    uint32_t param = 0;               // tensor argument index
    std::vector<uint32_t> widths;     // bits of each scalar argument
    std::vector<LinearForm> offsets;  // one per axis
    std::vector<LinearForm> sizes;
};

struct State {
    std::map<int32_t, std::vector<KernelWindow>> windows;  // kernel id -> windows
    uint64_t next_task = 1;
    int64_t events = 0;                       // events printed this run
    int64_t launches = 0;                     // Graph launches this run
    int64_t executing = -1;                   // the launch whose nodes run, or -1
    std::map<uint64_t, int64_t> event_of_task;  // raw id -> event
    Recording* recording = nullptr;
    std::map<const void*, int> graph_numbers;
    std::map<std::pair<const void*, std::string>, Definition> definitions;
    std::vector<PTO2ScopeMode> scopes;        // open scopes, innermost last
};

inline State& state() {
    static State s;
    return s;
}

// The scopes a call is in: a Graph recording's own, else the run's (also
// for a Graph body run eagerly, which is ordinary submission).
inline std::vector<PTO2ScopeMode>& open_scopes() {
    return state().recording ? state().recording->scopes : state().scopes;
}

// As the runtime: inside a manual scope every nested scope is manual too.
inline bool in_manual_scope() {
    for (PTO2ScopeMode mode : open_scopes())
        if (mode == PTO2ScopeMode::MANUAL) return true;
    return false;
}

inline void push_scope(PTO2ScopeMode mode) {
    // The runtime refuses an auto scope in a manual one (a recording with
    // one fails to commit: PTO2_ERROR_INVALID_ARGS).
    if (mode == PTO2ScopeMode::AUTO && in_manual_scope())
        fail(state().recording ? "auto scope nested inside manual scope in a Graph recording"
                               : "auto scope nested inside manual scope is not supported");
    open_scopes().push_back(mode);
}

inline void pop_scope() {
    if (open_scopes().empty()) fail("rt_scope_end without an open scope");
    open_scopes().pop_back();
}

inline const char* direction(TensorArgType tag) {
    switch (tag) {
    case TensorArgType::INPUT: return "in";
    case TensorArgType::INOUT: return "inout";
    case TensorArgType::NO_DEP: return "no_dep";
    default: return "out";
    }
}

inline std::string join(const uint32_t* values, uint32_t n) {
    std::string text;
    for (uint32_t i = 0; i < n; ++i) text += (i ? "," : "") + std::to_string(values[i]);
    return text;
}

inline int64_t emit_line(std::string line, uint64_t task) {
    if (state().executing >= 0) line.insert(line.size() - 1, ",\"launch\":" + std::to_string(state().executing));
    printf("%s\n", line.c_str());
    if (task) state().event_of_task[task] = state().events;
    return state().events++;
}

inline std::string dep_list(const std::vector<int64_t>& events) {
    std::string text;
    for (size_t i = 0; i < events.size(); ++i) text += (i ? "," : "") + std::to_string(events[i]);
    return text;
}

inline std::vector<int64_t> events_of(const std::vector<uint64_t>& ids) {
    std::vector<int64_t> out;
    for (uint64_t id : ids) {
        auto it = state().event_of_task.find(id);
        if (it != state().event_of_task.end()) out.push_back(it->second);
    }
    return out;
}

inline int64_t evaluate(const LinearForm& form, const std::vector<uint64_t>& scalars,
                        const std::vector<uint32_t>& widths) {
    int64_t value = form.constant;
    for (size_t k = 0; k < form.coefficients.size() && k < scalars.size(); ++k) {
        uint32_t width = k < widths.size() ? widths[k] : 64;
        // The slot holds the scalar's bits: sign-extend from its width.
        int64_t scalar = width >= 64 ? (int64_t)scalars[k]
                                     : (int64_t)(scalars[k] << (64 - width)) >> (64 - width);
        value += form.coefficients[k] * scalar;
    }
    return value;
}

// A task whose kernel declares a window outside the tensor passed would
// touch memory that is not its argument's: the real runtime crashes or
// corrupts another tensor there.
inline void check_windows(const Task& task) {
    for (int32_t kernel : task.kernels) {
        auto it = state().windows.find(kernel);
        if (it == state().windows.end()) continue;
        for (const KernelWindow& w : it->second) {
            if (w.param >= task.tensors.size()) continue;
            const ChipTensor& t = task.tensors[w.param];
            if (w.offsets.size() != t.ndims) fail("a kernel window of another rank than its tensor");
            for (uint32_t d = 0; d < t.ndims; ++d) {
                int64_t begin = evaluate(w.offsets[d], task.scalars, w.widths);
                int64_t size = evaluate(w.sizes[d], task.scalars, w.widths);
                if (begin >= 0 && size >= 1 && begin + size <= (int64_t)t.shapes[d]) continue;
                std::string message = "kernel " + std::to_string(kernel) + ", tensor argument #" +
                                      std::to_string(w.param) + ": window [" + std::to_string(begin) + ", " +
                                      std::to_string(begin + size) + ") on axis " + std::to_string(d) +
                                      " lies outside the tensor passed (extent " + std::to_string(t.shapes[d]) +
                                      ")";
                fail(message.c_str());
            }
        }
    }
}

inline void emit_task(const Task& task, const std::vector<int64_t>& deps, uint64_t id) {
    if (!task.dummy) check_windows(task);
    // Only a manual scope is marked: auto is the runtime's default.
    std::string manual = task.manual ? ",\"manual\":true" : "";
    if (task.dummy) {
        emit_line("{\"kind\":\"dummy\",\"deps\":[" + dep_list(deps) + "]" + manual + "}", id);
        return;
    }
    std::string line = "{\"kind\":\"task\",\"kernels\":[";
    for (size_t i = 0; i < task.kernels.size(); ++i) line += (i ? "," : "") + std::to_string(task.kernels[i]);
    line += "],\"tensors\":[";
    for (size_t i = 0; i < task.tensors.size(); ++i) {
        const ChipTensor& t = task.tensors[i];
        line += std::string(i ? "," : "") + "[\"" + direction(task.tags[i]) + "\"," +
                std::to_string(t.buffer.addr) + "," + std::to_string(t.start_offset) + ",[" +
                join(t.shapes, t.ndims) + "],[" + join(t.strides, t.ndims) + "]," +
                std::to_string(static_cast<int>(t.dtype)) + "]";
    }
    line += "],\"scalars\":[";
    for (size_t i = 0; i < task.scalars.size(); ++i) line += (i ? "," : "") + std::to_string(task.scalars[i]);
    line += "],\"blocks\":" + std::to_string(task.blocks) + ",\"flags\":[";
    bool first = true;
    if (task.allow_early_resolve) line += "\"allow_early_resolve\"", first = false;
    if (task.require_sync_start) line += std::string(first ? "" : ",") + "\"require_sync_start\"";
    line += "],\"deps\":[" + dep_list(deps) + "]" + manual + "}";
    emit_line(line, id);
}

inline int64_t emit_alloc(size_t count, uint64_t id) {
    return emit_line("{\"kind\":\"alloc\",\"count\":" + std::to_string(count) + "}", id);
}

template <size_t T, size_t S>
Task capture(const Arg<T, S>& args, bool dummy, std::vector<int32_t> kernels) {
    Task task;
    task.dummy = dummy;
    task.manual = in_manual_scope();
    task.kernels = std::move(kernels);
    for (uint32_t i = 0; i < args.tensor_count; ++i) {
        task.tags.push_back(args.tags[i]);
        task.tensors.push_back(args.tensors[i].tensor);
    }
    for (uint32_t i = 0; i < args.scalar_count; ++i) {
        task.scalars.push_back(args.scalars[i]);
        task.origins.push_back(args.origins[i]);
    }
    task.blocks = args.launch_spec.block_num;
    task.require_sync_start = args.launch_spec.require_sync_start;
    task.allow_early_resolve = args.allow_early_resolve;
    for (uint32_t i = 0; i < args.dep_count; ++i) {
        if (!args.deps[i].is_valid()) fail("set_dependencies given an invalid task id");
        task.deps.push_back(args.deps[i].raw);
    }
    if (dummy && task.tensors.size() + task.scalars.size() != 0) fail("a dummy task with arguments");
    return task;
}

inline bool same_descriptor(const ChipTensor& a, const ChipTensor& b) {
    if (a.buffer.addr != b.buffer.addr || a.buffer.size != b.buffer.size || a.start_offset != b.start_offset ||
        a.ndims != b.ndims || a.dtype != b.dtype)
        return false;
    for (uint32_t d = 0; d < a.ndims; ++d)
        if (a.shapes[d] != b.shapes[d] || a.strides[d] != b.strides[d]) return false;
    return true;
}

// Classifies a task of the Graph being recorded into a node.
inline Node record_node(Recording& rec, Task task, const std::vector<uint32_t>& output_allocations) {
    Node node;
    node.allocations = output_allocations;
    const GraphTaskArgs& boundary = *rec.boundary_args;
    for (const ChipTensor& t : task.tensors) {
        TensorSource source;
        source.recorded = t;
        bool found = false;
        for (uint32_t k = 0; k < boundary.tensor_count && !found; ++k)
            if (same_descriptor(t, boundary.tensors[k].tensor)) {
                source.source = Source::BOUNDARY_EXACT;
                source.index = k;
                found = true;
            }
        for (uint32_t k = 0; k < boundary.tensor_count && !found; ++k) {
            const ChipTensor& b = boundary.tensors[k].tensor;
            if (t.buffer.addr == b.buffer.addr && t.buffer.size == b.buffer.size &&
                t.start_offset >= b.start_offset) {
                source.source = Source::BOUNDARY_VIEW;
                source.index = k;
                source.delta = t.start_offset - b.start_offset;
                found = true;
            }
        }
        for (uint32_t a = 0; a < rec.definition.allocations.size() && !found; ++a)
            if (rec.definition.allocations[a].addr == t.buffer.addr) {
                source.source = Source::INTERNAL;
                source.index = a;
                found = true;
            }
        node.tensor_sources.push_back(source);
    }
    for (const void* origin : task.origins) {
        int32_t slot = -1;
        for (uint32_t k = 0; k < boundary.scalar_count; ++k)
            if (origin == &boundary.scalars[k]) slot = (int32_t)k;
        node.scalar_sources.push_back(slot);
    }
    for (uint64_t dep : task.deps) {
        auto it = rec.node_of_task.find(dep);
        if (it != rec.node_of_task.end()) {
            node.deps.push_back({false, it->second});
            continue;
        }
        bool owner = false;
        for (uint32_t k = 0; k < boundary.tensor_count && !owner; ++k)
            if (boundary.tensors[k].tensor.owner_task_id.raw == dep) {
                node.deps.push_back({true, k});
                owner = true;
            }
        if (!owner)
            fail("a task of a Graph depends on a task outside it that owns none of its boundary tensors");
    }
    node.task = std::move(task);
    return node;
}

inline uint32_t new_allocation(Recording& rec, PTOBufferHandle storage) {
    rec.definition.allocations.push_back(storage);
    return (uint32_t)rec.definition.allocations.size() - 1;
}

inline uint64_t new_task_id() { return state().next_task++; }

template <size_t T, size_t S>
TaskOutputTensors submit(const Arg<T, S>& args, bool dummy, std::vector<int32_t> kernels) {
    TaskOutputTensors result;
    uint64_t id = new_task_id();
    result.id.raw = id;
    Task task = capture(args, dummy, std::move(kernels));
    Recording* rec = state().recording;
    std::vector<uint32_t> allocations;
    for (size_t i = 0; i < task.tensors.size(); ++i) {
        if (task.tags[i] != TensorArgType::OUTPUT) continue;
        ChipTensor out = args.create_infos[i]->materialize(result.id);
        if (rec) allocations.push_back(new_allocation(*rec, out.buffer));
        task.tensors[i] = out;
        result.outs.push_back(out);
    }
    if (rec) {
        if (rec->definition.nodes.size() == GRAPH_MAX_NODES) fail("a Graph recording of more than 1024 nodes");
        rec->node_of_task[id] = (uint32_t)rec->definition.nodes.size();
        rec->definition.nodes.push_back(record_node(*rec, std::move(task), allocations));
    } else {
        emit_task(task, events_of(task.deps), id);
    }
    return result;
}

inline TaskOutputTensors allocate_tensors(const TensorCreateInfo* const* infos, uint32_t count) {
    if (count < 1 || count > kAllocTensorsArgs) fail("alloc_tensors of 0 or more than 16 tensors");
    TaskOutputTensors result;
    uint64_t id = new_task_id();
    result.id.raw = id;
    Recording* rec = state().recording;
    Node node;
    node.alloc = true;
    for (uint32_t i = 0; i < count; ++i) {
        ChipTensor out = infos[i]->materialize(result.id);
        if (rec) node.allocations.push_back(new_allocation(*rec, out.buffer));
        result.outs.push_back(out);
    }
    if (rec) {
        rec->node_of_task[id] = (uint32_t)rec->definition.nodes.size();
        rec->definition.nodes.push_back(std::move(node));
    } else {
        emit_alloc(count, id);
    }
    return result;
}

// Runs a definition's nodes for one submission with boundary `args`.
inline void execute(const Definition& def, const GraphTaskArgs& args) {
    std::vector<PTOBufferHandle> real(def.allocations.size());
    std::vector<int64_t> event_of_node(def.nodes.size(), -1);
    for (size_t n = 0; n < def.nodes.size(); ++n) {
        const Node& node = def.nodes[n];
        for (uint32_t a : node.allocations) real[a] = allocate(def.allocations[a].size);
        if (node.alloc) {
            event_of_node[n] = emit_alloc(node.allocations.size(), 0);
            continue;
        }
        Task task = node.task;
        for (size_t i = 0; i < task.tensors.size(); ++i) {
            const TensorSource& source = node.tensor_sources[i];
            ChipTensor t = source.recorded;
            switch (source.source) {
            case Source::BOUNDARY_EXACT:
                t = args.tensors[source.index].tensor;
                break;
            case Source::BOUNDARY_VIEW:
                t.buffer = args.tensors[source.index].tensor.buffer;
                t.start_offset = args.tensors[source.index].tensor.start_offset + source.delta;
                break;
            case Source::INTERNAL:
                t.buffer = real[source.index];
                break;
            case Source::FROZEN:
                break;
            }
            task.tensors[i] = t;
        }
        for (size_t i = 0; i < task.scalars.size(); ++i)
            if (node.scalar_sources[i] >= 0) task.scalars[i] = args.scalars[node.scalar_sources[i]];
        std::vector<int64_t> deps;
        for (auto [is_owner, index] : node.deps) {
            if (!is_owner) {
                if (event_of_node[index] >= 0) deps.push_back(event_of_node[index]);
                continue;
            }
            PTO2TaskId owner = args.tensors[index].tensor.owner_task_id;
            if (owner.is_valid()) {
                std::vector<int64_t> e = events_of({owner.raw});
                deps.insert(deps.end(), e.begin(), e.end());
            }
        }
        event_of_node[n] = state().events;
        emit_task(task, deps, 0);
    }
}

inline bool same_layout(const std::vector<ChipTensor>& recorded, const GraphTaskArgs& args) {
    if (recorded.size() != args.tensor_count) return false;
    for (uint32_t i = 0; i < args.tensor_count; ++i) {
        const ChipTensor& a = recorded[i];
        const ChipTensor& b = args.tensors[i].tensor;
        if (a.buffer.size != b.buffer.size || a.ndims != b.ndims || a.dtype != b.dtype) return false;
        for (uint32_t d = 0; d < a.ndims; ++d)
            if (a.shapes[d] != b.shapes[d] || a.strides[d] != b.strides[d]) return false;
        int ra = (int)i, rb = (int)i;
        for (uint32_t j = 0; j < i; ++j)
            if (recorded[j].buffer.addr == a.buffer.addr && ra == (int)i) ra = (int)j;
        for (uint32_t j = 0; j < i; ++j)
            if (args.tensors[j].tensor.buffer.addr == b.buffer.addr && rb == (int)i) rb = (int)j;
        if (ra != rb) return false;
    }
    return true;
}

template <typename Body>
void submit_graph(const void* function, const GraphTaskArgs& args, const std::string& key, bool check_layout,
                  Body body) {
    State& s = state();
    if (s.recording) fail("a Graph launched while another is recorded");
    if (args.dep_count) fail("a Graph launch with explicit dependencies");
    if (args.tensor_count == 0) fail("a Graph launch without boundary tensors");
    auto number = s.graph_numbers.emplace(function, (int)s.graph_numbers.size()).first->second;
    auto found = s.definitions.find({function, key});
    std::string hex;
    for (unsigned char c : key) hex += "0123456789abcdef"[c >> 4], hex += "0123456789abcdef"[c & 15];
    int64_t launch = s.launches++;
    std::string head = "{\"kind\":\"graph\",\"graph\":" + std::to_string(number) + ",\"launch\":" +
                       std::to_string(launch) + ",\"boundary_tensors\":" + std::to_string(args.tensor_count) +
                       ",\"boundary_scalars\":" + std::to_string(args.scalar_count) + ",\"key\":\"" + hex +
                       "\",\"mode\":\"";
    if (found != s.definitions.end()) {
        if (check_layout && !same_layout(found->second.boundary, args)) {
            emit_line(head + "eager\"}", 0);
            s.executing = launch;
            body();  // the ordinary path: the body's calls run as they come
            s.executing = -1;
            return;
        }
        emit_line(head + "replay\"}", 0);
        s.executing = launch;
        execute(found->second, args);
        s.executing = -1;
        return;
    }
    Recording rec;
    rec.boundary_args = &args;
    for (uint32_t i = 0; i < args.tensor_count; ++i) rec.definition.boundary.push_back(args.tensors[i].tensor);
    s.recording = &rec;
    body();
    s.recording = nullptr;
    if (rec.definition.nodes.empty()) fail("a Graph recording of no node");
    emit_line(head + "record\"}", 0);
    s.executing = launch;
    execute(rec.definition, args);
    s.executing = -1;
    s.definitions.emplace(std::make_pair(function, key), std::move(rec.definition));
}

template <typename T>
void append_bytes(std::string& key, const T& value) {
    key.append(reinterpret_cast<const char*>(&value), sizeof(T));
}

}  // namespace stub

inline TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, const CoreTaskArgs& args) {
    return stub::submit(args, false, {kernel_id});
}
inline TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, const CoreTaskArgs& args) {
    return stub::submit(args, false, {kernel_id});
}
inline TaskOutputTensors rt_submit_task(const MixedKernels& k, const CoreTaskArgs& args) {
    return stub::submit(args, false, {k.aic_kernel_id, k.aiv0_kernel_id, k.aiv1_kernel_id});
}
inline TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs& args) { return stub::submit(args, true, {}); }

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
// The runtime's convenience layer (pto_arg_with_deps.h): dependencies
// gathered in the wrapper and bound when it is submitted. The stub records
// the ids, not whether one only orders (add_dep_wait) or also retains.
template <size_t MAX_DEP_COUNT = 16>
class CoreTaskArgsWithDeps : private CoreTaskArgs {
public:
    using CoreTaskArgs::add_inout;
    using CoreTaskArgs::add_input;
    using CoreTaskArgs::add_no_dep;
    using CoreTaskArgs::add_output;
    using CoreTaskArgs::add_scalar;
    using CoreTaskArgs::launch_spec;
    using CoreTaskArgs::set_allow_early_resolve;

    template <typename... Ids>
    void add_dep(Ids... ids) {
        add_ids(ids...);
    }
    template <typename... Ids>
    void add_dep_wait(Ids... ids) {
        add_ids(ids...);
    }
    void reset() {
        CoreTaskArgs::reset();
        count_ = 0;
    }
    CoreTaskArgs& finalize_for_submit() {
        CoreTaskArgs::set_dependencies(deps_, count_);
        return *this;
    }

private:
    template <typename... Ids>
    void add_ids(Ids... ids) {
        static_assert(sizeof...(Ids) >= 1, "add_dep: at least one task id is required");
        static_assert((std::is_same_v<std::decay_t<Ids>, PTO2TaskId> && ...),
                      "add_dep: all arguments must be PTO2TaskId");
        if (count_ + sizeof...(Ids) > MAX_DEP_COUNT) stub::fail("CoreTaskArgsWithDeps: too many dependencies");
        ((deps_[count_++] = ids), ...);
    }

    PTO2TaskId deps_[MAX_DEP_COUNT];
    uint32_t count_ = 0;
};

template <size_t N>
inline TaskOutputTensors rt_submit_aiv_task(int32_t kernel_id, CoreTaskArgsWithDeps<N>& args) {
    return rt_submit_aiv_task(kernel_id, args.finalize_for_submit());
}
template <size_t N>
inline TaskOutputTensors rt_submit_aic_task(int32_t kernel_id, CoreTaskArgsWithDeps<N>& args) {
    return rt_submit_aic_task(kernel_id, args.finalize_for_submit());
}
template <size_t N>
inline TaskOutputTensors rt_submit_task(const MixedKernels& k, CoreTaskArgsWithDeps<N>& args) {
    return rt_submit_task(k, args.finalize_for_submit());
}
#endif

template <typename... CreateInfos,
          std::enable_if_t<(sizeof...(CreateInfos) >= 1) && (sizeof...(CreateInfos) <= kAllocTensorsArgs) &&
                               (std::is_same_v<CreateInfos, TensorCreateInfo> && ...),
                           int> = 0>
TaskOutputTensors alloc_tensors(const CreateInfos&... create_infos) {
    const TensorCreateInfo* infos[] = {&create_infos...};
    return stub::allocate_tensors(infos, sizeof...(CreateInfos));
}
inline TaskOutputTensors alloc_tensors(const TensorCreateInfo create_infos[], uint32_t count) {
    std::vector<const TensorCreateInfo*> infos;
    for (uint32_t i = 0; i < count; ++i) infos.push_back(&create_infos[i]);
    return stub::allocate_tensors(infos.data(), count);
}

using GraphFunction = void (*)(const GraphTaskArgs&);

struct GraphSubmitResult {
    bool execute_block;
    bool recording;
    PTO2TaskId task_id;
    void* recording_handle;
};

inline GraphSubmitResult rt_submit_graph(GraphFunction function, const GraphTaskArgs& args) {
    stub::submit_graph((const void*)function, args, std::string(), false, [&] { function(args); });
    return GraphSubmitResult{false, false, PTO2TaskId(), nullptr};
}

#ifdef PTO_RUNTIME_API_SIMPLER_6EBAF771
template <typename... Config>
using GraphFunctionWithConfig = void (*)(const GraphTaskArgs&, Config...);

template <typename... Config,
          std::enable_if_t<((std::is_integral_v<Config> || std::is_same_v<Config, float> ||
                             std::is_same_v<Config, double>) &&
                            ...),
                           int> = 0>
GraphSubmitResult rt_submit_graph(GraphFunctionWithConfig<Config...> function, const GraphTaskArgs& args,
                                  Config... config) {
    std::string key;
    (stub::append_bytes(key, config), ...);
    stub::submit_graph((const void*)function, args, key, true, [&] { function(args, config...); });
    return GraphSubmitResult{false, false, PTO2TaskId(), nullptr};
}
#else
namespace simpler::hbg {
class ConfigBase {
public:
    virtual ~ConfigBase() = default;
    virtual uint64_t hash() const = 0;
    virtual bool equals(const ConfigBase& other) const = 0;

protected:
    ConfigBase() = default;
    ConfigBase(const ConfigBase&) = default;
    ConfigBase& operator=(const ConfigBase&) = default;
};
}  // namespace simpler::hbg

using GraphConfigFunction = void (*)(const GraphTaskArgs&, const simpler::hbg::ConfigBase&);

inline GraphSubmitResult rt_submit_graph(GraphConfigFunction function, const GraphTaskArgs& args,
                                         const simpler::hbg::ConfigBase& config) {
    if (!config.equals(config)) stub::fail("a Config that is not equal to itself");
    std::string key;
    stub::append_bytes(key, config.hash());
    stub::submit_graph((const void*)function, args, key, false, [&] { function(args, config); });
    return GraphSubmitResult{false, false, PTO2TaskId(), nullptr};
}
#endif

#endif  // PTO_MLIR_TEST_STUB_RUNTIME_H
