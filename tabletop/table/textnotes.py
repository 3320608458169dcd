"""The table's text notes: while a text report listens (``textreport.text_report``), the art's
text helpers tell it every text they draw or leave out, in the painter's device pixels.

Kept apart from the report itself so that the art can call ``note`` without importing the
items the report walks: with no report listening, a note is one test of a module global.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF, QPainter, QTransform


@dataclass(frozen=True)
class Note:
    """A text as one painter drew it, in that painter's device pixels."""

    role: str
    text: str
    box: QRectF
    rect: QRectF
    ink: QRectF
    pixel_size: float
    cut: bool
    elided: bool
    dropped: bool = False


_sink: list[Note] | None = None


def recording() -> bool:
    """Whether a report is being made: pictures are painted afresh, not taken from a cache."""
    return _sink is not None


#: U+2060 WORD JOINER: no line break on either side, drawn as nothing (the painter joins
#: katakana words with it; a report records the text without it).
WORD_JOINER = "\u2060"


@contextmanager
def listening() -> Iterator[list[Note]]:
    global _sink
    outer, _sink = _sink, []
    try:
        yield _sink
    finally:
        _sink = outer


def note(painter: QPainter, box: QRectF, text: str, font: QFont, flags: int, role: str,
         elided: bool = False) -> None:
    """Tell a listening report that ``text`` is drawn into ``box`` with ``font`` and ``flags``
    (as ``QPainter.drawText`` takes them) by ``painter``; nothing when no report listens."""
    if _sink is None or not text:
        return
    fm = QFontMetricsF(font)
    lines = fm.boundingRect(box, flags, text)
    cut = lines.width() > box.width() + 0.5 or lines.height() > box.height() + 0.5
    shown = lines.intersected(box) if cut else lines
    size = float(font.pixelSize()) if font.pixelSize() > 0 else float(QFontInfo(font).pixelSize())
    # A line's box keeps room above the tallest glyph (the font's ascent is ~1.16 em for the
    # CJK fonts) and below the descenders: the ink band leaves it out.
    top = max(0.0, fm.ascent() - 0.92 * size)
    bottom = max(0.0, fm.descent() - 0.2 * size)
    ink = shown.adjusted(0.0, top, 0.0, -bottom) if shown.height() > top + bottom else shown
    t = painter.combinedTransform()
    k = scale_of(t)
    # The words as a reader sees them: a word joiner prints nothing.
    _sink.append(Note(role, text.replace(WORD_JOINER, ""), t.mapRect(box), t.mapRect(shown),
                      t.mapRect(ink), size * k, cut, elided))


def dropped(painter: QPainter, box: QRectF, text: str, role: str) -> None:
    """Tell a listening report that ``text`` was left out of ``box``: too little room to
    print it legibly."""
    if _sink is None or not text:
        return
    t = painter.combinedTransform()
    _sink.append(Note(role, text, t.mapRect(box), QRectF(), QRectF(), 0.0, False, False,
                       dropped=True))


def scale_of(t: QTransform) -> float:
    return float(abs(t.determinant()) ** 0.5)
