"""The Spymaster plugin object and its rulebooks (registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.spymaster.data import TYPE_NAMES
from tabletop.games.spymaster.model import SpymasterGame
from tabletop.games.spymaster.plugin import PLUGIN
from tabletop.games.spymaster.view import SpymasterView
from tests.games.plugincheck import assert_plugin, rulebooks


def test_plugin_fields() -> None:
    assert_plugin(PLUGIN, SpymasterGame, SpymasterView,
                  names=("spymaster", "Spymaster", "スパイマスター"),
                  players=(2, 2), options={"deck": "9-6-6", "may_stop": False})


def test_rulebooks_cover_every_type_and_control() -> None:
    en, ja = rulebooks(PLUGIN)
    for type_en, type_ja in TYPE_NAMES.values():
        assert f"| {type_ja} | {type_en} |" in en
        assert f"| {type_ja} | {type_en} |" in ja
    for word in ("Play", "Don't tuck", "Stop attacking", "8 or more"):
        assert word in en
    for word in ("出す", "差し込まない", "攻撃をやめる", "8枚以上"):
        assert word in ja


def test_deck_mixes_have_words_in_the_new_game_dialog() -> None:
    # SM-G1: the mix is an option; its raw keys ("9-6-6") would read "9 6 6" in the dialog.
    from tabletop.app.newgame import choice_label

    spec = PLUGIN.game.spec
    deck = next(o for o in spec.options if o.key == "deck")
    assert choice_label(spec, deck, "9-6-6", "en") == \
        "Spies 9 · Forces 6 · Hackers 6 (standard)"
    assert choice_label(spec, deck, "9-6-6", "ja") == "スパイ9・特殊部隊6・ハッカー6(標準)"
    for value in deck.choices:
        spies, forces, hackers = str(value).split("-")
        for lang in ("en", "ja"):
            label = choice_label(spec, deck, value, lang)
            assert all(n in label for n in (spies, forces, hackers)), label
            assert label != str(value).replace("-", " ")
