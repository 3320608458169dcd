"""Buried Treasure and the AI: choices ignore hidden facts (other seats' hands and their pending
buried cards), and the hard search beats random play (slow; -m slow)."""

from __future__ import annotations

import math
import random

import pytest

from tests.games.aicheck import (
    assert_choice_ignores_hidden_facts,
    decision_point,
    rotated_wins,
    untimed,
)
from tests.games.buried_treasure.bt_build import GAME


@pytest.mark.parametrize(("n", "seed", "plies"), [(2, 8, 1), (3, 4, 4), (4, 6, 11)])
def test_choice_ignores_facts_hidden_from_the_agent(n: int, seed: int, plies: int) -> None:
    # DESIGN §3: an agent's choice must not change when only hidden facts change.
    assert_choice_ignores_hidden_facts(GAME, decision_point(GAME, n, seed, plies))


def test_pending_buried_card_differs_in_the_twin() -> None:
    # The fairness case that matters here: seat 1 decides while seat 0's bury is pending.
    session = decision_point(GAME, 2, 8, 1)
    s = session.state
    seat = session.current_player()
    assert s.phase == "bury" and s.buried[1 - seat] is not None
    seen = {GAME.resample(session.observation(seat), seat, random.Random(k)).buried[1 - seat]
            for k in range(60)}
    assert len(seen) > 1


#: The slow test's sample: seats alternate over ``GAMES`` games and hard must win ``BAR``.
GAMES, BAR = 30, 22


@pytest.mark.slow
def test_hard_beats_random() -> None:
    # Measured: hard won 30 of these 30 games.
    wins = rotated_wins(GAME, untimed("hard"), untimed("random"), GAMES, 100)
    assert wins >= BAR, f"hard won {wins} of {GAMES}"


def test_the_win_bar_is_beyond_chance() -> None:
    # A coin-flip player clears the bar with probability below 1 % (binomial tail; 0.8 % for
    # 22 of 30), so passing the slow test says something about the search.
    tail = sum(math.comb(GAMES, k) for k in range(BAR, GAMES + 1)) / 2**GAMES
    assert tail < 0.01
