"""Errors raised by the rules engine.

An error of the rules carries a message for the player as a code with arguments
(``tabletop.engine.messages.Msg``), which the app words in the player's language with the
game's catalogue and the command line in English; ``str(error)`` shows the code, for a
programmer. A rejected action never changes the state.
"""

from __future__ import annotations

from .messages import Msg


class GameError(Exception):
    """Base class of every error the engine raises on purpose. ``msg`` is what to tell the
    player: a ``Msg``, or plain text where no rule is involved (a bad option's name)."""

    def __init__(self, msg: Msg | str = "") -> None:
        super().__init__(msg)
        self.msg = msg


class InvalidActionError(GameError):
    """The action text is malformed: it does not name any action this game knows."""


class IllegalActionError(GameError):
    """The action is well-formed but not allowed now; ``reason`` says why."""

    def __init__(self, reason: Msg | str, action: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class InvalidOptionError(GameError):
    """A game option has an unknown key or a value outside its choices."""


class UndoRefusedError(GameError):
    """Undo would take back information that has already been revealed (``msg`` says
    which), or there is nothing to undo."""


class SaveFileError(Exception):
    """A save file that cannot be used. ``kind`` is one of ``savefile.KINDS``; ``path`` names
    the file. (Here rather than in ``savefile`` so that catching it loads nothing else.)"""

    def __init__(self, kind: str, path: str, problem: str) -> None:
        self.kind = kind
        self.path = path
        self.problem = problem
        from .files import PATH_CHARS, quote

        super().__init__(f"Cannot open the save file '{quote(path, PATH_CHARS)}': {problem}")
