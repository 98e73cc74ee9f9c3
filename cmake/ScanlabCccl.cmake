# Finds CCCL's headers (libcu++: <cuda/atomic>, <cuda/std/...>, <cuda/cmath>) for the CPU backend.
# The CPU backend does not reimplement libcu++: it compiles CCCL's own headers in their host-only
# mode (scanlab's thin wrappers in cpu_backend/include/cuda/ switch that mode on). Where from, in
# this order:
#   1. SCANLAB_CCCL_INCLUDE_DIR given by the user (cache variable or environment variable);
#   2. the CUDA toolkit's copy (<toolkit>/include/cccl), which matches its nvcc;
#   3. the PyPI package nvidia-cuda-cccl (before the toolkit's in builds with libc++), installed with
#        python3 -m pip install --target ~/.local/share/scanlab/cccl nvidia-cuda-cccl
#      or into any Python environment python3 sees (it puts them in nvidia/cu*/include/cccl).
# Sets SCANLAB_CCCL_INCLUDE_DIR (empty when none is found: then `#include <cuda/atomic>` in a
# CPU-backend build stops with a message naming the package), SCANLAB_CCCL_CPU_INCLUDE (the folder
# CPU-backend compiles get: libcu++ alone, see below) and scanlab_use_cccl(<target>), which adds
# that folder to a CPU-backend target.

