"""The Statistics window (Game ▸ Statistics…): how a person has fared in each game, per opponent
level, read from the game records (``tabletop.records``).

For the game chosen at the top (by default the game on the table, else the last one played) a
table gives, per opponent level, the games, wins, losses and draws, the win rate with its 95%
Wilson interval, the current and the longest winning streak, the best score and the date of the
latest game (on the player's calendar; the records keep UTC); a chart below plots the win rate
after each game, one line per level. Export CSV writes that game's records, one game a row.
Below them the recent finished games of that game (the ones the app files, ``saves``) are
listed, newest first; Review… or a double-click on one opens its Review window
(``review_requested`` with the save's path). With nothing recorded yet the window says so.
The records are read afresh each time the window opens or the game changes; a damaged record
file is set aside by the store and named here.
pyqtgraph loads when the first chart is drawn, not with the app.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.files import local_time
from tabletop.engine.spec import AI_LEVELS
from tabletop.records import (
    ALL,
    PEOPLE,
    SOLO,
    Figures,
    GameRecord,
    RecordStore,
    games_played,
    levels,
    series,
    statistics,
    write_csv,
)
from tabletop.text import sentences

from .fit import resize_to_fit
from .i18n import plain, sort_key, spec_name, tr
from .summary import PLAYER_COLOURS

if TYPE_CHECKING:
    from tabletop.api import GamePlugin

    from .saves import SaveStore

COLUMNS = ("stats.level", "stats.games", "stats.wins", "stats.losses", "stats.draws",
           "stats.rate", "stats.interval", "stats.streak", "stats.longest", "stats.best",
           "stats.last")
GAME_COLUMNS = ("stats.ended", "stats.level", "stats.result")
#: The save's path a row of the finished games carries.
PATH = Qt.ItemDataRole.UserRole


def level_name(level: str, lang: str) -> str:
    """An opponent level in words: "Computer (normal)", "People + computer (hard)"."""
    if level in (ALL, PEOPLE, SOLO, *AI_LEVELS):
        return tr(f"stats.level.{level}", lang)
    parts = level.split("+")
    return " + ".join(tr(f"stats.level.{p}", lang) if p in (PEOPLE, *AI_LEVELS) else p
                      for p in parts)


def _percent(x: float) -> str:
    return f"{x * 100:.0f}%"


def figure_row(f: Figures, lang: str) -> list[str]:
    """The table's cells for one row of figures."""
    best = "" if f.best_score is None else f"{f.best_score:g}"
    return [level_name(f.level, lang), str(f.games), str(f.wins), str(f.losses), str(f.draws),
            _percent(f.win_rate), f"{_percent(f.low)} – {_percent(f.high)}", str(f.streak),
            str(f.longest), best, local_time(f.last, date_only=True)]


