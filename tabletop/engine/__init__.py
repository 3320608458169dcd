"""The rules engine: the game contract, sessions with seeded chance, and the conformance kit.

Nothing here imports Qt; a test enforces it.
"""

from .conformance import ConformanceError, check_game
from .errors import (
    GameError,
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    UndoRefusedError,
)
from .game import CHANCE, TERMINAL, Event, Game, Observation, State, action_kind, playout_random
from .layout import GameView, Gesture, Layout, Meter, Piece, Text, Zone
from .session import Record, Session, state_hash
from .spec import GameSpec, OptionSpec

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
    "Text",
    "UndoRefusedError",
    "Zone",
    "action_kind",
    "check_game",
    "playout_random",
    "state_hash",
]
