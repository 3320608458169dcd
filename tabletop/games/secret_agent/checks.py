"""Secret actions and dice checks in Secret Agent: the card a secret action draws from the
defender's hand and what it does (SA-R27, SA-R28, SA-C5, SA-C6, SA-G15), the roll-under checks
(SA-R03, SA-R40, the Colonel's -1 of SA-R41) with the Supreme Religious Leader's re-roll
(SA-R53), and the answers asked of a seat in between: a counter from the hand against a drawn
disaster or a super spy, the Body Double against an assassination, a weaker spy killed or
spared.
"""

from __future__ import annotations

from tabletop.api import Event

from . import attacks
from .data import (
    BODY_DOUBLE,
    CONTRACT,
    COUNTER,
    DEFECTOR,
    DISASTER,
    DISASTER_STOPPERS,
    SPY,
    SUPER,
    TECH,
    family,
    kind_of,
    value,
)
from .phases import Phase, colonel_modifier, holds_non_leader, reroller
from .state import SecretAgentState, return_to_hand, take_from_hand
from .superspies import clash_result, special_effect, super_secret


def stolen(s: SecretAgentState, face: str, ev: list[Event]) -> None:
    """SA-R27, SA-R28, SA-R31: a card drawn at random from the defender's hand, shown."""
    d = s.defender
    take_from_hand(s, d, face)
    s.stolen = face
    ev.append(Event("steal", {"seat": s.attacker, "target": d, "card": face}, reveals=True))
    if s.mode == "special":
        super_secret(s, ev)
        return
    strength = sum(value(c) for c in s.atk_spies)
    fam = family(face)
    if fam == TECH:
        attacks.start_roll(s, s.attacker, strength, "steal_tech")
    elif fam == DEFECTOR:
        s.stolen = ""
        attacks.to_country(s, s.attacker, face, ev)
        attacks.finish_attack(s, ev)
    elif fam == DISASTER:
        if not s.stack(d, kind_of(face)):
            ev.append(Event("no_effect", {"seat": d, "card": face}))
            attacks.discard_stolen(s, ev)
            attacks.finish_attack(s, ev)
        elif attacks.use_open(s, d, DISASTER_STOPPERS, ev):
            attacks.discard_stolen(s, ev)
            attacks.finish_attack(s, ev)
        elif holds_non_leader(s, d):
            s.threat = "disaster"
            s.phase = Phase.STOP
            s.actor = d
        else:
            # SA-C6: the disaster's value alone
            attacks.start_roll(s, s.attacker, value(face), "struck")
    elif fam == SPY:
        if strength >= value(face):
            if s.auto_spy:
                attacks.discard_stolen(s, ev)
                attacks.finish_attack(s, ev)
            else:
                s.phase = Phase.KILL  # SA-C5: the attacker's choice
                s.actor = s.attacker
        else:
            attacks.return_stolen(s, ev)
            attacks.finish_attack(s, ev)
    elif fam == SUPER:
        attacks.return_stolen(s, ev)
        attacks.finish_attack(s, ev)
    elif fam in (COUNTER, CONTRACT):
        attacks.start_roll(s, s.attacker, strength, "steal_take")
    else:  # the leader
        attacks.start_roll(s, s.attacker, strength, "assassin")


def dice_rolled(s: SecretAgentState, dice: tuple[int, int], ev: list[Event]) -> None:
    """The dice of a check are shown; the Supreme Religious Leader may force a re-roll."""
    s.dice = list(dice)
    ev.append(Event("dice", {"seat": s.roll_seat, "dice": s.dice[:]}, reveals=True,
                    logged=False))
    q = reroller(s)
    if q >= 0:
        s.phase = Phase.REROLL
        s.actor = q
    else:
        resolve_roll(s, ev)


