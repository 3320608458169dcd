"""Helpers for Not My Fault! tests: build a position directly and play checked actions on it."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.not_my_fault.data import VALUE_INDEX, full_deck
from tabletop.games.not_my_fault.model import NotMyFaultGame, NotMyFaultState, Phase
from tabletop.games.not_my_fault.words import WORDS
from tabletop.testing.build import RulesKit
from tabletop.testing.build import kinds as kinds

GAME = NotMyFaultGame()
KIT = RulesKit(GAME, WORDS)
say, reason, play = KIT.say, KIT.reason, KIT.play


def position(
    hands: Sequence[Sequence[int]],
    turn: int = 0,
    centre: Sequence[int] = (),
    owners: Sequence[int] | None = None,
    declared: int = 0,
    reprimands: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    rounds: int = 2,
) -> NotMyFaultState:
    """A position where ``turn`` is about to act, one hand per player. Unless ``owners`` is
    given, the centre cards were put down by the players just before ``turn``, in order, so
    the last one is the declarer's. The reserve holds every card not placed elsewhere."""
    n = len(hands)
    s = NotMyFaultState(n)
    s.phase = Phase.PLAY
    s.hands = [sorted(h) for h in hands]
    s.centre = list(centre)
    if owners is None:
        k = len(centre)
        owners = [(turn - k + i) % n for i in range(k)]
    s.owners = list(owners)
    s.declared = declared
    s.declarer = s.owners[-1] if s.owners else -1
    s.turn = turn
    s.starter = s.owners[0] if s.owners else turn
    s.reprimands = list(reprimands) if reprimands is not None else [0] * n
    s.discard = list(discard)
    s.rounds = rounds
    s.deals = 1
    left = full_deck()
    for v in [*(v for h in hands for v in h), *centre, *discard]:
        left[VALUE_INDEX[v]] -= 1
        assert left[VALUE_INDEX[v]] >= 0, v
    s.deck = left
    s.deck_size = sum(left)
    return s

