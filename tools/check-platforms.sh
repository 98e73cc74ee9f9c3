#!/usr/bin/env bash
# Developers only: not part of a student release.     SCANLAB-INSTRUCTOR-ONLY
# Builds and tests a fresh clone of scanlab where students are, not where we develop. Run it
# before resolving anything that touches the build (CMake, the CPU backend, setup-debian.sh).
#
#   tools/check-platforms.sh [--quick|--smoke] [--as=root|user|both] [--keep] TARGET...
#
# TARGET is one or more of:
#   debian13      a Debian 13 root (GCC 14, Boost 1.83: what Ubuntu 24.04 and WSL have), made by
#                 debootstrap; the README's two commands verbatim, as root and as a plain user
#   debian12-nocuda  a Debian 12 root without a CUDA toolkit: CCCL comes from PyPI
#   clang         clang with libstdc++, in a build folder of this machine
#   libcxx        clang with libc++ (as on macOS)
#   arm64         Debian's cross compiler and qemu-user (tools/check-arm64.sh)
#   all           every one of them
#
# --quick runs `make lab3-solution`, `make lab2-trace` and `ctest -L "lab|grader|cpu"` instead of
# the whole `make test` (a full run of one root takes 15-30 minutes on two cores). --smoke (what CI
# runs) installs with `--student` and runs `make lab3-solution`, `make lab2-trace` and
# `make lab8-advanced` (cuda::barrier: CCCL's headers) only. --as says who
# runs the README's commands in a Debian root (default both: root in /root, then a plain user in
# a home folder only it may enter). --keep leaves the clones and build folders behind for a look.
#
# The roots (about 1 GB each, made once) live in $SCANLAB_ROOTS (default /var/tmp/scanlab-roots);
# making and entering them needs root. The clone is of this checkout's HEAD: commit first.
# Each target's log is $SCANLAB_ROOTS/logs/TARGET.log; the script ends with one line per target,
# and exits 1 when a check failed, 3 when one could not run on this machine (no debootstrap, no
# mounts), 0 otherwise.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
roots=${SCANLAB_ROOTS:-/var/tmp/scanlab-roots}
mirror=${SCANLAB_DEBIAN_MIRROR:-http://deb.debian.org/debian}
quick=0
keep=0
as=both
targets=()
for a in "$@"; do
  case $a in
    --quick) quick=1 ;;
    --smoke) quick=2 ;;
    --keep) keep=1 ;;
    --as=root|--as=user|--as=both) as=${a#--as=} ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    all) targets+=(debian13 debian13-gcc13 debian12-nocuda clang libcxx arm64) ;;
    debian13|debian13-gcc13|debian12-nocuda|clang|libcxx|arm64) targets+=("$a") ;;
    *) echo "check-platforms: unknown argument $a (try --help)" >&2; exit 2 ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || { echo "check-platforms: name a target (try --help)" >&2; exit 2; }
mkdir -p "$roots/logs"

# What a run checks, in a shell inside the checkout ($1: label for messages).
checks() {
  if [[ $quick == 2 ]]; then
    echo 'make lab3-solution && make lab2-trace && make lab8-advanced'
  elif [[ $quick == 1 ]]; then
    echo 'make lab3-solution && make lab2-trace && make build && ctest --test-dir build -L "lab|grader|cpu" --output-on-failure -j2'
  else
    echo 'make test'
  fi
}

# A Debian root, made once by debootstrap, with what a student's fresh machine has: nothing but
# the base system, git, sudo and python3 (setup-debian.sh installs the rest, as the README says).
ensure_root() {  # suite dir
  local suite=$1 dir=$2
  if [[ ! -x $dir/usr/bin/git ]]; then
    command -v debootstrap >/dev/null || { echo "check-platforms: needs debootstrap (apt-get install debootstrap)" >&2; return 1; }
    echo "check-platforms: debootstrap $suite into $dir (once)"
    debootstrap --variant=minbase --include=git,ca-certificates,sudo,python3,procps "$suite" "$dir" "$mirror" \
      >"$roots/logs/debootstrap-$suite.log" 2>&1 || { echo "check-platforms: debootstrap failed (see its log)"; return 3; }
  fi
  # A plain user with a home folder only it may enter, as on most desktops; sudo without a
  # password so that setup-debian.sh can install what a user run would ask for.
  chroot "$dir" /bin/sh -c 'id student >/dev/null 2>&1 || { useradd -m -s /bin/bash student && chmod 700 /home/student; }
    echo "student ALL=(ALL) NOPASSWD: ALL" > /etc/sudoers.d/student'
}

