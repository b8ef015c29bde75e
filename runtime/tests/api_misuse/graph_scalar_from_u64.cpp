// MISUSE: decoding a Graph boundary scalar's value inside the body
// (construction values come from the Config, not from args.scalar).
// EXPECT: cannot convert .*InheritableScalar.* to .*uint64_t|no matching function for call to .*from_u64
#include "pto_orchestration_api.h"

extern "C" {
static void g_layer(const GraphTaskArgs& args) {
    const ChipTensor& acc = args.tensor(0).ref();
#ifdef MISUSE_CONTROL
    const auto n = args.scalar(0);
#else
    const int64_t n = from_u64<int64_t>(args.scalar(0));
#endif
    CoreTaskArgs g0_params_t0;
    g0_params_t0.add_inout(acc);
    g0_params_t0.add_scalar(n);
    rt_submit_aiv_task(0, g0_params_t0);
}

void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    const ChipTensor& ext_acc = orch_args.tensor(0).ref();
    int64_t n = orch_args.scalar<int64_t>(0);
    PTO2_SCOPE() {
        GraphTaskArgs graph_args_0;
        graph_args_0.add_inout(ext_acc);
        graph_args_0.add_scalar((uint64_t)n);
        rt_submit_graph(&g_layer, graph_args_0);
    }
}
}  // extern "C"
