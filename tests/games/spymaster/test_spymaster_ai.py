"""Spymaster AI: the hard search beats random play (slow; run with -m slow) and meets a caller
in its search as he has called, so a fixed habit is not rewarded."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.ai.levels import make_agent
from tabletop.games.spymaster.model import SpymasterGame
from tabletop.testing.aicheck import rotated_wins, untimed
from tests.games.spymaster.spy_build import play, position

GAME = SpymasterGame()


@pytest.mark.slow
def test_hard_beats_random() -> None:
    games = 30
    wins = rotated_wins(GAME, untimed("hard"), untimed("random"), games, 100)
    assert wins >= 21, f"hard won {wins} of {games}"


def test_calls_are_counted_and_the_search_meets_a_caller_as_he_has_called() -> None:
    # SM-R12: every call is public. In the search's careless share a defender names each type
    # in proportion to his calls so far, from an even start (CALL_PRIOR, one call of each).
    s = position(["spy2", "forces", "hacker"], ["spy1", "spy3", "spy4"])
    s, _ = play(s, "play:spy2")
    s, _ = play(s, "call:forces")
    assert s.calls == [[0, 0, 0], [0, 1, 0]]
    assert GAME.observation(s, 0)["calls"] == [[0, 0, 0], [0, 1, 0]]

    def shares(calls: list[int], card: str, draws: int = 6000) -> dict[str, float]:
        t = position(["spy2", "forces", "hacker"], ["spy1", "spy3", "spy4"])
        t, _ = play(t, f"play:{card}")
        t.calls = [[0, 0, 0], calls]
        legal = GAME.legal_actions(t)
        rng = random.Random(7)
        seen = Counter(GAME.opponent_model(t, 0, legal, rng) for _ in range(draws))
        return {a: n / draws for a, n in seen.items()}

    even = shares([0, 0, 0], "spy2")
    assert set(even) == {"call:spy", "call:forces", "call:hacker"}
    assert all(abs(v - 1 / 3) < 0.03 for v in even.values()), even
    habit = shares([0, 10, 0], "spy2")  # (10 + 1) / (10 + 3)
    assert abs(habit["call:forces"] - 11 / 13) < 0.03, habit
    leaning = shares([2, 4, 1], "spy2")  # 3/10, 5/10, 2/10
    assert abs(leaning["call:forces"] - 0.5) < 0.03, leaning
    assert abs(leaning["call:hacker"] - 0.2) < 0.03, leaning
    # The model reads the calls, never the face-down card: the same draws whatever was played.
    assert shares([0, 10, 0], "hacker") == habit == shares([0, 10, 0], "forces")


def test_the_model_guesses_only_the_defenders_call() -> None:
    # The attacker's face-down play (SM-R11), the tuck question (SM-R27) and the discards
    # (SM-R15) are left to the search's uniform guess.
    s = position(["spy2", "forces", "hacker"], ["spy1", "spy3", "spy4"])
    rng = random.Random(1)
    assert GAME.opponent_model(s, 1, GAME.legal_actions(s), rng) is None
    s, _ = play(s, "play:spy2")
    s, _ = play(s, "call:forces")
    assert GAME.opponent_model(s, 1, GAME.legal_actions(s), rng) is None


def test_hard_keeps_the_type_a_caller_always_names_for_last() -> None:
    # SM-R12, SM-R20, SM-R21, SM-R26: against a defender who has named Special Forces in all
    # of his 12 calls, a Special Forces attack is caught and costs a document, while the
    # three spies in hand each get through and together expose one (the third in the row).
    # Hard then never opens with Special Forces; against a defender whose 12 calls were even
    # it does, as a Special Forces gets through two times in three.
    hard = make_agent("hard", time_cap=None)

    def openings(calls: list[int]) -> Counter[str]:
        s = position(["spy2", "spy3", "spy4", "forces"], ["spy1", "spy6", "hacker", "hacker",
                                                          "spy9"], rounds=5)
        s.calls = [[3, 3, 3], calls]
        obs, legal = GAME.observation(s, 0), GAME.legal_actions(s)
        return Counter(hard.choose(GAME, obs, 0, legal, seed=k).action for k in range(20))

    habit = openings([0, 12, 0])
    assert habit["play:forces"] == 0, habit
    assert sum(habit.values()) == 20
    even = openings([4, 4, 4])
    assert even["play:forces"] >= 2, even
