"""Helpers for Spymaster tests: build a position directly and play checked actions on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.games.spymaster.data import DECK_MIXES, DEFAULT_MIX, sort_key
from tabletop.games.spymaster.model import Phase, SpymasterGame, SpymasterState
from tabletop.games.spymaster.words import WORDS
from tabletop.testing.build import RulesKit
from tabletop.testing.build import kinds as kinds

GAME = SpymasterGame()
KIT = RulesKit(GAME, WORDS)
say, reason, play = KIT.say, KIT.reason, KIT.play


def position(
    hand0: Sequence[str] = (),
    hand1: Sequence[str] = (),
    attacker: int = 0,
    rows: tuple[Sequence[str], Sequence[str]] = ((), ()),
    discard: Sequence[str] = (),
    deck: Mapping[str, int] | None = None,
    exposed: tuple[int, int] = (0, 0),
    rounds: int = 3,
    may_stop: bool = False,
) -> SpymasterState:
    """A position where ``attacker`` is about to play. Unless ``deck`` is given, the deck
    holds every card of the default mix that is not placed elsewhere. Hands are kept in
    hand order (Spies by number, Special Forces, Hackers) as the model keeps them."""
    s = SpymasterState(DEFAULT_MIX, may_stop)
    s.phase = Phase.PLAY
    s.first = 0
    s.attacker = attacker
    s.rounds = rounds
    s.hands = [sorted(hand0, key=sort_key), sorted(hand1, key=sort_key)]
    s.rows = [list(rows[0]), list(rows[1])]
    s.tucks = [[""] * len(rows[0]), [""] * len(rows[1])]
    s.discard = list(discard)
    s.exposed = list(exposed)
    if deck is None:
        left = DECK_MIXES[DEFAULT_MIX].counts()
        for c in [*hand0, *hand1, *rows[0], *rows[1], *discard]:
            left[c] -= 1
            assert left[c] >= 0, c
        s.deck = {c: k for c, k in left.items() if k}
    else:
        s.deck = {c: k for c, k in deck.items() if k}
    s.deck_size = sum(s.deck.values())
    return s

