"""The table page and the hot-seat privacy page of the main window.

They live apart from ``window`` so that the window can paint its chooser before this module,
the table widget and the game controller are loaded: the window builds each page the first
time a match needs it. The table page's action bar holds the buttons of the legal actions that
have no place on the table, each with its key; Tab reaches them after the table's own steps,
and Enter or Space presses the one in focus. The privacy page is passed by Enter or Space too.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetricsF, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tabletop.api import seat_colour, seat_mark
from tabletop.engine.layout import WINDOW_KEYS

from . import status as st
from .flow import FlowLayout
from .i18n import gesture_label, tr

if TYPE_CHECKING:
    from tabletop.engine import Gesture

STATUS_STYLES: dict[str, str] = {
    st.INFO: "color: #2b2b2b; background: #f4efe2;",
    st.TURN: "color: #1d3b2a; background: #e3f1e6; font-weight: bold;",
    st.WARNING: "color: #8f1d12; background: #fbe3df; font-weight: bold;",
    st.THINKING: "color: #4a4a4a; background: #eceae4; font-style: italic;",
    st.OVER: "color: #23306b; background: #e4e8f7; font-weight: bold;",
}
GAME_BUTTON_STYLE = "font-size: 12pt; font-weight: bold; padding: 4px 16px;"


class PrivacyPage(QWidget):
    """A full-page barrier shown while the screen passes between two people.

    It names who takes the screen (the name they gave, else "Player 2"), shows their seat's
    colour and mark as the table does, and says why they are asked: their turn, or their
    secret choice in a round of them. A name is shown as plain text, never as markup.
    """

    ready = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("privacy")
        # A plain QWidget paints a style-sheet background only with this attribute.
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("#privacy { background: #1b2a33; }")
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.title.setStyleSheet("color: #f4ecd8; font-size: 30pt; font-weight: bold;")
        # Who, by seat: the seat's mark on its colour (the mark, so colour is never the only
        # cue), then the name and why they are asked.
        self.mark = QLabel()
        self.mark.setObjectName("seatMark")
        self.mark.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.mark.setFixedSize(52, 52)
        self.mark.hide()
        self.who = QLabel()
        self.who.setObjectName("who")
        self.who.setTextFormat(Qt.TextFormat.PlainText)
        self.who.setStyleSheet("color: #f4ecd8; font-size: 18pt;")
        who_row = _centred(self.mark, 12, self.who)
        self.body = QLabel()
        self.body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body.setWordWrap(True)
        self.body.setStyleSheet("color: #cfd8dc; font-size: 14pt;")
        self.button = QPushButton()
        self.button.setMinimumHeight(64)
        self.button.setStyleSheet("font-size: 16pt; font-weight: bold; padding: 8px 32px;")
        self.button.clicked.connect(self.ready.emit)
        row = _centred(self.button)
        lay.addWidget(self.title)
        lay.addSpacing(14)
        lay.addLayout(who_row)
        lay.addSpacing(18)
        lay.addWidget(self.body)
        lay.addSpacing(30)
        lay.addLayout(row)
        lay.addStretch(3)

    def set_player(self, name: str, lang: str, *, seat: int | None = None,
                   secret: bool = False, role: str = "") -> None:
        """Ask for the screen for ``name``, at ``seat`` (its colour and mark; ``None``: none
        shown), for their turn or, with ``secret``, their secret choice; ``role`` is the
        public role they play now (a thief, an attacker), if the game has one."""
        self.title.setText(tr("privacy.title", lang, player=name))
        who = tr("privacy.for_secret" if secret else "privacy.for_turn", lang, player=name)
        if role:
            who = tr("privacy.with_role", lang, who=who, role=role)
        self.who.setText(who)
        if seat is None:
            self.mark.hide()
        else:
            colour = seat_colour(seat)
            self.mark.setText(seat_mark(seat))
            self.mark.setStyleSheet(
                f"QLabel#seatMark {{ background: {colour}; color: {_ink_on(colour)};"
                " border: 2px solid #f4ecd8; border-radius: 26px; font-size: 22pt; }")
            self.mark.setToolTip(tr("player", lang, n=seat + 1))
            self.mark.show()
        self.body.setText(tr("privacy.body", lang))
        # "&" marks a button's shortcut key; a name's "&" is shown as it is.
        self.button.setText(tr("privacy.button", lang, player=name).replace("&", "&&"))

    def mouseReleaseEvent(self, event: Any) -> None:  # the whole page is the button
        if event.button() == Qt.MouseButton.LeftButton:
            self.ready.emit()
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: Any) -> None:
        # Enter (and Space, which the button takes itself when it has the focus) passes the
        # page too; a key still held down from the last move, repeating, does not.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if not event.isAutoRepeat():
                self.ready.emit()
            return
        super().keyPressEvent(event)


def _centred(*parts: QWidget | int) -> QHBoxLayout:
    """A row holding ``parts`` in the middle: widgets, and numbers as spacing between them."""
    row = QHBoxLayout()
    row.addStretch(1)
    for part in parts:
        if isinstance(part, int):
            row.addSpacing(part)
        else:
            row.addWidget(part)
    row.addStretch(1)
    return row


def _ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` ("#rrggbb")."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


class StatusLabel(QLabel):
    """The status line: a fixed two lines high, so the table below never moves when a longer
    message comes. A message too long for two lines at the usual size is set smaller, down to
    a floor, then cut with "…"; the whole of it is then in the tooltip."""

    LINES = 2
    SIZES = (16.0, 14.0, 12.5, 11.0)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("status")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self._full = ""
        font = self.font()
        font.setPointSizeF(self.SIZES[0])
        self.setFont(font)
        line = QFontMetricsF(font).lineSpacing()
        # The height two lines of the main font take at the usual size.
        self._room = self._lines_height(font, "X")
        self.setFixedHeight(int(line * self.LINES + 2 * 6 + 6))

    def full_text(self) -> str:
        """The whole message, even when the line shows it cut."""
        return self._full

    def set_full_text(self, text: str) -> None:
        self._full = text
        self._fit()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._fit()

    @classmethod
    def _lines_height(cls, font: QFont, text: str) -> float:
        """The height of ``LINES`` lines of ``text``, leading included: each line set in the
        text's own fonts (a Japanese line, in a fallback font, is taller than a Latin one)."""
        line = " ".join(text.split())
        return QFontMetricsF(font).boundingRect(
            QRectF(0, 0, 1e6, 1e6), int(Qt.TextFlag.TextWordWrap.value),
            "\n".join([line] * cls.LINES)).height()

    def _fits(self, font: QFont, text: str, width: int) -> bool:
        # At most LINES lines of the text's own height, within the room of LINES lines of the
        # main font at the usual size.
        bounds = QFontMetricsF(font).boundingRect(
            QRectF(0, 0, width, 1e6), int(Qt.TextFlag.TextWordWrap.value), text)
        return bounds.height() <= min(self._lines_height(font, text), self._room) + 0.5

    def _cut(self, font: QFont, text: str, width: int) -> str:
        """The longest start of ``text`` that fits with "…" after it; in a Latin word, cut
        back to the space before it (Japanese is cut between any two characters)."""
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._fits(font, text[:mid].rstrip() + "…", width):
                lo = mid
            else:
                hi = mid - 1
        shown = text[:lo]
        if 0 < lo < len(text) and text[lo - 1].isascii() and text[lo - 1].isalnum() \
                and text[lo].isascii() and text[lo].isalnum() and " " in shown:
            shown = shown[:shown.rindex(" ")]
        return shown.rstrip() + "…"

    def _fit(self) -> None:
        text = self._full
        width = max(50, self.contentsRect().width() - 2 * 12)
        font = self.font()
        shown = text
        for size in self.SIZES:
            font.setPointSizeF(size)
            if self._fits(font, text, width):
                break
        else:
            shown = self._cut(font, text, width)  # even the smallest size needs more lines
        self.setFont(font)
        super().setText(shown)
        self.setToolTip(text if shown != text else "")


