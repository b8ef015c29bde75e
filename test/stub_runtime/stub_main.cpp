// The driver of a generated orchestration linked against the stub runtime
// (pto_orchestration_api.h in this directory): reads the entry arguments of
// one or more runs from stdin, runs the entry once per run and lets the stub
// print the trace. The entry is aicpu_orchestration_entry, or the function
// -DPTO_STUB_ENTRY=<name> names (a hand-written orchestration may export
// its entry under another name, which its scene tells the runtime).
//
// Input, whitespace-separated: the number of runs; per run the number of
// entry arguments, then per argument either
//   T <dtype> <ndims> <shape...> <strides...> <start_offset> <storage_elements> <hex bytes>
// (a tensor: DataType code, elements for offset and strides, the storage's
// bytes in hex, or "-" for a tensor without storage),
//   A <k> <dtype> <ndims> <shape...> <strides...> <start_offset>
// (a tensor on the storage of entry tensor k of the same run), or
//   S <uint64 slot bits>
// Every run gets fresh storage, so a replay sees new boundary addresses.
//
// Optionally first, the kernels' windows (#pto.window) the stub checks
// every task against:
//   W <count> then per window
//   <kernel id> <tensor argument> <rank> <scalars n> <widths...>
//   then 2 * rank linear forms (offsets, then sizes): <constant> <n coefficients>

#include "pto_orchestration_api.h"

#include <iostream>

#ifdef PTO_STUB_ENTRY
extern "C" void PTO_STUB_ENTRY(const ChipTaskArgs& orch_args);
#else
#define PTO_STUB_ENTRY aicpu_orchestration_entry
#endif
#include <string>

namespace {

uint64_t read_u64(std::istream& in) {
    uint64_t v;
    if (!(in >> v)) stub::fail("malformed driver input");
    return v;
}

void load_hex(const std::string& hex, uint8_t* out, uint64_t bytes) {
    if (hex.size() != bytes * 2) stub::fail("tensor data of the wrong size");
    for (uint64_t i = 0; i < bytes; ++i) out[i] = (uint8_t)std::stoul(hex.substr(i * 2, 2), nullptr, 16);
}

}  // namespace

int64_t read_i64(std::istream& in) {
    int64_t v;
    if (!(in >> v)) stub::fail("malformed driver input");
    return v;
}

void read_windows(std::istream& in) {
    uint64_t count = read_u64(in);
    for (uint64_t i = 0; i < count; ++i) {
        int32_t kernel = (int32_t)read_i64(in);
        stub::KernelWindow w;
        w.param = (uint32_t)read_u64(in);
        uint64_t rank = read_u64(in), scalars = read_u64(in);
        if (rank > MAX_TENSOR_DIMS) stub::fail("a kernel window of too many dimensions");
        for (uint64_t k = 0; k < scalars; ++k) w.widths.push_back((uint32_t)read_u64(in));
        for (uint64_t f = 0; f < 2 * rank; ++f) {
            stub::LinearForm form;
            form.constant = read_i64(in);
            for (uint64_t k = 0; k < scalars; ++k) form.coefficients.push_back(read_i64(in));
            (f < rank ? w.offsets : w.sizes).push_back(form);
        }
        stub::state().windows[kernel].push_back(std::move(w));
    }
}

int main() {
    std::ios::sync_with_stdio(false);
    if (std::cin >> std::ws && std::cin.peek() == 'W') {
        std::cin.get();
        read_windows(std::cin);
    }
    uint64_t runs = read_u64(std::cin);
    for (uint64_t run = 0; run < runs; ++run) {
        uint64_t count = read_u64(std::cin);
        ChipTaskArgs args;
        uint32_t& tensors = args.entry_tensor_count;
        std::vector<std::pair<uint32_t, uint64_t>> arg_lines;
        for (uint64_t i = 0; i < count; ++i) {
            std::string kind;
            std::cin >> kind;
            if (kind == "S") {
                args.scalars.push_back(read_u64(std::cin));
                continue;
            }
            if (kind != "T" && kind != "A") stub::fail("malformed driver input");
            if (tensors == CHIP_MAX_TENSOR_ARGS) stub::fail("too many entry tensors");
            ChipTensor& t = args.tensors[tensors].tensor;
            uint64_t alias_of = kind == "A" ? read_u64(std::cin) : 0;
            if (kind == "A" && alias_of >= tensors) stub::fail("an alias of a later tensor");
            t.dtype = (DataType)read_u64(std::cin);
            t.ndims = (uint32_t)read_u64(std::cin);
            if (t.ndims > MAX_TENSOR_DIMS) stub::fail("entry tensor of too many dimensions");
            for (uint32_t d = 0; d < t.ndims; ++d) t.shapes[d] = (uint32_t)read_u64(std::cin);
            for (uint32_t d = 0; d < t.ndims; ++d) t.strides[d] = (uint32_t)read_u64(std::cin);
            t.start_offset = read_u64(std::cin);
            if (kind == "A") {
                t.buffer = args.tensors[alias_of].tensor.buffer;
                arg_lines.push_back({tensors, t.buffer.addr});
                ++tensors;
                continue;
            }
            uint64_t bytes = read_u64(std::cin) * stub::element_size(t.dtype);
            std::string hex;
            std::cin >> hex;
            if (hex == "-") {
                t.buffer = stub::reserve(bytes);
            } else {
                t.buffer = stub::allocate(bytes);
                load_hex(hex, (uint8_t*)(uintptr_t)t.buffer.addr, bytes);
            }
            arg_lines.push_back({tensors, t.buffer.addr});
            ++tensors;
        }
        if (aicpu_orchestration_config(args).expected_arg_count != count)
            stub::fail("the entry expects another number of arguments");
        stub::state().events = 0;
        stub::state().launches = 0;
        stub::state().event_of_task.clear();
        printf("{\"kind\":\"run\"}\n");
        for (auto [index, addr] : arg_lines)
            printf("{\"kind\":\"arg\",\"index\":%u,\"addr\":%llu}\n", index, (unsigned long long)addr);
        PTO_STUB_ENTRY(args);
    }
    return 0;
}
