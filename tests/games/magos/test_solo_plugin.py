"""The Magos solo plugin: registry entry, rulebook section, and scripted play from the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.games import BUILTIN
from tabletop.games.magos.data import ENEMIES
from tabletop.games.magos.plugin import SOLO_PLUGIN
from tabletop.games.magos.solo import MagosSoloGame
from tabletop.games.magos.solo_view import MagosSoloView
from tabletop.registry import load_plugins


def test_solo_plugin_registered() -> None:
    assert "tabletop.games.magos.plugin:SOLO_PLUGIN" in BUILTIN
    plugins, failures = load_plugins(include_entry_points=False)
    assert not failures
    assert plugins["magos-solo"] is SOLO_PLUGIN and "magos" in plugins
    spec = SOLO_PLUGIN.game.spec
    assert isinstance(SOLO_PLUGIN.game, MagosSoloGame)
    assert (spec.name_en, spec.name_ja, spec.min_players, spec.max_players) == (
        "Magos — solo", "マゴス ソロ", 1, 1)
    assert [o.key for o in spec.options] == ["enemy", "dice", "setup", "hand", "turn_limit"]
    assert isinstance(SOLO_PLUGIN.view(), MagosSoloView)


def test_rulebooks_have_the_solo_campaign() -> None:
    en = SOLO_PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = SOLO_PLUGIN.rules["ja"].read_text(encoding="utf-8")
    assert "## Solo campaign" in en and "## ソロキャンペーン" in ja
    assert "| Faces | 1-6 | 3-5 | 2-4-5 | 1-2-2-3 | 5-6 | 2-3-4-6 | 1-2-3-6 | 3-4-5-6 |" in en
    for e in ENEMIES.values():
        row = f"| a-{e.number} | {e.ja} | {e.en} | {e.hp} |"
        assert row in en and row in ja, e.id


def test_cli_plays_a_solo_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    actions = tmp_path / "solo.txt"
    actions.write_text("# the first two turns\nend\nend\n", encoding="utf-8")
    argv = ["play", "magos-solo", "--seed", "1", "--option", "enemy=stone_gargoyle",
            "--option", "dice=patch-v1.1", "--actions", str(actions), "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "magos-solo" and data["players"] == 1
    assert data["current_player"] == 0 and not data["terminal"]
    state = data["state"]
    assert state["enemy"]["id"] == "stone_gargoyle" and state["enemy"]["turns"] == 2
    # Gargoyle, patch turns 1 and 2: 6 damage, then two misses (MG-X3).
    assert state["players"][0]["hp"] == 9
    assert "Stone Gargoyle rolls 6: 6 damage — its turn ends." in data["log"]
    assert data["decisions"] == ["end", "end"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["state_hash"] == data["state_hash"]
