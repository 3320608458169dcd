"""The phases of Secret Agent's rules model, and the small reads of a state that the steps of
several phases share (who holds something to answer with, who may force a re-roll, which
rivals a disaster may strike, which stacks may be re-ordered).

A phase names what the game waits for: a chance outcome (the first group) or the decision of
the seat in ``actor`` (the second). ``idle`` lies between steps, while ``rules.settle`` runs
the queued tasks.
"""

from __future__ import annotations

from .data import (
    COLONEL,
    CONTRACT,
    CONTRACTS,
    DISASTER_STOPPERS,
    KINDS,
    RELIGIOUS,
    SPY,
    family,
    kind_of,
)
from .state import SecretAgentState


class Phase:
    """The phases of the game: what a state waits for (its ``phase``), chance nodes first."""

    LEADERS = "leaders"        # SA-R05
    FIRST = "first"            # SA-R06
    DEAL = "deal"              # SA-R07..R09
    DRAW = "draw"              # SA-R12
    REFILL_DRAW = "refill_draw"  # SA-R15
    STEAL = "steal"            # SA-R27: a random card of the defender's hand
    ROLL = "roll"              # SA-R40
    # Decisions.
    START = "start"            # LD-PM: draw, or reorganise instead of drawing and acting
    ACTION = "action"          # SA-R13
    COMMIT = "commit"          # the attacker adds spies (SA-R20, SA-R27)
    DEFEND = "defend"          # the defender of a disaster attack (SA-R21)
    CD_SPY = "cd_spy"          # counter destruction: the attacker's spy (SA-R25)
    CD_DEFEND = "cd_defend"    # ... the defender's answer (SA-R25, SA-R26)
    STOP = "stop"              # a counter from hand against a super spy or a drawn disaster
    BODY_DOUBLE = "body_double"  # SA-R28: cancel an assassination
    KILL = "kill"              # SA-C5: discard a weaker spy drawn, or not
    HIT = "hit"                # SA-R31: what an open super spy action hits
    REROLL = "reroll"          # SA-R53: the Supreme Religious Leader may force a re-roll
    AUCTION = "auction"        # SA-R35
    LOSE = "lose"              # War, Revolution, Coup, assassination: choose a card to lose
    SHED = "shed"              # Recession, Panic: discard down
    COUP = "coup"              # name the player who loses a card
    DOUBLE_SPY = "double_spy"  # discard a super spy
    REORG = "reorg"            # choose a stack to re-order
    PUT = "put"                # re-order it, top card first
    ATTACH = "attach"          # attach Long-term Government
    REFILL = "refill"          # SA-R15: take the special refill or not
    OVER = "over"
    IDLE = "idle"              # between steps: ``settle`` runs the queued tasks


CHANCE_PHASES = frozenset((Phase.LEADERS, Phase.FIRST, Phase.DEAL, Phase.DRAW, Phase.REFILL_DRAW,
                           Phase.STEAL, Phase.ROLL))

PEACEABLE = frozenset(("war", "rev", "coup"))


def spies_in(hand: list[str]) -> list[str]:
    return sorted({c for c in hand if family(c) == SPY})


def holds_non_leader(s: SecretAgentState, seat: int) -> bool:
    """Whether ``seat``'s hand may hold something to answer with: a public fact (the hand's
    size and whether its leader is in it), so asking never tells what the hand holds."""
    hand = s.hands[seat]
    return len(hand) > (1 if s.leaders[seat] in hand else 0)


def colonel_modifier(s: SecretAgentState, seat: int) -> int:
    """SA-R41, SA-G07: the Colonel takes 1 off every roll he makes."""
    return -1 if s.has_ability(seat, COLONEL) else 0


def reroller(s: SecretAgentState) -> int:
    """SA-R53: the seat that may force a re-roll of the roll just made, or -1."""
    if not s.leaders_on or s.rerolled or s.rel_left <= 0:
        return -1
    for p in range(s.n):
        if s.leaders[p] == RELIGIOUS and not s.declared[p]:
            return p
    return -1


def disaster_targets(s: SecretAgentState, seat: int, face: str) -> list[int]:
    """SA-R20, SA-C1: rivals with a card of the disaster's kind, or an open counter that stops
    disasters (which the attack then uses up)."""
    kind = kind_of(face)
    return [d for d in s.others(seat)
            if s.stack(d, kind) or any(c in DISASTER_STOPPERS for c in s.counters[d])]


def reorg_kinds(s: SecretAgentState, seat: int) -> list[str]:
    return [k for k in KINDS if len(s.stack(seat, k)) >= 2]


def contracts_out(s: SecretAgentState) -> bool:
    """Whether some contract may still be in a hand: not every one lies in the open piles."""
    seen = sum(1 for c in s.discard + s.removed if family(c) == CONTRACT)
    return seen < len(CONTRACTS)
