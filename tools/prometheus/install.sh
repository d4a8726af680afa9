#!/usr/bin/env bash
# Installs Debian's `prometheus` package (the Prometheus server and promtool), for the tests that
# run `promtool check rules`, `promtool test rules` and a real Prometheus scraping the webhook and
# the API servers. Nothing is downloaded into the clone.
#
# Usage:
#   tools/prometheus/install.sh    the LAST line on stdout is the folder holding `prometheus` and `promtool`
#
# apt-get waits for another apt on the same machine (DPkg::Lock::Timeout) instead of failing.
set -euo pipefail

exec 3>&1 1>&2
log() { printf '[prometheus] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

installed() { command -v promtool >/dev/null && command -v prometheus >/dev/null; }

if ! installed; then
  command -v apt-get >/dev/null || die "apt-get is not here: install Prometheus and promtool yourself"
  [[ $(id -u) == 0 ]] || die "installing Debian's prometheus package needs root"
  log "installing Debian's prometheus package (once per machine) ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends prometheus >/dev/null
  installed || die "the prometheus package installed no promtool"
fi
dirname "$(command -v promtool)" >&3
