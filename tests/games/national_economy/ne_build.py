"""Helpers for National Economy tests: hand-built positions that keep every card accounted for,
and a checked way to play actions on them."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.national_economy.data import BUILDING_IDS, GOODS, GOODS_COUNT
from tabletop.games.national_economy.model import NationalEconomyGame, NEState, Phase
from tabletop.games.national_economy.solo_words import SOLO_WORDS
from tabletop.testing.build import RulesKit

GAME = NationalEconomyGame()
KIT = RulesKit(GAME, SOLO_WORDS)
say, play = KIT.say, KIT.play


#: Each building's index in the deck's counts.
DECK_INDEX = {b: i for i, b in enumerate(BUILDING_IDS)}


def position(n: int = 2, *, hands: Sequence[Sequence[str]] | None = None,
             buildings: Sequence[Sequence[str]] | None = None,
             cash: Sequence[int] | None = None, household: int = 0, round_: int = 1,
             start: int = 0, workers: Sequence[int] | None = None,
             public_extra: Sequence[str] = ()) -> NEState:
    """A state at the start of ``round_`` with seat ``start`` to place. Cards named in hands,
    buildings and ``public_extra`` (sold buildings or round workplaces) are taken out of the
    deck or the consumer goods pile, so conservation still holds."""
    s = NEState(n)
    s.round = round_
    s.start = s.marker = s.active = start
    s.phase = Phase.PLACE
    s.cash = list(cash) if cash is not None else [5 + k for k in range(n)]
    s.issued = sum(s.cash)
    s.household = household
    s.issued += household
    if workers is not None:
        s.workers = list(workers)
    for p in range(n):
        give(s, p, hands[p] if hands is not None else (),
             buildings[p] if buildings is not None else ())
    lay_public(s, public_extra)
    assert min(s.deck) >= 0 and 0 <= s.goods <= GOODS_COUNT
    return s


def give(s: NEState, seat: int, hand: Sequence[str], buildings: Sequence[str]) -> None:
    """Seat ``seat``'s hand (sorted) and buildings, taken out of the deck or the consumer
    goods pile."""
    s.hands[seat] = sorted(hand)
    for c in hand:
        if c == GOODS:
            s.goods -= 1
        else:
            s.deck[DECK_INDEX[c]] -= 1
    s.buildings[seat] = list(buildings)
    s.own_used[seat] = [False] * len(buildings)
    for b in buildings:
        s.deck[DECK_INDEX[b]] -= 1


def lay_public(s: NEState, cards: Sequence[str]) -> None:
    """Add ``cards`` to the public workplaces (sold buildings or round workplaces), the
    buildings among them taken out of the deck."""
    for c in cards:
        s.public.append(c)
        s.public_workers.append([])
        if c in DECK_INDEX:
            s.deck[DECK_INDEX[c]] -= 1


def card_total(s: NEState) -> tuple[int, int]:
    """Building cards and consumer goods in every zone (NE-R1..NE-R11)."""
    buildings = sum(s.deck) + sum(s.discard) + len(s.revealed)
    goods = s.goods
    for p in range(s.n):
        goods += s.hands[p].count(GOODS)
        buildings += len(s.hands[p]) - s.hands[p].count(GOODS) + len(s.buildings[p])
    buildings += sum(1 for c in s.public if c in DECK_INDEX)
    return buildings, goods
