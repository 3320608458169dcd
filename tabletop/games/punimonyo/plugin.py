"""The Punimonyo plugin: rules model, table view and rulebooks, as the app loads them."""

from __future__ import annotations

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import PunimonyoGame
from .view import PunimonyoView

PLUGIN = GamePlugin(
    game=PunimonyoGame(),
    view=PunimonyoView,
    rules={"en": rulebook("punimonyo.en.md"), "ja": rulebook("punimonyo.ja.md")},
)
