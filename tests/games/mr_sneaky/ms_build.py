"""Helpers for Mr. Sneaky tests: build a position directly and play checked actions on it."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tabletop.games.mr_sneaky.data import DOORS, NOTHING, card_counts
from tabletop.games.mr_sneaky.model import MrSneakyGame
from tabletop.games.mr_sneaky.state import AT_START, Phase, SneakyState
from tabletop.games.mr_sneaky.words import WORDS
from tabletop.testing.build import RulesKit
from tabletop.testing.build import kinds as kinds

GAME = MrSneakyGame()
KIT = RulesKit(GAME, WORDS)
say, reason, play = KIT.say, KIT.reason, KIT.play


#: D1 Nothing, D2 Trap 1, D3 Treasure, D4 Trap 2, D5 Nothing, D6 Trap 1, D7 Nothing, D8 Nothing.
LAYOUT = "N1T2N1NN"


def door(name: str) -> int:
    return DOORS.index(name)


def position(
    layout: str = LAYOUT,
    rich: int = 0,
    thief: str = "S",
    moves: int = 0,
    guards: int = 0,
    opened: Iterable[str] = (),
    cards: Mapping[str, Sequence[str]] | None = None,
    jewels: tuple[int, int] = (0, 0),
    agents: tuple[Sequence[str], Sequence[str]] = ((), ()),
    phase: str = Phase.MOVE,
    drawn: str = "",
    discard: Sequence[str] = (),
    deck: Mapping[str, int] | None = None,
    nothing: int | None = None,
    rnd: int = 1,
) -> SneakyState:
    """A position in round ``rnd`` with the given doors, pieces and cards. Unless ``deck`` is
    given, the deck holds every card not placed elsewhere; ``nothing`` defaults to the number
    of open Nothing doors."""
    s = SneakyState()
    s.phase = phase
    s.first = 0
    s.rich = rich
    s.round = rnd
    s.doors = list(layout)
    for name in opened:
        s.opened[door(name)] = True
    for name, on in (cards or {}).items():
        s.cards[door(name)] = list(on)
    s.thief = AT_START if thief == "S" else door(thief)
    s.moves = moves
    s.guards = guards
    s.nothing = (sum(1 for d in range(8) if s.opened[d] and s.doors[d] == NOTHING)
                 if nothing is None else nothing)
    s.jewels = list(jewels)
    s.agents = [list(agents[0]), list(agents[1])]
    s.drawn = drawn
    s.discard = list(discard)
    if deck is None:
        left = card_counts()
        placed = [*discard, *agents[0], *agents[1], *(c for on in s.cards for c in on)]
        if drawn:
            placed.append(drawn)
        for c in placed:
            left[c] -= 1
            assert left[c] >= 0, c
        s.deck = {c: k for c, k in sorted(left.items()) if k}
    else:
        s.deck = {c: k for c, k in deck.items() if k}
    s.deck_size = sum(s.deck.values())
    return s



def shuffle_closed(s: SneakyState, rng: random.Random) -> SneakyState:
    """``s`` with the tiles behind the closed doors dealt again at random."""
    t = s.clone()
    closed = [d for d in range(8) if not t.opened[d]]
    tiles = [t.doors[d] for d in closed]
    rng.shuffle(tiles)
    for d, tile in zip(closed, tiles, strict=True):
        t.doors[d] = tile
    return t
