// RUN: pto-translate --pto-to-cpp -verify-diagnostics %s
// RUN: pto-translate --pto-to-cpp --pto-runtime-api=simpler_6ebaf771 -verify-diagnostics %s
// RUN: pto-translate --pto-to-arg-metadata -verify-diagnostics %s
// RUN: not pto-translate --pto-to-cpp --pto-runtime-api=spec %S/Inputs/comment-only.mlir 2>&1 | FileCheck %s
// RUN: not pto-translate --pto-to-cpp --pto-runtime-api=simpler_6ebaf771 < /dev/null 2>&1 | FileCheck %s

// A module without any pto op (empty input, a comment, `module {}`) is an
// unprepared module like any other: the translations load the pto dialect
// before they make its attributes (it aborted in the attribute uniquer).

// CHECK: has not been prepared for translation

// expected-error @below {{has not been prepared for translation (no 'pto.prepared' attribute)}}
module {
}
