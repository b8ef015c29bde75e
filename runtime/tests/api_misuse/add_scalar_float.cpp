// MISUSE: a float passed straight to add_scalar(uint64_t) would be
// value-converted, not bit-cast; spell it add_scalar(to_u64(f)). [stricter]
// EXPECT: use of deleted function .*add_scalar
#include "pto_orchestration_api.h"

extern "C" {
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    float scale = orch_args.scalar<float>(0);
    PTO2_SCOPE() {
        CoreTaskArgs params_t0;
        params_t0.add_inout(ext_a);
#ifdef MISUSE_CONTROL
        params_t0.add_scalar(to_u64(scale));
#else
        params_t0.add_scalar(scale);
#endif
        rt_submit_aiv_task(0, params_t0);
    }
}
}  // extern "C"
