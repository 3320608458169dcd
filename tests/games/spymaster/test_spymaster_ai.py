"""Spymaster AI strength: the hard search beats random play (slow; run with -m slow)."""

from __future__ import annotations

import pytest

from tabletop.ai.levels import make_agent
from tabletop.engine import Session
from tabletop.games.spymaster.model import SpymasterGame

GAME = SpymasterGame()


def _match(levels: tuple[str, str], seed: int) -> list[float]:
    session = Session(GAME, 2, None, seed, human_seats=())
    # No time cap: a seeded match must replay the same whatever the machine's speed.
    agents = [make_agent(level, time_cap=None) for level in levels]
    while not session.is_terminal():
        seat = session.current_player()
        decision = agents[seat].choose(GAME, session.observation(seat), seat,
                                       session.legal_actions(),
                                       seed=seed * 1000 + len(session.history))
        session.submit(seat, decision.action)
    return session.returns()


@pytest.mark.slow
def test_hard_beats_random() -> None:
    wins = 0
    games = 30
    for i in range(games):
        hard = i % 2  # swap seats every game
        levels = ("hard", "random") if hard == 0 else ("random", "hard")
        ret = _match(levels, 100 + i)
        wins += ret[hard] > ret[1 - hard]
    assert wins >= 21, f"hard won {wins} of {games}"
