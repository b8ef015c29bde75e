// MISUSE: Graph API used against the default tensormap_and_ringbuffer runtime,
// which has no GraphTaskArgs / rt_submit_graph.
// EXPECT: .GraphTaskArgs. does not name a type|.GraphTaskArgs. has not been declared|.GraphTaskArgs. was not declared
#ifndef MISUSE_CONTROL
#define PTO_RUNTIME_TENSORMAP_AND_RINGBUFFER
#endif
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
        GraphTaskArgs graph_args_0;
        graph_args_0.add_inout(ext_acc);
        rt_submit_graph(&g_layer, graph_args_0);
    }
}
}  // extern "C"
