#!/usr/bin/env bash
# Builds the Kubernetes test binaries (kube-apiserver, kube-controller-manager, etcd) from source
# fetched through the Go module proxy, the way envtest's binaries are built. They go into a cache
# outside the clone, are built once per machine per version, and are reused after that.
#
# Usage:
#   tools/k8s-binaries/build.sh [VERSION]      VERSION defaults to the one pinned in kubernetes/go.mod
#   tools/k8s-binaries/build.sh --pin VERSION  (maintainers) regenerate kubernetes/ and etcd/ for VERSION
#
# Progress and timings go to stderr. The LAST line on stdout is the absolute path of the folder
# holding the three binaries. Use it as KUBEBUILDER_ASSETS:
#   dir="$(tools/k8s-binaries/build.sh)"
#
# Cache: ${CRDCONV_K8S_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/k8s}/<version>/
# If the three binaries are already there and `kube-apiserver --version` prints the wanted version,
# nothing is built. Otherwise all three are built into a temp folder next to the output, which is
# renamed into place only when all three are built, so a version folder is always either complete
# or absent. A lock file per version (flock) makes concurrent callers (CI jobs, test workers)
# wait for a single build instead of racing each other.
#
# How the builds are pinned:
# - The pinned version is built from the committed wrapper modules kubernetes/ and etcd/ with
#   -mod=readonly. Their go.sum files are the checksum pin: if a downloaded module does not match,
#   the build fails.
# - Any other version given as the argument (e.g. v1.35.4) gets its wrapper modules generated at
#   build time in a temp folder, using the same scheme (each ./staging replace of
#   k8s.io/kubernetes becomes the published v0.X.Y of that module; etcd is built at the version
#   that Kubernetes' hack/lib/etcd.sh names), then resolved with `go mod tidy`. The only pin for
#   those builds is the go.sum generated at build time (the go command checks it against
#   GOSUMDB). That go.sum is kept with the binaries.
# Every version folder records the go.mod/go.sum it was built from in modules/ and the build
# settings and timings in build-info.txt.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
kube_pinned_dir="$here/kubernetes"
etcd_pinned_dir="$here/etcd"
kube_mod_path="crdconv/tools/k8s-binaries/kubernetes"
etcd_mod_path="crdconv/tools/k8s-binaries/etcd"
etcd_pkg="go.etcd.io/etcd/server/v3" # its root package is the etcd command (main.go)

# Only the final path goes to the real stdout (fd 3). Everything else, including the go
# command's own output, goes to stderr.
exec 3>&1 1>&2

log() { printf '[k8s-binaries] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2
}

command -v go >/dev/null || die "the go command is not on PATH"

# The module's required version: k8s.io/kubernetes in kubernetes/go.mod, etcd server in etcd/go.mod.
required_version() { # go.mod module-path
  [[ -f $1 ]] || return 0
  sed -nE "s#^(require)?[[:space:]]*${2//./\\.}[[:space:]]+(v[^[:space:]]+).*#\\2#p" "$1" | head -n1
}
pinned_version="$(required_version "$kube_pinned_dir/go.mod" k8s.io/kubernetes)"
pinned_etcd_version="$(required_version "$etcd_pinned_dir/go.mod" "$etcd_pkg")"

normalize_version() { # VERSION -> vX.Y.Z, or dies
  local v="$1"
  [[ $v == v* ]] || v="v$v"
  [[ $v =~ ^v1\.[0-9]+\.[0-9]+(-(alpha|beta|rc)\.[0-9]+)?$ ]] ||
    die "not a Kubernetes version: '$1' (expected e.g. v1.37.2; list them with: go list -m -versions k8s.io/kubernetes)"
  printf '%s\n' "$v"
}

# Timing: run a step, log how long it took, and keep it for build-info.txt.
timings=()
timed() { # NAME COMMAND...
  local name="$1" start end ms
  shift
  log "$name ..."
  start="$(date +%s%N)"
  "$@"
  end="$(date +%s%N)"
  ms=$(((end - start) / 1000000))
  timings+=("$(printf '%-42s %5d.%01d s' "$name" $((ms / 1000)) $((ms % 1000 / 100)))")
  log "$name: $(printf '%d.%01d' $((ms / 1000)) $((ms % 1000 / 100))) s"
}

