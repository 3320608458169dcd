"""The Spymaster plugin: rules model, table view and rulebooks, as the app loads them. The
view is imported when a table first asks for one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import SpymasterGame

if TYPE_CHECKING:
    from .view import SpymasterView


def _view() -> SpymasterView:
    from .view import SpymasterView

    return SpymasterView()


PLUGIN = GamePlugin(
    game=SpymasterGame(),
    view=_view,
    rules={"en": rulebook("spymaster.en.md"), "ja": rulebook("spymaster.ja.md")},
)
