"""Graphics items of the table: cards, dice, tokens, tiles, zones, meters and free texts.

Items are dumb, as in KPat's libkcardgame: they hold the last ``Piece`` (or zone, meter, text)
they were given, paint it, and animate between states. They never decide what a move means;
the view turns gestures into actions and only sets the highlight flags here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, TypeVar

from PySide6.QtCore import (
    Property,
    QEasingCurve,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from tabletop.engine.layout import Meter, Piece, Text, Zone
from tabletop.engine.tiles import TileArt, TileError, TileIcon, is_tile_art

from . import art, tile_art

MOVE_MS = 200
FADE_MS = 220
FLIP_MS = 240
ROLL_MS = 320
ROLL_FRAMES = 8
TURN_MS = 260
GLOW = QColor("#7CFFB2")
DROP = QColor("#ffe27a")
SELECT = QColor("#8fd3ff")
HINT = QColor("#ffb347")



_A = TypeVar("_A", bound=QVariantAnimation)


def _tween(anim: _A, ms: int, start: Any, end: Any,
           easing: QEasingCurve.Type | None = None) -> _A:
    """``anim`` set to run for ``ms`` from ``start`` to ``end``, eased by ``easing`` (else
    linearly): every animation of the table's pieces starts this way."""
    anim.setDuration(ms)
    anim.setStartValue(start)
    anim.setEndValue(end)
    if easing is not None:
        anim.setEasingCurve(easing)
    return anim

@dataclass
class TableContext:
    """What every item needs to paint: the text language and device pixels per table unit."""

    lang: str = "en"
    scale: float = 1.0
    # The piece being dragged, which the table draws over a still copy of itself; what to
    # call when one of its animations (a turn) moves on, to draw it again; and what to call
    # when another item changes its look meanwhile, to paint it into the copy.
    dragged: Any = None
    redraw_dragged: Any = None
    redraw_under: Any = None


