"""The Not My Fault! plugin: rules model, table view and rulebooks, as the app loads them."""

from __future__ import annotations

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import NotMyFaultGame
from .view import NotMyFaultView

PLUGIN = GamePlugin(
    game=NotMyFaultGame(),
    view=NotMyFaultView,
    rules={"en": rulebook("not-my-fault.en.md"), "ja": rulebook("not-my-fault.ja.md")},
)
