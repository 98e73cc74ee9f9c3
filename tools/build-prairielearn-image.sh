#!/usr/bin/env bash
# build-prairielearn-image.sh [IMAGE]: builds the PrairieLearn grading image
# (grader/prairielearn/Dockerfile) on a machine that cannot reach Docker Hub: the base is a
# Debian 12 root made by debootstrap from Debian's own mirror and imported into podman as
# localhost/scanlab-debian12 (kept for later builds), and the Dockerfile is built on it
# (--build-arg BASE). The build itself needs the network once, as with Docker: Debian's packages
# and CCCL's headers from PyPI. Needs root, debootstrap and podman (apt-get install debootstrap podman).
#
#   SCANLAB_DEBIAN_ROOT  where the Debian 12 root is made (default /var/tmp/scanlab-debian12-root)
#   SCANLAB_PODMAN_ISOLATION  podman build's --isolation (chroot where containers cannot start)
#   SCANLAB_BUILD_CA_FILE  a CA bundle for pip behind a proxy that signs its own certificates
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
image=${1:-scanlab-prairielearn}
base=localhost/scanlab-debian12
rootfs=${SCANLAB_DEBIAN_ROOT:-/var/tmp/scanlab-debian12-root}
for tool in podman debootstrap; do
  command -v "$tool" >/dev/null || { echo "build-prairielearn-image: needs $tool (apt-get install $tool)" >&2; exit 1; }
done
if ! podman image exists "$base"; then
  if [ ! -x "$rootfs/bin/sh" ]; then
    echo "build-prairielearn-image: a Debian 12 root in $rootfs (debootstrap, a few minutes)"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian
  fi
  # Without apt's downloaded lists and packages: the Dockerfile runs apt-get update itself.
  tar -C "$rootfs" --exclude=./var/cache/apt/archives --exclude=./var/lib/apt/lists -c . | podman import - "$base"
fi
# SCANLAB_PODMAN_ISOLATION=chroot runs the RUN steps without an OCI runtime (buildah's chroot
# isolation), where the runtime cannot start containers (crun: "cgroups in hybrid mode").
# SCANLAB_BUILD_CA_FILE: a CA bundle pip needs behind a proxy that signs its own certificates,
# mounted for the build only (the Dockerfile's PIP_CERT).
ca=()
[ -z "${SCANLAB_BUILD_CA_FILE:-}" ] ||
  ca=(-v "$SCANLAB_BUILD_CA_FILE:/run/scanlab-build-ca.crt:ro" --build-arg PIP_CERT=/run/scanlab-build-ca.crt)
podman build ${SCANLAB_PODMAN_ISOLATION:+--isolation="$SCANLAB_PODMAN_ISOLATION"} --build-arg BASE="$base" "${ca[@]}" \
  -f "$root/grader/prairielearn/Dockerfile" -t "$image" "$root"
echo "build-prairielearn-image: built $image on $base"
