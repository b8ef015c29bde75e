// MISUSE: the old entry argument type ChipStorageTaskArgs (the runtime calls
// the entry through void(*)(const ChipTaskArgs&)).
// EXPECT: .ChipStorageTaskArgs. does not name a type|.ChipStorageTaskArgs. has not been declared
#include "pto_orchestration_api.h"

extern "C" {
#ifdef MISUSE_CONTROL
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
#else
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipStorageTaskArgs& orch_args) {
#endif
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 1 };
}

#ifdef MISUSE_CONTROL
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
#else
void aicpu_orchestration_entry(const ChipStorageTaskArgs& orch_args) {
#endif
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
        CoreTaskArgs params_t0;
        params_t0.add_inout(ext_a);
        rt_submit_aiv_task(0, params_t0);
    }
}
}  // extern "C"
