"""The Magos plugins: the duel and the solo campaign, each a rules model, a table view and
words, sharing the rulebooks, as the app loads them; the solo mode also has its campaign as a
front page. The chooser reads only the specs; the rules, views, words and the campaign page
(a Qt widget) are imported when first needed."""

from __future__ import annotations

from tabletop.api import package_plugin

from .spec import SOLO_SPEC, SPEC

PLUGIN = package_plugin(__package__, SPEC, game="model:MagosGame", view="view:MagosView",
                        words="words:WORDS")

# The rulebooks' "Solo campaign" section covers the opponent cards and the patch dice. Solo is
# played as a campaign: Play opens its page, which offers single battles too.
SOLO_PLUGIN = package_plugin(__package__, SOLO_SPEC, game="solo:MagosSoloGame",
                             view="solo_view:MagosSoloView", words="words:SOLO_WORDS",
                             page="campaign_page:CampaignPage")
