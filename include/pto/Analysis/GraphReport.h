//===- GraphReport.h - What pto-compile reports per Graph -------*- C++ -*-===//
//
// The facts pto-compile's report states about each Graph of a module (its
// boundary, recorded nodes, heap use and callers), gathered in one walk of
// the module with one symbol table, so that the report costs time linear in
// the module and never re-derives what the compiler decided.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_ANALYSIS_GRAPHREPORT_H
#define PTO_ANALYSIS_GRAPHREPORT_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::pto {

/// Writes, as one JSON array in module order, per `pto.graph` of `module`:
///   - `name`;
///   - `parameters`: per parameter `name` (its name location, else
///     `arg<i>`), `type` (printed), `direction` (`in`/`out`/`inout` for a
///     tensor, null for a scalar), `hoisted` (null, or the `#pto.hoisted`
///     fields `kind`, `of`, `computed_by`) and `call_site_name` (for a
///     hoisted allocation: the name of what its first caller passes, or
///     null);
///   - `nodes` (countRecordedNodes), `heap_bytes`, `heap_exact`
///     (computeGraphHeapUse);
///   - `call_sites`, `calls` (per run), `calls_exact` (getExecutionsPerCall
///     of each `pto.call` in a Graph or orchestration function);
///   - `call_site_heap`: `per_call`, `per_run`, `allocation_calls`, `exact`
///     (computeCallSiteHeapUse).
/// Without `withParameters`, `parameters` is left out (what a report needs
/// from a module whose boundaries it already has).
void describeGraphs(ModuleOp module, raw_ostream &os,
                    bool withParameters = true);

} // namespace mlir::pto

#endif // PTO_ANALYSIS_GRAPHREPORT_H
