# scanlab_add_cuda_target(<name> BACKEND <gpu|cpu|cpu-asan|cpu-tsan|host> KIND <EXECUTABLE|STATIC|OBJECT>
#                         SOURCES <.cu and .cpp files> [INCLUDES dirs] [LINK targets] [DEFINES defs])
#
# The one way scanlab builds CUDA code. For `gpu`, nvcc compiles the .cu files. For the CPU
# backends, each .cu is rewritten by scanlab-cu2cpp into a .cpp (with #line directives, so
# diagnostics name the original file) and compiled by the host compiler against scanlab's own
# CUDA headers; `cpu-asan` adds AddressSanitizer to find out-of-bounds accesses, `cpu-tsan`
# ThreadSanitizer to find races between the threads of a block even when the output is right.

# CCCL's headers (libcu++) for the CPU backends: scanlab_use_cccl(<target>).
include(ScanlabCccl)

# The `cpu` flavour's access checks (cpu_backend/src/access_checks.h): GCC's ThreadSanitizer code
# generation calls a hook at every load and store, answered by the runtime's own hooks (no
# ThreadSanitizer is linked), and line tables (-g1) let reports name the lines. -fsanitize=alignment
# checks every access against its type's alignment, answered by the runtime too
# (cpu_backend/src/misaligned_access.cpp): a float4 load a GPU would fault on fails here as well.
# The grader and scanlab-nvcc compile with the same flags. GCC and clang instrument alike (the same
# hook names); clang spells the switch for function entry hooks as an LLVM option. Clang checks
# fewer accesses for alignment (not a struct copied whole through a cast pointer): the runtime's
# hooks check the rest (access_hooks.cpp). Other compilers build without the checks.
set(SCANLAB_ACCESS_CHECK_FLAGS "")
set(SCANLAB_ALIGNMENT_CHECK_FLAGS "")
set(SCANLAB_REWRITER_FLAGS "")  # what every rewrite of a .cu for the CPU backend passes scanlab-cu2cpp
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set(SCANLAB_ALIGNMENT_CHECK_FLAGS -fsanitize=alignment)
  # Volatile accesses get hooks of their own: a loop of volatile reads is a spin wait
  # (cpu_backend/src/spin_waits.h).
  set(SCANLAB_ACCESS_CHECK_FLAGS -fsanitize=thread --param=tsan-instrument-func-entry-exit=0
      --param=tsan-distinguish-volatile=1 -Wno-tsan ${SCANLAB_ALIGNMENT_CHECK_FLAGS})
