//===- UserNames.h - The names users gave values ----------------*- C++ -*-===//

#ifndef PTO_SUPPORT_USERNAMES_H
#define PTO_SUPPORT_USERNAMES_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace mlir::pto {

/// The user's name for `value`: the NameLoc of the argument or defining op
/// (also inside a FusedLoc, as --mlir-print-debuginfo round trips leave it).
inline std::optional<StringRef> getUserName(Value value) {
  Location loc = value.getLoc();
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
