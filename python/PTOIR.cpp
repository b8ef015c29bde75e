//===- PTOIR.cpp - Python classes for the pto types and attributes --------===//
//
// The `_pto_ir` extension: `TensorType`, `TaskIdType`, `TaskIdArrayType` and
// `CreateInfoType` as subclasses of `pto_mlir.ir.Type` (TensorType of `ShapedType`), and
// `DirectionAttr`, `CoreTypeAttr`, `RuntimeAttr` and `HoistedAttr` as
// subclasses of `pto_mlir.ir.Attribute`, over the pto C API; re-exported by
// `pto_mlir.dialects.pto`.
//
//===----------------------------------------------------------------------===//

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/BuiltinAttributes.h"
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

/// What every type or attribute class binds besides PyConcreteType's (or
/// PyConcreteAttribute's) members: its docstring, a static `isinstance`, and
/// `static_typeid` re-declared with the full name of its result type
/// (upstream's bare `TypeID` resolves only in the core module's stubs).
/// `Base` is PyType or PyAttribute.
template <typename ConcreteType, typename Base = PyType, typename ClassTy>
void bindCommon(ClassTy &c, const char *doc, const char *isinstanceDoc) {
  c.attr("__doc__") = doc;
  c.def_static(
      "isinstance",
      [](Base &other) { return ConcreteType::isaFunction(other); },
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

struct PyCreateInfoType
    : PTOConcreteType<PyCreateInfoType, mlirTypeIsAPTOCreateInfoType,
                      mlirPTOCreateInfoTypeGetTypeID,
                      mlirPTOCreateInfoTypeGetName> {
  static constexpr const char *pyClassName = "CreateInfoType";
  using PTOConcreteType::PTOConcreteType;

  static void bindDerived(ClassTy &c) {
    bindCommon<PyCreateInfoType>(
        c,
        "``!pto.create_info<shape x dtype>``: the runtime's "
        "TensorCreateInfo, a buffer a launch asks the runtime to allocate.",
        "Returns True if ``other`` is a ``!pto.create_info``.");
    c.def_static(
        "get",
        [](PyTensorType &tensor) {
          PyMlirContextRef ref = tensor.getContext();
          MlirType type = getChecked(
              ref, "!pto.create_info", [&](MlirLocation loc) {
                return mlirPTOCreateInfoTypeGetChecked(loc, tensor);
              });
          return PyCreateInfoType(ref, type);
        },
        nb::arg("tensor"),
        "Returns the create info describing ``tensor`` (a "
        ":class:`TensorType`), in its context.\n\n"
        "Raises:\n"
        "    ValueError: the runtime cannot allocate ``tensor`` (rank 0, the "
        "``dn`` layout, an extent over 32 bits).");
    c.def_prop_ro(
        "tensor",
        [](PyCreateInfoType &self) {
          return PyTensorType(self.getContext(),
                              mlirPTOCreateInfoTypeGetTensor(self));
        },
        "The :class:`TensorType` of the buffer described.");
  }
};

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// PyConcreteAttribute with the C API functions every pto attribute class
/// names.
template <typename Derived, bool (*IsA)(MlirAttribute),
          MlirTypeID (*GetTypeID)(), MlirStringRef (*GetName)()>
struct PTOConcreteAttribute : PyConcreteAttribute<Derived> {
  static constexpr bool (*isaFunction)(MlirAttribute) = IsA;
  static constexpr MlirTypeID (*getTypeIdFunction)() = GetTypeID;
  static inline const MlirStringRef name = GetName();
  using PyConcreteAttribute<Derived>::PyConcreteAttribute;
};

std::string toString(MlirStringRef ref) { return {ref.data, ref.length}; }

/// The enum value spelled `keyword` (through the C API's own table), or
/// ValueError listing the keywords.
template <typename CEnum, bool (*FromKeyword)(MlirStringRef, CEnum *)>
CEnum parseKeyword(const std::string &keyword, const char *what,
                   const char *expected) {
  CEnum value;
  if (!FromKeyword(mlirStringRefCreate(keyword.data(), keyword.size()), &value))
    throw nb::value_error(("unknown " + std::string(what) + " '" + keyword +
                           "': expected " + expected)
                              .c_str());
  return value;
}

/// A Python class over one of the dialect's enum attributes: `get(keyword)`
/// and `.value`, the keyword.
template <typename Derived, typename CEnum, bool (*IsA)(MlirAttribute),
          MlirTypeID (*GetTypeID)(), MlirStringRef (*GetName)(),
          MlirAttribute (*Get)(MlirContext, CEnum),
          CEnum (*GetValue)(MlirAttribute),
          MlirStringRef (*GetKeyword)(CEnum),
          bool (*FromKeyword)(MlirStringRef, CEnum *)>
struct PTOEnumAttribute
    : PTOConcreteAttribute<Derived, IsA, GetTypeID, GetName> {
  using PTOConcreteAttribute<Derived, IsA, GetTypeID,
                             GetName>::PTOConcreteAttribute;
  using ClassTy = typename PyConcreteAttribute<Derived>::ClassTy;

  static void bindDerived(ClassTy &c) {
    bindCommon<Derived, PyAttribute>(c, Derived::doc, Derived::isinstanceDoc);
    c.def_static(
        "get",
        [](const std::string &keyword, PyMlirContext *context) {
          CEnum value = parseKeyword<CEnum, FromKeyword>(
              keyword, Derived::what, Derived::keywords);
          PyMlirContextRef ref = resolveContext(context);
          return Derived(ref, Get(ref->get(), value));
        },
        nb::arg("value"), nb::arg("context").none() = nb::none(),
        Derived::getDoc);
    c.def_prop_ro(
        "value",
        [](Derived &self) { return toString(GetKeyword(GetValue(self))); },
        "The keyword, as printed between the angle brackets.");
  }
};

struct PyDirectionAttr
    : PTOEnumAttribute<PyDirectionAttr, MlirPTODirection,
                       mlirAttributeIsAPTODirectionAttr,
                       mlirPTODirectionAttrGetTypeID,
                       mlirPTODirectionAttrGetName, mlirPTODirectionAttrGet,
                       mlirPTODirectionAttrGetValue, mlirPTODirectionGetKeyword,
                       mlirPTODirectionFromKeyword> {
  static constexpr const char *pyClassName = "DirectionAttr";
  static constexpr const char *what = "direction";
  static constexpr const char *keywords = "in, out or inout";
  static constexpr const char *doc =
      "``#pto.direction<in|out|inout>``: how a kernel or Graph accesses a "
      "tensor parameter (the argument attribute ``pto.direction``; a tensor "
      "without it is ``in``).";
  static constexpr const char *isinstanceDoc =
      "Returns True if ``other`` is a ``#pto.direction``.";
  static constexpr const char *getDoc =
      "Returns ``#pto.direction<value>`` in ``context`` (default: the "
      "current one).\n\nRaises:\n    ValueError: ``value`` is not ``in``, "
      "``out`` or ``inout``.";
  using PTOEnumAttribute::PTOEnumAttribute;
};

struct PyCoreTypeAttr
    : PTOEnumAttribute<PyCoreTypeAttr, MlirPTOCoreType,
                       mlirAttributeIsAPTOCoreTypeAttr,
                       mlirPTOCoreTypeAttrGetTypeID, mlirPTOCoreTypeAttrGetName,
                       mlirPTOCoreTypeAttrGet, mlirPTOCoreTypeAttrGetValue,
                       mlirPTOCoreTypeGetKeyword, mlirPTOCoreTypeFromKeyword> {
  static constexpr const char *pyClassName = "CoreTypeAttr";
  static constexpr const char *what = "core type";
  static constexpr const char *keywords = "aic, aiv or mixed";
  static constexpr const char *doc =
      "``#pto.core_type<aic|aiv|mixed>``: the cores a ``pto.kernel`` runs "
      "on (cube, vector, or both).";
  static constexpr const char *isinstanceDoc =
      "Returns True if ``other`` is a ``#pto.core_type``.";
  static constexpr const char *getDoc =
      "Returns ``#pto.core_type<value>`` in ``context`` (default: the "
      "current one).\n\nRaises:\n    ValueError: ``value`` is not ``aic``, "
      "``aiv`` or ``mixed``.";
  using PTOEnumAttribute::PTOEnumAttribute;
};

struct PyRuntimeAttr
    : PTOEnumAttribute<PyRuntimeAttr, MlirPTORuntime,
                       mlirAttributeIsAPTORuntimeAttr,
                       mlirPTORuntimeAttrGetTypeID, mlirPTORuntimeAttrGetName,
                       mlirPTORuntimeAttrGet, mlirPTORuntimeAttrGetValue,
                       mlirPTORuntimeGetKeyword, mlirPTORuntimeFromKeyword> {
  static constexpr const char *pyClassName = "RuntimeAttr";
  static constexpr const char *what = "runtime";
  static constexpr const char *keywords =
      "tensormap_and_ringbuffer or host_build_graph";
  static constexpr const char *doc =
      "``#pto.runtime<tensormap_and_ringbuffer|host_build_graph>``: the "
      "runtime a module targets (the module attribute ``pto.runtime``; "
      "without it, ``tensormap_and_ringbuffer``).";
  static constexpr const char *isinstanceDoc =
      "Returns True if ``other`` is a ``#pto.runtime``.";
  static constexpr const char *getDoc =
      "Returns ``#pto.runtime<value>`` in ``context`` (default: the current "
      "one).\n\nRaises:\n    ValueError: ``value`` is not "
      "``tensormap_and_ringbuffer`` or ``host_build_graph``.";
  using PTOEnumAttribute::PTOEnumAttribute;
};

struct PyHoistedAttr
    : PTOConcreteAttribute<PyHoistedAttr, mlirAttributeIsAPTOHoistedAttr,
                           mlirPTOHoistedAttrGetTypeID,
                           mlirPTOHoistedAttrGetName> {
  static constexpr const char *pyClassName = "HoistedAttr";
  using PTOConcreteAttribute::PTOConcreteAttribute;

  /// A string field of the attribute, None when absent.
  static std::optional<std::string> field(MlirAttribute attr) {
    if (mlirAttributeIsNull(attr))
      return std::nullopt;
    return toString(mlirStringAttrGetValue(attr));
  }

  static void bindDerived(ClassTy &c) {
    bindCommon<PyHoistedAttr, PyAttribute>(
        c,
        "``#pto.hoisted<kind[, of = \"...\", computed_by = \"...\"]>``: what a "
        "Graph parameter added by ``pto-legalize-graph-boundary`` was (the "
        "argument attribute ``pto.hoisted``): an ``allocation``, a ``view`` "
        "(``of``: the buffer it is a view of) or a ``scalar`` "
        "(``computed_by``: the op that computed it).",
        "Returns True if ``other`` is a ``#pto.hoisted``.");
    c.def_static(
        "get",
        [](const std::string &kind, std::optional<std::string> of,
           std::optional<std::string> computedBy, PyMlirContext *context) {
          MlirPTOHoistedKind value =
              parseKeyword<MlirPTOHoistedKind, mlirPTOHoistedKindFromKeyword>(
                  kind, "hoisted kind", "allocation, view or scalar");
          PyMlirContextRef ref = resolveContext(context);
          auto string = [&](const std::optional<std::string> &text) {
            return text ? mlirStringAttrGet(ref->get(),
                                            mlirStringRefCreate(text->data(),
                                                                text->size()))
                        : MlirAttribute{nullptr};
          };
          return PyHoistedAttr(ref, mlirPTOHoistedAttrGet(ref->get(), value,
                                                          string(of),
                                                          string(computedBy)));
        },
        nb::arg("kind"), nb::arg("of").none() = nb::none(),
        nb::arg("computed_by").none() = nb::none(),
        nb::arg("context").none() = nb::none(),
        "Returns ``#pto.hoisted<kind, of = of, computed_by = computed_by>`` "
        "in ``context`` (default: the current one); ``of`` and "
        "``computed_by`` are left out when None.\n\nRaises:\n    ValueError: "
        "``kind`` is not ``allocation``, ``view`` or ``scalar``.");
    c.def_prop_ro(
        "kind",
        [](PyHoistedAttr &self) {
          return toString(
              mlirPTOHoistedKindGetKeyword(mlirPTOHoistedAttrGetKind(self)));
        },
        "``\"allocation\"``, ``\"view\"`` or ``\"scalar\"``.");
    c.def_prop_ro(
        "of",
        [](PyHoistedAttr &self) { return field(mlirPTOHoistedAttrGetOf(self)); },
        "The name of the buffer a hoisted view is of, or None.");
    c.def_prop_ro(
        "computed_by",
        [](PyHoistedAttr &self) {
          return field(mlirPTOHoistedAttrGetComputedBy(self));
        },
        "The name of the op that computed a hoisted scalar (e.g. "
        "``\"arith.muli\"``), or None.");
  }
};

} // namespace
} // namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::pto

NB_MODULE(_pto_ir, m) {
  m.doc() = "Python classes for the pto dialect's types and attributes "
            "(re-exported by pto_mlir.dialects.pto).";
  // The base classes (Type, ShapedType, Attribute) must be registered first.
  nb::module_::import_(MAKE_MLIR_PYTHON_QUALNAME("ir"));
  using namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::pto;
  PyTensorType::bind(m);
  PyTaskIdType::bind(m);
  PyTaskIdArrayType::bind(m);
  PyCreateInfoType::bind(m);
  PyDirectionAttr::bind(m);
  PyCoreTypeAttr::bind(m);
  PyRuntimeAttr::bind(m);
  PyHoistedAttr::bind(m);
}
