"""Events in Secret Agent (SA-R46): what each event drawn asks for and the decisions it brings
on: War, Revolution and Coup take open technology (with Peace to stop them), Recession and
Panic bring hands down, Double Spy puts a super spy up for hire, Reorganisation re-orders a
stack (as the Prime Minister may, LD-PM) and Long-term Government is attached to a seat
(SA-G09). An assassination's losses (SA-R28) run through the same ``lose`` task.
"""

from __future__ import annotations

from typing import Any

from tabletop.api import Event

from .attacks import use_open
from .data import (
    CHAIRMAN,
    COUP,
    DOUBLE_SPY,
    LONG_TERM,
    PANIC,
    PANIC_KEEP,
    PEACE,
    PRESIDENT,
    RECESSION,
    RECESSION_KEEP,
    REORGANISATION,
    REVOLUTION,
    WAR,
)
from .phases import PEACEABLE, Phase, holds_non_leader, reorg_kinds
from .state import SecretAgentState, remove_from_stack, take_from_hand

# The queued tasks that events leave (``rules.settle`` runs them through ``event_task``).
EVENT_TASKS = frozenset(("lose", "shed", "coup", "double_spy", "reorg", "attach"))


def event_tasks(s: SecretAgentState, seat: int, face: str,
                 ev: list[Event]) -> list[list[str]]:
    """SA-R46: the work an event drawn by ``seat`` asks for, in order."""
    if face == LONG_TERM:
        s.ltg = -2  # drawn, to be attached (SA-G09)
        return [["attach"]]
    s.discard.append(face)
    order = [p for p in s.clockwise(seat) if not s.declared[p]]
    if face == WAR:
        return [["lose", str(p), "1", "war"] for p in order]
    if face == REVOLUTION:
        return [["lose", str(seat), "1", "rev"]]
    if face == COUP:
        return [["coup"]]
    if face in (RECESSION, PANIC):
        base = RECESSION_KEEP if face == RECESSION else PANIC_KEEP
        return [["shed", str(p), str(base + (1 if s.has_ability(p, PRESIDENT) else 0))]
                for p in order if not s.has_ability(p, CHAIRMAN)]
    if face == DOUBLE_SPY:
        return [["double_spy"]]
    if face == REORGANISATION:
        return [["reorg", str(seat)]]
    raise ValueError(face)


def event_task(s: SecretAgentState, task: list[str], ev: list[Event]) -> None:
    """Run one queued task of ``EVENT_TASKS``: ask the seat concerned, where there is
    something to ask."""
    name = task[0]
    if name == "lose":
        lose_task(s, int(task[1]), int(task[2]), task[3], ev)
    elif name == "shed":
        p, keep = int(task[1]), int(task[2])
        if len(s.hands[p]) > keep:
            s.lose_left = keep
            s.phase = Phase.SHED
            s.actor = p
            ev.append(Event("must_shed", {"seat": p, "n": len(s.hands[p]) - keep}))
    elif name == "coup":
        if s.others(s.turn):
            s.phase = Phase.COUP
            s.actor = s.turn
    elif name == "double_spy":
        if holds_non_leader(s, s.turn):
            s.phase = Phase.DOUBLE_SPY
            s.actor = s.turn
        else:
            ev.append(Event("no_super_spy", {"seat": s.turn}))
    elif name == "reorg":
        p = int(task[1])
        if reorg_kinds(s, p):
            s.phase = Phase.REORG
            s.actor = p
    elif name == "attach":
        s.phase = Phase.ATTACH
        s.actor = s.turn
    else:
        raise ValueError(f"unknown task {task!r}")


def lose_task(s: SecretAgentState, p: int, n: int, cause: str, ev: list[Event]) -> None:
    if s.declared[p] or s.tech_count(p) == 0:
        ev.append(Event("nothing_to_lose", {"seat": p}))
        return
    if cause in PEACEABLE and use_open(s, p, (PEACE,), ev):  # §7, SA-R43
        end_war(s, p, cause, ev)
        return
    s.phase = Phase.LOSE
    s.actor = p
    s.lose_seat = p
    s.lose_left = n
    s.lose_cause = cause
    s.lose_first = True
    ev.append(Event("must_lose", {"seat": p, "n": min(n, s.tech_count(p)), "cause": cause}))


