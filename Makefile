# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The compiled build for the tests (issue 10): a `pip install --target` of this checkout.
COMPILED := .compiled
SOURCES := setup.py pyproject.toml $(shell find src -name '*.py' -o -name '*.yaml')
# The simulator's tests that fight thousands of BRP battles (to a precision, or against the exact
# Markov chain), and the exact duels' that fight thousands of BRP and Murdham battles against
# their chains, marked `compiled_build`: they run here only, where those rules are compiled,
# and their files' other tests on the pure build (issue 35: about a third of the simulator's
# tests' CPU; the duels' 6.4 s of CPU pure, 2.1 s compiled).
COMPILED_SIM_TESTS := \
	tests/exact/test_duel.py::test_the_chain_agrees_with_the_rules_simulated \
	tests/exact/test_duel.py::test_a_pistol_against_a_dagger \
	tests/exact/test_duel.py::test_murdham_chain_agrees_with_the_rules_simulated \
	tests/sim/test_simulate.py::test_simulated_win_rate_agrees_with_the_exact_markov_chain \
	tests/sim/test_simulate.py::test_balance_finds_the_group_size_nearest_the_target \
	tests/sim/test_simulate.py::test_simulating_to_a_precision_stops_when_every_interval_is_narrow_enough \
	tests/sim/test_cli_sim.py::test_balance_json \
	tests/sim/test_cli_sim.py::test_sim_without_a_count_fights_until_the_default_precision
# The suites that must pass on the compiled build too: the conformance kit (every example of
# every compiled ruleset; the pure run fights only each one's first, issue 35) and the core
# (with every ruleset's golden battles, so both builds fight the same battles), the rules and
# worked examples of BRP and Murdham, the exact odds of OD&D, Spelljammer and SemiAutoMagic
# (whose tests marked `compiled_build`, the rules enumerated or rolled thousands of times, run
# only here), SemiAutoMagic's random-battle properties (`compiled_build`: only here, issue
# 35), and the server's leak check, which fights every example to its end. Their other tests
# run on the pure build only: the golden battles fight all their examples on both builds.
COMPILED_TESTS := tests/conformance tests/core tests/brp tests/murdham tests/odnd/test_odds.py \
	tests/spelljammer/test_odds.py tests/semiautomagic/test_odds.py tests/serve/test_leak.py \
	tests/semiautomagic/test_properties.py $(COMPILED_SIM_TESTS)
# Tests of the source itself, the same whichever build imports it: the pure run only (the layers
# test parses every module of src/ as each worker collects it).
PURE_ONLY_TESTS := tests/core/test_layers.py

# Python may write its bytecode caches (`__pycache__`, git-ignored) even where the shell says
# not to: otherwise every test process and every command a test starts compiles each module
# it imports again, and pytest rewrites every test module again in each worker (issue 35:
# about a fifth of the CPU of the server and command-line tests).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test lint install install-test test-compiled compiled-tests pure-tests typecheck postgres chromium clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# A plain install: compiled with mypyc where a C compiler is at hand (setup.py). Done again
# only when the sources changed, or when `install-test` put the editable build in its place.
# The stamp bears the time the build started, so a source edited while it ran is built again.
$(VENV)/.compiled-install: $(BIN)/python $(SOURCES)
	start=$$(date +%s) && rm -rf build && $(BIN)/pip install --quiet . && touch -d @$$start $@

install: $(VENV)/.compiled-install

# The PostgreSQL server the server's tests start in a temporary folder (Debian's package),
# installed only where it is missing.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }

# The browser the page tests drive through Playwright (Debian's Chromium: Playwright's own
# browser download cannot be reached), installed only where it is missing.
chromium:
	@test -x /usr/bin/chromium || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The development install: editable, pure Python, with the test tools.
install-test: $(BIN)/python postgres chromium
	FRACAS_PURE=1 $(BIN)/pip install --quiet -e '.[test]'
	rm -f $(VENV)/.compiled-install

