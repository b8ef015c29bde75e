"""The host_build_graph translation end to end (issue 5; docs/translation.md,
"Graph functions (host_build_graph)").

Every split chunk of test/Target/Cpp/hbg-*.mlir goes through
`pto-opt --pto-graph-legalize-pipeline --pto-orchestration-prepare-pipeline`
and `pto-translate --pto-to-cpp`, and the C++ must compile against the
runtime API header (which declares the host_build_graph API by default). From
Python, `pipelines.legalize_graph_boundary` then
`translate.to_orchestration_cpp` prints the same C++. The Graph diagnostics of
test/Target/Cpp/hbg-errors.mlir fail in the tool and raise in Python.

Two programs are also compiled against a small fake runtime and run: the
decoder example (the launches' scalars, the body recorded once and its
scalars forwarded as InheritableScalar wrappers) and the Config example
(calls with different loop bounds get Configs that differ, calls with the
same bound equal ones).
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from pto_mlir import pipelines
from pto_mlir.ir import Context, MLIRError, Module
from pto_mlir.translate import to_orchestration_cpp

REPO = Path(__file__).resolve().parents[2]
CPP_TESTS = REPO / "test" / "Target" / "Cpp"
# hbg-errors.mlir holds inputs that must not translate; hbg-known-bugs-scratch.mlir
# holds open bugs: both are skipped (the errors are checked on their own).
SKIPPED = {"hbg-errors.mlir", "hbg-known-bugs-scratch.mlir"}
GRAPH_TESTS = sorted(p for p in CPP_TESTS.glob("hbg-*.mlir") if p.name not in SKIPPED)
ERRORS = CPP_TESTS / "hbg-errors.mlir"
DECODER_EXAMPLE = REPO / "examples" / "decoder_layer.mlir"
CXX = shutil.which("g++")
CXX_FLAGS = ["-std=c++17", "-fsyntax-only", "-Werror", "-I", str(REPO / "runtime" / "include")]
# Each runtime API level (pto.runtime_api, set with --pto-runtime-api) and the
# define that makes runtime/include declare it.
API_LEVELS = {"spec": [], "simpler_6ebaf771": ["-DPTO_RUNTIME_API_SIMPLER_6EBAF771"]}
PIPELINES = ["--pto-graph-legalize-pipeline", "--pto-orchestration-prepare-pipeline",
             "--mlir-print-debuginfo"]
SPLIT = re.compile(r"^// -----\s*$", re.M)

needs_cxx = pytest.mark.skipif(CXX is None, reason="g++ is not installed")


def split_chunks(path):
    """The chunks of `path` as -split-input-file sees them."""
    return [chunk for chunk in SPLIT.split(path.read_text()) if "module" in chunk]


def chunk_of(name, index):
    return split_chunks(CPP_TESTS / name)[index]


def collect_inputs():
    cases = []
    for path in GRAPH_TESTS:
        for index, chunk in enumerate(split_chunks(path)):
            cases.append(pytest.param(chunk, id=f"{path.name}:{index}"))
    cases.append(pytest.param(DECODER_EXAMPLE.read_text(), id="examples/decoder_layer.mlir"))
    return cases


INPUTS = collect_inputs()
ERROR_CASES = [pytest.param(chunk, id=f"hbg-errors.mlir:{index}")
               for index, chunk in enumerate(split_chunks(ERRORS))]


def run(cmd, stdin=None, cwd=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                          timeout=120, cwd=cwd)


def translate_cli(pto_opt, pto_translate, source, api=None):
    """The documented two-tool pipeline for a Graph program."""
    prepared = run([pto_opt, *PIPELINES, "-"], source)
    assert prepared.returncode == 0, prepared.stderr
    level = [f"--pto-runtime-api={api}"] if api else []
    cpp = run([pto_translate, "--pto-to-cpp", *level, "-"], prepared.stdout)
    assert cpp.returncode == 0, cpp.stderr
    return cpp.stdout


def translate_python(source):
    with Context():
        module = Module.parse(source)
        pipelines.legalize_graph_boundary(module)
        return to_orchestration_cpp(module)


def test_inputs_found():
    # decoder (3), allocations (4), returns (3), body (4), config (3).
    assert len(GRAPH_TESTS) >= 5
    assert len(INPUTS) >= 16 + 1
    assert len(ERROR_CASES) >= 5


@needs_cxx
@pytest.mark.parametrize("api", API_LEVELS)
@pytest.mark.parametrize("source", INPUTS)
def test_graph_translation_compiles(pto_opt, pto_translate, source, api):
    cpp = translate_cli(pto_opt, pto_translate, source, api)
    assert '#include "pto_orchestration_api.h"' in cpp
    assert "void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {" in cpp
    # Every Graph is a function before the entry, launched by rt_submit_graph
    # whose result is never used.
    graphs = re.findall(r"^static void (\w+)\(const GraphTaskArgs& args", cpp, re.M)
    assert graphs
    assert cpp.index("static void") < cpp.index('extern "C"')
    launches = re.findall(r"^\s*(.*)rt_submit_graph\(&(\w+), ", cpp, re.M)
    assert launches
    for prefix, function in launches:
        assert prefix == "", f"rt_submit_graph result used: {prefix!r}"
        assert function in graphs
    # The host_build_graph API is declared by default: only the level's define.
    result = run([CXX, *CXX_FLAGS, *API_LEVELS[api], "-x", "c++", "-"], cpp)
    assert result.returncode == 0, result.stderr + "\n" + cpp


@pytest.mark.parametrize("source", INPUTS)
def test_python_api_matches_the_tools(pto_opt, pto_translate, source):
    """legalize_graph_boundary then to_orchestration_cpp (both in memory)
    print what the two tools print."""
    assert translate_python(source) == translate_cli(pto_opt, pto_translate, source)


def test_python_api_decoder_example(pto_opt, pto_translate):
    """The decoder example of issue 5, from Python: one Graph function, the
    scalars bound as wrappers, two add_scalar at the call site."""
    source = chunk_of("hbg-decoder.mlir", 0)
    cpp = translate_python(source)
    assert cpp == translate_cli(pto_opt, pto_translate, source)
    assert cpp.count("static void main_graph_layer(const GraphTaskArgs& args, "
                     "const simpler::hbg::ConfigBase& /*config*/) {") == 1
    assert "const auto layer_idx = args.scalar(0);" in cpp
    assert "const auto base = args.scalar(1);" in cpp
    assert "layer_params_t0.add_scalar(base);" in cpp
    body = cpp[cpp.index("static void main_graph_layer"):cpp.index('extern "C"')]
    assert "alloc_tensors" not in body and "from_u64" not in body
    entry = cpp[cpp.index("void aicpu_orchestration_entry"):]
    # base = i * 128, computed unsigned (arith wraps; signed overflow is UB).
    assert re.search(r"const int64_t (\w+) = \(int64_t\)\(\(uint64_t\)\(i\) \* "
                     r"\(uint64_t\)\(\(int64_t\)128\)\);", entry)
    assert len(re.findall(r"params_t0\.add_scalar\(", entry)) == 2
    assert ("\n        rt_submit_graph(&main_graph_layer, params_t0, params_t0_config);"
            in entry)


@pytest.mark.parametrize("source", ERROR_CASES)
def test_graph_errors_fail_in_the_tool_and_raise_in_python(pto_translate, source):
    result = run([pto_translate, "--pto-to-cpp", "-"], source)
    assert result.returncode == 1, result.stderr
    assert "PLEASE submit a bug report" not in result.stderr
    op = re.search(r"error: ('[\w.]+' op [^:\n]*)", result.stderr)
    assert op, result.stderr
    with Context():
        module = Module.parse(source)
        with pytest.raises(MLIRError) as info:
            to_orchestration_cpp(module, prepare=False)
    assert op.group(1) in str(info.value)


# ---------------------------------------------------------------------------
# Run checks against a fake runtime
# ---------------------------------------------------------------------------

# A stand-in for pto_orchestration_api.h that records what the generated code
# does: the launches of Graphs (their scalars, whether the body was recorded
# or replayed, which earlier Config an equal one matched), the scalars given
# to tasks (with the boundary-scalar slot a forwarded InheritableScalar came
# from, -1 for a plain value) and the Config fields the body decoded. Like the
# runtime, a Graph is recorded on the first launch of a key (the function, and
# the Config by hash() and equals()) and replayed afterwards. Configs are kept
# by address: valid for programs whose launches share one C++ scope.
FAKE_RUNTIME = r"""
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <initializer_list>
#include <vector>

