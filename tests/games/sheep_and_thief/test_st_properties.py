"""Sheep & Thief properties: sheep are conserved (stock + sheets + fences is always 50), and
roads and rivers score exactly as a brute-force flood fill says, on random sheets."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine import random_play
from tabletop.games.sheep_and_thief.data import (
    CARD_IDS,
    CARDS,
    CELLS,
    HOUSE_CARD,
    SIZE,
    STOCK,
    row_col,
)
from tabletop.games.sheep_and_thief.sheet import (
    RIVER_BANK,
    RIVER_UNCONNECTED,
    cell_problem,
    open_cells,
    river_context,
    river_fits,
    river_points,
    towns_reached,
)
from tabletop.games.sheep_and_thief.state import Phase
from tests.games.sheep_and_thief.st_build import GAME, sheep_total


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.sampled_from([2, 3, 4]),
       dogs=st.sampled_from(["any-flock", "one-flock"]))
def test_sheep_are_conserved(seed: int, n: int, dogs: str) -> None:
    # ST-R20, ST-R23, ST-R25, ST-R28: sheep only move between the stock, the sheets and the
    # fences; none appear or vanish at any step of a game.
    rng = random.Random(seed)
    for s in random_play(GAME, GAME.new_game(n, {"dogs": dogs}), rng):
        if s.phase != Phase.HOUSES:
            assert sheep_total(s) == STOCK
            assert s.stock >= 0 and min(min(r) for r in s.sheep) >= 0
    assert sheep_total(s) == STOCK


# -- brute force -----------------------------------------------------------------------------

_DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
_BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _features(cards: list[str], down: list[bool], kind: str) -> dict[tuple[int, int], set[str]]:
    """Each card's road (or river) edges by (row, col), read straight from the card table."""
    out: dict[tuple[int, int], set[str]] = {}
    for i, cid in enumerate(cards):
        if not cid:
            continue
        card = HOUSE_CARD if cid == "H" else CARDS[cid]
        edges = set() if down[i] else set(card.roads if kind == "road" else card.rivers)
        out[row_col(i)] = edges
    return out


def _linked(f: dict[tuple[int, int], set[str]], a: tuple[int, int], b: tuple[int, int]) -> bool:
    for e, (dr, dc) in _DELTA.items():
        if (a[0] + dr, a[1] + dc) == b:
            return e in f.get(a, set()) and _BACK[e] in f.get(b, set())
    return False


def _fixpoint(f: dict[tuple[int, int], set[str]], start: set[tuple[int, int]]
              ) -> set[tuple[int, int]]:
    """Grow ``start`` over every linked pair of cells until nothing changes."""
    group = set(start)
    changed = True
    while changed:
        changed = False
        for a in list(group):
            for b in f:
                if b not in group and _linked(f, a, b):
                    group.add(b)
                    changed = True
    return group


def brute_towns(cards: list[str], down: list[bool], two: bool) -> list[str]:
    f = _features(cards, down, "road")
    net = _fixpoint(f, {(0, 0)})
    out = []
    if (0, 3) in net and "E" in f[(0, 3)]:
        out.append("east")
    if not two and (3, 0) in net and "S" in f[(3, 0)]:
        out.append("south")
    if (3, 3) in net and f[(3, 3)] & {"E", "S"}:
        out.append("big")
    return out


def brute_rivers(cards: list[str], down: list[bool]) -> int:
    f = {k: v for k, v in _features(cards, down, "river").items() if v}
    points = 0
    for cell in f:
        if len(_fixpoint(f, {cell})) >= 2:
            points += 2
    return points


