#!/usr/bin/env bash
# ensure-apt-package.sh WHAT PACKAGE CHECK...
# Makes sure a tool the tests need is there: runs CHECK; if it fails, installs
# PACKAGE with apt-get (as root) and checks again. Locally a missing tool is a
# note and its tests skip; under CI=true it is an error (CI must run them all).
set -euo pipefail
what=$1 package=$2
shift 2

"$@" >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing $what ($package) with apt-get..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || true
  apt-get install -y -qq "$package" >/dev/null || true
  "$@" >/dev/null 2>&1 && exit 0
fi
if [ "${CI:-}" = "true" ]; then
  echo "$what is required under CI=true and could not be installed" >&2
  exit 1
fi
echo "Note: $what is not installed; its tests will be skipped (apt-get install $package)." >&2
