"""The Not My Fault! plugin: rules model, table view and rulebooks, as the app loads them. The
rules model is imported when a game starts and the view when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .spec import SPEC

if TYPE_CHECKING:
    from .model import NotMyFaultGame
    from .view import NotMyFaultView


def _game() -> NotMyFaultGame:
    from .model import NotMyFaultGame

    return NotMyFaultGame()


def _view() -> NotMyFaultView:
    from .view import NotMyFaultView

    return NotMyFaultView()


PLUGIN = GamePlugin(
    spec=SPEC,
    load=_game,
    view=_view,
    rules={"en": rulebook("not-my-fault.en.md"), "ja": rulebook("not-my-fault.ja.md")},
)