function(_scanlab_cccl_usable dir out_var)
  if(dir AND EXISTS "${dir}/cuda/std/atomic" AND EXISTS "${dir}/cuda/cmath" AND EXISTS "${dir}/nv/target")
    set(${out_var} TRUE PARENT_SCOPE)
  else()
    set(${out_var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# The first usable CCCL folder among the arguments, or "".
function(_scanlab_first_usable_cccl out_var)
  foreach(dir IN LISTS ARGN)
    _scanlab_cccl_usable("${dir}" ok)
    if(ok)
      set(${out_var} "${dir}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out_var} "" PARENT_SCOPE)
endfunction()

function(_scanlab_find_cccl_in_toolkit out_var)
  # The CUDA toolkit: the one CMake found for the GPU build, else the usual places.
  set(toolkit_dirs ${CUDAToolkit_INCLUDE_DIRS})
  foreach(root IN ITEMS "$ENV{CUDA_PATH}" "$ENV{CUDA_HOME}" "$ENV{CUDA_ROOT}" /usr/local/cuda /opt/cuda)
    if(root)
      list(APPEND toolkit_dirs "${root}/include")
    endif()
  endforeach()
  file(GLOB versioned_toolkits LIST_DIRECTORIES true "/usr/local/cuda-*/include")
  list(SORT versioned_toolkits COMPARE NATURAL ORDER DESCENDING)
  list(APPEND toolkit_dirs ${versioned_toolkits})
  list(TRANSFORM toolkit_dirs APPEND "/cccl")
  _scanlab_first_usable_cccl(found ${toolkit_dirs})
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

function(_scanlab_find_cccl_in_python out_var)
  # The PyPI package nvidia-cuda-cccl: scanlab's documented --target folder, then every
  # site-packages folder of the python3 on the PATH.
  set(python_dirs "$ENV{HOME}/.local/share/scanlab/cccl")
  find_program(SCANLAB_PYTHON3 NAMES python3 python)
  if(SCANLAB_PYTHON3)
    execute_process(
      COMMAND "${SCANLAB_PYTHON3}" -c
              "import site, sys; print(';'.join(sys.path + site.getsitepackages() + [site.getusersitepackages()]))"
      OUTPUT_VARIABLE site_dirs OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
    if(rc EQUAL 0)
      list(APPEND python_dirs ${site_dirs})
    endif()
  endif()
  set(all_candidates "")
  foreach(site IN LISTS python_dirs)
    if(site AND IS_DIRECTORY "${site}/nvidia")
      file(GLOB candidates LIST_DIRECTORIES true "${site}/nvidia/cu*/include/cccl" "${site}/nvidia/cu*/include")
      list(SORT candidates COMPARE NATURAL ORDER DESCENDING)
      list(APPEND all_candidates ${candidates})
    endif()
  endforeach()
  _scanlab_first_usable_cccl(found ${all_candidates})
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

function(_scanlab_find_cccl out_var)
  # 1. Given by the user.
  _scanlab_first_usable_cccl(given "${SCANLAB_CCCL_INCLUDE_DIR}" "$ENV{SCANLAB_CCCL_INCLUDE_DIR}")
  if(given)
    set(${out_var} "${given}" PARENT_SCOPE)
    return()
  endif()
  # With libc++ (clang's standard library, as on macOS) the PyPI package comes before the toolkit:
  # CCCL 3.0, the CUDA 13.0 toolkit's, does not compile against libc++ (an ambiguous call in
  # cuda/std/__new/allocate.h); CCCL 3.5 does.
  if(SCANLAB_WITH_LIBCXX)
    _scanlab_find_cccl_in_python(found)
    if(NOT found)
      _scanlab_find_cccl_in_toolkit(found)
    endif()
  else()
    _scanlab_find_cccl_in_toolkit(found)
    if(NOT found)
      _scanlab_find_cccl_in_python(found)
    endif()
  endif()
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

_scanlab_find_cccl(_scanlab_cccl_found)
set(SCANLAB_CCCL_INCLUDE_DIR "${_scanlab_cccl_found}" CACHE PATH
    "CCCL's include folder (holds cuda/std/atomic) for the CPU backend's libcu++ support" FORCE)
if(SCANLAB_CCCL_INCLUDE_DIR)
  file(STRINGS "${SCANLAB_CCCL_INCLUDE_DIR}/cuda/std/__cccl/version.h" _scanlab_cccl_version_line
       REGEX "#define CCCL_VERSION [0-9]+")
  string(REGEX MATCH "[0-9]+" _scanlab_cccl_version "${_scanlab_cccl_version_line}")
  message(STATUS "scanlab: CCCL ${_scanlab_cccl_version} for the CPU backend: ${SCANLAB_CCCL_INCLUDE_DIR}")
else()
  message(STATUS "scanlab: CCCL not found: <cuda/atomic>, <cuda/std/...> will not compile on the CPU "
                 "backend (python3 -m pip install --target ~/.local/share/scanlab/cccl nvidia-cuda-cccl)")
endif()

# CPU-backend compiles see libcu++ (cuda/, nv/) and not CCCL's CUB and Thrust: a lab must
# implement its own scan, and scanlab's stubs under cpu_backend/include/{cub,thrust}/ say so. A
# folder in the build tree holds a copy of the two, not links: the grader compiles students' files
# against it, so a build copied elsewhere (the PrairieLearn image's final stage, which does not
# copy the folder CCCL was installed in) must carry them. Copied again only when the source changes.
set(SCANLAB_CCCL_CPU_INCLUDE "")
if(SCANLAB_CCCL_INCLUDE_DIR)
  set(SCANLAB_CCCL_CPU_INCLUDE "${PROJECT_BINARY_DIR}/scanlab_libcudacxx/include")
  set(_scanlab_cccl_stamp "${SCANLAB_CCCL_CPU_INCLUDE}/.scanlab-copied-from")
  set(_scanlab_cccl_from "${SCANLAB_CCCL_INCLUDE_DIR} ${_scanlab_cccl_version}")
  set(_scanlab_cccl_had "")
  if(EXISTS "${_scanlab_cccl_stamp}")
    file(READ "${_scanlab_cccl_stamp}" _scanlab_cccl_had)
  endif()
  if(NOT _scanlab_cccl_had STREQUAL _scanlab_cccl_from)
    file(REMOVE_RECURSE "${SCANLAB_CCCL_CPU_INCLUDE}")
    file(MAKE_DIRECTORY "${SCANLAB_CCCL_CPU_INCLUDE}")
    file(COPY "${SCANLAB_CCCL_INCLUDE_DIR}/cuda" "${SCANLAB_CCCL_INCLUDE_DIR}/nv"
         DESTINATION "${SCANLAB_CCCL_CPU_INCLUDE}")
    file(WRITE "${_scanlab_cccl_stamp}" "${_scanlab_cccl_from}")
  endif()
endif()

# After the target's own include folders and as a system folder: scanlab's wrappers under
# cpu_backend/include/cuda/ must be found first (they #include_next CCCL's), and CCCL's warnings
# are not the student's.
function(scanlab_use_cccl target)
  if(SCANLAB_CCCL_CPU_INCLUDE)
    target_include_directories(${target} SYSTEM AFTER PRIVATE "${SCANLAB_CCCL_CPU_INCLUDE}")
  endif()
endfunction()
