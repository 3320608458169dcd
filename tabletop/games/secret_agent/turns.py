"""The turn in Secret Agent: the set-up (leaders, first player and the deal, SA-R05..SA-R10),
the start of a turn and its draw (SA-R12, LD-PM), the one action of the turn (SA-R13..SA-R17,
SA-R37, SA-R38, SA-R45, SA-R49), and the end of the turn with the special refill (SA-R14,
SA-R15, SA-G12) before the next seat's turn.
"""

from __future__ import annotations

from typing import Any

from tabletop.api import Event

from .attacks import open_attack
from .data import (
    EVENT,
    PRIME_MINISTER,
    SETUP_HAND,
    TECH,
    family,
    kind_of,
)
from .end_stage import declare, finished, game_over, pass_turn, take_from_deck
from .events import event_tasks, start_put
from .phases import Phase, reorg_kinds
from .state import SecretAgentState, add_to_hand, take_from_hand
from .superspies import special_stop


def leader_dealt(s: SecretAgentState, rest: str, ev: list[Event]) -> None:
    """SA-R05: a leader card dealt to the next seat; the unused ones go back to the box."""
    seat = s.pending.pop(0)
    s.leader_pool.remove(rest)
    s.leaders[seat] = rest
    add_to_hand(s.hands[seat], rest)
    ev.append(Event("leader", {"seat": seat, "card": rest}, reveals=True))
    if not s.pending:
        s.removed.extend(sorted(s.leader_pool))  # SA-R05: unused leaders to the box
        s.leader_pool = []
        s.phase = Phase.FIRST


def first_chosen(s: SecretAgentState, first: int, ev: list[Event]) -> None:
    """SA-R06: the first player; the deal goes round from that seat."""
    s.first = first
    order = s.clockwise(first)
    s.pending = [p for _ in range(SETUP_HAND) for p in order]
    s.phase = Phase.DEAL
    ev.append(Event("first", {"seat": first}, reveals=True))


def deal(s: SecretAgentState, face: str, ev: list[Event]) -> None:
    seat = s.pending.pop(0)
    take_from_deck(s, face, ev)
    fam = family(face)
    if fam == TECH:  # SA-R08: technology goes straight into the country
        s.stack(seat, kind_of(face)).append(face)
        s.pending.append(seat)  # SA-R09: and is replaced
        ev.append(Event("setup_tech", {"seat": seat, "card": face}, reveals=True))
    elif fam == EVENT:  # SA-R08: events are discarded unresolved
        s.discard.append(face)
        s.pending.append(seat)
        ev.append(Event("setup_event", {"seat": seat, "card": face}, reveals=True))
    else:
        add_to_hand(s.hands[seat], face)
        ev.append(Event("card", {"seat": seat, "card": face}, seats=frozenset((seat,)),
                        reveals=True, logged=False))
        ev.append(Event("dealt", {"seat": seat}, logged=False))
    if s.pending:
        return
    # SA-R10: the events go back into the deck, which is shuffled (draws are chance).
    for c in s.discard:
        s.deck[c] = s.deck.get(c, 0) + 1
    s.deck_size += len(s.discard)
    ev.append(Event("setup_done", {"events": len(s.discard), "deck": s.deck_size}))
    s.discard = []
    for p in range(s.n):
        ev.append(Event("hand", {"seat": p, "hand": s.hands[p][:]}, seats=frozenset((p,))))
    start_turn(s, s.first, ev)


def start_turn(s: SecretAgentState, seat: int, ev: list[Event]) -> None:
    s.turn = seat
    s.turns += 1
    s.hand_base = [len(h) for h in s.hands]
    s.scores.append(",".join(map(str, s.all_scores())))
    ev.append(Event("turn", {"seat": seat, "turn": s.turns}))
    if s.deck_size == 0:  # SA-R12, SA-R48: no draw in the end stage
        s.todo.insert(0, ["action"])
        s.phase = Phase.IDLE
    elif s.has_ability(seat, PRIME_MINISTER) and reorg_kinds(s, seat):
        s.phase = Phase.START
        s.actor = seat
    else:
        s.phase = Phase.DRAW


def start_choice(s: SecretAgentState, kind: str, rest: str, ev: list[Event]) -> None:
    """LD-PM: the Prime Minister draws, or re-orders a stack instead of drawing and acting."""
    a = s.actor
    if kind == "draw":
        s.phase = Phase.DRAW
    else:
        s.passed = []
        s.todo.append(["end_turn"])
        start_put(s, a, rest, ev)  # LD-PM: instead of drawing and acting


def draw(s: SecretAgentState, face: str, ev: list[Event]) -> None:
    seat = s.turn
    take_from_deck(s, face, ev)
    tasks: list[list[str]] = []
    if family(face) == EVENT:
        ev.append(Event("event", {"seat": seat, "card": face}, reveals=True))
        tasks = event_tasks(s, seat, face, ev)
        if s.refill_actions_only:
            tasks.append(["base"])  # SA-C7 option: hands lost to events do not count
    else:
        add_to_hand(s.hands[seat], face)
        ev.append(Event("draw", {"seat": seat, "card": face}, seats=frozenset((seat,)),
                        reveals=True, logged=False))
        ev.append(Event("drew", {"seat": seat}))
    s.todo[0:0] = [*tasks, ["action"]]
    s.phase = Phase.IDLE


