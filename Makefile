# Two commands for a fresh machine: `make run` sets up and starts the app, `make test` sets up
# and runs the tests. Everything lands in ./.venv.
.PHONY: run test lint check selftest slow dist clean

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

# The double-click app: dist/tabletop/ (run dist/tabletop/tabletop) and, on Linux,
# dist/tabletop-linux-x86_64.tar.gz with a desktop entry. Check it with --self-test.
dist:
	scripts/bootstrap.sh test
	[ .venv/.installed-package -nt pyproject.toml ] || \
	  { .venv/bin/python -m pip install -q -e ".[package]" && touch .venv/.installed-package; }
	PYTHON=.venv/bin/python scripts/build_dist.sh

clean:
	rm -rf .venv build dist *.egg-info
