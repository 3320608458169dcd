"""The Spymaster plugin object and its rulebooks (registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.spymaster.data import TYPE_NAMES
from tabletop.games.spymaster.model import SpymasterGame
from tabletop.games.spymaster.plugin import PLUGIN
from tabletop.games.spymaster.view import SpymasterView


def test_plugin_fields() -> None:
    assert isinstance(PLUGIN.game, SpymasterGame)
    spec = PLUGIN.game.spec
    assert (spec.id, spec.name_en, spec.name_ja) == ("spymaster", "Spymaster", "スパイマスター")
    assert (spec.min_players, spec.max_players) == (2, 2)
    assert spec.resolve_options() == {"deck": "9-6-6", "may_stop": False}
    assert isinstance(PLUGIN.view(), SpymasterView)


def test_rulebooks_cover_every_type_and_control() -> None:
    en = PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = PLUGIN.rules["ja"].read_text(encoding="utf-8")
    for type_en, type_ja in TYPE_NAMES.values():
        assert f"| {type_ja} | {type_en} |" in en
        assert f"| {type_ja} | {type_en} |" in ja
    for word in ("Play", "Don't tuck", "Stop attacking", "8 or more"):
        assert word in en
    for word in ("出す", "差し込まない", "攻撃をやめる", "8枚以上"):
        assert word in ja