# The root as the root of a private mount namespace (pivot_root, not chroot): the labs' jail
# (tools/scanlab-jail) makes a user namespace, which the kernel refuses to a chrooted process, and
# bubblewrap, which would do this too, sets no_new_privs, under which the user's sudo cannot run.
# Runs in `unshare --mount`: the mounts vanish with it.
pivot_into() {  # dir command...
  local dir=$1; shift
  mount --make-rprivate /
  mount --rbind "$dir" "$dir"
  mount --rbind /proc "$dir/proc"
  mount --rbind /dev "$dir/dev"
  mount --rbind /sys "$dir/sys"
  mount -t tmpfs tmpfs "$dir/dev/shm"
  cd "$dir" && mkdir -p .old-root && pivot_root . .old-root && umount -l /.old-root && rmdir /.old-root &&
    exec "$@"
}

# Runs a command in the root with /proc, /dev and /sys mounted.
in_root() {  # dir user command
  local dir=$1 user=$2 cmd=$3
  cp -L /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
  # This machine's own certificate authorities (a proxy in front of PyPI may need them), and only
  # when it has local ones: a student's machine needs nothing like it.
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$dir/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$dir/usr/local/share/ca-certificates/"
    cp -L /etc/ssl/certs/ca-certificates.crt "$dir/etc/ssl/certs/ca-certificates.crt" 2>/dev/null || true
  fi
  local enter=(unshare --mount --fork bash -c "$(declare -f pivot_into); pivot_into \"\$@\"" pivot_into "$dir")
  local rc=0
  if [[ $user == root ]]; then
    "${enter[@]}" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb LANG=C.UTF-8 \
      /bin/bash -lc "$cmd" || rc=$?
  else
    "${enter[@]}" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb LANG=C.UTF-8 \
      /bin/su - "$user" -c "$cmd" || rc=$?
  fi
  return $rc
}

# The README's two commands from a fresh clone, first as root (in /root), then as the plain user
# (in its mode-700 home). The clone comes from a bundle of HEAD, as a student's `git clone` would.
run_in_debian() {  # target suite [compiler-version]
  local target=$1 suite=$2 gcc=${3:-} dir="$roots/${1%-gcc*}"
  ensure_root "$suite" "$dir" || return $?
  # Another GCC than the suite's default: installed into the root, named by CC and CXX, which
  # CMake reads at the first configure (as a student with two compilers would choose one).
  # Debian 13's libraries (libfmt, Catch2) are built by its GCC 14 and need its libstdc++
  # (CXXABI_1.3.15), while g++-13 links GCC 13's own copy; on Ubuntu 24.04 GCC 13 built them all.
  # LDFLAGS points the link at the system's libstdc++ (the one every program runs with anyway), so
  # that what is checked is GCC 13 compiling scanlab, not a mix of distributions.
  local compilers=""
  if [[ -n $gcc ]]; then
    cp -L /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
    chroot "$dir" /bin/sh -c "apt-get update -qq && apt-get install -y -qq gcc-$gcc g++-$gcc >/dev/null" || return 1
    local system_gcc; system_gcc=$(chroot "$dir" /bin/sh -c 'gcc -dumpversion' | cut -d. -f1)
    compilers="export CC=gcc-$gcc CXX=g++-$gcc LDFLAGS=-L/usr/lib/gcc/x86_64-linux-gnu/$system_gcc && echo \"compiler: \$(g++-$gcc --version | head -n 1)\" && "
  fi
  if [[ $target == debian12-nocuda && -e $dir/usr/local/cuda ]]; then
    echo "check-platforms: $dir has a CUDA toolkit; this target needs a root without one" >&2; return 1
  fi
  git -C "$here" bundle create "$dir/tmp/scanlab.bundle" HEAD >/dev/null 2>&1
  chmod 644 "$dir/tmp/scanlab.bundle"
  local setup=tools/setup-debian.sh
  [[ $quick != 2 ]] || setup="tools/setup-debian.sh --student"
  local run; run="${compilers}rm -rf scanlab && git clone -q /tmp/scanlab.bundle scanlab && cd scanlab && $setup && $(checks)"
  if [[ $as != user ]]; then
    echo "check-platforms: $target as root"
    in_root "$dir" root "cd /root && $run" || return $?
  fi
  if [[ $as != root ]]; then
    echo "check-platforms: $target as a user (home folder mode 700)"
    in_root "$dir" student "cd ~ && $run" || return $?
  fi
  if [[ $keep == 0 ]]; then
    rm -rf "$dir/root/scanlab" "$dir/home/student/scanlab" "$dir/tmp/scanlab.bundle"
    chroot "$dir" apt-get clean >/dev/null 2>&1 || true  # the root's downloaded packages: 600 MB
  fi
}

