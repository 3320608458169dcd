"""Super spies in Secret Agent: an open action hits a card of the defender's country, a secret
action draws from the hand and always succeeds in the super spy's own way (SA-R29..SA-R31);
only his own counter stops him (SA-R30); two super spies clash on a roll (SA-R33, SA-C4,
SA-G04); and a super spy used is put up for hire in an auction of contracts (SA-R32,
SA-R34..SA-R36, LD-EMP).
"""

from __future__ import annotations

from tabletop.api import Event

from . import attacks
from .data import (
    CONTRACT,
    COUNTER,
    DEFECTOR,
    DISASTER,
    G13,
    JB,
    LEADER,
    LUPIN,
    RANBO,
    RANBO_LOW_THRESHOLD,
    SUPER,
    SUPER_STOPPER,
    TECH,
    family,
    kind_of,
    value,
)
from .phases import Phase, contracts_out, holds_non_leader
from .state import SecretAgentState, recall, return_to_hand, take_from_hand, tops


def hit_options(s: SecretAgentState) -> list[str]:
    """SA-R31: what an open super spy action may hit in the defender's country."""
    d = s.defender
    ss = s.played
    out = [f"hit:{f}" for f in tops(s, d)]
    if ss in (JB, RANBO):
        out.extend(f"hit:{c}" for c in sorted(set(s.counters[d])))
    if ss == RANBO:
        out.extend(f"low:{f}" for f in sorted({c for st in s.country(d) for c in st[:-1]}))
    return sorted(out)


def special_stop(s: SecretAgentState, ev: list[Event]) -> None:
    """SA-R30: only the super spy's own counter stops him, open (automatic) or from hand."""
    d = s.defender
    stopper = SUPER_STOPPER[s.played]
    if attacks.use_open(s, d, (stopper,), ev):
        attacks.finish_attack(s, ev)
    elif holds_non_leader(s, d):
        s.threat = s.played
        s.phase = Phase.STOP
        s.actor = d
    else:
        special_effect(s, ev)


def special_effect(s: SecretAgentState, ev: list[Event]) -> None:
    if s.target == "secret":
        s.phase = Phase.STEAL
        return
    if hit_options(s):
        s.phase = Phase.HIT
        s.actor = s.attacker
    else:
        ev.append(Event("nothing_to_hit", {"seat": s.defender}))
        attacks.finish_attack(s, ev)


def hit(s: SecretAgentState, kind: str, face: str, ev: list[Event]) -> None:
    d = s.defender
    if kind == "low":  # RANBO!'s lower card needs 7 or less
        s.threat = face
        attacks.start_roll(s, s.attacker, RANBO_LOW_THRESHOLD, "ranbo")
        return
    if family(face) == COUNTER:
        s.counters[d].remove(face)
        s.discard.append(face)
        ev.append(Event("counter_destroyed", {"seat": d, "card": face}))
    elif s.played == LUPIN:
        card = s.stack(d, kind_of(face)).pop()
        ev.append(Event("lupin", {"seat": s.attacker, "target": d, "card": card}))
        s.stack(s.attacker, kind_of(card)).append(card)
    else:
        attacks.destroy_top(s, d, kind_of(face), ev)
    attacks.finish_attack(s, ev)


def super_secret(s: SecretAgentState, ev: list[Event]) -> None:
    """SA-R31: a super spy's secret action always succeeds, in his own way."""
    ss = s.played
    face = s.stolen
    fam = family(face)
    d = s.defender
    if fam == SUPER:  # SA-R33
        s.clash = []
        attacks.start_roll(s, s.attacker, 0, "clash_a")
        return
    if fam == LEADER:
        if ss == LUPIN:
            attacks.return_stolen(s, ev)
            attacks.finish_attack(s, ev)
        else:
            attacks.assassinate(s, ev)
        return
    if ss == G13:  # every card he draws is destroyed
        attacks.discard_stolen(s, ev)
    elif fam == TECH:
        if ss == LUPIN:
            s.stolen = ""
            attacks.to_country(s, s.attacker, face, ev)
        else:
            attacks.discard_stolen(s, ev)
    elif fam in (DEFECTOR, COUNTER):
        s.stolen = ""
        attacks.to_country(s, s.attacker, face, ev)
    elif fam == CONTRACT:
        s.stolen = ""
        return_to_hand(s, s.attacker, face)
        ev.append(Event("taken", {"seat": s.attacker, "card": face}))
    elif fam == DISASTER:
        attacks.destroy_top(s, d, kind_of(face), ev)
        attacks.discard_stolen(s, ev)
    else:  # a spy
        attacks.discard_stolen(s, ev)
    attacks.finish_attack(s, ev)


