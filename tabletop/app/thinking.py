"""The AI thinker's work for one match: the computer seats' moves and the hints, kept current.

Every question to the thinker carries the match's *generation*, which each change of state
(a move, an undo, leaving the match) moves on, so an answer that arrives after the state changed
is dropped. A computer seat's move is played after a short pause, counted from when the question
was asked, so a person can follow the moves one by one; in a game played to a beat it comes
within the beat (see ``tempo``). If the thinker fails, the match goes on with a seeded random
legal move, so it stays reproducible. All search runs in the thinker, off the GUI thread.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

if TYPE_CHECKING:
    from tabletop.engine import Game, Session

    from .contracts import ThinkerLike
    from .newgame import GameSetup
    from .tempo import Beat

HINT = "hint"
AI = "ai"


def question_seed(match_seed: int, ply: int) -> int:
    """The seed of a question to the thinker at ``ply`` records of a match seeded
    ``match_seed``: the same question gets the same answer whenever it is asked."""
    return (match_seed * 1_000_003 + ply) % (2**31 - 1)


class _Match(Protocol):
    """What the thinking reads of the match."""

    game: Game[Any]
    session: Session
    setup: GameSetup


class Thinking(QObject):
    """Asks ``thinker`` for moves and hints of one match and times the computer's moves.

    ``move_due(seat, action)``: a computer seat's move is to be played now. ``hint_found``
    and ``hint_failed`` answer ``ask(seat, HINT, level)``. ``ai_failed(error, action)``: the
    thinker failed on a computer seat's move; ``action`` is played instead.
    """

    move_due = Signal(int, str)
    hint_found = Signal(object)  # the search's Decision for the hint
    hint_failed = Signal(str)
    ai_failed = Signal(str, str)

    def __init__(self, match: _Match, thinker: ThinkerLike, delay_ms: int, beat: Beat,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._match = match
        self.thinker = thinker
        self.delay_ms = delay_ms
        self.beat = beat
        self.generation = 0
        self.pending: tuple[str, int, int] | None = None  # (purpose, generation, seat)
        self._asked_at = 0.0
        self._move: tuple[int, int, str] | None = None  # (generation, seat, action)
        self._pondering = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._play)
        thinker.decided.connect(self.on_decided)
        thinker.failed.connect(self.on_failed)

    def ask(self, seat: int, purpose: str, level: str) -> None:
        """Ask for ``seat``'s move (``AI``) or for a hint, from that seat's view only."""
        session = self._match.session
        obs = session.observation(seat)  # the seat's own view: no peeking
        legal = session.legal_actions()
        seed = question_seed(self._match.setup.seed, len(session.history))
        self.pending = (purpose, self.generation, seat)
        self._pondering = False  # asking stops it: the question runs on what it prepared
        self._asked_at = time.monotonic()
        self.thinker.think(self._match.game, obs, seat, legal, level, seed)

    def ponder(self, seat: int, level: str) -> None:
        """Let ``level`` work ahead on ``seat``'s position, from that seat's view only, while
        its person thinks (``AIThinker.ponder``): the hint asked next comes sooner. Nothing
        is asked of it, so nothing is pending; a change of state stops it."""
        if self.pending is not None:
            return
        session = self._match.session
        self.thinker.ponder(self._match.game, session.observation(seat), seat,
                            session.legal_actions(), level)
        self._pondering = True

    def move_on(self) -> None:
        """The state changed: answers and moves under way are stale from now on."""
        self.generation += 1
        if self.pending is not None or self._pondering:
            self.thinker.cancel()
            self.pending = None
            self._pondering = False
        self._timer.stop()

    def cancel(self) -> None:
        """Drop whatever is under way, the move waiting to be played too."""
        self.generation += 1
        self._timer.stop()
        self._move = None
        if self.pending is not None or self._pondering:
            self.thinker.cancel()
            self.pending = None
            self._pondering = False

    def stop(self) -> None:
        """The match is over: nothing under way may land (the thinker is let go elsewhere)."""
        self.generation += 1
        self.pending = None
        self._pondering = False
        self._timer.stop()

    def idle(self) -> bool:
        """No computer move is being thought of or waiting to be played."""
        return self.pending is None and (self._move is None
                                         or self._move[0] != self.generation)

    def on_decided(self, decision: Any) -> None:
        """The thinker's answer: played (or shown) if it still answers the current question."""
        pending = self.pending
        if (pending is None or pending[1] != self.generation
                or getattr(decision, "cancelled", False)):
            return
        purpose, gen, seat = pending
        action = str(decision.action)
        if action not in self._match.session.legal_actions():
            return  # an answer to an earlier question; the current one is still coming
        self.pending = None
        if purpose == HINT:
            self.hint_found.emit(decision)
            return
        tempo = self.beat.tempo
        if tempo is None:
            self.play_later(gen, seat, action)
        elif self.beat.owed:
            self.play_later(gen, seat, action, 0)
        elif action != tempo.action:
            # Within the beat: a move never lands after the beat it was meant for.
            self.play_later(gen, seat, action, min(self.delay_ms, tempo.period_ms // 2))
        # else: the seat lets the beat pass, and the clock plays it.

    def on_failed(self, message: str) -> None:
        """The thinker failed on the current question."""
        pending = self.pending
        if pending is None or pending[1] != self.generation:
            return
        purpose, gen, seat = pending
        self.pending = None
        if purpose == HINT:
            self.hint_failed.emit(message)
            return
        # The match must go on: a seeded random legal move keeps it reproducible.
        legal = self._match.session.legal_actions()
        action = legal[random.Random(self._match.setup.seed + gen).randrange(len(legal))]
        self.ai_failed.emit(message, action)
        self.play_later(gen, seat, action)

    def play_later(self, gen: int, seat: int, action: str, delay_ms: int | None = None) -> None:
        """Play a computer seat's ``action`` after the pause (``delay_ms``, else the usual)."""
        # A short pause lets a person follow the computer's moves one by one on the table.
        elapsed_ms = int((time.monotonic() - self._asked_at) * 1000)
        self._move = (gen, seat, action)
        wait = self.delay_ms if delay_ms is None else delay_ms
        self._timer.start(max(0, wait - elapsed_ms))

    def _play(self) -> None:
        move, self._move = self._move, None
        if move is None or move[0] != self.generation:
            return
        _, seat, action = move
        tempo = self.beat.tempo
        if tempo is not None and action == tempo.action:
            self.beat.owed = False
        self.move_due.emit(seat, action)
