"""Hostile command lines: a seeded sample of the corpus in ``cli_corpus`` with every test run,
the whole corpus under ``make slow``. A traceback, a hang or output a terminal could take as a
command fails."""

from __future__ import annotations

import pytest

from .cli_corpus import HANG, OK, REFUSED, TRACEBACK, UNSAFE, run


def _check(count: int, seed: int) -> None:
    outcomes, failures = run(count, seed)
    assert not failures, "\n".join(failures)
    assert outcomes[TRACEBACK] == outcomes[HANG] == outcomes[UNSAFE] == 0
    assert outcomes[OK] + outcomes[REFUSED] == count
    # The corpus stays close enough to working calls to get past argument parsing.
    assert outcomes[OK] > count // 20


def test_a_sample_of_hostile_command_lines_is_refused_cleanly_or_works() -> None:
    _check(1500, seed=0)


@pytest.mark.slow
def test_the_whole_hostile_command_line_corpus() -> None:
    _check(20_000, seed=1)
