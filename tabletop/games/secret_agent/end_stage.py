"""The end stage and the final score of Secret Agent: the last card of the deck opens the end
stage (SA-R47), a seat may then declare itself out (SA-R50, SA-G09) or pass, the game ends
when every seat still in has passed in a row (SA-R51), and the most points win, tied on points
the most open technology cards (SA-R52, SA-G10).
"""

from __future__ import annotations

from tabletop.api import Event, take_copy

from .data import (
    LONG_TERM_HAND,
)
from .phases import Phase
from .state import SecretAgentState


def may_declare(s: SecretAgentState, seat: int) -> bool:
    """SA-R50, SA-G09: the end stage, and a hand of 3 or fewer under Long-term Government."""
    return s.deck_size == 0 and (s.ltg != seat or len(s.hands[seat]) <= LONG_TERM_HAND)


def take_from_deck(s: SecretAgentState, face: str, ev: list[Event]) -> None:
    take_copy(s.deck, face)
    s.deck_size -= 1
    if s.deck_size == 0 and not s.end_stage and s.phase != Phase.DEAL:
        s.end_stage = True  # SA-R47
        ev.append(Event("end_stage", {}))


def pass_turn(s: SecretAgentState, p: int, ev: list[Event]) -> None:
    """SA-R16, SA-R51: ``p`` passes; in the end stage the pass counts towards the end."""
    ev.append(Event("pass", {"seat": p}))
    if s.deck_size == 0:
        s.passed.append(p)  # SA-R51
    s.todo.append(["end_turn"])
    s.phase = Phase.IDLE


def declare(s: SecretAgentState, p: int, ev: list[Event]) -> None:
    """SA-R50: ``p`` declares itself out of the game; its country is scored as it stands."""
    s.declared[p] = True  # SA-R50
    s.passed = [q for q in s.passed if q != p]
    ev.append(Event("declare", {"seat": p}))
    s.todo.append(["end_turn"])
    s.phase = Phase.IDLE


def finished(s: SecretAgentState) -> bool:
    """SA-R51: every seat has declared, or the deck is out and every seat still in passed."""
    live = [p for p in range(s.n) if not s.declared[p]]
    return not live or (s.deck_size == 0 and all(p in s.passed for p in live))


def game_over(s: SecretAgentState, ev: list[Event]) -> None:
    """SA-R52, SA-G10: most points; tied, more open technology cards; still tied, shared."""
    key = [(s.score(p), s.tech_count(p)) for p in range(s.n)]
    best = max(key)
    s.winners = [p for p in range(s.n) if key[p] == best]
    s.phase = Phase.OVER
    s.actor = -1
    s.scores.append(",".join(str(s.score(p)) for p in range(s.n)))
    ev.append(Event("end", {"scores": [s.score(p) for p in range(s.n)],
                            "winners": s.winners[:]}))