def resolve_roll(s: SecretAgentState, ev: list[Event]) -> None:
    seat = s.roll_seat
    mod = colonel_modifier(s, seat)
    total = s.dice[0] + s.dice[1] + mod
    purpose = s.purpose
    if purpose in ("clash_a", "clash_d"):
        s.clash.append(total)
        ev.append(Event("clash_roll", {"seat": seat, "dice": s.dice[:], "total": total}))
        if purpose == "clash_a":
            attacks.start_roll(s, s.defender, 0, "clash_d")
        else:
            clash_result(s, ev)
        return
    success = total <= s.threshold  # SA-R03, SA-R40
    s.last_check = {"seat": seat, "dice": s.dice[:], "modifier": mod, "total": total,
                    "threshold": s.threshold, "success": success, "purpose": purpose}
    ev.append(Event("check", dict(s.last_check), msg=None))
    d = s.defender
    if purpose == "disaster":
        if success:
            attacks.destroy_top(s, d, kind_of(s.played), ev)
        attacks.finish_attack(s, ev)
    elif purpose == "steal_tech":
        (attacks.discard_stolen if success else attacks.return_stolen)(s, ev)
        attacks.finish_attack(s, ev)
    elif purpose == "steal_take":
        if success:
            face = s.stolen
            s.stolen = ""
            if family(face) == COUNTER:
                attacks.to_country(s, s.attacker, face, ev)
            else:
                return_to_hand(s, s.attacker, face)
                ev.append(Event("taken", {"seat": s.attacker, "card": face}))
        else:
            attacks.return_stolen(s, ev)
        attacks.finish_attack(s, ev)
    elif purpose == "assassin":
        if not success or attacks.use_open(s, d, (BODY_DOUBLE,), ev):
            attacks.return_stolen(s, ev)
            attacks.finish_attack(s, ev)
        elif s.hands[d]:
            s.phase = Phase.BODY_DOUBLE
            s.actor = d
        else:
            attacks.assassinate(s, ev)
    elif purpose == "struck":
        if success:
            attacks.destroy_top(s, d, kind_of(s.stolen), ev)
        attacks.discard_stolen(s, ev)
        attacks.finish_attack(s, ev)
    elif purpose == "ranbo":
        if success:
            face = s.threat
            st = s.stack(d, kind_of(face))
            for i in range(len(st) - 2, -1, -1):
                if st[i] == face:
                    del st[i]
                    break
            s.discard.append(face)
            ev.append(Event("destroyed", {"seat": d, "card": face}))
        attacks.finish_attack(s, ev)
    else:
        raise ValueError(purpose)


def check_step(s: SecretAgentState, phase: str, kind: str, rest: str,
               ev: list[Event]) -> None:
    """A counter from the hand against a drawn disaster or a super spy, the Body Double, a
    weaker spy killed or spared, and the re-roll."""
    a = s.actor
    if phase == Phase.STOP:
        if kind == "counter":
            take_from_hand(s, a, rest)
            s.discard.append(rest)
            ev.append(Event("counter", {"seat": a, "card": rest}))
            if s.stolen:
                attacks.discard_stolen(s, ev)  # SA-G15: the drawn disaster is discarded
            attacks.finish_attack(s, ev)
        elif s.threat == "disaster":
            attacks.start_roll(s, s.attacker, value(s.stolen), "struck")
        else:
            special_effect(s, ev)
    elif phase == Phase.BODY_DOUBLE:
        if kind == "counter":
            take_from_hand(s, a, rest)
            s.discard.append(rest)
            ev.append(Event("counter", {"seat": a, "card": rest}))
            attacks.return_stolen(s, ev)
            attacks.finish_attack(s, ev)
        else:
            attacks.assassinate(s, ev)
    elif phase == Phase.KILL:
        if kind == "kill":
            attacks.discard_stolen(s, ev)
        else:
            attacks.return_stolen(s, ev)
        attacks.finish_attack(s, ev)
    elif phase == Phase.REROLL:
        if kind == "reroll":
            s.rel_left -= 1  # LD-REL, SA-R53
            ev.append(Event("reroll", {"seat": a, "left": s.rel_left}))
            s.rerolled = True
            s.phase = Phase.ROLL
        else:
            resolve_roll(s, ev)
    else:
        raise ValueError(f"no decision in phase {phase!r}")
