"""The Magos plugins: the duel and the solo mode, each a rules model, a table view and the
shared rulebooks, as the app loads them.

The views are imported when a table first asks for one: the chooser, the CLI and the AI need
only the rules models."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import MagosGame
from .solo import MagosSoloGame

if TYPE_CHECKING:
    from .solo_view import MagosSoloView
    from .view import MagosView


def _view() -> MagosView:
    from .view import MagosView

    return MagosView()


def _solo_view() -> MagosSoloView:
    from .solo_view import MagosSoloView

    return MagosSoloView()


PLUGIN = GamePlugin(
    game=MagosGame(),
    view=_view,
    rules={"en": rulebook("magos.en.md"), "ja": rulebook("magos.ja.md")},
)

# The rulebooks' "Solo campaign" section covers the opponent cards and the patch dice.
SOLO_PLUGIN = GamePlugin(
    game=MagosSoloGame(),
    view=_solo_view,
    rules={"en": rulebook("magos.en.md"), "ja": rulebook("magos.ja.md")},
)
