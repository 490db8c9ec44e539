#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright drives it through
# executable_path; no browser is ever downloaded). Installs with apt-get as root.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium (for the browser tests) with apt-get..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
if [ "${CI:-}" = "true" ]; then
  echo "Chromium is required under CI=true and could not be installed" >&2
  exit 1
fi
echo "Note: Chromium is not installed; the browser tests will be skipped (install 'chromium' to run them)." >&2
