"""The Mr. Sneaky plugin: rules model, table view and rulebooks, as the app loads them. The
view is imported when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import MrSneakyGame

if TYPE_CHECKING:
    from .view import MrSneakyView


def _view() -> MrSneakyView:
    from .view import MrSneakyView

    return MrSneakyView()


PLUGIN = GamePlugin(
    game=MrSneakyGame(),
    view=_view,
    rules={"en": rulebook("mr-sneaky.en.md"), "ja": rulebook("mr-sneaky.ja.md")},
)
