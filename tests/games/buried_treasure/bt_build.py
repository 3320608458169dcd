"""Helpers for Buried Treasure tests: build a position directly and play checked actions on it."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.buried_treasure.data import VALUE_INDEX, full_deck
from tabletop.games.buried_treasure.model import BuriedTreasureGame, BuriedTreasureState, Phase
from tabletop.games.buried_treasure.words import WORDS
from tabletop.testing.build import RulesKit
from tabletop.testing.build import kinds as kinds

GAME = BuriedTreasureGame()
KIT = RulesKit(GAME, WORDS)
say, play, refusal = KIT.say, KIT.play, KIT.refusal


def position(
    hands: Sequence[Sequence[int]],
    dealer: int = 0,
    centre: Sequence[int] = (),
    collected: Sequence[Sequence[int]] | None = None,
    rnd: int = 1,
) -> BuriedTreasureState:
    """The start of round ``rnd``: ``dealer`` is about to bury. The unused deck holds every
    card not placed elsewhere."""
    n = len(hands)
    s = BuriedTreasureState(n)
    s.phase = Phase.BURY
    s.hands = [sorted(h) for h in hands]
    s.centre = sorted(centre)
    s.collected = [list(c) for c in collected] if collected is not None else [[]] * n
    s.collected = [list(c) for c in s.collected]
    s.dealer = s.turn = dealer
    s.round = rnd
    left = full_deck()
    for v in [*(v for h in hands for v in h), *centre, *(v for c in s.collected for v in c)]:
        left[VALUE_INDEX[v]] -= 1
        assert left[VALUE_INDEX[v]] >= 0, v
    s.deck = left
    s.deck_size = sum(left)
    return s

