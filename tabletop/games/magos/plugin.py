"""The Magos plugins: the duel and the solo mode, each a rules model, a table view and the
shared rulebooks, as the app loads them; the solo mode also has its campaign as a front page.

The rules models are imported when a game starts (the chooser needs only the specs), the
views when a table first asks for one (the CLI and the AI need only the rules models), and
the campaign page, a Qt widget, when the player first opens it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.api import GamePlugin
from tabletop.resources import rulebook

from .spec import SOLO_SPEC, SPEC

if TYPE_CHECKING:
    from tabletop.api import FrontPage, GameHost

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


def _campaign_page(host: GameHost) -> FrontPage:
    from .campaign_page import CampaignPage

    page: FrontPage = CampaignPage(host)
    return page


PLUGIN = GamePlugin(
    spec=SPEC,
    load=_game,
    view=_view,
    rules={"en": rulebook("magos.en.md"), "ja": rulebook("magos.ja.md")},
)

# The rulebooks' "Solo campaign" section covers the opponent cards and the patch dice. Solo is
# played as a campaign: Play opens its page, which offers single battles too.
SOLO_PLUGIN = GamePlugin(
    spec=SOLO_SPEC,
    load=_solo_game,
    view=_solo_view,
    rules={"en": rulebook("magos.en.md"), "ja": rulebook("magos.ja.md")},
    page=_campaign_page,
)
