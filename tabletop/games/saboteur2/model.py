"""Saboteur 2 (お邪魔者2) rules model, played with the base game's cards (SB-R03).

Rules follow the rules reference of Saboteur 2 (SB-R01..R37, decisions SB-G01..G13,
corrections SB-C1..C4). The action texts are described in ``actions.py``; the maze (network,
placement, goals) in ``maze.py``; the end of a round in ``scoring.py``; what each seat sees
and the AI's guesses of the hidden facts in ``knowledge.py``; the AI's guides in ``ai.py``.

Chance is explicit: the goal layout (``goals:AGB``), every role card dealt or drawn
(``role:R-SAB``), every card drawn (``draw:B-P07``, weighted by the copies not yet drawn) and
the first player of the first round (``first:2``). A turn is one decision (a placement or an
action card) or a short sequence: a pass is ``discard:<card>`` one to three times (``end``
after fewer than three), a fix is ``fix:<card in front>`` then ``discard:<card>`` twice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop import api
from tabletop.api import Event, Msg

from . import ai, knowledge
from .actions import (
    ACTIONS,
    END,
    GOAL_LAYOUTS,
    SEAT_CARDS,
    Placed,
    Played,
    Target,
    place_text,
)
from .data import (
    ACTION_IDS,
    BREAK,
    CARD_COUNTS,
    CARD_IDS,
    CARD_INDEX,
    FIX_COST,
    FREE,
    FRONT_CARDS,
    GOAL_CELLS,
    GOLD,
    GREEN,
    HAND_SIZE,
    HANDS_OFF,
    INSPECT,
    LETTER_GOAL,
    MAP,
    PASS_MAX,
    PATH_IDS,
    REPAIRS,
    ROCKFALL,
    ROLE_COUNTS,
    ROLES,
    ROUNDS,
    SHAPE_OF,
    SHAPES,
    START,
    SWAP_HAND,
    SWAP_HAT,
    THEFT,
    TRAP,
)
from .maze import (
    GOAL_KEYS,
    GOAL_SET,
    START_KEY,
    Ways,
    cell,
    key,
    network,
    reached_goals,
    stone_turn,
)
from .scoring import settle, theft_order
from .spec import GEO_ALL, OPT_CRYSTALS, OPT_GEOLOGISTS, OPT_TRAPPED, SPEC, TRAPPED_COUNTED
from .state import CHANCE_PHASES, FIELDS, Phase, Saboteur2State

_DRAW = {c: f"draw:{c}" for c in CARD_IDS}
_ROLE = {r: f"role:{r}" for r in ROLES}

# The action texts a turn offers, written once: the legal actions are asked for at every
# decision of every playout, and these are the same few hundred texts each time. They are
# also listed in order as they are made, instead of sorted: every kind's texts after the one
# before it ("discard:" < "fix:" < "place:" < "play:"), in each kind the cards in the order of
# their ids, and each card's texts kept in order. No card id is another's beginning but where
# a letter follows it (A-REP-P, A-REP-PL), which sorts after the "@" that ends a card's name
# in a text, so the texts of the cards follow one another as the ids do.
_DISCARD = {c: f"discard:{c}" for c in CARD_IDS}
_FIX = {c: f"fix:{c}" for c in FRONT_CARDS}
#: Per card aimed at a seat and number of seats: (seat, ``play:<card>@<seat>``) in text order.
_ON_SEAT = {c: {n: sorted(((p, f"play:{c}@{p}") for p in range(n)), key=lambda pt: pt[1])
                for n in range(SPEC.min_players, SPEC.max_players + 1)} for c in SEAT_CARDS}
#: Per repair and number of seats: (seat, broken tool, ``play:<card>@<seat>:<tool>``) in text
#: order.
_MEND = {c: {n: sorted(((p, BREAK[t], f"play:{c}@{p}:{t}") for p in range(n) for t in tools),
                       key=lambda pt: pt[2])
             for n in range(SPEC.min_players, SPEC.max_players + 1)}
         for c, tools in REPAIRS.items()}
_MAP_AT = tuple(f"play:{MAP}@{x},{y}" for x, y in GOAL_CELLS)  # in text order too
_THEFT = f"play:{THEFT}"
#: The cards in front of a player that keep him from laying path cards (SB-R15).
_BLOCKING = frozenset((*BREAK.values(), TRAP))
#: ``place:`` texts by ``cell key * _SHAPE_SPAN + shape index``, and ``play:A-ROCK@x,y`` by
#: cell key, as they are first offered (a maze spans a few hundred cells at most).
_SHAPE_SPAN = 128
_PLACE_TEXT: dict[int, str] = {}
_ROCK_TEXT: dict[int, str] = {}
assert len(SHAPES) <= _SHAPE_SPAN


def _face_down(s: Saboteur2State) -> list[int]:
    return [i for i in range(len(GOAL_CELLS)) if not s.goal_up[i]]


def public_need(s: Saboteur2State) -> int:
    """Cards still needed to the nearest face-down goal: public (every goal position is)."""
    ways = s.ways_of()
    up = s.goal_up
    return min((ways.need(GOAL_KEYS[i]) for i in range(len(GOAL_CELLS)) if not up[i]),
               default=0)


def _place_texts(s: Saboteur2State, ways: Ways, card: str) -> list[str]:
    """The ``place:`` texts of ``card``, either way round, in order (SB-R06, SB-R16..R19);
    kept with the network's ``Ways``."""
    texts = ways.texts.get(card)
    if texts is None:
        texts = []
        for turned in (False, True):
            index = SHAPE_OF[card, turned]
            for k in ways.cells(s.maze, SHAPES[index]):
                text = _PLACE_TEXT.get(k * _SHAPE_SPAN + index)
                if text is None:
                    x, y = cell(k)
                    text = _PLACE_TEXT[k * _SHAPE_SPAN + index] = place_text(card, x, y, turned)
                texts.append(text)
        texts.sort()
        ways.texts[card] = texts
    return texts


