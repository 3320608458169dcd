"""The Review window: one seat's decisions of a finished game judged in the background, a chart
of that seat's chances after each, the decisions where they fell most with the better move, and
a click on either opening Replay at that moment from that seat.

The judging is ``tabletop.review``'s, run on a thread of its own so the window stays live; a
progress bar counts the decisions and Cancel (or closing the window) stops it. Each decision is
judged from what the seat knew then (its observation, as the Hint sees it), so a review says
nothing the seat could not have known, and a drop within the search's own margin is not called
a mistake. Where the rules give a reason why the better move was better, its line says it in
the game's own words (and where they give none, nothing is added).

A check box turns on the second view, "with hindsight": the same decisions judged from the true
state of each moment (the other seats' real hidden cards), under a banner that says so. It is
offered only once the game is over, when every card may be seen; the fair view is the default
and each view is kept apart. The window reads a copy of the game and never changes it.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.ai.base import CancelFlag
from tabletop.api import GamePlugin
from tabletop.engine import Session
from tabletop.review import REVIEW_LEVEL, Judged, Review, ReviewStore, review, seat_plies

from .fit import resize_to_fit
from .i18n import player_name, spec_name, tr

#: Plies a row of the list or a point of the chart carries (``Qt.ItemDataRole.UserRole``).
PLY = Qt.ItemDataRole.UserRole


class ReviewWindow(QDialog):
    """The review of one seat of ``session``; ``replay_requested(ply, seat)`` asks for Replay
    at the position before the decision at ``ply``, seen by ``seat``."""

    replay_requested = Signal(int, int)
    # From the judging thread; Qt delivers them on the window's thread.
    _progressed = Signal(int, int, int)  # run, done, total
    _finished = Signal(int, object)  # run, Review

    def __init__(self, plugin: GamePlugin, session: Session, lang: str = "en",
                 seat: int | None = None, parent: QWidget | None = None, *,
                 seats_allowed: Collection[int] | None = None,
                 names: Sequence[str] = (), store: ReviewStore | None = None) -> None:
        super().__init__(parent)
        self.plugin = plugin
        self.session = session
        self.lang = lang
        self.speaker = plugin.speaker()
        self.names = list(names)
        self.store = store  # where finished reviews are kept (None: not kept)
        self.result: Review | None = None
        self._run = 0
        self._cancel: CancelFlag | None = None
        self._thread: threading.Thread | None = None
        self._closed = threading.Event()
        self.setWindowTitle(tr("review.title", lang, game=spec_name(plugin.game.spec, lang)))
        resize_to_fit(self, 980, 720)

        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("review.seat", lang)))
        self.seat_combo = QComboBox()
        seats = [s for s in range(session.num_players)
                 if seats_allowed is None or s in seats_allowed]
        for s in seats:
            self.seat_combo.addItem(self._name(s), s)
        index = self.seat_combo.findData(seat) if seat is not None else 0
        self.seat_combo.setCurrentIndex(max(0, index))
        self.seat_combo.currentIndexChanged.connect(lambda _i: self.start())
        top.addWidget(self.seat_combo)
        self.hindsight_box = QCheckBox(tr("review.hindsight", lang))
        self.hindsight_box.setObjectName("reviewHindsight")
        self.hindsight_box.setToolTip(tr("review.hindsight_tip", lang))
        # The true state holds every seat's secrets: it may be shown only once all are open.
        self.hindsight_box.setEnabled(session.is_terminal())
        self.hindsight_box.toggled.connect(lambda _on: self.start())
        top.addWidget(self.hindsight_box)
        self.progress = QProgressBar()
        self.progress.setObjectName("reviewProgress")
        top.addWidget(self.progress, 1)
        self.cancel_button = QPushButton(tr("review.cancel", lang))
        self.cancel_button.clicked.connect(lambda _=False: self.cancel())
        top.addWidget(self.cancel_button)
        lay.addLayout(top)

        self.banner = QLabel(tr("review.hindsight_banner", lang))
        self.banner.setObjectName("reviewBanner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background: #f3e2b3; color: #5a3d00; padding: 6px;"
                                  " font-weight: bold;")
        self.banner.setVisible(False)
        lay.addWidget(self.banner)

        self.note = QLabel()
        self.note.setObjectName("reviewNote")
        self.note.setWordWrap(True)
        lay.addWidget(self.note)

        import pyqtgraph as pg  # loads with the first review, not at start-up

        self.plot = pg.PlotWidget(background="#fbf8f1")
        self.plot.setObjectName("reviewChart")
        solo = session.num_players == 1
        label_style = {"color": "#333333", "font-size": "11pt"}
        self.plot.setLabel("left", tr("review.y_solo" if solo else "review.y", lang),
                           **label_style)
        self.plot.setLabel("bottom", tr("review.x", lang), **label_style)
        self.plot.setYRange(0, 100)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.curve = self.plot.plot([], [], pen=pg.mkPen("#23573b", width=2))
        self.points = pg.ScatterPlotItem(size=9, pen=pg.mkPen("#23573b"),
                                         brush=pg.mkBrush("#23573b"))
        self.falls = pg.ScatterPlotItem(size=14, pen=pg.mkPen("#8f1d12", width=2),
                                        brush=pg.mkBrush("#e8a598"))
        for item in (self.points, self.falls):
            item.sigClicked.connect(self._point_clicked)
            self.plot.addItem(item)
        self.round_lines: list[Any] = []  # a dashed line where each round begins
        self._line_pool: list[Any] = []  # every line made: those not needed now are hidden
        self._view = plugin.view()
        lay.addWidget(self.plot, 1)

        self.heading = QLabel(tr("review.falls", lang))
        self.heading.setStyleSheet("font-size: 12pt; font-weight: bold;")
        lay.addWidget(self.heading)
        self.mistakes = QListWidget()
        self.mistakes.setObjectName("reviewMistakes")
        self.mistakes.setWordWrap(True)
        self.mistakes.setMaximumHeight(170)
        self.mistakes.itemClicked.connect(self._item_clicked)
        lay.addWidget(self.mistakes)

        self._progressed.connect(self._on_progress)
        self._finished.connect(self._on_finished)
        self.start()

    # -- judging --------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return int(self.seat_combo.currentData())

    @property
    def hindsight(self) -> bool:
        """Whether the view shown judges with hindsight (from the true state)."""
        return self.hindsight_box.isChecked() and self.session.is_terminal()

    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Judge the chosen seat's decisions, on a thread of its own (a run under way stops)."""
        self.cancel()
        self._run += 1
        run, seat, cancel, hindsight = self._run, self.seat, CancelFlag(), self.hindsight
        self.banner.setVisible(hindsight)
        self._cancel = cancel
        self.result = None
        total = len(seat_plies(self.session, seat))
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(0)
        self.cancel_button.setEnabled(True)
        self.mistakes.clear()
        self._show([])
        self.note.setText(tr("review.working", self.lang, done=0, total=total))
        kept = (None if self.store is None
                else self.store.load(self.session, seat, REVIEW_LEVEL, 0, hindsight))
        if kept is not None:  # judged before: shown at once
            self._on_finished(run, kept)
            return

        closed = self._closed
        # The signals and the session are taken here, on the window's thread: the judging
        # thread then touches no attribute of the window, so it makes no Qt wrapper that the
        # window's thread would have to free.
        progressed, finished, session = self._progressed, self._finished, self.session

        def tell(signal: Any, *args: Any) -> None:
            if not closed.is_set():  # a closed window may be gone: nothing more to say
                signal.emit(*args)

        def work() -> None:
            result = review(session, seat, level=REVIEW_LEVEL, seed=0, cancel=cancel,
                            progress=lambda done, n: tell(progressed, run, done, n),
                            hindsight=hindsight)
            tell(finished, run, result)

        self._thread = threading.Thread(target=work, name="review", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop the judging: the decisions judged by then are shown (``_on_finished``)."""
        if self._cancel is not None:
            self._cancel.set()

    def _on_progress(self, run: int, done: int, total: int) -> None:
        if run != self._run:
            return
        self.progress.setValue(done)
        self.note.setText(tr("review.working", self.lang, done=done, total=total))

    def _on_finished(self, run: int, result: Review) -> None:
        if run != self._run:
            return  # a run for another seat, cancelled by the choice of this one
        self.result = result
        if self.store is not None:
            self.store.keep(self.session, result)
        self.cancel_button.setEnabled(False)
        self.progress.setValue(self.progress.maximum() if result.complete
                               else len(result.decisions))
        who = self._name(result.seat)
        if result.complete and result.decisions and not result.curve():
            # Every move was one the search plays by rule (a game played to a beat): it has
            # no chances to give, and an empty chart must not look like a failure.
            self.note.setText(tr("review.no_figures", self.lang, n=len(result.decisions),
                                 player=who))
        elif result.complete:
            self.note.setText(tr("review.done", self.lang, n=len(result.decisions), player=who))
        else:
            self.note.setText(tr("review.cancelled", self.lang, done=len(result.decisions),
                                 player=who))
        self._show(result.decisions)
        self.mistakes.clear()
        falls = result.mistakes()
        for d in falls:
            item = QListWidgetItem(self._words(d))
            item.setData(PLY, d.ply)
            self.mistakes.addItem(item)
        if not falls:
            item = QListWidgetItem(tr("review.none", self.lang))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.mistakes.addItem(item)

    def _show(self, decisions: list[Judged]) -> None:
        shown = [d for d in decisions if d.chance_made is not None]
        xs = [float(d.number) for d in shown]
        ys = [100.0 * (d.chance_made or 0.0) for d in shown]
        self.curve.setData(xs, ys)
        self.points.setData([{"pos": (x, y), "data": d.ply}
                             for x, y, d in zip(xs, ys, shown, strict=True)])
        falls = {d.ply for d in decisions if d.mistake}
        self.falls.setData([{"pos": (x, y), "data": d.ply}
                            for x, y, d in zip(xs, ys, shown, strict=True) if d.ply in falls])
        self._mark_rounds(decisions)

    def _mark_rounds(self, decisions: list[Judged]) -> None:
        """A dashed line before the first decision of each round, where the game counts
        rounds (``GameView.series_round`` of the public view).

        Lines are kept and shown again, never dropped: a line and its label are two Qt items,
        parent and child, that Python's garbage collector may free in either order, and a
        review shown again (another seat, the view with hindsight) made old lines garbage
        that crashed the process when collected."""
        import pyqtgraph as pg

        marks: list[tuple[float, str]] = []
        game, last = self.plugin.game, None
        for d in decisions:
            number = self._view.series_round(game.observation(self.session.state_at(d.ply), None))
            if number is not None and number != last and last is not None:
                marks.append((d.number - 0.5, f"{tr('summary.x_round', self.lang)} {number}"))
            last = number if number is not None else last
        while len(self._line_pool) < len(marks):
            line = pg.InfiniteLine(
                pos=0.0, angle=90,
                pen=pg.mkPen("#8a7a5a", width=1, style=Qt.PenStyle.DashLine), label="",
                # Right of its line; every other label a little higher, so that the labels
                # of two short rounds side by side do not run into each other.
                labelOpts={"position": 0.04 if len(self._line_pool) % 2 == 0 else 0.11,
                           "color": "#6b5a3a", "anchors": [(0, 1), (0, 1)]})
            self.plot.addItem(line)
            self._line_pool.append(line)
        for i, line in enumerate(self._line_pool):
            if i < len(marks):
                line.setValue(marks[i][0])
                line.label.setFormat(marks[i][1])
            line.setVisible(i < len(marks))
        self.round_lines = self._line_pool[:len(marks)]

    def _words(self, d: Judged) -> str:
        state = self.session.state_at(d.ply)
        line = tr("review.mistake", self.lang, n=d.number,
                  made=self.speaker.describe(state, d.made, self.lang),
                  made_pct=round(100 * (d.chance_made or 0.0)),
                  best=self.speaker.describe(state, d.best, self.lang),
                  best_pct=round(100 * (d.chance_best or 0.0)),
                  margin=round(100 * d.margin))
        if d.reason is None:
            return line
        return f"{line}\n{self.speaker.say(d.reason, self.lang)}"

    def _name(self, seat: int) -> str:
        if seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return player_name(seat, self.lang)

    # -- opening Replay -------------------------------------------------------------------
    def _item_clicked(self, item: QListWidgetItem) -> None:
        ply = item.data(PLY)
        if isinstance(ply, int):
            self.replay_requested.emit(ply, self.seat)

    def _point_clicked(self, _item: Any, points: Any, *_: Any) -> None:
        if len(points):
            self.replay_requested.emit(int(points[0].data()), self.seat)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._closed.set()
        self.cancel()
        if self._thread is not None:
            # The search stops within an iteration once cancelled; the window that owns the
            # game copy goes only after its reader has.
            self._thread.join(timeout=5.0)
        super().closeEvent(event)
