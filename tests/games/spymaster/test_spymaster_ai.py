"""Spymaster AI: the hard search beats random play (slow; run with -m slow) and does not reward a
caller's fixed habit."""

from __future__ import annotations

import pytest

from tabletop.games.spymaster.model import SpymasterGame
from tests.games.aicheck import rotated_wins, untimed
from tests.games.spymaster.spy_build import play, position

GAME = SpymasterGame()


@pytest.mark.slow
def test_hard_beats_random() -> None:
    games = 30
    wins = rotated_wins(GAME, untimed("hard"), untimed("random"), games, 100)
    assert wins >= 21, f"hard won {wins} of {games}"


def test_calls_are_counted_and_a_callers_habit_is_not_rewarded() -> None:
    # SM-R12: every call is public. A defender who named Special Forces in 6 of 7 calls would
    # catch a Special Forces: the search leaves that attack out while other cards are in hand;
    # a defender who mixes his calls leaves every attack in.
    s = position(["spy2", "forces", "hacker"], ["spy1", "spy3", "spy4"])
    s, _ = play(s, "play:spy2")
    s, _ = play(s, "call:forces")
    assert s.calls == [[0, 0, 0], [0, 1, 0]]
    s = position(["spy2", "forces", "hacker"], ["spy1", "spy3", "spy4"])
    legal = GAME.legal_actions(s)
    s.calls = [[0, 0, 0], [1, 6, 0]]
    assert GAME.search_actions(s, legal) == [a for a in legal if a != "play:forces"]
    assert GAME.observation(s, 0)["calls"] == [[0, 0, 0], [1, 6, 0]]
    s.calls = [[0, 0, 0], [2, 4, 1]]  # 4 of 7: a leaning, not a habit
    assert GAME.search_actions(s, legal) == legal
    s.calls = [[0, 0, 0], [0, 5, 0]]  # too few calls to call it a habit
    assert GAME.search_actions(s, legal) == legal
    only = position(["forces"], ["spy1", "spy3", "spy4"])
    only.calls = [[0, 0, 0], [0, 9, 0]]
    assert GAME.search_actions(only, GAME.legal_actions(only)) == ["play:forces"]
