"""The rules engine: the game contract, sessions with seeded chance, and the conformance kit.

Nothing here imports Qt; a test enforces it. The game contract (``Game``, ``GameSpec``, the
errors) loads with the package, because every game's rules need it. The table's vocabulary
(``Layout``, ``Piece``...), sessions and the conformance kit are imported on first use: the app's
game chooser lists the games without them, and start-up need not pay for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from .messages import Msg
from .spec import GameSpec, OptionSpec

if TYPE_CHECKING:
    from .conformance import ConformanceError, check_game
    from .layout import GameView, Gesture, Layout, Meter, Moment, Piece, Tempo, Text, Zone
    from .session import Record, Session, state_hash

_LAZY = {
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
