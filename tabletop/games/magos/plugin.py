"""The Magos plugins: the duel and the solo mode, each a rules model, a table view and the
shared rulebooks, as the app loads them."""

from __future__ import annotations

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .model import MagosGame
from .solo import MagosSoloGame
from .solo_view import MagosSoloView
from .view import MagosView

PLUGIN = GamePlugin(
    game=MagosGame(),
    view=MagosView,
    rules={"en": rulebook("magos.en.md"), "ja": rulebook("magos.ja.md")},
)

# The rulebooks' "Solo campaign" section covers the opponent cards and the patch dice.
SOLO_PLUGIN = GamePlugin(
    game=MagosSoloGame(),
    view=MagosSoloView,
    rules={"en": rulebook("magos.en.md"), "ja": rulebook("magos.ja.md")},
)
