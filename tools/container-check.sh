#!/usr/bin/env bash
# Developers only: not part of a student release.     SCANLAB-INSTRUCTOR-ONLY
# Builds the student image (./Dockerfile) with podman and runs a lab inside it the way a student
# would. It needs no registry: the base image is imported from a local Debian 12 root.
#
#   tools/container-check.sh [--arch amd64|arm64] [--root DIR] [--lab N] [--keep]
#
#   --arch A    the image's architecture (default: this machine's). Another one runs under
#               qemu-user: apt-get install qemu-user-static binfmt-support, which registers it with
#               the kernel (the F flag, so that containers find the emulator). arm64 is what Docker
#               Desktop runs on Apple Silicon; expect the build and the lab to take ~10x longer.
#   --root DIR  a Debian 12 root to import as the base image (it is only read). Without it, one is
#               made with `debootstrap --variant=minbase bookworm`. That takes a few minutes and
#               needs the debootstrap package and the network. DEBIAN_MIRROR picks the mirror.
#   --lab N     the lab to run (default 3): `make labN-solution` (it must pass) and `make labN-trace`
#   --keep      keep the images and the work folder ($WORK) afterwards, to look inside
#
# Run it as root on Debian 12 with podman (apt-get install podman; runc too if crun fails, see
# below). It builds from this working tree, so an uncommitted Dockerfile is tested. The labs run
# in a fresh `git clone` of HEAD: only committed files, and your build/ is left alone. Running it
# again starts from scratch, and everything it made is removed at the end unless --keep is given.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
root=""
lab=3
keep=no
host_arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
arch=$host_arch

while [[ $# -gt 0 ]]; do
  case "$1" in
    --root) root=$2; shift 2 ;;
    --lab) lab=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --keep) keep=yes; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | grep -v '^set -e' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "container-check: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done

# fd 3 is the terminal's output, so that a command's own output can go to a log while its
# "+ command" line still shows.
exec 3>&1
say() { echo "container-check: $*" >&3; }
# Runs a command after printing it, so the output shows what was done.
run() { echo "+ $*" >&3; "$@"; }

WORK=${TMPDIR:-/tmp}/scanlab-container-check-$arch   # removed at the start and at the end
BASE_TAG=localhost/scanlab-check-base:12-$arch        # the imported root
CA_TAG=localhost/scanlab-check-base:12-$arch-localca  # the same, trusting this machine's local CAs
IMAGE_TAG=localhost/scanlab-check:student-$arch       # ./Dockerfile's image
# Every podman command names the architecture, so that a foreign image is never mistaken for a
# missing one (podman would otherwise look for an amd64 variant of it).
arch_opt=(--arch "$arch")
if [[ $arch != "$host_arch" ]]; then
  qemu=/proc/sys/fs/binfmt_misc/qemu-${arch/arm64/aarch64}
  [[ -r $qemu ]] && grep -q '^flags:.*F' "$qemu" ||
    { echo "container-check: $arch needs qemu-user-static registered with the F flag (apt-get install qemu-user-static binfmt-support)" >&2; exit 1; }
fi

[[ $(id -u) -eq 0 ]] || { say "run this as root (podman as root, debootstrap, chown)"; exit 1; }
command -v podman >/dev/null || { say "needs podman: apt-get install podman"; exit 1; }

