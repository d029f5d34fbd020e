#!/usr/bin/env bash
# Serves the API (API_PORT, default 3000) and the site (PORT, default 8080) together; Ctrl-C stops everything.
# Without SMTP_URL, a development mail catcher receives the mail (sign-up codes, reset links): http://localhost:1080
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT INT TERM
if [ -z "${SMTP_URL:-}" ]; then
  node backend/dist/dev/mail-catcher.js &
fi
npm start -w backend &
npm start -w frontend &
wait -n