class TableItem(QGraphicsObject):
    """Common base: an id, highlight flags and the small animations every item shares."""

    def __init__(self, item_id: str, ctx: TableContext) -> None:
        super().__init__()
        self.item_id = item_id
        self.ctx = ctx
        self.usable = False  # has a gesture: a faint rim tells the player it can be used
        self.hovered = False
        self.glowing = False  # a legal target of the piece being dragged or selected
        self.drop_target = False
        self.selected_mark = False
        self.hint_level = 0.0
        self.dying = False
        self._anims: dict[str, QVariantAnimation] = {}
        # Each item keeps its painted look (picture, dimming, rims) as a pixmap at screen
        # resolution: a drag then repaints the table by copying pixmaps instead of drawing
        # every rim and label again. update() (any change of look) and zooming refresh it.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    # -- geometry -------------------------------------------------------------------------
    def body_rect(self) -> QRectF:
        """The item proper in local coordinates (without shadow or glow)."""
        raise NotImplementedError

    def corner_radius(self) -> float:
        return 6.0

    def scene_body(self) -> QRectF:
        return self.mapRectToScene(self.body_rect())

    def boundingRect(self) -> QRectF:
        m = art.SHADOW + 2.0
        return self.body_rect().adjusted(-m, -m, m, m)

    def shape(self) -> QPainterPath:
        return self.outline()

    def outline(self) -> QPainterPath:
        """The item's exact outline, for hit tests."""
        path = QPainterPath()
        r = self.corner_radius()
        path.addRoundedRect(self.body_rect(), r, r)
        return path

    # -- animation helpers ----------------------------------------------------------------
    def _run(self, name: str, anim: QVariantAnimation) -> None:
        self._halt(name)
        self._anims[name] = anim
        anim.finished.connect(lambda: self._forget(name, anim))
        anim.valueChanged.connect(self._animation_step)
        anim.start()

    def _halt(self, name: str) -> None:
        """Stop the animation ``name`` where it is (stopping a finished one does nothing) and
        forget it."""
        anim = self._anims.pop(name, None)
        if anim is not None:
            anim.stop()

    def _animation_step(self, _value: object) -> None:
        ctx = self.ctx
        if ctx.dragged is self and ctx.redraw_dragged is not None:
            ctx.redraw_dragged()
        else:
            self._changed_look()

    def _forget(self, name: str, anim: QVariantAnimation) -> None:
        if self._anims.get(name) is anim:
            del self._anims[name]

    def stop_animations(self) -> None:
        """Jump every running animation to its end state."""
        for anim in list(self._anims.values()):
            end = anim.endValue()
            anim.stop()
            anim.setCurrentTime(anim.duration())
            if isinstance(anim, QPropertyAnimation):
                target = anim.targetObject()
                if target is not None:
                    target.setProperty(bytes(anim.propertyName().data()).decode(), end)
        self._anims.clear()

    def is_animating(self, name: str | None = None) -> bool:
        if name is None:
            return bool(self._anims)
        return name in self._anims

    def animate_pos(self, target: QPointF, ms: int = MOVE_MS) -> None:
        if (self.pos() - target).manhattanLength() < 0.01:
            self._halt("pos")
            return
        anim = _tween(QPropertyAnimation(self, b"pos"), ms, self.pos(), target,
                      QEasingCurve.Type.OutCubic)
        self._run("pos", anim)

    def set_pos_now(self, target: QPointF) -> None:
        self._halt("pos")
        self.setPos(target)

    def fade(self, to: float, ms: int = FADE_MS, on_done: Any = None) -> None:
        anim = _tween(QPropertyAnimation(self, b"opacity"), ms, self.opacity(), to,
                      QEasingCurve.Type.OutCubic)
        if on_done is not None:
            anim.finished.connect(on_done)
        self._run("fade", anim)

    # -- highlight ------------------------------------------------------------------------
    def set_flags(self, **flags: Any) -> None:
        changed = False
        for name, value in flags.items():
            if getattr(self, name) != value:
                setattr(self, name, value)
                changed = True
        if changed:
            self.update()
            self._changed_look()

    def _changed_look(self) -> None:
        ctx = self.ctx
        if ctx.dragged is not None and ctx.dragged is not self and ctx.redraw_under is not None:
            ctx.redraw_under(self)

    def paint_highlight(self, p: QPainter, state: str = "") -> None:
        """Rims drawn over the picture: usable, hover, legal target, drop, selected, hint."""
        body = self.body_rect()
        r = self.corner_radius()
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setBrush(Qt.BrushStyle.NoBrush)

        def rim(colour: QColor, width: float, grow: float, alpha: int) -> None:
            c = QColor(colour)
            c.setAlpha(alpha)
            p.setPen(QPen(c, width))
            rr = body.adjusted(-grow, -grow, grow, grow)
            p.drawRoundedRect(rr, r + grow, r + grow)

        if state == "active":
            rim(art.GOLD, 6.0, 2.0, 90)
            rim(art.GOLD, 2.5, 1.0, 255)
        if self.drop_target:
            rim(DROP, 9.0, 3.0, 110)
            rim(DROP, 3.0, 1.5, 255)
        elif self.glowing:
            rim(GLOW, 7.0, 2.5, 80)
            rim(GLOW, 2.2, 1.0, 230)
        if self.selected_mark or state == "selected":
            rim(SELECT, 8.0, 3.0, 100)
            rim(SELECT, 2.6, 1.2, 255)
        if self.hint_level > 0.0:
            rim(HINT, 10.0, 3.5, int(150 * self.hint_level))
            rim(HINT, 3.0, 1.5, int(255 * self.hint_level))
        if self.usable and not (self.glowing or self.drop_target or self.selected_mark):
            rim(QColor("white"), 1.6 if self.hovered else 1.1, 1.0,
                210 if self.hovered else 125)
        p.restore()


