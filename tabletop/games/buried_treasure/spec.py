"""The spec of Buried Treasure: what the game chooser, the new-game dialog and the registry read.
It is kept apart from the rules model so that listing the games loads no rules."""

from __future__ import annotations

from tabletop.api import GameSpec

SPEC = GameSpec.from_file(__package__, "game.toml", "buried-treasure",
    options=())