# Removes what this script made. It runs at the start too, so that a run left half done (or
# kept with --keep) does not change the next one.
cleanup() {
  podman rmi -f "$IMAGE_TAG" "$CA_TAG" "$BASE_TAG" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
cleanup
mkdir -p "$WORK"
if [[ $keep == yes ]]; then
  trap 'say "kept: $WORK and the images $BASE_TAG, $CA_TAG, $IMAGE_TAG"' EXIT
else
  trap 'say "cleaning up: $WORK and the images"; cleanup' EXIT
fi

# Options for podman's containers (build and run). A plain `podman run` fails on some machines,
# for example on the one this was written on:
#  - crun refuses a cgroup v1/v2 hybrid ("cgroups in hybrid mode not supported"), but runc works;
#  - podman asks for rlimits above the hard limits (nofile 1048576). Raising a limit needs
#    CAP_SYS_RESOURCE, which root lacks in a sandbox, so crun and runc fail with "setrlimit: Operation
#    not permitted". The fix is to ask for no more than the current hard limits. nproc above
#    kernel.pid_max was refused too.
# So: try the defaults first, and only where they fail use runc and those limits.
run_opts=()
probe() { podman run --rm "${arch_opt[@]}" "${run_opts[@]}" "$1" true >/dev/null 2>&1; }

# 1. The base image: a Debian 12 root imported with `podman import`. Any registry's debian:12 is
#    the same kind of thing; importing a local root means the check needs none.
if [[ -z $root ]]; then
  command -v debootstrap >/dev/null || { say "no --root given and no debootstrap: apt-get install debootstrap"; exit 1; }
  root=$WORK/root
  say "making a Debian 12 $arch minbase root in $root (debootstrap, a few minutes)"
  run debootstrap --arch="$arch" --variant=minbase bookworm "$root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" \
    > "$WORK/debootstrap.log" 2>&1 || { tail -20 "$WORK/debootstrap.log"; exit 1; }
fi
[[ -x $root/bin/sh && -f $root/etc/debian_version ]] || { say "$root is not a Debian root"; exit 1; }
say "importing $root (Debian $(cat "$root/etc/debian_version")) as $BASE_TAG"
tar -C "$root" -c . | podman import -q "${arch_opt[@]}" - "$BASE_TAG" >/dev/null

if ! probe "$BASE_TAG"; then
  command -v runc >/dev/null || { say "podman run fails with its defaults here; try again after apt-get install runc"; exit 1; }
  nofile=$(ulimit -Hn)
  nproc=$(ulimit -Hu)
  pid_max=$(cat /proc/sys/kernel/pid_max)
  [[ $nproc == unlimited || $nproc -gt $pid_max ]] && nproc=$pid_max
  run_opts=(--runtime runc --ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")
  probe "$BASE_TAG" || { say "podman run fails here even with: ${run_opts[*]}"; podman run --rm "${arch_opt[@]}" "${run_opts[@]}" "$BASE_TAG" true; exit 1; }
fi
say "podman container options: ${run_opts[*]:-(the defaults)}"

# 2. Behind a TLS-intercepting proxy (a sandbox's or a company's), pip in the build trusts only
#    Debian's CAs and fails with CERTIFICATE_VERIFY_FAILED. CAs added to this machine in
#    /usr/local/share/ca-certificates go into a derived base image, and the Dockerfile stays as
#    students get it. That image's CA bundle then trusts them too, which is fine for a check.
base=$BASE_TAG
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  say "adding this machine's local CAs (/usr/local/share/ca-certificates) to the base image: $CA_TAG"
  mkdir -p "$WORK/ca"
  cp /usr/local/share/ca-certificates/*.crt "$WORK/ca/"
  printf '%s\n' "FROM $BASE_TAG" "COPY *.crt /usr/local/share/ca-certificates/" \
    "RUN if command -v update-ca-certificates >/dev/null; then update-ca-certificates; fi" > "$WORK/ca/Containerfile"
  podman build -q "${arch_opt[@]}" "${run_opts[@]}" -t "$CA_TAG" "$WORK/ca" > "$WORK/ca.log" 2>&1 ||
    { cat "$WORK/ca.log"; exit 1; }
  base=$CA_TAG
fi

# 3. The student image, from this working tree (.dockerignore keeps build/ out of the context).
say "building $IMAGE_TAG from $repo/Dockerfile (log: $WORK/build.log)"
start=$SECONDS
run podman build "${arch_opt[@]}" "${run_opts[@]}" --build-arg "BASE=$base" -t "$IMAGE_TAG" "$repo" > "$WORK/build.log" 2>&1 ||
  { tail -30 "$WORK/build.log"; say "the image build failed (log above)"; exit 1; }
say "image built in $((SECONDS - start)) s (size $(podman image inspect -f '{{.Size}}' "$IMAGE_TAG" | numfmt --to=iec))"

# 4. A student's checkout: a fresh clone, owned by the image's user (on Docker Desktop the mount's
#    files appear as the container user's; on this host root owns the clone, so chown it).
run git clone -q "$repo" "$WORK/scanlab"
user_ids=$(podman run --rm "${arch_opt[@]}" "${run_opts[@]}" "$IMAGE_TAG" id -u):$(podman run --rm "${arch_opt[@]}" "${run_opts[@]}" "$IMAGE_TAG" id -g)
chown -R "$user_ids" "$WORK/scanlab"
in_image() { podman run --rm "${arch_opt[@]}" "${run_opts[@]}" -v "$WORK/scanlab:/work" "$IMAGE_TAG" "$@"; }
say "the container runs as: $(in_image id), on $(in_image uname -m)"

# 5. What a student types. The first make builds the CPU backend (a few minutes on two cores).
say "make lab$lab-solution (log: $WORK/lab$lab-solution.log)"
start=$SECONDS
status=0
in_image make "lab$lab-solution" > "$WORK/lab$lab-solution.log" 2>&1 || status=$?
tail -5 "$WORK/lab$lab-solution.log"
say "make lab$lab-solution: exit status $status after $((SECONDS - start)) s"
[[ $status -eq 0 ]] || exit 1

say "make lab$lab-trace (log: $WORK/lab$lab-trace.log)"
status=0
in_image make "lab$lab-trace" > "$WORK/lab$lab-trace.log" 2>&1 || status=$?
tail -2 "$WORK/lab$lab-trace.log"
[[ $status -eq 0 ]] || { say "make lab$lab-trace failed"; exit 1; }

say "passed ($arch): the image builds, and make lab$lab-solution and make lab$lab-trace run in it as $(in_image id -un)"
