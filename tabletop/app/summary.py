"""The end-of-game summary: who won and why, the score breakdown, and charts of how it went.

The charts plot every number the game's view reports through ``series`` (HP, mana, money…)
against the move number, or against the round for games played in rounds, one line per series,
coloured by the player it belongs to. A view that names panels gets one chart per panel, in
tabs; a view that gives a score table gets it under the winner text. pyqtgraph is imported here and
only here, when the first game ends, so start-up stays quick.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from .fit import resize_to_fit
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
    """Per series name: x (move or round numbers) and y values, in first-seen order.

    Samples that share an x keep the last value: with rounds as x that is the value at the end
    of the round, one point per round.
    """
    points: dict[str, dict[float, float]] = {}
    for x, values in samples:
        for name, value in values.items():
            points.setdefault(name, {})[float(x)] = float(value)
    return {name: (list(by_x), list(by_x.values())) for name, by_x in points.items()}


def panel_lines(lines: dict[str, tuple[list[float], list[float]]],
                panels: Sequence[tuple[str, Sequence[str]]], other: str
                ) -> list[tuple[str, dict[str, tuple[list[float], list[float]]]]]:
    """The series of each panel, by the first panel whose words the name contains (ignoring
    case); the rest under ``other`` at the end, so no series is lost. Empty panels are left
    out."""
    grouped: list[tuple[str, dict[str, tuple[list[float], list[float]]]]] = [
        (title, {}) for title, _ in panels]
    rest: dict[str, tuple[list[float], list[float]]] = {}
    for name, line in lines.items():
        low = name.casefold()
        for (_, words), (_, group) in zip(panels, grouped, strict=True):
            if any(w.casefold() in low for w in words):
                group[name] = line
                break
        else:
            rest[name] = line
    if rest:
        grouped.append((other, rest))
    return [(title, group) for title, group in grouped if group]


class SummaryDialog(QDialog):
    """Winner text, the score table, the charts, and Play again / Replay / Review / Back to game
    list / Close."""

    play_again = Signal()
    back_to_chooser = Signal()
    replay_requested = Signal()
    review_requested = Signal()

    def __init__(self, game_name: str, text: str, samples: list[tuple[int, dict[str, float]]],
                 player_names: list[str], lang: str, parent: QWidget | None = None, *,
                 score_table: list[list[str]] | None = None, x_label: str | None = None,
                 panels: Sequence[tuple[str, Sequence[str]]] = (),
                 colours: Sequence[tuple[str, str]] = (),
                 high_scores: tuple[str, list[list[str]], int | None] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{tr('summary.title', lang)} — {game_name}")
        lay = QVBoxLayout(self)
        heading = QLabel(tr("summary.title", lang))
        heading.setStyleSheet("font-size: 20pt; font-weight: bold;")
        self.score_table: QTableWidget | None = None
        if score_table and len(score_table) > 1:
            self.score_table = self._table(score_table)
        resize_to_fit(self, 900, 820 if self.score_table is not None else 580)
        self.text = QLabel(text)
        self.text.setObjectName("summaryText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setStyleSheet("font-size: 14pt;")
        lay.addWidget(heading)
        lay.addWidget(self.text)
        if self.score_table is not None:
            lay.addWidget(self.score_table)

        self.x_label = x_label or tr("summary.x", lang)
        self.colours = list(colours)
        self.lines = series_lines(samples)
        self.plot: QWidget | None = None  # the first chart
        self.plots: list[QWidget] = []
        self.chart_tabs: QTabWidget | None = None
        groups = panel_lines(self.lines, panels, tr("summary.other", lang)) if panels else []
        if not groups and self.lines and high_scores is not None:
            groups = [(tr("summary.chart", lang), self.lines)]
        self.high_scores: QTableWidget | None = None
        if groups or high_scores is not None:
            self.chart_tabs = QTabWidget()
            self.chart_tabs.setObjectName("chartTabs")
            self.chart_tabs.setStyleSheet("QTabBar::tab { font-size: 12pt; padding: 4px 14px; }")
            if high_scores is not None:
                # A solo game's list comes first: where this game ranks is the first question.
                title, rows, mark = high_scores
                self.high_scores = self._table(rows, total_row=False, mark=mark)
                self.high_scores.setObjectName("highScores")
                self.high_scores.setMaximumHeight(16777215)
                self.chart_tabs.addTab(self.high_scores, title)
            for title, group in groups:
                # The tab names the chart; its y axis says what is counted (the same words).
                chart = self._chart(None, group, player_names, lang, y_label=title)
                self.plots.append(chart)
                self.chart_tabs.addTab(chart, title)
            self.chart_tabs.setMinimumHeight(280)
            lay.addWidget(self.chart_tabs, 1)
        elif self.lines:
            self.plots.append(self._chart(tr("summary.chart", lang), self.lines, player_names,
                                          lang))
            lay.addWidget(self.plots[0], 1)
        else:
            none = QLabel(tr("summary.no_chart", lang))
            none.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lay.addWidget(none, 1)
        if self.plots:
            self.plot = self.plots[0]
        buttons = QHBoxLayout()
        self.again_button = QPushButton(tr("summary.again", lang))
        self.replay_button = QPushButton(tr("summary.replay", lang))
        self.review_button = QPushButton(tr("summary.review", lang))
        self.chooser_button = QPushButton(tr("summary.chooser", lang))
        self.close_button = QPushButton(tr("summary.close", lang))
        self.again_button.setDefault(True)
        for b in (self.again_button, self.replay_button, self.review_button,
                  self.chooser_button, self.close_button):
            b.setMinimumHeight(36)
            b.setStyleSheet("font-size: 12pt; padding: 4px 16px;")
        self.again_button.clicked.connect(self._again)
        self.chooser_button.clicked.connect(self._chooser)
        self.replay_button.clicked.connect(self.replay_requested.emit)
        self.review_button.clicked.connect(self.review_requested.emit)
        self.close_button.clicked.connect(self.close)
        buttons.addWidget(self.again_button)
        buttons.addWidget(self.replay_button)
        buttons.addWidget(self.review_button)
        buttons.addWidget(self.chooser_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        lay.addLayout(buttons)

    def _table(self, rows: list[list[str]], total_row: bool = True,
               mark: int | None = None) -> QTableWidget:
        header, body = rows[0], rows[1:]
        table = QTableWidget(len(body), len(header))
        table.setObjectName("scoreTable")
        font = QFont(table.font())
        font.setPointSize(12)
        table.setFont(font)
        table.horizontalHeader().setFont(font)
        table.setHorizontalHeaderLabels(header)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        table.setAlternatingRowColors(True)
        bold = QFont(font)
        bold.setBold(True)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for r, row in enumerate(body):
            for c, cell in enumerate(row[:len(header)]):
                item = QTableWidgetItem(cell)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                if c:
                    item.setTextAlignment(right)
                if (total_row and r == len(body) - 1) or r == mark:
                    item.setFont(bold)
                if r == mark:
                    item.setBackground(QColor("#ffe08a"))
                table.setItem(r, c, item)
        head = table.horizontalHeader()
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        # Never narrower or shorter than its texts, so the breakdown neither scrolls nor
        # elides; the player columns share any width beyond that.
        frame = 2 * table.frameWidth()
        table.setMinimumWidth(sum(table.columnWidth(c) for c in range(len(header))) + frame)
        table.setFixedHeight(head.sizeHint().height() + frame
                             + sum(table.rowHeight(r) for r in range(len(body))))
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        for c in range(1, len(header)):
            head.setSectionResizeMode(c, QHeaderView.ResizeMode.Stretch)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return table

    def _chart(self, title: str | None, lines: dict[str, tuple[list[float], list[float]]],
               player_names: list[str], lang: str, y_label: str = "") -> QWidget:
        import pyqtgraph as pg

        plot = pg.PlotWidget(background="#fbf8f1")
        if title:
            plot.setTitle(title, color="#333333", size="13pt")
        label_style = {"color": "#333333", "font-size": "11pt"}
        plot.setLabel("bottom", self.x_label, **label_style)
        if y_label:  # otherwise the legend's names say what each line counts
            plot.setLabel("left", y_label, **label_style)
        tick_font = QFont()
        tick_font.setPointSize(10)
        for side in ("bottom", "left"):
            axis = plot.getAxis(side)
            axis.setTickFont(tick_font)
            axis.setTextPen("#333333")
        plot.showGrid(x=True, y=True, alpha=0.25)
        columns = min(4, max(1, len(lines)))
        plot.addLegend(offset=(10, 6), labelTextColor="#222222", labelTextSize="10pt",
                       colCount=columns, brush=pg.mkBrush(251, 248, 241, 230))
        xs_all = sorted({x for xs, _ in lines.values() for x in xs})
        few = len(xs_all) <= 30  # few enough points to mark each one
        if len(xs_all) <= 15 and all(x.is_integer() for x in xs_all):
            # Whole rounds (or few moves): a tick on each, no fractions in between.
            plot.getAxis("bottom").setTicks([[(x, str(int(x))) for x in xs_all]])
        per_owner: dict[int | None, int] = {}
        per_colour: dict[str, int] = {}
        for i, (name, (xs, ys)) in enumerate(lines.items()):
            owner = series_owner(name, player_names)
            fixed = next((c for words, c in self.colours if words.casefold() in name.casefold()),
                         None)
            if fixed is not None:
                # The game's colour for what is counted; the dash tells the players apart.
                colour = fixed
                nth = per_colour.get(fixed, 0)
                per_colour[fixed] = nth + 1
            else:
                nth = per_owner.get(owner, 0)
                per_owner[owner] = nth + 1
                colour = PLAYER_COLOURS[(owner if owner is not None else i)
                                        % len(PLAYER_COLOURS)]
                if owner is None:
                    colour = "#555555" if i == 0 else PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
            pen = pg.mkPen(colour, width=2.5, style=_DASHES[nth % len(_DASHES)])
            if few:
                plot.plot(xs, ys, pen=pen, name=name, symbol="o", symbolSize=6,
                          symbolBrush=colour, symbolPen=colour)
            else:
                plot.plot(xs, ys, pen=pen, name=name)
        ys_all = [y for _, ys in lines.values() for y in ys]
        if ys_all:
            # Headroom above the highest value for the legend's rows, so it covers no line.
            lo, hi = min(ys_all), max(ys_all)
            if hi == lo:
                # A value that never moved is drawn against zero: a range around it alone
                # (1.00-1.15) reads as a swing where there was none.
                lo, hi = min(0.0, lo), max(0.0, hi, lo + 1.0)
            span = hi - lo
            rows = -(-len(lines) // columns)
            plot.setYRange(lo, hi + span * (0.06 + 0.09 * rows))
        widget: QWidget = plot
        return widget

    def _again(self) -> None:
        self.play_again.emit()

    def _chooser(self) -> None:
        self.back_to_chooser.emit()
