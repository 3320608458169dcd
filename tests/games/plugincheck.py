"""What every game's plugin test checks alike: the plugin's game, view and spec fields, and the
text of its two rulebooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.api import GamePlugin


def assert_plugin(plugin: GamePlugin, game: type, view: type, *, names: tuple[str, str, str],
                  players: tuple[int, int], options: Mapping[str, Any],
                  hidden: bool = True, rules_file: str | None = None) -> None:
    """The plugin's game and view are of these classes and its spec has these fields
    (``names``: id, English, Japanese; ``options``: every option's default)."""
    assert isinstance(plugin.game, game)
    spec = plugin.game.spec
    assert (spec.id, spec.name_en, spec.name_ja) == names
    assert (spec.min_players, spec.max_players) == players
    assert spec.has_hidden_information == hidden
    assert spec.rules_file == (names[0] if rules_file is None else rules_file)
    assert spec.resolve_options() == dict(options)
    assert isinstance(plugin.view(), view)


def rulebooks(plugin: GamePlugin) -> tuple[str, str]:
    """The English and the Japanese rulebook."""
    return (plugin.rules["en"].read_text(encoding="utf-8"),
            plugin.rules["ja"].read_text(encoding="utf-8"))
