"""What the table shows in words: where each text lies, at what size, and whether it fit.

``text_report(view)`` answers, for the table as it is drawn now, one ``TextRecord`` per text
the player sees: a free text, a zone's title, a meter's label, and every text painted on a
piece's picture (a card's title, subtitle, corner, badge, body and "ends turn" strip, a token's
label, a tile's label and marks). Each record gives the text's place in the viewport's device
pixels (and in table units), the pixel size of its font as shown, and whether it had to give
way: ``draw_fitted`` shrinks a text to fit its box down to a floor, and below the floor a line
of text is elided with "…" and a wrapped text is clipped at the box; a card's art leaves out a
text it cannot print legibly (``art.LEGIBLE_PX``), which the report lists as ``dropped``. A
layout test reads the report to find texts that overlap, are covered by a piece, are cut or
are too small to read (``tests/app/test_layout_fit.py``).

Painting records nothing: the report is worked out on demand, by painting every item once more
with a recorder listening. Pieces paint their pictures afresh (the picture cache is skipped
while the recorder listens, and a picture is the same each time it is painted, so the report is
what the screen shows); zones, meters and free texts paint through a painter that notes each
``drawText`` and draws nothing. The art's text helpers (``art.draw_fitted``, the card title) call
``note`` on every text; with no recorder listening that is one test of a module global. A
report of a busy table takes some tens of milliseconds.

``TextReport.covers`` holds the opaque bodies of the pieces in stacking order, so that a reader
can tell a text under a card (a pile, a hand fanned on purpose) from two texts printed over each
other; ``TextReport.hidden`` and ``TextReport.clashes`` answer both questions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from .art import SHADOW
from .items import PieceItem, TableItem
from .textnotes import Note, listening, note, scale_of

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsView

@dataclass(frozen=True)
class TextRecord:
    """One text as the table shows it. Rectangles are in the viewport's device pixels.

    ``box`` is the room the text was given; ``rect`` the lines of text as laid out in it, cut
    to the box where the box cuts them; ``ink`` the band of ``rect`` the glyphs fill (without
    the empty room the font keeps above and below a line), the part that must not touch another
    text. ``pixel_size`` is the font's size in device pixels as shown. ``cut``: the text was
    too large for its box even at the smallest size allowed, and part of it is clipped;
    ``elided``: a line too long for its box was shortened with "…" (``text`` is what shows);
    ``dropped``: the art left the text out, since it could not be printed legibly in its box
    (``box`` is the room it had, ``rect`` and ``ink`` are empty, ``pixel_size`` is 0).
    ``item_kind`` is ``card``, ``die``, ``token``, ``tile``, ``zone``, ``meter`` or ``text``;
    ``role`` what the text is: on a card ``title``, ``subtitle``, ``corner``, ``badge``,
    ``body`` or ``ends``, on a token ``label``, on a tile ``label``, ``mark`` or ``count``, and
    ``zone``, ``meter`` or ``text`` for the items that are texts themselves;
    ``stack`` the item's place in the painting order (higher is painted over lower);
    ``scene`` is ``rect`` in table units."""

    item_id: str
    item_kind: str
    role: str
    text: str
    box: QRectF
    rect: QRectF
    ink: QRectF
    scene: QRectF
    pixel_size: float
    cut: bool
    elided: bool
    stack: int
    dropped: bool = False


@dataclass(frozen=True)
class Cover:
    """The opaque body of a piece in the viewport's device pixels, and its stacking place."""

    item_id: str
    item_kind: str
    shape: QPainterPath
    rect: QRectF
    stack: int


@dataclass
class TextReport:
    """The texts the table shows now, and the pieces that may lie over them."""

    texts: list[TextRecord] = field(default_factory=list)
    covers: list[Cover] = field(default_factory=list)
    viewport: QRectF = field(default_factory=QRectF)

    def shown(self) -> list[TextRecord]:
        """The texts painted (those the art left out excepted)."""
        return [r for r in self.texts if not r.dropped]

    def hidden(self, record: TextRecord) -> QRectF:
        """The part of ``record``'s ink that a piece painted over it hides (its bounding box;
        empty when nothing lies on the text). A piece's own texts never hide under itself."""
        ink = record.ink
        hidden = QRectF()
        area = QPainterPath()
        area.addRect(ink)
        for cover in self.covers:
            if cover.stack <= record.stack or not cover.rect.intersects(ink):
                continue
            part = cover.shape.intersected(area).boundingRect()
            if part.width() > 0 and part.height() > 0:
                hidden = hidden.united(part)
        return hidden.intersected(ink) if not hidden.isEmpty() else QRectF()

    def clashes(self, tolerance: float = 1.0) -> list[tuple[TextRecord, TextRecord]]:
        """Pairs of texts whose ink overlaps by more than ``tolerance`` pixels each way where
        both show: the upper one is printed over the lower one, not laid on it on a piece of
        its own (a card on a card hides the lower text, which ``hidden`` reports)."""
        found: list[tuple[TextRecord, TextRecord]] = []
        texts = sorted(self.shown(), key=lambda r: r.stack)
        for i, low in enumerate(texts):
            for high in texts[i + 1:]:
                common = low.ink.intersected(high.ink)
                if common.width() <= tolerance or common.height() <= tolerance:
                    continue
                if high.item_id != low.item_id and self._covered_by(high, common):
                    continue  # the upper text sits on its own piece, which hides the lower
                found.append((low, high))
        return found

    def _covered_by(self, record: TextRecord, part: QRectF) -> bool:
        """Whether ``record``'s own piece covers ``part`` (so what lies below does not show)."""
        for cover in self.covers:
            if cover.item_id == record.item_id and cover.stack == record.stack:
                inside = QPainterPath()
                inside.addRect(part.adjusted(1, 1, -1, -1))
                return cover.shape.contains(inside)
        return False