class PieceItem(TableItem):
    """Base of card, die and token: paints a cached picture of the piece."""

    #: Whether the picture itself shows the piece turned round (a tile redrawn with upright
    #: icons); otherwise a turned piece is the same picture rotated by 180°.
    TURNS_ART = False
    KIND = ""  # what ``item_kind`` says of the pieces this class draws

    def __init__(self, piece: Piece, ctx: TableContext) -> None:
        super().__init__(piece.id, ctx)
        self.piece = piece
        # Turned 180° by the player from how the layout shows it (while dragging or selected);
        # ``shown_turned`` is what the picture shows, which lags during the turn animation.
        self.turned = False
        self.shown_turned = False
        w, h = piece.size()
        self._resize(w, h)
        self.setTransformOriginPoint(w / 2, h / 2)
        self.setPos(piece.x, piece.y)
        self.setZValue(piece.z)
        self.setRotation(piece.rotation)
        self._apply_tooltip()

    def _resize(self, w: float, h: float) -> None:
        # Qt asks every item under a repaint for its bounds (hundreds of calls per frame while
        # a card is dragged over a busy table) and hit tests ask for the shape: both are
        # computed once per size. Callers must treat the returned objects as read-only.
        self.w, self.h = w, h
        m = art.SHADOW + 2.0
        self._bounds = QRectF(-m, -m, w + 2 * m, h + 2 * m)
        self._shape: QPainterPath | None = None

    def body_rect(self) -> QRectF:
        return QRectF(0.0, 0.0, self.w, self.h)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        if self._shape is None:
            self._shape = self.outline()
        return self._shape

    def _apply_tooltip(self) -> None:
        self.setToolTip(self.hover_text())

    def hover_text(self) -> str:
        """The status-line text for this piece in the current language."""
        p = self.piece
        first, other = ((p.tooltip_ja, p.tooltip_en) if self.ctx.lang == "ja"
                        else (p.tooltip_en, p.tooltip_ja))
        return first or other

    def layout_pos(self) -> QPointF:
        return QPointF(self.piece.x, self.piece.y)

    def update_piece(self, piece: Piece, animate: bool) -> None:
        """Take the new state of the same piece, animating what changed."""
        old = self.piece
        self.piece = piece
        # The new layout is the truth: a piece the player turned is shown as laid out now (after
        # a move, the layout draws it in the orientation it was played in).
        self._drop_turn()
        w, h = piece.size()
        if (w, h) != (self.w, self.h):
            self.prepareGeometryChange()
            self._resize(w, h)
            self.setTransformOriginPoint(w / 2, h / 2)
        target = QPointF(piece.x, piece.y)
        if animate:
            self.animate_pos(target)
        else:
            self.set_pos_now(target)
        self.setZValue(piece.z)
        if piece.rotation != self.rotation():
            if animate:
                anim = _tween(QPropertyAnimation(self, b"rotation"), MOVE_MS, self.rotation(),
                              piece.rotation, QEasingCurve.Type.OutCubic)
                self._run("rotation", anim)
            else:
                self.setRotation(piece.rotation)
        self.changed(old, piece, animate)
        self._apply_tooltip()
        self.update()

    def changed(self, old: Piece, new: Piece, animate: bool) -> None:
        """Hook for kind-specific animations (flip, roll)."""

    # -- turning round --------------------------------------------------------------------
    def rest_rotation(self) -> float:
        """The rotation the item rests at: the layout's, plus 180° while shown turned by a
        rotation of its picture."""
        extra = 180.0 if self.shown_turned and not self.TURNS_ART else 0.0
        return self.piece.rotation + extra

    def set_turned(self, turned: bool, animate: bool = True) -> None:
        """Show the piece turned 180° from the layout (or back), turning it on the table."""
        if turned == self.turned:
            return
        self.turned = turned
        if not animate:
            self._settle_turn()
            return
        # The way the piece faces now, 0 or 180 away from the layout, even mid-turn.
        start = self.rotation()
        facing = start - self.piece.rotation + (180.0 if self.shown_turned and self.TURNS_ART
                                                 else 0.0)
        delta = ((180.0 * turned - facing + 180.0) % 360.0) - 180.0
        if abs(delta) < 0.01:
            self._settle_turn()
            return
        if delta <= -179.99:
            delta = 180.0  # a half turn goes clockwise, whichever way the piece faces
        # The animation's parent is the item: it goes with the item if the table drops it.
        anim = _tween(QVariantAnimation(self), TURN_MS, 0.0, 1.0, QEasingCurve.Type.InOutCubic)
        anim.valueChanged.connect(lambda v: self.setRotation(start + delta * float(v)))
        anim.finished.connect(self._settle_turn)
        self._run("turn", anim)

    def _settle_turn(self) -> None:
        self._halt("turn")
        self.shown_turned = self.turned
        self.setRotation(self.rest_rotation())
        self.update()

    def _drop_turn(self) -> None:
        if self.turned or self.shown_turned or self.is_animating("turn"):
            self.turned = False
            self._settle_turn()

    def stop_animations(self) -> None:
        super().stop_animations()
        if self.shown_turned != self.turned:
            self._settle_turn()

    def preview(self, turned: bool, pixels: int) -> QPixmap:
        """A picture of the piece about ``pixels`` wide, turned round or as laid out (for a
        chooser that offers both ways)."""
        scale = pixels / max(1.0, self.w + 2 * art.SHADOW)
        was = self.shown_turned
        self.shown_turned = turned and self.TURNS_ART
        try:
            pm: QPixmap = self.picture(scale)
        finally:
            self.shown_turned = was
        if turned and not self.TURNS_ART:
            pm = pm.transformed(QTransform().rotate(180.0))
        return pm

    def picture(self, scale: float) -> Any:
        raise NotImplementedError

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        scale = max(0.05, self.ctx.scale)
        pm = self.picture(scale)
        target = self.body_rect().adjusted(-art.SHADOW, -art.SHADOW, art.SHADOW, art.SHADOW)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(p.worldTransform())
        dpr = p.device().devicePixelRatioF() if p.device() is not None else 1.0
        # Only a picture shown at another size than it was rendered for needs smoothing;
        # setting the hint on the whole view would make every repaint several times slower.
        if abs(lod * dpr - scale) > 0.02 * scale or self.transform().m11() != 1.0:
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.drawPixmap(target, pm, QRectF(pm.rect()))
        if self.piece.state in ("used", "dim"):
            p.save()
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(15, 20, 15, 120))
            p.drawPath(self.shape())
            p.restore()
        self.paint_highlight(p, self.piece.state)