def clash_result(s: SecretAgentState, ev: list[Event]) -> None:
    a_total, d_total = s.clash
    if a_total == d_total:  # SA-C4: ties are re-rolled
        ev.append(Event("clash_tie", {"total": a_total}))
        s.clash = []
        attacks.start_roll(s, s.attacker, 0, "clash_a")
        return
    high_attacker = a_total > d_total
    attacker_loses = high_attacker if s.clash_high_loses else not high_attacker  # SA-G04
    loser = s.attacker if attacker_loses else s.defender
    ev.append(Event("clash", {"seat": loser, "card": s.played if attacker_loses else s.stolen,
                              "rolls": s.clash[:]}))
    s.hire.append(s.played)  # SA-R32, SA-R34: the attacker's first
    s.played = ""
    if attacker_loses:
        attacks.return_stolen(s, ev)
    else:
        s.hire.append(s.stolen)
        s.stolen = ""
    attacks.finish_attack(s, ev)


# -- auctions -------------------------------------------------------------------------------


def start_auction(s: SecretAgentState, ev: list[Event]) -> None:
    """SA-R35, SA-R36: bids from the left of the active seat round to the active seat."""
    card = s.hire.pop(0)
    s.auction_card = card
    order = s.clockwise(s.turn)
    order = order[1:] + order[:1]
    bidders = [p for p in order if not s.declared[p] and holds_non_leader(s, p)]
    if not contracts_out(s):
        bidders = []
    ev.append(Event("hire", {"card": card}))
    if not bidders:
        _auction_result(s, ev)
        return
    s.bidders = bidders
    s.bids = [""] * s.n
    s.bid_done = [False] * s.n
    s.phase = Phase.AUCTION
    s.actor = bidders[0]


def bid(s: SecretAgentState, a: int, kind: str, rest: str, ev: list[Event]) -> None:
    if kind in ("bid", "priority"):
        take_from_hand(s, a, rest, face_down=True)  # SA-R35
        s.bids[a] = rest
        if kind == "priority":
            s.bids[a] = rest + "!"  # spent at the reveal, where the others learn of it
        ev.append(Event("bid", {"seat": a}))
        ev.append(Event("bid_own", {"seat": a, "card": rest}, seats=frozenset((a,)),
                        logged=False))
    else:
        s.bids[a] = "-"
        ev.append(Event("no_bid", {"seat": a}))
    s.bid_done[a] = True
    left = [p for p in s.bidders if not s.bid_done[p]]
    if left:
        s.actor = left[0]
    else:
        _auction_result(s, ev)


def _auction_result(s: SecretAgentState, ev: list[Event]) -> None:
    card = s.auction_card
    bids = {p: b for p, b in enumerate(s.bids) if b not in ("", "-")}
    shown = [b.rstrip("!") if b not in ("", "-") else "" for b in s.bids]
    for p in bids:
        recall(s, p, [shown[p]])
    winner = -1
    if bids:
        priority = [p for p, b in bids.items() if b.endswith("!")]  # LD-EMP
        if priority:
            s.emperor_used = True
        winner = priority[0] if priority else min(bids, key=lambda p: value(bids[p]))
        for p, b in bids.items():
            c = b.rstrip("!")
            if p == winner:
                s.discard.append(c)  # SA-G06
            else:
                return_to_hand(s, p, c)
        return_to_hand(s, winner, card)
        ev.append(Event("hired", {"seat": winner, "card": card, "bids": shown,
                                  "priority": bool(priority)}, reveals=True))
    else:
        s.removed.append(card)  # SA-R36
        ev.append(Event("unhired", {"card": card}))
    s.auction_card = ""
    s.bids = [""] * s.n
    s.bid_done = [False] * s.n
    s.bidders = []
    s.phase = Phase.IDLE