class _NotingPainter(QPainter):
    """A painter that notes each text it is asked to draw and draws no text: the items that
    paint their words themselves (zones, meters, free texts) paint through it."""

    def __init__(self, device: QImage, role: str) -> None:
        super().__init__(device)
        self.role = role

    def drawText(self, *args: Any) -> None:  # type: ignore[override]
        if len(args) == 3 and isinstance(args[0], QRectF | QRect) and isinstance(args[2], str):
            box = QRectF(args[0])
            note(self, box, args[2], self.font(), int(args[1]), self.role)
        elif len(args) == 2 and isinstance(args[1], str):
            at = QPointF(args[0])
            fm = QFontMetricsF(self.font())
            box = QRectF(at.x(), at.y() - fm.ascent(), fm.horizontalAdvance(args[1]),
                         fm.height())
            note(self, box, args[1], self.font(), int(Qt.AlignmentFlag.AlignLeft.value),
                 self.role)


# -- the report ---------------------------------------------------------------------------

_ITEM_ROLES = {"ZoneItem": "zone", "MeterItem": "meter", "TextItem": "text"}


def text_report(view: QGraphicsView) -> TextReport:
    """Every text the table ``view`` shows now, with the pieces that may lie over them."""

    scene = view.scene()
    dpr = view.viewport().devicePixelRatioF()
    # The scale the pieces paint their pictures at, as the table sets it on its next paint
    # (``TableWidget.drawBackground``): the report is of the table as it now shows.
    scale = abs(view.transform().m11()) * dpr
    to_device = view.viewportTransform() * QTransform.fromScale(dpr, dpr)
    report = TextReport(viewport=QRectF(0.0, 0.0, view.viewport().width() * dpr,
                                        view.viewport().height() * dpr))
    scratch = QImage(1, 1, QImage.Format.Format_ARGB32_Premultiplied)
    # Painting order: Qt paints the scene's items bottom first.
    shown = [it for it in reversed(scene.items(Qt.SortOrder.DescendingOrder))
             if isinstance(it, TableItem) and it.isVisible() and not it.dying
             and it.effectiveOpacity() > 0.01]
    for stack, item in enumerate(shown):
        t = item.deviceTransform(to_device)
        if isinstance(item, PieceItem):
            notes, picture = _piece_notes(item, scale)
            kind = item.KIND
            body = item.body_rect()
            # The picture, shadow margin included, is drawn over the body grown by the margin.
            target = body.adjusted(-SHADOW, -SHADOW, SHADOW, SHADOW)
            t = QTransform(target.width() / max(1, picture.width()), 0.0, 0.0,
                           target.height() / max(1, picture.height()), target.left(),
                           target.top()) * t
            report.covers.append(Cover(item.item_id, kind, item.deviceTransform(to_device)
                                       .map(item.shape()), item.deviceTransform(to_device)
                                       .mapRect(body), stack))
        else:
            kind = _ITEM_ROLES.get(type(item).__name__, "text")
            notes = _item_notes(item, scratch, kind)
        to_scene = to_device.inverted()[0]
        for n in notes:
            rect = t.mapRect(n.rect)
            report.texts.append(TextRecord(
                item.item_id, kind, n.role, n.text, t.mapRect(n.box), rect, t.mapRect(n.ink),
                to_scene.mapRect(rect), n.pixel_size * scale_of(t), n.cut, n.elided, stack,
                n.dropped))
    return report


def _piece_notes(item: Any, scale: float) -> tuple[list[Note], QPixmap]:
    """The texts of a piece's picture as painted at ``scale`` device pixels per table unit
    (in the picture's pixels), and the picture."""
    with listening() as notes:
        picture = item.picture(max(0.05, scale))
    return list(notes), picture


def _item_notes(item: Any, scratch: QImage, role: str) -> list[Note]:
    """The texts an item paints itself, in the item's coordinates."""
    with listening() as notes:
        painter = _NotingPainter(scratch, role)
        try:
            item.paint(painter, QStyleOptionGraphicsItem(), None)
        finally:
            painter.end()
    # A text drawn twice in one place (a shadow under it) is one text: the union of both.
    merged: list[Note] = []
    for n in notes:
        twin = next((i for i, m in enumerate(merged) if m.text == n.text
                     and abs(m.rect.left() - n.rect.left()) < 3
                     and abs(m.rect.top() - n.rect.top()) < 3), None)
        if twin is None:
            merged.append(n)
        else:
            m = merged[twin]
            merged[twin] = Note(n.role, n.text, m.box.united(n.box), m.rect.united(n.rect),
                                 m.ink.united(n.ink), n.pixel_size, m.cut or n.cut,
                                 m.elided or n.elided)
    return merged
