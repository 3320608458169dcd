"""How many path cards the maze of Saboteur 2 still needs to reach each goal, walls counted.

A guide for the AI only (the rules never read it). ``maze.need`` counts grid steps from the
network's nearest open end, so a dead end laid across the way changes nothing there; here the
cards are counted along empty cells only, the way a tunnel must really go:

* ``field(maze, goal)``: for every empty cell near the maze, the fewest cards that, starting
  with one on that cell, lead to a cell beside the goal position (a breadth-first search back
  from the goal over empty cells; a card on a cell beside the goal is 1). It depends only on
  which cells are taken, so it is shared by every state with the same cells taken.
* ``goal_need(maze, net, slot)``: the fewest cards from the network's open ends (the empty
  cells a network path edge points at) to the goal: the smallest ``field`` value among them;
  ``CUT`` when the network has no open end left (only a ladder or a Rockfall reopens it).
* ``after_place``: the same count once a card is laid, read from the field without a search.

Cards lying outside the network (dead ends, pieces cut off by a Rockfall) are walls here, and
ladders are ignored: both only make the count a little too high.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .data import OPP, Shape
from .maze import GOAL_KEYS, GOAL_SET, STEP, Network, cell, frontier

#: The count when the network has no open end (no card can connect but a ladder).
CUT: Final = 12
#: An open end that cannot reach the goal within the searched area (counted as ``CUT``).
FAR: Final = 99
_MARGIN: Final = 2
_CACHE_MAX: Final = 50_000

_FIELDS: dict[tuple[frozenset[int], int], dict[int, int]] = {}
_NEEDS: dict[tuple[frozenset[tuple[int, int]], int], int] = {}


def field(maze: Mapping[int, int], goal: int) -> dict[int, int]:
    """Cards needed from each empty cell (a card on it counted) to reach ``goal``'s cell."""
    taken = frozenset(maze)
    found = _FIELDS.get((taken, goal))
    if found is not None:
        return found
    xs = [cell(k)[0] for k in taken] + [cell(g)[0] for g in GOAL_KEYS]
    ys = [cell(k)[1] for k in taken] + [cell(g)[1] for g in GOAL_KEYS]
    x0, x1 = min(xs) - _MARGIN, max(xs) + _MARGIN
    y0, y1 = min(ys) - _MARGIN, max(ys) + _MARGIN
    out: dict[int, int] = {}
    layer: list[int] = []
    for d in STEP:
        nb = goal + d
        if nb not in taken and nb not in GOAL_SET:
            out[nb] = 1
            layer.append(nb)
    dist = 1
    while layer:
        dist += 1
        nxt: list[int] = []
        for k in layer:
            for d in STEP:
                nb = k + d
                if nb in out or nb in taken or nb in GOAL_SET:
                    continue
                x, y = cell(nb)
                if x0 <= x <= x1 and y0 <= y <= y1:
                    out[nb] = dist
                    nxt.append(nb)
        layer = nxt
    if len(_FIELDS) > _CACHE_MAX:
        _FIELDS.clear()
    _FIELDS[taken, goal] = out
    return out


def reached(maze: Mapping[int, int], net: Network, goal: int) -> bool:
    """A network segment edge already faces ``goal`` (or the goal card lies in the network)."""
    edges = net[1]
    return any((goal + STEP[e]) * 4 + OPP[e] in edges for e in range(4)) or any(
        goal * 4 + e in edges for e in range(4))


def goal_need(maze: Mapping[int, int], net: Network, slot: int) -> int:
    """Cards still needed to connect the network to goal ``slot`` (0: it is connected)."""
    memo = (frozenset(maze.items()), slot)
    found = _NEEDS.get(memo)
    if found is not None:
        return found
    goal = GOAL_KEYS[slot]
    if reached(maze, net, goal):
        best = 0
    else:
        ends = frontier(maze, net)
        if not ends:
            best = CUT
        else:
            costs = field(maze, goal)
            best = min(CUT, min(costs.get(k, FAR) for k in ends))
    if len(_NEEDS) > _CACHE_MAX:
        _NEEDS.clear()
    _NEEDS[memo] = best
    return best


def exits(maze: Mapping[int, int], net: Network, k: int, shape: Shape) -> list[int]:
    """The edges of ``shape`` laid at ``k`` through which the network would go on: the edges
    of every segment that touches a network path edge (all of a ladder's)."""
    edges = net[1]
    out: list[int] = []
    for g in shape.segments:
        if shape.ladder or any((k + STEP[e]) * 4 + OPP[e] in edges for e in g):
            out.extend(g)
    return out


def after_place(maze: Mapping[int, int], net: Network, costs: Mapping[int, int],
                ends: set[int], k: int, shape: Shape, goal: int) -> int:
    """About how many cards the goal still needs once ``shape`` lies at ``k`` (``costs`` the
    goal's ``field``, ``ends`` the network's open ends before): the other open ends, and the
    cells the new card's tunnels lead to (0 when one leads into the goal)."""
    best = FAR
    for f in ends:
        if f != k:
            c = costs.get(f, FAR)
            if c < best:
                best = c
    for e in exits(maze, net, k, shape):
        nb = k + STEP[e]
        if nb == goal:
            return 0
        if nb in maze or nb in GOAL_SET:
            continue
        c = costs.get(nb, FAR)
        if c < best:
            best = c
    return min(best, CUT)
