"""The tunnel maze of Saboteur 2: cells, the network, where a card may lie, goals reached.

Rules follow the rules reference of Saboteur 2 (SB-R04..R07, SB-R15..R21, SB-R25, SB-G01,
SB-G02, SB-G12). A cell ``(x, y)`` is kept as one integer key so that the maze is a plain
``dict`` from key to shape index (``data.SHAPES``) and a neighbour is one addition away.

The *network* (SB-R18) is the set of segments reached from the start card's segment or from a
ladder's segment by crossing touching path edges; stubs end it. It is kept with the state, as
the set of its segments and the set of its path edges: what placement, goal reveals and the
AI read. A card laid only adds to it (``grown`` walks on from the new card alone); a card
taken away (a Rockfall) may cut it, so it is worked out again then (``network``).

``Ways`` keeps what the rules ask of one network again and again, over many turns and every
clone of the state that shares the network: its open ends, where each shape may lie there and
the cards still needed to each goal. Worked out once per network, and for a shape only when
a hand holds it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Final

from .data import GOAL_CELLS, OPP, START_CELL, Shape

_SPAN: Final = 1024
_HALF: Final = 512
#: What a step across each edge adds to a cell key: N (y - 1), E (x + 1), S (y + 1), W (x - 1).
STEP: Final = (-1, _SPAN, 1, -_SPAN)


def key(x: int, y: int) -> int:
    """The key of cell ``(x, y)``; the maze can never grow near the bounds (117 cards)."""
    return (x + _HALF) * _SPAN + (y + _HALF)


def cell(k: int) -> tuple[int, int]:
    return k // _SPAN - _HALF, k % _SPAN - _HALF


START_KEY: Final = key(*START_CELL)
GOAL_KEYS: Final = tuple(key(x, y) for x, y in GOAL_CELLS)
GOAL_SET: Final = frozenset(GOAL_KEYS)
#: Cells next to a goal position (no ladder there, SB-R19).
NEAR_GOAL: Final = frozenset(g + d for g in GOAL_KEYS for d in STEP)

Maze = Mapping[int, int]
Network = tuple[frozenset[int], frozenset[int]]


def _walk(maze: Maze, shapes: Sequence[Shape],
          blocked_door: str | None = None) -> tuple[set[int], set[int]]:
    """The segments (``key * 4 + segment``) and path edges (``key * 4 + edge``) reached from
    the start card and every ladder; a card with a door of colour ``blocked_door`` is reached
    but not passed through."""
    todo: list[tuple[int, int]] = [(START_KEY, 0)] if START_KEY in maze else []
    todo += [(k, 0) for k, sh in maze.items() if shapes[sh].ladder and k != START_KEY]
    segs: set[int] = set()
    edges: set[int] = set()
    while todo:
        k, sg = todo.pop()
        node = k * 4 + sg
        if node in segs:
            continue
        segs.add(node)
        shape = shapes[maze[k]]
        if blocked_door is not None and shape.door == blocked_door:
            continue
        for e in shape.segments[sg]:
            edges.add(k * 4 + e)
            nb = k + STEP[e]
            other = maze.get(nb)
            if other is None:
                continue
            j = shapes[other].seg[OPP[e]]
            if j >= 0 and nb * 4 + j not in segs:
                todo.append((nb, j))
    return segs, edges


def network(maze: Maze, shapes: Sequence[Shape]) -> Network:
    """SB-R18: the segments reached (``key * 4 + segment``) and their path edges
    (``key * 4 + edge``), from the start card and every ladder."""
    segs, edges = _walk(maze, shapes)
    return frozenset(segs), frozenset(edges)


def _grow(maze: Maze, shapes: Sequence[Shape], net: Network, k: int
          ) -> tuple[set[int], set[int]]:
    """The segments and path edges that the card at ``k``, just added to ``maze``, adds to
    the network ``net``: walked from the new card only. A new card joins the network through
    a segment that meets one of its path edges (and may join other cards to it on its way); a
    ladder starts a network of its own (SB-R19)."""
    segs, edges = net
    shape = shapes[maze[k]]
    todo: list[tuple[int, int]] = [(k, 0)] if shape.ladder else []
    for sg, group in enumerate(shape.segments):
        if any((k + STEP[e]) * 4 + OPP[e] in edges for e in group):
            todo.append((k, sg))
    new_segs: set[int] = set()
    new_edges: set[int] = set()
    while todo:
        at, sg = todo.pop()
        node = at * 4 + sg
        if node in segs or node in new_segs:
            continue
        new_segs.add(node)
        here = shapes[maze[at]]
        for e in here.segments[sg]:
            new_edges.add(at * 4 + e)
            nb = at + STEP[e]
            other = maze.get(nb)
            if other is None:
                continue
            j = shapes[other].seg[OPP[e]]
            if j >= 0:
                todo.append((nb, j))
    return new_segs, new_edges


def grown(maze: Maze, shapes: Sequence[Shape], net: Network, k: int) -> Network:
    """The network once the card at ``k`` has been added to ``maze`` (``net`` is the network
    before): the same as ``network(maze, shapes)``, walked on from the new card only."""
    new_segs, new_edges = _grow(maze, shapes, net, k)
    return net[0] | new_segs, net[1] | new_edges


def frontier(maze: Maze, net: Network) -> set[int]:
    """Empty cells, not goal positions, that a network path edge points at: the only cells
    where a card other than a ladder can connect (SB-R16, SB-R18)."""
    out: set[int] = set()
    for ke in net[1]:
        nb = ke // 4 + STEP[ke % 4]
        if nb not in maze and nb not in GOAL_SET:
            out.add(nb)
    return out


def fits(maze: Maze, shapes: Sequence[Shape], k: int, shape: Shape) -> bool:
    """SB-R17: every face-up neighbour meets ``shape`` wall to wall or open to open (face-down
    goals are not in ``maze`` and are ignored)."""
    opened = shape.opened
    for e in range(4):
        other = maze.get(k + STEP[e])
        if other is not None and shapes[other].opened[OPP[e]] != opened[e]:
            return False
    return True


def connects(net: Network, k: int, shape: Shape) -> bool:
    """SB-R18: an open edge of ``shape`` at ``k`` touches a path edge of the network."""
    edges = net[1]
    opened = shape.opened
    return any(opened[e] and (k + STEP[e]) * 4 + OPP[e] in edges for e in range(4))


def ladder_cells(maze: Maze) -> set[int]:
    """SB-R16, SB-R19: empty cells next to a maze card and next to no goal position."""
    out: set[int] = set()
    for k in maze:
        for d in STEP:
            nb = k + d
            if nb not in maze and nb not in GOAL_SET and nb not in NEAR_GOAL:
                out.add(nb)
    return out


def placements(maze: Maze, shapes: Sequence[Shape], net: Network,
               candidates: Iterable[Shape]) -> list[tuple[Shape, int]]:
    """Every legal ``(shape, cell key)`` for the shapes given (SB-R16..R19)."""
    out: list[tuple[Shape, int]] = []
    front: set[int] | None = None
    ladders: set[int] | None = None
    for shape in candidates:
        if shape.ladder:
            if ladders is None:
                ladders = ladder_cells(maze)
            out.extend((shape, k) for k in ladders if fits(maze, shapes, k, shape))
        else:
            if front is None:
                front = frontier(maze, net)
            out.extend((shape, k) for k in front
                       if fits(maze, shapes, k, shape) and connects(net, k, shape))
    return out


def is_legal(maze: Maze, shapes: Sequence[Shape], net: Network, k: int, shape: Shape) -> bool:
    """Whether ``shape`` may lie at ``k`` (SB-R16..R19), without listing the others."""
    if k in maze or k in GOAL_SET:
        return False
    if shape.ladder:
        return (k not in NEAR_GOAL and any(k + d in maze for d in STEP)
                and fits(maze, shapes, k, shape))
    return fits(maze, shapes, k, shape) and connects(net, k, shape)


def reached_goals(maze: Maze, net: Network, face_down: Iterable[int]) -> list[int]:
    """SB-R20: the face-down goal slots that a network *segment* edge points at (a stub does
    not reach a goal)."""
    edges = net[1]
    out: list[int] = []
    for slot in face_down:
        g = GOAL_KEYS[slot]
        if any((g + STEP[e]) * 4 + OPP[e] in edges for e in range(4)):
            out.append(slot)
    return out


def stone_turn(maze: Maze, shapes: Sequence[Shape], net: Network, slot: int,
               printed: Shape, turned: Shape) -> Shape:
    """SB-G02: how a revealed goal card lies: the orientation whose path meets the network
    card that reached it; else fewer mismatched neighbours; else as printed."""
    g = GOAL_KEYS[slot]
    edges = net[1]

    def rank(shape: Shape) -> tuple[int, int, int]:
        meets = any(shape.opened[e] and (g + STEP[e]) * 4 + OPP[e] in edges for e in range(4))
        bad = sum(1 for e in range(4) if (other := maze.get(g + STEP[e])) is not None
                  and shapes[other].opened[OPP[e]] != shape.opened[e])
        return (0 if meets else 1, bad, 1 if shape.turned else 0)

    return min((printed, turned), key=rank)


def team_reach(maze: Maze, shapes: Sequence[Shape], target: int, blocked_door: str) -> bool:
    """SB-R25: a chain of network segments from the start or a ladder to the card at
    ``target`` that passes no door of colour ``blocked_door``."""
    if target not in maze or shapes[maze[target]].door == blocked_door:
        return False
    segs, _ = _walk(maze, shapes, blocked_door)
    return any(node // 4 == target for node in segs)


def need(maze: Maze, net: Network, target: int) -> int:
    """Cards still needed to reach ``target``: the fewest grid steps from a cell the network
    points at (0 when a network edge already touches it). A guide for the AI and the public
    evidence of who digs; walls in the way are not counted."""
    tx, ty = cell(target)
    best = 99
    for ke in net[1]:
        nb = ke // 4 + STEP[ke % 4]
        if nb == target:
            return 0
        if nb in maze or nb in GOAL_SET:
            continue
        x, y = cell(nb)
        d = abs(x - tx) + abs(y - ty)
        if d < best:
            best = d
    return best


class Ways:
    """What the rules read of one network (``net`` of ``maze``) again and again: its open
    ends (``ends``, the cells of ``frontier``), where each shape may be laid (``cells``:
    SB-R16..R19) and how many cards each goal still needs (``need``). Each is worked out on
    first asking and kept; ``laid`` gives the ``Ways`` of the network that a card laid makes,
    working out again only what changes around the card.

    A ``Ways`` belongs to its network object: the state keeps one beside its ``net`` and
    clones share both, as their mazes are the same until one of them changes its maze and
    with it its network. So it keeps no maze: a question that reads the maze is given the
    asking state's, which is the maze of ``net`` (it changes only together with ``net``)."""

    __slots__ = ("_cells", "_groups", "_ladders", "_needs", "_sig", "_xy", "net", "shapes",
                 "texts")

    def __init__(self, maze: Maze, shapes: Sequence[Shape], net: Network,
                 sig: dict[int, int] | None = None) -> None:
        self.shapes = shapes
        self.net = net
        if sig is None:
            sig = {}
            for ke in net[1]:
                nb = ke // 4 + STEP[ke % 4]
                if nb not in maze and nb not in GOAL_SET and nb not in sig:
                    sig[nb] = self._around(maze, nb)
        # Each open end, with what surrounds it as bits by edge: the neighbours there (bits
        # 0-3), those open towards it (bits 4-7), the network path edges facing it (8-11).
        self._sig = sig
        self._groups: dict[int, list[int]] | None = None
        self._ladders: dict[tuple[int, int], list[int]] | None = None
        self._cells: dict[int, list[int]] = {}
        self._needs: dict[int, int] = {}
        self._xy: list[tuple[int, int]] | None = None
        #: Free for the rules to keep, per card, the action texts of its ``cells``.
        self.texts: dict[str, list[str]] = {}

    def _around(self, maze: Maze, k: int) -> int:
        """What surrounds the empty cell ``k`` (see ``__init__``)."""
        shapes = self.shapes
        edges = self.net[1]
        sig = 0
        for e in range(4):
            nb = k + STEP[e]
            other = maze.get(nb)
            if other is not None:
                sig |= 1 << e
                if shapes[other].opened[OPP[e]]:
                    sig |= 16 << e
                if nb * 4 + OPP[e] in edges:
                    sig |= 256 << e
        return sig

    @property
    def ends(self) -> Collection[int]:
        """The empty cells a path edge of the network points at (``frontier``)."""
        return self._sig.keys()

    def laid(self, maze: Maze, k: int) -> Ways:
        """The ``Ways`` of the network once the card at ``k`` has been added to ``maze``
        (``grown``): only the cells around the card and those the network's new path edges
        point at may have become open ends or changed their surroundings."""
        new_segs, new_edges = _grow(maze, self.shapes, self.net, k)
        net = (self.net[0] | new_segs, self.net[1] | new_edges)
        sig = self._sig.copy()
        sig.pop(k, None)
        around = {k + d for d in STEP}
        around.update(ke // 4 + STEP[ke % 4] for ke in new_edges)
        out = Ways(maze, self.shapes, net, sig)
        for c in around:
            if c not in maze and c not in GOAL_SET:
                got = out._around(maze, c)
                if got >= 256:  # a path edge of the network faces it: an open end
                    sig[c] = got
        return out

    def cells(self, maze: Maze, shape: Shape) -> list[int]:
        """The cells of ``maze`` (the maze of ``net``) where ``shape`` may lie: what
        ``placements`` gives for the one shape."""
        found = self._cells.get(shape.index)
        if found is not None:
            return found
        mask = shape.mask
        out: list[int] = []
        if shape.ladder:
            if self._ladders is None:
                self._ladders = self._ladder_sigs(maze)
            for (present, want), ks in self._ladders.items():
                if mask & present == want:
                    out.extend(ks)
        else:
            groups = self._groups
            if groups is None:
                groups = self._groups = {}
                for c, sig in self._sig.items():
                    groups.setdefault(sig, []).append(c)
            for sig, ks in groups.items():
                # Fits every face-up neighbour (SB-R17) and meets a network path edge.
                if mask & sig == (sig >> 4) & 15 and mask & (sig >> 8):
                    out.extend(ks)
        self._cells[shape.index] = out
        return out

    def _ladder_sigs(self, maze: Maze) -> dict[tuple[int, int], list[int]]:
        """The cells where a ladder may lie (``ladder_cells``), grouped by the neighbours
        there and those open towards the cell."""
        shapes = self.shapes
        sigs: dict[tuple[int, int], list[int]] = {}
        for k in ladder_cells(maze):
            present = want = 0
            for e in range(4):
                other = maze.get(k + STEP[e])
                if other is not None:
                    present |= 1 << e
                    if shapes[other].opened[OPP[e]]:
                        want |= 1 << e
            sigs.setdefault((present, want), []).append(k)
        return sigs

    def need(self, target: int) -> int:
        """``need(maze, net, target)``: the fewest grid steps from an open end to
        ``target`` (0 when a network path edge faces it)."""
        found = self._needs.get(target)
        if found is not None:
            return found
        edges = self.net[1]
        if any((target + STEP[e]) * 4 + OPP[e] in edges for e in range(4)):
            best = 0
        else:
            xy = self._xy
            if xy is None:
                xy = self._xy = [cell(k) for k in self._sig]
            tx, ty = cell(target)
            best = min(99, min([abs(x - tx) + abs(y - ty) for x, y in xy], default=99))
        self._needs[target] = best
        return best
