//===- PTOTypes.cpp - Python classes for the pto types --------------------===//
//
// The `_pto_types` extension: `TensorType`, `TaskIdType` and
// `TaskIdArrayType` as subclasses of `pto_mlir.ir.Type` (TensorType of
// `ShapedType`) over the pto C API, re-exported by `pto_mlir.dialects.pto`.
//
//===----------------------------------------------------------------------===//

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir/Bindings/Python/IRCore.h"
#include "mlir/Bindings/Python/IRTypes.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "pto-c/Dialects.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace nb = nanobind;

namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::pto {
namespace {

/// Raises ValueError carrying the diagnostics the C API emitted, so that the
/// message is the verifier's own and nothing aborts.
[[noreturn]] void throwInvalid(const char *what,
                               std::vector<PyDiagnostic::DiagnosticInfo> errors) {
  std::string message = std::string("invalid ") + what;
  const char *separator = ": ";
  for (const PyDiagnostic::DiagnosticInfo &error : errors) {
    message += separator + error.message;
    separator = "; ";
  }
  throw nb::value_error(message.c_str());
}

/// Returns the context a type is built in: that of `anchor`, which an
/// explicit `context` argument must match.
PyMlirContextRef resolveContext(PyType &anchor, PyMlirContext *context) {
  PyMlirContextRef ref = anchor.getContext();
  if (context && context->get().ptr != ref->get().ptr)
    throw nb::value_error(
        "element_type belongs to another context than `context`");
  return ref;
}

/// `context`, or the current one when None. (A pointer argument rather than
/// DefaultingPyMlirContext: its stub names the class by its full name.)
PyMlirContextRef resolveContext(PyMlirContext *context) {
  return context ? context->getRef()
                 : DefaultingPyMlirContext::resolve().getRef();
}

/// Builds a type with `get(location)` under a diagnostic capture, raising
/// ValueError if it returns null.
template <typename Build>
MlirType getChecked(PyMlirContextRef &context, const char *what,
                    Build &&build) {
  PyMlirContext::ErrorCapture errors(context);
  MlirType type = build(mlirLocationUnknownGet(context->get()));
  std::vector<PyDiagnostic::DiagnosticInfo> captured = errors.take();
  if (mlirTypeIsNull(type))
    throwInvalid(what, std::move(captured));
  return type;
}

/// What every class binds besides PyConcreteType's members: its docstring,
/// a static `isinstance`, and `static_typeid` re-declared with the full name
/// of its result type (upstream's bare `TypeID` resolves only in the core
/// module's stubs).
template <typename ConcreteType, typename ClassTy>
void bindCommon(ClassTy &c, const char *doc, const char *isinstanceDoc) {
  c.attr("__doc__") = doc;
  c.def_static(
      "isinstance",
      [](PyType &other) { return ConcreteType::isaFunction(other); },
      nb::arg("other"), isinstanceDoc);
  c.def_prop_ro_static(
      "static_typeid",
      [](nb::object & /*class*/) {
        return PyTypeID(ConcreteType::getTypeIdFunction());
      },
      nb::sig("def static_typeid(/) -> " MAKE_MLIR_PYTHON_QUALNAME("ir.TypeID")));
}

/// PyConcreteType with the C API functions every pto type class names.
template <typename Derived, bool (*IsA)(MlirType), MlirTypeID (*GetTypeID)(),
          MlirStringRef (*GetName)(), typename Super = PyType>
struct PTOConcreteType : PyConcreteType<Derived, Super> {
  static constexpr bool (*isaFunction)(MlirType) = IsA;
  static constexpr MlirTypeID (*getTypeIdFunction)() = GetTypeID;
  static inline const MlirStringRef name = GetName();
  using PyConcreteType<Derived, Super>::PyConcreteType;
};

struct PyTensorType
    : PTOConcreteType<PyTensorType, mlirTypeIsAPTOTensorType,
                      mlirPTOTensorTypeGetTypeID, mlirPTOTensorTypeGetName,
                      PyShapedType> {
  static constexpr const char *pyClassName = "TensorType";
  using PTOConcreteType::PTOConcreteType;

  static MlirPTOLayout parseLayout(const std::optional<std::string> &layout) {
    if (!layout || *layout == "nd")
      return MlirPTOLayoutND;
    if (*layout == "dn")
      return MlirPTOLayoutDN;
    throw nb::value_error(
        ("unknown tensor layout '" + *layout + "': expected nd or dn").c_str());
  }

  static void bindDerived(ClassTy &c) {
    bindCommon<PyTensorType>(
        c,
        "``!pto.tensor<shape x element_type[, layout]>``: a tensor in global "
        "memory, passed to tasks by reference. A ShapedType: ``shape`` lists "
        "the extents in elements, with ``ShapedType.get_dynamic_size()`` for "
        "one known only at run time (``?``); ``rank``, ``has_static_shape``, "
        "``element_type`` and ``is_dynamic_dim(i)`` come from ShapedType.",
        "Returns True if ``other`` is a ``!pto.tensor``.");
    c.def_static(
        "get",
        [](const std::vector<std::optional<int64_t>> &shape,
           PyType &elementType, const std::optional<std::string> &layout,
           PyMlirContext *context) {
          MlirPTOLayout parsedLayout = parseLayout(layout);
          std::vector<int64_t> extents;
          extents.reserve(shape.size());
          for (const std::optional<int64_t> &extent : shape)
            extents.push_back(extent ? *extent
                                     : mlirShapedTypeGetDynamicSize());
          PyMlirContextRef ref = resolveContext(elementType, context);
          MlirType type =
              getChecked(ref, "!pto.tensor", [&](MlirLocation loc) {
                return mlirPTOTensorTypeGetChecked(loc, extents.size(),
                                                   extents.data(), elementType,
                                                   parsedLayout);
              });
          return PyTensorType(ref, type);
        },
        nb::arg("shape"), nb::arg("element_type"), nb::arg("layout").none() = "nd",
        nb::arg("context").none() = nb::none(),
        "Returns ``!pto.tensor<shape x element_type[, layout]>``, in the "
        "context of ``element_type``.\n\n"
        "Args:\n"
        "    shape: one extent per axis, in elements (``[]`` for a rank-0 "
        "tensor); ``None`` or ``ShapedType.get_dynamic_size()`` for an extent "
        "known only at run time (printed ``?``).\n"
        "    element_type: ``f16``, ``bf16``, ``f32`` or a signless integer "
        "(``i1``, ``i8``, ``i16``, ``i32``, ``i64``), as a Type.\n"
        "    layout: ``\"nd\"`` (row major, the default) or ``\"dn\"`` "
        "(column major, rank 2 or more).\n"
        "    context: if given, must be the context of ``element_type``.\n\n"
        "Raises:\n"
        "    ValueError: an invalid element type, a negative extent, an "
        "unknown layout, ``dn`` below rank 2, or another context; the "
        "message is the verifier's.\n"
        "    TypeError: an extent that is not an int or None, or an "
        "``element_type`` that is not a Type.");
    c.def_static(
        "is_valid_element_type",
        [](PyType &type) { return mlirPTOTensorTypeIsValidElementType(type); },
        nb::arg("type"),
        "Returns True if ``type`` may be a tensor's element type.");
    c.def_prop_ro(
        "layout",
        [](PyTensorType &self) -> std::string {
          return mlirPTOTensorTypeGetLayout(self) == MlirPTOLayoutDN ? "dn"
                                                                      : "nd";
        },
        "The memory layout: ``\"nd\"`` (row major) or ``\"dn\"`` (column "
        "major).");
  }
};

struct PyTaskIdType
    : PTOConcreteType<PyTaskIdType, mlirTypeIsAPTOTaskIdType,
                      mlirPTOTaskIdTypeGetTypeID, mlirPTOTaskIdTypeGetName> {
  static constexpr const char *pyClassName = "TaskIdType";
  using PTOConcreteType::PTOConcreteType;

  static void bindDerived(ClassTy &c) {
    bindCommon<PyTaskIdType>(c,
                             "``!pto.task_id``: the id of a submitted task "
                             "(``PTO2TaskId`` in the runtime).",
                             "Returns True if ``other`` is ``!pto.task_id``.");
    c.def_static(
        "get",
        [](PyMlirContext *context) {
          PyMlirContextRef ref = resolveContext(context);
          return PyTaskIdType(ref, mlirPTOTaskIdTypeGet(ref->get()));
        },
        nb::arg("context").none() = nb::none(),
        "Returns ``!pto.task_id`` in ``context`` (default: the current one).");
  }
};

struct PyTaskIdArrayType
    : PTOConcreteType<PyTaskIdArrayType, mlirTypeIsAPTOTaskIdArrayType,
                      mlirPTOTaskIdArrayTypeGetTypeID,
                      mlirPTOTaskIdArrayTypeGetName> {
  static constexpr const char *pyClassName = "TaskIdArrayType";
  using PTOConcreteType::PTOConcreteType;

  static void bindDerived(ClassTy &c) {
    bindCommon<PyTaskIdArrayType>(
        c,
        "``!pto.task_id_array<size>``: a fixed-size array of task ids, one "
        "slot per iteration of a parallel loop.",
        "Returns True if ``other`` is a ``!pto.task_id_array``.");
    c.def_static(
        "get",
        [](int64_t size, PyMlirContext *context) {
          // The C API takes an unsigned; out-of-range sizes must not wrap.
          if (size < 1 || size > std::numeric_limits<unsigned>::max())
            throw nb::value_error(
                ("a task id array needs a size between 1 and " +
                 std::to_string(std::numeric_limits<unsigned>::max()) +
                 ", got " + std::to_string(size))
                    .c_str());
          PyMlirContextRef ref = resolveContext(context);
          MlirType type =
              getChecked(ref, "!pto.task_id_array", [&](MlirLocation loc) {
                return mlirPTOTaskIdArrayTypeGetChecked(
                    loc, static_cast<unsigned>(size));
              });
          return PyTaskIdArrayType(ref, type);
        },
        nb::arg("size"), nb::arg("context").none() = nb::none(),
        "Returns ``!pto.task_id_array<size>`` in ``context`` (default: the "
        "current one).\n\n"
        "Args:\n"
        "    size: the number of task ids, 1 to 2**32 - 1.\n\n"
        "Raises:\n"
        "    ValueError: ``size`` is out of that range.\n"
        "    TypeError: ``size`` is not an int.");
    c.def_prop_ro(
        "size",
        [](PyTaskIdArrayType &self) {
          return mlirPTOTaskIdArrayTypeGetSize(self);
        },
        "The number of task ids.");
  }
};

} // namespace
} // namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::pto

NB_MODULE(_pto_types, m) {
  m.doc() = "Python classes for the pto dialect's types (re-exported by "
            "pto_mlir.dialects.pto).";
  // The base classes (Type, ShapedType) must be registered first.
  nb::module_::import_(MAKE_MLIR_PYTHON_QUALNAME("ir"));
  using namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::pto;
  PyTensorType::bind(m);
  PyTaskIdType::bind(m);
  PyTaskIdArrayType::bind(m);
}
