// MISUSE: passing a temporary tensor to add_input (the Arg stores its address).
// EXPECT: use of deleted function .*add_input
#include "pto_orchestration_api.h"

extern "C" {
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    const ChipTensor& ext_d = orch_args.tensor(1).ref();
    PTO2_SCOPE() {
        CoreTaskArgs params_t0;
#ifdef MISUSE_CONTROL
        ChipTensor ext_at = ext_a.transpose(0, 1);
        params_t0.add_input(ext_at);
#else
        params_t0.add_input(ext_a.transpose(0, 1));
#endif
        params_t0.add_output(ext_d);
        rt_submit_aiv_task(0, params_t0);
    }
}
}  // extern "C"
