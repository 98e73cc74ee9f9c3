# Finds scanlab's system dependencies. A missing one stops configuration with the Debian/Ubuntu
# package to install; nothing is ever downloaded.

function(scanlab_missing what package)
  message(FATAL_ERROR "scanlab needs ${what}, which was not found.\n"
                      "Install it with:  sudo apt-get install ${package}")
endfunction()

find_package(Catch2 QUIET)
if(NOT Catch2_FOUND)
  scanlab_missing("Catch2 (v2.13 or v3)" "catch2")
endif()
# v2 ships one header (catch2/catch.hpp); v3 is a compiled library with split headers.
set(SCANLAB_CATCH2_MAJOR "${Catch2_VERSION_MAJOR}")
# Test discovery is scanlab's own (cmake/ScanlabCatchDiscover.cmake), so Catch.cmake is not needed.

find_package(fmt QUIET)
if(NOT fmt_FOUND)
  scanlab_missing("fmt" "libfmt-dev")
endif()
# scanlab::fmt is what scanlab's targets link. Debian's compiled libfmt is built against libstdc++
# (its std::string in the ABI), so a build with clang's libc++ (-stdlib=libc++, as on macOS) takes
# fmt's header-only form instead.
include(CheckCXXSourceCompiles)
check_cxx_source_compiles("#include <version>\n#ifndef _LIBCPP_VERSION\n#error libstdc++\n#endif\nint main() {}"
                          SCANLAB_WITH_LIBCXX)
add_library(scanlab_fmt INTERFACE)
if(SCANLAB_WITH_LIBCXX AND TARGET fmt::fmt-header-only)
  target_link_libraries(scanlab_fmt INTERFACE fmt::fmt-header-only)
else()
  target_link_libraries(scanlab_fmt INTERFACE fmt::fmt)
endif()
add_library(scanlab::fmt ALIAS scanlab_fmt)

find_package(CLI11 QUIET)
if(NOT CLI11_FOUND)
  scanlab_missing("CLI11" "libcli11-dev")
endif()

find_package(nlohmann_json 3 QUIET)
if(NOT nlohmann_json_FOUND)
  scanlab_missing("nlohmann-json" "nlohmann-json3-dev")
endif()

# Boost.Context is needed by the CPU backend only: without it a GPU machine still builds.
set(SCANLAB_HAVE_CPU_BACKEND OFF)
if(SCANLAB_ENABLE_CPU)
  set(Boost_USE_STATIC_LIBS ON)  # jump_fcontext without a PLT hop: it runs on every switch
  find_package(Boost 1.71 QUIET COMPONENTS context)
  if(Boost_FOUND)
    set(SCANLAB_HAVE_CPU_BACKEND ON)
  elseif(SCANLAB_HAVE_GPU_BUILD)
    message(NOTICE "scanlab: Boost.Context not found, so the CPU backend is skipped "
                   "(install libboost-context-dev to get it). The GPU build is unaffected.")
  else()
    scanlab_missing("Boost.Context (for the CPU backend; no CUDA compiler was found either)"
                    "libboost-context-dev")
  endif()
endif()
