"""The beat of a game played in real time (``GameView.tempo``): the clock, and when it runs.

While the player to move may let a beat pass, the clock does it for them every beat, counted
from when the tempo began; a person's input between beats goes in at once. A computer seat
keeps the same beat: its moves come within the beat, and a beat that falls while its move is
still on the way waits for that move (it is *owed*), so a seeded match plays out the same however
fast the machine thinks. The clock is a ``BeatClock`` (a QTimer) unless a test hands in one it
steps by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal

if TYPE_CHECKING:
    from tabletop.engine import GameView, Session, Tempo


class BeatClock(QObject):
    """The beat of a game played in real time: ``beat`` fires every ``period()`` ms after
    ``start``. A precise timer, since a coarse one may drift by 5 % of a beat."""

    beat = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self.beat)

    def start(self, period_ms: int) -> None:
        """(Re)start the beat: the first one falls ``period_ms`` from now."""
        self._timer.start(max(1, period_ms))

    def stop(self) -> None:
        self._timer.stop()

    def is_running(self) -> bool:
        return self._timer.isActive()

    def period(self) -> int:
        return self._timer.interval()


class _Match(Protocol):
    """What the beat reads of the match."""

    session: Session
    view: GameView
    over: bool
    awaiting_privacy: int | None
    viewing_seat: int | None

    def is_ai(self, seat: int) -> bool: ...


class Beat:
    """Keeps ``clock`` in step with the match's tempo. On each beat, ``play(seat, tempo)``
    lets the beat pass for the seat to move, unless a computer seat's move is still on the
    way (``idle()`` is False): then the beat is owed and played right after that move."""

    def __init__(self, match: _Match, clock: Any, idle: Callable[[], bool],
                 playing_back: Callable[[], bool],
                 play: Callable[[int, Tempo], object]) -> None:
        self._match = match
        self.clock = clock
        self._idle = idle
        self._playing_back = playing_back
        self._play = play
        self.tempo: Tempo | None = None
        self.owed = False  # a beat fell while a computer seat's move was on the way
        clock.beat.connect(self._on_beat)

    def state_is_timed(self) -> bool:
        """Whether the current state is played to a beat (whoever is at the screen)."""
        session = self._match.session
        if session.current_player() < 0:
            return False
        tempo = self._match.view.tempo(session.observation(None))
        return tempo is not None and tempo.action in session.legal_actions()

    def active(self, obs: dict[str, Any]) -> Tempo | None:
        """The beat the clock must keep now, if any: the game's tempo while the player to move
        (a computer seat, or the person holding the screen) may let a beat pass."""
        m = self._match
        if m.over or m.awaiting_privacy is not None or self._playing_back():
            return None
        player = m.session.current_player()
        if player < 0 or (not m.is_ai(player) and player != m.viewing_seat):
            return None
        tempo = m.view.tempo(obs)
        if tempo is None or tempo.action not in m.session.legal_actions():
            return None
        return tempo

    def set(self, tempo: Tempo | None) -> None:
        """Keep the clock in step with ``tempo``: started fresh when a tempo begins (so the
        first beat is a whole one), left alone while it goes on, stopped when it ends."""
        self.tempo = tempo
        if tempo is None:
            self.owed = False
            self.clock.stop()
        elif not self.clock.is_running() or self.clock.period() != tempo.period_ms:
            self.clock.start(tempo.period_ms)

    def pending(self) -> bool:
        """True while the clock runs and the next beat is all that can happen (no person's
        input aside): no computer move is being thought of or waiting to be played."""
        return self.tempo is not None and self._idle()

    def _on_beat(self) -> None:
        tempo = self.tempo
        if tempo is None:
            self.clock.stop()
            return
        if tempo.sound:
            from PySide6.QtWidgets import QApplication

            QApplication.beep()
        seat = self._match.session.current_player()
        if self._match.is_ai(seat) and not self.pending():
            self.owed = True  # played right after the move that is on its way
            return
        self.owed = False
        self._play(seat, tempo)
