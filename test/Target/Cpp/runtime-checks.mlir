// RUN: pto-opt %s --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp | FileCheck %s --check-prefix=SPEC
// RUN: pto-opt %s --pto-orchestration-prepare-pipeline | pto-translate --pto-to-cpp --pto-runtime-api=simpler_6ebaf771 | FileCheck %s --check-prefix=PUBLIC

// A computed extent the runtime keeps in 32 bits is checked before the
// allocation (pto-insert-runtime-checks): the public runtime reports it as a
// fatal error; the spec's API has no such call, so the C++ prints the message
// and aborts. The message is a C string literal (quotes and `?` escaped).
// SPEC:        #include <stdlib.h>
// SPEC:        const int64_t [[TWICE:.*]] = (int64_t)((uint64_t)({{.*}}) * (uint64_t)((int64_t)2));
// SPEC-NEXT:   const bool [[OK:.*]] = (uint64_t)([[TWICE]]) <= (uint64_t)((int64_t)4294967295);
// SPEC-NEXT:   if (!([[OK]])) { fprintf(stderr, "%s\n", "{{.*}}runtime-checks.mlir:[[#@LINE+10]]:8: 'pto.create' dynamic extent #0 is outside [0, 4294967295], what the runtime can take"); abort(); }
// SPEC-NEXT:   uint32_t {{.*}}_shapes[2] = {(uint32_t)[[TWICE]], 16};
// PUBLIC:      if (!({{.*}})) rt_report_fatal(PTO2_ERROR_INVALID_ARGS, "%s", "{{.*}}runtime-checks.mlir:[[#@LINE+8]]:8: 'pto.create' dynamic extent #0 is outside [0, 4294967295], what the runtime can take");
// PUBLIC-NEXT: uint32_t {{.*}}_shapes[2] = {(uint32_t){{.*}}, 16};
pto.kernel aiv @k(%x: !pto.tensor<?x16xf32> {pto.direction = #pto.direction<inout>})
pto.orchestration @main(%a: !pto.tensor<?x16xf32>) {
  %rows = pto.dim %a, 0 : !pto.tensor<?x16xf32>
  %c2 = arith.constant 2 : index
  %twice = arith.muli %rows, %c2 : index
  // The location of the check is the create's.
  %c = pto.create(%twice) : !pto.tensor<?x16xf32>
  %c1, %t2 = pto.submit @k(%c) : (!pto.tensor<?x16xf32>) -> !pto.tensor<?x16xf32>
  pto.return
}
