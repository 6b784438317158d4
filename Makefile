# Nido: `make run` serves it, `make test` checks everything. See README.md.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export CARGO_TERM_COLOR := never
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/postgres
CHROMIUM := /usr/bin/chromium
NPM_STAMP := web/node_modules/.installed
# The web build is redone only when one of its inputs changed; otherwise a second `make run` would
# rewrite web/dist, and the server, which embeds it, would be rebuilt and relinked every time.
WEB_INPUTS := $(shell find web/src web/public web/scripts -type f 2>/dev/null) web/index.html \
	web/package.json web/package-lock.json web/vite.config.ts web/tsconfig.json CHANGELOG.md
WEB_BUILT := web/dist/.built
# The tests, the fuzzing, the browser tests and the benches' smoke pass all use this one debug build.
DEBUG_BIN := target/debug/nido

.PHONY: run build web server debug test check-server test-server server-tests-and-fuzz check-web reference fuzz e2e openapi bench bench-smoke chromium sqlite3 pdf-tools clean

## run: install what is needed, build the web app and the server, serve on http://127.0.0.1:8080
run: build
	./target/release/nido serve

## build: the release binary with the web app embedded, at target/release/nido
build: web server

server:
	cargo build --release --locked

web: $(WEB_BUILT)

# The bundle only: make test checks the types (check-web) before it builds.
$(WEB_BUILT): $(NPM_STAMP) $(WEB_INPUTS)
	cd web && npm run bundle
	touch $@

$(NPM_STAMP): web/package.json web/package-lock.json
	# npm ci refuses this lock file: platform-specific optional packages are not listed in it
	# (lock files here carry no registry addresses). npm install still installs the locked versions.
	cd web && npm install --no-audit --no-fund --no-save
	touch $@

## test: every check there is (formatting, lints, types, server on SQLite and PostgreSQL, web units, API fuzzing, end to end, every bench at a tiny size)
# Three stages, each running its parts at once (scripts/together.sh): the web app's checks beside
# the server's build (which lints it) and the browser's install; the server tests on both databases
# beside the fuzzing; the browser tests beside the benches' smoke pass (one browser at a time leaves
# a core mostly free). Two cores stay
# busy, and a cold run on this machine stays under half an hour.
test: web reference
	bash scripts/together.sh "$(MAKE) --no-print-directory check-web" "$(MAKE) --no-print-directory check-server" "$(MAKE) --no-print-directory chromium sqlite3 pdf-tools"
	$(MAKE) --no-print-directory server-tests-and-fuzz
	bash scripts/together.sh "$(MAKE) --no-print-directory e2e" "$(MAKE) --no-print-directory bench-smoke"

# Clippy's lints run inside the debug build: clippy-driver wraps rustc for this workspace's crates
# (never the dependencies), so the dependencies are compiled once instead of checked and then
# compiled again. Every debug-profile cargo command below runs so: one run without it would
# recompile the server's crates. Release builds (make run, make bench) are plain rustc.
CLIPPY_DRIVER := $(shell rustc --print sysroot 2>/dev/null)/bin/clippy-driver
DEBUG_TARGETS := test check-server debug test-server server-tests-and-fuzz fuzz e2e bench-smoke openapi
$(DEBUG_TARGETS): export RUSTC_WORKSPACE_WRAPPER := $(CLIPPY_DRIVER)
# What `cargo clippy -- -D warnings` hands clippy-driver: warnings are errors.
$(DEBUG_TARGETS): export CLIPPY_ARGS := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__

## check-server: formatting, then every target of the server built in debug with clippy's lints as errors
check-server: web
	cargo fmt --all --check
	cargo test --locked --all-targets --no-run

# The API tests mostly wait on their servers and databases: twice as many at once as this
# machine's two cores finish sooner.
TEST_THREADS := --test-threads=4

SERVER_TESTS_SQLITE := cargo test --locked --lib --test api -- $(TEST_THREADS)
SERVER_TESTS_POSTGRES := TEST_DATABASE_URL=$(TEST_DATABASE_URL) cargo test --locked --test api -- $(TEST_THREADS)
FUZZ := NIDO_BIN=$(DEBUG_BIN) bash scripts/fuzz.sh

test-server: web reference pdf-tools
	@echo "== server tests on SQLite"
	$(SERVER_TESTS_SQLITE)
	@echo "== server tests on PostgreSQL ($(TEST_DATABASE_URL))"
	$(SERVER_TESTS_POSTGRES)

# What make test runs: the server tests on both databases and the fuzzing at once, each one's
# output shown whole when it ends. The fuzzing makes 30 examples per operation and phase here
# (150 in make fuzz): its requests reach the handlers' logic now, and each takes longer.
server-tests-and-fuzz: web reference debug pdf-tools
	bash scripts/together.sh "$(SERVER_TESTS_SQLITE)" "$(SERVER_TESTS_POSTGRES)" "FUZZ_EXAMPLES=30 $(FUZZ)"

check-web: $(NPM_STAMP)
	cd web && npm run lint
	cd web && npm run typecheck
	cd web && npm run check:api
	cd web && npm test

## reference: python-dateutil, icalendar and ihatemoney in target/reference-venv, the recurrence, feed and balance tests' references (test-only)
REFERENCE_VENV := target/reference-venv
reference: $(REFERENCE_VENV)/requirements.txt

$(REFERENCE_VENV)/requirements.txt: scripts/reference/requirements.txt
	rm -rf $(REFERENCE_VENV)
	python3 -m venv $(REFERENCE_VENV) 2>/dev/null || { apt-get update -qq && apt-get install -y -qq python3-venv && rm -rf $(REFERENCE_VENV) && python3 -m venv $(REFERENCE_VENV); }
	$(REFERENCE_VENV)/bin/pip install --quiet --disable-pip-version-check -r scripts/reference/requirements.txt
	cp scripts/reference/requirements.txt $@

## fuzz: schemathesis against the debug binary, every operation checked against docs/openapi.json (bounded; see scripts/fuzz.sh)
fuzz: debug
	$(FUZZ)

## e2e: the browser tests in Debian's Chromium against the debug binary
e2e: chromium sqlite3 debug
	cd web && NIDO_E2E_BIN=../$(DEBUG_BIN) npm run e2e

# The server tests have cargo build it already; then this only checks that it is up to date.
debug: web
	cargo build --locked

chromium:
	@test -x $(CHROMIUM) || { apt-get update -qq && apt-get install -y -qq chromium; }

# The reports' tests check each PDF with qpdf and read it back with poppler's pdftotext.
pdf-tools:
	@command -v qpdf >/dev/null && command -v pdftotext >/dev/null || { apt-get update -qq && apt-get install -y -qq poppler-utils qpdf; }

# The browser tests read the test server's SQLite database with the command-line tool.
sqlite3:
	@command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3; }

## openapi: regenerate docs/openapi.json from the handlers and the web app's API types from it
openapi: $(NPM_STAMP)
	cargo run --quiet -- openapi > docs/openapi.json
	cd web && npm run gen:api

## bench-smoke: every script of bench/ at a tiny size against the debug binary: its seeding and one short pass, no timing judged (bench/smoke.sh)
bench-smoke: chromium debug
	BIN=$(DEBUG_BIN) bash bench/smoke.sh

## bench: load figures (accounts, children) next to the /api/health ceiling, and the public site's weight and scores
bench: build
	bash bench/accounts.sh
	bash bench/children.sh
	bash bench/site.sh

clean:
	rm -rf target web/dist web/node_modules
