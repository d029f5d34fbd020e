#!/usr/bin/env bash
# The compose file's test runs `docker-compose config` (Debian's docker-compose 1.29), which checks docker-compose.yml
# and its variables without a Docker engine. Installs it as root on Debian when missing; otherwise says how.
set -euo pipefail
command -v docker-compose >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing docker-compose from Debian's packages for the compose file's test..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null
  exit 0
fi
echo "The compose file's test needs docker-compose (v1, no engine needed): 'sudo apt-get install -y docker-compose'." >&2
exit 1
