# Crossforge: every setup step a fresh clone needs lives here.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: serve test lint typecheck pytest default-list clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml setup.py plugins/strategies/table_search.c | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

default-list: $(STAMP)
	$(BIN)/crossforge words build-default --lang en --if-missing

serve: default-list
	$(BIN)/crossforge serve --host $(HOST) --port $(PORT)

lint: $(STAMP)
	$(BIN)/ruff check crossforge/*.py server plugins wordbase grids scripts tests setup.py
	$(BIN)/ruff format --check crossforge/*.py server plugins wordbase grids scripts tests setup.py

typecheck: $(STAMP)
	$(BIN)/mypy crossforge scripts

pytest: $(STAMP)
	$(BIN)/python scripts/services_check.py
	$(BIN)/python -m pytest -n 2

test: lint typecheck pytest

clean:
	rm -rf $(VENV) instance .pytest_cache .mypy_cache .ruff_cache build plugins/strategies/*.so
