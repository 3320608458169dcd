"""The Saboteur 2 plugin: rules model, table view, words and rulebooks, as the app loads them.
The chooser reads only the spec; the rest is imported when first needed."""

from __future__ import annotations

from tabletop.api import package_plugin

from .spec import SPEC

PLUGIN = package_plugin(__package__, SPEC, game="model:Saboteur2Game",
                        view="view:Saboteur2View", words="words:WORDS")
