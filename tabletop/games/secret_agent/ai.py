"""What Secret Agent tells the AI's search: how far a country is ahead (the heuristic that
judges a playout cut short) and how a playout plays (a cheap policy that plays like a
sensible player rather than at random).

The search calls both on states drawn from the searching seat's own observation
(``hidden.resampler`` deals the others' hands, the face-down spies and the deck afresh each
time), so they may read the whole state they are given: it is a guess, never the truth.

The worth of a country (``worth``): its points, plus a share of what its hand may still add
or protect. A technology card in hand is nearly its points (one is played a turn); a
defector counts in the end stage, when it may be employed (SA-R49); spies, disasters,
super spies and contracts are the means of attack and defence; counters, open or in hand,
protect the points already down. Points on the top of a stack are exposed to disasters and
super spies, less so behind an open counter. Where Peace avoids the whole War (the
``peace_ends_war`` option) it shields the rivals too: an open Peace is worth less to its owner,
and a playout plays one against War only when it saves its owner at least what it saves the
rival it saves most.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .data import (
    BODY_DOUBLE,
    CONTRACT,
    COUNTER,
    DEFECTOR,
    DISASTER,
    DISASTER_STOPPERS,
    LEADER,
    PEACE,
    SPY,
    SUPER,
    TECH,
    family,
    value,
)
from .phases import Phase
from .state import SecretAgentState

#: What a card in hand may still bring, by family (technology and defectors by their value).
HAND_WORTH: dict[str, float] = {
    DISASTER: 1.0, SPY: 0.3, SUPER: 2.2, CONTRACT: 0.5, COUNTER: 1.0, LEADER: 0.0,
}
#: An open counter in the country: what it protects (the disaster stoppers most).
OPEN_COUNTER_WORTH: dict[str, float] = {BODY_DOUBLE: 1.2, PEACE: 0.8}
#: An open Peace where it avoids the whole War: it still keeps Revolution and Coup off its
#: owner alone, but against War it saves the rivals as well.
SHARED_PEACE_WORTH = 0.5
DISASTER_STOPPER_WORTH = 1.6
SUPER_STOPPER_WORTH = 1.0
#: How much of a stack's exposed top card the heuristic writes off, without an open
#: disaster stopper (a disaster or a super spy may take it).
EXPOSED = 0.06
#: How far apart two countries' worths are when the heuristic says "clearly ahead".
SCALE = 7.0
#: Decisions a playout makes before the heuristic judges it (a game runs 250-400).
PLAYOUT_DEPTH = 16
#: Guesses of the hidden hands, spies and bids hard searches apart (``Game.search_guesses``),
#: each with a sixth of its iterations.
SEARCH_GUESSES = 6


def worth(s: SecretAgentState, p: int) -> float:
    """A seat's points, with a share of what its hand and open counters may add or keep."""
    total = 0.0
    exposed = 0
    for st in s.country(p):
        for c in st:
            total += value(c)
        if st:
            exposed += value(st[-1])
    end = s.deck_size == 0
    shielded = False
    for c in s.counters[p]:
        if c in DISASTER_STOPPERS:
            total += DISASTER_STOPPER_WORTH
            shielded = True
        elif c == PEACE and s.peace_ends_war:
            total += SHARED_PEACE_WORTH
        else:
            total += OPEN_COUNTER_WORTH.get(c, SUPER_STOPPER_WORTH)
    if not shielded:
        total -= EXPOSED * exposed
    hand = s.hands[p]
    tech = 0
    for c in hand:
        fam = family(c)
        if fam == TECH:
            # One technology card goes down a turn: the later ones are worth a little less.
            total += (0.85 if tech < 2 else 0.6) * value(c)
            tech += 1
        elif fam == DEFECTOR:
            total += (0.9 if end else 0.45) * value(c)
        elif fam == SPY:
            total += HAND_WORTH[SPY] + 0.08 * value(c)
        else:
            total += HAND_WORTH.get(fam, 0.0)
    return total


def heuristics(s: SecretAgentState) -> list[float | None]:
    """Every seat's standing: its worth against the best of the others', in (-1, 1)."""
    if s.phase == Phase.OVER:
        return [1.0 if p in s.winners else -1.0 for p in range(s.n)]
    w = [worth(s, p) for p in range(s.n)]
    out: list[float | None] = []
    for p in range(s.n):
        rival = max(x for q, x in enumerate(w) if q != p)
        out.append(math.tanh((w[p] - rival) / SCALE))
    return out


def _leader(s: SecretAgentState, seat: int) -> int:
    """The rival ``seat`` should hit: the most points on the table (ties: the first)."""
    best, best_v = -1, -1
    for q in s.others(seat):
        v = s.score(q)
        if v > best_v:
            best, best_v = q, v
    return best


