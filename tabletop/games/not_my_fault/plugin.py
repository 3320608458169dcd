"""The Not My Fault! plugin: rules model, table view and rulebooks, as the app loads them. The
view is imported when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import NotMyFaultGame

if TYPE_CHECKING:
    from .view import NotMyFaultView


def _view() -> NotMyFaultView:
    from .view import NotMyFaultView

    return NotMyFaultView()


PLUGIN = GamePlugin(
    game=NotMyFaultGame(),
    view=_view,
    rules={"en": rulebook("not-my-fault.en.md"), "ja": rulebook("not-my-fault.ja.md")},
)
