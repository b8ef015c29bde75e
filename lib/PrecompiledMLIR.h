//===- PrecompiledMLIR.h - Upstream headers every library parses -*- C++ -*-===//
//
// Precompiled once per build tree for the project's libraries (lib/
// CMakeLists.txt): parsing these upstream headers was most of the compile
// time of each translation unit. Upstream headers only, so that a change of
// the project's own headers or ODS files never invalidates it.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
