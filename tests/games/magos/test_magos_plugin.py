"""The Magos plugin loads, and its rulebooks cover every spell in both languages."""

from __future__ import annotations

from tabletop.games.magos.data import SPELLS
from tabletop.games.magos.plugin import PLUGIN
from tabletop.games.magos.view import MagosView
from tabletop.registry import load_plugins


def test_plugin_registered() -> None:
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures
    assert plugins["magos"] is PLUGIN
    assert PLUGIN.game.spec.name_ja == "マゴス"
    assert isinstance(PLUGIN.view(), MagosView)


def test_rulebooks_list_every_spell() -> None:
    en = PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = PLUGIN.rules["ja"].read_text(encoding="utf-8")
    for sp in SPELLS.values():
        assert f"| {sp.ja} | {sp.en} |" in en, sp.id
        assert f"| {sp.ja} | {sp.en} |" in ja, sp.id
    assert "End turn" in en and "手番終了" in ja
