# Locating the LLVM/MLIR 22 install tree that the xtc-{llvm,mlir}-{dev,tools}
# wheels put in site-packages, and linking it statically.

# Sets MLIR_DIR and LLVM_DIR from the build interpreter's own sys.path unless
# they are given. The wheels install `mlir/lib/cmake/mlir` and
# `llvm/lib/cmake/llvm` side by side; MLIRConfig alone would look for LLVM in
# the wrong place. Asking the interpreter (rather than CMake's prefix path)
# keeps an isolated build from picking up a half-installed MLIR in the target
# environment.
function(pto_locate_mlir)
  if(MLIR_DIR AND LLVM_DIR)
    return()
  endif()
  if(NOT Python3_EXECUTABLE)
    find_package(Python3 REQUIRED COMPONENTS Interpreter)
  endif()
  execute_process(
    COMMAND "${Python3_EXECUTABLE}" -c [[
import os, sys
for entry in sys.path:
    cfg = os.path.join(entry, "mlir", "lib", "cmake", "mlir", "MLIRConfig.cmake")
    if os.path.isfile(cfg):
        print(entry)
        break
]]
    OUTPUT_VARIABLE _site
    OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0 OR _site STREQUAL "")
    message(FATAL_ERROR
      "MLIR 22 not found on the sys.path of ${Python3_EXECUTABLE}. Install the "
      "build requirements (pip install -r requirements/build.txt) or pass "
      "-DMLIR_DIR=... -DLLVM_DIR=...")
  endif()
  set(MLIR_DIR "${_site}/mlir/lib/cmake/mlir" CACHE PATH "MLIRConfig.cmake dir" FORCE)
  set(LLVM_DIR "${_site}/llvm/lib/cmake/llvm" CACHE PATH "LLVMConfig.cmake dir" FORCE)
endfunction()

# The wheels' LLVM is built with LLVM_LINK_LLVM_DYLIB=ON: every exported MLIR
# target names `LLVM` (libLLVM.so) in its link interface, and the C-API object
# libraries record it in MLIR_AGGREGATE_DEP_LIBS_IMPORTED. Replace it with the
# static component libraries everywhere.
macro(pto_link_static_llvm)
  set(LLVM_LINK_LLVM_DYLIB OFF)
  llvm_map_components_to_libnames(_pto_llvm_static_libs
    Support Demangle Remarks BitstreamReader TargetParser BinaryFormat Core)
  get_property(_pto_targets DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
               PROPERTY IMPORTED_TARGETS)
  foreach(_target IN LISTS _pto_targets)
    foreach(_prop INTERFACE_LINK_LIBRARIES MLIR_AGGREGATE_DEP_LIBS_IMPORTED)
      get_property(_is_set TARGET ${_target} PROPERTY ${_prop} SET)
      if(NOT _is_set)
        continue()
      endif()
      get_target_property(_libs ${_target} ${_prop})
      list(FIND _libs LLVM _index)
      if(_index GREATER -1)
        list(REMOVE_ITEM _libs LLVM)
        list(APPEND _libs ${_pto_llvm_static_libs})
        set_target_properties(${_target} PROPERTIES ${_prop} "${_libs}")
      endif()
    endforeach()
  endforeach()
endmacro()
