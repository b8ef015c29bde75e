// Uses the orchestration API the way generated code does (current spellings;
// shape of the orchestration-codegen.md complete example). Must compile with:
//   g++ -std=c++17 -fsyntax-only -Werror -Wall -I runtime/include runtime/tests/api_usage_ok.cpp

// Orchestration Function: orch_api_usage
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "pto_orchestration_api.h"

// Construction values of g_graph_layer_cfg (generated per Graph).
struct g_graph_layer_cfg_Config final : simpler::hbg::ConfigBase {
    uint64_t scalar_0;  // n_steps, to_u64-encoded

    uint64_t hash() const override { return scalar_0; }
    bool equals(const simpler::hbg::ConfigBase& other) const override {
        const auto* o = dynamic_cast<const g_graph_layer_cfg_Config*>(&other);
        return o != nullptr && o->scalar_0 == scalar_0;
    }
};

extern "C" {

// Graph body: binds its boundary tensors and scalars, forwards the scalars.
static void g_graph_layer(const GraphTaskArgs& args) {
    const ChipTensor& x = args.tensor(0).ref();
    const ChipTensor& w = args.tensor(1).ref();
    const ChipTensor& acc = args.tensor(2).ref();
    const auto scale = args.scalar(0);
    const auto layer_idx = args.scalar(1);
    const auto layer_idx_copy = layer_idx;  // auto copy keeps the origin

    ChipTensor wt = w.transpose(0, 1);  // replay-invariant view of a boundary tensor

    PTO2_SCOPE() {
        CoreTaskArgs g0_params_t0;
        g0_params_t0.add_input(x);
        g0_params_t0.add_input(wt);
        g0_params_t0.add_inout(acc);
        g0_params_t0.add_scalar(scale);
        g0_params_t0.add_scalar(layer_idx_copy);
        g0_params_t0.add_scalar(to_u64(1.0f));  // replay-invariant constant
        rt_submit_aiv_task(0, g0_params_t0);

        CoreTaskArgs g0_params_t1;
        g0_params_t1.add_inout(acc);
        g0_params_t1.add_scalar(args.scalar(1));
        rt_submit_aic_task(1, g0_params_t1);
    }
}

// Graph body that reads a construction value from its Config.
static void g_graph_layer_cfg(const GraphTaskArgs& args, const simpler::hbg::ConfigBase& config_base) {
    const auto& config = static_cast<const g_graph_layer_cfg_Config&>(config_base);
    const ChipTensor& acc = args.tensor(0).ref();
    const auto bias = args.scalar(0);
    const int64_t n_steps = from_u64<int64_t>(config.scalar_0);
    for (int64_t i = 0; i < n_steps; i += 1) {
        CoreTaskArgs g1_params_t0;
        g1_params_t0.add_inout(acc);
        g1_params_t0.add_scalar(bias);
        g1_params_t0.add_scalar((uint64_t)i);
        rt_submit_aiv_task(2, g1_params_t0);
    }
}

PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 7 };
}

