"""Helpers for Sheep & Thief tests: build a placement position directly, put cards and sheep
on a sheet, and play checked actions on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.games.sheep_and_thief.data import CELL_OF_TEXT, cell_of
from tabletop.games.sheep_and_thief.model import SheepAndThiefGame
from tabletop.games.sheep_and_thief.state import Phase, SheepState, start_sheets
from tabletop.games.sheep_and_thief.words import WORDS
from tabletop.testing.build import RulesKit
from tabletop.testing.build import kinds as kinds

GAME = SheepAndThiefGame()
KIT = RulesKit(GAME, WORDS)
say, play, reason = KIT.say, KIT.play, KIT.reason


def cell(text: str) -> int:
    """A cell from its text form "row,col"."""
    return CELL_OF_TEXT[text]


def position(hands: Sequence[Sequence[str]], turn: int = 0, thief: tuple[int, int] = (2, 2),
             rnd: int = 1, start: int = 0,
             options: Mapping[str, object] | None = None) -> SheepState:
    """The placement of round ``rnd``: every sheet holds only its house (with its sheep),
    ``turn`` is to place, the hands are as given and the deck holds every other card."""
    s = GAME.new_game(len(hands), options)
    n = s.n
    s.houses = [(p - start) % n + 1 for p in range(n)]
    s.start = start
    start_sheets(s)
    s.phase = Phase.PLACE
    s.round = rnd
    s.turn = turn
    s.hands = [sorted(h) for h in hands]
    for h in hands:
        for c in h:
            s.deck.remove(c)
    s.thief = cell_of(*thief)
    return s


def put(s: SheepState, seat: int, where: str, card: str, sheep: int = 0,
        down: bool = False) -> SheepState:
    """Lay ``card`` on ``seat``'s sheet at ``where`` ("row,col") with ``sheep`` sheep from the
    stock (the card leaves the deck)."""
    i = cell(where)
    s.deck.remove(card)
    s.sheets[seat][i] = card
    s.down[seat][i] = down
    s.sheep[seat][i] += sheep
    s.stock -= sheep
    return s


def sheep_total(s: SheepState) -> int:
    """Every sheep piece: the stock, the sheets and the fences."""
    return s.stock + sum(sum(row) for row in s.sheep) + sum(s.fence)
