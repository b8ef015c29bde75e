// MISUSE: a bare `Arg` (old spelling); Arg is a class template, use CoreTaskArgs.
// EXPECT: class template argument deduction failed|missing template argument
#include "pto_orchestration_api.h"

extern "C" {
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
#ifdef MISUSE_CONTROL
        CoreTaskArgs params_t0;
#else
        Arg params_t0;
#endif
        params_t0.add_inout(ext_a);
        rt_submit_aiv_task(0, params_t0);
    }
}
}  // extern "C"
