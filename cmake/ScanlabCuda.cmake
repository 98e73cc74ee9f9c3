# Enables CUDA when nvcc is found (and, with SCANLAB_ENABLE_GPU=AUTO, the default, a GPU answers).
# Architectures: what the caller set, else the GPU in this machine, else a portable set (Ampere and
# Hopper) -- never forced on the whole project.

set(SCANLAB_HAVE_GPU_BUILD OFF)
if(SCANLAB_ENABLE_GPU STREQUAL "AUTO")
  find_program(SCANLAB_NVIDIA_SMI nvidia-smi)
  set(_scanlab_gpu_answers OFF)
  if(SCANLAB_NVIDIA_SMI)
    execute_process(COMMAND ${SCANLAB_NVIDIA_SMI} -L RESULT_VARIABLE _scanlab_smi OUTPUT_QUIET ERROR_QUIET TIMEOUT 30)
    if(_scanlab_smi EQUAL 0)
      set(_scanlab_gpu_answers ON)
    endif()
  endif()
  if(NOT _scanlab_gpu_answers)
    message(STATUS "scanlab: no GPU answered `nvidia-smi -L`: the GPU backend is left out (its tests could "
                   "not run here); -DSCANLAB_ENABLE_GPU=ON builds it anyway")
    return()
  endif()
elseif(NOT SCANLAB_ENABLE_GPU)
  return()
endif()

include(CheckLanguage)
check_language(CUDA)
if(NOT CMAKE_CUDA_COMPILER)
  message(STATUS "scanlab: no CUDA compiler found; building the CPU backend only")
  return()
endif()

if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
  set(_scanlab_archs "")
  find_program(SCANLAB_NVIDIA_SMI nvidia-smi)
  if(SCANLAB_NVIDIA_SMI)
    execute_process(COMMAND ${SCANLAB_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                    OUTPUT_VARIABLE _scanlab_caps RESULT_VARIABLE _scanlab_smi_result
                    ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(_scanlab_smi_result EQUAL 0 AND _scanlab_caps MATCHES "^[0-9]+\\.[0-9]+")
      string(REGEX MATCHALL "[0-9]+\\.[0-9]+" _scanlab_cap_list "${_scanlab_caps}")
      foreach(cap IN LISTS _scanlab_cap_list)
        string(REPLACE "." "" cap "${cap}")
        list(APPEND _scanlab_archs "${cap}")
      endforeach()
      list(REMOVE_DUPLICATES _scanlab_archs)
    endif()
  endif()
  if(_scanlab_archs)
    message(STATUS "scanlab: building for the GPU present: sm_${_scanlab_archs}")
  else()
    set(_scanlab_archs "80;90")
    message(STATUS "scanlab: no GPU visible; building CUDA code for sm_80 and sm_90 "
                   "(set CMAKE_CUDA_ARCHITECTURES to change)")
  endif()
  set(CMAKE_CUDA_ARCHITECTURES "${_scanlab_archs}" CACHE STRING "CUDA architectures to build for")
endif()

enable_language(CUDA)
find_package(CUDAToolkit REQUIRED)
set(SCANLAB_HAVE_GPU_BUILD ON)