class CardItem(PieceItem):
    """A card: face from ``Piece.art``, or the shared back; flips when ``face_up`` changes."""

    KIND = "card"

    def __init__(self, piece: Piece, ctx: TableContext) -> None:
        super().__init__(piece, ctx)
        self.shown_face_up = piece.face_up
        self._face = piece.face_up  # last applied; the host may mutate and resend a Piece
        self._flip = 1.0  # horizontal scale during a flip

    def corner_radius(self) -> float:
        return art.CARD_RADIUS

    def changed(self, old: Piece, new: Piece, animate: bool) -> None:
        if self._face == new.face_up:
            if not self.is_animating("flip"):
                self.shown_face_up = new.face_up
            return
        self._face = new.face_up
        if not animate:
            self._stop_flip()
            self.shown_face_up = new.face_up
            return
        anim = _tween(QVariantAnimation(), FLIP_MS, 0.0, 1.0)
        anim.valueChanged.connect(self._flip_step)
        anim.finished.connect(lambda: self._flip_step(1.0))
        self._run("flip", anim)

    def _stop_flip(self) -> None:
        self._halt("flip")
        self._set_flip(1.0)

    def _flip_step(self, v: Any) -> None:
        t = float(v)
        if t >= 0.5:
            self.shown_face_up = self.piece.face_up
        else:
            self.shown_face_up = not self.piece.face_up
        self._set_flip(max(0.02, abs(1.0 - 2.0 * t)))

    def _set_flip(self, sx: float) -> None:
        self._flip = sx
        cx = self.w / 2
        lift = 1.0 + 0.06 * (1.0 - sx)
        self.setTransform(QTransform().translate(cx, self.h / 2).scale(sx, lift)
                          .translate(-cx, -self.h / 2))

    def stop_animations(self) -> None:
        super().stop_animations()
        self._set_flip(1.0)
        self.shown_face_up = self.piece.face_up

    def hover_text(self) -> str:
        text = super().hover_text()
        if text or not self.piece.face_up:
            return text
        # The card prints its body in the player's language; the hover gives both.
        first, other = ("ja", "en") if self.ctx.lang == "ja" else ("en", "ja")
        lines: list[str] = []
        for lang in (first, other):
            line = self.text_line(lang)
            if line and line not in lines:
                lines.append(line)
        return "\n".join(lines)

    def text_line(self, lang: str) -> str:
        """The card's title and text in ``lang`` on one line ("Title: text", 「題：本文」),
        from its art."""
        a = self.piece.art
        title = str(a.get(f"title_{lang}") or "")
        body = str(a.get(f"body_{lang}") or "")
        if title and body:
            return f"{title}：{body}" if lang == "ja" else f"{title}: {body}"
        return title or body

    def picture(self, scale: float) -> Any:
        if self.shown_face_up and self.piece.art:
            return art.card_face(self.piece.art, self.w, self.h, scale, self.ctx.lang)
        return art.card_back(self.w, self.h, scale, str(self.piece.art.get("back", "#6b1f2a")))


