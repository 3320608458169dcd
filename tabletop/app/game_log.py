"""The game log beside the table: the lines the viewing seat may read, sent as changes.

Each time the controller shows a state it hands over every line the viewing seat may read; the
log pane is told only what changed: the new lines when the log grew (the usual case, so a long
log is not redrawn after every move), or every line again when it changed otherwise (an undo,
another seat's view, another language).
"""

from __future__ import annotations

from collections.abc import Callable


class GameLog:
    """Sends ``reset(all lines)`` or ``append(new lines)`` for each new set of lines."""

    def __init__(self, reset: Callable[[list[str]], object],
                 append: Callable[[list[str]], object]) -> None:
        self._reset = reset
        self._append = append
        self._lines: list[str] = []
        self._stale = False  # the pane's lines are no longer these (another language)

    def show(self, lines: list[str]) -> None:
        old = self._lines
        self._lines = lines
        if not self._stale and len(lines) >= len(old) and lines[:len(old)] == old:
            if len(lines) > len(old):
                self._append(lines[len(old):])
        else:
            self._stale = False
            self._reset(list(lines))

    def forget(self) -> None:
        """The next ``show`` puts every line in the pane afresh, in place of what it holds
        (the language changed): never after it."""
        self._stale = True

    def lines(self) -> list[str]:
        return list(self._lines)
