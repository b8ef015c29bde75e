// runtime.h -- what hand-written orchestrations include besides the API
// header: the runtime's assertion macro. Part of the stub runtime (see
// pto_orchestration_api.h in this directory).
#ifndef PTO_MLIR_TEST_STUB_RUNTIME_RUNTIME_H
#define PTO_MLIR_TEST_STUB_RUNTIME_RUNTIME_H

#include "pto_orchestration_api.h"

#define always_assert(condition) \
    do { \
        if (!(condition)) stub::fail("always_assert(" #condition ") failed"); \
    } while (0)

#endif  // PTO_MLIR_TEST_STUB_RUNTIME_RUNTIME_H
