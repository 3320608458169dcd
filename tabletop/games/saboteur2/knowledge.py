"""What each seat of Saboteur 2 knows: its observation, the states it cannot tell apart
(``resample``), and the words of refusals, moves and prompts, worked out from the same view.

Rules follow the rules reference of Saboteur 2 (SB-R36, SB-C3). A seat sees its own hand, its
own face-down discards, its own role, the goal cards it has looked at with a Map and the roles
it has inspected (until they change); everyone sees the maze, the face-up goals, the cards in
front of players, the cards played or rocked out, the counts of hands, deck and reserve, who
looked at which goal and whom, the gold, the Thefts played in the match (whose count numbers
the next one, SB-R32), and the public evidence the AI reads. At the end of a round every role
and goal is shown (SB-R24).

``resample`` deals everything else afresh: the other hands and face-down discards and the
deck from the cards the seat cannot locate, the face-down goals it has not seen, and the
unknown roles, weighted by the public evidence (``ai.role_weight`` through ``weighted_draw``),
so a search guesses the saboteurs from who broke whose tools and who built where.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from tabletop.api import (
    Dispatch,
    Msg,
    Observation,
    ObservationBase,
    count_copies,
    deal_unseen,
    weighted_draw,
)

from . import ai
from .actions import ACTIONS, Placed, Played
from .data import (
    BREAK,
    CARD_COUNTS,
    CARD_IDS,
    CARD_INDEX,
    FIX_COST,
    FREE,
    GOAL_CELLS,
    GOALS,
    HANDS_OFF,
    INSPECT,
    MAP,
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
    same_turned,
)
from .maze import GOAL_SET, NEAR_GOAL, START_KEY, STEP, cell, connects, fits, key, network
from .state import FIELDS, Phase, Saboteur2State, _copy_result


class CellObs(TypedDict):
    """A card of the maze as it lies."""

    x: int
    y: int
    card: str
    turned: bool


class GoalObs(TypedDict):
    """A goal position: its card when the viewer may know it (``up``: face up for all)."""

    x: int
    y: int
    card: str | None
    up: bool
    turned: bool


class SeatObs(TypedDict):
    """One seat as the viewer sees it: hand, discards and role only where it may know them."""

    hand: list[str | None]
    buried: list[str | None]
    role: str | None
    set_aside: list[str | None]
    front: list[str]
    theft_at: int
    gold: int
    peeked: list[int]
    inspected: list[int]
    dig: int
    block: int
    hit: list[int]
    help: list[int]
    doors: list[int]


class Saboteur2Obs(ObservationBase):
    """What a seat (or a spectator, ``seat`` None) sees of a position."""

    num_players: int
    options: dict[str, bool]
    round: int
    rounds: int
    turn: int
    starter: int
    turns: int
    last_actor: int
    pending: list[int]
    deck: int
    stock: int
    discards: list[str]
    maze: list[CellObs]
    goals: list[GoalObs]
    reserve: int
    roles_shown: bool
    count: int
    fixing: str
    hat_seat: int
    completer: int
    steal_queue: list[int]
    thefts: int
    gains: list[list[int]]
    result: dict[str, Any] | None
    winners: list[int]
    players: list[SeatObs]


def observe(game_id: str, s: Saboteur2State, seat: int | None, to_move: int) -> Saboteur2Obs:
    shown = s.roles_shown
    players: list[SeatObs] = []
    for p in range(s.n):
        mine = seat == p
        known = mine or shown or (seat is not None and p in s.inspected[seat])
        players.append({
            "hand": list(s.hands[p]) if mine else [None] * len(s.hands[p]),
            "buried": list(s.buried[p]) if mine else [None] * len(s.buried[p]),
            "role": (s.roles[p] or None) if known else None,
            "set_aside": list(s.set_aside[p]) if mine else [None] * len(s.set_aside[p]),
            "front": list(s.front[p]), "theft_at": s.theft_at[p], "gold": s.gold[p],
            "peeked": list(s.peeks[p]), "inspected": list(s.inspected[p]),
            "dig": s.ev_dig[p], "block": s.ev_block[p], "hit": list(s.ev_hit[p]),
            "help": list(s.ev_help[p]), "doors": list(s.ev_door[p]),
        })
    maze: list[CellObs] = []
    for k in sorted(s.maze):
        if k in GOAL_SET:
            continue
        x, y = cell(k)
        shape = SHAPES[s.maze[k]]
        maze.append({"x": x, "y": y, "card": shape.card, "turned": shape.turned})
    goals: list[GoalObs] = []
    for slot, (x, y) in enumerate(GOAL_CELLS):
        up = s.goal_up[slot]
        seen = up or shown or (seat is not None and slot in s.peeks[seat])
        placed = s.maze.get(key(x, y))
        goals.append({"x": x, "y": y, "card": s.goals[slot] if seen and s.goals[slot] else None,
                      "up": up, "turned": placed is not None and SHAPES[placed].turned})
    return {
        "game": game_id, "seat": seat, "phase": s.phase, "to_move": to_move,
        "num_players": s.n,
        "options": {"extra_crystals": s.extra_crystals, "geo_all": s.geo_all,
                    "trapped_count": s.trapped_count},
        "round": s.round, "rounds": ROUNDS, "turn": s.turn, "starter": s.starter,
        "turns": s.turns, "last_actor": s.last_actor, "pending": list(s.pending),
        "deck": s.deck_size, "stock": s.stock_size, "discards": list(s.discards),
        "maze": maze, "goals": goals, "reserve": s.reserve_size, "roles_shown": shown,
        "count": s.count, "fixing": s.fixing, "hat_seat": s.hat_seat,
        "completer": s.completer, "steal_queue": list(s.steal_queue), "thefts": s.serial,
        "gains": [list(g) for g in s.gains],
        "result": None if s.result is None else _copy_result(s.result),
        "winners": list(s.winners), "players": players,
    }


# ---------------------------------------------------------------------------------------------
# Resampling
# ---------------------------------------------------------------------------------------------


def visible_state(obs: Observation, seat: int) -> Saboteur2State:
    """The state as far as ``obs`` shows it; hidden places are left empty for the sampler."""
    n = int(obs["num_players"])
    opts = obs["options"]
    s = FIELDS.load_shown(
        Saboteur2State(n, bool(opts["extra_crystals"]), bool(opts["geo_all"]),
                       bool(opts.get("trapped_count", False))), obs,
        "phase round turn starter turns last_actor pending discards roles_shown count fixing "
        "hat_seat completer steal_queue gains result winners")
    maze = {START_KEY: SHAPE_OF[START, False]}
    for c in obs["maze"]:
        maze[key(int(c["x"]), int(c["y"]))] = SHAPE_OF[str(c["card"]), bool(c["turned"])]
    s.goals = [str(g["card"]) if g["card"] is not None else "" for g in obs["goals"]]
    s.goal_up = [bool(g["up"]) for g in obs["goals"]]
    for _slot, g in enumerate(obs["goals"]):
        if g["up"]:
            maze[key(int(g["x"]), int(g["y"]))] = SHAPE_OF[str(g["card"]), bool(g["turned"])]
    s.maze = maze
    s.net = network(maze, SHAPES)
    for p, pl in enumerate(obs["players"]):
        s.hands[p] = [str(c) for c in pl["hand"]] if p == seat else []
        s.buried[p] = [str(c) for c in pl["buried"]] if p == seat else []
        s.roles[p] = str(pl["role"]) if pl["role"] is not None else ""
        s.set_aside[p] = [str(r) for r in pl["set_aside"]] if p == seat else []
        s.front[p] = [str(c) for c in pl["front"]]
        s.theft_at[p] = int(pl["theft_at"])
        s.gold[p] = int(pl["gold"])
        s.peeks[p] = [int(i) for i in pl["peeked"]]
        s.inspected[p] = [int(i) for i in pl["inspected"]]
        s.ev_dig[p] = int(pl["dig"])
        s.ev_block[p] = int(pl["block"])
        s.ev_hit[p] = [int(v) for v in pl["hit"]]
        s.ev_help[p] = [int(v) for v in pl["help"]]
        s.ev_door[p] = [int(v) for v in pl["doors"]]
    # The next Theft is numbered after every one played in the match, earlier rounds' too,
    # which ``theft_at`` (reset each round) cannot tell.
    s.serial = int(obs["thefts"])
    return s


def resampler(obs: Observation, seat: int) -> Callable[[random.Random], Saboteur2State]:
    """A sampler of full states that ``seat`` cannot tell from ``obs`` (see the module)."""
    base = visible_state(obs, seat)
    n = base.n
    players = obs["players"]
    others = [p for p in range(n) if p != seat]
    # Cards: the whole deck less what the seat can locate.
    left = list(CARD_COUNTS)
    located = [c for c in base.discards]
    located += [SHAPES[sh].card for k, sh in base.maze.items()
                if k != START_KEY and k not in GOAL_SET]
    located += base.hands[seat] + base.buried[seat]
    located += [c for f in base.front for c in f]
    for c in located:
        left[CARD_INDEX[c]] -= 1
    card_pool = [c for i, c in enumerate(CARD_IDS) for _ in range(left[i])]
    sizes = [len(players[p]["hand"]) for p in others] + [len(players[p]["buried"])
                                                         for p in others]
    stock_size = int(obs["stock"])
    # Goals: the face-down ones the seat has not seen, from the goal cards it has not seen.
    unseen_goals = [g for g in GOALS if g not in base.goals]
    hidden_slots = [i for i, g in enumerate(base.goals) if not g]
    # Roles: every role card less the ones the seat knows where they are.
    role_left = list(ROLE_COUNTS)
    for r in [*base.roles, *base.set_aside[seat]]:
        if r:
            role_left[ROLES.index(r)] -= 1
    role_pool = [r for i, r in enumerate(ROLES) for _ in range(role_left[i])]
    # Seats without a role card: those still to be dealt one, and the one drawing a new one.
    roleless = set(range(n)) if base.phase == Phase.GOALS else set(base.pending) \
        if base.phase == Phase.ROLES else {base.hat_seat} if base.phase == Phase.HAT else set()
    unknown = [p for p in range(n) if not base.roles[p] and p not in roleless]
    aside_sizes = [len(players[p]["set_aside"]) for p in others]
    reserve = int(obs["reserve"])
    weight = ai.role_weight(base, unknown)

    def draw_roles(rng: random.Random) -> list[str]:
        pool = role_pool[:]
        rng.shuffle(pool)
        return pool

    def sample(rng: random.Random) -> Saboteur2State:
        s = base.clone()
        roles = weighted_draw(draw_roles, weight, rng)
        k = len(unknown)
        for p, r in zip(unknown, roles[:k], strict=True):
            s.roles[p] = r
        for p, m in zip(others, aside_sizes, strict=True):
            s.set_aside[p] = roles[k:k + m]
            k += m
        rest = roles[k:]
        assert len(rest) == reserve
        s.reserve = [rest.count(r) for r in ROLES]
        s.reserve_size = reserve
        places, deck = deal_unseen(card_pool, sizes, rng, sort=True)
        for p, hand in zip(others, places[:len(others)], strict=True):
            s.hands[p] = hand
        for p, buried in zip(others, places[len(others):], strict=True):
            s.buried[p] = buried
        assert len(deck) == stock_size
        s.stock = count_copies(deck, CARD_INDEX)
        s.stock_size = stock_size
        goals = unseen_goals[:]
        rng.shuffle(goals)
        for slot, g in zip(hidden_slots, goals, strict=True):
            s.goals[slot] = g
        return s

    return sample


# ---------------------------------------------------------------------------------------------
# Refusals: why a well-formed action is not legal, from what the mover sees
# ---------------------------------------------------------------------------------------------


def busy(s: Saboteur2State) -> Msg | None:
    """What the mover must finish first, whatever it tries (a theft, a pass, a fix under way),
    if anything: the refusal of any other move there."""
    phase = s.phase
    if phase == Phase.STEAL:
        return Msg("refuse.steal_now")
    if phase == Phase.PASS:
        return Msg("refuse.finish_pass", count=s.count)
    if phase == Phase.FIX:
        return Msg("refuse.finish_fix", card=s.fixing, left=FIX_COST - s.count)
    return None


def place_reason(s: Saboteur2State, seat: int, placed: Placed) -> Msg:
    """Why ``seat`` may not place the path card ``placed`` (card, x, y, turned)."""
    card, x, y, turned = placed
    if card not in s.hands[seat]:
        return Msg("refuse.not_in_hand", card=card)
    broken = [t for t, c in BREAK.items() if c in s.front[seat]]
    if broken:
        return Msg("refuse.broken", tools=broken)  # SB-R15
    if s.trapped(seat):
        return Msg("refuse.trapped")
    k = key(x, y)
    shape = SHAPES[SHAPE_OF[card, turned]]
    if k in GOAL_SET:
        return Msg("refuse.goal_cell")
    if k in s.maze:
        return Msg("refuse.occupied", x=x, y=y)
    if not any(k + d in s.maze or k + d in GOAL_SET for d in STEP):
        return Msg("refuse.not_adjacent")  # SB-R16
    if shape.ladder and k in NEAR_GOAL:
        return Msg("refuse.ladder_goal")  # SB-R19
    if not fits(s.maze, SHAPES, k, shape):
        other = SHAPES[SHAPE_OF[card, not turned]]
        if fits(s.maze, SHAPES, k, other) and (other.ladder or connects(s.net, k, other)):
            return Msg("refuse.turn_it")
        return Msg("refuse.mismatch")  # SB-R17
    return Msg("refuse.not_connected")  # SB-R18


def play_reason(s: Saboteur2State, seat: int, played: Played) -> Msg:
    """Why ``seat`` may not play the action card ``played`` (card, target)."""
    card, target = played
    if card not in s.hands[seat]:
        return Msg("refuse.not_in_hand", card=card)
    if isinstance(target, int) and target >= s.n:
        return Msg("refuse.no_seat", number=target + 1)
    if isinstance(target, tuple) and isinstance(target[1], str) and target[0] >= s.n:
        return Msg("refuse.no_seat", number=target[0] + 1)
    if card in BREAK.values() or card == TRAP:
        assert isinstance(target, int)
        if card == TRAP and target == seat:
            return Msg("refuse.trap_self")  # SB-G09
        return Msg("refuse.already_front", card=card, target=target)  # SB-R22
    if card in REPAIRS:
        assert isinstance(target, tuple) and isinstance(target[1], str)
        return Msg("refuse.nothing_to_repair", target=target[0], tool=target[1])
    if card == FREE:
        return Msg("refuse.not_trapped", target=target)
    if card == HANDS_OFF:
        return Msg("refuse.no_theft", target=target)
    if card == THEFT:
        return Msg("refuse.already_front", card=card, target=seat)
    if card in (SWAP_HAND, INSPECT):
        return Msg("refuse.other_player")
    if card == SWAP_HAT:
        return Msg("refuse.reserve_empty")
    assert isinstance(target, tuple)
    x, y = target
    if card == ROCKFALL:
        k = key(int(x), int(y))
        if k == START_KEY or k in GOAL_SET:
            return Msg("refuse.rock_fixed")  # SB-R21
        return Msg("refuse.rock_empty", x=x, y=y)
    assert card == MAP
    return Msg("refuse.map_target", x=x, y=y)


# ---------------------------------------------------------------------------------------------
# Words of moves and prompts
# ---------------------------------------------------------------------------------------------


class _MoveWords:
    """The words of each kind of move, which need no state: ``describe`` sends each action to
    the method of its kind, its argument read."""

    def _describe_place(self, _: object, placed: Placed) -> Msg:
        card, x, y, turned = placed
        # A card that is the same turned round (a cross, a straight) lies the same either
        # way: saying "turned round" would name a difference there is not.
        code = "move.place_turned" if turned and not same_turned(card) else "move.place"
        return Msg(code, card=card, x=x, y=y, turned=turned)

    def _describe_play(self, _: object, played: Played) -> Msg:
        card, target = played
        if target is None:
            return Msg("move.play_self", card=card)
        if isinstance(target, int):
            return Msg("move.play_on", card=card, target=target)
        if isinstance(target[1], str):
            return Msg("move.repair", card=card, target=target[0], tool=target[1])
        return Msg("move.play_at", card=card, x=target[0], y=target[1])

    def _describe_discard(self, _: object, card: str) -> Msg:
        return Msg("move.discard", card=card)

    def _describe_fix(self, _: object, card: str) -> Msg:
        return Msg("move.fix", card=card)

    def _describe_end(self, _: object) -> Msg:
        return Msg("move.end")

    def _describe_steal(self, _: object, victim: int) -> Msg:
        return Msg("move.steal", target=victim)

    def _describe_draw(self, _: object, card: str) -> Msg:
        return Msg("move.draw")

    def _describe_role(self, _: object, role: str) -> Msg:
        return Msg("move.role")

    def _describe_goals(self, _: object, layout: str) -> Msg:
        return Msg("move.goals")

    def _describe_first(self, _: object, seat: int) -> Msg:
        return Msg("move.first", seat=seat)


_WORDS_OF: Dispatch[Msg] = ACTIONS.dispatch(
    "_describe_", default=lambda action: Msg("action", action=action))
_MOVE_WORDS = _MoveWords()


def describe(action: str) -> Msg:
    """The words of a move (the game's ``describe_action`` and the view's gesture labels)."""
    return _WORDS_OF(_MOVE_WORDS, None, action)


def prompt_from_obs(obs: Mapping[str, Any], seat: int | None) -> Msg:
    """What ``seat`` should do next, from an observation (status line and ``prompt``)."""
    phase = obs["phase"]
    if phase == Phase.OVER:
        return Msg("prompt.over", winners=list(obs["winners"]),
                   best=max(int(pl["gold"]) for pl in obs["players"]))
    if phase in (Phase.GOALS, Phase.ROLES, Phase.DEAL, Phase.FIRST):
        return Msg("prompt.dealing")
    turn = int(obs["turn"])
    if phase in (Phase.DRAW, Phase.HAT):
        return Msg("prompt.drawing", seat=turn)
    if phase == Phase.STEAL:
        return Msg("prompt.steal") if seat == turn else Msg("prompt.stealing", seat=turn)
    if seat != turn:
        return Msg("prompt.other", seat=turn)
    if phase == Phase.PASS:
        return Msg("prompt.pass", count=int(obs["count"]))
    if phase == Phase.FIX:
        return Msg("prompt.fix", card=str(obs["fixing"]), left=FIX_COST - int(obs["count"]))
    assert phase == Phase.PLAY
    blocked = any(c.startswith("A-BRK") or c == TRAP for c in obs["players"][turn]["front"])
    return Msg("prompt.turn_blocked" if blocked else "prompt.turn")

