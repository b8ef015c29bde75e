//===- UserNames.h - The names users gave values ----------------*- C++ -*-===//

#ifndef PTO_SUPPORT_USERNAMES_H
#define PTO_SUPPORT_USERNAMES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace mlir::pto {

/// The metadata of a FusedLoc that names an op's results one by one: its
/// locations are the results' in order, a NameLoc for each named one. It is
/// the child of the op's NameLoc, whose name the IR's text uses.
inline constexpr StringLiteral kResultNamesMetadata = "pto.result_names";

/// The user's name for `value`: the NameLoc of the argument or defining op
/// (also inside a FusedLoc, as --mlir-print-debuginfo round trips leave it),
/// or the result's own where the op names its results one by one.
inline std::optional<StringRef> getUserName(Value value) {
  Location loc = value.getLoc();
  if (auto name = dyn_cast<NameLoc>(loc))
    if (auto fused = dyn_cast<FusedLoc>(name.getChildLoc());
        fused && fused.getMetadata() == StringAttr::get(loc.getContext(),
                                                        kResultNamesMetadata)) {
      auto result = dyn_cast<OpResult>(value);
      if (!result || result.getResultNumber() >= fused.getLocations().size())
        return std::nullopt;
      if (auto own = dyn_cast<NameLoc>(
              fused.getLocations()[result.getResultNumber()]))
        return own.getName().getValue();
      return std::nullopt;
    }
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (isa<NameLoc>(inner)) {
        loc = inner;
        break;
      }
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().getValue();
  return std::nullopt;
}

} // namespace mlir::pto

#endif // PTO_SUPPORT_USERNAMES_H
