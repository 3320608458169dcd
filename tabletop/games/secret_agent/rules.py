"""Secret Agent's rules as steps on a state: the entry that applies an action and runs on to
the next decision (SA-R05..SA-R53, decisions SA-G01..SA-G18, corrections SA-C1..SA-C7 of the
rules reference).

A turn is a chain of atomic decisions. Reactions out of turn (a defence with spies or a
counter, a counter played against a super spy or a drawn disaster, a bid, a loss to choose, a
refill) are decisions of the reacting seat: ``actor`` names it. Whether such a question is
asked depends only on public facts (the size of a hand, open cards), never on what the hand
holds, so the flow of the game tells nobody a secret; a seat that holds nothing to answer with
is asked all the same and may only decline (``no``).

Chance is explicit: ``deck:<face>`` (a card from the deck), ``steal:<face>`` (a random card of
the defender's hand), ``roll:<a>-<b>`` (2d6), ``leader:<face>`` and ``first:<seat>`` at setup.
When a step needs nobody's decision the state is left ``idle`` and ``settle`` runs the queued
tasks (``todo``) until a decision, a chance node or the end.

The steps themselves live by job: ``phases`` (the phases and small reads), ``legal`` (legal
actions and chance outcomes), ``turns`` (set-up, the turn and its action, the refill),
``attacks`` (opening and ending attacks, disaster attacks, counter destruction), ``checks``
(secret actions' draws and the dice), ``superspies`` (super spies, clashes, auctions),
``events`` (events and the losses they bring) and ``end_stage`` (the end stage and the score).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.api import Event

from .actions import ACTIONS
from .attacks import attack_step
from .checks import check_step, dice_rolled, stolen
from .events import EVENT_TASKS, event_step, event_task
from .phases import CHANCE_PHASES, Phase
from .state import SecretAgentState
from .superspies import bid, hit, start_auction
from .turns import (
    deal,
    draw,
    end_turn,
    first_chosen,
    leader_dealt,
    next_turn,
    refill_choice,
    refill_draw,
    refill_task,
    start_choice,
    take_action,
)

_ATTACK_PHASES = frozenset((Phase.COMMIT, Phase.DEFEND, Phase.CD_SPY, Phase.CD_DEFEND))
_CHECK_PHASES = frozenset((Phase.STOP, Phase.BODY_DOUBLE, Phase.KILL, Phase.REROLL))
_EVENT_PHASES = frozenset((Phase.LOSE, Phase.SHED, Phase.COUP, Phase.DOUBLE_SPY, Phase.REORG,
                           Phase.PUT, Phase.ATTACH))


def apply(s: SecretAgentState, action: str) -> list[Event]:
    """Apply a legal ``action`` to ``s`` in place, then run on to the next decision."""
    ev: list[Event] = []
    read = ACTIONS.read(action)
    assert read is not None, action  # a legal action is well-formed
    kind, arg = read  # the argument as its form reads it (None for a kind that takes none)
    phase = s.phase
    if phase in CHANCE_PHASES:
        _chance(s, arg, ev)
        settle(s, ev)
        return ev
    if not _hidden_choice(s, kind):
        # Every open decision is told to every seat as it is made, so that two different
        # open choices never look alike to anyone.
        ev.append(Event("chose", {"seat": s.actor, "action": action}, logged=False))
    if phase == Phase.ACTION:
        take_action(s, kind, arg, ev)
    else:
        _reaction(s, phase, kind, arg, ev)
    settle(s, ev)
    return ev


def _hidden_choice(s: SecretAgentState, kind: str) -> bool:
    """Whether a decision is made face down: a spy committed to a disaster attack before the
    reveal (SA-R23), a contract bid (SA-R35)."""
    if kind in ("bid", "priority"):
        return True
    face_down = s.phase == Phase.DEFEND or (s.phase == Phase.COMMIT and s.mode == "disaster"
                                        and not s.open_spies)
    return kind == "spy" and face_down


#: What chance does in each of its phases: a leader dealt, the first player drawn, a card
#: dealt or drawn, a card stolen at random, the dice rolled.
_CHANCE_STEPS: dict[str, Callable[[SecretAgentState, Any, list[Event]], None]] = {
    Phase.LEADERS: leader_dealt, Phase.FIRST: first_chosen, Phase.DEAL: deal, Phase.DRAW: draw,
    Phase.REFILL_DRAW: refill_draw, Phase.STEAL: stolen, Phase.ROLL: dice_rolled,
}


def _chance(s: SecretAgentState, arg: Any, ev: list[Event]) -> None:
    step = _CHANCE_STEPS.get(s.phase)
    if step is not None:
        step(s, arg, ev)


def _reaction(s: SecretAgentState, phase: str, kind: str, rest: Any, ev: list[Event]) -> None:
    if phase == Phase.START:
        start_choice(s, kind, rest, ev)
    elif phase in _ATTACK_PHASES:
        attack_step(s, phase, kind, rest, ev)
    elif phase in _CHECK_PHASES:
        check_step(s, phase, kind, rest, ev)
    elif phase == Phase.HIT:
        hit(s, kind, rest, ev)
    elif phase == Phase.AUCTION:
        bid(s, s.actor, kind, rest, ev)
    elif phase in _EVENT_PHASES:
        event_step(s, phase, kind, rest, ev)
    elif phase == Phase.REFILL:
        refill_choice(s, kind)
    else:
        raise ValueError(f"no decision in phase {phase!r}")


def settle(s: SecretAgentState, ev: list[Event]) -> None:
    """Run queued tasks until a decision, a chance node or the end."""
    while s.phase == Phase.IDLE:
        task = s.todo.pop(0)
        _run(s, task, ev)


def _run(s: SecretAgentState, task: list[str], ev: list[Event]) -> None:
    name = task[0]
    if name == "action":
        s.phase = Phase.ACTION
        s.actor = s.turn
    elif name == "base":
        s.hand_base = [len(h) for h in s.hands]
    elif name in EVENT_TASKS:
        event_task(s, task, ev)
    elif name == "auction":
        start_auction(s, ev)
    elif name == "end_turn":
        end_turn(s)
    elif name == "refill":
        refill_task(s, int(task[1]))
    elif name == "next":
        next_turn(s, ev)
    else:
        raise ValueError(f"unknown task {task!r}")
