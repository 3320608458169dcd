"""The Spymaster plugin: rules model, table view and rulebooks, as the app loads them."""

from __future__ import annotations

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import SpymasterGame
from .view import SpymasterView

PLUGIN = GamePlugin(
    game=SpymasterGame(),
    view=SpymasterView,
    rules={"en": rulebook("spymaster.en.md"), "ja": rulebook("spymaster.ja.md")},
)
