#!/bin/sh
# A Node.js 24 base image made here, for machines that cannot pull docker.io/library/node (an
# air-gapped build host, this project's CI sandbox): a root filesystem of the `node` binary (the
# one running this script, e.g. from the `node` npm package), the shared libraries it links
# (from the host's Debian), a passwd/group naming the unprivileged `node` user (uid 1000) and
# /tmp; imported as localhost/conduit-node-base:24. Distroless in spirit: no shell, no package
# manager. Debian's own slim image is the default base; this is the stand-in.
#
#   apps/server/container/node-base.sh && NODE_IMAGE=localhost/conduit-node-base:24 apps/server/container/build-image.sh
set -eu
engine=${CONTAINER_ENGINE:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}
tag=${1:-localhost/conduit-node-base:24}
node=$(command -v node)
node=$(readlink -f "$node")
rootfs=$(mktemp -d)
trap 'rm -rf "$rootfs"' EXIT
mkdir -p "$rootfs/usr/local/bin" "$rootfs/etc" "$rootfs/tmp" "$rootfs/home/node"
chmod 1777 "$rootfs/tmp"
cp "$node" "$rootfs/usr/local/bin/node"
for lib in $(ldd "$node" | awk '/=>/ { print $3 } /^\t\/lib/ { print $1 }'); do
  mkdir -p "$rootfs$(dirname "$lib")"
  cp -L "$lib" "$rootfs$lib"
done
printf 'root:x:0:0:root:/root:/sbin/nologin\nnode:x:1000:1000:node:/home/node:/sbin/nologin\n' >"$rootfs/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$rootfs/etc/group"
chown 1000:1000 "$rootfs/home/node"
tar -C "$rootfs" -c . | "$engine" import \
  --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' --change 'USER 1000:1000' - "$tag" >/dev/null
echo "$tag"
