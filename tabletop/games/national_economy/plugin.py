"""The National Economy plugins: the 2-4 player game and the solo game, each a rules model, a
table view and words, sharing the rulebooks (their "Solo" section covers the solo game), as the
app loads them. The chooser reads only the specs; the rest is imported when first needed."""

from __future__ import annotations

from tabletop.api import package_plugin

from .spec import SOLO_SPEC, SPEC

PLUGIN = package_plugin(__package__, SPEC, game="model:NationalEconomyGame",
                        view="view:NationalEconomyView", words="words:WORDS")

SOLO_PLUGIN = package_plugin(__package__, SOLO_SPEC, game="solo:NationalEconomySoloGame",
                             view="solo_view:NationalEconomySoloView",
                             words="solo_words:SOLO_WORDS")
