# Two commands for a fresh machine: `make run` sets up and starts the app, `make test` sets up
# and runs the tests. Everything lands in ./.venv.
.PHONY: run test lint check selftest slow bench dist clean

run:
	scripts/bootstrap.sh run
	.venv/bin/tabletop

test:
	scripts/bootstrap.sh test
	QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest
	.venv/bin/ruff check tabletop tests scripts
	.venv/bin/mypy

lint:
	.venv/bin/ruff check tabletop tests scripts
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
	scripts/bootstrap.sh test
	[ .venv/.installed-package -nt pyproject.toml ] || \
	  { .venv/bin/python -m pip install -q -e ".[package]" && touch .venv/.installed-package; }
	PYTHON=.venv/bin/python scripts/build_dist.sh

clean:
	rm -rf .venv build dist *.egg-info
