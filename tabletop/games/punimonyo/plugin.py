"""The Punimonyo plugin: rules model, table view and rulebooks, as the app loads them. The view
is imported when a table first asks for one, which keeps it (and the high-score store it uses)
out of the app's start-up and out of headless use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import PunimonyoGame

if TYPE_CHECKING:
    from .view import PunimonyoView


def _view() -> PunimonyoView:
    from .view import PunimonyoView

    return PunimonyoView()


PLUGIN = GamePlugin(
    game=PunimonyoGame(),
    view=_view,
    rules={"en": rulebook("punimonyo.en.md"), "ja": rulebook("punimonyo.ja.md")},
)
