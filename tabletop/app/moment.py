"""The moment of a result: what a round's end, an attack or an auction came to, shown over the
table as it stands then, until the person at the screen goes on.

A game's view says which steps are such moments (``GameView.moment``): the controller pauses
there (no computer moves, no beat, no hand-over) with the table showing the state right after
the step, and this panel shows the moment's title, its lines and its table of figures per
player, with **Continue** (Enter). Against the computer, a setting lets it go on by itself after
``AUTO_MS``. A moment of the past is opened again from its line of the log, with **Close**.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .i18n import tr

if TYPE_CHECKING:
    from tabletop.engine import Moment

#: How long a moment stays before going on by itself, where the player asked for that.
AUTO_MS = 4000
#: The widest the panel grows, and its share of the table it lies over.
MAX_W = 620
SHARE = 0.8
#: The sizes the table of figures may be set in, the first where it fits (points), and the
#: least room left between the panel and the table's edges (pixels).
CELL_PT = (11.0, 10.0, 9.0)
EDGE = 12


class MomentPanel(QFrame):
    """The panel over the table; ``continued`` when the person goes on (or closes a moment
    opened again from the log)."""

    continued = Signal()

    def __init__(self, parent: QWidget, over: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("moment")
        self._over = over  # the table the panel is laid over
        self.setStyleSheet(
            "QFrame#moment { background: rgba(27, 42, 51, 235); border: 2px solid #e9c46a;"
            " border-radius: 10px; } QFrame#moment QLabel { color: #f4ecd8; }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(18, 14, 18, 14)
        lay.setSpacing(8)
        self.title = QLabel()
        self.title.setObjectName("momentTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-size: 15pt; font-weight: bold;")
        lay.addWidget(self.title)
        self.lines = QLabel()
        self.lines.setObjectName("momentLines")
        self.lines.setTextFormat(Qt.TextFormat.PlainText)
        self.lines.setWordWrap(True)
        self.lines.setStyleSheet("font-size: 11.5pt;")
        lay.addWidget(self.lines)
        self.grid_box = QWidget()
        self.grid = QGridLayout(self.grid_box)
        self.grid.setContentsMargins(0, 4, 0, 4)
        self.grid.setHorizontalSpacing(16)
        self.grid.setVerticalSpacing(3)
        lay.addWidget(self.grid_box)
        row = QHBoxLayout()
        self.note = QLabel()
        self.note.setObjectName("momentNote")
        self.note.setStyleSheet("font-size: 10pt; color: #cfd8dc;")
        row.addWidget(self.note, 1)
        self.button = QPushButton()
        self.button.setObjectName("momentContinue")
        self.button.setMinimumHeight(36)
        self.button.setStyleSheet("font-size: 12pt; font-weight: bold; padding: 4px 18px;")
        self.button.clicked.connect(self._go_on)
        row.addWidget(self.button, 0)
        lay.addLayout(row)
        # Enter goes on, wherever the keyboard is in the window (the table takes no keys while
        # the moment is up).
        self._keys = []
        for seq in ("Return", "Enter"):
            key = QShortcut(QKeySequence(seq), parent)
            key.setContext(Qt.ShortcutContext.WindowShortcut)
            key.setAutoRepeat(False)
            key.activated.connect(self._go_on)
            key.setEnabled(False)
            self._keys.append(key)
        self._words: list[list[str]] = []
        self._fitted: tuple[int, int] | None = None  # (room, width needed) of the laid table
        self._auto = QTimer(self)
        self._auto.setSingleShot(True)
        self._auto.timeout.connect(self._go_on)
        self.pausing = False
        over.installEventFilter(self)
        self.hide()

    # -- showing --------------------------------------------------------------------------
    def show_moment(self, moment: Moment, say: Callable[[Any], str], lang: str, *,
                    pausing: bool, auto: bool = False) -> None:
        """Show ``moment`` worded by ``say``; ``pausing``: play waits for Continue (else the
        moment is one opened again, with Close); ``auto``: it goes on by itself soon."""
        self.pausing = pausing
        self.title.setText(say(moment.title))
        self.lines.setText("\n".join(say(line) for line in moment.lines))
        self.lines.setVisible(bool(moment.lines))
        self._fill(moment, say)
        self.button.setText(tr("moment.continue" if pausing else "moment.close", lang))
        self.note.setText(tr("moment.auto", lang) if pausing and auto else "")
        for key in self._keys:
            key.setEnabled(True)
        self._place()
        self.show()
        self.raise_()
        self.button.setFocus(Qt.FocusReason.OtherFocusReason)
        if pausing and auto:
            self._auto.start(AUTO_MS)
        else:
            self._auto.stop()

    def _fill(self, moment: Moment, say: Callable[[Any], str]) -> None:
        # Laid out by ``_place``, which knows the room the table has.
        self._words = [[say(cell) for cell in row] for row in moment.table]
        self._fitted = None
        self.grid_box.setVisible(bool(moment.table))

    def _lay_cells(self, rows: list[list[str]], points: float) -> None:
        """The table's cells as labels, its first row and column (the headings) bold."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                label = QLabel(text)
                label.setTextFormat(Qt.TextFormat.PlainText)
                bold = r == 0 or c == 0
                label.setStyleSheet(f"font-size: {points}pt;"
                                    f"{' font-weight: bold;' if bold else ''}")
                if c > 0:
                    label.setAlignment(Qt.AlignmentFlag.AlignRight
                                       | Qt.AlignmentFlag.AlignVCenter)
                self.grid.addWidget(label, r, c)

    def _fit_cells(self, room: int) -> int:
        """Lay the table out in the largest of ``CELL_PT`` whose width fits ``room`` pixels:
        as the game gives it, else turned (a column per heading, a row per player: a table
        of twelve players' figures is too wide to read across but not too long to read
        down). Returns the width the table then needs."""
        rows = self._words
        if not rows:
            return 0
        turned = [list(col) for col in zip(*rows, strict=True)] \
            if all(len(r) == len(rows[0]) for r in rows) else rows
        need = 0
        for points in CELL_PT:
            for layout in (rows, turned) if turned is not rows else (rows,):
                self._lay_cells(layout, points)
                need = self.grid.sizeHint().width()
                if need <= room:
                    return need
        return need

    def close_moment(self) -> None:
        """Put the panel away (the match moves on, or the viewer changes)."""
        self._auto.stop()
        self.pausing = False
        for key in self._keys:
            key.setEnabled(False)
        self.hide()

    def _go_on(self) -> None:
        if not self.isVisible():
            return
        self.close_moment()
        self.continued.emit()

    # -- placing --------------------------------------------------------------------------
    def _place(self) -> None:
        """Over the bottom middle of the table, within it: a board's middle (the maze, the
        sheets) is what the result is about, the hand below it matters least then."""
        over = self._over
        area = over.geometry()
        origin = over.parentWidget().mapTo(self.parentWidget(), area.topLeft()) \
            if over.parentWidget() is not None else area.topLeft()
        width = min(MAX_W, int(area.width() * SHARE))
        # A wide table of figures widens the panel up to the table's width, then is turned or
        # set smaller: a cell cut short would hide a team ("Green gold-digger" read
        # "gold-digger").
        room = max(width, area.width() - 2 * EDGE)
        margins = self.layout().contentsMargins()
        frame = margins.left() + margins.right() + 2 * self.frameWidth()
        if self._fitted is None or self._fitted[0] != room - frame:
            # Laid out again only when the room changed: the panel is placed on every move
            # and resize of the table.
            self._fitted = (room - frame, self._fit_cells(room - frame))
        need = self._fitted[1]
        width = max(width, min(room, need + frame))
        self.setFixedWidth(width)
        self.adjustSize()
        height = min(self.sizeHint().height(), int(area.height() * 0.9))
        self.setGeometry(origin.x() + (area.width() - width) // 2,
                         origin.y() + max(8, area.height() - height - 16), width, height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._over and event.type() in (QEvent.Type.Resize, QEvent.Type.Move) \
                and self.isVisible():
            self._place()
        return False
