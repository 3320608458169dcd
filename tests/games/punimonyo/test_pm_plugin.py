"""The Punimonyo plugin object, its place in the built-in list, and its rulebooks."""

from __future__ import annotations

from pathlib import Path

from tabletop.games import BUILTIN
from tabletop.games.punimonyo.model import PunimonyoGame
from tabletop.games.punimonyo.plugin import PLUGIN
from tabletop.games.punimonyo.view import PunimonyoView
from tabletop.registry import load_plugins


def test_plugin_fields_and_registration() -> None:
    assert isinstance(PLUGIN.game, PunimonyoGame)
    spec = PLUGIN.game.spec
    assert (spec.id, spec.name_en, spec.name_ja) == ("punimonyo", "Punimonyo", "ぷにもにょ")
    assert (spec.min_players, spec.max_players) == (2, 2)
    assert spec.has_hidden_information
    assert PLUGIN.rules["en"].parent == Path(__file__).resolve().parents[3] / "tabletop" / \
        "games" / "punimonyo" / "rules"
    assert [o.key for o in spec.options] == ["beat_ms", "ai_k", "tiebreak", "practice",
                                             "show_calls", "sound"]
    labels = spec.extra["choice_labels"]
    assert labels["beat_ms"]["600"]["en"] == "600 ms (default)"
    assert "AIの強さ別" in labels["ai_k"]["level"]["ja"]
    assert isinstance(PLUGIN.view(), PunimonyoView)
    assert "tabletop.games.punimonyo.plugin:PLUGIN" in BUILTIN
    plugins, failures = load_plugins()
    assert "punimonyo" in plugins and not failures


def test_rulebooks_cover_words_keys_beat_scoring_and_options() -> None:
    en = PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = PLUGIN.rules["ja"].read_text(encoding="utf-8")
    assert en.startswith("# Punimonyo\n") and ja.startswith("# ぷにもにょ\n")
    for text in (en, ja):
        for needle in ("ぷにぅ", "もにょ", "**F**", "**J**", "300", "1200", "600", "0.08",
                       "0.04", "0.02", "max(0.05, 1 − k·(N − 2))", "20", "(R)"):
            assert needle in text, needle
    for word in ("one word per beat", "pause beat", "answer from memory", "second press",
                 "no press", "3 stints per player", "Practice mode", "roles swap",
                 "Break ties by the longest answer", "Two people at one screen"):
        assert word in en, word
    for word in ("1拍に1語", "休みの1拍", "記憶で答えます", "2回押した", "入力がなかった",
                 "1人3スティントずつ", "練習モード", "役を交代", "同点は最長正解で決める",
                 "1つの画面で2人"):
        assert word in ja, word
