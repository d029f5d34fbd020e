#!/usr/bin/env bash
# The nginx tests (frontend/test/stack/) run Debian's nginx from nginx/templates/ in front of the API and the site.
# As root on Debian, installs nginx (and the brotli filter module when the archive has it) when missing; otherwise says how.
set -euo pipefail
nginx="${NGINX_PATH:-/usr/sbin/nginx}"
brotli=/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so
[ -x "$nginx" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing nginx from Debian's packages for the nginx tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  # Brotli is optional: the tests check it only when the module is there.
  if [ ! -f "$brotli" ] && apt-cache show libnginx-mod-http-brotli-filter >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-filter >/dev/null || true
  fi
  # The tests start their own nginx on a loopback port; the packaged service is not needed.
  exit 0
fi
echo "The nginx tests need nginx at $nginx: 'sudo apt-get install -y nginx libnginx-mod-http-brotli-filter', or set NGINX_PATH." >&2
exit 1
