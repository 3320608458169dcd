"""The Mr. Sneaky plugin: rules model, table view and rulebooks, as the app loads them. The
rules model is imported when a game starts and the view when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .spec import SPEC

if TYPE_CHECKING:
    from .model import MrSneakyGame
    from .view import MrSneakyView


def _game() -> MrSneakyGame:
    from .model import MrSneakyGame

    return MrSneakyGame()


def _view() -> MrSneakyView:
    from .view import MrSneakyView

    return MrSneakyView()


PLUGIN = GamePlugin(
    spec=SPEC,
    load=_game,
    view=_view,
    rules={"en": rulebook("mr-sneaky.en.md"), "ja": rulebook("mr-sneaky.ja.md")},
)
