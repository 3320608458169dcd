"""Saboteur 2 connectivity as property tests: on mazes grown by seeded random play, a card is
legal exactly where a brute-force check over its four edges and the network says it is, the
network is what a plain search over the tiles finds, and goals turn up exactly when a network
segment faces them (SB-R16..R20, SB-R25, SB-G01)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.api import OPPOSITE, TileArt
from tabletop.engine.game import random_action
from tabletop.games.saboteur2.data import GOAL_CELLS, PATH_CARDS, PATHS, SHAPES
from tabletop.games.saboteur2.maze import (
    GOAL_KEYS,
    Ways,
    cell,
    frontier,
    is_legal,
    key,
    need,
    network,
    placements,
    team_reach,
)
from tabletop.games.saboteur2.state import Phase, Saboteur2State
from tests.games.saboteur2.sb_build import GAME

DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def tiles(s: Saboteur2State) -> dict[tuple[int, int], tuple[str, TileArt]]:
    """The face-up maze as (card, tile as it lies) per cell, read from the tile data."""
    out = {}
    for k, sh in s.maze.items():
        shape = SHAPES[sh]
        art = PATH_CARDS[shape.card].art
        out[cell(k)] = (shape.card, art.rotated_180() if shape.turned else art)
    return out


def brute_network(grid: dict[tuple[int, int], tuple[str, TileArt]],
                  blocked_door: str = "") -> set[tuple[int, int, str]]:
    """Every (x, y, edge) of a segment reached from the start or a ladder, by a fixpoint
    over the tiles (a segment with a door of ``blocked_door`` is not entered)."""
    reached: set[tuple[int, int, frozenset[str]]] = set()
    for (x, y), (card, art) in grid.items():
        if card == "START" or PATH_CARDS[card].ladder:
            reached.update((x, y, frozenset(seg)) for seg in art.segments)
    reached = {r for r in reached if PATH_CARDS[grid[r[0], r[1]][0]].door != blocked_door
               or not blocked_door}
    changed = True
    while changed:
        changed = False
        for x, y, seg in list(reached):
            for e in seg:
                dx, dy = DELTA[e]
                nb = grid.get((x + dx, y + dy))
                if nb is None:
                    continue
                card, art = nb
                if blocked_door and PATH_CARDS[card].door == blocked_door:
                    continue
                joined = art.joined(OPPOSITE[e])
                if joined and (x + dx, y + dy, frozenset(joined)) not in reached:
                    reached.add((x + dx, y + dy, frozenset(joined)))
                    changed = True
    return {(x, y, e) for x, y, seg in reached for e in seg}


def brute_legal(s: Saboteur2State, grid: dict[tuple[int, int], tuple[str, TileArt]],
                net: set[tuple[int, int, str]], card: str, art: TileArt,
                x: int, y: int) -> bool:
    """SB-R16..R19 read straight off the four edges."""
    goals = set(GOAL_CELLS)
    if (x, y) in grid or (x, y) in goals:
        return False
    around = [(e, (x + dx, y + dy)) for e, (dx, dy) in DELTA.items()]
    if not any(c in grid or c in goals for _, c in around):
        return False
    for e, c in around:
        if c in grid and grid[c][1].is_open(OPPOSITE[e]) != art.is_open(e):  # type: ignore[arg-type]
            return False
    if PATH_CARDS[card].ladder:
        return not any(c in goals for _, c in around)
    return any(art.is_open(e) and (c[0], c[1], OPPOSITE[e]) in net  # type: ignore[arg-type]
               for e, c in around)


def grown(seed: int, plies: int, n: int) -> Saboteur2State:
    """A position of a seeded random game, ``plies`` moves in, in the middle of a round."""
    rng = random.Random(seed)
    s = GAME.new_game(n)
    for _ in range(plies):
        if GAME.is_terminal(s):
            break
        GAME.apply_in_place(s, random_action(GAME, s, rng))
    return s


@settings(max_examples=25, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 600), n=st.integers(2, 12))
def test_network_is_what_the_tiles_say(seed: int, plies: int, n: int) -> None:
    # SB-R18: the network kept with the state is the fixpoint over the tiles' segments.
    s = grown(seed, plies, n)
    grid = tiles(s)
    assert {(*cell(k // 4), "NESW"[k % 4]) for k in s.net[1]} == brute_network(grid)


@settings(max_examples=20, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plies=st.integers(30, 600), n=st.integers(2, 12))
def test_card_legal_exactly_where_the_edges_say(seed: int, plies: int, n: int) -> None:
    # SB-R16, SB-R17, SB-R18, SB-R19, SB-G01: every path card in either orientation at every
    # cell around the maze: the rules' answer equals the brute-force check.
    s = grown(seed, plies, n)
    grid = tiles(s)
    net = brute_network(grid)
    xs = [x for x, _ in grid] + [8]
    ys = [y for _, y in grid] + [-2, 2]
    checked = 0
    for card in PATHS:
        for turned in (False, True):
            art = card.art.rotated_180() if turned else card.art
            shape = next(sh for sh in SHAPES if sh.card == card.id and sh.turned == turned)
            for x in range(min(xs) - 1, max(xs) + 2):
                for y in range(min(ys) - 1, max(ys) + 2):
                    assert is_legal(s.maze, SHAPES, s.net, key(x, y), shape) == brute_legal(
                        s, grid, net, card.id, art, x, y), (card.id, turned, x, y)
                    checked += 1
    assert checked > 500
    # The legal actions of the player to move list exactly the brute-force placements.
    if s.phase == Phase.PLAY and not s.blocked(s.turn):
        legal = {a for a in GAME.legal_actions(s) if a.startswith("place:")}
        expected = set()
        for c in set(s.hands[s.turn]) & set(PATH_CARDS) - {"START"}:
            for turned in (False, True):
                art = PATH_CARDS[c].art.rotated_180() if turned else PATH_CARDS[c].art
                for x in range(min(xs) - 1, max(xs) + 2):
                    for y in range(min(ys) - 1, max(ys) + 2):
                        if brute_legal(s, grid, net, c, art, x, y):
                            expected.add(f"place:{c}@{x},{y}" + (":180" if turned else ""))
        assert legal == expected


@settings(max_examples=20, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8))
def test_goals_turn_up_exactly_when_a_segment_faces_them(seed: int, n: int) -> None:
    # SB-R20: after every placement, a goal is face up exactly when a network segment edge of
    # a neighbour faces it (a stub never does).
    rng = random.Random(seed)
    s = GAME.new_game(n)
    placed = 0
    while s.round == 1 and not GAME.is_terminal(s):
        action = random_action(GAME, s, rng)
        before = s.clone()
        GAME.apply_in_place(s, action)
        if not action.startswith("place:") or s.round != 1:
            continue
        placed += 1
        net = brute_network(tiles(s))
        for slot, (gx, gy) in enumerate(GOAL_CELLS):
            faced = any((gx - dx, gy - dy, e) in net for e, (dx, dy) in DELTA.items())
            assert s.goal_up[slot] == (faced or before.goal_up[slot])
    assert placed > 0


@settings(max_examples=15, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plies=st.integers(50, 600))
def test_team_reach_is_a_door_free_chain(seed: int, plies: int) -> None:
    # SB-R25: green reaches a card when a chain of segments avoids every blue door.
    s = grown(seed, plies, 4)
    grid = tiles(s)
    for door, other in (("blue", "green"), ("green", "blue")):
        net = brute_network(grid, door)
        for (x, y), _ in grid.items():
            if (x, y) == (0, 0):
                continue
            expected = any((x, y, e) in net for e in "NESW")
            got: Any = team_reach(s.maze, SHAPES, key(x, y), door)
            assert got == expected, (x, y, door, other)


@settings(max_examples=20, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10**6), plies=st.integers(30, 600), n=st.integers(2, 12))
def test_the_ways_kept_through_play_are_those_of_the_maze(seed: int, plies: int, n: int) -> None:
    # The open ends, the cells each shape may take and the cards each goal needs, as kept
    # from card to card through play (``Ways.laid``), are what the maze itself says.
    s = grown(seed, plies, n)
    kept = s.ways_of()
    fresh = Ways(s.maze, SHAPES, network(s.maze, SHAPES))
    assert kept.net == fresh.net
    assert set(kept.ends) == set(fresh.ends) == frontier(s.maze, s.net)
    for shape in SHAPES[:-8]:  # every path card either way round (not the start or a goal)
        expected = {k for sh, k in placements(s.maze, SHAPES, s.net, [shape])}
        assert set(kept.cells(s.maze, shape)) == set(fresh.cells(s.maze, shape)) == expected
    for g in GOAL_KEYS:
        assert kept.need(g) == fresh.need(g) == need(s.maze, s.net, g)
    # A turn's legal actions come in order as they are made.
    if s.phase == Phase.PLAY:
        legal = GAME.legal_actions(s)
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
