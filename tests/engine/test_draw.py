"""Drawing a card from a deck held as copies per card (``draw_by_count``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.api import draw_by_count


def test_each_copy_is_as_likely_as_any_other() -> None:
    rng = random.Random(5)
    counts = {"spy": 6, "hacker": 3, "forces": 1}
    drawn = Counter(draw_by_count(counts, rng, 10) for _ in range(20_000))
    assert set(drawn) == set(counts)
    for card, copies in counts.items():
        assert drawn[card] / 20_000 == pytest.approx(copies / 10, abs=0.015)


def test_a_list_of_copies_gives_an_index_and_cards_without_copies_never_come() -> None:
    rng = random.Random(1)
    assert {draw_by_count([0, 2, 0, 1], rng) for _ in range(200)} == {1, 3}


def test_one_randrange_per_draw_in_the_order_of_the_deck() -> None:
    # Seeded games must draw the same cards however the deck is held.
    counts = [3, 0, 2, 5]
    for seed in range(50):
        r = random.Random(seed).randrange(10)
        expected = 0 if r < 3 else (2 if r < 5 else 3)
        assert draw_by_count(counts, random.Random(seed), 10) == expected
        assert draw_by_count(dict(enumerate(counts)), random.Random(seed)) == expected


def test_a_total_that_does_not_match_the_copies_is_caught() -> None:
    with pytest.raises(AssertionError, match="total"):
        for seed in range(20):
            draw_by_count([1, 1], random.Random(seed), 5)
