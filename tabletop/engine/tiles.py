"""Tiles described by data: which edges are open, which paths meet in the middle, what is on it.

Games whose pieces form a network (tunnels under a mountain, roads across a meadow, a river)
describe each tile with a ``TileArt`` and lay it out as ``Piece(kind="tile",
art=tile.to_art())``; the table draws it, and the rules may ask the same record which edges are
open and where a path leads, so the picture and the rules read one description. Nothing here
imports Qt: the description is plain data, and its ``to_art`` form is JSON, which is also what
keys the table's picture cache.

A tile has four edges, ``N``, ``E``, ``S`` and ``W``, as laid out (north up). Each is a
``"wall"`` (nothing leaves the tile there), a ``"path"`` (a path leaves the tile there and
reaches the middle) or a ``"stub"`` (a dead end: a path leaves the tile there but stops short of
the middle). ``segments`` group the path edges joined to each other through the middle:
``(("N", "S"), ("E",))`` is a straight path from north to south, and a path from the east edge
that reaches the middle without meeting it. Every path edge is in exactly one segment; walls and
stubs are in none.

Turning a tile 180° (``rotated_180``) swaps north with south and east with west; icons keep
standing upright, so a turned tile is drawn as the same picture turned round, with readable
icons.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeGuard

Edge = Literal["N", "E", "S", "W"]
EdgeKind = Literal["wall", "path", "stub"]
Style = Literal["tunnel", "road", "river"]
Place = Literal["C", "N", "E", "S", "W"]

EDGES: Final[tuple[Edge, ...]] = ("N", "E", "S", "W")
EDGE_KINDS: Final[tuple[EdgeKind, ...]] = ("wall", "path", "stub")
#: The look of a tile's network; each has its ground and path colours in the table's style.
STYLES: Final[tuple[Style, ...]] = ("tunnel", "road", "river")
#: Where an icon sits: the middle, or near one edge (on that edge's path, if it has one).
PLACES: Final[tuple[Place, ...]] = ("C", "N", "E", "S", "W")
#: The icons the table can draw. ``mark`` is a round marker showing the icon's ``text`` (a
#: letter, a number), for anything else a game needs to show.
ICONS: Final[frozenset[str]] = frozenset(
    {"door", "ladder", "crystal", "gold", "sheep", "dog", "hut", "rock", "tree", "thief",
     "mark"})
OPPOSITE: Final[Mapping[Edge, Edge]] = {"N": "S", "E": "W", "S": "N", "W": "E"}
_TURNED: Final[Mapping[Place, Place]] = {"C": "C", "N": "S", "E": "W", "S": "N", "W": "E"}
MAX_COUNT: Final = 99


class TileError(ValueError):
    """A tile description that cannot be drawn: the message says what is wrong."""


@dataclass(frozen=True)
class TileIcon:
    """One picture on a tile: ``icon`` (one of ``ICONS``) at ``at`` (``C`` or an edge).

    ``color`` tints it (``#rrggbb`` or a colour name: a door's colour, a crystal's); ``""``
    keeps the icon's own. ``count`` draws a small flock (sheep) or a number; ``text`` is what a
    ``mark`` shows.
    """

    icon: str
    at: Place = "C"
    color: str = ""
    count: int = 1
    text: str = ""

    def __post_init__(self) -> None:
        if self.icon not in ICONS:
            raise TileError(f"unknown icon {self.icon!r}; known: {', '.join(sorted(ICONS))}")
        if self.at not in PLACES:
            raise TileError(f"icon {self.icon!r} placed at {self.at!r}, not one of {PLACES}")
        if not isinstance(self.count, int) or isinstance(self.count, bool) \
                or not 1 <= self.count <= MAX_COUNT:
            raise TileError(f"icon {self.icon!r} has count {self.count!r}, "
                            f"not a whole number from 1 to {MAX_COUNT}")
        if not isinstance(self.color, str) or not isinstance(self.text, str):
            raise TileError(f"icon {self.icon!r}: color and text must be strings")

    def to_json(self) -> dict[str, Any]:
        """The icon as JSON, defaults left out (so equal icons give equal cache keys)."""
        out: dict[str, Any] = {"icon": self.icon}
        if self.at != "C":
            out["at"] = self.at
        if self.color:
            out["color"] = self.color
        if self.count != 1:
            out["count"] = self.count
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_json(cls, data: Any) -> TileIcon:
        if not isinstance(data, Mapping):
            raise TileError(f"an icon must be a mapping, not {type(data).__name__}")
        extra = set(data) - {"icon", "at", "color", "count", "text"}
        if extra:
            raise TileError(f"icon with unknown keys {sorted(extra)}")
        return cls(icon=data.get("icon", ""), at=data.get("at", "C"),
                   color=data.get("color", ""), count=data.get("count", 1),
                   text=data.get("text", ""))

    def turned(self) -> TileIcon:
        return TileIcon(self.icon, _TURNED[self.at], self.color, self.count, self.text)


@dataclass(frozen=True)
class TileArt:
    """A tile's network and icons; see the module docstring. Frozen and hashable.

    ``n``, ``e``, ``s``, ``w``: what each edge is (``EdgeKind``). ``segments``: the groups of
    path edges joined through the middle. ``style``: ``"tunnel"`` (rock with a sandy passage),
    ``"road"`` (meadow with a dirt road) or ``"river"`` (meadow with water). ``styles``: where
    the paths differ, one style per segment in the order of ``segments`` (a road crossing a
    river on a bridge: ``segments=(("N", "S"), ("E", "W")), styles=("river", "road")``, the
    later segment drawn over the earlier); ``()``: every path in ``style``. ``icons``: what is
    drawn on it. ``label``: a short text in a corner (a number, a letter), in no language.
    """

    n: EdgeKind = "wall"
    e: EdgeKind = "wall"
    s: EdgeKind = "wall"
    w: EdgeKind = "wall"
    segments: tuple[tuple[Edge, ...], ...] = ()
    style: Style = "tunnel"
    icons: tuple[TileIcon, ...] = ()
    label: str = ""
    styles: tuple[Style, ...] = ()

    def __post_init__(self) -> None:
        # Lists are accepted for convenience and kept as tuples, so that the tile stays
        # hashable; each segment's edges are kept in N, E, S, W order (one spelling per tile).
        segments = tuple(_segment(s) for s in _items(self.segments, "segments"))
        object.__setattr__(self, "segments", segments)
        object.__setattr__(self, "icons", tuple(_items(self.icons, "icons")))
        for edge, kind in self.edges().items():
            if kind not in EDGE_KINDS:
                raise TileError(f"edge {edge} is {kind!r}, not one of {EDGE_KINDS}")
        if self.style not in STYLES:
            raise TileError(f"style {self.style!r} is not one of {STYLES}")
        styles = tuple(_items(self.styles, "styles"))
        object.__setattr__(self, "styles", styles)
        if styles and len(styles) != len(segments):
            raise TileError(f"{len(styles)} styles for {len(segments)} segments: give one "
                            "per segment, or none")
        for one in styles:
            if one not in STYLES:
                raise TileError(f"style {one!r} is not one of {STYLES}")
        if not isinstance(self.label, str):
            raise TileError("the label must be a string")
        for icon in self.icons:
            if not isinstance(icon, TileIcon):
                raise TileError(f"icons must be TileIcon, not {type(icon).__name__}")
        seen: set[Edge] = set()
        for seg in segments:
            for edge in seg:
                if edge in seen:
                    raise TileError(f"edge {edge} is in two segments")
                seen.add(edge)
                if self.edge(edge) != "path":
                    raise TileError(f"segment {list(seg)} joins edge {edge}, "
                                    f"which is a {self.edge(edge)}, not a path")
        loose = [edge for edge in EDGES if self.edge(edge) == "path" and edge not in seen]
        if loose:
            raise TileError(f"path edge(s) {loose} in no segment (a dead end short of the "
                            "middle is a stub)")

    # -- reading --------------------------------------------------------------------------
    def edge(self, edge: Edge) -> EdgeKind:
        """What the tile is at ``edge``."""
        kind: EdgeKind = {"N": self.n, "E": self.e, "S": self.s, "W": self.w}[edge]
        return kind

    def edges(self) -> dict[Edge, EdgeKind]:
        return {edge: self.edge(edge) for edge in EDGES}

    def is_open(self, edge: Edge) -> bool:
        """A path or a stub leaves the tile at ``edge`` (what a neighbour must match)."""
        return self.edge(edge) != "wall"

    def segment_style(self, index: int) -> Style:
        """The style the ``index``-th segment is drawn in."""
        return self.styles[index] if self.styles else self.style

    def joined(self, edge: Edge) -> tuple[Edge, ...]:
        """The edges a path from ``edge`` leads to through the middle (itself included);
        ``()`` for a wall or a stub."""
        return next((seg for seg in self.segments if edge in seg), ())

    # -- turning --------------------------------------------------------------------------
    def rotated_180(self) -> TileArt:
        """The same tile turned round: north and south, east and west swap places."""
        return TileArt(n=self.s, e=self.w, s=self.n, w=self.e,
                       segments=tuple(tuple(OPPOSITE[e] for e in seg) for seg in self.segments),
                       style=self.style, icons=tuple(i.turned() for i in self.icons),
                       label=self.label, styles=self.styles)

    # -- the Piece.art form ---------------------------------------------------------------
    def to_art(self) -> dict[str, Any]:
        """The tile as ``Piece.art`` (JSON): ``edges``, ``segments``, ``style``, ``styles``,
        ``icons``, ``label`` (the last three left out when empty)."""
        out: dict[str, Any] = {"edges": {edge: kind for edge, kind in self.edges().items()},
                               "segments": [list(seg) for seg in self.segments],
                               "style": self.style}
        if self.styles:
            out["styles"] = list(self.styles)
        if self.icons:
            out["icons"] = [icon.to_json() for icon in self.icons]
        if self.label:
            out["label"] = self.label
        return out

    @classmethod
    def from_art(cls, art: Mapping[str, Any]) -> TileArt:
        """Read a ``Piece.art`` made by ``to_art`` (other keys of the mapping are ignored);
        ``TileError`` says what is wrong with a malformed one. Missing edges are walls."""
        edges = art.get("edges")
        if not isinstance(edges, Mapping):
            raise TileError("a tile's art needs 'edges', a mapping of N, E, S, W to "
                            "wall, path or stub")
        unknown = set(edges) - set(EDGES)
        if unknown:
            raise TileError(f"unknown edges {sorted(map(str, unknown))}")
        icons = tuple(TileIcon.from_json(i) for i in _items(art.get("icons", ()), "icons"))
        return cls(n=edges.get("N", "wall"), e=edges.get("E", "wall"),
                   s=edges.get("S", "wall"), w=edges.get("W", "wall"),
                   segments=tuple(_segment(s) for s in _items(art.get("segments", ()),
                                                               "segments")),
                   style=art.get("style", "tunnel"), icons=icons,
                   label=art.get("label", ""),
                   styles=tuple(_items(art.get("styles", ()), "styles")))


def is_tile_art(art: Mapping[str, Any]) -> bool:
    """Whether a piece's art describes a tile network (rather than a labelled plain tile)."""
    return "edges" in art


def _items(value: Any, what: str) -> list[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TileError(f"{what} must be a list, not {type(value).__name__}")
    return list(value)


def _is_edge(value: Any) -> TypeGuard[Edge]:
    return value in EDGES


def _segment(value: Any) -> tuple[Edge, ...]:
    edges = _items(value, "a segment")
    if not edges:
        raise TileError("a segment joins no edge")
    for edge in edges:
        if not _is_edge(edge):
            raise TileError(f"segment {edges} names {edge!r}, not one of {EDGES}")
    if len(set(edges)) != len(edges):
        raise TileError(f"segment {edges} names an edge twice")
    return tuple(e for e in EDGES if e in edges)
