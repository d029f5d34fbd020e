#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core; no browser is ever downloaded.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$path" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing chromium from Debian's packages for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $path: 'sudo apt-get install -y chromium', or set CHROMIUM_PATH." >&2
exit 1
