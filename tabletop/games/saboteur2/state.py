"""The position of a Saboteur 2 match: one table of fields (``StateFields``) and the state.

Rules follow the rules reference of Saboteur 2. The deck is kept as copies per card id
(``stock``, indexed like ``data.CARD_IDS``) of every card nobody has drawn this round: the ten
cards set aside unseen at the start of a round (SB-R09) are never drawn, so drawing uniformly
from the whole stock and stopping when ten remain is the same as removing ten first; the
drawable deck is ``stock_size - REMOVED``.
"""

from __future__ import annotations

from typing import Any

from tabletop import api

from .data import (
    CARD_COUNTS,
    CARD_IDS,
    GOAL_CELLS,
    REMOVED,
    ROLE_COUNTS,
    ROLES,
    SHAPE_OF,
    SHAPES,
    START,
)
from .maze import START_KEY, Network, Ways, cell, key, network


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    GOALS = "goals"    # chance: the goal cards' layout (SB-R08)
    ROLES = "roles"    # chance: a role for each seat (SB-R11)
    DEAL = "deal"      # chance: six cards each (SB-R10)
    FIRST = "first"    # chance: the first player of round 1 (SB-R12)
    PLAY = "play"      # the player to move chooses his turn (SB-R13)
    PASS = "pass"      # a pass under way: more cards to discard, or end it (SB-R13 (4))
    FIX = "fix"        # discarding two cards to remove a card in front (SB-R13 (3))
    DRAW = "draw"      # chance: the cards drawn after a turn
    HAT = "hat"        # chance: a new role from the reserve (Swap Your Hats)
    STEAL = "steal"    # a thief chooses whom to rob (SB-R32)
    OVER = "over"      # SB-R34


CHANCE_PHASES = frozenset({Phase.GOALS, Phase.ROLES, Phase.DEAL, Phase.FIRST, Phase.DRAW,
                           Phase.HAT})


def _dump_maze(maze: dict[int, int]) -> list[list[Any]]:
    out: list[list[Any]] = []
    for k in sorted(maze):
        x, y = cell(k)
        shape = SHAPES[maze[k]]
        out.append([x, y, shape.card, 180 if shape.turned else 0])
    return out


def _load_maze(data: Any) -> dict[int, int]:
    return {key(int(x), int(y)): SHAPE_OF[str(card), int(rot) == 180] for x, y, card, rot in data}


def _copy_result(result: Any) -> dict[str, Any]:
    return {"found": bool(result["found"]), "reason": str(result["reason"]),
            "completer": int(result["completer"]), "teams": [str(t) for t in result["teams"]],
            "winners": [int(p) for p in result["winners"]],
            "pay": [int(v) for v in result["pay"]], "crystals": int(result["crystals"]),
            "geologists": [int(p) for p in result["geologists"]],
            "roles": [str(r) for r in result["roles"]],
            "trapped": [int(p) for p in result["trapped"]]}


def _net(s: Any) -> Network:
    return network(s.maze, SHAPES)


MAZE = api.Field(api.DICT, dump=_dump_maze, load=_load_maze)

# Every field of a position, in one table: the slots, the copy, the JSON form and who may see
# it come from it. A face-down goal is seen by whoever looked at it with a Map (``peeks``), a
# role by its seat and by whoever inspected it, so neither has one owner: what the
# observations show of them they show, and the kit compares. ``serial`` counts the Thefts
# played in the match, every one in the open.
FIELDS = api.StateFields(
    n=api.INT.public, extra_crystals=api.BOOL.public, geo_all=api.BOOL.public,
    phase=api.STR.public, round=api.INT.public, turn=api.INT.public, starter=api.INT.public,
    turns=api.INT.public, last_actor=api.INT.public,
    pending=api.INTS.public,
    stock=api.counts_per(CARD_IDS).unseen, stock_size=api.derived(lambda s: sum(s.stock)).public,
    hands=api.STRS2.owned, buried=api.STRS2.owned, discards=api.STRS.public,
    maze=MAZE.public, net=api.derived(_net).public,
    goals=api.STRS.unseen, goal_up=api.BOOLS.public,
    roles=api.STRS.owned, reserve=api.counts_per(ROLES).unseen,
    reserve_size=api.derived(lambda s: sum(s.reserve)).public,
    set_aside=api.STRS2.owned, roles_shown=api.BOOL.public,
    front=api.STRS2.public, theft_at=api.INTS.public, serial=api.INT.public,
    peeks=api.INTS2.public, inspected=api.INTS2.public,
    count=api.INT.public, fixing=api.STR.public, hat_seat=api.INT.public,
    completer=api.INT.public, steal_queue=api.INTS.public,
    gold=api.INTS.public, gains=api.INTS2.public, result=api.maybe(_copy_result).public,
    winners=api.INTS.public,
    ev_dig=api.INTS.public, ev_block=api.INTS.public, ev_hit=api.INTS2.public,
    ev_help=api.INTS2.public,
    ev_door=api.INTS2.public,
    # Added after games were saved: the JSON form holds it only where it is set.
    trapped_count=api.BOOL.public.added(False),
)