class Saboteur2Game(api.Game[Saboteur2State]):
    """Saboteur 2 for 2 to 12 players (SB-R01)."""

    spec = SPEC
    actions = ACTIONS

    # -- set-up ---------------------------------------------------------------------------
    def new_initial_state(self, num_players: int,
                          options: Mapping[str, api.OptionValue]) -> Saboteur2State:
        s = Saboteur2State(num_players, bool(options.get(OPT_CRYSTALS, True)),
                           options.get(OPT_GEOLOGISTS) == GEO_ALL,
                           options.get(OPT_TRAPPED) == TRAPPED_COUNTED)
        self._start_round(s, [])
        return s

    def _start_round(self, s: Saboteur2State, events: list[Event]) -> None:
        # SB-R08..R11, SB-R33: a fresh maze, all cards and roles back, gold kept.
        n = s.n
        s.round += 1
        s.phase = Phase.GOALS
        s.turns = 0
        s.pending = []
        s.stock = list(CARD_COUNTS)
        s.stock_size = sum(s.stock)
        s.hands = [[] for _ in range(n)]
        s.buried = [[] for _ in range(n)]
        s.discards = []
        s.maze = {START_KEY: SHAPE_OF[START, False]}
        s.net = network(s.maze, SHAPES)
        s.goals = [""] * len(GOAL_CELLS)
        s.goal_up = [False] * len(GOAL_CELLS)
        s.roles = [""] * n
        s.reserve = list(ROLE_COUNTS)
        s.reserve_size = sum(s.reserve)
        s.set_aside = [[] for _ in range(n)]
        s.roles_shown = False
        s.front = [[] for _ in range(n)]
        s.theft_at = [-1] * n
        s.peeks = [[] for _ in range(n)]
        s.inspected = [[] for _ in range(n)]
        s.count = 0
        s.fixing = ""
        s.hat_seat = -1
        s.completer = -1
        s.steal_queue = []
        s.ev_dig = [0] * n
        s.ev_block = [0] * n
        s.ev_hit = [[0] * n for _ in range(n)]
        s.ev_help = [[0] * n for _ in range(n)]
        s.ev_door = [[0, 0] for _ in range(n)]
        if s.round > 1:
            events.append(Event("round", {"round": s.round, "seat": s.starter}))

    # -- flow -----------------------------------------------------------------------------
    def current_player(self, state: Saboteur2State) -> int:
        phase = state.phase
        if phase in CHANCE_PHASES:
            return api.CHANCE
        if phase == Phase.OVER:
            return api.TERMINAL
        return state.turn

    def legal_actions(self, state: Saboteur2State) -> list[str]:
        s = state
        phase = s.phase
        if phase == Phase.PLAY:
            return self._turn_actions(s)
        if phase == Phase.PASS:
            out = [_DISCARD[c] for c in sorted(set(s.hands[s.turn]))]
            return [*out, END]
        if phase == Phase.FIX:
            return [_DISCARD[c] for c in sorted(set(s.hands[s.turn]))]
        if phase == Phase.STEAL:
            return [f"steal:{v}" for v in self._victims(s, s.turn)]
        if phase in CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes(s)]
        return []

    def _turn_actions(self, s: Saboteur2State) -> list[str]:
        """SB-R13: the legal actions of a turn, in order (see ``_DISCARD``)."""
        seat = s.turn
        hand = s.hands[seat]
        kinds = sorted(set(hand))
        out = [_DISCARD[c] for c in kinds]
        if len(hand) >= FIX_COST:
            out.extend(_FIX[c] for c in sorted(set(s.front[seat])))
        if _BLOCKING.isdisjoint(s.front[seat]):  # SB-R15
            ways = s.ways_of()
            for c in kinds:
                if c in PATH_IDS:
                    out += _place_texts(s, ways, c)
        for c in kinds:
            if c in ACTION_IDS:
                self._plays(s, seat, c, out)
        return out

    def _plays(self, s: Saboteur2State, seat: int, card: str, out: list[str]) -> None:
        """Append, in order, the texts of ``card`` played by ``seat`` on every target it may
        be played on now (§6, SB-R22)."""
        n = s.n
        front = s.front
        if card in REPAIRS:
            out.extend(t for p, broken, t in _MEND[card][n] if broken in front[p])
        elif card in _BLOCKING:  # SB-G09: a Trap on another player only
            out.extend(t for p, t in _ON_SEAT[card][n]
                       if card not in front[p] and (card != TRAP or p != seat))
        elif card == ROCKFALL:  # SB-R21, SB-G10: not the start, not a goal
            rocks = []
            for k in s.maze:
                if k != START_KEY and k not in GOAL_SET:
                    text = _ROCK_TEXT.get(k)
                    if text is None:
                        x, y = cell(k)
                        text = _ROCK_TEXT[k] = f"play:{ROCKFALL}@{x},{y}"
                    rocks.append(text)
            out += sorted(rocks)
        elif card == MAP:
            up = s.goal_up
            out.extend(_MAP_AT[i] for i in range(len(GOAL_CELLS)) if not up[i])
        elif card == THEFT:
            if THEFT not in front[seat]:
                out.append(_THEFT)
        elif card == HANDS_OFF:
            out.extend(t for p, t in _ON_SEAT[card][n] if THEFT in front[p])
        elif card in (SWAP_HAND, INSPECT):
            out.extend(t for p, t in _ON_SEAT[card][n] if p != seat)
        elif card == SWAP_HAT:  # SB-G06: only while the reserve holds a role
            if s.reserve_size:
                out.extend(t for _, t in _ON_SEAT[card][n])
        elif card == FREE:
            out.extend(t for p, t in _ON_SEAT[card][n] if TRAP in front[p])

    @staticmethod
    def _victims(s: Saboteur2State, thief: int) -> list[int]:
        return [p for p in range(s.n) if p != thief and s.gold[p] > 0]

    def chance_outcomes(self, state: Saboteur2State) -> list[tuple[str, float]]:
        s = state
        phase = s.phase
        if phase == Phase.GOALS:
            return [(f"goals:{g}", 1.0 / len(GOAL_LAYOUTS)) for g in GOAL_LAYOUTS]
        if phase in (Phase.ROLES, Phase.HAT):
            total = s.reserve_size
            return [(_ROLE[r], k / total) for r, k in zip(ROLES, s.reserve, strict=True) if k]
        if phase in (Phase.DEAL, Phase.DRAW):
            total = s.stock_size
            return [(_DRAW[c], k / total) for c, k in zip(CARD_IDS, s.stock, strict=True) if k]
        if phase == Phase.FIRST:
            return [(f"first:{p}", 1.0 / s.n) for p in range(s.n)]
        return []

    def sample_chance(self, state: Saboteur2State, rng: random.Random) -> str:
        s = state
        if s.phase in (Phase.DEAL, Phase.DRAW):
            return _DRAW[CARD_IDS[int(api.draw_by_count(s.stock, rng, s.stock_size))]]
        if s.phase in (Phase.ROLES, Phase.HAT):
            return _ROLE[ROLES[int(api.draw_by_count(s.reserve, rng, s.reserve_size))]]
        if s.phase == Phase.GOALS:
            return f"goals:{GOAL_LAYOUTS[rng.randrange(len(GOAL_LAYOUTS))]}"
        if s.phase == Phase.FIRST:
            return f"first:{rng.randrange(s.n)}"
        raise ValueError("Not a chance node.")

    # -- applying -------------------------------------------------------------------------
    # Game sends each action to the method of its kind, its argument read (a placement as
    # (card, x, y, turned), a card played as (card, target), a seat as an int).
    def _apply_place(self, s: Saboteur2State, placed: Placed, events: list[Event]) -> None:
        card, x, y, turned = placed
        self._place(s, card, key(x, y), turned, events)

    def _apply_play(self, s: Saboteur2State, played: Played, events: list[Event]) -> None:
        self._play(s, played[0], played[1], events)

    def _apply_fix(self, s: Saboteur2State, card: str, events: list[Event]) -> None:
        s.phase = Phase.FIX
        s.fixing = card
        s.count = 0
        # Not a line of the log: "fixed" says it once the two cards are down.
        events.append(Event("fix", {"seat": s.turn, "card": card}, logged=False))

    def _apply_goals(self, s: Saboteur2State, layout: str, events: list[Event]) -> None:
        if s.roles_shown:  # the round played until now is cleared away only here
            self._start_round(s, events)
        s.goals = [LETTER_GOAL[c] for c in layout]
        s.phase = Phase.ROLES
        s.pending = list(range(s.n))
        events.append(Event("goals", {}, logged=False))

    def _apply_first(self, s: Saboteur2State, seat: int, events: list[Event]) -> None:
        s.starter = seat
        events.append(Event("first", {"seat": s.starter}))
        self._begin_play(s, events)

    def _take(self, s: Saboteur2State, card: str) -> None:
        s.stock[CARD_INDEX[card]] -= 1
        s.stock_size -= 1

    def _apply_draw(self, s: Saboteur2State, card: str, events: list[Event]) -> None:
        seat = s.pending.pop(0)
        self._take(s, card)
        hand = s.hands[seat]
        hand.append(card)
        hand.sort()
        # The drawer sees the card; everyone sees that a card was drawn (the deck shrinks).
        events.append(Event("drawn", {"seat": seat, "card": card}, seats=frozenset((seat,)),
                            reveals=True, logged=False))
        if s.phase == Phase.DEAL:
            if s.pending:
                return
            for p in range(s.n):
                events.append(Event("hand", {"seat": p, "hand": s.hands[p][:]},
                                    seats=frozenset((p,)), reveals=True))
            if s.round == 1:
                s.phase = Phase.FIRST
            else:
                self._begin_play(s, events)
            return
        events.append(Event("draw", {"seat": seat}, logged=False))
        if not s.pending:
            self._next_turn(s, events)

    def _apply_role(self, s: Saboteur2State, role: str, events: list[Event]) -> None:
        seat = s.pending.pop(0) if s.phase == Phase.ROLES else s.hat_seat
        s.reserve[ROLES.index(role)] -= 1
        s.reserve_size -= 1
        s.roles[seat] = role
        events.append(Event("role", {"seat": seat, "role": role}, seats=frozenset((seat,)),
                            reveals=True))
        if s.phase == Phase.ROLES:
            if not s.pending:
                s.phase = Phase.DEAL
                s.pending = [p for _ in range(HAND_SIZE) for p in range(s.n)]
            return
        s.hat_seat = -1
        self._after_turn(s, [s.turn], events)

    def _begin_play(self, s: Saboteur2State, events: list[Event]) -> None:
        s.turn = s.starter
        s.phase = Phase.PLAY

    def _after_turn(self, s: Saboteur2State, drawers: list[int], events: list[Event]) -> None:
        """The turn's card was put down: draw what is due (SB-R13, SB-R14), then go on."""
        s.last_actor = s.turn  # SB-G11
        s.turns += 1
        s.count = 0
        s.fixing = ""
        s.pending = drawers[:s.deck_size]
        if s.pending:
            s.phase = Phase.DRAW
        else:
            self._next_turn(s, events)

    def _next_turn(self, s: Saboteur2State, events: list[Event]) -> None:
        # SB-R14: players without cards are skipped; SB-R23 (b): none has cards, the round ends.
        n = s.n
        for i in range(1, n + 1):
            q = (s.turn + i) % n
            if s.hands[q]:
                s.turn = q
                s.phase = Phase.PLAY
                return
        self._end_round(s, events)

    def _place(self, s: Saboteur2State, card: str, k: int, turned: bool,
               events: list[Event]) -> None:
        seat = s.turn
        shape = SHAPES[SHAPE_OF[card, turned]]
        before = public_need(s)
        s.hands[seat].remove(card)
        s.maze[k] = shape.index
        ways = s.ways = s.ways_of().laid(s.maze, k)
        s.net = ways.net
        x, y = cell(k)
        events.append(Event("place", {"seat": seat, "card": card, "x": x, "y": y,
                                      "turned": turned}))
        # Public evidence for the AI's guesses of roles.
        if shape.door:
            s.ev_door[seat][0 if shape.door == GREEN else 1] += 1
        if shape.dead_end and not shape.ladder:
            s.ev_block[seat] += 1
        if self._reveal_goals(s, events):
            s.completer = seat
            s.last_actor = seat
            s.turns += 1
            self._end_round(s, events)
            return
        if public_need(s) < before:
            s.ev_dig[seat] += 1
        self._after_turn(s, [seat], events)

    def _reveal_goals(self, s: Saboteur2State, events: list[Event]) -> bool:
        """SB-R20, SB-G02, SB-G12: turn up every goal the network reaches (a revealed stone
        may carry the network on to another goal); True when the gold is reached."""
        gold = False
        while True:
            slots = reached_goals(s.maze, s.net, _face_down(s))
            if not slots:
                return gold
            turned = [stone_turn(s.maze, SHAPES, s.net, slot,
                                 SHAPES[SHAPE_OF[s.goals[slot], False]],
                                 SHAPES[SHAPE_OF[s.goals[slot], True]]) for slot in slots]
            for slot, shape in zip(slots, turned, strict=True):
                card = s.goals[slot]
                s.goal_up[slot] = True
                s.maze[GOAL_KEYS[slot]] = shape.index
                x, y = GOAL_CELLS[slot]
                events.append(Event("reveal", {"card": card, "x": x, "y": y,
                                               "turned": shape.turned}, reveals=True))
                gold = gold or card == GOLD
            ways = s.ways_of()
            for slot in slots:
                ways = ways.laid(s.maze, GOAL_KEYS[slot])
            s.ways = ways
            s.net = ways.net

    def _play(self, s: Saboteur2State, card: str, target: Target, events: list[Event]) -> None:
        seat = s.turn
        s.hands[seat].remove(card)
        drawer = seat
        data: dict[str, Any] = {"seat": seat, "card": card}
        secret: list[Event] = []  # what the card shows its player alone
        if card in BREAK.values() or card == TRAP:
            assert isinstance(target, int)
            s.front[target].append(card)
            data["target"] = target
            if target != seat:
                s.ev_hit[seat][target] += 1
        elif card in REPAIRS or card == FREE:
            if card == FREE:
                assert isinstance(target, int)
                victim, removed = target, TRAP
            else:
                assert isinstance(target, tuple) and isinstance(target[1], str)
                victim, removed = target[0], BREAK[target[1]]
                data["tool"] = target[1]
            s.front[victim].remove(removed)
            s.discards.extend((card, removed))
            data["target"] = victim
            if victim != seat:
                s.ev_help[seat][victim] += 1
        elif card == ROCKFALL:
            assert isinstance(target, tuple) and isinstance(target[1], int)
            k = key(target[0], target[1])
            rocked = SHAPES[s.maze.pop(k)]
            if any(k * 4 + e in s.net[1] for e in range(4)):
                s.ev_block[seat] += 1
            s.net = network(s.maze, SHAPES)
            s.discards.extend((card, rocked.card))
            # The removed card is named as it lay (turned round or not).
            data.update(x=target[0], y=target[1], removed=rocked.card, turned=rocked.turned)
        elif card == MAP:
            assert isinstance(target, tuple) and isinstance(target[1], int)
            slot = GOAL_CELLS.index((target[0], target[1]))
            if slot not in s.peeks[seat]:
                s.peeks[seat].append(slot)
                s.peeks[seat].sort()
            s.discards.append(card)
            data.update(x=target[0], y=target[1])
            # What the Map shows its player follows the line that says it was played.
            secret.append(Event("peek", {"seat": seat, "x": target[0], "y": target[1],
                                       "goal": s.goals[slot]}, seats=frozenset((seat,)),
                              reveals=True))
        elif card == THEFT:
            s.front[seat].append(card)
            s.serial += 1
            s.theft_at[seat] = s.serial
        elif card == HANDS_OFF:
            assert isinstance(target, int)
            s.front[target].remove(THEFT)
            s.discards.extend((card, THEFT))
            data["target"] = target
        elif card == SWAP_HAND:
            assert isinstance(target, int)
            s.discards.append(card)
            s.hands[seat], s.hands[target] = s.hands[target], s.hands[seat]
            drawer = target  # SB-R22 table: the other player draws this turn's card
            data["target"] = target
            for p in (seat, target):
                events.append(Event("hand", {"seat": p, "hand": s.hands[p][:]},
                                    seats=frozenset((p,)), reveals=True, logged=False))
        elif card == INSPECT:
            assert isinstance(target, int)
            s.discards.append(card)
            if target not in s.inspected[seat]:
                s.inspected[seat].append(target)
                s.inspected[seat].sort()
            data["target"] = target
            secret.append(Event("inspect", {"seat": seat, "target": target,
                                          "role": s.roles[target]},
                              seats=frozenset((seat,)), reveals=True))
        elif card == SWAP_HAT:
            assert isinstance(target, int)
            s.discards.append(card)
            s.set_aside[target].append(s.roles[target])
            s.roles[target] = ""
            for seen in s.inspected:
                if target in seen:
                    seen.remove(target)
            data["target"] = target
            events.append(Event("play", data))
            s.hat_seat = target
            s.phase = Phase.HAT
            return
        events.append(Event("play", data))
        events.extend(secret)
        self._after_turn(s, [drawer], events)

    def _apply_discard(self, s: Saboteur2State, card: str, events: list[Event]) -> None:
        seat = s.turn
        s.hands[seat].remove(card)
        s.buried[seat].append(card)
        s.buried[seat].sort()
        if s.phase == Phase.PLAY:
            s.phase = Phase.PASS
            s.count = 0
        s.count += 1
        # Not a line of the log: the pass ("passed") or the removal ("fixed") is one line
        # once it is done, saying how many cards went down.
        events.append(Event("discard", {"seat": seat}, logged=False))
        events.append(Event("discard_own", {"seat": seat, "card": card},
                            seats=frozenset((seat,)), logged=False))
        if s.phase == Phase.PASS:
            if s.count >= PASS_MAX or not s.hands[seat]:
                self._apply_end(s, events)
            return
        if s.count >= FIX_COST:
            s.front[seat].remove(s.fixing)
            s.discards.append(s.fixing)
            if s.fixing == THEFT:
                s.theft_at[seat] = -1
            events.append(Event("fixed", {"seat": seat, "card": s.fixing}))
            self._after_turn(s, [seat], events)

    def _apply_end(self, s: Saboteur2State, events: list[Event]) -> None:
        seat = s.turn
        events.append(Event("passed", {"seat": seat, "count": s.count}))
        self._after_turn(s, [seat] * s.count, events)

    # -- the end of a round ---------------------------------------------------------------
    def _end_round(self, s: Saboteur2State, events: list[Event]) -> None:
        # SB-R23, SB-R24: roles are revealed, the gold paid, then the thieves steal.
        s.pending = []
        s.roles_shown = True
        result = settle(s)
        s.result = result
        for p, v in enumerate(result["pay"]):
            s.gold[p] += v
        s.gains.append(result["pay"][:])
        events.append(Event("roles", {"roles": s.roles[:]}, reveals=True))
        for slot in _face_down(s):
            x, y = GOAL_CELLS[slot]
            events.append(Event("goal_shown", {"card": s.goals[slot], "x": x, "y": y},
                                reveals=True, logged=False))
        events.append(Event("result", {"reason": result["reason"], "teams": result["teams"],
                                       "winners": result["winners"], "pay": result["pay"],
                                       "crystals": result["crystals"]}))
        s.steal_queue = theft_order(s)
        self._next_steal(s, events)

    def _next_steal(self, s: Saboteur2State, events: list[Event]) -> None:
        while s.steal_queue:
            q = s.steal_queue[0]
            if self._victims(s, q):
                s.phase = Phase.STEAL
                s.turn = q
                return
            s.steal_queue.pop(0)
            events.append(Event("steal_none", {"seat": q}))
        self._finish_round(s, events)

    def _apply_steal(self, s: Saboteur2State, victim: int, events: list[Event]) -> None:
        thief = s.steal_queue.pop(0)
        s.gold[victim] -= 1
        s.gold[thief] += 1
        s.gains[-1][victim] -= 1
        s.gains[-1][thief] += 1
        events.append(Event("steal", {"seat": thief, "target": victim}))
        self._next_steal(s, events)

    def _finish_round(self, s: Saboteur2State, events: list[Event]) -> None:
        if s.round >= ROUNDS:  # SB-R34
            best = max(s.gold)
            s.winners = [p for p in range(s.n) if s.gold[p] == best]
            s.phase = Phase.OVER
            s.turn = -1
            events.append(Event("end", {"gold": s.gold[:], "winners": s.winners[:],
                                        "rounds": ROUNDS}))
            return
        s.starter = (s.last_actor + 1) % s.n  # SB-R12
        # The next round begins with its goal cards (the chance that follows): until then
        # the round just played stays on the table, its tunnel, goals, roles and gold, for
        # the players to look at (the app pauses on it).
        s.phase = Phase.GOALS
        s.pending = []
        s.turn = -1

    # -- refusals -------------------------------------------------------------------------
    chance_kinds = ("goals", "role", "draw", "first")

    # Only what the mover sees: the phase asks first (a theft, a pass or a fix under way),
    # then the kind; chance's kinds never reach these.
    def _refuse_steal(self, s: Saboteur2State, victim: int) -> Msg:
        if s.phase != Phase.STEAL:
            return Msg("refuse.steal_later")
        if victim == s.turn:
            return Msg("refuse.steal_self")
        if victim < s.n:
            return Msg("refuse.steal_poor", target=victim)
        return Msg("refuse.no_seat", number=victim + 1)

    def _refuse_discard(self, s: Saboteur2State, card: str) -> Msg:
        if s.phase == Phase.STEAL:
            return Msg("refuse.steal_now")
        return Msg("refuse.not_in_hand", card=card)

    def _refuse_end(self, s: Saboteur2State) -> Msg:
        return knowledge.busy(s) or Msg("refuse.no_pass")

    def _refuse_fix(self, s: Saboteur2State, card: str) -> Msg:
        why = knowledge.busy(s)
        if why is not None:
            return why
        if card not in s.front[s.turn]:
            return Msg("refuse.not_in_front", card=card)
        return Msg("refuse.fix_cards")

    def _refuse_place(self, s: Saboteur2State, placed: Placed) -> Msg:
        return knowledge.busy(s) or knowledge.place_reason(s, s.turn, placed)

    def _refuse_play(self, s: Saboteur2State, played: Played) -> Msg:
        return knowledge.busy(s) or knowledge.play_reason(s, s.turn, played)

    # -- results --------------------------------------------------------------------------
    def returns(self, state: Saboteur2State) -> list[float]:
        return api.winner_returns(state.n, state.winners, over=state.phase == Phase.OVER)

    def final_result(self, state: Saboteur2State) -> tuple[str | None, float | None]:
        return "over", float(state.gold[0])

    # -- information ----------------------------------------------------------------------
    def observation(self, state: Saboteur2State, seat: int | None) -> knowledge.Saboteur2Obs:
        return knowledge.observe(self.spec.id, state, seat, self.current_player(state))

    def resampler(self, obs: api.Observation, seat: int
                  ) -> Callable[[random.Random], Saboteur2State]:
        return knowledge.resampler(obs, seat)

    # -- serialisation --------------------------------------------------------------------
    fields = FIELDS

    def blank_state(self, data: Mapping[str, Any]) -> Saboteur2State:
        return Saboteur2State(int(data["n"]))

    # -- words ----------------------------------------------------------------------------
    def describe_action(self, state: Saboteur2State, action: str) -> Msg:
        return knowledge.describe(action)

    def prompt(self, state: Saboteur2State, seat: int) -> Msg:
        return knowledge.prompt_from_obs(self.observation(state, seat), seat)

    # -- AI hooks -------------------------------------------------------------------------
    def heuristic(self, state: Saboteur2State, seat: int) -> float | None:
        return ai.heuristics(state)[seat]

    def heuristics(self, state: Saboteur2State) -> list[float | None]:
        return list(ai.heuristics(state))

    def playout_action(self, state: Saboteur2State, legal: Sequence[str],
                       rng: random.Random) -> str | None:
        return ai.playout_action(state, legal, rng)

    def playout_depth(self) -> int | None:
        return ai.PLAYOUT_DEPTH

    def search_actions(self, state: Saboteur2State, legal: list[str]) -> list[str]:
        return ai.search_actions(state, legal)

    def search_effort(self) -> float:
        return ai.SEARCH_EFFORT

    def scripted_action(self, obs: api.Observation, seat: int, legal: Sequence[str], level: str,
                        rng: random.Random) -> str | None:
        if level == "hard":  # judges every move, passes and thefts too (``lookahead_samples``)
            return None
        return ai.scripted_action(obs, legal)

    def lookahead_samples(self, level: str) -> int | None:
        return ai.LOOKAHEAD_SAMPLES if level == "hard" else None

    def lookahead_heuristic(self, state: Saboteur2State, seat: int, level: str) -> float | None:
        return ai.heuristics(state, ai.HARD_SCALE)[seat]

    def max_game_length(self) -> int:
        # Per round: at most 117 cards go through hands, each in a decision and a draw, a
        # pass or a fix adding a few steps; deal and roles; thefts. Generous.
        return 3 * 1200


