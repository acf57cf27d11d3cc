#!/bin/sh
# Builds the server's image: `pnpm deploy` of @conduit/server (built first) into a context
# directory, then `podman build` (or `docker build`) with apps/server/Containerfile.
#
#   apps/server/container/build-image.sh [tag]           # default tag conduit-server
#   NODE_IMAGE=localhost/conduit-node-base:24 …          # another base (see node-base.sh)
#   CONTAINER_ENGINE=docker …                            # default: podman if present, else docker
#   CONDUIT_IMAGE_SKIP_BUILD=1 …                         # the packages are built already (the image's test)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tag=${1:-conduit-server}
engine=${CONTAINER_ENGINE:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
mkdir -p "$context/data"
cd "$root"
# The image's test runs beside other tests that read the packages' dist/: a build there could
# rewrite dist/ under them, so it builds nothing (./run test has built everything before).
[ -n "${CONDUIT_IMAGE_SKIP_BUILD:-}" ] || pnpm turbo run build --filter @conduit/server... --output-logs=errors-only
# --legacy: a deploy without `inject-workspace-packages` (the workspace links its packages).
pnpm --filter @conduit/server deploy --prod --legacy "$context/app" >/dev/null
# podman writes OCI images by default, which have no HEALTHCHECK: the docker format keeps it.
format=""
[ "$(basename "$engine")" = podman ] && format="--format docker"
"$engine" build $format ${CONTAINER_BUILD_FLAGS:-} -f "$root/apps/server/Containerfile" \
  ${NODE_IMAGE:+--build-arg NODE_IMAGE="$NODE_IMAGE"} -t "$tag" "$context"
