"""Attacks in Secret Agent: how an attack opens and ends, and the steps of the two attacks
made with ordinary spies: a disaster attack (SA-R20..SA-R24: spies committed face down by both
sides, revealed, then a roll against the disaster's threshold) and a counter destruction
(SA-R25, SA-R26: a spy against the defender's spies). A secret action's draw and the rolls are
in ``checks``, super spies in ``superspies``.

Also the small effects every attack shares: a stolen card returned or discarded, the top of a
stack destroyed, a card captured, an open counter used up (SA-R43), an assassination (SA-R28).
"""

from __future__ import annotations

from tabletop.api import Event

from .data import (
    ASSASSINATION_LOSS,
    COUNTER,
    DISASTER_STOPPERS,
    SUPER,
    family,
    kind_of,
    value,
)
from .phases import Phase, holds_non_leader
from .state import SecretAgentState, recall, return_to_hand, take_from_hand


def open_attack(s: SecretAgentState, p: int, d: int, mode: str, played: str) -> None:
    s.attacker = p
    s.defender = d
    s.mode = mode
    s.played = played
    s.atk_spies = []
    s.def_spies = []
    s.revealed = False
    s.stolen = ""
    s.target = ""
    s.threat = ""


def finish_attack(s: SecretAgentState, ev: list[Event], front: list[list[str]] | None = None
                   ) -> None:
    """SA-R19, SA-R27, SA-R32: the cards of the attack leave the table; a super spy used is
    put up for hire; then whatever the attack left to do, before the turn ends."""
    if s.mode == "disaster" and not s.revealed and (s.atk_spies or s.def_spies):
        # Spies committed face down are shown as they go to the discard pile.
        ev.append(Event("uncovered", {"attack": s.atk_spies[:], "defence": s.def_spies[:]},
                        reveals=True))
        _recall_spies(s)
    s.discard.extend(s.atk_spies)
    s.discard.extend(s.def_spies)
    if s.played:
        if family(s.played) == SUPER:
            s.hire.append(s.played)
        else:
            s.discard.append(s.played)
    assert not s.stolen, s.stolen
    tasks = list(front or [])
    tasks.extend(["auction"] for _ in s.hire)
    s.todo[0:0] = tasks
    s.attacker = s.defender = -1
    s.mode = s.played = s.target = s.threat = ""
    s.atk_spies = []
    s.def_spies = []
    s.revealed = False
    s.phase = Phase.IDLE


def start_roll(s: SecretAgentState, seat: int, threshold: int, purpose: str) -> None:
    s.roll_seat = seat
    s.threshold = threshold
    s.purpose = purpose
    s.dice = []
    s.rerolled = False
    s.phase = Phase.ROLL


def return_stolen(s: SecretAgentState, ev: list[Event]) -> None:
    return_to_hand(s, s.defender, s.stolen)
    ev.append(Event("returned", {"seat": s.defender, "card": s.stolen}))
    s.stolen = ""


def discard_stolen(s: SecretAgentState, ev: list[Event]) -> None:
    s.discard.append(s.stolen)
    ev.append(Event("discarded", {"seat": s.defender, "card": s.stolen}))
    s.stolen = ""


def destroy_top(s: SecretAgentState, seat: int, kind: str, ev: list[Event]) -> None:
    st = s.stack(seat, kind)
    if st:
        card = st.pop()
        s.discard.append(card)
        ev.append(Event("destroyed", {"seat": seat, "card": card}))


def to_country(s: SecretAgentState, seat: int, face: str, ev: list[Event]) -> None:
    if family(face) == COUNTER:
        s.counters[seat].append(face)
    else:
        s.stack(seat, kind_of(face)).append(face)
    ev.append(Event("captured", {"seat": seat, "card": face}))


def use_open(s: SecretAgentState, seat: int, counters: tuple[str, ...],
              ev: list[Event]) -> bool:
    """SA-R43: an open counter that applies is used up automatically."""
    for c in counters:
        if c in s.counters[seat]:
            s.counters[seat].remove(c)
            s.discard.append(c)
            ev.append(Event("auto_counter", {"seat": seat, "card": c}))
            return True
    return False


def assassinate(s: SecretAgentState, ev: list[Event]) -> None:
    """SA-R28: the leader goes back to the hand; its owner loses 3 open technology cards."""
    d = s.defender
    ev.append(Event("assassinated", {"seat": d}))
    return_stolen(s, ev)
    finish_attack(s, ev, [["lose", str(d), str(ASSASSINATION_LOSS), "assassin"]])