class DieItem(PieceItem):
    """A six-sided die; a new value shows a short roll so players notice fresh information."""

    KIND = "die"

    def __init__(self, piece: Piece, ctx: TableContext) -> None:
        super().__init__(piece, ctx)
        self.shown_value = self.value_of(piece)
        self._value = self.shown_value  # last applied; the host may mutate and resend a Piece

    @staticmethod
    def value_of(piece: Piece) -> int:
        try:
            return int(piece.art.get("value", 0) or 0)
        except (TypeError, ValueError):
            return 0

    def corner_radius(self) -> float:
        return self.w * 0.2

    def changed(self, old: Piece, new: Piece, animate: bool) -> None:
        value = self.value_of(new)
        if value == self._value:
            if not animate:
                self._end_roll()
            return
        self._value = value
        if animate:
            self.roll(value)
        else:
            self._end_roll()

    def roll(self, value: int) -> None:
        """Tumble through faces for ~300 ms, ending on ``value``."""
        start = self.shown_value or 1
        # Faces cycle without repeating the previous one; the last frame is the real value.
        seq = [((start + 2 * i) % 6) + 1 for i in range(1, ROLL_FRAMES)]
        seq = [f if f != value else (f % 6) + 1 for f in seq] + [value]
        anim = _tween(QVariantAnimation(), ROLL_MS, 0.0, 1.0, QEasingCurve.Type.OutQuad)

        def step(v: Any) -> None:
            t = float(v)
            self.shown_value = seq[min(len(seq) - 1, int(t * len(seq)))]
            wobble = math.sin(t * math.pi * 3.0) * 14.0 * (1.0 - t)
            self.setRotation(self.rest_rotation() + wobble)
            self.update()

        anim.valueChanged.connect(step)
        anim.finished.connect(self._end_roll)
        self._run("roll", anim)

    def _end_roll(self) -> None:
        self._halt("roll")
        self.shown_value = self.value_of(self.piece)
        self.setRotation(self.rest_rotation())
        self.update()

    def stop_animations(self) -> None:
        super().stop_animations()
        self._end_roll()

    def picture(self, scale: float) -> Any:
        return art.die_face(self.shown_value, self.w, scale, str(self.piece.art.get("color", "")))


class TokenItem(PieceItem):
    """A round token with a short label (also a ``tile`` whose art names no edges)."""

    KIND = "token"

    def corner_radius(self) -> float:
        return min(self.w, self.h) / 2

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self.body_rect())
        return path

    def picture(self, scale: float) -> Any:
        a = self.piece.art
        return art.token_face(art.in_lang(a, "label", self.ctx.lang), str(a.get("color", "")),
                              self.w, self.h, scale)


