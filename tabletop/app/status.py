"""The status line of a match: its kinds, and which text it shows when several compete.

The line always says what to do next (the turn's own text, its *base*). A refused move's reason
replaces it and stays at least ``WARNING_HOLD_S``; the pointer's next move over the table after
that brings the base back. What the pointer hovers over is described beside the line, never in
its place, so the prompt is always in view. The window styles each kind differently
(``pages``).
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

WARNING_HOLD_S = 4.0  # a refused move's reason stays at least this long


class StatusLine:
    """Chooses the status text; ``show(text, kind)`` puts it on screen."""

    def __init__(self, show: Callable[[str, str], object],
                 hint: Callable[[str], object] | None = None) -> None:
        self._show = show
        self._hint = hint
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
        """The table's hover hint (empty when the pointer left what it described): shown
        beside the line; a refusal shown long enough gives way to the base again."""
        if self._hint is not None:
            self._hint(text)
        if self._warning_until and time.monotonic() >= self._warning_until:
            self._warning_until = 0.0
            self._show(*self.base)
