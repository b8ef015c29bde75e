// MISUSE: more than kAllocTensorsArgs (16) creates in one alloc_tensors call.
// [stricter: the runtime reports this at run time]
// EXPECT: no matching function for call to .*alloc_tensors
#include "pto_orchestration_api.h"

extern "C" {
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    (void)orch_args;
    PTO2_SCOPE() {
        uint32_t s[1] = {16};
        TensorCreateInfo c0(s, 1, DataType::FLOAT32), c1(s, 1, DataType::FLOAT32), c2(s, 1, DataType::FLOAT32),
            c3(s, 1, DataType::FLOAT32), c4(s, 1, DataType::FLOAT32), c5(s, 1, DataType::FLOAT32),
            c6(s, 1, DataType::FLOAT32), c7(s, 1, DataType::FLOAT32), c8(s, 1, DataType::FLOAT32),
            c9(s, 1, DataType::FLOAT32), c10(s, 1, DataType::FLOAT32), c11(s, 1, DataType::FLOAT32),
            c12(s, 1, DataType::FLOAT32), c13(s, 1, DataType::FLOAT32), c14(s, 1, DataType::FLOAT32),
            c15(s, 1, DataType::FLOAT32), c16(s, 1, DataType::FLOAT32);
#ifdef MISUSE_CONTROL
        TaskOutputTensors alloc_0 = alloc_tensors(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15);
        TaskOutputTensors alloc_1 = alloc_tensors(c16);
        (void)alloc_1;
#else
        TaskOutputTensors alloc_0 =
            alloc_tensors(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16);
#endif
        (void)alloc_0;
    }
}
}  // extern "C"
