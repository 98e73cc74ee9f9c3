# scanlab's student image: Debian 12 with everything `make labN`, `make labN-trace`, `make grade`
# and `make docs` need. There is no GPU inside, so the labs run on the CPU backend. Nothing here
# is tied to one architecture: the same file builds for amd64 and for arm64 (Apple Silicon).
#
# Your checkout is not copied into the image. Mount it at /work, the image's working folder:
#   docker build -t scanlab .
#   docker run --rm -it -v "$PWD":/work scanlab make lab3
# docs/container.md covers Docker Desktop, podman, WSL 2 and VS Code.
#
# BASE is the Debian 12 image to start from (scanlab's own check builds it on an image imported
# from a local debootstrap root, without a registry).
ARG BASE=debian:12
FROM ${BASE}

ENV DEBIAN_FRONTEND=noninteractive \
    LANG=C.UTF-8

# The project's own list of packages: tools/setup-debian.sh --student installs the apt packages,
# then CCCL's headers from PyPI into $HOME/.local/share/scanlab/cccl. With HOME=/opt/scanlab the
# headers go into the image's system part, readable by any user. That includes a uid the image
# does not know: `docker run --user`, or VS Code matching the container user to yours.
# Only the script is copied, so editing the labs does not rebuild this layer.
# Extras: git and ca-certificates (version control inside the container), gdb (the CPU backend's
# breakpoints; VS Code's C/C++ debugger).
COPY tools/setup-debian.sh /opt/scanlab/setup-debian.sh
RUN HOME=/opt/scanlab PIP_NO_CACHE_DIR=1 bash /opt/scanlab/setup-debian.sh --student \
 && apt-get install -y -qq --no-install-recommends ca-certificates git gdb \
 && rm -rf /var/lib/apt/lists/* /opt/scanlab/.cache \
 && for inc in /opt/scanlab/.local/share/scanlab/cccl/nvidia/*/include/cccl \
               /opt/scanlab/.local/share/scanlab/cccl/nvidia/*/include; do \
      if [ -e "$inc/cuda/std/atomic" ]; then ln -sfn "$inc" /opt/scanlab/cccl-include; break; fi; \
    done \
 && test -e /opt/scanlab/cccl-include/cuda/std/atomic
# cmake/ScanlabCccl.cmake looks here first. This works for any user and any HOME.
ENV SCANLAB_CCCL_INCLUDE_DIR=/opt/scanlab/cccl-include

# The default user: not root, so the files it writes into your checkout (build/) stay yours.
# The student's ~/.local/share/scanlab/cccl points to the image's copy, so a run of
# tools/setup-debian.sh --student inside the container finds it there and downloads nothing.
# safe.directory: git accepts /work even when the mount's owner is another uid (a Linux host).
ARG USERNAME=student
ARG USER_UID=1000
ARG USER_GID=1000
RUN groupadd --gid "$USER_GID" "$USERNAME" \
 && useradd --uid "$USER_UID" --gid "$USER_GID" --create-home --shell /bin/bash "$USERNAME" \
 && install -d -o "$USERNAME" -g "$USERNAME" "/home/$USERNAME/.local" "/home/$USERNAME/.local/share" \
      "/home/$USERNAME/.local/share/scanlab" /work \
 && ln -s /opt/scanlab/.local/share/scanlab/cccl "/home/$USERNAME/.local/share/scanlab/cccl" \
 && git config --system --add safe.directory /work

# The container is the jail of the lab's code here: it sees the folder mounted at /work and
# nothing else of your machine. scanlab's own jail (bubblewrap, tools/scanlab-jail) needs user
# namespaces, which Docker's default seccomp profile refuses; with
# `docker run --security-opt seccomp=unconfined --security-opt apparmor=unconfined -e SCANLAB_NO_JAIL=0`
# (or rootless Podman) both walls are up.
ENV SCANLAB_NO_JAIL=1

USER ${USERNAME}
WORKDIR /work
CMD ["bash"]