class TablePage(QWidget):
    """The table, the log beside it, the status line above and the action bar below."""

    def __init__(self, table: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(6)

        status_row = QHBoxLayout()
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setFixedSize(90, 14)
        self.busy.setTextVisible(False)
        self.busy.hide()
        self.status = StatusLabel()
        # What the pointer is over: beside the prompt, never in its place.
        self.hover = QLabel()
        self.hover.setObjectName("hover")
        self.hover.setWordWrap(True)
        self.hover.setTextFormat(Qt.TextFormat.PlainText)
        self.hover.setFixedWidth(300)
        self.hover.setFixedHeight(self.status.height())
        self.hover.setStyleSheet("QLabel#hover { color: #4a4a4a; font-size: 11pt; }")
        self.status_kind = st.INFO
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.hover, 0)
        status_row.addWidget(self.busy, 0, Qt.AlignmentFlag.AlignVCenter)
        lay.addLayout(status_row)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(table)
        side = QWidget()
        side_lay = QVBoxLayout(side)
        side_lay.setContentsMargins(0, 0, 0, 0)
        self.log_title = QLabel()
        self.log_title.setStyleSheet("font-weight: bold; font-size: 12pt;")
        self.log = QPlainTextEdit()
        # Whether the game on the table has results to see again from their lines.
        self.log_moments = False
        self.lang = "en"
        self.log.setReadOnly(True)
        self.log.setObjectName("log")
        self.log.setStyleSheet("font-size: 11pt;")
        self.log.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        side_lay.addWidget(self.log_title)
        side_lay.addWidget(self.log, 1)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([960, 270])
        lay.addWidget(self.splitter, 1)

        bar = QHBoxLayout()
        # The game's buttons wrap onto a second row rather than widen the window: a move may
        # offer several long choices at once.
        buttons = QWidget()
        self.game_buttons_box = FlowLayout(buttons)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        buttons.setSizePolicy(policy)
        bar.addWidget(buttons, 1)
        self.hint_button = QPushButton()
        self.undo_button = QPushButton()
        self.redo_button = QPushButton()
        for b in (self.hint_button, self.undo_button, self.redo_button):
            b.setMinimumHeight(38)
            b.setStyleSheet("font-size: 12pt; padding: 4px 14px;")
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            bar.addWidget(b)
        lay.addLayout(bar)
        self.game_buttons: list[QPushButton] = []

    def retranslate(self, lang: str) -> None:
        self.lang = lang
        self.log_title.setText(tr("log.title", lang))
        self.log.setToolTip(tr("moment.log_tip", lang) if self.log_moments else "")
        self.hint_button.setText(tr("bar.key", lang, label=tr("bar.hint", lang), shortcut="H"))
        self.undo_button.setText(tr("bar.undo", lang))
        self.redo_button.setText(tr("bar.redo", lang))

    def set_status(self, text: str, kind: str) -> None:
        self.status_kind = kind
        self.status.setStyleSheet(
            f"QLabel#status {{ {STATUS_STYLES.get(kind, STATUS_STYLES[st.INFO])}"
            " padding: 6px 12px; border-radius: 6px; }")
        self.status.set_full_text(text)
        self.busy.setVisible(kind == st.THINKING)

    def set_hover(self, text: str) -> None:
        self.hover.setText(text)
        self.hover.setToolTip(text)

    def forget_transient(self) -> None:
        """The person at the screen changes: the hover line and an old hint's highlight go."""
        self.set_hover("")
        for b in self.game_buttons:
            b.setStyleSheet(GAME_BUTTON_STYLE)

    def set_log_moments(self, on: bool) -> None:
        """The game on the table has results a double-click on the log shows again."""
        self.log_moments = on
        self.retranslate(self.lang)

    def reset_log(self, lines: list[str]) -> None:
        self.log.setPlainText("\n".join(lines))
        self._scroll_log()

    def append_log(self, lines: list[str]) -> None:
        for line in lines:
            self.log.appendPlainText(line)
        self._scroll_log()

    def _scroll_log(self) -> None:
        bar = self.log.verticalScrollBar()
        bar.setValue(bar.maximum())

    # -- the action bar -------------------------------------------------------------------
    def set_game_buttons(self, gestures: list[Gesture], lang: str,
                         press: Callable[[str], object]) -> None:
        """A button for each of ``gestures``; ``press(action)`` when one is clicked or its
        key is pressed. The same buttons again are kept (an old hint's highlight goes)."""
        wanted = [(g.action, self._button_text(g, lang)) for g in gestures]
        if wanted == [(b.property("action"), b.text()) for b in self.game_buttons]:
            for b in self.game_buttons:
                b.setStyleSheet(GAME_BUTTON_STYLE)  # drop an old hint's highlight
            return
        if any(b.hasFocus() for b in self.game_buttons):
            # The button in focus goes (it was pressed): the keyboard goes back to the table,
            # where the next move usually is, rather than to whatever follows the button.
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        for b in self.game_buttons:
            self.game_buttons_box.removeWidget(b)
            b.hide()  # deletion waits for the event loop; it must vanish now
            b.deleteLater()
        self.game_buttons = []
        for g in gestures:
            button = QPushButton(self._button_text(g, lang))
            button.setMinimumHeight(38)
            button.setStyleSheet(GAME_BUTTON_STYLE)
            button.setProperty("action", g.action)
            # Reached by Tab after the table's steps (a click leaves the focus where it is),
            # and pressed by Enter as by Space.
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setAutoDefault(True)
            if g.shortcut and g.shortcut not in WINDOW_KEYS:
                # A button's own shortcut clicks it 100 ms after the key goes down, and drops
                # a second press inside those 100 ms; a game played to a beat cannot wait, so
                # the key acts at once (held down, it does not repeat the move). Qt's "Enter"
                # is the keypad's key only: the main keyboard's Return answers too.
                for seq in (g.shortcut, "Return") if g.shortcut == "Enter" else (g.shortcut,):
                    key = QShortcut(QKeySequence(seq), button)
                    key.setAutoRepeat(False)
                    key.activated.connect(
                        lambda a=g.action, b=button: self._key_press(a, b, press))
                button.setProperty("key", g.shortcut)
            button.clicked.connect(lambda _=False, a=g.action: press(a))
            self.game_buttons_box.addWidget(button)
            self.game_buttons.append(button)
        # Tab order: the table, its buttons left to right, then the log.
        chain: list[QWidget] = [self.table, *self.game_buttons, self.log]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    @staticmethod
    def _button_text(g: Gesture, lang: str) -> str:
        label = gesture_label(g, lang)
        # A key the window keeps for itself does not press the button: it is not shown.
        return tr("bar.key", lang, label=label, shortcut=g.shortcut) \
            if g.shortcut and g.shortcut not in WINDOW_KEYS else label

    @staticmethod
    def _key_press(action: str, button: QPushButton, press: Callable[[str], object]) -> None:
        button.setDown(True)  # the button shows the key press, as a click would
        QTimer.singleShot(120, button, lambda: button.setDown(False))
        press(action)

    def mark_hint(self, action: str) -> None:
        """Highlight the button of the action a hint suggests."""
        for b in self.game_buttons:
            if b.property("action") == action:
                b.setStyleSheet(GAME_BUTTON_STYLE + "background: #ffe08a;")