class TileItem(PieceItem):
    """A square (or oblong) tile whose network and icons are drawn from its ``TileArt``.

    Turned round by the player, it is drawn as ``rotated_180()`` of its art once the turn has
    played: the network faces the new way and the icons stand upright again."""

    TURNS_ART = True
    KIND = "tile"

    def __init__(self, piece: Piece, ctx: TableContext) -> None:
        self._tiles: tuple[dict[str, object], TileArt, TileArt] | None = None
        super().__init__(piece, ctx)

    def corner_radius(self) -> float:
        return tile_art.RADIUS * min(self.w, self.h)

    def tile(self) -> TileArt:
        """The tile as shown now: as laid out, or turned round."""
        data = self.piece.art
        if self._tiles is None or self._tiles[0] != data:
            try:
                tile = TileArt.from_art(data)
            except TileError:
                # A malformed tile is a bug of the game's view (the plugin check names it);
                # the table shows a question mark rather than failing to paint.
                tile = TileArt(icons=(TileIcon("mark", text="?"),))
            self._tiles = (dict(data), tile, tile.rotated_180())
        return self._tiles[2] if self.shown_turned else self._tiles[1]

    def picture(self, scale: float) -> Any:
        return tile_art.tile_face(self.tile(), self.w, self.h, scale)


def item_kind(piece: Piece) -> str:
    """Which item class draws ``piece``: an item is replaced when this changes."""
    if piece.kind in ("card", "die"):
        return piece.kind
    if piece.kind == "tile" and is_tile_art(piece.art):
        return "tile"
    return "token"


def make_piece_item(piece: Piece, ctx: TableContext) -> PieceItem:
    kind = item_kind(piece)
    if kind == "card":
        return CardItem(piece, ctx)
    if kind == "die":
        return DieItem(piece, ctx)
    if kind == "tile":
        return TileItem(piece, ctx)
    return TokenItem(piece, ctx)


class ZoneItem(TableItem):
    """A labelled translucent area; may be a drop or click target."""

    LABEL_SIZE = 13.0

    def __init__(self, zone: Zone, ctx: TableContext) -> None:
        super().__init__(zone.id, ctx)
        self.zone = zone
        self.setZValue(-1000.0)
        self.setPos(zone.x, zone.y)
        # Hit tests ask for the bounding rectangle all the time; measure the label font once.
        self._tab = QFontMetricsF(art.table_font(self.LABEL_SIZE, bold=True)).height() + 4

    def body_rect(self) -> QRectF:
        return QRectF(0.0, 0.0, self.zone.w, self.zone.h)

    def corner_radius(self) -> float:
        return 12.0

    _bounds_key: tuple[float, float] | None = None
    _bounds = QRectF()

    def boundingRect(self) -> QRectF:
        # Asked for on every repaint: computed once per size (the returned rect is read-only).
        key = (self.zone.w, self.zone.h)
        if key != self._bounds_key:
            m = art.SHADOW + 2.0
            self._bounds = QRectF(-m, -m - self._tab, key[0] + 2 * m, key[1] + 2 * m + self._tab)
            self._bounds_key = key
        return self._bounds

    def update_zone(self, zone: Zone, animate: bool) -> None:
        if (zone.w, zone.h) != (self.zone.w, self.zone.h):
            self.prepareGeometryChange()
        self.zone = zone
        if animate:
            self.animate_pos(QPointF(zone.x, zone.y))
        else:
            self.set_pos_now(QPointF(zone.x, zone.y))
        self.update()

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        body = self.body_rect()
        tint = QColor(self.zone.color) if self.zone.color else QColor(255, 255, 255)
        if not tint.isValid():
            tint = QColor(255, 255, 255)
        fill = QColor(tint)
        fill.setAlpha(26 if self.zone.color else 14)
        edge = QColor(tint)
        edge.setAlpha(70)
        p.setBrush(fill)
        p.setPen(QPen(edge, 1.5, Qt.PenStyle.DashLine if not self.zone.color
                      else Qt.PenStyle.SolidLine))
        r = self.corner_radius()
        p.drawRoundedRect(body, r, r)
        label = self.label()
        if label:
            # The label sits on a tab above the border: pieces fill the area itself.
            font = art.table_font(self.LABEL_SIZE, bold=True)
            p.setFont(font)
            fm = QFontMetricsF(font)
            tab = QRectF(14, -fm.height() - 2, fm.horizontalAdvance(label) + 14,
                         fm.height() + 2)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 60))
            p.drawRoundedRect(tab, 6, 6)
            p.setPen(QColor(244, 236, 216, 200))
            p.drawText(tab, int(Qt.AlignmentFlag.AlignCenter.value), label)
        self.paint_highlight(p)

    def label(self) -> str:
        z = self.zone
        first, other = (z.label_ja, z.label_en) if self.ctx.lang == "ja" else (z.label_en,
                                                                             z.label_ja)
        return first or other


