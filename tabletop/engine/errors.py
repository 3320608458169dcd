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
