"""The Buried Treasure plugin: rules model, table view and rulebooks, as the app loads them."""

from __future__ import annotations

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import BuriedTreasureGame
from .view import BuriedTreasureView

PLUGIN = GamePlugin(
    game=BuriedTreasureGame(),
    view=BuriedTreasureView,
    rules={"en": rulebook("buried-treasure.en.md"), "ja": rulebook("buried-treasure.ja.md")},
)
