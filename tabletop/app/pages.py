"""The table page and the hot-seat privacy page of the main window.

They live apart from ``window`` so that the window can paint its chooser before this module,
the table widget and the game controller are loaded: the window builds each page the first
time a match needs it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from . import status as st
from .i18n import tr

STATUS_STYLES: dict[str, str] = {
    st.INFO: "color: #2b2b2b; background: #f4efe2;",
    st.TURN: "color: #1d3b2a; background: #e3f1e6; font-weight: bold;",
    st.WARNING: "color: #8f1d12; background: #fbe3df; font-weight: bold;",
    st.THINKING: "color: #4a4a4a; background: #eceae4; font-style: italic;",
    st.OVER: "color: #23306b; background: #e4e8f7; font-weight: bold;",
}


class PrivacyPage(QWidget):
    """A full-page barrier shown while the screen passes between two people."""

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
        self.title.setStyleSheet("color: #f4ecd8; font-size: 30pt; font-weight: bold;")
        self.body = QLabel()
        self.body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.body.setWordWrap(True)
        self.body.setStyleSheet("color: #cfd8dc; font-size: 14pt;")
        self.button = QPushButton()
        self.button.setMinimumHeight(64)
        self.button.setStyleSheet("font-size: 16pt; font-weight: bold; padding: 8px 32px;")
        self.button.clicked.connect(self.ready.emit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.button)
        row.addStretch(1)
        lay.addWidget(self.title)
        lay.addSpacing(12)
        lay.addWidget(self.body)
        lay.addSpacing(30)
        lay.addLayout(row)
        lay.addStretch(3)

    def set_player(self, name: str, lang: str) -> None:
        self.title.setText(tr("privacy.title", lang, player=name))
        self.body.setText(tr("privacy.body", lang))
        self.button.setText(tr("privacy.button", lang, player=name))

    def mouseReleaseEvent(self, event: Any) -> None:  # the whole page is the button
        if event.button() == Qt.MouseButton.LeftButton:
            self.ready.emit()
        super().mouseReleaseEvent(event)


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
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.status.setMinimumHeight(44)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status_kind = st.INFO
        status_row.addWidget(self.status, 1)
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
        self.game_buttons_box = QHBoxLayout()
        bar.addLayout(self.game_buttons_box)
        bar.addStretch(1)
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
        self.log_title.setText(tr("log.title", lang))
        self.hint_button.setText(f"{tr('bar.hint', lang)} (H)")
        self.undo_button.setText(tr("bar.undo", lang))
        self.redo_button.setText(tr("bar.redo", lang))

    def set_status(self, text: str, kind: str) -> None:
        self.status_kind = kind
        self.status.setText(text)
        self.status.setStyleSheet(
            f"QLabel#status {{ {STATUS_STYLES.get(kind, STATUS_STYLES[st.INFO])}"
            " font-size: 16pt; padding: 6px 12px; border-radius: 6px; }")
        self.busy.setVisible(kind == st.THINKING)

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
