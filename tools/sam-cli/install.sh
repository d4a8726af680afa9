#!/usr/bin/env bash
# Installs the AWS SAM CLI (aws-sam-cli, which brings cfn-lint) from PyPI into a virtual
# environment outside the clone, once per machine per version, for the tests that run
# `sam validate --lint` and `sam build` on a scaffolded project (no AWS account: nothing deploys).
#
# Usage:
#   tools/sam-cli/install.sh            the LAST line on stdout is the folder holding `sam`
#   PATH="$(tools/sam-cli/install.sh):$PATH"
#
# Cache: ${CRDCONV_SAM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/sam}/<version>/
# The venv is built in a temp folder beside it and renamed into place only when `sam --version`
# answers, so a version folder is complete or absent; a lock (flock) makes concurrent callers wait
# for one install. On a machine whose python3 lacks the venv module (Debian's python3 without
# python3-venv), it installs python3-venv with apt-get when run as root, and stops otherwise.
set -euo pipefail

# the release the tests are run with; pip resolves its dependencies (cfn-lint among them)
version="1.170.0"

exec 3>&1 1>&2
log() { printf '[sam-cli] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

cache="${CRDCONV_SAM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crdconv/sam}"
target="$cache/$version"
bin="$target/bin"

installed() { [[ -x $bin/sam ]] && "$bin/sam" --version 2>/dev/null | grep -q "$version"; }

if installed; then
  printf '%s\n' "$bin" >&3
  exit 0
fi

command -v python3 >/dev/null || die "python3 is not on PATH (Debian: apt-get install python3 python3-venv)"
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  [[ $(id -u) == 0 ]] || die "python3 has no venv module: apt-get install python3-venv (as root)"
  log "python3 has no venv module: installing python3-venv"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
fi

mkdir -p "$cache"
exec 9>"$cache/.lock-$version"
flock 9
if installed; then
  printf '%s\n' "$bin" >&3
  exit 0
fi

staging="$(mktemp -d "$cache/.install-$version-XXXXXX")"
trap 'rm -rf "$staging"' EXIT
log "installing aws-sam-cli $version into $target (a few minutes, once) ..."
python3 -m venv "$staging"
"$staging/bin/python" -m pip install --quiet --disable-pip-version-check "aws-sam-cli==$version"
rm -rf "$target"
mv "$staging" "$target"
trap - EXIT
# the venv's scripts name its python by the path it was built at: rewrite them for the new one
grep -rlF "$staging" "$bin" | xargs -r sed -i "s#$staging#$target#g"
installed || die "sam --version does not answer $version after the install"
log "$("$bin/sam" --version)"
printf '%s\n' "$bin" >&3
