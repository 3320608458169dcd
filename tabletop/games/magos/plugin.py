"""The Magos plugins: the duel and the solo mode, each a rules model, a table view and the
shared rulebooks, as the app loads them.

The rules models are imported when a game starts (the chooser needs only the specs) and the
views when a table first asks for one (the CLI and the AI need only the rules models)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .spec import SOLO_SPEC, SPEC

if TYPE_CHECKING:
    from .model import MagosGame
    from .solo import MagosSoloGame
    from .solo_view import MagosSoloView
    from .view import MagosView


def _game() -> MagosGame:
    from .model import MagosGame

    return MagosGame()


def _solo_game() -> MagosSoloGame:
    from .solo import MagosSoloGame

    return MagosSoloGame()


def _view() -> MagosView:
    from .view import MagosView

    return MagosView()


def _solo_view() -> MagosSoloView:
    from .solo_view import MagosSoloView

    return MagosSoloView()


PLUGIN = GamePlugin(
    spec=SPEC,
    load=_game,
    view=_view,
    rules={"en": rulebook("magos.en.md"), "ja": rulebook("magos.ja.md")},
)

# The rulebooks' "Solo campaign" section covers the opponent cards and the patch dice.
SOLO_PLUGIN = GamePlugin(
    spec=SOLO_SPEC,
    load=_solo_game,
    view=_solo_view,
    rules={"en": rulebook("magos.en.md"), "ja": rulebook("magos.ja.md")},
)
