"""Helpers for Magos tests: build a duel position directly and play checked actions on it."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.magos.data import FIRST_GAME_HAND
from tabletop.games.magos.model import MagosGame, MagosState
from tabletop.games.magos.words import SOLO_WORDS
from tabletop.testing.build import RulesKit

GAME = MagosGame()
KIT = RulesKit(GAME, SOLO_WORDS)
say, play = KIT.say, KIT.play


def duel(
    hand0: Sequence[str] = FIRST_GAME_HAND,
    hand1: Sequence[str] = FIRST_GAME_HAND,
    dice: Sequence[int] = (),
    active: int = 0,
    hp: tuple[int, int] = (15, 15),
    max_hp: tuple[int, int] = (15, 15),
    mana: tuple[int, int] = (0, 0),
    max_mana: tuple[int, int] = (8, 8),
    turns: tuple[int, int] = (3, 3),
    first: int = 0,
    setup: str = "first-game",
    turn_limit: int = 40,
) -> MagosState:
    """A main-phase position with ``active`` to play and ``dice`` rolled."""
    s = MagosState(setup, turn_limit)
    s.phase = "main"
    s.first = first
    s.active = active
    s.turns = list(turns)
    s.hp = list(hp)
    s.max_hp = list(max_hp)
    s.mana = list(mana)
    s.max_mana = list(max_mana)
    s.hands = [list(hand0), list(hand1)]
    s.revealed = [[False] * len(hand0), [False] * len(hand1)]
    s.dealt = [[], []]
    s.dice = sorted(dice)
    s.used = [False] * len(dice)
    return s

