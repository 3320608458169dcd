"""The replay viewer: step through a match move by move, as any seat saw it or as a spectator.

A step is one decision together with the chance it set off (the dice it rolled, the cards it
drew), so every step shows a position where someone had to decide. Step 0 is the opening
position after the first deal. The table is rebuilt from the chosen seat's observation of the
state at that step, so the replay shows exactly what that seat knew then and nothing more; the
log lists the same seat's readable events, with the current step highlighted.

The viewer reads the session's recorded states and never changes them: callers hand it a copy
(a match rebuilt from a save), so the game it came from stays as it was.

Which seats it offers is the caller's decision (``seats_allowed``): every seat of a finished
game, but of a game still being played only the public view and the seat of the person at the
screen, so a replay never shows a hand that the game itself would hide.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSlider,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tabletop.api import GamePlugin
from tabletop.engine import CHANCE, GameView, Session

from .fit import resize_to_fit
from .i18n import player_name, spec_name, tr
from .seat_names import with_names

HUMAN = "human"


def decision_plies(session: Session) -> list[int]:
    """For each step, the number of log entries behind it (index into the recorded states).

    Step 0 follows the opening chance; step k follows the k-th decision and the chance that
    came right after it.
    """
    history = session.history
    n = len(history)
    p = 0
    while p < n and history[p].seat == CHANCE:
        p += 1
    plies = [p]
    for i, rec in enumerate(history):
        if rec.seat == CHANCE:
            continue
        j = i + 1
        while j < n and history[j].seat == CHANCE:
            j += 1
        plies.append(j)
    return plies


class ReplayWindow(QDialog):
    """A non-modal window with its own table, step controls, seat choice and log; a finished
    game offers the review of the seat on show (``review_requested``)."""

    review_requested = Signal(int)

    def __init__(self, plugin: GamePlugin, session: Session, seats: list[str], lang: str = "en",
                 seat: int | None = None, parent: QWidget | None = None,
                 table: Any = None, seats_allowed: Collection[int] | None = None,
                 names: Sequence[str] = ()) -> None:
        super().__init__(parent)
        self.plugin = plugin
        self.game = plugin.game
        self.session = session
        self.seats = list(seats)
        self.lang = lang
        self.view: GameView = plugin.view()
        # The names the people gave, as the match showed them; "Player N" for the others.
        self.names = [names[s] if s < len(names) and names[s] else ""
                      for s in range(session.num_players)]
        self.speaker = plugin.speaker([self._name(s) for s in range(session.num_players)]
                                      if any(self.names) else None)
        self.plies = decision_plies(session)
        self.step = 0
        self.seat: int | None = seat
        self.setWindowTitle(tr("replay.title", lang, game=spec_name(self.game.spec, lang)))
        resize_to_fit(self, 1180, 760)

        if table is None:
            from tabletop.table import TableWidget

            table = TableWidget()
        self.table = table
        self.table.set_language(lang)
        self.table.set_interactive(False)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("replay.seat", lang)))
        self.seat_combo = QComboBox()
        for s in range(session.num_players):
            if seats_allowed is not None and s not in seats_allowed:
                continue
            self.seat_combo.addItem(self._name(s, label=True), s)
        self.seat_combo.addItem(tr("replay.spectator", lang), None)
        index = self.seat_combo.findData(seat) if seat is not None else -1
        self.seat_combo.setCurrentIndex(index if index >= 0 else self.seat_combo.count() - 1)
        self.seat = self.seat_combo.currentData()
        self.seat_combo.currentIndexChanged.connect(self._on_seat_changed)
        top.addWidget(self.seat_combo)
        self.review_button: QPushButton | None = None
        if session.is_terminal():
            self.review_button = QPushButton(tr("replay.review", lang))
            self.review_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.review_button.clicked.connect(lambda _=False: self._ask_review())
            top.addWidget(self.review_button)
        top.addStretch(1)
        self.step_label = QLabel()
        self.step_label.setStyleSheet("font-size: 12pt; font-weight: bold;")
        top.addWidget(self.step_label)
        lay.addLayout(top)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        self.log = QListWidget()
        self.log.setObjectName("replayLog")
        self.log.setWordWrap(True)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log.currentRowChanged.connect(self._on_row_chosen)
        splitter.addWidget(self.log)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([880, 280])
        lay.addWidget(splitter, 1)

        controls = QHBoxLayout()
        self.first_button = QPushButton(f"|◀ {tr('replay.first', lang)}")
        self.back_button = QPushButton(f"◀ {tr('replay.back', lang)}")
        self.forward_button = QPushButton(f"{tr('replay.forward', lang)} ▶")
        self.last_button = QPushButton(f"{tr('replay.last', lang)} ▶|")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, self.last_step)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.valueChanged.connect(self.go_to)
        self._keys = {Qt.Key.Key_Home: self.first, Qt.Key.Key_Left: self.back,
                      Qt.Key.Key_Right: self.forward, Qt.Key.Key_End: self.last}
        for button, slot, key in ((self.first_button, self.first, "Home"),
                                  (self.back_button, self.back, "Left"),
                                  (self.forward_button, self.forward, "Right"),
                                  (self.last_button, self.last, "End")):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setToolTip(key)
            button.clicked.connect(lambda _=False, f=slot: f())
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        controls.addWidget(self.first_button)
        controls.addWidget(self.back_button)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.forward_button)
        controls.addWidget(self.last_button)
        lay.addLayout(controls)

        self._fill_log()
        self.go_to(self.last_step)

    # -- reading --------------------------------------------------------------------------
    @property
    def last_step(self) -> int:
        return len(self.plies) - 1

    def ply(self) -> int:
        """How many log entries lie behind the step on show."""
        return self.plies[self.step]

    def observation(self) -> dict[str, Any]:
        """The chosen seat's observation of the state at the current step."""
        return self.game.observation(self.session.state_at(self.ply()), self.seat)

    def line(self, step: int) -> str:
        return self.log.item(step).text()

    # -- moving ---------------------------------------------------------------------------
    def first(self) -> None:
        self.go_to(0)

    def back(self) -> None:
        self.go_to(self.step - 1)

    def forward(self) -> None:
        self.go_to(self.step + 1)

    def last(self) -> None:
        self.go_to(self.last_step)

    def go_to(self, step: int) -> None:
        step = max(0, min(self.last_step, step))
        self.step = step
        if self.slider.value() != step:
            self.slider.blockSignals(True)
            self.slider.setValue(step)
            self.slider.blockSignals(False)
        if self.log.currentRow() != step:
            self.log.blockSignals(True)
            self.log.setCurrentRow(step)
            self.log.blockSignals(False)
        self.log.scrollToItem(self.log.item(step))
        self.first_button.setEnabled(step > 0)
        self.back_button.setEnabled(step > 0)
        self.forward_button.setEnabled(step < self.last_step)
        self.last_button.setEnabled(step < self.last_step)
        if step == 0:
            self.step_label.setText(tr("replay.start", self.lang))
        else:
            self.step_label.setText(tr("replay.step", self.lang, n=step, total=self.last_step))
        self._sync_table()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # The table knows its final size only once the window is laid out.
        QTimer.singleShot(0, self, self.table.fit_table)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # The shortcuts answer while the window is active; this catches the keys otherwise.
        slot = self._keys.get(Qt.Key(event.key()))
        if slot is not None and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            slot()
            event.accept()
            return
        super().keyPressEvent(event)

    def show_decision(self, ply: int, seat: int | None) -> None:
        """Show the position before the decision at history index ``ply``, seen by ``seat``."""
        self.set_seat(seat)
        step = next((k for k, p in enumerate(self.plies) if p >= ply), self.last_step)
        self.go_to(step)

    def _ask_review(self) -> None:
        seat = self.seat
        self.review_requested.emit(0 if seat is None else seat)

    def set_seat(self, seat: int | None) -> None:
        """Show the replay as ``seat`` saw it (``None``: a spectator); a seat this replay does
        not offer shows the spectator's view."""
        index = self.seat_combo.findData(seat) if seat is not None else -1
        self.seat_combo.setCurrentIndex(index if index >= 0 else self.seat_combo.count() - 1)

    def _on_seat_changed(self, _index: int) -> None:
        self.seat = self.seat_combo.currentData()
        self._fill_log()
        self.go_to(self.step)

    def _on_row_chosen(self, row: int) -> None:
        if row >= 0:
            self.go_to(row)

    def _name(self, seat: int, label: bool = False) -> str:
        """The name a person gave ``seat``, else "Player N" (with "(AI)" for a computer seat
        where ``label`` asks for it)."""
        if self.names[seat]:
            return self.names[seat]
        ai = label and seat < len(self.seats) and self.seats[seat] != HUMAN
        return player_name(seat, self.lang, ai=ai)

    # -- drawing --------------------------------------------------------------------------
    def _fill_log(self) -> None:
        history = self.session.history
        lines: list[str] = []
        prev = 0
        for step, ply in enumerate(self.plies):
            records = history[prev:ply]
            prev = ply
            texts = [self.speaker.say(e, self.lang) for r in records for e in r.events
                     if e.visible_to(self.seat) and e.logged]
            if step == 0:
                head = tr("replay.start", self.lang) + (":" if texts else "")
            else:
                who = next((r.seat for r in records if r.seat != CHANCE), 0)
                head = f"{step}."
                if not texts:
                    texts = [tr("replay.moved", self.lang, player=self._name(who, label=True))]
            lines.append(f"{head} " + " ".join(texts) if texts else head)
        self.log.blockSignals(True)
        self.log.clear()
        self.log.addItems(lines)
        self.log.blockSignals(False)

    def _sync_table(self) -> None:
        obs = self.observation()
        layout = with_names(self.view.layout(obs, self.seat), self.names)
        self.table.sync(layout, [], animate=False)
        self.table.set_interactive(False)
