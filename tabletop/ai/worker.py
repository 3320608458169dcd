"""Running an AI decision off the GUI thread, so the window never freezes while it thinks.

``AIThinker`` is the only Qt class of the AI package. ``think`` starts a search on a private
thread pool (one thread: a cancelled search that is still unwinding never competes with the
next one for the CPU) and returns at once; the ``Decision`` arrives through ``decided`` on the
thread that owns the thinker, because the signal crosses threads as a queued connection.
``cancel`` stops the search at its next iteration and drops whatever it would have reported.
``ponder`` works ahead on a person's position on the same thread, reporting nothing; any
question or cancel stops it first, and the question then runs on what it prepared.

While a job runs, Python's automatic cyclic garbage collection is off and the thinker collects
on the GUI thread instead, on a timer. A search allocates heavily; left on, the collector
would run on the pool thread whenever the allocation count passes its threshold and free
whatever garbage the whole process holds there, Qt objects included, which Qt only allows on
the thread that owns them. This is how pyqtgraph's ``GarbageCollector`` keeps collection on the
GUI thread (it is not imported here: that would load all of pyqtgraph when the window opens).
"""

from __future__ import annotations

import gc
import traceback
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal, Slot

from tabletop.engine.game import Game, Observation

from .base import CancelFlag, Decision
from .levels import make_agent

#: How often the GUI thread collects while a job runs (it collects only the generations whose
#: counts passed their thresholds, as the automatic collector would).
COLLECT_INTERVAL_MS = 250


class _AutomaticCollection:
    """Process-wide: automatic collection stays off while any thinker has a job out.

    Counted, because a window and a test may each own a thinker; the state before the first
    hold is the one restored after the last release."""

    holds = 0
    was_enabled = True

    @classmethod
    def hold(cls) -> None:
        if cls.holds == 0:
            cls.was_enabled = gc.isenabled()
            gc.disable()
        cls.holds += 1

    @classmethod
    def release(cls, count: int = 1) -> None:
        count = min(count, cls.holds)
        if count <= 0:
            return
        cls.holds -= count
        if cls.holds == 0 and cls.was_enabled:
            gc.enable()


def collect_due_generations() -> int:
    """Collect as the automatic collector would have by now: the older of the two young
    generations whose count passed its threshold, with the younger one. Returns the objects
    found unreachable.

    The oldest generation is left to the automatic collector once it is back on: asked for
    by name it is always collected whole, where the automatic one waits until enough has
    grown old, and a full pass over an exact solve's millions of positions would stall the
    window."""
    thresholds = gc.get_threshold()
    counts = gc.get_count()
    generation = -1
    for g in range(2):
        if thresholds[g] <= 0 or counts[g] <= thresholds[g]:
            break
        generation = g
    return gc.collect(generation) if generation >= 0 else 0


class _Relay(QObject):
    """Carries a job's outcome from the pool thread back to the thinker's thread."""

    finished = Signal(int, object, str)


class _Job(QRunnable):
    """One decision worked out on a pool thread: ``work`` is the call of ``Agent.choose``
    (or of ``Agent.ponder``, which decides nothing)."""

    def __init__(self, job_id: int, relay: _Relay, work: Callable[[], Decision | None]) -> None:
        super().__init__()
        self.job_id = job_id
        self.relay = relay
        self.work = work

    def run(self) -> None:
        try:
            decision = self.work()
        except Exception as exc:  # reported to the GUI, which shows it and carries on
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            self.relay.finished.emit(self.job_id, None, detail)
            return
        self.relay.finished.emit(self.job_id, decision, "")


class AIThinker(QObject):
    """Asks an AI level for a decision in the background; one decision at a time."""

    decided = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        # Queued even if a pool thread ever shared our thread: results come via the event loop.
        self._relay.finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)
        self._job_id = 0
        self._active: int | None = None
        self._cancel: CancelFlag | None = None
        # Jobs started and not yet reported back (cancelled ones included): each holds the
        # automatic collector off until its report reaches this thread.
        self._out = [0]
        self._collector = QTimer(self)
        self._collector.setInterval(COLLECT_INTERVAL_MS)
        self._collector.timeout.connect(collect_due_generations)
        out = self._out
        # A thinker deleted with jobs out never hears from them; give their holds back.
        self.destroyed.connect(lambda *_: _AutomaticCollection.release(out[0]))
        self._ponder: CancelFlag | None = None

    def think(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
              level: str, seed: int) -> None:
        """Start choosing an action for ``seat``; a search already running is cancelled."""
        if self._active is not None or self._ponder is not None:
            self.cancel()
        self._job_id += 1
        self._active = self._job_id
        cancel = self._cancel = CancelFlag()
        moves = list(legal)

        def work() -> Decision:
            return make_agent(level).choose(game, obs, seat, moves, seed=seed, cancel=cancel)

        self._start(work)

    def ponder(self, game: Game[Any], obs: Observation, seat: int, legal: Sequence[str],
               level: str) -> None:
        """Let ``level`` work ahead on ``seat``'s position (``Agent.ponder``) until the next
        ``think`` or ``cancel``; it reports nothing. Asked while a decision is under way, it
        does nothing: the thread is the decision's."""
        if self._active is not None:
            return
        if self._ponder is not None:
            self._ponder.set()
        self._job_id += 1
        flag = self._ponder = CancelFlag()
        moves = list(legal)

        def work() -> None:
            make_agent(level).ponder(game, obs, seat, moves, flag)

        # Its job number is never the active one, so whatever it reports is dropped.
        self._start(work)

    def _start(self, work: Callable[[], Decision | None]) -> None:
        """Run ``work`` as job ``_job_id`` on the pool, collection held off until it reports."""
        _AutomaticCollection.hold()
        self._out[0] += 1
        self._collector.start()
        self._pool.start(_Job(self._job_id, self._relay, work))

    def cancel(self) -> None:
        """Stop the current search and any pondering; a result still coming is dropped."""
        if self._cancel is not None:
            self._cancel.set()
        if self._ponder is not None:
            self._ponder.set()
            self._ponder = None
        self._active = None

    def busy(self) -> bool:
        """Whether a decision has been asked for and not yet delivered or cancelled."""
        return self._active is not None

    def wait_done(self, msecs: int = -1) -> bool:
        """Block until no search runs (for shutdown); ``True`` when the pool is idle."""
        return self._pool.waitForDone(msecs)

    @Slot(int, object, str)
    def _on_finished(self, job_id: int, decision: Decision | None, error: str) -> None:
        if self._out[0] > 0:
            self._out[0] -= 1
            _AutomaticCollection.release()
            if self._out[0] == 0:
                self._collector.stop()
        if job_id != self._active:
            return
        self._active = None
        self._cancel = None
        if decision is None:
            self.failed.emit(error or "The AI could not decide.")
        else:
            self.decided.emit(decision)
