// Stand-in for the three CANN attention kernels of simpler's qwen3_14b_decode
// scene (func ids 0, 11, 12) on the a2a3sim platform. Their __CPU_SIM branch
// is an empty kernel, but the originals do not compile with g++ (their
// headers define __aicore__ as "[aicore]" once tensor.h is included first).
// Here the two qualifiers are defined before tensor.h (found on simpler's
// kernel include path), and the kernel does nothing: on a2a3sim the KV caches
// therefore come back unchanged (docs/realruntime.md).
#include <cstdint>
#ifndef __gm__
#define __gm__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#include "tensor.h"

extern "C" __aicore__ void kernel_entry(__gm__ int64_t *args) { (void)args; }
