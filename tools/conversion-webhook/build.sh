#!/usr/bin/env bash
# Builds the Pool conversion webhook (this folder: a controller-runtime conversion webhook, v1alpha1
# a spoke, v1beta1 the hub, state in an annotation as Cluster API keeps it) from its pinned go.mod
# and go.sum through the Go module proxy into a cache outside the clone, for the takeover tests
# (`crdconv compare`, the switch and the rollback) and docs/takeover.md.
#
# Usage:
#   tools/conversion-webhook/build.sh      the LAST line on stdout is the path of `pool-webhook`
#
# Cache: ${CRDCONV_POOL_WEBHOOK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/pool-webhook}/<hash>/
# <hash> is the SHA-256 of this folder's Go sources, go.mod and go.sum, so a change rebuilds. The
# binary is built into a temp folder beside it and renamed into place, so a folder is complete or
# absent; a lock (flock) makes concurrent callers wait for one build. -mod=readonly with the
# committed go.sum: a module that does not match fails the build.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"

exec 3>&1 1>&2
log() { printf '[pool-webhook] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v go >/dev/null || die "the go command is not on PATH"
cache="${CRDCONV_POOL_WEBHOOK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/pool-webhook}"
sources="$(cd "$here" && find . -name '*.go' -o -name go.mod -o -name go.sum | LC_ALL=C sort)"
hash="$(cd "$here" && sha256sum $sources | sha256sum | cut -c1-16)"
target="$cache/$hash"

if [[ -x $target/pool-webhook ]]; then
  printf '%s\n' "$target/pool-webhook" >&3
  exit 0
fi
mkdir -p "$cache"
exec 9>"$cache/.lock-$hash"
flock 9
if [[ ! -x $target/pool-webhook ]]; then
  staging="$(mktemp -d "$cache/.build-$hash-XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  log "building the Pool conversion webhook from the Go module proxy (a minute or two, once) ..."
  (cd "$here" && CGO_ENABLED=0 go build -mod=readonly -trimpath -ldflags "-s -w" -o "$staging/pool-webhook" .)
  rm -rf "$target"
  mv "$staging" "$target"
  trap - EXIT
fi
printf '%s\n' "$target/pool-webhook" >&3
