"""The Spymaster plugin: rules model, table view, words and rulebooks, as the app loads them.
The chooser reads only the spec; the rest is imported when first needed."""

from __future__ import annotations

from tabletop.api import package_plugin

from .spec import SPEC

PLUGIN = package_plugin(__package__, SPEC, game="model:SpymasterGame", view="view:SpymasterView",
                        words="words:WORDS")
