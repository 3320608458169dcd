"""The rules engine: the game contract, sessions with seeded chance, and the conformance kit.

Nothing here imports Qt; a test enforces it. The conformance kit (``check_game``,
``ConformanceError``) is imported on first use: the app never runs it, and it need not pay for it
at start-up.
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
    State,
    action_kind,
    playout_random,
    words,
)
from .layout import GameView, Gesture, Layout, Meter, Piece, Tempo, Text, Zone
from .session import Record, Session, state_hash
from .spec import GameSpec, OptionSpec

if TYPE_CHECKING:
    from .conformance import ConformanceError, check_game

_LAZY = {"ConformanceError": ".conformance", "check_game": ".conformance"}


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
    "Observation",
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
    "playout_random",
    "state_hash",
    "words",
]
