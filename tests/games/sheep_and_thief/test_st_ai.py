"""Sheep & Thief and the AI: choices ignore hidden facts (other hands, packs and pending picks),
the AI hooks play legal and sensible moves, and the hard search beats random play (slow;
-m slow)."""

from __future__ import annotations

import random

from tabletop.games.sheep_and_thief.state import Phase
from tabletop.testing.aicheck import fairness_test, strength_tests
from tests.games.sheep_and_thief.st_build import GAME, play, position, put

# ST-R36: what a seat may not see does not steer its choice.
test_choice_ignores_facts_hidden_from_the_agent = fairness_test(
    GAME, [(2, 3, 1), (3, 4, 2), (4, 6, 30)])


def test_playout_thief_steals() -> None:
    # The playout policy steps the thief onto the richest unprotected flock of the others.
    s = position([["M03"], ["M01"], ["M02"]], thief=(1, 1))
    put(s, 1, "1,0", "M43", sheep=1)
    put(s, 2, "1,2", "M44", sheep=2)
    s, _ = play(s, "place:M03@0,1")
    assert s.phase == Phase.THIEF
    legal = GAME.legal_actions(s)
    assert GAME.playout_action(s, legal, random.Random(0)) == "thief:1,2"


def test_heuristic_prefers_the_leader() -> None:
    s = position([[], []])
    s.fence[0] = 6
    h = GAME.heuristics(s)
    assert h[0] is not None and h[1] is not None and h[0] > 0 > h[1]


# Hard must win 16 of 20 two-player games against random play (measured: all 20).
test_hard_beats_random, test_the_win_bar_is_beyond_chance = strength_tests(
    GAME, games=20, bar=16, first_seed=100)
