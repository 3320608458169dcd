"""What every game's plugin test checks alike: the plugin's game, view and spec fields, and what
its two rulebooks say."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tabletop.api import GamePlugin


def assert_plugin(plugin: GamePlugin, game: type, view: type, *, names: tuple[str, str, str],
                  players: tuple[int, int], options: Mapping[str, Any],
                  hidden: bool = True) -> None:
    """The plugin's game and view are of these classes, its spec has these fields (``names``:
    id, English, Japanese; ``options``: every option's default), and its rulebooks are the
    two of its own package (``rules/en.md``, ``rules/ja.md``)."""
    assert isinstance(plugin.game, game)
    spec = plugin.game.spec
    assert (spec.id, spec.name_en, spec.name_ja) == names
    assert (spec.min_players, spec.max_players) == players
    assert spec.has_hidden_information == hidden
    package = Path(sys.modules[game.__module__].__file__ or "").parent
    assert plugin.rules == {"en": package / "rules" / "en.md",
                            "ja": package / "rules" / "ja.md"}
    assert all(path.is_file() for path in plugin.rules.values())
    assert spec.resolve_options() == dict(options)
    assert isinstance(plugin.view(), view)


def rulebooks(plugin: GamePlugin) -> tuple[str, str]:
    """The English and the Japanese rulebook."""
    return (plugin.rules["en"].read_text(encoding="utf-8"),
            plugin.rules["ja"].read_text(encoding="utf-8"))


def assert_rulebooks(plugin: GamePlugin, titles: tuple[str, str] | None = None, *,
                     both: Iterable[str] = (), en: Iterable[str] = (),
                     ja: Iterable[str] = ()) -> None:
    """The English and the Japanese rulebook open with their title of ``titles`` (when given),
    each holds every text of ``both``, and the English one every text of ``en``, the Japanese
    one every text of ``ja``."""
    en_text, ja_text = rulebooks(plugin)
    if titles is not None:
        assert en_text.startswith(f"# {titles[0]}\n") and ja_text.startswith(f"# {titles[1]}\n")
    for text in both:
        assert text in en_text and text in ja_text, text
    for text in en:
        assert text in en_text, text
    for text in ja:
        assert text in ja_text, text
