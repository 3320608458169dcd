"""The Mr. Sneaky plugin: rules model, table view and rulebooks, as the app loads them."""

from __future__ import annotations

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import MrSneakyGame
from .view import MrSneakyView

PLUGIN = GamePlugin(
    game=MrSneakyGame(),
    view=MrSneakyView,
    rules={"en": rulebook("mr-sneaky.en.md"), "ja": rulebook("mr-sneaky.ja.md")},
)