void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    // External tensors
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    const ChipTensor& ext_b = orch_args.tensor(1).ref();
    const ChipTensor& ext_d = orch_args.tensor(2).ref();
    const ChipTensor& ext_acc = orch_args.tensor(3).ref();

    // Dynamic-dim symbols (extent of the declaring argument)
    int64_t M = (int64_t)orch_args.tensor(0).ref().shapes[0];

    // Scalar inputs
    float scale = orch_args.scalar<float>(0);
    int64_t n_layers = orch_args.scalar<int64_t>(1);
    bool flag = orch_args.scalar<bool>(2);
    union { uint64_t u64; float val; } bias_conv;
    bias_conv.u64 = orch_args.scalar(3);
    float bias = bias_conv.val;

    PTO2_SCOPE() {
        // Internal tensors — one batched alloc_tensors at scope entry
        uint32_t c_ci_shapes[2] = {16, 16};
        TensorCreateInfo c_ci(c_ci_shapes, 2, DataType::FLOAT32);
        uint32_t m_ci_shapes[2] = {(uint32_t)M, 16};
        TensorCreateInfo m_ci(m_ci_shapes, 2, DataType::BFLOAT16);
        TaskOutputTensors alloc_0 = alloc_tensors(c_ci, m_ci);
        const ChipTensor& c = alloc_0.get_ref(0);
        const ChipTensor& m = alloc_0.get_ref(1);

        // Array + count form, every element type the dialect has
        uint32_t e_shapes[1] = {8};
        TensorCreateInfo e_cis[8] = {
            TensorCreateInfo(e_shapes, 1, DataType::FLOAT16), TensorCreateInfo(e_shapes, 1, DataType::BFLOAT16),
            TensorCreateInfo(e_shapes, 1, DataType::FLOAT32), TensorCreateInfo(e_shapes, 1, DataType::BOOL),
            TensorCreateInfo(e_shapes, 1, DataType::INT8),    TensorCreateInfo(e_shapes, 1, DataType::INT16),
            TensorCreateInfo(e_shapes, 1, DataType::INT32),   TensorCreateInfo(e_shapes, 1, DataType::INT64),
        };
        TaskOutputTensors alloc_1 = alloc_tensors(e_cis, 8);
        const ChipTensor& e_i32 = alloc_1.get_ref(6);

        // Task 0: kernel_add (a + b → c)
        CoreTaskArgs params_t0;
        params_t0.add_input(ext_a);
        params_t0.add_input(ext_b);
        params_t0.add_output(c);
        rt_submit_aiv_task(0, params_t0);

        // Task 1: kernel_add (c + b → d), scalars after tensors
        CoreTaskArgs params_t1;
        params_t1.add_input(c);
        params_t1.add_input(ext_b);
        params_t1.add_output(ext_d);
        params_t1.add_scalar(to_u64(scale));
        params_t1.add_scalar((uint64_t)n_layers);
        params_t1.add_scalar((uint64_t)flag);
        params_t1.add_scalar(to_u64(bias));
        rt_submit_aiv_task(1, params_t1);

        // Task 2: cube kernel with a runtime-allocated output
        uint32_t out_ci_shapes[2] = {16, 16};
        TensorCreateInfo out_ci(out_ci_shapes, 2, DataType::FLOAT32);
        CoreTaskArgs params_t2;
        params_t2.add_input(m);
        params_t2.add_no_dep(e_i32);
        params_t2.add_output(out_ci);
        TaskOutputTensors task_2_outs = rt_submit_aic_task(2, params_t2);
        const ChipTensor& out = task_2_outs.get_ref(0);

        // Views
        uint32_t v_shapes[2] = {8, 16};
        uint32_t v_offsets[2] = {8, 0};
        ChipTensor a_view = ext_a.view(v_shapes, v_offsets);
        ChipTensor bt = ext_b.transpose(0, 1);
        uint32_t r_shapes[1] = {256};
        ChipTensor c_flat = c.reshape(r_shapes, 1);
        ChipTensor a_rows = ext_a.slice(0, 0, 8);
        ChipTensor raw = make_tensor_external(nullptr, r_shapes, 1, DataType::INT32);

        // Group: mixed_kernel (AIC + AIV)
        CoreTaskArgs params_t3;
        params_t3.add_input(a_view);
        params_t3.add_input(bt);
        params_t3.add_input(c_flat);
        params_t3.add_input(a_rows);
        params_t3.add_input(raw);
        params_t3.add_inout(out);
        MixedKernels mixed_0 = {3, 4, INVALID_KERNEL_ID};
        rt_submit_task(mixed_0, params_t3);

        // Host read/write of a tensor element
        uint32_t idx[2] = {0, 0};
        float v = get_tensor_data<float>(out, 2, idx);
        uint64_t raw_bits = get_tensor_data(out, 2, idx);
        set_tensor_data(out, 2, idx, v);
        set_tensor_data<uint64_t>(out, 2, idx, raw_bits);

        // ForStmt with an iter_arg
        ChipTensor acc = ext_acc;
        for (int64_t i = 0; i < 4; i += 1) {
            PTO2_SCOPE() {
                CoreTaskArgs params_t4;
                params_t4.add_input(ext_a);
                params_t4.add_inout(acc);
                params_t4.add_scalar((uint64_t)i);
                rt_submit_aiv_task(0, params_t4);
            }
            acc = ext_acc;  // yield
        }

        // IfStmt: a scope per branch
        if (flag) {
            PTO2_SCOPE() {
                CoreTaskArgs params_t5;
                params_t5.add_inout(acc);
                rt_submit_aiv_task(5, params_t5);
            }
        } else {
            PTO2_SCOPE() {
                CoreTaskArgs params_t6;
                params_t6.add_inout(acc);
                rt_submit_aiv_task(6, params_t6);
            }
        }

        // Manual scope: explicit dependencies through a stack array
        PTO2_SCOPE(PTO2ScopeMode::MANUAL) {
            PTO2TaskId carry = PTO2TaskId::invalid();
            PTO2TaskId tids[2];
            for (int64_t k = 0; k < 2; ++k)
                tids[k] = PTO2TaskId::invalid();

            CoreTaskArgs params_t7;
            params_t7.add_inout(acc);
            TaskOutputTensors task_7_outs = rt_submit_aiv_task(7, params_t7);
            PTO2TaskId tid = task_7_outs.task_id();
            tids[0] = tid;

            CoreTaskArgs params_t8;
            params_t8.add_input(acc);
            params_t8.add_output(ext_d);
            PTO2TaskId params_t8_deps[4];
            uint32_t params_t8_deps_count = 0;
            params_t8_deps[params_t8_deps_count++] = tid;  // fresh producer — unguarded
            if (carry.is_valid()) params_t8_deps[params_t8_deps_count++] = carry;
            for (int64_t k = 0; k < 2; ++k) {
                if (tids[k].is_valid()) params_t8_deps[params_t8_deps_count++] = tids[k];
            }
            params_t8.set_dependencies(params_t8_deps, params_t8_deps_count);
            TaskOutputTensors task_8_outs = rt_submit_aiv_task(8, params_t8);
            carry = task_8_outs.task_id();

            // Phase-fence dummy barrier
            CoreTaskArgs dummy_0;
            PTO2TaskId dummy_0_deps[2];
            uint32_t dummy_0_deps_count = 0;
            for (int64_t k = 0; k < 2; ++k) {
                if (tids[k].is_valid()) dummy_0_deps[dummy_0_deps_count++] = tids[k];
            }
            dummy_0.set_dependencies(dummy_0_deps, dummy_0_deps_count);
            if (dummy_0_deps_count > 0) {
                TaskOutputTensors dummy_0_outs = rt_submit_dummy_task(dummy_0);
                PTO2TaskId barrier_tid = dummy_0_outs.task_id();
                (void)barrier_tid;
            }
        }

        // Graph launches (host_build_graph)
        GraphTaskArgs graph_args_0;
        graph_args_0.add_input(ext_a);
        graph_args_0.add_input(ext_b);
        graph_args_0.add_inout(ext_acc);
        graph_args_0.add_scalar(to_u64(scale));
        graph_args_0.add_scalar((uint64_t)n_layers);
        rt_submit_graph(&g_graph_layer, graph_args_0);
        rt_submit_graph(uint64_t(42), &g_graph_layer, graph_args_0);

        GraphTaskArgs graph_args_1;
        graph_args_1.add_inout(ext_acc);
        graph_args_1.add_scalar(to_u64(bias));
        g_graph_layer_cfg_Config graph_cfg_1;
        graph_cfg_1.scalar_0 = to_u64(n_layers);
        GraphSubmitResult graph_res_1 = rt_submit_graph(&g_graph_layer_cfg, graph_args_1, graph_cfg_1);
        (void)graph_res_1;
        rt_submit_graph(uint64_t(43), &g_graph_layer_cfg, graph_args_1, graph_cfg_1);
    }

    // Scope primitives the macro wraps
    rt_scope_begin(PTO2ScopeMode::AUTO);
    rt_scope_end();
    printf("orchestration done\n");
}

}  // extern "C"