struct InheritableScalar { uint64_t bits; int origin; };

namespace fake {
struct GraphLaunch {
    const void* function;
    std::vector<uint64_t> scalars;
    unsigned tensors;
    bool recorded;
    long long hash;      // -1 without a Config
    int equal_to;        // index of an earlier launch with an equal Config, or -1
};
inline std::vector<GraphLaunch> launches;
inline std::vector<std::pair<uint64_t, int>> task_scalars;
inline std::vector<uint64_t> decoded;
inline unsigned tasks = 0;
}

template <typename T> uint64_t to_u64(T value) {
    uint64_t bits = 0;
    memcpy(&bits, &value, sizeof(T));
    return bits;
}
template <typename T> T from_u64(uint64_t bits) {
    T value;
    memcpy(&value, &bits, sizeof(T));
    fake::decoded.push_back(bits);
    return value;
}

enum class DataType : uint8_t { FLOAT32, FLOAT16, INT32, INT16, INT8, UINT8, BFLOAT16,
                                INT64, UINT64, UINT16, UINT32, BOOL };

class PTO2TaskId {
public:
    static PTO2TaskId invalid() { return PTO2TaskId(); }
    bool is_valid() const { return valid; }
    bool valid = false;
};

inline constexpr uint32_t MAX_TENSOR_DIMS = 5;
struct PTOBufferHandle { uint64_t addr; uint64_t size; };

