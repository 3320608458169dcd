"""The National Economy plugins: the 2-4 player game and the solo game, each a rules model and a
table view, sharing the rulebooks (their "Solo" section covers the solo game), as the app loads
them. The rules models are imported when a game starts and the views when a table first asks for
one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .spec import SOLO_SPEC, SPEC

if TYPE_CHECKING:
    from .model import NationalEconomyGame
    from .solo import NationalEconomySoloGame
    from .solo_view import NationalEconomySoloView
    from .view import NationalEconomyView


def _game() -> NationalEconomyGame:
    from .model import NationalEconomyGame

    return NationalEconomyGame()


def _solo_game() -> NationalEconomySoloGame:
    from .solo import NationalEconomySoloGame

    return NationalEconomySoloGame()


def _view() -> NationalEconomyView:
    from .view import NationalEconomyView

    return NationalEconomyView()


def _solo_view() -> NationalEconomySoloView:
    from .solo_view import NationalEconomySoloView

    return NationalEconomySoloView()


_RULES = {"en": rulebook("national-economy.en.md"), "ja": rulebook("national-economy.ja.md")}

PLUGIN = GamePlugin(spec=SPEC, load=_game, view=_view, rules=dict(_RULES))

SOLO_PLUGIN = GamePlugin(spec=SOLO_SPEC, load=_solo_game, view=_solo_view,
                         rules=dict(_RULES))
