"""Tile art: a tile's tunnels, roads or rivers and its icons, painted from a ``TileArt``.

Like the card art, nothing is read from image files: the ground, the network and every icon
are QPainter paths, drawn at the exact device-pixel size the tile is shown at and kept in
``QPixmapCache`` under the same kind of key as the cards (``art.cache_key``), so a tile is as
crisp at 200% zoom as at 50% and a drag blits it from the cache.

The network is drawn so that the picture says what the data says:

* a segment of two opposite edges is a straight path through the middle; of two neighbouring
  edges, a bend that stays clear of the middle (so two bends on one tile do not meet); of three
  or four edges, a junction in the middle;
* a segment of one edge runs to the middle when it is the tile's only one, and otherwise stops
  short of the other paths with a rounded end, not touching them;
* a second straight segment across the first is drawn over it, as a bridge;
* a stub is a short path from its edge ending in rubble (tunnels), a barrier (roads) or a
  spring (rivers): visibly a dead end, and visibly open at the edge.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)

from tabletop.engine.tiles import EDGES, OPPOSITE, Edge, Place, TileArt, TileIcon

from . import art

RADIUS = 0.07  # corner radius, as a fraction of the tile's shorter side
PATH_WIDTH = 0.26  # width of a path, as a fraction of the tile's shorter side
STUB_REACH = 0.32  # how far a stub runs from its edge towards the middle (0..1)
SHORT_REACH = 0.56  # how far a one-edge segment runs when it must not touch the others
ICON_REACH = 0.42  # where an icon placed at an edge sits, from that edge towards the middle
_OUTWARD: dict[Edge, tuple[float, float]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1),
                                             "W": (-1, 0)}


@dataclass(frozen=True)
class Palette:
    """The colours of one network style, in the table's warm parchment-and-felt look."""

    ground_top: QColor
    ground_bottom: QColor
    speck: QColor
    bank: QColor  # the dark rim of a path
    path: QColor
    shine: QColor  # the light middle of a path (a worn floor, a current)
    rim: QColor  # the tile's border


PALETTES: dict[str, Palette] = {
    "tunnel": Palette(QColor("#75624e"), QColor("#4b3c2f"), QColor("#2a2018"),
                      QColor("#2b1f15"), QColor("#c9a46a"), QColor("#e6cb97"),
                      QColor("#2a1d12")),
    "road": Palette(QColor("#9cc865"), QColor("#679a43"), QColor("#3f6b28"),
                    QColor("#8a6a3e"), QColor("#e6d2a0"), QColor("#f4e8c6"),
                    QColor("#3e5a26")),
    "river": Palette(QColor("#9cc865"), QColor("#679a43"), QColor("#3f6b28"),
                     QColor("#2c5f86"), QColor("#4b9ad0"), QColor("#aee0fb"),
                     QColor("#3e5a26")),
}


def tile_face(tile: TileArt, w: float, h: float, scale: float) -> QPixmap:
    """The tile's picture, ``scale`` device pixels per table unit, shadow margin included."""
    return art.cached_face("tile", tile.to_art(), w, h, scale,
                           lambda p, body, k: paint_tile(p, tile, body, k))


def paint_tile(p: QPainter, tile: TileArt, body: QRectF, k: float) -> None:
    """Paint ``tile`` filling ``body`` (device pixels); ``k`` device pixels per table unit."""
    pal = PALETTES.get(tile.style, PALETTES["tunnel"])
    u = min(body.width(), body.height())
    radius = RADIUS * u
    art.soft_shadow(p, body, radius, k * 0.8)
    shape = QPainterPath()
    shape.addRoundedRect(body, radius, radius)
    grad = QLinearGradient(body.topLeft(), body.bottomLeft())
    grad.setColorAt(0.0, pal.ground_top)
    grad.setColorAt(1.0, pal.ground_bottom)
    p.fillPath(shape, QBrush(grad))
    p.save()
    p.setClipPath(shape)
    _ground(p, tile.style, pal, body, u)
    _network(p, tile, pal, body, u)
    p.restore()
    _icons(p, tile, body, u)
    if tile.label:
        _label(p, tile.label, body, u)
    # A light bevel inside a dark rim: neighbouring tiles on the table stay apart.
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(255, 255, 255, 60), max(0.6, 0.012 * u)))
    inset = 0.025 * u
    p.drawRoundedRect(body.adjusted(inset, inset, -inset, -inset), radius * 0.8, radius * 0.8)
    p.setPen(QPen(pal.rim, max(0.8, 0.016 * u)))
    half = max(0.4, 0.008 * u)
    p.drawRoundedRect(body.adjusted(half, half, -half, -half), radius, radius)


