"""The Buried Treasure plugin: rules model, table view and rulebooks, as the app loads them. The
rules model is imported when a game starts and the view when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .spec import SPEC

if TYPE_CHECKING:
    from .model import BuriedTreasureGame
    from .view import BuriedTreasureView


def _game() -> BuriedTreasureGame:
    from .model import BuriedTreasureGame

    return BuriedTreasureGame()


def _view() -> BuriedTreasureView:
    from .view import BuriedTreasureView

    return BuriedTreasureView()


PLUGIN = GamePlugin(
    spec=SPEC,
    load=_game,
    view=_view,
    rules={"en": rulebook("buried-treasure.en.md"), "ja": rulebook("buried-treasure.ja.md")},
)
