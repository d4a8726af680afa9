#!/usr/bin/env bash
# Builds Crossplane core (the `crossplane` command) from github.com/crossplane/crossplane/v2 through
# the Go module proxy into a cache outside the clone, once per machine per version, for the tests
# that run real Crossplane against the current-release API server (the XR and claim CRDs they use
# are rendered by Crossplane itself from an XRD). Crossplane's own CRDs are copied from the module
# cache beside the binary (crds/), never into the clone.
#
# Usage:
#   tools/crossplane/build.sh      the LAST line on stdout is the folder holding `crossplane` and crds/
#
# The versions are pinned by tools/crossplane/go.mod and go.sum (the go command checks every module
# against them and the checksum database). Cache:
# ${CRDCONV_CROSSPLANE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/crossplane}/<version>/
# The build goes to a temp folder beside it, renamed into place only when `crossplane --version`
# answers, so a version folder is complete or absent; a lock (flock) makes concurrent callers wait.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
module="github.com/crossplane/crossplane/v2"
# the release go.mod requires (the tests read this line to find the cache folder)
version="v2.3.0"

exec 3>&1 1>&2
log() { printf '[crossplane] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v go >/dev/null || die "the go command is not on PATH"
pinned="$(awk -v m="$module" '$1 == m { print $2 }' "$here/go.mod")"
[[ $pinned == "$version" ]] || die "tools/crossplane/go.mod requires $module ${pinned:-not at all}, not $version"
cache="${CRDCONV_CROSSPLANE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/crossplane}"
target="$cache/$version"

built() {
  [[ -x $target/crossplane && -d $target/crds ]] && "$target/crossplane" --version 2>/dev/null | grep -q "$version"
}

if built; then
  printf '%s\n' "$target" >&3
  exit 0
fi
mkdir -p "$cache"
exec 9>"$cache/.lock-$version"
flock 9
if ! built; then
  staging="$(mktemp -d "$cache/.build-$version-XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  log "building crossplane $version from the Go module proxy (several minutes, once) ..."
  (
    cd "$here"
    # the version stamp `crossplane --version` prints, as Crossplane's own build sets it
    CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -o "$staging/crossplane" \
      -ldflags "-s -w -X github.com/crossplane/crossplane-runtime/v2/pkg/version.version=$version" \
      "$module/cmd/crossplane"
    source_dir="$(go list -m -f '{{.Dir}}' "$module")"
    mkdir -p "$staging/crds"
    cp "$source_dir"/cluster/crds/*.yaml "$staging/crds/"
    chmod -R u+w "$staging/crds"
  )
  rm -rf "$target"
  mv "$staging" "$target"
  trap - EXIT
  built || die "crossplane --version does not answer $version after the build"
fi
log "$("$target/crossplane" --version)"
printf '%s\n' "$target" >&3
