"""The public surface for game plugins: everything a third-party game may import.

A plugin package registers an object in the entry-point group ``tabletop.games``::

    [project.entry-points."tabletop.games"]
    my-game = "my_package.plugin:PLUGIN"

where ``PLUGIN`` is a ``GamePlugin``. It must import only ``tabletop.api`` from Tabletop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine import (
    CHANCE,
    TERMINAL,
    Event,
    Game,
    GameError,
    GameSpec,
    IllegalActionError,
    InvalidActionError,
    Observation,
    OptionSpec,
)

if TYPE_CHECKING:
    from .engine import GameView, Gesture, Layout, Meter, Piece, Tempo, Text, Zone, check_game

_LAZY = frozenset(("GameView", "Gesture", "Layout", "Meter", "Piece", "Tempo", "Text", "Zone",
                   "check_game"))


def __getattr__(name: str) -> Any:
    # The table's vocabulary and the conformance kit load on first use, as in
    # ``tabletop.engine``: a plugin module imports this one before the app's first paint.
    if name in _LAZY:
        from . import engine

        value = getattr(engine, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class GamePlugin:
    """One game as the app sees it: rules, presentation, and rulebook files.

    ``view`` is called lazily so that headless use (CLI, AI) never builds it. ``rules`` maps a
    language code to a Markdown file shown in the app's rules window.
    """

    game: Game[Any]
    view: Callable[[], GameView]
    rules: dict[str, Path]


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Event",
    "Game",
    "GameError",
    "GamePlugin",
    "GameSpec",
    "GameView",
    "Gesture",
    "IllegalActionError",
    "InvalidActionError",
    "Layout",
    "Meter",
    "Observation",
    "OptionSpec",
    "Piece",
    "Tempo",
    "Text",
    "Zone",
    "check_game",
]
