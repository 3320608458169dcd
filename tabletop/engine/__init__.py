"""The rules engine: the game contract, sessions with seeded chance, and the conformance kit.

Nothing here imports Qt; a test enforces it. Every name is imported on first use, the game
contract (``Game``, ``GameSpec``, the errors) as much as the table's vocabulary (``Layout``,
``Piece``...), sessions and the conformance kit: the app's game chooser lists the games from
their ``game.toml`` with the spec and the data-file reader alone, and its first paint need not
pay for the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .conformance import ConformanceError, check_game
    from .errors import (
        GameError,
        IllegalActionError,
        InvalidActionError,
        InvalidOptionError,
        UndoRefusedError,
    )
    from .game import (
        CHANCE,
        TERMINAL,
        Event,
        Game,
        Observation,
        ObservationBase,
        State,
        action_kind,
        random_action,
        random_play,
    )
    from .layout import GameView, Gesture, Layout, Meter, Moment, Piece, Tempo, Text, Zone
    from .messages import Msg
    from .session import Record, Session, state_hash
    from .spec import GameSpec, OptionSpec

_LAZY = {
    **dict.fromkeys(("GameError", "IllegalActionError", "InvalidActionError",
                     "InvalidOptionError", "UndoRefusedError"), ".errors"),
    **dict.fromkeys(("CHANCE", "TERMINAL", "Event", "Game", "Observation", "ObservationBase",
                     "State", "action_kind", "random_action", "random_play"), ".game"),
    "Msg": ".messages",
    **dict.fromkeys(("GameSpec", "OptionSpec"), ".spec"),
    "ConformanceError": ".conformance", "check_game": ".conformance",
    **dict.fromkeys(("GameView", "Gesture", "Layout", "Meter", "Moment", "Piece", "Tempo",
                     "Text", "Zone"), ".layout"),
    **dict.fromkeys(("Record", "Session", "state_hash"), ".session"),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module, __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ConformanceError",
    "Event",
    "Game",
    "GameError",
    "GameSpec",
    "GameView",
    "Gesture",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidOptionError",
    "Layout",
    "Meter",
    "Moment",
    "Msg",
    "Observation",
    "ObservationBase",
    "OptionSpec",
    "Piece",
    "Record",
    "Session",
    "State",
    "Tempo",
    "Text",
    "UndoRefusedError",
    "Zone",
    "action_kind",
    "check_game",
    "random_action",
    "random_play",
    "state_hash",
]