# Writes a wrapper module for k8s.io/kubernetes@VERSION into DIR (go.mod + tools.go, then go mod tidy).
generate_kube_module() { # VERSION DIR
  local version="$1" dir="$2" staging_version="v0.${1#v1.}" json gomod goline replaces n
  mkdir -p "$dir"
  cp "$kube_pinned_dir/tools.go" "$dir/"
  printf 'module %s\n' "$kube_mod_path" >"$dir/go.mod"
  json="$(cd "$dir" && go mod download -json "k8s.io/kubernetes@$version")" ||
    die "cannot download k8s.io/kubernetes@$version: $json"
  gomod="$(sed -nE 's/^[[:space:]]*"GoMod": "(.*)",?$/\1/p' <<<"$json")"
  [[ -f $gomod ]] || die "no go.mod for k8s.io/kubernetes@$version in: $json"
  kube_src_dir="$(sed -nE 's/^[[:space:]]*"Dir": "(.*)",?$/\1/p' <<<"$json")"
  goline="$(sed -nE 's/^go[[:space:]]+([0-9.]+)[[:space:]]*$/\1/p' "$gomod" | head -n1)"
  [[ -n $goline ]] || die "no go line in $gomod"
  # Its replace directives: ./staging/... paths become the published module at v0.X.Y; any other
  # local path cannot be honoured from outside the repository; module replacements are kept.
  replaces="$(awk '
    /^replace[[:space:]]*\(/ { inblock = 1; next }
    inblock && /^\)/ { inblock = 0; next }
    inblock || /^replace[[:space:]]/ {
      line = $0; sub(/^replace[[:space:]]+/, "", line); sub(/\/\/.*/, "", line)
      if (line ~ /=>/) print line
    }' "$gomod" | while read -r line; do
      old="${line%%[[:space:]]*}"
      new="${line#*=>}"
      new="${new#"${new%%[![:space:]]*}"}"
      case "$new" in
        ./staging/*) printf '\t%s => %s %s\n' "$old" "$old" "$staging_version" ;;
        ./* | ../* | /*) die "k8s.io/kubernetes@$version replaces $old with the local path $new" ;;
        *) printf '\t%s\n' "$line" ;;
      esac
    done)"
  n="$(grep -c ' => .* v0\.' <<<"$replaces" || true)"
  log "k8s.io/kubernetes@$version: go $goline, $n staging modules pinned to $staging_version"
  {
    printf '// Wrapper module that builds kube-apiserver and kube-controller-manager of\n'
    printf '// k8s.io/kubernetes %s. Generated by tools/k8s-binaries/build.sh: each module that\n' "$version"
    printf "// k8s.io/kubernetes's go.mod replaces with ./staging/... is pinned to its published %s.\n" "$staging_version"
    printf 'module %s\n\ngo %s\n' "$kube_mod_path" "$goline"
    # Same GODEBUG defaults as Kubernetes' own builds (only the main module's godebug lines count).
    awk '/^godebug[[:space:]]*\(/ { b = 1 } b || /^godebug[[:space:]]/ { print } b && /^\)/ { b = 0 }' "$gomod" |
      sed '1s/^/\n/'
    printf '\nrequire k8s.io/kubernetes %s\n\nreplace (\n%s\n)\n' "$version" "$replaces"
  } >"$dir/go.mod"
  (cd "$dir" && go mod tidy)
}

# Writes a wrapper module for the etcd server at VERSION (vX.Y.Z) into DIR.
generate_etcd_module() { # VERSION DIR
  local version="$1" dir="$2" json gomod goline
  mkdir -p "$dir"
  cp "$etcd_pinned_dir/tools.go" "$dir/"
  printf 'module %s\n' "$etcd_mod_path" >"$dir/go.mod"
  json="$(cd "$dir" && go mod download -json "$etcd_pkg@$version")" ||
    die "cannot download $etcd_pkg@$version: $json"
  gomod="$(sed -nE 's/^[[:space:]]*"GoMod": "(.*)",?$/\1/p' <<<"$json")"
  goline="$(sed -nE 's/^go[[:space:]]+([0-9.]+)[[:space:]]*$/\1/p' "$gomod" | head -n1)"
  [[ -n $goline ]] || die "no go line in $gomod"
  log "$etcd_pkg@$version: go $goline"
  {
    printf '// Wrapper module that builds etcd %s (%s, whose root package is the etcd\n' "$version" "$etcd_pkg"
    printf "// command). Kept apart from the Kubernetes wrapper so that the two dependency graphs\n"
    printf '// do not raise each other'"'"'s versions in MVS. Generated by tools/k8s-binaries/build.sh.\n'
    printf 'module %s\n\ngo %s\n\nrequire %s %s\n' "$etcd_mod_path" "$goline" "$etcd_pkg" "$version"
  } >"$dir/go.mod"
  (cd "$dir" && go mod tidy)
}

# The etcd version that a Kubernetes source tree names (hack/lib/etcd.sh), as vX.Y.Z.
etcd_version_of() { # KUBERNETES_SOURCE_DIR
  local v
  v="$(sed -nE 's/^ETCD_VERSION=\$\{ETCD_VERSION:-([0-9][^}]*)\}.*/\1/p' "$1/hack/lib/etcd.sh" 2>/dev/null | head -n1)"
  [[ -n $v ]] || die "cannot find ETCD_VERSION in $1/hack/lib/etcd.sh"
  printf 'v%s\n' "$v"
}

