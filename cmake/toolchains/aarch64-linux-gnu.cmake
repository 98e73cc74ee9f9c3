# Cross-compiles scanlab for 64-bit Arm Linux (aarch64) on a Debian/Ubuntu x86-64 host:
#
#   cmake -S . -B build-arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#         -DSCANLAB_ENABLE_GPU=OFF
#
# Needs Debian's cross compiler and the arm64 builds of the libraries (multiarch), and qemu-user to
# run what it builds: the developers' arm64 check script says which packages are missing and runs the whole check.
#   apt-get install crossbuild-essential-arm64 qemu-user-static
#   dpkg --add-architecture arm64 && apt-get update
#   apt-get install libboost-context-dev:arm64 libfmt-dev:arm64 catch2 libcli11-dev nlohmann-json3-dev
# (catch2, CLI11 and nlohmann-json are header-only and install for any architecture.)

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(_scanlab_triplet aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${_scanlab_triplet}-gcc)
set(CMAKE_CXX_COMPILER ${_scanlab_triplet}-g++)
# Debian's multiarch layout: the arm64 libraries (libboost_context.a, libfmt, their CMake package
# files) are in /usr/lib/aarch64-linux-gnu beside the host's /usr/lib/x86_64-linux-gnu. The library
# architecture makes every find_* look in the aarch64 folders and never in the x86-64 ones.
set(CMAKE_LIBRARY_ARCHITECTURE ${_scanlab_triplet})

# Libraries, headers and packages come from the target's folders: the cross toolchain's own
# /usr/aarch64-linux-gnu, and / itself, where multiarch puts the arm64 packages (under
# lib/aarch64-linux-gnu, see above) and the header-only ones (/usr/include, /usr/share/cmake).
# Programs (python3 for the tests, the host's cmake) are the build machine's.
set(CMAKE_FIND_ROOT_PATH /usr/${_scanlab_triplet} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Never the build machine's own libraries, whatever a package's hints say.
list(APPEND CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu)

# What runs an arm64 program on this x86-64 machine. CMake puts it in front of the build's own
# programs where a target is named: scanlab-cu2cpp in add_custom_command (the CPU backend's
# .cu -> .cpp rewriter, run during the build; CMake 3.25 does this for add_custom_command and
# add_test(NAME ... COMMAND <target>)). Programs that scanlab runs by path (the Catch2 test listing
# after each link, the tests, the grader's runners) need the kernel to run arm64 programs itself:
# binfmt_misc with qemu-aarch64 registered (the developers' arm64 check script checks that).
#
# No `-L /usr/aarch64-linux-gnu` where multiarch installed the arm64 C library (libc6:arm64, which
# libfmt9:arm64 and libboost-context:arm64 depend on): qemu would then take the loader from the
# cross toolchain's libc6-arm64-cross and the loader would take libc.so.6 from the multiarch one
# (through /etc/ld.so.cache), two different glibc builds (Debian 12: 2.36-8cross1 and 2.36-9+deb12u14).
# Such a pair hangs at the first pthread_create (a list walk over the loader's thread-stack cache
# that never ends, seen in gdb): the CPU backend's watchdog thread, so every lab check hangs. The
# multiarch loader /lib/ld-linux-aarch64.so.1 and its libraries are one build. Only without it
# does qemu need the cross toolchain's folder.
# On an arm64 machine none of this applies.
find_program(SCANLAB_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(SCANLAB_QEMU_AARCH64)
  if(EXISTS /lib/ld-linux-aarch64.so.1)
    set(CMAKE_CROSSCOMPILING_EMULATOR "${SCANLAB_QEMU_AARCH64}")
  else()
    set(CMAKE_CROSSCOMPILING_EMULATOR "${SCANLAB_QEMU_AARCH64};-L;/usr/${_scanlab_triplet}")
  endif()
endif()