class MeterItem(TableItem):
    """A labelled bar such as HP 12/15; the fill glides to a new value."""

    HEIGHT = 28.0

    def __init__(self, meter: Meter, ctx: TableContext) -> None:
        super().__init__(meter.id, ctx)
        self.meter = meter
        self.shown = float(meter.value)
        self._value = float(meter.value)  # what was last applied: hosts may reuse objects
        self.setPos(meter.x, meter.y)
        self.setZValue(-500.0)

    def body_rect(self) -> QRectF:
        return QRectF(0.0, 0.0, self.meter.w, self.HEIGHT)

    _bounds_w: float | None = None
    _bounds = QRectF()

    def boundingRect(self) -> QRectF:
        # Asked for on every repaint: computed once per width (the returned rect is read-only).
        if self.meter.w != self._bounds_w:
            self._bounds = super().boundingRect()
            self._bounds_w = self.meter.w
        return self._bounds

    def update_meter(self, meter: Meter, animate: bool) -> None:
        if meter.w != self.meter.w:
            self.prepareGeometryChange()
        self.meter = meter
        target = QPointF(meter.x, meter.y)
        if animate:
            self.animate_pos(target)
        else:
            self.set_pos_now(target)
        if animate and float(meter.value) != self._value:
            anim = _tween(QVariantAnimation(), 400, self.shown, float(meter.value),
                          QEasingCurve.Type.OutCubic)
            anim.valueChanged.connect(self._set_shown)
            self._run("value", anim)
        elif not animate:
            self._halt("value")
            self.shown = float(meter.value)
        self._value = float(meter.value)
        self.update()

    def _set_shown(self, v: Any) -> None:
        self.shown = float(v)
        self.update()

    def stop_animations(self) -> None:
        super().stop_animations()
        self.shown = float(self.meter.value)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        m = self.meter
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        body = self.body_rect()
        r = self.HEIGHT / 2
        p.setPen(QPen(QColor(0, 0, 0, 160), 1.2))
        p.setBrush(QColor(10, 25, 15, 190))
        p.drawRoundedRect(body, r, r)
        full = max(1, m.capacity or m.maximum or 1)
        inner = body.adjusted(3, 3, -3, -3)
        unit = inner.width() / full
        if m.maximum < full:
            # Capacity lost for good (a lowered maximum) is hatched, not just empty.
            lost = QRectF(inner.left() + unit * max(0, m.maximum), inner.top(),
                          unit * (full - max(0, m.maximum)), inner.height())
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(120, 120, 120, 70))
            p.drawRoundedRect(lost, r - 3, r - 3)
        fill_w = unit * max(0.0, min(self.shown, float(full)))
        if fill_w > 0:
            colour = QColor(m.color) if QColor(m.color).isValid() else QColor("#c0392b")
            fr = QRectF(inner.left(), inner.top(), fill_w, inner.height())
            g = QLinearGradient(fr.topLeft(), fr.bottomLeft())
            g.setColorAt(0.0, colour.lighter(140))
            g.setColorAt(0.5, colour)
            g.setColorAt(1.0, colour.darker(130))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(g)
            p.drawRoundedRect(fr, r - 3, r - 3)
        if full <= 40:
            p.setPen(QPen(QColor(0, 0, 0, 70), 1.0))
            for i in range(1, full):
                x = inner.left() + unit * i
                p.drawLine(QPointF(x, inner.top() + 3), QPointF(x, inner.bottom() - 3))
        label = m.label_ja if self.ctx.lang == "ja" else m.label_en
        label = label or m.label_en or m.label_ja
        text = f"{label} {m.value}/{m.maximum}"
        font = art.table_font(15, bold=True)
        p.setFont(font)
        p.setPen(QColor(0, 0, 0, 170))
        flags = int(Qt.AlignmentFlag.AlignCenter.value)
        p.drawText(body.translated(1, 1), flags, text)
        p.setPen(QColor("#fffaf0"))
        p.drawText(body, flags, text)
        self.paint_highlight(p)


