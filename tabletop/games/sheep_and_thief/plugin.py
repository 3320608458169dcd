"""The Sheep & Thief plugin: rules model, table view, words and rulebooks, as the app loads
them. The chooser reads only the spec; the rest is imported when first needed (the table view,
``view.py``, comes with the game's table)."""

from __future__ import annotations

from tabletop.api import package_plugin

from .spec import SPEC

PLUGIN = package_plugin(__package__, SPEC, game="model:SheepAndThiefGame",
                        view="view:SheepAndThiefView", words="words:WORDS")
