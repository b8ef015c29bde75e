//===- InitAll.h - Register everything a pto tool uses ----------*- C++ -*-===//

#ifndef PTO_INITALL_H
#define PTO_INITALL_H

namespace mlir {
class DialectRegistry;
namespace pto {

/// Inserts the dialects pto programs use: pto, arith, emitc, scf and func
/// (with func's inliner extension).
void registerAllDialects(DialectRegistry &registry);

/// Registers the pto passes and pipelines plus the generic upstream passes
/// useful on pto IR (canonicalize, cse, inline, symbol-dce, ...).
void registerAllPasses();

/// Registers the translations `pto-translate` offers.
void registerAllTranslations();

} // namespace pto
} // namespace mlir

#endif // PTO_INITALL_H