def brute_river(cards: list[str], down: list[bool], cell: int, card: str,
                strict: bool) -> str | None:
    """ST-R16 / ST-C4 read straight from the rule: with ``strict``, wherever the new card
    touches a card, river meets river and never a bank; a river card needs one river end on
    the border or on a neighbour's river end."""
    rivers = _features(cards, down, "river")  # every card laid, face-down ones riverless
    r, c = row_col(cell)
    mine = set(CARDS[card].rivers)
    if strict:
        for e, (dr, dc) in _DELTA.items():
            nb = (r + dr, c + dc)
            if nb in rivers and (e in mine) != (_BACK[e] in rivers[nb]):
                return RIVER_BANK
    if not mine:
        return None
    for e in mine:
        dr, dc = _DELTA[e]
        nb = (r + dr, c + dc)
        if not (0 <= nb[0] < SIZE and 0 <= nb[1] < SIZE) or _BACK[e] in rivers.get(nb, set()):
            return None
    return RIVER_UNCONNECTED


@st.composite
def sheets(draw: st.DrawFn) -> tuple[list[str], list[bool]]:
    """A random sheet: the house, any cards in any other cells, some face down (the scoring
    does not depend on how the cards came there)."""
    ids = draw(st.permutations(CARD_IDS))
    filled = draw(st.lists(st.booleans(), min_size=CELLS - 1, max_size=CELLS - 1))
    downs = draw(st.lists(st.integers(0, 9), min_size=CELLS, max_size=CELLS))
    cards = ["H"] + [ids[i] if filled[i] else "" for i in range(CELLS - 1)]
    down = [i > 0 and bool(cards[i]) and downs[i] == 0 for i in range(CELLS)]
    return cards, down


@st.composite
def road_heavy_sheets(draw: st.DrawFn) -> tuple[list[str], list[bool]]:
    """Full sheets of road and river cards, where long networks are common."""
    pool = [c for c in CARD_IDS if CARDS[c].roads or CARDS[c].rivers]
    ids = draw(st.permutations(pool))
    return ["H", *ids[:CELLS - 1]], [False] * CELLS


@settings(max_examples=150, deadline=None)
@given(sheet=st.one_of(sheets(), road_heavy_sheets()), two=st.booleans())
def test_towns_match_flood_fill(sheet: tuple[list[str], list[bool]], two: bool) -> None:
    # ST-R29, ST-C1, ST-R17: the towns reached are exactly those the brute-force fill finds.
    cards, down = sheet
    assert towns_reached(cards, down, two) == brute_towns(cards, down, two)


@settings(max_examples=150, deadline=None)
@given(sheet=st.one_of(sheets(), road_heavy_sheets()))
def test_rivers_match_flood_fill(sheet: tuple[list[str], list[bool]]) -> None:
    # ST-R30: 2 per river card in a group of 2+, as the brute-force fill counts.
    cards, down = sheet
    assert river_points(cards, down) == brute_rivers(cards, down)


@settings(max_examples=150, deadline=None)
@given(sheet=st.one_of(sheets(), road_heavy_sheets()), thief=st.integers(0, CELLS - 1),
       card=st.sampled_from(CARD_IDS), strict=st.booleans())
def test_fast_placement_checks_agree_with_the_rules(sheet: tuple[list[str], list[bool]],
                                                      thief: int, card: str,
                                                      strict: bool) -> None:
    # ST-R15, ST-R16, ST-C4: the one-pass open cells and the river check read from a cell's
    # surroundings (what the search asks) say what the rule-by-rule checks say.
    cards, down = sheet
    cards = [c if i == 0 or i % 3 else "" for i, c in enumerate(cards)]  # leave cells open
    assert open_cells(cards, thief) == [i for i in range(CELLS)
                                        if cell_problem(cards, thief, i) is None]
    for cell in range(CELLS):
        assert river_fits(river_context(cards, down, cell), CARDS[card], strict) == \
            brute_river(cards, down, cell, card, strict)


def test_flood_fill_sees_long_roads() -> None:
    # The random sheets do reach towns (the property is not checked on empty networks only).
    rng = random.Random(0)
    reached = 0
    pool = [c for c in CARD_IDS if CARDS[c].roads]
    for _ in range(300):
        rng.shuffle(pool)
        cards = ["H", *pool[:CELLS - 1]]
        reached += bool(brute_towns(cards, [False] * CELLS, False))
    assert reached > 10
