"""Mr. Sneaky's position: the phases and ends a state names, the state class and the one table
of its fields (``FIELDS``) from which its slots, its copy and its save-file form are made.

The rules model (``model``) changes a state, the observation (``hidden``) shows it to a seat,
the search's judge (``heuristic``) weighs it: they all read it as defined here. Renaming a
field or a constant changes the save files, so old games would no longer load.
"""

from __future__ import annotations

from typing import Any

from tabletop import api

from .data import DEFAULT_GUARDS, DEFAULT_TRAPS, DOORS


class Phase:
    """The phases of the game: what a state waits for (its ``phase``)."""

    FIRST = "first"  # chance: who is the first Rich Man (MS-R08)
    DEAL = "deal"    # chance: the doors are shuffled and dealt face down (MS-R10)
    DRAW = "draw"    # chance: the Rich Man draws a card (MS-R13)
    PLACE = "place"  # the Rich Man places the drawn card on a door (MS-R13, MS-R14)
    MOVE = "move"    # the Thief moves (MS-R18)
    STEAL = "steal"  # the Thief steals or does nothing (MS-R21)
    OVER = "over"


# How a round ended.
E_TREASURE = "treasure"  # MS-R29
E_GUARDS = "guards"      # MS-R28
E_BLOCKED = "blocked"    # MS-R17: the drawn card fits no door
E_NOCARDS = "nocards"    # MS-R16, MS-G07: no card left to draw

# How the game ended.
R_JEWELS = "jewels"
R_AGENTS = "agents"

AT_START = -1  # the Thief stands on the start card


def where_name(pos: int) -> str:
    """``S`` for the start card, else the door id."""
    return "S" if pos == AT_START else DOORS[pos]


def _last_round(lr: Any) -> tuple[int, int, int, str] | None:
    return None if lr is None else (int(lr[0]), int(lr[1]), int(lr[2]), str(lr[3]))


# Every field of a position, in one table: the slots, the copy, the JSON form and who may see
# it come from it. ``last_round`` is an immutable tuple, so copies share it. The faces of the
# closed doors are the Rich Man's alone (MS-R10, MS-R37); the deck holds no order, and every
# card not placed is in it, so its contents are public.
FIELDS = api.StateFields(
    traps=api.STR.public, guard_mix=api.Field(load=str, key="guard_cards").public,
    first_opt=api.STR.public, phase=api.STR.public, first=api.INT.public, rich=api.INT.public,
    round=api.INT.public, doors=api.STRS.owned_by("rich"), opened=api.BOOLS.public,
    cards=api.STRS2.public,
    deck=api.COPIES.public, deck_size=api.derived(lambda s: sum(s.deck.values())).public,
    discard=api.STRS.public, aside=api.STRS.public, drawn=api.STR.public, thief=api.INT.public,
    moves=api.INT.public, guards=api.INT.public, nothing=api.INT.public, jewels=api.INTS.public,
    agents=api.STRS2.public, winner=api.INT.public, result=api.STR.public, last_door=api.INT.public,
    last_face=api.STR.public, last_cards=api.STRS.public,
    last_round=api.Field(dump=lambda lr: None if lr is None else list(lr),
                     load=_last_round).public,
)


class SneakyState:
    """One position. Per-door lists are indexed 0..7 (D1..D8); per-player lists by seat.

    ``doors`` holds tile codes ("" before the deal); ``opened`` which doors are face up;
    ``cards`` the rich-man cards on each door in placement order; ``deck`` card ids to copies
    left (no zero entries); ``aside`` the cards set aside by the current redraw (MS-R15);
    ``thief`` the Thief's door or ``AT_START``; ``moves`` the start card's quarter turns since
    the last steal (MS-R20); ``nothing`` the Nothing doors opened this round (MS-R25).
    ``last_door``/``last_face``/``last_cards`` describe the latest steal for the table;
    ``last_round`` is ``(round, winner, jewels, how)`` of the latest finished round.
    """

    __slots__ = FIELDS.names

    def __init__(self, traps: str = DEFAULT_TRAPS, guard_mix: str = DEFAULT_GUARDS,
                 first_opt: str = "random") -> None:
        self.traps = traps
        self.guard_mix = guard_mix
        self.first_opt = first_opt
        self.phase = Phase.FIRST
        self.first = -1
        self.rich = -1
        self.round = 0
        self.doors: list[str] = [""] * 8
        self.opened: list[bool] = [False] * 8
        self.cards: list[list[str]] = [[] for _ in range(8)]
        self.deck: dict[str, int] = {}
        self.deck_size = 0
        self.discard: list[str] = []
        self.aside: list[str] = []
        self.drawn = ""
        self.thief = AT_START
        self.moves = 0
        self.guards = 0
        self.nothing = 0
        self.jewels = [0, 0]
        self.agents: list[list[str]] = [[], []]
        self.winner = -1
        self.result = ""
        self.last_door = -1
        self.last_face = ""
        self.last_cards: list[str] = []
        self.last_round: tuple[int, int, int, str] | None = None

    def clone(self) -> SneakyState:
        return FIELDS.clone(self)

    @property
    def thief_seat(self) -> int:
        return 1 - self.rich
