"""Buried Treasure against the engine contract: the conformance kit for every player count, the
secret bury (no seat's pending choice in another seat's observation) and resampling."""

from __future__ import annotations

import pytest

from tabletop.engine import check_game
from tabletop.games.buried_treasure.model import Phase
from tabletop.testing.build import positions
from tests.games.buried_treasure.bt_build import GAME


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_conformance_kit(n: int) -> None:
    report = check_game(GAME, player_counts=[n], seeds=range(10))
    assert report.games == 10 and report.resamples_differing > 0


@pytest.mark.parametrize("n", [2, 4, 6])
def test_pending_choices_never_leak(n: int) -> None:
    # BT-G9, BT-G10: before the reveal a seat sees only *that* another seat has buried.
    checked = 0
    for s, rng in positions(GAME, range(6), n):
        if s.phase not in (Phase.BURY, Phase.BID):
            continue
        for seat in range(n):
            obs = GAME.observation(s, seat)
            for p in range(n):
                pl = obs["players"][p]
                assert pl["buried"] == (s.buried[p] is not None)
                assert pl["buried_card"] == (s.buried[p] if p == seat else None)
                assert pl["hand"] == (s.hands[p] if p == seat else [None] * len(s.hands[p]))
            # Changing what the seat cannot see changes nothing it sees.
            twin = GAME.resample(obs, seat, rng)
            assert GAME.observation(twin, seat) == obs
            for p in range(n):
                if p != seat:
                    assert twin.buried[p] is None or s.buried[p] is not None
            checked += 1
    assert checked > 50


def test_resample_draws_only_unseen_cards() -> None:
    # The resampled hidden cards plus what the seat saw always make up the 44-card deck.
    from tabletop.games.buried_treasure.data import COPIES, VALUES

    for s, rng in positions(GAME, range(3), 3):
        if GAME.current_player(s) < 0:
            continue
        seat = GAME.current_player(s)
        twin = GAME.resample(GAME.observation(s, seat), seat, rng)
        cards = [v for h in twin.hands for v in h] + [v for v in twin.buried if v is not None]
        cards += twin.centre + [v for c in twin.collected for v in c]
        cards += [v for i, v in enumerate(VALUES) for _ in range(twin.deck[i])]
        assert sorted(cards) == sorted(v for i, v in enumerate(VALUES)
                                       for _ in range(COPIES[i]))
        assert twin.hands[seat] == s.hands[seat] and twin.buried[seat] == s.buried[seat]
