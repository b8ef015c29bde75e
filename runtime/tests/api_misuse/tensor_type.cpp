// MISUSE: the old `Tensor` type name; the runtime's is ChipTensor.
// EXPECT: .Tensor. does not name a type|.Tensor. was not declared
#include "pto_orchestration_api.h"

extern "C" {
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
#ifdef MISUSE_CONTROL
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
#else
    const Tensor& ext_a = orch_args.tensor(0).ref();
#endif
    PTO2_SCOPE() {
        CoreTaskArgs params_t0;
        params_t0.add_inout(ext_a);
        rt_submit_aiv_task(0, params_t0);
    }
}
}  // extern "C"