# -- the ground ---------------------------------------------------------------------------

def _ground(p: QPainter, style: str, pal: Palette, body: QRectF, u: float) -> None:
    """Rock grain for tunnels, tufts of grass for a meadow; a fixed seed per style, so every
    tile of a style has the same ground and a cached picture never changes."""
    rng = random.Random(f"tile-ground/{style}")
    p.setPen(Qt.PenStyle.NoPen)
    for _ in range(70):
        x = body.left() + rng.random() * body.width()
        y = body.top() + rng.random() * body.height()
        r = (0.006 + rng.random() * 0.016) * u
        c = QColor(pal.speck if rng.random() < 0.6 else pal.ground_top.lighter(125))
        c.setAlpha(rng.randrange(50, 110))
        p.setBrush(c)
        p.drawEllipse(QPointF(x, y), r, r * (0.6 + rng.random() * 0.4))
    if style == "tunnel":
        return
    pen = QPen(pal.speck, max(0.5, 0.012 * u), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    for _ in range(26):
        x = body.left() + rng.random() * body.width()
        y = body.top() + rng.random() * body.height()
        s = (0.025 + rng.random() * 0.02) * u
        p.drawLine(QPointF(x, y), QPointF(x - s * 0.5, y - s))
        p.drawLine(QPointF(x, y), QPointF(x + s * 0.45, y - s * 0.9))


# -- the network --------------------------------------------------------------------------

def _edge_point(body: QRectF, edge: Edge, beyond: float = 0.0) -> QPointF:
    """The middle of ``edge``, or a point ``beyond`` pixels outside it."""
    c = body.center()
    dx, dy = _OUTWARD[edge]
    x = c.x() + dx * (body.width() / 2 + beyond)
    y = c.y() + dy * (body.height() / 2 + beyond)
    return QPointF(x, y)


def _toward_middle(body: QRectF, edge: Edge, reach: float) -> QPointF:
    a, c = _edge_point(body, edge), body.center()
    return a + (c - a) * reach


def _segment_path(seg: tuple[Edge, ...], body: QRectF, u: float,
                  alone: bool) -> tuple[QPainterPath, bool]:
    """A segment's centre line and whether it passes through the middle of the tile."""
    c = body.center()
    out = PATH_WIDTH * u  # paths start outside the tile, so they meet its edge squarely
    path = QPainterPath()
    if len(seg) == 1:
        (edge,) = seg
        path.moveTo(_edge_point(body, edge, out))
        path.lineTo(c if alone else _toward_middle(body, edge, SHORT_REACH))
        return path, alone
    if len(seg) == 2 and OPPOSITE[seg[0]] != seg[1]:
        a, b = seg
        path.moveTo(_edge_point(body, a, out))
        path.lineTo(_edge_point(body, a))
        path.quadTo(c, _edge_point(body, b))
        path.lineTo(_edge_point(body, b, out))
        return path, False
    for edge in seg:
        path.moveTo(_edge_point(body, edge, out))
        path.lineTo(c)
    return path, True


def _stroke(p: QPainter, path: QPainterPath, colour: QColor, width: float,
            cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap,
            style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> None:
    pen = QPen(colour, width, style, cap, Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)


def _lay_path(p: QPainter, path: QPainterPath, style: str, pal: Palette, u: float) -> None:
    """One path in a style: a dark rim, the path, and its texture (ruts, ripples)."""
    pw = PATH_WIDTH * u
    shadow = QColor(0, 0, 0, 55)
    p.save()
    p.translate(0.0, 0.02 * u)
    _stroke(p, path, shadow, pw * 1.34)
    p.restore()
    _stroke(p, path, pal.bank, pw * 1.26)
    _stroke(p, path, pal.path, pw)
    if style == "road":
        # Two wheel ruts: a darker band with the road colour laid over its middle.
        _stroke(p, path, pal.path.darker(124), pw * 0.62)
        _stroke(p, path, pal.path, pw * 0.40)
    elif style == "river":
        shine = QColor(pal.shine)
        shine.setAlpha(120)
        _stroke(p, path, shine, pw * 0.42)
        ripple = QColor(255, 255, 255, 170)
        pen_w = max(0.6, pw * 0.07)
        _stroke(p, path, ripple, pen_w, Qt.PenCapStyle.RoundCap, Qt.PenStyle.DashLine)
    else:
        shine = QColor(pal.shine)
        shine.setAlpha(150)
        _stroke(p, path, shine, pw * 0.45)


def _network(p: QPainter, tile: TileArt, pal: Palette, body: QRectF, u: float) -> None:
    alone = len(tile.segments) == 1
    for edge in EDGES:
        if tile.edge(edge) == "stub":
            _stub(p, tile.style, pal, body, u, edge)
    middle_taken = False
    for i, seg in enumerate(tile.segments):
        style = tile.segment_style(i)
        seg_pal = PALETTES.get(style, pal)
        path, through = _segment_path(seg, body, u, alone)
        bridge = through and middle_taken and len(seg) == 2
        if bridge:
            # A second straight path across the first crosses over it, as a bridge: a wider
            # dark rim under it reads as the bridge's parapets.
            _stroke(p, path, seg_pal.rim, PATH_WIDTH * u * 1.55, Qt.PenCapStyle.FlatCap)
        middle_taken = middle_taken or through
        _lay_path(p, path, style, seg_pal, u)
        if bridge and style != tile.segment_style(0):
            _parapets(p, seg, body, u)


def _parapets(p: QPainter, seg: tuple[Edge, ...], body: QRectF, u: float) -> None:
    """The two stone rails of a bridge where a path crosses a different one mid-tile."""
    c = body.center()
    half_len, off = 0.2 * u, PATH_WIDTH * u * 0.72
    horizontal = seg[0] in ("E", "W")
    stone = QColor("#8a8174")
    for side in (-1, 1):
        if horizontal:
            a, b = QPointF(c.x() - half_len, c.y() + side * off), \
                QPointF(c.x() + half_len, c.y() + side * off)
        else:
            a, b = QPointF(c.x() + side * off, c.y() - half_len), \
                QPointF(c.x() + side * off, c.y() + half_len)
        rail = QPainterPath(a)
        rail.lineTo(b)
        _stroke(p, rail, INK, max(1.0, 0.05 * u), Qt.PenCapStyle.FlatCap)
        _stroke(p, rail, stone, max(0.6, 0.03 * u), Qt.PenCapStyle.FlatCap)


def _stub(p: QPainter, style: str, pal: Palette, body: QRectF, u: float, edge: Edge) -> None:
    """A dead end: a short path from ``edge``, closed by rubble, a barrier or a spring."""
    end = _toward_middle(body, edge, STUB_REACH)
    path = QPainterPath(_edge_point(body, edge, PATH_WIDTH * u))
    path.lineTo(end)
    _lay_path(p, path, style, pal, u)
    pw = PATH_WIDTH * u
    dx, dy = _OUTWARD[edge]
    across = QPointF(-dy, dx)  # along the edge
    if style == "tunnel":
        # Rubble: three stones across the passage where it is blocked.
        rng = random.Random(f"rubble/{edge}")
        for i, f in enumerate((-0.42, 0.0, 0.42)):
            c = end + across * (f * pw) + QPointF(-dx, -dy) * (0.05 * pw * (i % 2))
            r = pw * (0.24 + 0.05 * rng.random())
            _boulder(p, c, r, QColor("#8f8172"), rng)
    elif style == "road":
        # A wooden barrier across the road.
        bar = QPainterPath()
        half = across * (pw * 0.75)
        bar.moveTo(end - half)
        bar.lineTo(end + half)
        _stroke(p, bar, QColor("#3b2412"), pw * 0.32, Qt.PenCapStyle.RoundCap)
        _stroke(p, bar, QColor("#b5713a"), pw * 0.2, Qt.PenCapStyle.RoundCap)
        for f in (-0.5, 0.5):
            post = end + across * (f * pw)
            p.setPen(QPen(QColor("#3b2412"), max(0.5, 0.02 * u)))
            p.setBrush(QColor("#f4ecd8"))
            p.drawEllipse(post, pw * 0.09, pw * 0.09)
    else:
        # A spring: the water wells up in a round pool.
        p.setPen(QPen(pal.bank, max(0.6, pw * 0.12)))
        p.setBrush(pal.path)
        p.drawEllipse(end, pw * 0.48, pw * 0.48)
        p.setPen(QPen(QColor(255, 255, 255, 170), max(0.5, pw * 0.06)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(end, pw * 0.24, pw * 0.24)


def _boulder(p: QPainter, c: QPointF, r: float, colour: QColor, rng: random.Random,
             thinnest: float = 0.5) -> None:
    """A stone; ``thinnest`` is the narrowest outline, in the painter's units."""
    poly = QPolygonF()
    for i in range(7):
        a = i * 2 * math.pi / 7 + rng.random() * 0.3
        rr = r * (0.8 + 0.25 * rng.random())
        poly.append(QPointF(c.x() + rr * math.cos(a), c.y() + rr * 0.85 * math.sin(a)))
    p.setPen(QPen(QColor("#2b2118"), max(thinnest, r * 0.18), Qt.PenStyle.SolidLine,
                  Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    grad = QLinearGradient(c - QPointF(r, r), c + QPointF(r, r))
    grad.setColorAt(0.0, colour.lighter(130))
    grad.setColorAt(1.0, colour.darker(130))
    p.setBrush(QBrush(grad))
    p.drawPolygon(poly)


# -- icons --------------------------------------------------------------------------------

def _middle_anchor(tile: TileArt, body: QRectF, u: float) -> QPointF:
    """Where icons placed in the middle go: the middle, or beside a lone bend, whose curve
    passes close to the middle, so that the icon stands on the ground next to it."""
    if len(tile.segments) != 1 or len(tile.segments[0]) != 2:
        return body.center()
    a, b = tile.segments[0]
    if OPPOSITE[a] == b:
        return body.center()
    dx = _OUTWARD[a][0] + _OUTWARD[b][0]
    dy = _OUTWARD[a][1] + _OUTWARD[b][1]
    return body.center() - QPointF(dx, dy) * (0.11 * u)


def _icons(p: QPainter, tile: TileArt, body: QRectF, u: float) -> None:
    places: dict[Place, list[TileIcon]] = {}
    for icon in tile.icons:
        places.setdefault(icon.at, []).append(icon)
    for place, icons in places.items():
        n = len(icons)
        size = (0.40 if place == "C" else 0.30) * u * (1.0 if n == 1 else 0.78 if n == 2
                                                        else 0.62)
        anchor = _middle_anchor(tile, body, u) if place == "C" \
            else _toward_middle(body, place, ICON_REACH)
        # Several icons in one place stand in a row across the path they sit on.
        step = QPointF(size * 0.95, 0.0) if place in ("C", "N", "S") \
            else QPointF(0.0, size * 0.95)
        for i, icon in enumerate(icons):
            centre = anchor + step * (i - (n - 1) / 2)
            draw_icon(p, icon, centre, size)


def draw_icon(p: QPainter, icon: TileIcon, centre: QPointF, size: float) -> None:
    """One icon in a ``size``-pixel square around ``centre``, upright."""
    p.save()
    p.translate(centre)
    p.scale(size, size)  # the painters below draw in a unit square around the origin
    # A soft shadow under every icon keeps it readable on dark rock and on bright meadow.
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 60))
    p.drawEllipse(QPointF(0.03, 0.42), 0.36, 0.09)
    painter = _PAINTERS.get(icon.icon, _mark)
    painter(p, icon)
    shown = icon.count if icon.icon != "sheep" or icon.count > 3 else 1
    if shown > 1:
        _count_badge(p, shown)
    p.restore()


def _colour(icon: TileIcon, default: str) -> QColor:
    c = QColor(icon.color) if icon.color else QColor(default)
    return c if c.isValid() else QColor(default)


def _outline(colour: QColor, width: float = 0.05) -> QPen:
    return QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                Qt.PenJoinStyle.RoundJoin)


INK = QColor("#241a12")


def _arch(half: float) -> QPainterPath:
    """A doorway ``half`` wide each side of the middle: upright sides from the sill (0.46) to
    the springing line (-0.06), a round arch over them."""
    path = QPainterPath()
    path.moveTo(-half, 0.46)
    path.lineTo(-half, -0.06)
    path.arcTo(QRectF(-half, -0.06 - half, 2 * half, 2 * half), 180.0, -180.0)
    path.lineTo(half, 0.46)
    path.closeSubpath()
    return path


def _door(p: QPainter, icon: TileIcon) -> None:
    leaf_colour = _colour(icon, "#9b5f2e")
    frame = _arch(0.36)
    p.setPen(_outline(INK, 0.05))
    p.setBrush(QColor("#9a8f82"))
    p.drawPath(frame)
    leaf = _arch(0.25)
    grad = QLinearGradient(QPointF(-0.25, 0.0), QPointF(0.25, 0.0))
    grad.setColorAt(0.0, leaf_colour.lighter(125))
    grad.setColorAt(1.0, leaf_colour.darker(125))
    p.setBrush(QBrush(grad))
    p.setPen(_outline(INK, 0.04))
    p.drawPath(leaf)
    p.setPen(_outline(leaf_colour.darker(190), 0.025))
    for x in (-0.085, 0.085):
        p.drawLine(QPointF(x, -0.26), QPointF(x, 0.45))
    p.setPen(_outline(QColor("#3a3330"), 0.045))
    for y in (0.02, 0.32):
        p.drawLine(QPointF(-0.24, y), QPointF(0.24, y))
    p.setPen(_outline(INK, 0.02))
    p.setBrush(QColor("#f2c94c"))
    p.drawEllipse(QPointF(0.15, 0.17), 0.045, 0.045)


def _ladder(p: QPainter, icon: TileIcon) -> None:
    wood = _colour(icon, "#c68a48")
    rails = QPainterPath()
    for x in (-0.2, 0.2):
        rails.moveTo(x, -0.48)
        rails.lineTo(x, 0.46)
    for y in (-0.32, -0.1, 0.12, 0.34):
        rails.moveTo(-0.2, y)
        rails.lineTo(0.2, y)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(_outline(INK, 0.15))
    p.drawPath(rails)
    p.setPen(_outline(wood, 0.085))
    p.drawPath(rails)


def _crystal(p: QPainter, icon: TileIcon) -> None:
    base = _colour(icon, "#7fdcff")
    rock = QPainterPath()
    rock.addEllipse(QRectF(-0.36, 0.28, 0.72, 0.2))
    p.setPen(_outline(INK, 0.04))
    p.setBrush(QColor("#7d7166"))
    p.drawPath(rock)
    # Two small crystals behind a tall one; darker() below 100 lightens.
    for cx, top, half, tilt, shade in ((-0.22, -0.12, 0.1, -0.12, 115),
                                       (0.23, -0.05, 0.1, 0.14, 108),
                                       (0.0, -0.48, 0.15, 0.0, 92)):
        _gem(p, cx, top, half, tilt, base.darker(shade))


def _gem(p: QPainter, cx: float, top: float, half: float, tilt: float, colour: QColor) -> None:
    """One hexagonal crystal standing on the rock at y=0.36, leaning by ``tilt``."""
    bottom = 0.38
    shoulder = top + (bottom - top) * 0.22
    pts = [QPointF(cx + tilt, top), QPointF(cx + half + tilt * 0.8, shoulder),
           QPointF(cx + half, bottom), QPointF(cx - half, bottom),
           QPointF(cx - half + tilt * 0.8, shoulder)]
    grad = QLinearGradient(QPointF(cx - half, top), QPointF(cx + half, bottom))
    grad.setColorAt(0.0, colour.lighter(150))
    grad.setColorAt(1.0, colour.darker(130))
    p.setBrush(QBrush(grad))
    p.setPen(_outline(colour.darker(300), 0.035))
    p.drawPolygon(QPolygonF(pts))
    p.setPen(_outline(QColor(255, 255, 255, 150), 0.02))
    p.drawLine(QPointF(cx + tilt, top), QPointF(cx + tilt * 0.3, bottom))


def _gold(p: QPainter, icon: TileIcon) -> None:
    base = _colour(icon, "#f2c94c")
    rng = random.Random("gold")
    for cx, cy, r in ((-0.16, 0.12, 0.2), (0.17, 0.16, 0.18), (0.0, -0.08, 0.22)):
        poly = QPolygonF()
        for i in range(8):
            a = i * math.pi / 4 + rng.random() * 0.25
            rr = r * (0.8 + 0.25 * rng.random())
            poly.append(QPointF(cx + rr * math.cos(a), cy + rr * 0.8 * math.sin(a)))
        grad = QLinearGradient(QPointF(cx - r, cy - r), QPointF(cx + r, cy + r))
        grad.setColorAt(0.0, base.lighter(140))
        grad.setColorAt(1.0, base.darker(140))
        p.setBrush(QBrush(grad))
        p.setPen(_outline(QColor("#6b4a0a"), 0.04))
        p.drawPolygon(poly)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 240, 200))
        p.drawEllipse(QPointF(cx - r * 0.3, cy - r * 0.3), r * 0.16, r * 0.1)


def _one_sheep(p: QPainter, wool: QColor) -> None:
    """A sheep facing left in a unit square: woolly body, dark head and legs."""
    p.setPen(_outline(INK, 0.07))
    for x in (-0.2, -0.07, 0.1, 0.22):
        p.drawLine(QPointF(x, 0.12), QPointF(x, 0.38))
    body = QPainterPath()
    for cx, cy, r in ((-0.18, 0.0, 0.17), (0.0, -0.1, 0.18), (0.19, -0.02, 0.17),
                      (0.13, 0.12, 0.15), (-0.1, 0.13, 0.15), (0.02, 0.04, 0.2)):
        blob = QPainterPath()
        blob.addEllipse(QPointF(cx, cy), r, r)
        body = body.united(blob)
    p.setPen(_outline(QColor("#4a4038"), 0.045))
    p.setBrush(wool)
    p.drawPath(body)
    p.setPen(_outline(INK, 0.03))
    p.setBrush(QColor("#3b332e"))
    p.drawEllipse(QPointF(-0.36, -0.06), 0.13, 0.1)
    p.drawEllipse(QPointF(-0.29, -0.16), 0.06, 0.035)  # the ear
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#fbf8f0"))
    p.drawEllipse(QPointF(-0.39, -0.08), 0.022, 0.022)


_FLOCK = {1: ((0.0, 0.0, 1.0),),
          2: ((-0.2, -0.12, 0.7), (0.2, 0.14, 0.7)),
          3: ((-0.24, -0.16, 0.6), (0.24, -0.12, 0.6), (0.0, 0.2, 0.6))}


def _sheep(p: QPainter, icon: TileIcon) -> None:
    wool = _colour(icon, "#fbf8f0")
    for dx, dy, s in _FLOCK.get(icon.count, _FLOCK[1]):
        p.save()
        p.translate(dx, dy)
        p.scale(s, s)
        _one_sheep(p, wool)
        p.restore()


def _dog(p: QPainter, icon: TileIcon) -> None:
    """A black-and-white sheepdog facing left, outlined in cream to show on dark ground."""
    coat = _colour(icon, "#231f1c")
    light = QColor("#f4ecd8")
    legs = QPainterPath()
    for x in (-0.2, -0.08, 0.12, 0.24):
        legs.moveTo(x, 0.1)
        legs.lineTo(x, 0.38)
    tail = QPainterPath(QPointF(0.3, 0.0))
    tail.quadTo(QPointF(0.5, -0.05), QPointF(0.44, -0.25))
    body = QPainterPath()
    body.addEllipse(QRectF(-0.3, -0.12, 0.62, 0.28))
    head = QPainterPath()
    head.addEllipse(QPointF(-0.3, -0.2), 0.14, 0.13)
    snout = QPainterPath()
    snout.addEllipse(QPointF(-0.43, -0.15), 0.08, 0.055)
    ear = QPainterPath()
    ear.addPolygon(QPolygonF([QPointF(-0.28, -0.3), QPointF(-0.16, -0.38),
                              QPointF(-0.2, -0.22)]))
    ear.closeSubpath()
    whole = body.united(head).united(snout).united(ear)
    for pen in (_outline(light, 0.13), _outline(coat, 0.07)):
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(legs)
        p.drawPath(tail)
    p.setPen(_outline(light, 0.06))
    p.setBrush(coat)
    p.drawPath(whole)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(light)
    p.drawEllipse(QPointF(-0.2, 0.02), 0.07, 0.11)  # the white chest
    p.drawEllipse(QPointF(-0.44, -0.15), 0.05, 0.035)  # the muzzle
    p.setBrush(coat.lighter(300) if coat.lightness() < 60 else INK)
    p.drawEllipse(QPointF(-0.33, -0.23), 0.022, 0.022)


def _hut(p: QPainter, icon: TileIcon) -> None:
    roof_colour = _colour(icon, "#a8672f")
    p.setPen(_outline(INK, 0.045))
    p.setBrush(QColor("#e0c39a"))
    p.drawRect(QRectF(-0.3, -0.04, 0.6, 0.46))
    roof = QPolygonF([QPointF(-0.44, 0.02), QPointF(0.0, -0.44), QPointF(0.44, 0.02)])
    grad = QLinearGradient(QPointF(0.0, -0.44), QPointF(0.0, 0.02))
    grad.setColorAt(0.0, roof_colour.lighter(130))
    grad.setColorAt(1.0, roof_colour.darker(125))
    p.setBrush(QBrush(grad))
    p.drawPolygon(roof)
    p.setPen(_outline(roof_colour.darker(170), 0.02))
    for f in (0.3, 0.55, 0.8):  # thatch lines
        y = -0.44 + 0.46 * f
        half = 0.44 * f
        p.drawLine(QPointF(-half + 0.03, y), QPointF(half - 0.03, y))
    p.setPen(_outline(INK, 0.035))
    p.setBrush(QColor("#5b3a1e"))
    p.drawRect(QRectF(-0.08, 0.16, 0.16, 0.26))
    p.setBrush(QColor("#ffe08a"))
    p.drawRect(QRectF(0.12, 0.06, 0.11, 0.1))


def _rock(p: QPainter, icon: TileIcon) -> None:
    _boulder(p, QPointF(0.0, 0.06), 0.36, _colour(icon, "#8f8172"), random.Random("rock"),
             thinnest=0.0)


def _tree(p: QPainter, icon: TileIcon) -> None:
    leaves = _colour(icon, "#2f7a3a")
    p.setPen(_outline(INK, 0.04))
    p.setBrush(QColor("#7a4b25"))
    p.drawRect(QRectF(-0.06, 0.1, 0.12, 0.32))
    crown = QPainterPath()
    for cx, cy, r in ((-0.16, -0.04, 0.2), (0.16, -0.04, 0.2), (0.0, -0.24, 0.22),
                      (0.0, 0.02, 0.2)):
        blob = QPainterPath()
        blob.addEllipse(QPointF(cx, cy), r, r)
        crown = crown.united(blob)
    grad = QLinearGradient(QPointF(0.0, -0.46), QPointF(0.0, 0.2))
    grad.setColorAt(0.0, leaves.lighter(135))
    grad.setColorAt(1.0, leaves.darker(120))
    p.setBrush(QBrush(grad))
    p.drawPath(crown)


def _thief(p: QPainter, icon: TileIcon) -> None:
    """A thief in a dark cloak and cap with a robber's mask, a sack over the shoulder."""
    cloak = _colour(icon, "#2b2233")
    light = QColor("#f4ecd8")
    sack = QPainterPath()
    sack.addEllipse(QPointF(0.26, 0.02), 0.16, 0.2)
    body = QPainterPath()
    body.addPolygon(QPolygonF([QPointF(-0.26, 0.4), QPointF(-0.12, -0.06),
                               QPointF(0.12, -0.06), QPointF(0.26, 0.4)]))
    body.closeSubpath()
    p.setPen(_outline(INK, 0.04))
    p.setBrush(QColor("#b08a57"))
    p.drawPath(sack)
    p.setPen(_outline(light, 0.06))
    p.setBrush(cloak)
    p.drawPath(body)
    p.setPen(_outline(INK, 0.04))
    p.setBrush(QColor("#e3b98f"))
    p.drawEllipse(QPointF(0.0, -0.2), 0.15, 0.15)  # the face
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(cloak)
    p.drawChord(QRectF(-0.17, -0.4, 0.34, 0.3), 0, 180 * 16)  # the cap
    p.drawRect(QRectF(-0.2, -0.27, 0.4, 0.045))  # its brim
    p.setBrush(INK)
    p.drawRoundedRect(QRectF(-0.15, -0.21, 0.3, 0.07), 0.03, 0.03)  # the mask
    p.setBrush(light)
    for x in (-0.06, 0.06):
        p.drawEllipse(QPointF(x, -0.175), 0.025, 0.018)


def _mark(p: QPainter, icon: TileIcon) -> None:
    fill = _colour(icon, "#f4ecd8")
    p.setPen(_outline(INK, 0.05))
    p.setBrush(fill)
    p.drawEllipse(QPointF(0.0, 0.0), 0.4, 0.4)
    text = icon.text or "?"
    ink = QColor("white") if fill.lightness() < 140 else INK
    _unit_text(p, QRectF(-0.32, -0.3, 0.64, 0.6), text, ink, "mark")


def _count_badge(p: QPainter, n: int) -> None:
    # Large enough to read at half zoom, where an icon is a dozen pixels wide.
    p.setPen(_outline(INK, 0.04))
    p.setBrush(QColor("#fffaf0"))
    p.drawEllipse(QPointF(0.3, 0.26), 0.27, 0.27)
    _unit_text(p, QRectF(0.1, 0.06, 0.4, 0.4), str(n), INK, "count")


def _unit_text(p: QPainter, rect: QRectF, text: str, colour: QColor, role: str) -> None:
    """Text inside a rect of the unit square: fonts are sized in device pixels, so the text is
    laid out unscaled and placed by hand."""
    scale = p.worldTransform().m11() or 1.0
    box = QRectF(rect.left() * scale, rect.top() * scale, rect.width() * scale,
                 rect.height() * scale)
    p.save()
    p.scale(1 / scale, 1 / scale)
    art.draw_fitted(p, box, text, box.height() * 0.95, colour, bold=True, wrap=False,
                    minimum=3.0, role=role)
    p.restore()


_PAINTERS = {"door": _door, "ladder": _ladder, "crystal": _crystal, "gold": _gold,
             "sheep": _sheep, "dog": _dog, "hut": _hut, "rock": _rock, "tree": _tree,
             "thief": _thief, "mark": _mark}


# -- the label ----------------------------------------------------------------------------

def _label(p: QPainter, text: str, body: QRectF, u: float) -> None:
    """A short text on a dark pill in the top left corner, clear of the north path."""
    font = art.table_font(0.16 * u, bold=True)
    fm = QFontMetricsF(font)
    width = min(0.34 * u, fm.horizontalAdvance(text) + 0.08 * u)
    pill = QRectF(body.left() + 0.05 * u, body.top() + 0.05 * u, width, 0.21 * u)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(20, 14, 8, 170))
    p.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
    art.draw_fitted(p, pill.adjusted(0.03 * u, 0, -0.03 * u, 0), text, 0.16 * u,
                    QColor("#fff6e0"), bold=True, wrap=False, minimum=3.0, role="label")
