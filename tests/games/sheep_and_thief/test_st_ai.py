"""Sheep & Thief and the AI: choices ignore hidden facts (other hands, packs and pending picks),
the AI hooks play legal and sensible moves, and the hard search beats random play (slow;
-m slow)."""

from __future__ import annotations

import math
import random

import pytest

from tabletop.games.sheep_and_thief.state import P_THIEF
from tests.games.aicheck import (
    assert_choice_ignores_hidden_facts,
    decision_point,
    rotated_wins,
    untimed,
)
from tests.games.sheep_and_thief.st_build import GAME, play, position, put


@pytest.mark.parametrize(("n", "seed", "plies"), [(2, 3, 1), (3, 4, 2), (4, 6, 30)])
def test_choice_ignores_facts_hidden_from_the_agent(n: int, seed: int, plies: int) -> None:
    # DESIGN §3, ST-R36: an agent's choice must not change when only hidden facts change.
    assert_choice_ignores_hidden_facts(GAME, decision_point(GAME, n, seed, plies))


def test_playout_thief_steals() -> None:
    # The playout policy steps the thief onto the richest unprotected flock of the others.
    s = position([["M03"], ["M01"], ["M02"]], thief=(1, 1))
    put(s, 1, "1,0", "M43", sheep=1)
    put(s, 2, "1,2", "M44", sheep=2)
    s, _ = play(s, "place:M03@0,1")
    assert s.phase == P_THIEF
    legal = GAME.legal_actions(s)
    assert GAME.playout_action(s, legal, random.Random(0)) == "thief:1,2"


def test_heuristic_prefers_the_leader() -> None:
    s = position([[], []])
    s.fence[0] = 6
    h = GAME.heuristics(s)
    assert h[0] is not None and h[1] is not None and h[0] > 0 > h[1]


#: The slow test's sample: seats alternate over ``GAMES`` games and hard must win ``BAR``.
GAMES, BAR = 20, 16


@pytest.mark.slow
def test_hard_beats_random() -> None:
    # Measured: hard won 20 of these 20 two-player games (rotated_wins, first seed 100).
    wins = rotated_wins(GAME, untimed("hard"), untimed("random"), GAMES, 100)
    assert wins >= BAR, f"hard won {wins} of {GAMES}"


def test_the_win_bar_is_beyond_chance() -> None:
    # A coin-flip player clears the bar with probability below 1 %.
    tail = sum(math.comb(GAMES, k) for k in range(BAR, GAMES + 1)) / 2**GAMES
    assert tail < 0.01