# Built from a copy of the sources in a temporary folder, so that it can run beside
# `install-test` (as `make test` runs it): both pips would otherwise write the same
# `src/fracas.egg-info` (issue 35: the install's minute, mostly on one core, left the other
# idle). The copy has no `build/` folder either, whose leftovers (an extension of a module no
# longer in setup.py's COMPILED) setuptools would copy into the build; nor `*.egg-info` or
# `__pycache__`, which the editable install and the tests may be writing meanwhile.
# Its stamp too bears the time the build started (above).
$(COMPILED)/.built: $(BIN)/python $(SOURCES)
	start=$$(date +%s) && copy=$$(mktemp -d) && trap 'rm -rf "$$copy"' EXIT && \
		tar -c --exclude='*.egg-info' --exclude=__pycache__ setup.py pyproject.toml README.md src \
		| tar -x -C "$$copy" && rm -rf $(COMPILED) && \
		$(BIN)/pip install --quiet --no-deps --target "$(CURDIR)/$(COMPILED)" "$$copy" && \
		touch -d @$$start $@

## Install and fight the bundled BRP skirmish, narrated.
run: install
	$(BIN)/fracas run examples/brp/skirmish.yaml --seed 7

## The same rules tests against the compiled build.
test-compiled: install-test compiled-tests

# Where no C compiler is at hand the build is pure Python, and is not expected compiled.
compiled-tests: $(COMPILED)/.built
	FRACAS_EXPECT_COMPILED=$$(command -v cc >/dev/null && echo 1) PYTHONPATH=$(COMPILED) \
		$(BIN)/pytest -n auto --dist worksteal -p no:cacheprovider $(COMPILED_TESTS) \
		$(addprefix --ignore=,$(PURE_ONLY_TESTS))

## Install the test extras and run the whole suite, with the type and style checks.
# The suite runs on every core (pytest-xdist): the tests share no ports, folders or databases.
# An idle worker takes tests still queued on a busy one (worksteal), so one slow test at the
# end does not keep the other core idle.
# The type check, the compiled build, the suite on the pure build and then the suites on the
# compiled build run side by side: the build is mostly mypyc's own single-threaded work, which
# left a core idle while the type check, done in 15 s, waited for it; the compiled suites start
# as soon as the build is done, not after the pure suite (issue 35). Each one's output is
# printed whole when it ends.
# The compiled build starts beside the install, not after it (from its own copy of the
# sources, above): the install is mostly one pip on one core. The style check waits for the
# install, and the rest for the style check (MAKE_TEST below).
test:
	$(MAKE) --no-print-directory -j3 --output-sync=target MAKE_TEST=1 \
		typecheck pure-tests compiled-tests

lint: install-test
	$(BIN)/ruff check src tests

# Within `make test` only: alone, each of these runs on the install as it is.
ifdef MAKE_TEST
typecheck pure-tests: lint
compiled-tests: lint $(COMPILED)/.built
endif

# The tests marked `compiled_build` (exact odds checked through a compiled ruleset's rules)
# run once, in `compiled-tests`: they are all in COMPILED_TESTS (pyproject.toml). The
# conformance kit fights only each compiled ruleset's first example here: the compiled run
# fights them all (tests/conformance/kit.py). It runs at a lower priority: the compiled build
# and then the compiled suites are the longer path, and the pure run, done a minute sooner,
# takes the CPU they leave (issue 35: 6 min 59 s with the two alike, on two cores).
pure-tests:
	FRACAS_KIT_COMPILED_RUN_FOLLOWS=1 nice -n 10 $(BIN)/pytest -n auto --dist worksteal --durations=20 \
		-m "not compiled_build"

typecheck:
	$(BIN)/mypy

clean:
	rm -rf $(VENV) $(COMPILED) build *.egg-info src/*.egg-info
