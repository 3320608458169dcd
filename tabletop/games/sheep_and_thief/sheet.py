"""One player sheet of Sheep & Thief as plain data: where a card may go, where a flock or the
thief may step, and what the sheet scores.

A sheet is two lists of 16 cells (row by row from the top-left): ``cards[i]`` the id of the card
there (``""`` empty, ``"H"`` the house) and ``down[i]`` whether it lies face down. Everything
here is a pure function of those lists, so the rules, the scoring, the tests' brute-force
checks and the AI read the same answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import (
    ADJACENT,
    BIG_TOWN,
    BLANK,
    CARDS,
    CELLS,
    EAST_TOWN,
    EDGES,
    HOUSE,
    HOUSE_CARD,
    HOUSE_CELL,
    NEIGHBOUR,
    OPPOSITE,
    RIVER_POINTS,
    SOUTH_TOWN,
    TOWN_EXITS,
    TOWN_POINTS,
    Card,
)

#: Why a card may not lie face up in a cell (the codes of ``refuse.*``), in the order asked.
OCCUPIED = "occupied"
NOT_ADJACENT = "not_adjacent"
THIEF_CELL = "thief_cell"
RIVER_UNCONNECTED = "river_unconnected"
RIVER_BANK = "river_bank"


def card_at(cards: Sequence[str], down: Sequence[bool], cell: int) -> Card | None:
    """The card in ``cell`` as the rules read it: ``None`` when empty; a face-down card is
    blank meadow (ST-R17)."""
    cid = cards[cell]
    if not cid:
        return None
    if cid == HOUSE:
        return HOUSE_CARD
    if down[cell]:
        return BLANK
    return CARDS[cid]


def cell_problem(cards: Sequence[str], thief: int, cell: int) -> str | None:
    """Why no card at all may go in ``cell`` (ST-R15 (a)-(c)), or ``None``."""
    if cards[cell]:
        return OCCUPIED
    if not any(cards[n] for n in ADJACENT[cell]):
        return NOT_ADJACENT
    if cell == thief:
        return THIEF_CELL
    return None


def open_cells(cards: Sequence[str], thief: int) -> list[int]:
    """The cells where a card may go face down (ST-R15 (a)-(c), ST-R17): those where
    ``cell_problem`` finds nothing, asked in one pass since every search step asks it."""
    return [i for i in range(CELLS)
            if not cards[i] and i != thief and any(cards[n] for n in ADJACENT[i])]


#: What a cell's surroundings say to the river rule: the edges where a card touches, each
#: with whether that card's river meets it, and the edges on the sheet's border.
RiverContext = tuple[tuple[tuple[str, bool], ...], frozenset[str]]


def river_context(cards: Sequence[str], down: Sequence[bool], cell: int) -> RiverContext:
    """The surroundings of ``cell`` that ``river_fits`` reads; one per cell serves every card
    of a hand."""
    touch: list[tuple[str, bool]] = []
    border: list[str] = []
    for e in EDGES:
        n = NEIGHBOUR[cell][e]
        if n is None:
            border.append(e)
            continue
        other = card_at(cards, down, n)
        if other is not None:
            touch.append((e, OPPOSITE[e] in other.rivers))
    return tuple(touch), frozenset(border)


def river_fits(context: RiverContext, card: Card, strict: bool) -> str | None:
    """Why ``card`` may not lie face up where ``context`` was read, by the river rule, or
    ``None`` (see ``river_problem``)."""
    touch, border = context
    rivers = card.rivers
    if strict:
        for e, river in touch:
            if (e in rivers) != river:
                return RIVER_BANK
    if not rivers:
        return None
    for e in rivers:
        if e in border:
            return None
    for e, river in touch:
        if river and e in rivers:
            return None
    return RIVER_UNCONNECTED


def river_problem(cards: Sequence[str], down: Sequence[bool], cell: int, card: Card,
                  strict: bool) -> str | None:
    """Why ``card`` may not lie face up in ``cell`` by the river rule, or ``None``.

    ST-R16 / ST-G04: a river card needs one river edge on the border or on a neighbour's river
    edge. ST-C4 (``strict``): besides, where the card touches another card, river meets river
    and never a bank (face-down cards and the house have no river), whether or not the new
    card shows a river itself."""
    return river_fits(river_context(cards, down, cell), card, strict)


def place_problem(cards: Sequence[str], down: Sequence[bool], thief: int, cell: int,
                  card: Card, strict: bool) -> str | None:
    """Why ``card`` may not lie face up in ``cell`` (ST-R15, ST-R16, ST-C4), or ``None``."""
    return cell_problem(cards, thief, cell) or river_problem(cards, down, cell, card, strict)



# ---------------------------------------------------------------------------------------------
# Scoring (ST-R28..ST-R30)
# ---------------------------------------------------------------------------------------------


def _joined(cards: Sequence[str], down: Sequence[bool], start: int, kind: str) -> set[int]:
    """The cells joined to ``start`` by ``kind`` ("roads" or "rivers"): across every edge
    where both touching edges carry it; all such edges of one card join in its middle."""
    reached = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        card = card_at(cards, down, cell)
        assert card is not None
        for e in getattr(card, kind):
            n = NEIGHBOUR[cell][e]
            if n is None or n in reached:
                continue
            other = card_at(cards, down, n)
            if other is not None and OPPOSITE[e] in getattr(other, kind):
                reached.add(n)
                todo.append(n)
    return reached


def road_network(cards: Sequence[str], down: Sequence[bool]) -> set[int]:
    """The cells of the house road network (ST-R29): from the house along the roads."""
    if not cards[HOUSE_CELL]:
        return set()  # before the set-up
    return _joined(cards, down, HOUSE_CELL, "roads")


def towns_reached(cards: Sequence[str], down: Sequence[bool], two_towns: bool) -> list[str]:
    """The towns the house road network reaches (ST-R29; ST-C1 ``two_towns``: no South
    town), in the order east, south, big."""
    net = road_network(cards, down)
    out: list[str] = []
    for town in (EAST_TOWN, SOUTH_TOWN, BIG_TOWN):
        if two_towns and town == SOUTH_TOWN:
            continue
        for cell, edge in TOWN_EXITS[town]:
            card = card_at(cards, down, cell)
            if cell in net and card is not None and edge in card.roads:
                out.append(town)
                break
    return out


def river_groups(cards: Sequence[str], down: Sequence[bool]) -> list[list[int]]:
    """The connected groups of face-up river cards (ST-R30), each sorted, in cell order."""
    rivers = [i for i in range(CELLS) if (c := card_at(cards, down, i)) is not None and c.rivers]
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in rivers:
        if start in seen:
            continue
        group = _joined(cards, down, start, "rivers")
        seen |= group
        groups.append(sorted(group))
    return groups


def town_points(towns: Sequence[str]) -> int:
    return sum(TOWN_POINTS[t] for t in towns)


def river_points(cards: Sequence[str], down: Sequence[bool]) -> int:
    """ST-R30: 2 per river card in a connected group of 2 or more."""
    return RIVER_POINTS * sum(len(g) for g in river_groups(cards, down) if len(g) >= 2)