# clang on this machine, in a build folder of a fresh clone ($1: extra CXXFLAGS).
run_with_clang() {  # target cxxflags
  local target=$1 flags=$2 work="$roots/$1"
  command -v clang++ >/dev/null || { echo "check-platforms: needs clang (apt-get install clang)" >&2; return 1; }
  rm -rf "$work" && git clone -q "$here" "$work" || return 1
  if [[ $flags == *libc++* ]]; then
    # libc++ needs CCCL 3.1 or later (cmake/ScanlabCccl.cmake): the pinned PyPI copy, which
    # setup-debian.sh leaves out on a machine with a CUDA toolkit.
    local version; version=$(sed -n 's/^cccl_version=//p' "$here/tools/setup-debian.sh")
    [[ -d $HOME/.local/share/scanlab/cccl/nvidia_cuda_cccl-$version.dist-info ]] ||
      python3 -m pip install --quiet --upgrade --target "$HOME/.local/share/scanlab/cccl" "nvidia-cuda-cccl==$version" || return 1
  fi
  local rc=0
  local build=build
  [[ $quick != 2 ]] || build=configure  # the smoke checks build what they need
  (cd "$work" && make $build CMAKE_ARGS="-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS='$flags'" &&
     bash -c "$(checks)") || rc=1
  [[ $keep == 1 ]] || rm -rf "$work"
  return $rc
}

declare -A result
for t in "${targets[@]}"; do
  log="$roots/logs/$t.log"
  echo "check-platforms: $t (log: $log)"
  start=$SECONDS
  set +e
  case $t in
    debian13) run_in_debian debian13 trixie >"$log" 2>&1 ;;
    debian13-gcc13) run_in_debian debian13-gcc13 trixie 13 >"$log" 2>&1 ;;
    debian12-nocuda) run_in_debian debian12-nocuda bookworm >"$log" 2>&1 ;;
    clang) run_with_clang clang "" >"$log" 2>&1 ;;
    libcxx) run_with_clang libcxx "-stdlib=libc++" >"$log" 2>&1 ;;
    arm64) "$here/tools/check-arm64.sh" $([[ $quick != 0 ]] && echo --quick) >"$log" 2>&1 ;;
  esac
  rc=$?
  set -e
  summary=$(grep -E 'tests passed|tests failed' "$log" | tail -n 2 | tr '\n' ' ' || true)
  case $rc in
    0) verdict=passed ;;
    3) verdict="cannot be checked on this machine (debootstrap or mount failed; see the log)" ;;
    *) verdict="FAILED (exit $rc)" ;;
  esac
  result[$t]="$verdict in $((SECONDS - start)) s ${summary}"
done
echo
for t in "${targets[@]}"; do echo "  $t: ${result[$t]}"; done
# Exit 1 if a check failed, 3 if one could not run here (and none failed), else 0.
status=0
for t in "${targets[@]}"; do
  case ${result[$t]} in
    passed*) ;;
    cannot*) [[ $status == 1 ]] || status=3 ;;
    *) status=1 ;;
  esac
done
exit $status
