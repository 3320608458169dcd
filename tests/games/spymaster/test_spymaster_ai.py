"""Spymaster AI strength: the hard search beats random play (slow; run with -m slow)."""

from __future__ import annotations

import pytest

from tabletop.games.spymaster.model import SpymasterGame
from tests.games.aicheck import rotated_wins, untimed

GAME = SpymasterGame()


@pytest.mark.slow
def test_hard_beats_random() -> None:
    games = 30
    wins = rotated_wins(GAME, untimed("hard"), untimed("random"), games, 100)
    assert wins >= 21, f"hard won {wins} of {games}"
