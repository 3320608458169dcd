"""The Punimonyo plugin: rules model, table view and rulebooks, as the app loads them. The rules
model is imported when a game starts and the view when a table first asks for one (it brings
the high-score store), which keeps both out of the app's start-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .spec import SPEC

if TYPE_CHECKING:
    from .model import PunimonyoGame
    from .view import PunimonyoView


def _game() -> PunimonyoGame:
    from .model import PunimonyoGame

    return PunimonyoGame()


def _view() -> PunimonyoView:
    from .view import PunimonyoView

    return PunimonyoView()


PLUGIN = GamePlugin(
    spec=SPEC,
    load=_game,
    view=_view,
    rules={"en": rulebook("punimonyo.en.md"), "ja": rulebook("punimonyo.ja.md")},
)
