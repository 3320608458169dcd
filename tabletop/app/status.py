"""The status line of a match: its kinds, and which text it shows when several compete.

The line always says what to do next (the turn's own text, its *base*). A refused move's reason
replaces it and stays readable for ``WARNING_HOLD_S`` even while the pointer moves over the
table, whose hover hints would otherwise replace it at once; a hover hint shows while it lasts
and the base comes back when it ends. The window styles each kind differently (``pages``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

# Status kinds, which the window styles differently.
INFO = "info"
TURN = "turn"
WARNING = "warning"
THINKING = "thinking"
OVER = "over"

WARNING_HOLD_S = 4.0  # a refused move's reason outlasts hover hints this long


class StatusLine:
    """Chooses the status text; ``show(text, kind)`` puts it on screen."""

    def __init__(self, show: Callable[[str, str], object]) -> None:
        self._show = show
        self.base: tuple[str, str] = ("", INFO)
        self._warning_until = 0.0

    def set_base(self, text: str, kind: str) -> None:
        """The turn's own text: shown now, and again after every hover hint."""
        self.base = (text, kind)
        self._warning_until = 0.0
        self._show(text, kind)

    def refused(self, reason: str) -> None:
        """A move was refused: its reason, held against hover hints for a while."""
        self._warning_until = time.monotonic() + WARNING_HOLD_S
        self._show(reason, WARNING)

    def hover(self, text: str) -> None:
        """The table's hover hint (empty when the pointer left what it described)."""
        if time.monotonic() < self._warning_until:
            return
        if text:
            self._show(text, INFO)
        else:
            self._show(*self.base)
