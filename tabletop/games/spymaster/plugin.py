"""The Spymaster plugin: rules model, table view and rulebooks, as the app loads them. The
rules model is imported when a game starts and the view when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .spec import SPEC

if TYPE_CHECKING:
    from .model import SpymasterGame
    from .view import SpymasterView


def _game() -> SpymasterGame:
    from .model import SpymasterGame

    return SpymasterGame()


def _view() -> SpymasterView:
    from .view import SpymasterView

    return SpymasterView()


PLUGIN = GamePlugin(
    spec=SPEC,
    load=_game,
    view=_view,
    rules={"en": rulebook("spymaster.en.md"), "ja": rulebook("spymaster.ja.md")},
)
