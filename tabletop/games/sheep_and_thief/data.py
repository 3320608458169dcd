"""Sheep & Thief data: the 56 meadow cards, the house card, the sheet's geometry and the fixed
numbers of the game.

Rules follow rules/reference.md (ST-R04, ST-R37, §10 via ST-G13). A card is a
plain record of which edges carry road and river and which icons it shows; the rules, the
scoring and (later) the table all read the same record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SIZE: Final = 4          # ST-R04: a 4 x 4 sheet
CELLS: Final = SIZE * SIZE
HOUSE_CELL: Final = 0    # ST-R04: top-left
THIEF_START: Final = 2 * SIZE + 2  # ST-G01: (2,2)
ROUNDS: Final = 3        # ST-R11
PLACED_PER_ROUND: Final = 4  # ST-R14
STOCK: Final = 50        # sheep pieces in the common stock (components table)
HOUSE: Final = "H"       # the house card's id on a sheet

EDGES: Final[tuple[str, ...]] = ("N", "E", "S", "W")
OPPOSITE: Final[dict[str, str]] = {"N": "S", "E": "W", "S": "N", "W": "E"}
_STEP: Final[dict[str, tuple[int, int]]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}

# Towns (ST-R04, ST-G02): which edge of which cell a road must leave by to reach each one.
EAST_TOWN: Final = "east"
SOUTH_TOWN: Final = "south"
BIG_TOWN: Final = "big"
TOWN_POINTS: Final[dict[str, int]] = {EAST_TOWN: 5, SOUTH_TOWN: 5, BIG_TOWN: 10}
TOWN_EXITS: Final[dict[str, tuple[tuple[int, str], ...]]] = {
    EAST_TOWN: ((SIZE - 1, "E"),),
    SOUTH_TOWN: ((CELLS - SIZE, "S"),),
    BIG_TOWN: ((CELLS - 1, "E"), (CELLS - 1, "S")),
}
RIVER_POINTS: Final = 2  # ST-R30, per card in a group of 2 or more


def cell_of(row: int, col: int) -> int:
    return row * SIZE + col


def row_col(cell: int) -> tuple[int, int]:
    return divmod(cell, SIZE)


def cell_text(cell: int) -> str:
    """The text form of a cell in actions and messages: ``row,col`` counted from 0."""
    r, c = divmod(cell, SIZE)
    return f"{r},{c}"


def _neighbour(cell: int, edge: str) -> int | None:
    r, c = divmod(cell, SIZE)
    dr, dc = _STEP[edge]
    r, c = r + dr, c + dc
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return r * SIZE + c
    return None


#: ``NEIGHBOUR[cell][edge]``: the cell beyond that edge, ``None`` beyond the border (ST-R05).
NEIGHBOUR: Final[tuple[dict[str, int | None], ...]] = tuple(
    {e: _neighbour(i, e) for e in EDGES} for i in range(CELLS))
#: The orthogonal neighbours of each cell inside the grid.
ADJACENT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(n for n in (NEIGHBOUR[i][e] for e in EDGES) if n is not None) for i in range(CELLS))
CELL_TEXT: Final[tuple[str, ...]] = tuple(cell_text(i) for i in range(CELLS))
CELL_OF_TEXT: Final[dict[str, int]] = {t: i for i, t in enumerate(CELL_TEXT)}


@dataclass(frozen=True)
class Card:
    """One meadow card (or the house): its road and river edges and its icons."""

    id: str
    roads: frozenset[str]
    rivers: frozenset[str]
    sheep: int = 0
    dogs: int = 0
    thieves: int = 0
    hut: bool = False

    @property
    def plain(self) -> bool:
        return not self.roads and not self.rivers


def _card(cid: str, roads: str, rivers: str, icon: str) -> Card:
    kind, _, count = icon.partition("x")
    k = int(count) if count else 1
    return Card(cid, frozenset(roads), frozenset(rivers),
                sheep=k if kind == "sheep" else 0, dogs=k if kind == "dog" else 0,
                thieves=k if kind == "thief" else 0, hut=kind == "hut")


# §10 (ST-G13): id, road edges, river edges, icon ("sheep", "dogx2", "hut", "" for none).
_TABLE: Final[tuple[tuple[str, str, str, str], ...]] = (
    ("M01", "EW", "", "sheep"), ("M02", "EW", "", "dog"), ("M03", "EW", "", "thief"),
    ("M04", "EW", "", ""), ("M05", "NS", "", "sheep"), ("M06", "NS", "", "dog"),
    ("M07", "NS", "", "thief"), ("M08", "NS", "", "hut"), ("M09", "ES", "", "sheep"),
    ("M10", "ES", "", "dog"), ("M11", "ES", "", "thief"), ("M12", "SW", "", "sheep"),
    ("M13", "SW", "", "dog"), ("M14", "SW", "", "thief"), ("M15", "NE", "", "sheepx2"),
    ("M16", "NE", "", "dogx2"), ("M17", "NE", "", "thiefx2"), ("M18", "NW", "", "sheep"),
    ("M19", "NW", "", "hut"), ("M20", "NW", "", "thief"), ("M21", "NES", "", "sheep"),
    ("M22", "ESW", "", "dog"), ("M23", "NSW", "", "thief"), ("M24", "NEW", "", ""),
    ("M25", "NESW", "", "thiefx2"), ("M26", "NESW", "", "dogx2"),
    ("M27", "", "EW", "sheep"), ("M28", "", "EW", "hut"), ("M29", "", "EW", "thief"),
    ("M30", "", "NS", "sheep"), ("M31", "", "NS", "dog"), ("M32", "", "NS", ""),
    ("M33", "", "ES", "sheepx2"), ("M34", "", "ES", "dog"), ("M35", "", "SW", "sheep"),
    ("M36", "", "SW", "thief"), ("M37", "", "NE", "sheepx2"), ("M38", "", "NE", "hut"),
    ("M39", "", "NW", "sheep"), ("M40", "", "NW", ""),
    ("M41", "EW", "NS", "dogx2"), ("M42", "NS", "EW", "thiefx2"),
    ("M43", "", "", "sheep"), ("M44", "", "", "sheep"), ("M45", "", "", "sheepx2"),
    ("M46", "", "", "sheepx2"), ("M47", "", "", "sheep"), ("M48", "", "", "sheep"),
    ("M49", "", "", "hut"), ("M50", "", "", "hut"), ("M51", "", "", "hut"),
    ("M52", "", "", "hut"), ("M53", "", "", "sheep"), ("M54", "", "", "sheep"),
    ("M55", "", "", "sheepx2"), ("M56", "", "", ""),
)

CARDS: Final[dict[str, Card]] = {row[0]: _card(*row) for row in _TABLE}
CARD_IDS: Final[tuple[str, ...]] = tuple(CARDS)
#: ST-R37, ST-G03, ST-G11: the house has road exits E and S, no river, and shelters its sheep.
HOUSE_CARD: Final = Card(HOUSE, frozenset("ES"), frozenset(), sheep=1, hut=True)
#: A face-down card is blank meadow (ST-R17).
BLANK: Final = Card("", frozenset(), frozenset())

#: ST-R12, ST-R32: cards dealt per seat in round 1 and in later rounds, by player count.
DEAL_FIRST: Final[dict[int, int]] = {2: 6, 3: 5, 4: 5}
DEAL_LATER: Final[dict[int, int]] = {2: 5, 3: 4, 4: 4}
#: House numbers as the cards show them (ST-R08).
HOUSE_NUMERALS: Final[tuple[str, ...]] = ("Ⅰ", "Ⅱ", "Ⅲ", "Ⅳ")
