"""Helpers for Secret Agent tests: build a position directly and play checked actions on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.games.secret_agent.data import ALL_FACES, KINDS, LEADERS, kind_of
from tabletop.games.secret_agent.model import SecretAgentGame
from tabletop.games.secret_agent.phases import Phase
from tabletop.games.secret_agent.state import SecretAgentState, zones
from tabletop.testing.build import RulesKit
from tabletop.testing.build import kinds as kinds

GAME = SecretAgentGame()
KIT = RulesKit(GAME, __import__("tabletop.games.secret_agent.words",
                                fromlist=["WORDS"]).WORDS)
say, play, refusal = KIT.say, KIT.play, KIT.refusal


def position(hands: Sequence[Sequence[str]], *,
             country: Mapping[int, Sequence[str]] | None = None,
             counters: Mapping[int, Sequence[str]] | None = None,
             leaders: Sequence[str] | None = None, turn: int = 0,
             deck: Mapping[str, int] | None = None, discard: Sequence[str] = (),
             options: Mapping[str, object] | None = None) -> SecretAgentState:
    """Seat ``turn`` chooses its action. ``hands`` are the non-leader cards; each seat leads
    with ``leaders[p]`` (the leaders in order by default), which is in its hand. ``country``
    gives each seat's open technology bottom first; the deck holds every card not placed
    (or exactly ``deck``; what is left over then goes to the discard pile)."""
    n = len(hands)
    s = GAME.new_game(n, options)
    lead = list(leaders) if leaders is not None else list(LEADERS[:n])
    s.leader_pool = []
    s.leaders = lead
    s.removed = [c for c in LEADERS if c not in lead]
    s.hands = [sorted([*h, lead[p]]) for p, h in enumerate(hands)]
    s.stacks = [[] for _ in range(n * len(KINDS))]
    for p, cards in (country or {}).items():
        for c in cards:
            s.stack(p, kind_of(c)).append(c)
    s.counters = [list((counters or {}).get(p, ())) for p in range(n)]
    s.discard = list(discard)
    left = dict(ALL_FACES)
    for c in LEADERS:
        left[c] -= 1
    placed = [c for h in hands for c in h] + [c for st in s.stacks for c in st]
    placed += [c for ct in s.counters for c in ct] + list(discard)
    for c in placed:
        left[c] -= 1
        assert left[c] >= 0, c
    if deck is None:
        s.deck = {c: k for c, k in left.items() if k}
    else:
        s.deck = dict(deck)
        for c, k in deck.items():
            left[c] -= k
            assert left[c] >= 0, c
        s.discard += [c for c, k in sorted(left.items()) for _ in range(k)]
    s.deck_size = sum(s.deck.values())
    s.first = 0
    s.turn = turn
    s.turns = 1
    s.hand_base = [len(h) for h in s.hands]
    s.pending = []
    s.phase = Phase.ACTION
    s.actor = turn
    assert zones(s) == ALL_FACES
    return s