struct ChipTensor {
    PTOBufferHandle buffer = {};
    uint64_t start_offset = 0;
    uint32_t ndims = 0;
    DataType dtype = DataType::FLOAT32;
    uint32_t shapes[5] = {};
    uint32_t strides[5] = {};
    ChipTensor view(const uint32_t view_shapes[], const uint32_t offsets[]) const {
        ChipTensor t = *this;
        for (uint32_t d = 0; d < ndims; ++d) {
            t.shapes[d] = view_shapes[d];
            t.start_offset += (uint64_t)offsets[d] * strides[d];
        }
        return t;
    }
    ChipTensor transpose(uint32_t x, uint32_t y) const {
        ChipTensor t = *this;
        t.shapes[x] = shapes[y];
        t.shapes[y] = shapes[x];
        t.strides[x] = strides[y];
        t.strides[y] = strides[x];
        return t;
    }
};

namespace fake {
// Fresh storage for every tensor the program does not place itself.
inline uint64_t next_address = 0x10000;
inline ChipTensor contiguous(const uint32_t shape[], uint32_t ndims, uint64_t addr = 0) {
    ChipTensor t;
    t.ndims = ndims;
    uint64_t stride = 1;
    for (uint32_t d = ndims; d-- > 0;) {
        t.shapes[d] = shape[d];
        t.strides[d] = (uint32_t)stride;
        stride *= shape[d];
    }
    t.buffer.size = stride * 4;
    t.buffer.addr = addr ? addr : next_address;
    if (!addr) next_address += t.buffer.size + 0x1000;
    return t;
}
}

