"""The app's icon: the bundled SVG when Qt can render it, else the same picture painted here
(a card and a die on green felt).

Loaded after the window's first paint: rendering the SVG loads Qt's SVG plugin, which the
first paint need not wait for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtGui import QColor, QIcon, QPixmap

from tabletop.resources import resource

from .chooser import FELT

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QPainter, QPen


def draw_app_icon(size: int = 256) -> QPixmap:
    """The window icon, painted: a card and a die on green felt."""
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QPainter, QPainterPath, QPen

    pix = QPixmap(size, size)
    pix.fill(QtCore.Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 64.0
    felt = QPainterPath()
    felt.addRoundedRect(QRectF(2 * s, 2 * s, 60 * s, 60 * s), 12 * s, 12 * s)
    p.fillPath(felt, QColor(FELT))
    # A card leaning left with a red pip, and a die leaning right showing three.
    _piece(p, QPointF(24 * s, 32 * s), -12, QRectF(-13 * s, -19 * s, 26 * s, 38 * s), 3 * s,
           "#f6efdc", QPen(QColor("#b8860b"), 1.5 * s), "#c0392b",
           [QRectF(-6 * s, -8 * s, 12 * s, 12 * s)])
    _piece(p, QPointF(45 * s, 42 * s), 10, QRectF(-10 * s, -10 * s, 20 * s, 20 * s), 4 * s,
           "#ffffff", QPen(QColor("#333333"), 1.0 * s), "#222222",
           [QRectF((dx - 2) * s, (dy - 2) * s, 4 * s, 4 * s) for dx, dy in ((-5, -5), (0, 0),
                                                                               (5, 5))])
    p.end()
    return pix


def _piece(p: QPainter, at: QPointF, angle: float, body: QRectF, radius: float, fill: str,
           edge: QPen, pip: str, pips: list[QRectF]) -> None:
    """A rounded piece turned by ``angle`` degrees about ``at``, with round pips on it."""
    from PySide6.QtGui import QPainterPath

    p.save()
    p.translate(at)
    p.rotate(angle)
    shape = QPainterPath()
    shape.addRoundedRect(body, radius, radius)
    p.fillPath(shape, QColor(fill))
    p.setPen(edge)
    p.drawPath(shape)
    p.setPen(QtCore.Qt.PenStyle.NoPen)
    p.setBrush(QColor(pip))
    for r in pips:
        p.drawEllipse(r)
    p.restore()


def app_icon() -> QIcon:
    """The bundled SVG icon when Qt can render it, else the same picture painted here."""
    svg = resource("icons", "tabletop.svg")
    if svg.is_file():
        icon = QIcon(str(svg))
        if not icon.pixmap(32, 32).isNull():
            return icon
    icon = QIcon()
    for size in (16, 24, 32, 48, 64, 128, 256):
        icon.addPixmap(draw_app_icon(size))
    return icon
