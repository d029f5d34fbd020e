#!/usr/bin/env bash
# Serves the API (API_PORT, default 3000) and the site (PORT, default 8080) together; Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT INT TERM
npm start -w backend &
npm start -w frontend &
wait -n
