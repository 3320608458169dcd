"""The National Economy plugins: the 2-4 player game and the solo game, each a rules model and a
table view, sharing the rulebooks (their "Solo" section covers the solo game), as the app loads
them. The views are imported when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import NationalEconomyGame
from .solo import NationalEconomySoloGame

if TYPE_CHECKING:
    from .solo_view import NationalEconomySoloView
    from .view import NationalEconomyView


def _view() -> NationalEconomyView:
    from .view import NationalEconomyView

    return NationalEconomyView()


def _solo_view() -> NationalEconomySoloView:
    from .solo_view import NationalEconomySoloView

    return NationalEconomySoloView()


_RULES = {"en": rulebook("national-economy.en.md"), "ja": rulebook("national-economy.ja.md")}

PLUGIN = GamePlugin(game=NationalEconomyGame(), view=_view, rules=dict(_RULES))

SOLO_PLUGIN = GamePlugin(game=NationalEconomySoloGame(), view=_solo_view, rules=dict(_RULES))
