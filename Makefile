# Two commands for a newcomer: `make start` and `make test`. Everything else delegates to npm workspaces.
SHELL := /bin/bash
.DEFAULT_GOAL := start
STAMP := node_modules/.install-stamp
LOCKS := package.json package-lock.json $(wildcard */package.json) $(wildcard packages/*/package.json) $(wildcard patches/*.patch)

.PHONY: install packages build migrate seed start test test-sqlite bench clean

# Installs only when a manifest or a dependency's patch (patches/, applied by the site's postinstall) changed since the
# last install. A patched package whose patch changed is removed first: patch-package applies a patch to the package as
# released, not on top of its former patch (patches/<name>+<version>.patch, @scope+name+version for a scoped one).
install: $(STAMP)
$(STAMP): $(LOCKS)
	@for patch in $(wildcard patches/*.patch); do \
	  if [ -f $(STAMP) ] && [ "$$patch" -nt $(STAMP) ]; then \
	    name=$$(basename "$$patch" .patch); name=$${name%+*}; rm -rf "node_modules/$${name/+//}"; \
	  fi; \
	done
	npm install --no-audit --no-fund
	@touch $(STAMP)

# The shared packages are built first (the domain, then the servers' kit that uses it): the API, the site and their
# tests import their dist/. Every build type-checks: the packages, the API, the site pages and the site server.
packages: install
	npm run build -w @directory/domain
	npm run build -w @directory/server-kit

# The API (backend/dist, what the production image carries), then its tools (backend/dist-tools: seed, bench, explain,
# the mail catcher and the Stripe stand-in), then the site and the admin app.
build: packages
	npm run build -w backend
	npm run build:tools -w backend
	npm run build -w frontend
	npm run build -w admin

migrate: build
	npm run migrate -w backend

# Demo data on first run only; `npm run seed -w backend -- --reset --posts 100000` for more.
seed: migrate
	npm run seed -w backend -- --if-empty

start: seed
	@echo "Site on http://localhost:$${PORT:-8080}, API on http://localhost:$${API_PORT:-3000} ($${DATABASE_URL:+MySQL}$${DATABASE_URL:-SQLite backend/data/directory.sqlite})"
	bash scripts/start.sh

test: build
	bash scripts/test.sh

test-sqlite: packages
	TEST_DB=sqlite npm test -w backend

bench: build
	npm run bench -w backend
	npm run bench -w frontend

clean:
	rm -rf packages/domain/dist packages/server-kit/dist backend/dist backend/dist-tools frontend/dist admin/dist backend/data backend/storage
