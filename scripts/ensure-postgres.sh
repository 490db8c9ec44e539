#!/usr/bin/env bash
# Make PostgreSQL's server binaries available for the test suite.
# The tests start their own throwaway server from these (tests/pg_server.py);
# nothing is configured system-wide.  Installs with apt-get when we are root.
set -euo pipefail

have_pg() {
  command -v initdb >/dev/null 2>&1 || compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null
}

if have_pg && id postgres >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing PostgreSQL (for the test suite) with apt-get..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  have_pg && exit 0
fi

if [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is required under CI=true and could not be installed" >&2
  exit 1
fi
echo "Note: PostgreSQL is not installed; its tests will be skipped (install 'postgresql' to run them)." >&2
