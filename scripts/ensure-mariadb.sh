#!/usr/bin/env bash
# Makes sure the MariaDB/MySQL server the API tests use is reachable (default 127.0.0.1:3306, root, no password).
# Starts a stopped local MariaDB; as root on Debian, installs it when missing; otherwise says how.
set -euo pipefail

url="${TEST_MYSQL_URL:-mysql://root@127.0.0.1:3306}"
hostport="${url#*://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
host="${hostport%%:*}"; port="${hostport##*:}"; [ "$port" = "$host" ] && port=3306

reachable() { (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; }
wait_up() { for _ in $(seq 1 60); do reachable && return 0; sleep 0.5; done; return 1; }

reachable && exit 0

if [ -n "${TEST_MYSQL_URL:-}" ] && [ "$host" != 127.0.0.1 ] && [ "$host" != localhost ]; then
  echo "MariaDB/MySQL at $host:$port (TEST_MYSQL_URL) is not reachable: start it, or run 'make test-sqlite'." >&2
  exit 1
fi

start_local() {
  mkdir -p /run/mysqld && { chown mysql:mysql /run/mysqld 2>/dev/null || true; }
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
}

if [ ! -x /usr/sbin/mariadbd ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing mariadb-server from Debian's packages for the API tests..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-server >/dev/null
  else
    cat >&2 <<MSG
The API tests need MariaDB or MySQL on $host:$port (user root, empty password), and none is installed.
  Debian/Ubuntu:  sudo apt-get install -y mariadb-server && sudo service mariadb start
  Elsewhere:      point TEST_MYSQL_URL=mysql://user:pass@host:port at a server whose user may create databases,
  or run the suite on SQLite only with 'make test-sqlite'.
MSG
    exit 1
  fi
fi

echo "Starting the local MariaDB server..."
if [ "$(id -u)" = 0 ]; then start_local; else sudo -n start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd 2>/dev/null || true; fi
if ! wait_up; then
  echo "MariaDB did not come up on $host:$port. Start it by hand: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd" >&2
  exit 1
fi
# A fresh Debian install lets root in only through the socket; the tests connect over TCP with no password.
if [ "$(id -u)" = 0 ] && command -v mariadb >/dev/null && ! mariadb -h127.0.0.1 -uroot -e 'SELECT 1' >/dev/null 2>&1; then
  mariadb -uroot -e "ALTER USER root@localhost IDENTIFIED VIA unix_socket OR mysql_native_password USING PASSWORD('')" || true
fi
