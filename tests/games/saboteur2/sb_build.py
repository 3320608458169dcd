"""Helpers for Saboteur 2 tests: build a position directly and play checked actions on it."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.saboteur2.data import CARD_INDEX, ROLE_COUNTS, ROLES, SHAPE_OF, SHAPES
from tabletop.games.saboteur2.maze import key, network
from tabletop.games.saboteur2.model import Saboteur2Game
from tabletop.games.saboteur2.state import Phase, Saboteur2State
from tabletop.games.saboteur2.words import WORDS
from tabletop.testing.build import RulesKit
from tabletop.testing.build import kinds as kinds

GAME = Saboteur2Game()
KIT = RulesKit(GAME, WORDS)
say, play = KIT.say, KIT.play

#: The goal layout of most tests: stone A on top, the gold in the middle, stone B below.
LAYOUT = ("G-STONE-A", "G-GOLD", "G-STONE-B")
FILLER = ("A-MAP", "A-MAP", "A-ROCK", "A-INS", "B-D09", "A-HOF")


def position(roles: Sequence[str], hands: Sequence[Sequence[str]] | None = None, *,
             turn: int = 0, maze: Sequence[tuple[str, int, int, bool]] = (),
             goals: Sequence[str] = LAYOUT, front: Sequence[Sequence[str]] | None = None,
             gold: Sequence[int] | None = None, rnd: int = 1,
             deck: int | None = None, options: dict[str, bool] | None = None,
             ) -> Saboteur2State:
    """Round ``rnd`` with ``turn`` to move. ``maze`` lists (card, x, y, turned) beside the
    start card. The stock holds every card not placed elsewhere; ``deck`` cuts the drawable
    deck to that many cards (the rest of the stock, beyond the ten set aside, is dropped)."""
    n = len(roles)
    opts = options or {}
    s = Saboteur2State(n, opts.get("extra_crystals", True), opts.get("geo_all", False))
    s.phase = Phase.PLAY
    s.round = rnd
    s.turn = s.starter = turn
    s.goals = list(goals)
    s.roles = list(roles)
    s.reserve = [c - list(roles).count(r) for r, c in zip(ROLES, ROLE_COUNTS, strict=True)]
    s.reserve_size = sum(s.reserve)
    s.hands = [sorted(h) for h in (hands if hands is not None else [FILLER] * n)]
    s.front = [list(f) for f in (front if front is not None else [[] for _ in range(n)])]
    s.gold = list(gold) if gold is not None else [0] * n
    used = [c for h in s.hands for c in h] + [c for f in s.front for c in f]
    for card, x, y, turned in maze:
        s.maze[key(x, y)] = SHAPE_OF[card, turned]
        used.append(card)
    s.net = network(s.maze, SHAPES)
    # Tests may lay out more copies of a card than the deck has; the stock never goes below 0.
    for c in used:
        s.stock[CARD_INDEX[c]] = max(0, s.stock[CARD_INDEX[c]] - 1)
    if deck is not None:
        # Keep ten set aside plus ``deck`` drawable cards, dropping the others as discards.
        keep = deck + 10
        for i in range(len(s.stock)):
            take = min(s.stock[i], keep)
            s.discards.extend([c for c, j in CARD_INDEX.items() if j == i] * (s.stock[i] - take))
            s.stock[i] = take
            keep -= take
    s.stock_size = sum(s.stock)
    return s


def straight_to(x_end: int, *, door: str | None = None,
                at: int = 4) -> list[tuple[str, int, int, bool]]:
    """A straight tunnel from (1,0) to (x_end,0); ``door`` ("X-G02" blue, "X-G05" green)
    at x = ``at``."""
    cards = ["B-P02", "B-P02", "B-P02", "X-P01", "X-P01", "B-P07", "B-P07", "B-P07"]
    out: list[tuple[str, int, int, bool]] = []
    for x in range(1, x_end + 1):
        out.append((door if door is not None and x == at else cards.pop(0), x, 0, False))
    return out
