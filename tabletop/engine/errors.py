"""Errors raised by the rules engine.

Every error carries a message written for a player, not a programmer: the table shows it in
the status line and the CLI prints it. A rejected action never changes the state.
"""

from __future__ import annotations


class GameError(Exception):
    """Base class of every error the engine raises on purpose."""


class InvalidActionError(GameError):
    """The action text is malformed: it does not name any action this game knows."""


class IllegalActionError(GameError):
    """The action is well-formed but not allowed now; ``reason`` says why."""

    def __init__(self, reason: str, action: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class InvalidOptionError(GameError):
    """A game option has an unknown key or a value outside its choices."""


class UndoRefusedError(GameError):
    """Undo would take back information that has already been revealed."""


class SaveFileError(Exception):
    """A save file that cannot be used. ``kind`` is one of ``savefile.KINDS``; ``path`` names
    the file. (Here rather than in ``savefile`` so that catching it loads nothing else.)"""

    def __init__(self, kind: str, path: str, problem: str) -> None:
        self.kind = kind
        self.path = path
        self.problem = problem
        super().__init__(f"Cannot open the save file '{path}': {problem}")
