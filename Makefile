# Two commands for a newcomer: `make run` and `make test`.  Everything else they
# need (the virtualenv, the packages, PostgreSQL for the tests) is set up here.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app wsgi
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 5000
WORKERS ?= 2
# Flask threads per worker.  Live viewers and slow clients wait on granian's event
# loop, not in these (serve/app_server.py, docs/DEPLOYMENT.md).
THREADS ?= 16

.PHONY: run serve test lint bench bench-taps bench-stepping bench-quick soak venv db demo clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,bench]'
	touch $(STAMP)

venv: $(STAMP)

db: $(STAMP)
	$(FLASK) init-db

demo: db
	$(FLASK) demo

## Set up, migrate the SQLite database, load the demo games, serve on http://127.0.0.1:5000
run: demo
	@echo "Serving Tablescribe on http://$(HOST):$(PORT)  (API docs: http://$(HOST):$(PORT)/api/docs)"
	$(PY) -m serve.app_server --host $(HOST) --port $(PORT) --workers $(WORKERS) --threads $(THREADS)

## Production mode, locally: PostgreSQL in instance/pg/, two granian instances, nginx in front on http://127.0.0.1:8000
serve: PORT = 8000
serve: $(STAMP)
	bash scripts/ensure-apt-package.sh PostgreSQL postgresql \
		sh -c 'id postgres && (command -v initdb || ls /usr/lib/postgresql/*/bin/initdb)'
	bash scripts/ensure-apt-package.sh nginx nginx test -x /usr/sbin/nginx
	$(PY) -m serve --host $(HOST) --port $(PORT) --workers $(WORKERS) --threads $(THREADS)

## The linter and the type checker, in seconds: make test runs them before anything slow
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

## Set up (PostgreSQL, nginx and Chromium included) and run the whole suite: SQLite, PostgreSQL, browser
test: lint
	bash scripts/ensure-apt-package.sh PostgreSQL postgresql \
		sh -c 'id postgres && (command -v initdb || ls /usr/lib/postgresql/*/bin/initdb)'
	bash scripts/ensure-apt-package.sh nginx nginx test -x /usr/sbin/nginx
	bash scripts/ensure-apt-package.sh Chromium chromium test -x /usr/bin/chromium
	$(PY) -m pytest --durations=25

## Benchmarks: the store against raw sqlite3, and seek cost with snapshots
bench: $(STAMP)
	$(PY) -m bench.run
	$(MAKE) bench-taps
	$(MAKE) bench-stepping

## Taps per recorded action: each engine's scripted game tapped in Chromium; writes docs/WEB.md
bench-taps: $(STAMP)
	bash scripts/ensure-apt-package.sh Chromium chromium test -x /usr/bin/chromium
	$(PY) -m bench.taps

## Stepping in the browser (issue 24, figure 7): the right arrow held on each demo game's viewer in Chromium
bench-stepping: $(STAMP)
	bash scripts/ensure-apt-package.sh Chromium chromium test -x /usr/bin/chromium
	$(PY) -m bench.stepping

bench-quick: $(STAMP)
	$(PY) -m bench.run --quick

## Reliability soak: writers through granian (SQLite, PostgreSQL), the server SIGKILLed and restarted; issue 22's attacks, large; prints both tables; then long API and engine fuzzing
soak: $(STAMP)
	bash scripts/ensure-apt-package.sh PostgreSQL postgresql \
		sh -c 'id postgres && (command -v initdb || ls /usr/lib/postgresql/*/bin/initdb)'
	$(PY) -m soak.run
	TABLESCRIBE_FUZZ_EXAMPLES=100 $(PY) -m pytest -q -s -p no:cacheprovider \
		tests/recorder/test_api_fuzz.py tests/engines/test_hostile_events.py

clean:
	rm -rf $(VENV) instance .pytest_cache