class TensorCreateInfo {
public:
    TensorCreateInfo(const uint32_t s[], uint32_t n, DataType) : ndims(n) {
        for (uint32_t d = 0; d < n; ++d) shapes[d] = s[d];
    }
    uint32_t shapes[5] = {};
    uint32_t ndims;
};

class TensorRef {
public:
    const ChipTensor& ref() const { return t; }
    ChipTensor t;
};

template <typename T = uint64_t>
T get_tensor_data(const ChipTensor&, uint32_t, const uint32_t[]) { return T(); }
template <typename T = uint64_t>
void set_tensor_data(const ChipTensor&, uint32_t, const uint32_t[], T) {}

class TaskOutputTensors {
public:
    const ChipTensor& get_ref(uint32_t index) const { return outs[index]; }
    PTO2TaskId task_id() const { return id; }
    std::vector<ChipTensor> outs;
    PTO2TaskId id;
};

template <size_t MaxTensors, size_t MaxScalars>
class Arg {
public:
    Arg() = default;
    Arg(const Arg&) = delete;
    void add_input(const ChipTensor& t) { slots[nt++].t = t; }
    void add_output(const ChipTensor& t) { slots[nt++].t = t; }
    void add_output(const TensorCreateInfo&) { ++nt; }
    void add_inout(const ChipTensor& t) { slots[nt++].t = t; }
    void add_scalar(uint64_t v) { scalars[ns] = v; origins[ns++] = -1; }
    void add_scalar(InheritableScalar s) { scalars[ns] = s.bits; origins[ns++] = s.origin; }
    void set_dependencies(const PTO2TaskId*, uint32_t) {}
    const TensorRef& tensor(uint32_t i) const { return slots[i]; }
    InheritableScalar scalar(uint32_t i) const { return InheritableScalar{scalars[i], (int)i}; }
    TensorRef slots[MaxTensors];
    uint64_t scalars[MaxScalars] = {};
    int origins[MaxScalars] = {};
    uint32_t nt = 0, ns = 0;
};
using CoreTaskArgs = Arg<32, 16>;
using GraphTaskArgs = Arg<128, 64>;

class ChipTaskArgs {
public:
    const TensorRef& tensor(uint32_t i) const { return tensors[i]; }
    template <typename T> T scalar(uint32_t i) const {
        T value;
        memcpy(&value, &scalars[i], sizeof(T));
        return value;
    }
    // A contiguous tensor at `addr` (fresh storage when 0).
    void add_tensor(std::initializer_list<uint32_t> shape, uint64_t addr = 0) {
        TensorRef r;
        r.t = fake::contiguous(std::vector<uint32_t>(shape).data(), (uint32_t)shape.size(), addr);
        tensors.push_back(r);
    }
    std::vector<TensorRef> tensors;
    std::vector<uint64_t> scalars;
};

inline constexpr int32_t INVALID_KERNEL_ID = -1;
struct MixedKernels { int32_t aic, aiv0, aiv1; };

inline TaskOutputTensors fake_submit(const CoreTaskArgs& args) {
    ++fake::tasks;
    for (uint32_t i = 0; i < args.ns; ++i)
        fake::task_scalars.push_back({args.scalars[i], args.origins[i]});
    TaskOutputTensors outs;
    outs.id.valid = true;
    return outs;
}
inline TaskOutputTensors rt_submit_aiv_task(int32_t, const CoreTaskArgs& a) { return fake_submit(a); }
inline TaskOutputTensors rt_submit_aic_task(int32_t, const CoreTaskArgs& a) { return fake_submit(a); }
inline TaskOutputTensors rt_submit_task(const MixedKernels&, const CoreTaskArgs& a) { return fake_submit(a); }
inline TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs& a) { return fake_submit(a); }

template <typename... CreateInfos>
TaskOutputTensors alloc_tensors(const CreateInfos&... infos) {
    TaskOutputTensors outs;
    for (const TensorCreateInfo* ci : {&infos...})
        outs.outs.push_back(fake::contiguous(ci->shapes, ci->ndims));
    return outs;
}

