#!/usr/bin/env bash
# The whole suite: the shared server kit's unit tests, backend API tests on MariaDB and again on SQLite, then the
# site's unit, page and browser tests against the real API and site servers; a closing total line.
# Two Node versions: this machine's (20, what `make start` runs here) and production's 24 (the Dockerfiles), taken
# from the npm registry by scripts/ensure-node24.sh. The API suite runs on MariaDB under Node 24 and on SQLite under
# this machine's Node; the site's suite (its stack runs the API too) under Node 24, its unit tests under both.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
status=0

run() { # name, VAR=value..., command...
  local name=$1 vars=(); shift
  while [[ $1 == *=* ]]; do vars+=("$1"); shift; done
  echo "== $name (Node $(env "${vars[@]}" node --version))"
  env "${vars[@]}" "$@" --json --outputFile="$out/$name.json" || status=1
}

bash scripts/ensure-mariadb.sh || exit 1
bash scripts/ensure-chromium.sh || exit 1
bash scripts/ensure-docker-compose.sh || exit 1
bash scripts/ensure-nginx.sh || exit 1
node24=$(bash scripts/ensure-node24.sh) || exit 1
on24="PATH=$node24:$PATH"
run server-kit npm test -w @directory/server-kit --
run backend-mariadb-node24 "$on24" npm test -w backend --
run backend-sqlite TEST_DB=sqlite npm test -w backend --
run frontend-units npm test -w frontend -- --testPathPatterns '\.spec\.tsx?$'
run frontend-node24 "$on24" npm test -w frontend --

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