class TextItem(TableItem):
    """A free text on the felt (a player's name, the turn counter)."""

    def __init__(self, text: Text, ctx: TableContext) -> None:
        super().__init__(text.id, ctx)
        self.text = text
        self.setPos(text.x, text.y)
        self.setZValue(-400.0)
        self._rect = self._measure()

    def current(self) -> str:
        t = self.text
        first, other = (t.text_ja, t.text_en) if self.ctx.lang == "ja" else (t.text_en, t.text_ja)
        return first or other

    def _measure(self) -> QRectF:
        fm = QFontMetricsF(art.table_font(self.text.size, self.text.bold))
        return QRectF(0.0, 0.0, fm.horizontalAdvance(self.current()) + 4, fm.height() + 2)

    def body_rect(self) -> QRectF:
        return self._rect

    _bounds_of: QRectF | None = None
    _bounds = QRectF()

    def boundingRect(self) -> QRectF:
        # Asked for on every repaint: computed once per measured text (read-only result).
        if self._bounds_of is not self._rect:
            self._bounds = super().boundingRect()
            self._bounds_of = self._rect
        return self._bounds

    def refresh(self) -> None:
        self.prepareGeometryChange()
        self._rect = self._measure()
        self.update()

    def update_text(self, text: Text, animate: bool) -> None:
        self.text = text
        self.refresh()
        if animate:
            self.animate_pos(QPointF(text.x, text.y))
        else:
            self.set_pos_now(QPointF(text.x, text.y))

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        font = art.table_font(self.text.size, self.text.bold)
        p.setFont(font)
        flags = int(Qt.AlignmentFlag.AlignLeft.value | Qt.AlignmentFlag.AlignVCenter.value)
        p.setPen(QColor(0, 0, 0, 150))
        p.drawText(self._rect.translated(1.2, 1.2), flags, self.current())
        colour = QColor(self.text.color)
        p.setPen(colour if colour.isValid() else QColor("#f4ecd8"))
        p.drawText(self._rect, flags, self.current())
        self.paint_highlight(p)


class HintArrow(QGraphicsObject):
    """A curved arrow from a gesture's source to its target, shown by ``show_hint``."""

    def __init__(self, start: QPointF, end: QPointF) -> None:
        super().__init__()
        self.start, self.end = start, end
        self.level = 1.0
        self.setZValue(10_000.0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._path = self._build()

    def _build(self) -> QPainterPath:
        s, e = self.start, self.end
        mid = (s + e) / 2
        d = e - s
        length = math.hypot(d.x(), d.y()) or 1.0
        normal = QPointF(-d.y() / length, d.x() / length)
        ctrl = mid + normal * min(80.0, length * 0.25)
        path = QPainterPath(s)
        path.quadTo(ctrl, e)
        ang = math.atan2(e.y() - ctrl.y(), e.x() - ctrl.x())
        for da in (2.6, -2.6):
            path.moveTo(e)
            path.lineTo(e + QPointF(math.cos(ang + da) * 18, math.sin(ang + da) * 18))
        return path

    def boundingRect(self) -> QRectF:
        return self._path.boundingRect().adjusted(-12, -12, 12, 12)

    def _get_level(self) -> float:
        return self.level

    def _set_level(self, v: float) -> None:
        self.level = v
        self.update()

    glow = Property(float, _get_level, _set_level)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        c = QColor(HINT)
        c.setAlpha(int(90 * self.level))
        p.setPen(QPen(c, 12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.drawPath(self._path)
        c.setAlpha(int(255 * self.level))
        p.setPen(QPen(c, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.drawPath(self._path)
