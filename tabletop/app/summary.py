"""The end-of-game summary: who won and why, and a chart of how the game went.

The chart plots every number the game's view reports through ``series`` (HP, mana, money…)
against the move number, one line per series, coloured by the player it belongs to. pyqtgraph
is imported here and only here, when the first game ends, so start-up stays quick.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .i18n import tr

PLAYER_COLOURS = ("#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98", "#148f77")
_DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine,
           Qt.PenStyle.DashDotLine)


def series_owner(name: str, player_names: list[str]) -> int | None:
    """Which player a series belongs to, read from its name ("P2 HP", "プレイヤー1 マナ")."""
    for seat, pname in enumerate(player_names):
        if pname and pname in name:
            return seat
    m = re.search(r"(?:^|\D)([1-9])(?:\D|$)", name)
    if m is not None and int(m.group(1)) <= len(player_names):
        return int(m.group(1)) - 1
    return None


def series_lines(samples: list[tuple[int, dict[str, float]]]
                 ) -> dict[str, tuple[list[float], list[float]]]:
    """Per series name: x (move numbers) and y values, in first-seen order."""
    lines: dict[str, tuple[list[float], list[float]]] = {}
    for x, values in samples:
        for name, value in values.items():
            xs, ys = lines.setdefault(name, ([], []))
            xs.append(float(x))
            ys.append(float(value))
    return lines


class SummaryDialog(QDialog):
    """Winner text, the chart, and Play again / Replay / Back to game list / Close."""

    play_again = Signal()
    back_to_chooser = Signal()
    replay_requested = Signal()

    def __init__(self, game_name: str, text: str, samples: list[tuple[int, dict[str, float]]],
                 player_names: list[str], lang: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{tr('summary.title', lang)} — {game_name}")
        self.resize(760, 580)
        lay = QVBoxLayout(self)
        heading = QLabel(tr("summary.title", lang))
        heading.setStyleSheet("font-size: 20pt; font-weight: bold;")
        self.text = QLabel(text)
        self.text.setObjectName("summaryText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setStyleSheet("font-size: 14pt;")
        lay.addWidget(heading)
        lay.addWidget(self.text)

        self.lines = series_lines(samples)
        self.plot = None
        if self.lines:
            self.plot = self._chart(player_names, lang)
            lay.addWidget(self.plot, 1)
        else:
            none = QLabel(tr("summary.no_chart", lang))
            none.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lay.addWidget(none, 1)

        buttons = QHBoxLayout()
        self.again_button = QPushButton(tr("summary.again", lang))
        self.replay_button = QPushButton(tr("summary.replay", lang))
        self.chooser_button = QPushButton(tr("summary.chooser", lang))
        self.close_button = QPushButton(tr("summary.close", lang))
        self.again_button.setDefault(True)
        for b in (self.again_button, self.replay_button, self.chooser_button,
                  self.close_button):
            b.setMinimumHeight(36)
            b.setStyleSheet("font-size: 12pt; padding: 4px 16px;")
        self.again_button.clicked.connect(self._again)
        self.chooser_button.clicked.connect(self._chooser)
        self.replay_button.clicked.connect(self.replay_requested.emit)
        self.close_button.clicked.connect(self.close)
        buttons.addWidget(self.again_button)
        buttons.addWidget(self.replay_button)
        buttons.addWidget(self.chooser_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        lay.addLayout(buttons)

    def _chart(self, player_names: list[str], lang: str) -> QWidget:
        import pyqtgraph as pg

        plot = pg.PlotWidget(background="#fbf8f1")
        plot.setTitle(tr("summary.chart", lang), color="#333333", size="13pt")
        plot.setLabel("bottom", tr("summary.x", lang))
        plot.setLabel("left", tr("summary.y", lang))
        plot.showGrid(x=True, y=True, alpha=0.25)
        plot.addLegend(offset=(10, 10), labelTextColor="#222222")
        per_owner: dict[int | None, int] = {}
        for i, (name, (xs, ys)) in enumerate(self.lines.items()):
            owner = series_owner(name, player_names)
            nth = per_owner.get(owner, 0)
            per_owner[owner] = nth + 1
            colour = PLAYER_COLOURS[(owner if owner is not None else i) % len(PLAYER_COLOURS)]
            if owner is None:
                colour = "#555555" if i == 0 else PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
            pen = pg.mkPen(colour, width=2.5, style=_DASHES[nth % len(_DASHES)])
            plot.plot(xs, ys, pen=pen, name=name)
        widget: QWidget = plot
        return widget

    def _again(self) -> None:
        self.play_again.emit()

    def _chooser(self) -> None:
        self.back_to_chooser.emit()