def _target(a: str) -> int:
    """The seat an attack's action text names (``disaster:<card>:<seat>``, ``secret:<seat>``,
    ``special:<card>:<seat>:<mode>``, ``destroy:<seat>:<counter>``)."""
    parts = a.split(":")
    if parts[0] in ("secret", "destroy"):
        return int(parts[1])
    return int(parts[2])


def _turn_choice(s: SecretAgentState, legal: Sequence[str], rng: random.Random) -> str | None:
    best = ""
    best_v = -1
    attacks: list[str] = []
    counters: list[str] = []
    for a in legal:
        k = a.partition(":")[0]
        if k in ("tech", "employ"):
            v = value(a.partition(":")[2])
            if v > best_v:
                best, best_v = a, v
        elif k in ("disaster", "special", "secret", "destroy"):
            attacks.append(a)
        elif k == "defence":
            counters.append(a)
    if best and rng.random() < 0.85:
        return best
    r = rng.random()
    if counters and r < 0.3:
        return counters[rng.randrange(len(counters))]
    if attacks and r < 0.8:
        # Hit the leader when the attack can; otherwise anyone.
        lead = _leader(s, s.actor)
        aimed = [a for a in attacks if _target(a) == lead]
        pool = aimed if aimed and rng.random() < 0.75 else attacks
        return pool[rng.randrange(len(pool))]
    if best:
        return best
    if "pass" in legal:
        return "pass"
    return None


def playout_choice(s: SecretAgentState, legal: Sequence[str], rng: random.Random) -> str | None:
    """A cheap playout policy: raise technology when possible, otherwise attack the leader or
    lay a counter; answer attacks with a counter when the hand holds one; lose and shed the
    least; bid now and then. ``None``: a uniform choice."""
    if len(legal) == 1:
        return legal[0]
    phase = s.phase
    if phase == Phase.ACTION:
        return _turn_choice(s, legal, rng)
    if phase in (Phase.STOP, Phase.BODY_DOUBLE, Phase.DEFEND):
        for a in legal:
            if a.startswith("counter:"):
                return a
        if phase == Phase.DEFEND:
            if "done" in legal and (rng.random() < 0.5 or len(s.def_spies) >= 2):
                return "done"
            return None
        return "no"
    if phase == Phase.COMMIT:
        if "done" in legal and (rng.random() < 0.5 or len(s.atk_spies) >= 3):
            return "done"
        return legal[-1]  # the strongest spy ("done" sorts first)
    if phase == Phase.CD_DEFEND:
        if s.multi_defence and s.def_spies and "done" in legal:
            return "done"
        spies = [a for a in legal if a.startswith("spy:")]
        return spies[0] if spies else "no"  # the weakest spy that saves the counter
    if phase == Phase.LOSE:
        cheapest = min((a for a in legal if a.startswith("lose:")),
                       key=lambda a: value(a.partition(":")[2]), default=None)
        for a in legal:
            if a.startswith("counter:") and (cheapest is None or _peace_pays(s, cheapest)):
                return a
        return cheapest if cheapest is not None else legal[0]
    if phase == Phase.SHED:
        return min(legal, key=_shed_key)
    if phase == Phase.HIT:
        return max(legal, key=lambda a: value(a.partition(":")[2]))
    if phase in (Phase.COUP, Phase.ATTACH):
        lead = _leader(s, s.actor)
        want = f"{phase.replace('coup', 'target')}:{lead}"
        return want if want in legal else None
    if phase == Phase.KILL:
        return "kill"
    if phase == Phase.AUCTION:
        return "no" if rng.random() < 0.5 else None
    if phase == Phase.REFILL:
        return "refill"
    if phase == Phase.REROLL:
        return "accept"
    return None


def _cheapest_loss(s: SecretAgentState, p: int) -> int:
    """The least a seat can lose to a War: its cheapest open technology card (a top where
    only tops may go), 0 with none."""
    stacks = [st for st in s.country(p) if st]
    cards = [st[-1] for st in stacks] if s.tops_only else [c for st in stacks for c in st]
    return min((value(c) for c in cards), default=0)


def _peace_pays(s: SecretAgentState, cheapest: str) -> bool:
    """Whether the seat losing to an event plays its Peace: always, but where Peace avoids
    the whole War (``peace_ends_war``), only if it saves the seat at least what it saves the
    rival still to lose who is saved most."""
    if s.lose_cause != "war" or not s.peace_ends_war:
        return True
    rivals = [int(t[1]) for t in s.todo if t[0] == "lose" and t[3] == "war"]
    spared = max((_cheapest_loss(s, q) for q in rivals if q != s.actor), default=0)
    return value(cheapest.partition(":")[2]) >= spared


def _shed_key(a: str) -> float:
    """What a card shed costs: technology most, then counters and super spies."""
    c = a.partition(":")[2]
    fam = family(c)
    if fam == TECH:
        return 10.0 + value(c)
    if fam in (SUPER, COUNTER):
        return 8.0
    if fam == DISASTER:
        return 5.0
    return float(value(c)) * 0.5 if fam == SPY else 1.0

