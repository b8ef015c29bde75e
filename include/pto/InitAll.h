//===- InitAll.h - Register everything a pto tool uses ----------*- C++ -*-===//

#ifndef PTO_INITALL_H
#define PTO_INITALL_H

namespace mlir {
class DialectRegistry;
namespace pto {

/// Inserts the dialects pto programs use: pto, arith, scf and func.
void registerAllDialects(DialectRegistry &registry);

/// Registers the pto passes and pipelines plus the generic upstream passes
/// useful on pto IR (canonicalize, cse, symbol-dce, ...).
void registerAllPasses();

/// Registers the translations `pto-translate` offers.
void registerAllTranslations();

} // namespace pto
} // namespace mlir

#endif // PTO_INITALL_H
