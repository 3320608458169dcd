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


def test_weighted_draw_keeps_guesses_in_proportion_to_their_weight() -> None:
    # Two equally likely guesses, one explaining the evidence four times better: it is kept
    # four times as often (0.8 against 0.2).
    from tabletop.engine.hidden import weighted_draw

    rng = random.Random(7)
    weights = {"fits": 1.0, "odd": 0.25}
    seen = Counter(weighted_draw(lambda r: r.choice(["fits", "odd"]), weights.__getitem__, rng)
                   for _ in range(20_000))
    assert abs(seen["fits"] / 20_000 - 0.8) < 0.02


def test_weighted_draw_never_stalls_and_draws_the_same_from_the_same_seed() -> None:
    from tabletop.engine.hidden import weighted_draw

    calls = []

    def draw(rng: random.Random) -> int:
        calls.append(1)
        return rng.randrange(100)

    # Evidence that no guess explains: the last of ``tries`` guesses is taken.
    assert isinstance(weighted_draw(draw, lambda g: 0.0, random.Random(1), tries=5), int)
    assert len(calls) == 5
    a = [weighted_draw(draw, lambda g: g / 100, random.Random(3)) for _ in range(3)]
    b = [weighted_draw(draw, lambda g: g / 100, random.Random(3)) for _ in range(3)]
    assert a == b
