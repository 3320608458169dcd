"""Saboteur 2 card data: path cards as tiles, action cards, roles and the fixed numbers.

Rules follow the rules reference of Saboteur 2 (cards of SB-R03, SB-R05..R07, SB-G05, SB-G07,
SB-C4). Every path card is a ``TileArt`` (edges wall/path/stub, segments through the middle,
icons for doors, ladders and crystals) as printed, so that the table draws the same record the
rules read. The rules read it through a ``Shape``: the tile in one orientation reduced to
small tuples indexed by edge (N=0, E=1, S=2, W=3), which the maze code checks quickly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from tabletop.api import TileArt, TileIcon

#: Edges by index, as the maze code counts them; ``OPP[e]`` faces ``e``.
EDGE_NAMES: Final = ("N", "E", "S", "W")
OPP: Final = (2, 3, 0, 1)

ROUNDS: Final = 3          # SB-R02
HAND_SIZE: Final = 6       # SB-R10
REMOVED: Final = 10        # SB-R09
PASS_MAX: Final = 3        # SB-R13 (4)
FIX_COST: Final = 2        # SB-R13 (3)

#: SB-R04: the start card and the three goal positions, top to bottom.
START_CELL: Final = (0, 0)
GOAL_CELLS: Final = ((8, -2), (8, 0), (8, 2))

#: SB-R29: what each winner is paid, by the number of winners (5 or more: 1).
PAY_BY_WINNERS: Final = {1: 5, 2: 4, 3: 3, 4: 2}
BOSS_CUT: Final = 1        # SB-R30
PROFITEER_CUT: Final = 2   # SB-R30

GREEN: Final = "green"
BLUE: Final = "blue"
DOOR_COLORS: Final = {GREEN: "#2e8b3d", BLUE: "#2b5fb3"}
CRYSTAL_COLOR: Final = "#8e5bd0"


# ---------------------------------------------------------------------------------------------
# Roles (SB-R11, §10.1)
# ---------------------------------------------------------------------------------------------

R_GREEN, R_BLUE, R_BOSS, R_PROFITEER, R_GEOLOGIST, R_SABOTEUR = (
    "R-GRN", "R-BLU", "R-BOS", "R-PRO", "R-GEO", "R-SAB")
ROLES: Final = (R_GREEN, R_BLUE, R_BOSS, R_PROFITEER, R_GEOLOGIST, R_SABOTEUR)
ROLE_COUNTS: Final = (4, 4, 1, 1, 2, 3)
ROLE_INDEX: Final = {r: i for i, r in enumerate(ROLES)}


# ---------------------------------------------------------------------------------------------
# Path cards (§10.2..10.4)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PathCard:
    """A path card kind as printed: its tile, copies in the deck and its special marks."""

    id: str
    art: TileArt
    count: int
    door: str = ""       # GREEN or BLUE: SB-R07, SB-R25
    ladder: bool = False  # SB-R19
    crystals: int = 0    # SB-R31


def _tile(segments: str = "", stubs: str = "", icons: tuple[TileIcon, ...] = ()) -> TileArt:
    """A tile from ``segments`` ("NS WE": groups of joined edges) and ``stubs`` ("SE")."""
    groups = tuple(tuple(g) for g in segments.split())
    kinds = dict.fromkeys(EDGE_NAMES, "wall")
    for g in groups:
        for e in g:
            kinds[e] = "path"
    for e in stubs:
        kinds[e] = "stub"
    return TileArt(n=kinds["N"], e=kinds["E"], s=kinds["S"], w=kinds["W"],  # type: ignore[arg-type]
                   segments=groups, icons=icons)  # type: ignore[arg-type]


def _card(card_id: str, count: int, segments: str = "", stubs: str = "", *, door: str = "",
          ladder: bool = False, crystals: int = 0) -> PathCard:
    icons: list[TileIcon] = []
    if door:
        icons.append(TileIcon("door", "C", DOOR_COLORS[door]))
    if ladder:
        icons.append(TileIcon("ladder", "C"))
    if crystals:
        # On a dead end the crystal sits at the end of the tunnel; elsewhere in a corner of
        # the middle, clear of a door or a ladder.
        icons.append(TileIcon("crystal", "C" if not door and not ladder else "S",
                              CRYSTAL_COLOR, crystals))
    return PathCard(card_id, _tile(segments, stubs, tuple(icons)), count, door, ladder, crystals)


BASE_PATHS: Final = (
    _card("B-P01", 4, "NS"),
    _card("B-P02", 3, "WE"),
    _card("B-P03", 4, "SE"),
    _card("B-P04", 5, "SW"),
    _card("B-P05", 5, "NSE"),
    _card("B-P06", 5, "WEN"),
    _card("B-P07", 5, "NESW"),
    _card("B-D01", 1, stubs="S"),
    _card("B-D02", 1, stubs="W"),
    _card("B-D03", 1, stubs="NS"),
    _card("B-D04", 1, stubs="WE"),
    _card("B-D05", 1, stubs="SE"),
    _card("B-D06", 1, stubs="SW"),
    _card("B-D07", 1, stubs="NSE"),
    _card("B-D08", 1, stubs="NWE"),
    _card("B-D09", 1, stubs="NESW"),
)

#: The six cards of SB-G07 (X-P01..X-P05): crystal or plain is the ``extra_crystals`` option.
PROPOSED: Final = frozenset({"X-P01", "X-P02", "X-P03", "X-P04", "X-P05"})

EXPANSION_PATHS: Final = (
    _card("X-BR", 2, "WE NS"),
    _card("X-DC", 2, "WN ES"),
    _card("X-L01", 1, "N", ladder=True),
    _card("X-L02", 1, "W", ladder=True),
    _card("X-L03", 1, "WN", ladder=True),
    _card("X-L04", 1, "WS", ladder=True),
    _card("X-G01", 1, "NS", door=BLUE),
    _card("X-G02", 1, "WE", door=BLUE),
    _card("X-G03", 1, "WS", door=BLUE),
    _card("X-G04", 1, "NS", "W", door=GREEN),
    _card("X-G05", 1, "WE", door=GREEN),
    _card("X-G06", 1, "WN", door=GREEN),
    _card("X-C01", 1, stubs="N", crystals=1),
    _card("X-C02", 1, stubs="W", crystals=1),
    _card("X-C03", 1, "NESW", crystals=1),
    _card("X-C04", 3, "WNE", crystals=1),
    _card("X-C05", 1, "NES", crystals=1),
    _card("X-C06", 1, "NES", "W", crystals=1),
    _card("X-C07", 1, "WNE", "S", crystals=1),
    _card("X-C08", 1, "WE", "N", crystals=1),
    _card("X-P01", 2, "WE", crystals=1),
    _card("X-P02", 1, "NS", crystals=1),
    _card("X-P03", 1, "SE", crystals=1),
    _card("X-P04", 1, "SW", crystals=1),
    _card("X-P05", 1, "NESW", crystals=1),
)

START: Final = "START"
GOLD: Final = "G-GOLD"
STONE_A: Final = "G-STONE-A"
STONE_B: Final = "G-STONE-B"
GOALS: Final = (GOLD, STONE_A, STONE_B)
#: Letters of the goal layout outcome (``goals:AGB``: stone A on top, gold in the middle).
GOAL_LETTER: Final = {GOLD: "G", STONE_A: "A", STONE_B: "B"}
LETTER_GOAL: Final = {v: k for k, v in GOAL_LETTER.items()}

FIXED_CARDS: Final = (
    PathCard(START, _tile("NESW", icons=(TileIcon("ladder", "C"),)), 1),
    PathCard(GOLD, _tile("NESW", icons=(TileIcon("gold", "C"),)), 1),
    PathCard(STONE_A, _tile("WS", icons=(TileIcon("rock", "C"),)), 1),
    PathCard(STONE_B, _tile("WN", icons=(TileIcon("rock", "C"),)), 1),
)

PATHS: Final = BASE_PATHS + EXPANSION_PATHS
PATH_CARDS: Final[dict[str, PathCard]] = {c.id: c for c in PATHS + FIXED_CARDS}


# ---------------------------------------------------------------------------------------------
# Action cards (§6)
# ---------------------------------------------------------------------------------------------

TOOLS: Final = ("P", "L", "C")  # pickaxe, lantern, mine cart
BREAK: Final = {t: f"A-BRK-{t}" for t in TOOLS}
REPAIRS: Final[dict[str, tuple[str, ...]]] = {
    "A-REP-P": ("P",), "A-REP-L": ("L",), "A-REP-C": ("C",),
    "A-REP-PL": ("P", "L"), "A-REP-PC": ("P", "C"), "A-REP-LC": ("L", "C"),
}
ROCKFALL, MAP, THEFT, HANDS_OFF = "A-ROCK", "A-MAP", "A-THF", "A-HOF"
SWAP_HAND, INSPECT, SWAP_HAT, TRAP, FREE = "A-SWH", "A-INS", "A-HAT", "A-TRP", "A-FRE"

ACTION_COUNTS: Final[dict[str, int]] = {
    **dict.fromkeys(BREAK.values(), 3),
    "A-REP-P": 2, "A-REP-L": 2, "A-REP-C": 2, "A-REP-PL": 1, "A-REP-PC": 1, "A-REP-LC": 1,
    ROCKFALL: 3, MAP: 6,
    THEFT: 4, HANDS_OFF: 3, SWAP_HAND: 2, INSPECT: 2, SWAP_HAT: 2, TRAP: 3, FREE: 4,
}

#: Every card of the draw deck (SB-R03, SB-R09), path cards first; the order is fixed, so
#: counts per card are lists indexed alike and a seeded draw is the same wherever it is held.
CARD_IDS: Final = tuple(c.id for c in PATHS) + tuple(ACTION_COUNTS)
CARD_INDEX: Final = {c: i for i, c in enumerate(CARD_IDS)}
CARD_COUNTS: Final = tuple(c.count for c in PATHS) + tuple(ACTION_COUNTS.values())
DECK_SIZE: Final = sum(CARD_COUNTS)
PATH_IDS: Final = frozenset(c.id for c in PATHS)
ACTION_IDS: Final = frozenset(ACTION_COUNTS)
#: Cards that lie in front of a player (SB-R22) and may be removed by discarding two.
FRONT_CARDS: Final = (*BREAK.values(), TRAP, THEFT)


# ---------------------------------------------------------------------------------------------
# Shapes: a path card in one orientation, as the maze code reads it
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """A card as it lies: ``opened[e]`` a path or stub leaves at edge ``e``; ``seg[e]`` the
    segment a path edge belongs to (-1 for a wall or a stub); ``segments`` the edges of each
    segment."""

    index: int
    card: str
    turned: bool
    opened: tuple[bool, bool, bool, bool]
    seg: tuple[int, int, int, int]
    segments: tuple[tuple[int, ...], ...]
    door: str
    ladder: bool
    crystals: int
    art: TileArt
    #: ``opened`` as bits (edge ``e`` is bit ``1 << e``): placement compares whole edges at once.
    mask: int

    @property
    def dead_end(self) -> bool:
        """No tunnel passes through: only stubs (or a single-edge segment)."""
        return all(len(g) < 2 for g in self.segments)


def _shape(index: int, card: PathCard, turned: bool, crystals: bool) -> Shape:
    art = card.art.rotated_180() if turned else card.art
    segments = tuple(tuple(EDGE_NAMES.index(e) for e in g) for g in art.segments)
    seg = [-1, -1, -1, -1]
    for k, g in enumerate(segments):
        for e in g:
            seg[e] = k
    opened = tuple(art.is_open(e) for e in EDGE_NAMES)
    mask = sum(1 << e for e in range(4) if opened[e])
    return Shape(index, card.id, turned, opened, tuple(seg), segments,  # type: ignore[arg-type]
                 card.door, card.ladder, card.crystals if crystals else 0, art, mask)


def _shapes() -> tuple[Shape, ...]:
    out: list[Shape] = []
    for card in PATHS + FIXED_CARDS:
        for turned in (False, True):
            out.append(_shape(len(out), card, turned, True))
    return tuple(out)


#: Every shape, indexed by ``Shape.index``: card ``k`` of ``PATHS + FIXED_CARDS`` lies as
#: printed at ``2k`` and turned at ``2k + 1``. The crystals of the six proposed cards count
#: only with the ``extra_crystals`` option (the scoring asks ``PROPOSED``).
SHAPES: Final = _shapes()
SHAPE_OF: Final[dict[tuple[str, bool], int]] = {(s.card, s.turned): s.index for s in SHAPES}


@cache  # asked for every turned placement a search weighs, and for its words
def same_turned(card: str) -> bool:
    """Whether the card turned 180° has the same network as printed (a cross, a straight)."""
    a, b = SHAPES[SHAPE_OF[card, False]], SHAPES[SHAPE_OF[card, True]]
    return a.opened == b.opened and {frozenset(g) for g in a.segments} == {
        frozenset(g) for g in b.segments} and a.seg.count(-1) == b.seg.count(-1)