class Saboteur2State:
    """One position.

    ``maze`` maps a cell key (``maze.key``) to a shape index (``data.SHAPES``): the start card,
    placed path cards and revealed goals; ``net`` is its network (SB-R18), worked out again
    whenever the maze changes. ``goals[slot]`` is the goal card at ``GOAL_CELLS[slot]`` and
    ``goal_up[slot]`` whether it is face up. ``hands[p]`` is sorted; ``buried[p]`` holds the
    cards ``p`` discarded face down this round (hidden from the others, SB-C3) and
    ``discards`` the cards everyone saw go (action cards played, cards rocked out).
    ``roles[p]`` is ``p``'s role ("" while a new one is drawn), ``reserve`` the unseen role
    cards, ``set_aside[p]`` the roles ``p`` gave up to Swap Your Hats (SB-G06). ``front[p]``
    are the cards in front of ``p``; ``theft_at[p]`` when ``p`` last played Theft (SB-R32
    order). ``peeks[p]`` are the goal slots ``p`` has looked at, ``inspected[p]`` the seats
    whose role ``p`` has seen (until that role changes). ``count`` is how many cards the
    current pass or fix has discarded; ``fixing`` the card a fix removes. ``ev_*`` are the
    public evidence the AI weighs roles by: placements towards a goal and blocking ones,
    tools broken (``ev_hit[a][b]``) and mended (``ev_help``), doors laid ([green, blue]).

    ``ways`` is no field: what the rules keep of ``net`` to read it quickly (``maze.Ways``),
    shared by clones with the network it belongs to and worked out afresh (``ways_of``) for
    any other network.
    """

    __slots__ = (*FIELDS.names, "ways")

    def __init__(self, num_players: int, extra_crystals: bool = True,
                 geo_all: bool = False, trapped_count: bool = False) -> None:
        n = num_players
        self.n = n
        self.extra_crystals = extra_crystals
        self.geo_all = geo_all
        # SB-R28, SB-R29 option ``trapped_winners=counted``: a trapped player of the winning
        # side still counts among the N winners who share the gold, though he gets none.
        self.trapped_count = trapped_count
        self.phase = Phase.GOALS
        self.round = 0
        self.turn = -1
        self.starter = -1
        self.turns = 0
        self.last_actor = -1
        self.pending: list[int] = []
        self.stock: list[int] = list(CARD_COUNTS)
        self.stock_size = sum(self.stock)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.buried: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[str] = []
        self.maze: dict[int, int] = {START_KEY: SHAPE_OF[START, False]}
        self.net = network(self.maze, SHAPES)
        self.ways: Ways | None = None
        self.goals: list[str] = [""] * len(GOAL_CELLS)
        self.goal_up = [False] * len(GOAL_CELLS)
        self.roles: list[str] = [""] * n
        self.reserve: list[int] = list(ROLE_COUNTS)
        self.reserve_size = sum(self.reserve)
        self.set_aside: list[list[str]] = [[] for _ in range(n)]
        self.roles_shown = False
        self.front: list[list[str]] = [[] for _ in range(n)]
        self.theft_at = [-1] * n
        self.serial = 0
        self.peeks: list[list[int]] = [[] for _ in range(n)]
        self.inspected: list[list[int]] = [[] for _ in range(n)]
        self.count = 0
        self.fixing = ""
        self.hat_seat = -1
        self.completer = -1
        self.steal_queue: list[int] = []
        self.gold = [0] * n
        self.gains: list[list[int]] = []
        self.result: dict[str, Any] | None = None
        self.winners: list[int] = []
        self.ev_dig = [0] * n
        self.ev_block = [0] * n
        self.ev_hit: list[list[int]] = [[0] * n for _ in range(n)]
        self.ev_help: list[list[int]] = [[0] * n for _ in range(n)]
        self.ev_door: list[list[int]] = [[0, 0] for _ in range(n)]

    def clone(self) -> Saboteur2State:
        copy = FIELDS.clone(self)
        copy.ways = self.ways  # it belongs to ``net``, which the copy shares
        return copy

    @property
    def deck_size(self) -> int:
        """Cards left to draw (the stock less the ten set aside unseen, SB-R09)."""
        return max(0, self.stock_size - REMOVED)

    def ways_of(self) -> Ways:
        """What the rules keep of the network (``maze.Ways``): the one kept, unless the
        network has changed since."""
        ways = self.ways
        if ways is None or ways.net is not self.net:
            ways = self.ways = Ways(self.maze, SHAPES, self.net)
        return ways

    def blocked(self, seat: int) -> bool:
        """SB-R15: a broken tool or Trapped! in front of ``seat``."""
        return any(c.startswith("A-BRK") or c == "A-TRP" for c in self.front[seat])

    def trapped(self, seat: int) -> bool:
        return "A-TRP" in self.front[seat]