enum class PTO2ScopeMode : uint8_t { AUTO = 0, MANUAL = 1 };
#define PTO2_SCOPE(...) if (true)

struct PTO2OrchestrationConfig { uint32_t expected_arg_count; };

namespace simpler::hbg {
class ConfigBase {
public:
    virtual ~ConfigBase() = default;
    virtual uint64_t hash() const = 0;
    virtual bool equals(const ConfigBase& other) const = 0;
};
}

struct GraphSubmitResult { bool execute_block; bool recording; PTO2TaskId task_id; void* recording_handle; };
using GraphFunction = void (*)(const GraphTaskArgs&);
using GraphConfigFunction = void (*)(const GraphTaskArgs&, const simpler::hbg::ConfigBase&);

namespace fake {
inline std::vector<const simpler::hbg::ConfigBase*> configs;
inline GraphLaunch& launch(const void* function, const GraphTaskArgs& args) {
    GraphLaunch l{function, {}, args.nt, true, -1, -1};
    for (uint32_t i = 0; i < args.ns; ++i) l.scalars.push_back(args.scalars[i]);
    launches.push_back(l);
    return launches.back();
}
}

inline GraphSubmitResult rt_submit_graph(GraphFunction f, const GraphTaskArgs& args) {
    bool seen = false;
    for (const fake::GraphLaunch& l : fake::launches) seen |= l.function == (const void*)f;
    fake::launch((const void*)f, args).recorded = !seen;
    fake::configs.push_back(nullptr);
    if (!seen) f(args);
    return GraphSubmitResult{!seen, !seen, PTO2TaskId(), nullptr};
}

