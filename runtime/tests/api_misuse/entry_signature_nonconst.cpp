// MISUSE: an entry point whose signature differs from the runtime's
// (here a non-const ChipTaskArgs&). [stricter than the runtime header]
// EXPECT: conflicting declaration of C function
#include "pto_orchestration_api.h"

extern "C" {
#ifdef MISUSE_CONTROL
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
#else
void aicpu_orchestration_entry(ChipTaskArgs& orch_args) {
#endif
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
        CoreTaskArgs params_t0;
        params_t0.add_inout(ext_a);
        rt_submit_aiv_task(0, params_t0);
    }
}
}  // extern "C"
