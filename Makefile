# Two commands for a fresh machine: `make run` sets up and starts the app, `make test` sets up
# and runs the tests. Everything lands in ./.venv.
.PHONY: run test lint check selftest slow bench dist dist-test clean

# `make dist PYTHON_VERSION=3.11` builds from that Python, in .venv-3.11, into dist/python3.11.
ifdef PYTHON_VERSION
VENV ?= .venv-$(PYTHON_VERSION)
DIST ?= dist/python$(PYTHON_VERSION)
endif
VENV ?= .venv
DIST ?= dist

run:
	scripts/bootstrap.sh run
	.venv/bin/tabletop

# `make test PYTHON_VERSION=3.11` runs the tests on that Python, in .venv-3.11. The tests are
# spread over every core (pytest-xdist); slow and packaging ones run on their own targets.
test:
	VENV=$(VENV) PYTHON_VERSION=$(PYTHON_VERSION) scripts/bootstrap.sh test
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/python -m pytest -n auto
	$(VENV)/bin/ruff check tabletop tests scripts benchmarks
	$(VENV)/bin/mypy

lint:
	.venv/bin/ruff check tabletop tests scripts benchmarks
	.venv/bin/mypy

# AI-strength and soak tests, slow on purpose.
slow:
	QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -m slow

# Every benchmark in one report (benchmark-results.json, strength-per-second.png); about an
# hour on two cores, most of it AI strength. BENCH_ARGS=--quick leaves strength out.
bench:
	scripts/bootstrap.sh test
	QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/run.py $(BENCH_ARGS)

# The double-click app: dist/tabletop/ (run dist/tabletop/tabletop) and, on Linux,
# dist/tabletop-linux-x86_64.tar.gz with a desktop entry. Check it with --self-test.
dist:
	VENV=$(VENV) PYTHON_VERSION=$(PYTHON_VERSION) scripts/bootstrap.sh package
	PYTHON=$(VENV)/bin/python DIST=$(DIST) scripts/build_dist.sh

# The bundle built from the oldest and from the newest supported Python, each self-tested
# (tests/packaging; the Pythons are the classifiers in pyproject.toml).
dist-test:
	scripts/bootstrap.sh test
	QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -m packaging

clean:
	rm -rf .venv .venv-* build dist *.egg-info