class StatsWindow(QDialog):
    """A non-modal window over the main one; follows the app's language. ``saves`` is where
    the finished games listed for review are read (``None``: no list)."""

    review_requested = Signal(str)  # the path of a finished game's save

    def __init__(self, plugins: Mapping[str, GamePlugin], lang: str,
                 parent: QWidget | None = None, *, store: RecordStore | None = None,
                 export_dir: Path | None = None, saves: SaveStore | None = None) -> None:
        super().__init__(parent)
        self.saves = saves
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.plugins = plugins
        self.lang = lang
        self.store = store or RecordStore()
        self.export_dir = export_dir
        self.records: list[GameRecord] = []
        self.problem = ""  # what was wrong with the record file, if anything
        self.plot: Any = None
        resize_to_fit(self, 1120, 720)
        font = QFont(self.font())
        font.setPointSize(11)
        self.setFont(font)

        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.game_label = QLabel()
        self.game_combo = QComboBox()
        self.game_combo.setMinimumWidth(260)
        self.game_combo.currentIndexChanged.connect(lambda _=0: self.refresh())
        top.addWidget(self.game_label)
        top.addWidget(self.game_combo)
        top.addStretch(1)
        lay.addLayout(top)

        self.stack = QStackedWidget()
        self.empty = QLabel()
        self.empty.setObjectName("statsEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("font-size: 15pt; color: #555555;")
        self.content = QWidget()
        body = QVBoxLayout(self.content)
        body.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("statsTable")
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)  # rows sized while the columns are narrow stay one line
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555555;")
        self.chart_box = QVBoxLayout()
        body.addWidget(self.table)
        body.addWidget(self.note)
        body.addLayout(self.chart_box, 1)
        games_head = QHBoxLayout()
        self.games_label = QLabel()
        self.games_label.setStyleSheet("font-weight: bold;")
        self.review_button = QPushButton()
        self.review_button.setObjectName("statsReview")
        self.review_button.clicked.connect(lambda _=False: self.review_selected())
        games_head.addWidget(self.games_label, 1)
        games_head.addWidget(self.review_button)
        body.addLayout(games_head)
        self.games = QTableWidget(0, len(GAME_COLUMNS))
        self.games.setObjectName("statsGames")
        self.games.verticalHeader().setVisible(False)
        self.games.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.games.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.games.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.games.setWordWrap(False)
        self.games.setMaximumHeight(150)
        self.games.itemSelectionChanged.connect(self._selection_changed)
        self.games.cellDoubleClicked.connect(lambda row, _c: self._review_row(row))
        body.addWidget(self.games)
        self.stack.addWidget(self.content)
        self.stack.addWidget(self.empty)
        lay.addWidget(self.stack, 1)

        self.where = QLabel()
        self.where.setObjectName("statsWhere")
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.where.setStyleSheet("color: #555555;")
        lay.addWidget(self.where)
        buttons = QHBoxLayout()
        self.export_button = QPushButton()
        self.export_button.clicked.connect(self.export_csv)
        self.status = QLabel()
        self.status.setObjectName("statsStatus")
        self.status.setWordWrap(True)
        self.close_button = QPushButton()
        self.close_button.clicked.connect(self.close)
        for b in (self.export_button, self.close_button):
            b.setMinimumHeight(34)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.close_button)
        lay.addLayout(buttons)
        self._retranslate()

    # -- what is shown ----------------------------------------------------------------------
    def load(self, game_id: str | None = None) -> None:
        """Read the records again and show ``game_id`` (default: the game shown, else the
        last one played)."""
        loaded = self.store.read()
        self.records = loaded.records
        self.problem = ""
        if loaded.damaged is not None:
            kept = loaded.damaged.kept
            self.problem = tr("stats.damaged", self.lang, problem=loaded.damaged.problem,
                              file=str(kept if kept is not None else loaded.damaged.path))
        played = games_played(self.records)
        chosen = game_id or (played[0] if played else self.game_id())
        self._fill_games(chosen)
        self.refresh()

    def game_id(self) -> str | None:
        data = self.game_combo.currentData()
        return data if isinstance(data, str) else None

    def _fill_games(self, chosen: str | None) -> None:
        """Every installed game, and any game with records that is no longer installed."""
        ids = list(self.plugins)
        ids += [g for g in games_played(self.records) if g not in self.plugins]

        def name(g: str) -> str:
            plugin = self.plugins.get(g)
            return spec_name(plugin.listing, self.lang) if plugin is not None else g

        def key(g: str) -> str:
            plugin = self.plugins.get(g)
            return sort_key(plugin.listing, self.lang) if plugin is not None else g.casefold()

        self.game_combo.blockSignals(True)
        self.game_combo.clear()
        for g in sorted(ids, key=key):
            self.game_combo.addItem(name(g), g)
        index = self.game_combo.findData(chosen) if chosen is not None else -1
        self.game_combo.setCurrentIndex(max(0, index))
        self.game_combo.blockSignals(False)

    def refresh(self) -> None:
        """Show the figures and the chart of the chosen game."""
        lang = self.lang
        game = self.game_id() or ""
        rows = statistics(self.records, game) if game else []
        self.figures = rows
        self.where.setText("\n".join(t for t in (
            self.problem, tr("stats.where", lang, file=str(self.store.path))) if t))
        self.export_button.setEnabled(bool(rows))
        if not rows:
            self.empty.setText(tr("stats.none", lang, game=self.game_combo.currentText()))
            self.stack.setCurrentWidget(self.empty)
            self._set_chart(None)
            return
        self.stack.setCurrentWidget(self.content)
        self._fill_table(rows)
        people = any(f.level.startswith(PEOPLE) for f in rows)
        self.note.setText(sentences([tr("stats.note", lang),
                                     tr("stats.note_people", lang) if people else ""], lang))
        self._set_chart(game)
        self._fill_games_played(game)

    def _fill_games_played(self, game: str) -> None:
        """The recent finished games of ``game``, newest first, for review."""
        lang = self.lang
        found = self.saves.finished_games(game) if self.saves is not None else []
        table = self.games
        table.setRowCount(0)
        for path, data in found:
            returns = data.result or []
            if len(returns) != len(data.seats):
                continue  # a finished save without its returns says nothing to list
            # The record's own reading of who played and how the person fared.
            record = GameRecord.finished(data.game_id, data.seats, returns, date=data.updated)
            row = table.rowCount()
            table.insertRow(row)
            cells = (local_time(data.updated), level_name(record.level, lang),
                     tr(f"stats.result.{record.result}", lang))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(PATH, str(path))
                table.setItem(row, c, item)
        head = table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        shown = bool(table.rowCount())
        for w in (self.games_label, self.review_button, table):
            w.setVisible(shown)
        self._selection_changed()

    def _selection_changed(self) -> None:
        self.review_button.setEnabled(bool(self.games.selectedItems()))

    def review_selected(self) -> None:
        """Ask for the review of the finished game selected in the list."""
        rows = {i.row() for i in self.games.selectedItems()}
        if rows:
            self._review_row(min(rows))

    def _review_row(self, row: int) -> None:
        item = self.games.item(row, 0)
        if item is not None:
            self.review_requested.emit(str(item.data(PATH)))

    def _fill_table(self, rows: list[Figures]) -> None:
        table = self.table
        table.setRowCount(len(rows))
        bold = QFont(table.font())
        bold.setBold(True)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for r, f in enumerate(rows):
            for c, cell in enumerate(figure_row(f, self.lang)):
                item = QTableWidgetItem(cell)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                if c:
                    item.setTextAlignment(right)
                if f.level == ALL:
                    item.setFont(bold)
                table.setItem(r, c, item)
        head = table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        table.resizeRowsToContents()
        shown = min(len(rows), 6)
        table.setFixedHeight(head.sizeHint().height() + 2 * table.frameWidth() + 2
                             + sum(table.rowHeight(r) for r in range(shown)))

    def _set_chart(self, game: str | None) -> None:
        """The win rate after each game, one line per opponent level (pyqtgraph, on first
        use)."""
        if game is None:
            if self.plot is not None:
                self.plot.hide()
            return
        import pyqtgraph as pg

        lang = self.lang
        if self.plot is None:
            self.plot = pg.PlotWidget(background="#fbf8f1")
            self.plot.setObjectName("statsChart")
            self.plot.setMinimumHeight(220)
            tick_font = QFont()
            tick_font.setPointSize(10)
            for side in ("bottom", "left"):
                axis = self.plot.getAxis(side)
                axis.setTickFont(tick_font)
                axis.setTextPen("#333333")
            self.plot.showGrid(x=True, y=True, alpha=0.25)
            self.plot.setMouseEnabled(x=False, y=False)
            self.chart_box.addWidget(self.plot, 1)
        plot = self.plot
        plot.show()
        plot.clear()
        legend = plot.plotItem.legend
        if legend is not None:
            legend.scene().removeItem(legend)
            plot.plotItem.legend = None
        style = {"color": "#333333", "font-size": "11pt"}
        plot.setTitle(tr("stats.chart", lang), color="#333333", size="12pt")
        plot.setLabel("bottom", tr("stats.chart_x", lang), **style)
        plot.setLabel("left", tr("stats.chart_y", lang), **style)
        shown_levels = levels(self.records, game)
        columns = min(4, max(1, len(shown_levels)))
        plot.addLegend(offset=(10, 4), labelTextColor="#222222", labelTextSize="10pt",
                       colCount=columns, brush=pg.mkBrush(251, 248, 241, 230))
        longest = 1
        for i, level in enumerate(shown_levels):
            points = series(self.records, game, level)
            xs = [float(p.n) for p in points]
            ys = [p.win_rate * 100 for p in points]
            longest = max(longest, len(points))
            colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
            pen = pg.mkPen(colour, width=2.5)
            if len(points) <= 40:
                plot.plot(xs, ys, pen=pen, name=level_name(level, lang), symbol="o",
                          symbolSize=6, symbolBrush=colour, symbolPen=colour)
            else:
                plot.plot(xs, ys, pen=pen, name=level_name(level, lang))
        # Room above 100% for the legend's rows, so that it covers no line.
        rows = -(-len(shown_levels) // columns)
        plot.setYRange(-4, 104 + 14 * rows, padding=0)
        plot.getAxis("left").setTicks([[(v, f"{v}") for v in (0, 25, 50, 75, 100)]])
        plot.setXRange(1, max(2, longest), padding=0.04)
        if longest <= 12:
            plot.getAxis("bottom").setTicks([[(n, str(n)) for n in range(1, longest + 1)]])
        else:
            plot.getAxis("bottom").setTicks(None)

    # -- export -----------------------------------------------------------------------------
    def export_csv(self) -> Path | None:
        """Ask where, then write the chosen game's records as CSV; say how it went."""
        game = self.game_id()
        rows = [r for r in self.records if r.game == game]
        if not rows:
            return None
        start = self.export_dir
        if start is None or not start.is_dir():
            start = self.store.directory.parent
        name = f"{game}-statistics.csv"
        path, _ = QFileDialog.getSaveFileName(self, plain(tr("stats.export", self.lang)),
                                              str(start / name), "CSV (*.csv)")
        if not path:
            return None
        target = Path(path)
        if not target.suffix:
            target = target.with_suffix(".csv")
        try:
            write_csv(target, rows)
        except OSError as exc:
            self.status.setText(tr("stats.export_failed", self.lang, error=str(exc)))
            return None
        self.status.setText(tr("stats.exported", self.lang, n=len(rows), file=str(target)))
        return target

    # -- language ---------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._retranslate()
        self._fill_games(self.game_id())
        self.refresh()

    def _retranslate(self) -> None:
        lang = self.lang
        self.setWindowTitle(plain(tr("stats.title", lang)))
        self.game_label.setText(tr("stats.game", lang))
        self.table.setHorizontalHeaderLabels([tr(k, lang) for k in COLUMNS])
        self.games.setHorizontalHeaderLabels([tr(k, lang) for k in GAME_COLUMNS])
        self.games_label.setText(tr("stats.finished", lang))
        self.review_button.setText(tr("stats.review", lang))
        self.export_button.setText(tr("stats.export", lang))
        self.close_button.setText(tr("stats.close", lang))
        self.status.setText("")
