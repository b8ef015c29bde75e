//===- CppNames.cpp - Identifiers of the orchestration C++ ----------------===//

#include "pto/Target/Cpp/CppNames.h"

#include "RuntimeSpelling.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::pto {

namespace sp = spelling;

bool isReservedCppName(StringRef name) {
  static const llvm::StringSet<> reserved = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
      "bool", "break", "case", "catch", "char", "char16_t", "char32_t",
      "class", "compl", "const", "constexpr", "const_cast", "continue",
      "decltype", "default", "delete", "do", "double", "dynamic_cast", "else",
      "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace",
      "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
      "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "return", "short", "signed", "sizeof", "static",
      "static_assert", "static_cast", "struct", "switch", "template", "this",
      "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
      "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t",
      "while", "xor", "xor_eq", "main", "int8_t", "int16_t", "int32_t",
      "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t",
      sp::kArgsName, sp::kArgsType, sp::kConfigType, sp::kConfigFunction,
      sp::kEntryFunction, sp::kTensorType, sp::kTaskArgsType,
      sp::kCreateInfoType, sp::kOutputsType, sp::kAllocTensors,
      sp::kTaskIdType, sp::kSubmitAic, sp::kSubmitAiv, sp::kSubmitMixed,
      sp::kMixedKernels, sp::kInvalidKernelId, sp::kSubmitDummy, sp::kToU64,
      sp::kGetTensorData, sp::kSetTensorData, sp::kGraphArgsType,
      sp::kGraphArgsName, sp::kConfigBaseName, sp::kConfigName, sp::kSubmitGraph, sp::kBoundaryLayout, "from_u64", "DataType",
      "GraphSubmitResult", "GraphFunction", "TensorRef", "Arg", "simpler"};
  if (reserved.contains(name))
    return true;
  // Macros are spelled in capitals (NULL, EOF, INT32_MAX, PTO2_SCOPE), and
  // the runtime's own names start with PTO2 or pto_orch.
  bool hasLower = llvm::any_of(name, [](char c) { return llvm::isLower(c); });
  return !hasLower || name.starts_with("PTO2") || name.starts_with("pto_orch");
}

std::string makeCppIdentifier(StringRef name) {
  std::string result;
  for (char c : name)
    result.push_back(llvm::isAlnum(c) || c == '_' ? c : '_');
  if (result.empty() || llvm::isDigit(result.front()))
    result.insert(0, "v_");
  // Leading underscores (followed by a capital or another underscore) are
  // reserved for the implementation.
  if (result.front() == '_')
    result.insert(0, "v");
  if (isReservedCppName(result))
    result += "_";
  return result;
}

bool isUsableCppName(StringRef name) {
  if (name.empty() || name.front() == '_' || llvm::isDigit(name.front()) ||
      !llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return false;
  // makeCppIdentifier's `_` suffix makes a reserved name usable.
  return !isReservedCppName(name) || name.ends_with("_");
}

std::string CppNameTable::fresh(StringRef base) {
  std::string name = makeCppIdentifier(base);
  if (take(name))
    return name;
  unsigned &suffix = nextSuffix.try_emplace(name, 1).first->second;
  for (;; ++suffix) {
    std::string candidate = name + "_" + std::to_string(suffix);
    if (take(candidate)) {
      ++suffix;
      return candidate;
    }
  }
}

void CppNameTable::release(StringRef name) {
  used.erase(name);
  // `base_<k>` free again: fresh(base) must find it first, as it would
  // have searching from 1.
  auto [base, digits] = name.rsplit('_');
  unsigned suffix;
  if (digits.empty() || digits.getAsInteger(10, suffix))
    return;
  auto it = nextSuffix.find(base);
  if (it != nextSuffix.end() && suffix < it->second)
    it->second = suffix;
}

} // namespace mlir::pto
