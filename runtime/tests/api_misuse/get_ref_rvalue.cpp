// MISUSE: get_ref on a temporary TaskOutputTensors (the reference would dangle).
// EXPECT: use of deleted function .*get_ref
#include "pto_orchestration_api.h"

extern "C" {
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    const ChipTensor& ext_a = orch_args.tensor(0).ref();
    PTO2_SCOPE() {
        uint32_t c_ci_shapes[2] = {16, 16};
        TensorCreateInfo c_ci(c_ci_shapes, 2, DataType::FLOAT32);
#ifdef MISUSE_CONTROL
        TaskOutputTensors alloc_0 = alloc_tensors(c_ci);
        const ChipTensor& c = alloc_0.get_ref(0);
#else
        const ChipTensor& c = alloc_tensors(c_ci).get_ref(0);
#endif
        CoreTaskArgs params_t0;
        params_t0.add_input(ext_a);
        params_t0.add_output(c);
        rt_submit_aiv_task(0, params_t0);
    }
}
}  // extern "C"
