# Two commands for a fresh machine: `make run` sets up and starts the app, `make test` sets up
# and runs the tests. Everything lands in ./.venv.
.PHONY: run test lint check selftest clean

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

clean:
	rm -rf .venv build dist *.egg-info