def refill_draw(s: SecretAgentState, face: str, ev: list[Event]) -> None:
    seat = s.actor
    take_from_deck(s, face, ev)
    if family(face) == EVENT:  # SA-R15: discarded unresolved, draw again
        s.discard.append(face)
        ev.append(Event("refill_event", {"seat": seat, "card": face}, reveals=True))
        if s.deck_size:
            return
    else:
        add_to_hand(s.hands[seat], face)
        ev.append(Event("draw", {"seat": seat, "card": face}, seats=frozenset((seat,)),
                        reveals=True, logged=False))
        ev.append(Event("refilled", {"seat": seat}))
    s.phase = Phase.IDLE


# -- the action ---------------------------------------------------------------------------


def take_action(s: SecretAgentState, kind: str, rest: Any, ev: list[Event]) -> None:
    """A turn's action (SA-R13): ``rest`` is its argument as ``ACTIONS`` reads it (a card, a
    seat, a disaster attack as (card, target), a destruction as (target, counter), a super
    spy's attack as (card, target, mode))."""
    p = s.turn
    if kind == "pass":
        pass_turn(s, p, ev)
        return
    if kind == "declare":
        declare(s, p, ev)
        return
    s.passed = []
    s.todo.append(["end_turn"])
    s.phase = Phase.IDLE
    if kind in ("tech", "employ"):
        take_from_hand(s, p, rest)
        s.stack(p, kind_of(rest)).append(rest)  # SA-R17, SA-R45, SA-R49
        ev.append(Event(kind, {"seat": p, "card": rest}))
    elif kind == "defence":
        take_from_hand(s, p, rest)
        s.counters[p].append(rest)  # SA-R37
        ev.append(Event("defence", {"seat": p, "card": rest}))
    elif kind in ("purge", "discard"):
        take_from_hand(s, p, rest)
        s.discard.append(rest)  # LD-CHA, SA-R38
        ev.append(Event(kind, {"seat": p, "card": rest}))
    elif kind == "reorg":
        start_put(s, p, rest, ev)
    elif kind == "disaster":
        face, d = rest
        take_from_hand(s, p, face)
        open_attack(s, p, d, "disaster", face)
        ev.append(Event("disaster", {"seat": p, "target": d, "card": face}))
        s.phase = Phase.COMMIT
        s.actor = p
    elif kind == "secret":
        open_attack(s, p, rest, "secret", "")
        ev.append(Event("secret", {"seat": p, "target": rest}))
        s.phase = Phase.COMMIT
        s.actor = p
    elif kind == "destroy":
        d, counter = rest
        open_attack(s, p, d, "destroy", "")
        s.target = counter
        ev.append(Event("destroy", {"seat": p, "target": d, "card": counter}))
        s.phase = Phase.CD_SPY
        s.actor = p
    elif kind == "special":
        face, d, mode = rest
        take_from_hand(s, p, face)
        open_attack(s, p, d, "special", face)
        s.target = mode
        ev.append(Event("special", {"seat": p, "target": d, "card": face, "mode": mode}))
        special_stop(s, ev)
    else:
        raise ValueError(f"unknown action {kind!r}")


# -- the end of the turn ------------------------------------------------------------------


def end_turn(s: SecretAgentState) -> None:
    """SA-R14, SA-R15, SA-G12: the turn ends; hands brought down to 3 or fewer by this turn
    may refill, clockwise from the left of the active seat."""
    tasks: list[list[str]] = []
    for q in s.clockwise(s.turn)[1:]:
        size = len(s.hands[q])
        if not s.declared[q] and size <= s.refill_limit(q) and size < s.hand_base[q]:
            tasks.append(["refill", str(q)])
    tasks.append(["next"])
    s.todo[0:0] = tasks


def refill_task(s: SecretAgentState, q: int) -> None:
    """SA-R15: ``q`` is offered the special refill while the deck lasts."""
    if s.deck_size and not s.declared[q]:
        s.phase = Phase.REFILL
        s.actor = q


def refill_choice(s: SecretAgentState, kind: str) -> None:
    """SA-R15: the special refill taken (a draw follows) or declined."""
    if kind == "refill":
        s.phase = Phase.REFILL_DRAW
    else:
        s.phase = Phase.IDLE


def next_turn(s: SecretAgentState, ev: list[Event]) -> None:
    """The next seat still in takes its turn, clockwise, unless the game is over (SA-R51)."""
    if finished(s):
        game_over(s, ev)
        return
    for p in [*s.clockwise(s.turn)[1:], s.turn]:
        if not s.declared[p]:
            start_turn(s, p, ev)
            return
