# HogKit front door. Every target sets up the virtual environment first if it is missing.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOGKIT := $(BIN)/hogkit
VARIANT ?= fa19

.PHONY: setup demo kit test test-all lint bench clean

OKPY   := $(VENV)-okpy/bin/python

# HogKit and what grading needs (enough for the demo) ...
$(BIN)/hogkit: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[grader,serve]'
	touch $(BIN)/hogkit

# ... and the test tools.
$(VENV)/.dev: $(BIN)/hogkit
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(VENV)/.dev

# The real okpy client, in a venv of its own: it pins old versions of packages the notebooks need.
$(OKPY): tests/okpy-client.txt
	$(PYTHON) -m venv $(VENV)-okpy
	$(VENV)-okpy/bin/pip install --quiet -r tests/okpy-client.txt
	touch $(OKPY)

setup: $(VENV)/.dev $(OKPY)  ## create .venv (HogKit and its test tools) and .venv-okpy (the okpy client)

# The demo grades hostile examples, so it needs a sandbox: .ci/system-tools installs bubblewrap (and
# the parts of the standard library Debian packages apart) when they are missing and we are root
# with apt-get; prepare_demo.py says in one line what else to do.
demo: $(BIN)/hogkit  ## build the default kit, watch one seeded game, then grade the bundled examples
	@.ci/system-tools bwrap stdlib
	@$(BIN)/python examples/prepare_demo.py examples/submissions out/demo-grades
	$(HOGKIT) build --variant $(VARIANT) --out out/$(VARIANT)
	cd out/$(VARIANT)/solutions && ../../../$(BIN)/python hog_ui.py --watch --seed 61
	$(HOGKIT) grade-batch examples/submissions --variant fa19 --out out/demo-grades --jobs 2
	column -t -s, out/demo-grades/grades.csv 2>/dev/null || cat out/demo-grades/grades.csv
	$(BIN)/python examples/check_demo.py out/demo-grades

kit: setup  ## regenerate the committed default kit (solutions/, student_skeleton/, ...)
	$(HOGKIT) build --variant fa19 --out .
	$(HOGKIT) variants --markdown > docs/variants.md.tmp && mv docs/variants.md.tmp docs/variants.md

# The course server's tests run PostgreSQL, Redis and Debian's headless Chromium; .ci/system-tools
# installs them (with the sandbox and the GUI test's display) when they are missing and we may.
SYSTEM_TOOLS := Xvfb bwrap stdlib postgres redis-server chromium chromedriver

test: setup  ## the test suite without the tests marked slow, on two workers (under 5 minutes on 2 cores)
	@.ci/system-tools $(SYSTEM_TOOLS)
	OKPY_PYTHON=$(abspath $(OKPY)) $(BIN)/python -m pytest -n 2 --dist worksteal -m "not slow"

test-all: setup  ## the whole test suite, slow tests included, on two workers (what CI runs)
	@.ci/system-tools $(SYSTEM_TOOLS)
	OKPY_PYTHON=$(abspath $(OKPY)) $(BIN)/python -m pytest -n 2 --dist worksteal

lint: setup  ## ruff over the code and tests; the one-way layers (import-linter's contracts in pyproject.toml)
	$(BIN)/ruff check hogkit hogkit_cli courseserver graders tests bench
	$(BIN)/lint-imports --no-cache

bench: setup  ## the evaluator (goal 100, beside the reference at goal 30, with the shipped tables), a tournament, batch grading, isolation
	$(BIN)/python bench/exact.py 100
	$(BIN)/python bench/tournament.py --variant sp18 --count 100 --jobs 2
	$(BIN)/python bench/grade_batch.py
	$(BIN)/python bench/isolation.py

clean:
	rm -rf out .pytest_cache .ruff_cache
