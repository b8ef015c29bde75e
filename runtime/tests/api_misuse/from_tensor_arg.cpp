// MISUSE: the removed from_tensor_arg(); bind orch_args.tensor(i).ref().
// EXPECT: .from_tensor_arg. was not declared
#include "pto_orchestration_api.h"

extern "C" {
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
#ifdef MISUSE_CONTROL
    ChipTensor ext_a = orch_args.tensor(0).ref();
#else
    ChipTensor ext_a = from_tensor_arg(orch_args.tensor(0));
#endif
    PTO2_SCOPE() {
        CoreTaskArgs params_t0;
        params_t0.add_inout(ext_a);
        rt_submit_aiv_task(0, params_t0);
    }
}
}  // extern "C"
