# Two commands for a newcomer: `make start` and `make test`. Everything else delegates to npm workspaces.
SHELL := /bin/bash
.DEFAULT_GOAL := start
STAMP := node_modules/.install-stamp
LOCKS := package.json package-lock.json $(wildcard */package.json)

.PHONY: install build migrate seed start start-api test test-sqlite bench clean

# Installs only when a manifest changed since the last install.
install: $(STAMP)
$(STAMP): $(LOCKS)
	npm install --no-audit --no-fund
	@touch $(STAMP)

build: install
	npm run build -w backend

migrate: build
	npm run migrate -w backend

# Demo data on first run only; `npm run seed -w backend -- --reset --posts 100000` for more.
seed: migrate
	npm run seed -w backend -- --if-empty

start: seed
	@echo "API on $${API_ORIGIN:-http://localhost:$${API_PORT:-3000}} ($${DATABASE_URL:+MySQL}$${DATABASE_URL:-SQLite data/directory.sqlite})"
	npm start -w backend

test: install
	bash scripts/test.sh

test-sqlite: install
	TEST_DB=sqlite npm test -w backend

bench: install
	npm run bench -w backend

clean:
	rm -rf backend/dist data backend/data
