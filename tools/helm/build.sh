#!/usr/bin/env bash
# Builds the helm command from helm.sh/helm/v3 through the Go module proxy into a cache outside the
# clone, once per machine per version, for the tests that run `helm lint` and `helm template` on
# the chart `crdconv init` writes.
#
# Usage:
#   tools/helm/build.sh            the LAST line on stdout is the folder holding `helm`
#   PATH="$(tools/helm/build.sh):$PATH"
#
# Cache: ${CRDCONV_HELM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/helm}/<version>/
# `go install` writes into a temp folder beside it, renamed into place only when `helm version`
# answers, so a version folder is complete or absent; a lock (flock) makes concurrent callers wait
# for one build. The go command checks every module against the checksum database (GOSUMDB).
set -euo pipefail

version="v3.22.0"

exec 3>&1 1>&2
log() { printf '[helm] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v go >/dev/null || die "the go command is not on PATH"
cache="${CRDCONV_HELM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/helm}"
target="$cache/$version"

built() { [[ -x $target/helm ]] && "$target/helm" version --short 2>/dev/null | grep -q "^$version"; }

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
  log "building helm $version from the Go module proxy (a few minutes, once) ..."
  # the version stamp `helm version` prints, as helm's own Makefile sets it
  GOBIN="$staging" CGO_ENABLED=0 go install \
    -ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$version" \
    "helm.sh/helm/v3/cmd/helm@$version"
  rm -rf "$target"
  mv "$staging" "$target"
  trap - EXIT
  built || die "helm version does not answer $version after the build"
fi
log "$("$target/helm" version --short)"
printf '%s\n' "$target" >&3
