"""A beat clock the test steps by hand, in place of the app's QTimer (``BeatClock``)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from tabletop.app.glasscheck import StillClock


class ManualClock(StillClock):
    """Same interface as ``tabletop.app.controller.BeatClock``; ``fire`` is one beat."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.starts = 0  # how often a tempo began afresh

    def start(self, period_ms: int) -> None:
        super().start(period_ms)
        self.starts += 1

    def fire(self) -> None:
        """One beat falls now (only while the clock runs, as a timer's would)."""
        assert self._running, "the clock is stopped: no beat can fall"
        self.beat.emit()
