# The README's two commands (`make run`, `make test`) and a few handy ones.
# Every target creates .venv and installs the project into it when needed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Reinstall only when pyproject.toml changes, so repeated runs start at once.
# `make run` needs only the service's own dependencies; `make test` adds the dev extra.
RUN_INSTALLED := $(VENV)/.installed-run
INSTALLED := $(VENV)/.installed
# engine/fast is compiled by mypyc at install when it can be (setup.py; ENGINE_BUILD=pure
# skips it): an edit there reinstalls, so that no stale compiled module hides it.
FAST_SOURCES := $(wildcard engine/fast/*.py) setup.py
PORT ?= 8000

.PHONY: run test lint worker beat install clean

run: $(RUN_INSTALLED)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_parlor
	@echo "Admin: http://127.0.0.1:$(PORT)/admin/   Health: http://127.0.0.1:$(PORT)/healthz"
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

test: $(INSTALLED)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

worker: $(RUN_INSTALLED)
	$(BIN)/celery -A config worker --loglevel=INFO

beat: $(RUN_INSTALLED)
	$(BIN)/celery -A config beat --loglevel=INFO

install: $(INSTALLED)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
	  echo "Python 3.11 or newer is needed; '$(PYTHON)' is $$($(PYTHON) --version 2>&1)."; \
	  echo "Point make at one, e.g. make run PYTHON=python3.12"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(RUN_INSTALLED): pyproject.toml $(FAST_SOURCES) | $(BIN)/python
	@echo "Installing the project into $(VENV) ..."
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	@touch $@

$(INSTALLED): pyproject.toml $(FAST_SOURCES) | $(BIN)/python
	@echo "Installing the project and its dev tools into $(VENV) ..."
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $@ $(RUN_INSTALLED)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .grimp_cache build
	rm -f engine/fast/*.so engine_fast__mypyc*.so
