"""The National Economy plugin: the rules model, the table view and the rulebooks, as the app
loads them. The view is imported when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import NationalEconomyGame

if TYPE_CHECKING:
    from .view import NationalEconomyView


def _view() -> NationalEconomyView:
    from .view import NationalEconomyView

    return NationalEconomyView()


PLUGIN = GamePlugin(
    game=NationalEconomyGame(),
    view=_view,
    rules={"en": rulebook("national-economy.en.md"), "ja": rulebook("national-economy.ja.md")},
)
