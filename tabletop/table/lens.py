"""The table's large view of one card or tile: any face-up card shown big enough to read.

A card on a busy table is small: its body may print at 6-10 pixels at 1280x800. The lens
paints the same piece again at a size where its type reads (about 360 pixels tall, less on a
small window), beside the piece, with the piece's hover text under it and, for a card, its
title and text in the other language (the card itself prints the player's language). It
opens when the mouse rests on a card (in place of the tooltip), on a long press, or with Z on
the piece the keyboard is on; it closes as soon as the pointer, the keyboard focus or the
table moves on.

The lens shows exactly what the piece paints on the table from the seat's observation, so it
never shows more than the table does: a face-down card has no lens.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from . import art
from .items import CardItem, PieceItem, TileItem

#: The tallest the lens draws a piece, in device-independent pixels, and the share of the
#: table's height it may take on a small window.
LENS_HEIGHT = 360
LENS_SHARE = 0.85
#: A piece already shown at least this share of the lens's size is not shown again larger.
ALREADY_LARGE = 0.8
GAP = 12  # pixels between the piece and the lens


def has_lens(item: PieceItem | None) -> bool:
    """Whether ``item`` has something to show large: a face-up card with words, or a tile."""
    if isinstance(item, CardItem):
        return item.piece.face_up and bool(item.piece.art)
    return isinstance(item, TileItem)


def lens_words(item: PieceItem) -> str:
    """The words under the large picture: the piece's hover text, and for a card whose hover
    text is in one language only, the card's title and text in the other language too (the
    card prints one language; the large view gives the other)."""
    words = item.hover_text()
    if not isinstance(item, CardItem):
        return words
    other = "en" if item.ctx.lang == "ja" else "ja"
    a = item.piece.art
    said = str(a.get(f"body_{other}") or a.get(f"title_{other}") or "")
    line = item.text_line(other)
    if line and said not in words:  # not when the hover text has it already
        words = f"{words}\n{line}" if words else line
    return words


class CardLens(QFrame):
    """The large view; a child of the table view, over its viewport, letting the mouse through
    to the table under it."""

    def __init__(self, view: QWidget) -> None:
        super().__init__(view)
        self.setObjectName("cardLens")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setStyleSheet(
            "#cardLens { background: rgba(20, 28, 24, 235); border: 1px solid #c9b98f;"
            " border-radius: 10px; }"
            "#cardLens QLabel { color: #f4ecd8; background: transparent; }")
        box = QVBoxLayout(self)
        box.setContentsMargins(10, 10, 10, 10)
        box.setSpacing(8)
        self.picture = QLabel()
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.TextFormat.PlainText)
        self.words.setStyleSheet("font-size: 10pt;")
        box.addWidget(self.picture)
        box.addWidget(self.words)
        self.piece_id: str | None = None
        self.hide()

    def show_piece(self, item: PieceItem, piece_rect: QRect, room: QRect) -> bool:
        """Show ``item`` large beside ``piece_rect`` (where the table shows it), inside
        ``room`` (the table's viewport); both in the parent's coordinates. False, and nothing
        shown, when the piece has no lens or is already shown about as large."""
        if not has_lens(item):
            self.close_lens()
            return False
        tall = min(float(LENS_HEIGHT), LENS_SHARE * room.height() - 60)
        if piece_rect.height() >= ALREADY_LARGE * tall or tall < 80:
            self.close_lens()
            return False
        # The picture's shadow margin is part of its size: the card's body is ``tall``.
        k = tall / max(1.0, item.h)
        dpr = self.devicePixelRatioF()
        pm: QPixmap = item.preview(item.turned, round((item.w + 2 * art.SHADOW) * k * dpr))
        pm.setDevicePixelRatio(dpr)
        self.picture.setPixmap(pm)
        width = round(pm.width() / dpr)
        self.words.setText(lens_words(item))
        self.words.setFixedWidth(max(width, 260))
        self.words.setVisible(bool(self.words.text()))
        self.setAccessibleName(item.hover_text().partition("\n")[0])
        self.adjustSize()
        self.move(self._place(piece_rect, room))
        self.piece_id = item.item_id
        self.show()
        self.raise_()
        return True

    def _place(self, piece: QRect, room: QRect) -> QPoint:
        """Beside the piece, on the side with room (right first), kept inside ``room``."""
        w, h = self.width(), self.height()
        if piece.right() + GAP + w <= room.right():
            x = piece.right() + GAP
        elif piece.left() - GAP - w >= room.left():
            x = piece.left() - GAP - w
        else:
            x = room.left() + (room.width() - w) // 2
        y = piece.center().y() - h // 2
        y = max(room.top() + 4, min(y, room.bottom() - h - 4))
        x = max(room.left() + 4, min(x, room.right() - w - 4))
        return QPoint(x, y)

    def close_lens(self) -> None:
        """Hide the lens (nothing when it is not shown)."""
        self.piece_id = None
        if self.isVisible():
            self.hide()
