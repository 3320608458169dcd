"""The National Economy plugin: the rules model, the table view and the rulebooks, as the app
loads them."""

from __future__ import annotations

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import NationalEconomyGame
from .view import NationalEconomyView

PLUGIN = GamePlugin(
    game=NationalEconomyGame(),
    view=NationalEconomyView,
    rules={"en": rulebook("national-economy.en.md"), "ja": rulebook("national-economy.ja.md")},
)