elseif(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set(SCANLAB_ALIGNMENT_CHECK_FLAGS -fsanitize=alignment -DSCANLAB_CHECK_DEREF_ALIGNMENT=1)
  set(SCANLAB_REWRITER_FLAGS --check-alignment)
  set(SCANLAB_ACCESS_CHECK_FLAGS -fsanitize=thread -mllvm -tsan-instrument-func-entry-exit=0
      -mllvm -tsan-distinguish-volatile=1 ${SCANLAB_ALIGNMENT_CHECK_FLAGS})
endif()

# What the build's own C++ flags say about the standard library and the target (-stdlib=libc++,
# --target=...): compiles of students' files outside CMake (the grader, scanlab-nvcc) must match
# the runtime they link with, so they get these words too.
separate_arguments(SCANLAB_HOST_CXX_FLAGS UNIX_COMMAND "${CMAKE_CXX_FLAGS}")

# The rewritten kernel files of the `cpu` flavour get the access instrumentation (and line tables);
# the target's plain C++ files (harnesses, tests) do not: they run no kernel code.
function(_scanlab_kernel_file_options out_var backend)
  set(options "")
  if(backend STREQUAL "cpu" AND SCANLAB_ACCESS_CHECK_FLAGS)
    set(options ${SCANLAB_ACCESS_CHECK_FLAGS} "$<$<NOT:$<CONFIG:Debug,RelWithDebInfo>>:-g1>")
  endif()
  set(${out_var} "${options}" PARENT_SCOPE)
endfunction()

function(scanlab_cpu_rewrite out_var target backend)
  _scanlab_kernel_file_options(kernel_options ${backend})
  set(outputs "")
  foreach(src IN LISTS ARGN)
    get_filename_component(abs "${src}" ABSOLUTE)
    get_filename_component(dir "${abs}" DIRECTORY)
    file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${abs}")
    string(REPLACE "../" "up/" rel "${rel}")
    set(out "${CMAKE_CURRENT_BINARY_DIR}/scanlab_rewritten/${target}/${rel}.cpp")
    add_custom_command(
      OUTPUT "${out}"
      COMMAND scanlab-cu2cpp "${abs}" -o "${out}" --depfile "${out}.d" ${SCANLAB_REWRITER_FLAGS}
      DEPENDS scanlab-cu2cpp "${abs}"
      DEPFILE "${out}.d"
      COMMENT "Rewriting ${rel} for the CPU backend"
      VERBATIM)
    # Quoted includes of the .cu must still find their neighbours.
    set_source_files_properties("${out}" PROPERTIES COMPILE_OPTIONS "-iquote;${dir};${kernel_options}")
    list(APPEND outputs "${out}")
  endforeach()
  set(${out_var} "${outputs}" PARENT_SCOPE)
endfunction()

# The CPU backend's prelude (scanlab/cpu/prelude.h, which every rewritten .cu starts with) is most
# of what the compiler reads for one (57,000 lines): precompiled once per CPU flavour and reused by
# every target of that flavour, a lab's .cu compiles in about 0.4 s of CPU instead of 1.2. GCC
# checks that the precompiled header fits each compile (-Winvalid-pch says when it does not) and
# reads the header itself otherwise. The target's plain C++ files do not get it.
function(_scanlab_use_prelude_pch target backend)
  set(provider scanlab_prelude_pch_${backend})
  if(NOT TARGET ${provider})
    set(carrier "${PROJECT_BINARY_DIR}/scanlab_prelude_pch/carrier.cpp")
    if(NOT EXISTS "${carrier}")
      file(WRITE "${carrier}" "// The target that carries the precompiled CPU prelude (cmake/ScanlabCudaTargets.cmake).\n")
    endif()
    scanlab_add_cuda_target(${provider} BACKEND ${backend} KIND OBJECT SOURCES "${carrier}")
    # Compiled as the kernel files that reuse it are (GCC checks that the options agree).
    _scanlab_kernel_file_options(kernel_options ${backend})
    target_compile_options(${provider} PRIVATE ${kernel_options})
    target_precompile_headers(${provider} PRIVATE "${PROJECT_SOURCE_DIR}/cpu_backend/include/scanlab/cpu/prelude.h")
  endif()
  target_precompile_headers(${target} REUSE_FROM ${provider})
  set_property(SOURCE ${ARGN} TARGET_DIRECTORY ${target} PROPERTY SKIP_PRECOMPILE_HEADERS ON)
endfunction()

function(scanlab_add_cuda_target name)
  cmake_parse_arguments(ARG "" "BACKEND;KIND" "SOURCES;INCLUDES;LINK;DEFINES" ${ARGN})
  if(NOT ARG_KIND)
    set(ARG_KIND EXECUTABLE)
  endif()
  set(cu_sources "")
  set(other_sources "")
  foreach(src IN LISTS ARG_SOURCES)
    if(src MATCHES "\\.cu$")
      list(APPEND cu_sources "${src}")
    else()
      list(APPEND other_sources "${src}")
    endif()
  endforeach()

  if(ARG_BACKEND STREQUAL "gpu" OR ARG_BACKEND STREQUAL "host")
    set(sources ${cu_sources} ${other_sources})
  else()
    scanlab_cpu_rewrite(rewritten ${name} ${ARG_BACKEND} ${cu_sources})
    set(sources ${rewritten} ${other_sources})
  endif()

  if(ARG_KIND STREQUAL "EXECUTABLE")
    add_executable(${name} ${sources})
  elseif(ARG_KIND STREQUAL "OBJECT")
    add_library(${name} OBJECT ${sources})
  else()
    add_library(${name} STATIC ${sources})
  endif()
  target_include_directories(${name} PRIVATE ${ARG_INCLUDES})
  target_compile_definitions(${name} PRIVATE ${ARG_DEFINES})
  target_compile_features(${name} PRIVATE cxx_std_20)

  if(ARG_BACKEND STREQUAL "gpu")
    set_target_properties(${name} PROPERTIES CUDA_STANDARD 17 CUDA_STANDARD_REQUIRED ON)
    target_compile_definitions(${name} PRIVATE SCANLAB_BACKEND_GPU=1)
    target_compile_options(${name} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo>)
    target_link_libraries(${name} PRIVATE CUDA::cudart scanlab::backend_gpu ${ARG_LINK})
  elseif(ARG_BACKEND STREQUAL "host")
    target_link_libraries(${name} PRIVATE ${ARG_LINK})  # plain C++, no CUDA at all
  elseif(ARG_BACKEND STREQUAL "cpu")
    target_compile_definitions(${name} PRIVATE SCANLAB_BACKEND_CPU=1)
    scanlab_use_cccl(${name})
    target_link_libraries(${name} PRIVATE scanlab::cpu_runtime ${ARG_LINK})
  elseif(ARG_BACKEND STREQUAL "cpu-asan")
    target_compile_definitions(${name} PRIVATE SCANLAB_BACKEND_CPU=1)
    scanlab_use_cccl(${name})
    target_compile_options(${name} PRIVATE -fsanitize=address -fno-omit-frame-pointer)
    target_link_options(${name} PRIVATE -fsanitize=address)
    target_link_libraries(${name} PRIVATE scanlab::cpu_runtime_asan ${ARG_LINK})
  elseif(ARG_BACKEND STREQUAL "cpu-tsan")
    target_compile_definitions(${name} PRIVATE SCANLAB_BACKEND_CPU=1)
    scanlab_use_cccl(${name})
    target_compile_options(${name} PRIVATE -fsanitize=thread)
    target_link_options(${name} PRIVATE -fsanitize=thread)
    target_link_libraries(${name} PRIVATE scanlab::cpu_runtime_tsan ${ARG_LINK})
  else()
    message(FATAL_ERROR "scanlab_add_cuda_target(${name}): unknown BACKEND '${ARG_BACKEND}'")
  endif()
  if(ARG_BACKEND MATCHES "^cpu" AND cu_sources)
    _scanlab_use_prelude_pch(${name} ${ARG_BACKEND} ${other_sources})
  endif()
endfunction()

# The backends this configuration can build, in the order reports list them.
function(scanlab_available_backends out_var)
  set(list "")
  if(SCANLAB_HAVE_GPU_BUILD)
    list(APPEND list gpu)
  endif()
  if(SCANLAB_HAVE_CPU_BACKEND)
    list(APPEND list cpu)
    if(SCANLAB_ENABLE_ASAN)
      list(APPEND list cpu-asan)
    endif()
  endif()
  set(${out_var} "${list}" PARENT_SCOPE)
endfunction()
