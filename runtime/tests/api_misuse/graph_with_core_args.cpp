// MISUSE: launching a Graph with a CoreTaskArgs boundary (must be GraphTaskArgs).
// EXPECT: no matching function for call to .*rt_submit_graph
#include "pto_orchestration_api.h"

extern "C" {
static void g_layer(const GraphTaskArgs& args) {
    const ChipTensor& acc = args.tensor(0).ref();
    CoreTaskArgs g0_params_t0;
    g0_params_t0.add_inout(acc);
    rt_submit_aiv_task(0, g0_params_t0);
}

void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    const ChipTensor& ext_acc = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
#ifdef MISUSE_CONTROL
        GraphTaskArgs graph_args_0;
#else
        CoreTaskArgs graph_args_0;
#endif
        graph_args_0.add_inout(ext_acc);
        rt_submit_graph(&g_layer, graph_args_0);
    }
}
}  // extern "C"
