"""A beat clock the test steps by hand, in place of the app's QTimer (``BeatClock``)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class ManualClock(QObject):
    """Same interface as ``tabletop.app.controller.BeatClock``; ``fire`` is one beat."""

    beat = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._running = False
        self._period = 0
        self.starts = 0  # how often a tempo began afresh

    def start(self, period_ms: int) -> None:
        self._running = True
        self._period = period_ms
        self.starts += 1

    def stop(self) -> None:
        self._running = False

    def is_running(self) -> bool:
        return self._running

    def period(self) -> int:
        return self._period

    def fire(self) -> None:
        """One beat falls now (only while the clock runs, as a timer's would)."""
        assert self._running, "the clock is stopped: no beat can fall"
        self.beat.emit()
