"""Helpers for Not My Fault! tests: build a position directly and play checked actions on it."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine import Event, Msg
from tabletop.games.not_my_fault.data import VALUE_INDEX, full_deck
from tabletop.games.not_my_fault.model import P_PLAY, NotMyFaultGame, NotMyFaultState
from tabletop.games.not_my_fault.words import WORDS

GAME = NotMyFaultGame()


def say(value: Msg | Event | str | None, lang: str = "en") -> str:
    """``value`` in words, as the app shows it; a code without words fails the test."""
    from tabletop.text import render

    return render(value, lang, WORDS, strict=True)


def reason(state: NotMyFaultState, action: str, lang: str = "en") -> str:
    """The words of the rules' refusal of ``action`` ("" when it is legal)."""
    return say(GAME.reason(state, action), lang)


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
    s.phase = P_PLAY
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


def play(state: NotMyFaultState, *actions: str) -> tuple[NotMyFaultState, list[Event]]:
    """Apply ``actions`` (chance outcomes included) with the full legality check."""
    events: list[Event] = []
    for a in actions:
        state, evs = GAME.apply(state, a)
        events.extend(evs)
    return state, events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]
