"""Chance shown step by step: the states after one decision, one at a time, before play goes on.

When a decision sets off at least ``CHANCE_STEPS_MIN`` chance records (an opponent's dice rolled
one by one, say), the state after the decision and after each record but the last are shown in
turn, each for ``step_ms``, with input off; then the match goes on from the last one. With no
pause (tests, animations off) the same states are shown at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from tabletop.engine import CHANCE

if TYPE_CHECKING:
    from tabletop.engine import Record

CHANCE_STEP_MS = 450
CHANCE_STEPS_MIN = 2


def steps_after(history: Sequence[Record], before: int) -> list[int]:
    """The plies to show one by one after the decision at ply ``before``; empty when the
    chance that followed it is too short to be worth a show."""
    chance = sum(1 for r in history[before + 1:] if r.seat == CHANCE)
    if chance < CHANCE_STEPS_MIN:
        return []
    return list(range(before + 1, len(history)))


class ChancePlayback(QObject):
    """Shows plies with ``show(ply)``, ``step_ms`` apart, then calls ``done()``."""

    def __init__(self, step_ms: int, show: Callable[[int], object],
                 done: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.step_ms = max(0, step_ms)  # 0: the same states at once, no pauses
        self._show = show
        self._done = done
        self._steps: list[int] = []  # plies still to show
        self.playing = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.next_step)

    def begin(self, plies: list[int]) -> None:
        """Take the plies to show; input is off from now (``playing``) until the show ends."""
        self._steps = list(plies)
        self.playing = True

    def play(self) -> None:
        """Show the plies taken by ``begin``, then hand over to ``done``."""
        if self.step_ms <= 0:
            while self._steps:
                self._show(self._steps.pop(0))
            self._done()
            return
        self.next_step()

    def stop(self) -> None:
        self._steps = []
        self.playing = False
        self._timer.stop()

    def next_step(self) -> None:
        """Show the next ply now (the timer calls this; so may a script taking pictures)."""
        if not self.playing:
            return
        if not self._steps:
            self._done()
            return
        self._show(self._steps.pop(0))
        self._timer.start(self.step_ms)