# -- the steps of a disaster attack and a counter destruction -------------------------------


def attack_step(s: SecretAgentState, phase: str, kind: str, rest: str,
                ev: list[Event]) -> None:
    """The attacker's spies (SA-R20, SA-R27), the defender's answer to a disaster attack
    (SA-R21), and both sides of a counter destruction (SA-R25)."""
    a = s.actor
    if phase == Phase.COMMIT:
        if kind == "spy":
            face_down = s.mode == "disaster" and not s.open_spies  # SA-R23
            take_from_hand(s, a, rest, face_down=face_down)
            s.atk_spies.append(rest)
            if face_down:
                ev.append(Event("commit", {"seat": a, "count": len(s.atk_spies)}))
                ev.append(Event("commit_own", {"seat": a, "card": rest},
                                seats=frozenset((a,)), logged=False))
            else:
                ev.append(Event("spy", {"seat": a, "card": rest}))
        elif s.mode == "disaster":
            _disaster_committed(s, ev)
        else:
            s.phase = Phase.STEAL  # SA-R27
    elif phase == Phase.DEFEND:
        if kind == "spy":
            take_from_hand(s, a, rest, face_down=True)  # SA-R23
            s.def_spies.append(rest)
            ev.append(Event("defend", {"seat": a, "count": len(s.def_spies)}))
            ev.append(Event("commit_own", {"seat": a, "card": rest}, seats=frozenset((a,)),
                            logged=False))
        elif kind == "counter":
            take_from_hand(s, a, rest)
            s.discard.append(rest)  # SA-R21, SA-R42
            ev.append(Event("counter", {"seat": a, "card": rest}))
            finish_attack(s, ev)
        else:
            _reveal_and_roll(s, ev)
    elif phase == Phase.CD_SPY:
        take_from_hand(s, a, rest)
        s.atk_spies = [rest]
        ev.append(Event("spy", {"seat": a, "card": rest}))
        if holds_non_leader(s, s.defender):
            s.phase = Phase.CD_DEFEND
            s.actor = s.defender
        else:
            _counter_destroyed(s, ev)
    elif phase == Phase.CD_DEFEND:
        _cd_defend(s, kind, rest, ev)
    else:
        raise ValueError(f"no decision in phase {phase!r}")


def _disaster_committed(s: SecretAgentState, ev: list[Event]) -> None:
    d = s.defender
    if use_open(s, d, DISASTER_STOPPERS, ev):  # SA-R21, SA-R24, SA-C1
        finish_attack(s, ev)
    elif holds_non_leader(s, d):
        s.phase = Phase.DEFEND
        s.actor = d
    else:
        _reveal_and_roll(s, ev)


def _reveal_and_roll(s: SecretAgentState, ev: list[Event]) -> None:
    """SA-R22, SA-R23: both sides' spies are shown, then the attacker rolls against T."""
    s.revealed = True
    t = value(s.played) + sum(value(c) for c in s.atk_spies) - sum(value(c)
                                                                   for c in s.def_spies)
    ev.append(Event("reveal", {"attack": s.atk_spies[:], "defence": s.def_spies[:],
                               "card": s.played, "threshold": t}, reveals=True))
    _recall_spies(s)
    start_roll(s, s.attacker, t, "disaster")


def _recall_spies(s: SecretAgentState) -> None:
    """Both sides' spies are shown: what the table had set aside of their spies it knows
    again, but for the spies shown."""
    recall(s, s.attacker, s.atk_spies)
    recall(s, s.defender, s.def_spies)


def _cd_defend(s: SecretAgentState, kind: str, rest: str, ev: list[Event]) -> None:
    a = s.actor
    need = value(s.atk_spies[0])
    if kind == "spy":
        take_from_hand(s, a, rest)
        s.def_spies.append(rest)
        ev.append(Event("spy", {"seat": a, "card": rest}))
        if s.multi_defence:
            return
    if sum(value(c) for c in s.def_spies) >= need and s.def_spies:  # SA-R25, SA-R26
        ev.append(Event("protected", {"seat": s.defender, "card": s.target}))
        finish_attack(s, ev)
    else:
        _counter_destroyed(s, ev)


def _counter_destroyed(s: SecretAgentState, ev: list[Event]) -> None:
    d = s.defender
    s.counters[d].remove(s.target)
    s.discard.append(s.target)
    ev.append(Event("counter_destroyed", {"seat": d, "card": s.target}))
    finish_attack(s, ev)