# --- Maintainers: move the pin -----------------------------------------------------------------
if [[ ${1:-} == --pin ]]; then
  [[ $# -eq 2 ]] || die "usage: $0 --pin VERSION"
  version="$(normalize_version "$2")"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  timed "generate kubernetes module" generate_kube_module "$version" "$work/kubernetes"
  etcd_version="$(etcd_version_of "$kube_src_dir")"
  timed "generate etcd module" generate_etcd_module "$etcd_version" "$work/etcd"
  cp "$work/kubernetes/go.mod" "$work/kubernetes/go.sum" "$kube_pinned_dir/"
  cp "$work/etcd/go.mod" "$work/etcd/go.sum" "$etcd_pinned_dir/"
  log "pinned k8s.io/kubernetes $version and etcd $etcd_version in $here/{kubernetes,etcd}"
  exit 0
fi

case "${1:-}" in
  -h | --help) usage; exit 0 ;;
esac
[[ $# -le 1 ]] || { usage; exit 2; }
[[ -n $pinned_version ]] || die "cannot read the pinned k8s.io/kubernetes version from $kube_pinned_dir/go.mod"
version="$(normalize_version "${1:-$pinned_version}")"
minor="${version#v1.}"
minor="${minor%%.*}"

cache_root="${CRDCONV_K8S_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/k8s}"
mkdir -p "$cache_root"
cache_root="$(cd "$cache_root" && pwd -P)"
out="$cache_root/$version"

# Build for the machine that runs the tests, whatever GOOS/GOARCH say, and outside any go.work.
GOOS="$(go env GOHOSTOS)"
GOARCH="$(go env GOHOSTARCH)"
export GOOS GOARCH GOWORK=off CGO_ENABLED=0

is_complete() { # DIR
  local f
  for f in kube-apiserver kube-controller-manager etcd; do
    [[ -f "$1/$f" && -x "$1/$f" ]] || return 1
  done
  [[ "$("$1/kube-apiserver" --version 2>/dev/null)" == "Kubernetes $version" ]]
}

done_path() {
  log "Kubernetes $version binaries in $out"
  printf '%s\n' "$out" >&3
  exit 0
}

is_complete "$out" && done_path

# Only one build of a version at a time; whoever waited finds the folder complete.
if command -v flock >/dev/null; then
  exec 9>"$cache_root/.lock-$version"
  if ! flock -n 9; then
    log "another build of $version is running; waiting for its lock ($cache_root/.lock-$version)"
    flock 9
  fi
  is_complete "$out" && done_path
else
  log "warning: no flock on this machine, concurrent builds of $version are not serialized"
fi

# Left over by a build that was killed (we hold the lock, so no build of this version is running).
rm -rf "$cache_root/.build-$version".*
tmp="$(mktemp -d "$cache_root/.build-$version.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
stage="$tmp/out"
mkdir -p "$stage/modules"

total_start="$(date +%s)"
log "building Kubernetes $version into $out ($(go version), $(nproc 2>/dev/null || echo '?') CPUs)"
if [[ $version == "$pinned_version" ]]; then
  kube_dir="$kube_pinned_dir"
  etcd_dir="$etcd_pinned_dir"
  etcd_version="$pinned_etcd_version"
  log "using the committed wrapper modules (go.sum is the checksum pin)"
  timed "module download" bash -c 'cd "$1" && go mod download && cd "$2" && go mod download' _ "$kube_dir" "$etcd_dir"
else
  kube_dir="$tmp/src/kubernetes"
  etcd_dir="$tmp/src/etcd"
  log "$version is not the pinned $pinned_version: generating its wrapper modules (pinned by the go.sum generated now)"
  timed "module download + tidy (kubernetes)" generate_kube_module "$version" "$kube_dir"
  etcd_version="$(etcd_version_of "$kube_src_dir")"
  if [[ $etcd_version == "$pinned_etcd_version" ]]; then
    etcd_dir="$etcd_pinned_dir"
    log "etcd $etcd_version is the pinned one: using the committed etcd module"
    timed "module download (etcd)" bash -c 'cd "$1" && go mod download' _ "$etcd_dir"
  else
    timed "module download + tidy (etcd)" generate_etcd_module "$etcd_version" "$etcd_dir"
  fi
fi

# Version stamping, as Kubernetes' hack/lib/version.sh does it: component-base/version is what
# --version and /version print; client-go/pkg/version goes into the User-Agent of in-process
# clients. buildDate is the release tag's time, so a rebuild gives the same binary.
build_date="$(cd "$kube_dir" && go list -mod=readonly -m -f '{{with .Time}}{{.UTC.Format "2006-01-02T15:04:05Z"}}{{end}}' k8s.io/kubernetes)"
kube_ldflags="-s -w"
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  kube_ldflags+=" -X $pkg.gitVersion=$version -X $pkg.gitMajor=1 -X $pkg.gitMinor=$minor"
  [[ -z $build_date ]] || kube_ldflags+=" -X $pkg.buildDate=$build_date"
done
build_flags=(-mod=readonly -trimpath)

# both commands in one go build, so that their shared packages compile once and the two links
# run side by side; etcd, a module of its own, builds beside it
build_kube() {
  (cd "$kube_dir" && go build "${build_flags[@]}" -ldflags "$kube_ldflags" -o "$stage/" \
    k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager)
}
build_etcd() {
  (cd "$etcd_dir" && go build "${build_flags[@]}" -ldflags "-s -w" -o "$stage/etcd" "$etcd_pkg")
}
# a subshell's timings are its own: the etcd line comes back through a file
(
  timed "etcd $etcd_version, beside them" build_etcd
  printf '%s\n' "${timings[-1]}" >"$tmp/etcd-timing"
) &
etcd_build=$!
timed "kube-apiserver + kube-controller-manager" build_kube
wait "$etcd_build" || die "etcd $etcd_version did not build"
timings+=("$(cat "$tmp/etcd-timing")")

for m in kubernetes:"$kube_dir" etcd:"$etcd_dir"; do
  mkdir -p "$stage/modules/${m%%:*}"
  cp "${m#*:}/go.mod" "${m#*:}/go.sum" "$stage/modules/${m%%:*}/"
done
got="$("$stage/kube-apiserver" --version)"
[[ $got == "Kubernetes $version" ]] || die "the built kube-apiserver says '$got', not 'Kubernetes $version'"
{
  printf 'kubernetes %s\netcd %s\n%s\nGOFLAGS=%s CGO_ENABLED=0 GOOS=%s GOARCH=%s\n' \
    "$version" "$etcd_version" "$(go version)" "$(go env GOFLAGS)" "$GOOS" "$GOARCH"
  printf 'go build %s -ldflags "%s"\n' "${build_flags[*]}" "$kube_ldflags"
  printf 'built %s on %s CPUs\n\ntimings:\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(nproc 2>/dev/null || echo '?')"
  printf '  %s\n' "${timings[@]}"
} >"$stage/build-info.txt"

# Swap the new folder in (a stale or wrong-version one is moved aside first, then deleted).
[[ ! -e $out ]] || mv "$out" "$tmp/old"
mv "$stage" "$out"
log "timings:"
printf '  %s\n' "${timings[@]}" >&2
log "total: $(($(date +%s) - total_start)) s"
done_path