inline GraphSubmitResult rt_submit_graph(GraphConfigFunction f, const GraphTaskArgs& args,
                                         const simpler::hbg::ConfigBase& config) {
    int equal_to = -1;
    for (size_t i = 0; i < fake::launches.size() && equal_to < 0; ++i)
        if (fake::launches[i].function == (const void*)f && fake::configs[i] &&
            (uint64_t)fake::launches[i].hash == config.hash() && config.equals(*fake::configs[i]))
            equal_to = (int)i;
    fake::GraphLaunch& l = fake::launch((const void*)f, args);
    l.hash = (long long)config.hash();
    l.equal_to = equal_to;
    l.recorded = equal_to < 0;
    fake::configs.push_back(&config);
    if (l.recorded) f(args, config);
    return GraphSubmitResult{l.recorded, l.recorded, PTO2TaskId(), nullptr};
}
"""

# Appended to the generated file: builds the entry's arguments, runs it and
# prints what the fake runtime saw, one record per line.
FAKE_MAIN = r"""
#include <string>
static std::string join(const std::vector<uint64_t>& values) {
    std::string text;
    for (uint64_t v : values) text += (text.empty() ? "" : ",") + std::to_string(v);
    return text;
}
int main() {
    ChipTaskArgs args;
    %(setup)s
    aicpu_orchestration_entry(args);
    for (const fake::GraphLaunch& l : fake::launches)
        printf("launch recorded=%%d hash=%%lld equal_to=%%d tensors=%%u scalars=%%s\n",
               (int)l.recorded, l.hash, l.equal_to, l.tensors, join(l.scalars).c_str());
    for (const auto& [bits, origin] : fake::task_scalars)
        printf("task_scalar %%llu origin=%%d\n", (unsigned long long)bits, origin);
    printf("decoded %%s\n", join(fake::decoded).c_str());
    printf("tasks %%u\n", fake::tasks);
    return 0;
}
"""


def run_with_fake_runtime(tmp_path, cpp, setup):
    (tmp_path / "pto_orchestration_api.h").write_text(FAKE_RUNTIME)
    source = tmp_path / "program.cpp"
    source.write_text(cpp + FAKE_MAIN % {"setup": setup})
    binary = tmp_path / "program"
    built = run([CXX, "-std=c++17", "-Werror", "-I", str(tmp_path), str(source),
                 "-o", str(binary)])
    assert built.returncode == 0, built.stderr
    ran = run([str(binary)])
    assert ran.returncode == 0, ran.stderr
    launches, task_scalars, decoded, tasks = [], [], None, None
    for line in ran.stdout.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "launch":
            fields = dict(item.split("=", 1) for item in rest.split())
            fields["scalars"] = [int(v) for v in fields["scalars"].split(",") if v]
            launches.append(fields)
        elif kind == "task_scalar":
            bits, origin = rest.split(" origin=")
            task_scalars.append((int(bits), int(origin)))
        elif kind == "decoded":
            decoded = [int(v) for v in rest.split(",") if v]
        elif kind == "tasks":
            tasks = int(rest)
    return launches, task_scalars, decoded, tasks


@needs_cxx
def test_decoder_example_runs(tmp_path, pto_opt, pto_translate):
    """Four launches of one Graph with (layer_idx, base) = (i, i * 128); the
    body is recorded on the first launch only, its task takes both boundary
    scalars as wrappers (their slots 1 and 0, not frozen numbers)."""
    cpp = translate_cli(pto_opt, pto_translate, chunk_of("hbg-decoder.mlir", 0))
    launches, task_scalars, decoded, tasks = run_with_fake_runtime(
        tmp_path, cpp, "args.add_tensor({16, 128}); args.add_tensor({16, 128});")
    assert [l["scalars"] for l in launches] == [[i, i * 128] for i in range(4)]
    assert [l["tensors"] for l in launches] == ["2"] * 4
    assert [l["recorded"] for l in launches] == ["1", "0", "0", "0"]
    assert tasks == 1
    assert task_scalars == [(0, 1), (0, 0)]
    assert decoded == []


@needs_cxx
def test_construction_values_key_the_recording(tmp_path, pto_opt, pto_translate):
    """Calls with loop bounds 3, 5, 3: the first and second Configs differ
    (hash and equals), the third equals the first and replays its recording;
    each recording decoded its own bound from the Config."""
    cpp = translate_cli(pto_opt, pto_translate, chunk_of("hbg-config.mlir", 0))
    launches, task_scalars, decoded, tasks = run_with_fake_runtime(
        tmp_path, cpp, "args.add_tensor({16, 8}); args.scalars.push_back(to_u64<int64_t>(7));")
    assert [l["scalars"] for l in launches] == [[3, 7], [5, 7], [3, 7]]
    assert launches[0]["hash"] != launches[1]["hash"]
    assert launches[0]["hash"] == launches[2]["hash"]
    assert [l["equal_to"] for l in launches] == ["-1", "-1", "0"]
    assert [l["recorded"] for l in launches] == ["1", "1", "0"]
    assert decoded == [3, 5]
    # The forwarded scalar `s` keeps its slot (1) in both recordings.
    assert task_scalars == [(7, 1), (7, 1)]
    assert tasks == 2


@needs_cxx
def test_config_shapes_key_the_recording(tmp_path, pto_opt, pto_translate):
    """The same bounds with another boundary shape: the Config differs (the
    shapes are part of it), so the Graph is recorded again."""
    source = chunk_of("hbg-config.mlir", 0)
    cpp = translate_cli(pto_opt, pto_translate, source)
    first, _, _, _ = run_with_fake_runtime(
        tmp_path, cpp, "args.add_tensor({16, 8}); args.scalars.push_back(to_u64<int64_t>(7));")
    second, _, _, _ = run_with_fake_runtime(
        tmp_path, cpp, "args.add_tensor({8, 16}); args.scalars.push_back(to_u64<int64_t>(7));")
    assert first[0]["hash"] != second[0]["hash"]


@needs_cxx
def test_config_relocated_buffers_keep_the_key(tmp_path, pto_opt, pto_translate):
    """Absolute addresses are not part of the key: the same program with its
    tensors at other addresses computes the same Config hashes."""
    cpp = translate_cli(pto_opt, pto_translate, chunk_of("hbg-config.mlir", 0))
    setup = "args.add_tensor({16, 8}, %d); args.scalars.push_back(to_u64<int64_t>(7));"
    first, _, _, _ = run_with_fake_runtime(tmp_path, cpp, setup % 0x100000)
    moved, _, _, _ = run_with_fake_runtime(tmp_path, cpp, setup % 0x7700000)
    assert [l["hash"] for l in first] == [l["hash"] for l in moved]


@needs_cxx
def test_config_aliasing_keys_the_recording(tmp_path, pto_opt, pto_translate):
    """A Graph with no construction values: launched with one buffer for both
    parameters, then with two buffers. The recorded dependency edges depend on
    that aliasing, so the second launch must record again (the layout's
    partition field differs), while repeating either launch replays."""
    source = chunk_of("hbg-config.mlir", 3)
    assert "@pair" in source
    cpp = translate_cli(pto_opt, pto_translate, source)
    launches, _, decoded, tasks = run_with_fake_runtime(
        tmp_path, cpp, "args.add_tensor({16}); args.add_tensor({16});")
    assert [l["recorded"] for l in launches] == ["1", "1"]
    assert launches[0]["hash"] != launches[1]["hash"]
    assert decoded == [] and tasks == 2
    # The same two launches where x and y share storage: both alias alike,
    # so the second one replays the first recording.
    launches, _, _, tasks = run_with_fake_runtime(
        tmp_path, cpp, "args.add_tensor({16}, 0x5000); args.add_tensor({16}, 0x5000);")
    assert [l["recorded"] for l in launches] == ["1", "0"]
    assert [l["equal_to"] for l in launches] == ["-1", "0"]
    assert tasks == 1


def test_argument_metadata_marks_host_control_tensors():
    """From Python: the parameters the orchestration reads or writes on the
    host keep HOST storage with no transfer; the rest, and scalars, do not."""
    from pto_mlir.translate import argument_metadata
    with Context():
        module = Module.parse(chunk_of("hbg-host-control.mlir", 0))
        pipelines.legalize_graph_boundary(module)
        metadata = argument_metadata(module)
    assert metadata["entry"] == "main" and metadata["runtime"] == "host_build_graph"
    assert [(a["kind"], a["slot"], a.get("storage"), a.get("transfer"))
            for a in metadata["arguments"]] == [
        ("tensor", 0, "DEVICE", "DEFAULT"), ("tensor", 1, "HOST", "NONE"),
        ("tensor", 2, "HOST", "NONE"), ("scalar", 0, None, None)]


def test_argument_metadata_raises_on_host_control_misuse():
    """A host control tensor that also reaches the device is an MLIRError
    carrying the diagnostic and its note, not metadata (raised by the
    prepare pipeline's pto-mark-host-control-tensors)."""
    from pto_mlir.translate import argument_metadata
    source = """
module attributes {pto.runtime = #pto.runtime<host_build_graph>} {
  pto.kernel aiv @k(%x: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>})
  pto.orchestration @main(%ctl: !pto.tensor<4xi32> {pto.direction = #pto.direction<inout>}) {
    %v = pto.read %ctl[0] : !pto.tensor<4xi32>
    %x1, %t = pto.submit @k(%ctl) : (!pto.tensor<4xi32>) -> !pto.tensor<4xi32>
    pto.return
  }
}
"""
    with Context():
        module = Module.parse(source)
        with pytest.raises(MLIRError) as info:
            argument_metadata(module)
    message = str(info.value)
    assert "passes host control tensor #0 of @main to the device" in message
    assert "accessed on the host here" in message
