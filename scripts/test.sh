#!/usr/bin/env bash
# The whole suite: the shared server kit's unit tests, backend API tests on MariaDB and again on SQLite, then the
# site's unit, page and browser tests against the real API and site servers; a closing total line.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
status=0

run() { # name, env..., command...
  local name=$1; shift
  echo "== $name"
  env "$@" --json --outputFile="$out/$name.json" || status=1
}

bash scripts/ensure-mariadb.sh || exit 1
bash scripts/ensure-chromium.sh || exit 1
bash scripts/ensure-docker-compose.sh || exit 1
bash scripts/ensure-nginx.sh || exit 1
run server-kit npm test -w @directory/server-kit --
run backend-mariadb npm test -w backend --
run backend-sqlite TEST_DB=sqlite npm test -w backend --
run frontend npm test -w frontend --

node -e '
  const fs = require("fs"); let passed = 0, failed = 0;
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
  }
  console.log(`Tests: ${passed} passed, ${failed} failed`);
' "$out"
rm -rf "$out"
exit $status