def end_war(s: SecretAgentState, seat: int, cause: str, ev: list[Event]) -> None:
    """SA-R46 option ``peace_ends_war``: the Peace ``seat`` played avoids the War itself, so
    the players still to lose a card to it lose none (those before him have lost theirs)."""
    if cause != "war" or not s.peace_ends_war:
        return
    left = [t for t in s.todo if t[0] == "lose" and t[3] == "war"]
    if left:
        s.todo = [t for t in s.todo if not (t[0] == "lose" and t[3] == "war")]
        ev.append(Event("war_avoided", {"seat": seat, "seats": [int(t[1]) for t in left]}))


def event_step(s: SecretAgentState, phase: str, kind: str, rest: Any,
               ev: list[Event]) -> None:
    """The decisions events bring on (a card lost or shed, the seat a Coup names, a super
    spy given up, a stack re-ordered, Long-term Government attached)."""
    a, hand = s.actor, s.actor_hand()
    if phase == Phase.LOSE:
        if kind == "counter":
            take_from_hand(s, a, rest)
            s.discard.append(rest)  # Peace from hand (§7)
            ev.append(Event("counter", {"seat": a, "card": rest}))
            s.phase = Phase.IDLE
            end_war(s, a, s.lose_cause, ev)
        else:
            remove_from_stack(s, a, rest)
            s.discard.append(rest)
            ev.append(Event("lose", {"seat": a, "card": rest}))
            s.lose_left -= 1
            s.lose_first = False
            if s.lose_left <= 0 or s.tech_count(a) == 0:
                s.phase = Phase.IDLE
    elif phase == Phase.SHED:
        take_from_hand(s, a, rest)
        s.discard.append(rest)
        ev.append(Event("shed", {"seat": a, "card": rest}))
        if len(hand) <= s.lose_left:
            s.phase = Phase.IDLE
    elif phase == Phase.COUP:
        s.todo.insert(0, ["lose", str(rest), "1", "coup"])  # rest: the seat of target:<seat>
        ev.append(Event("coup", {"seat": a, "target": rest}))
        s.phase = Phase.IDLE
    elif phase == Phase.DOUBLE_SPY:
        if kind == "discard":
            take_from_hand(s, a, rest)
            s.hire.append(rest)
            ev.append(Event("double_spy", {"seat": a, "card": rest}))
            s.todo.insert(0, ["auction"])
        else:
            ev.append(Event("no_super_spy", {"seat": a}))
        s.phase = Phase.IDLE
    elif phase == Phase.REORG:
        if kind == "reorg":
            start_put(s, a, rest, ev)
        else:
            s.phase = Phase.IDLE
    elif phase == Phase.PUT:
        _put(s, rest, ev)
    elif phase == Phase.ATTACH:
        s.ltg = rest
        ev.append(Event("attach", {"seat": a, "target": rest}))
        s.phase = Phase.IDLE
    else:
        raise ValueError(f"no decision in phase {phase!r}")


def start_put(s: SecretAgentState, seat: int, kind: str, ev: list[Event]) -> None:
    s.reorg_seat = seat
    s.reorg_kind = kind
    s.reorg_fixed = 0
    s.phase = Phase.PUT
    s.actor = seat
    ev.append(Event("reorg", {"seat": seat, "kind": kind}))


def _put(s: SecretAgentState, face: str, ev: list[Event]) -> None:
    """Re-order a stack from the top down: ``face`` goes just below the cards already placed."""
    st = s.stack(s.reorg_seat, s.reorg_kind)
    free = len(st) - s.reorg_fixed
    for i in range(free - 1, -1, -1):
        if st[i] == face:
            del st[i]
            break
    st.insert(free - 1, face)
    s.reorg_fixed += 1
    if len(st) - s.reorg_fixed <= 1:
        ev.append(Event("reordered", {"seat": s.reorg_seat, "stack": st[:]}))
        s.reorg_seat = -1
        s.reorg_kind = ""
        s.reorg_fixed = 0
        s.phase = Phase.IDLE
