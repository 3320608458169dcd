"""The app's icon: the bundled SVG when Qt can render it, else the same picture painted here
(a card and a die on green felt).

Loaded after the window's first paint: rendering the SVG loads Qt's SVG plugin, which the
first paint need not wait for.
"""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtGui import QColor, QIcon, QPixmap

from tabletop.resources import resource

from .chooser import FELT


def draw_app_icon(size: int = 256) -> QPixmap:
    """The window icon, painted: a card and a die on green felt."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter, QPainterPath, QPen

    pix = QPixmap(size, size)
    pix.fill(QtCore.Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 64.0
    felt = QPainterPath()
    felt.addRoundedRect(QRectF(2 * s, 2 * s, 60 * s, 60 * s), 12 * s, 12 * s)
    p.fillPath(felt, QColor(FELT))
    p.save()
    p.translate(24 * s, 32 * s)
    p.rotate(-12)
    card = QPainterPath()
    card.addRoundedRect(QRectF(-13 * s, -19 * s, 26 * s, 38 * s), 3 * s, 3 * s)
    p.fillPath(card, QColor("#f6efdc"))
    p.setPen(QPen(QColor("#b8860b"), 1.5 * s))
    p.drawPath(card)
    p.setPen(QtCore.Qt.PenStyle.NoPen)
    p.setBrush(QColor("#c0392b"))
    p.drawEllipse(QRectF(-6 * s, -8 * s, 12 * s, 12 * s))
    p.restore()
    p.save()
    p.translate(45 * s, 42 * s)
    p.rotate(10)
    die = QPainterPath()
    die.addRoundedRect(QRectF(-10 * s, -10 * s, 20 * s, 20 * s), 4 * s, 4 * s)
    p.fillPath(die, QColor("#ffffff"))
    p.setPen(QPen(QColor("#333333"), 1.0 * s))
    p.drawPath(die)
    p.setPen(QtCore.Qt.PenStyle.NoPen)
    p.setBrush(QColor("#222222"))
    for dx, dy in ((-5, -5), (0, 0), (5, 5)):
        p.drawEllipse(QRectF((dx - 2) * s, (dy - 2) * s, 4 * s, 4 * s))
    p.restore()
    p.end()
    return pix


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
