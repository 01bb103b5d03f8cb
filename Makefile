# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint install install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -e .

install-test: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'

## Install and fight the bundled BRP skirmish, narrated.
run: install
	$(BIN)/fracas run examples/brp/skirmish.yaml --seed 7

## Install the test extras and run the whole suite, with the type and style checks.
test: install-test
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/pytest

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
