//===- CppNames.h - Identifiers of the orchestration C++ --------*- C++ -*-===//
//
// What may name a variable in the printed C++, shared by the pass that
// names the IR's values (pto-legalize-cpp-names) and the translation, which
// prints those names and names only its own helper variables.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_TARGET_CPP_CPPNAMES_H
#define PTO_TARGET_CPP_CPPNAMES_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <string>

namespace mlir::pto {

/// Returns true if `name` may not name a variable: a C++ keyword or
/// fixed-width integer type, a name of the runtime's API, or a name spelled
/// like a macro (no lower-case letter) or like the runtime's own (`PTO2...`,
/// `pto_orch...`).
bool isReservedCppName(StringRef name);

/// Returns `name` made a C++ identifier that is not reserved: other
/// characters become `_`, and a reserved, digit-first or `_`-first name is
/// changed (`v_` prefix, `v` prefix or `_` suffix).
std::string makeCppIdentifier(StringRef name);

/// Returns true if `name` may name a variable: what makeCppIdentifier
/// returns.
bool isUsableCppName(StringRef name);

/// The names taken in one C++ translation unit; hands out fresh ones.
class CppNameTable {
public:
  /// Returns an unused identifier made from `base` (`base`, `base_1`, ...)
  /// and takes it.
  std::string fresh(StringRef base);
  /// Takes `name`; returns false if it was already taken.
  bool take(StringRef name) { return used.insert(name).second; }
  /// Gives `name` back (a helper variable whose C++ block closed).
  void release(StringRef name);

private:
  llvm::StringSet<> used;
  /// Per base, a suffix below which every `base_<k>` is taken: where the
  /// next fresh() of that base starts, so that a module of N values named
  /// alike costs O(N), not O(N^2). Lowered when such a name is released.
  llvm::StringMap<unsigned> nextSuffix;
};

} // namespace mlir::pto

#endif // PTO_TARGET_CPP_CPPNAMES_H
