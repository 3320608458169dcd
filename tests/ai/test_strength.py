"""AI strength on Magos over seeded samples (slow: run with ``-m slow``)."""

from __future__ import annotations

import pytest

from tabletop.cli import derive_seed, play_match, summarize


def _run(levels: list[str], games: int, tag: str) -> dict[str, object]:
    results = [play_match("magos", levels, {}, derive_seed(tag, i)) for i in range(games)]
    return summarize("magos", levels, 0, results, 0.0)


@pytest.mark.slow
def test_hard_beats_random_clearly() -> None:
    summary = _run(["hard", "random"], 40, "strength/hard-random")
    assert summary["errors"] == 0
    assert summary["wins"][0] >= 34, summary  # at least 85 %


@pytest.mark.slow
def test_easy_beats_random() -> None:
    summary = _run(["random", "easy"], 40, "strength/easy-random")
    assert summary["errors"] == 0
    assert summary["wins"][1] >= 30, summary  # at least 75 %


@pytest.mark.slow
def test_hard_beats_random_with_drafted_hands() -> None:
    # MG-R11: with a draft the hidden hands differ; the search must still beat chance.
    results = [play_match("magos", ["hard", "random"], {"setup": "draft"},
                          derive_seed("strength/draft", i)) for i in range(20)]
    summary = summarize("magos", ["hard", "random"], 0, results, 0.0)
    assert summary["errors"] == 0
    assert summary["wins"][0] >= 17, summary
