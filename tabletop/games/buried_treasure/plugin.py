"""The Buried Treasure plugin: rules model, table view and rulebooks, as the app loads them. The
view is imported when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import BuriedTreasureGame

if TYPE_CHECKING:
    from .view import BuriedTreasureView


def _view() -> BuriedTreasureView:
    from .view import BuriedTreasureView

    return BuriedTreasureView()


PLUGIN = GamePlugin(
    game=BuriedTreasureGame(),
    view=_view,
    rules={"en": rulebook("buried-treasure.en.md"), "ja": rulebook("buried-treasure.ja.md")},
)
