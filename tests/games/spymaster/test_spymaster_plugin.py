"""The Spymaster plugin's rulebooks and the words of its deck mixes (its game, view and spec are
checked with the other games' in ``tests/games/test_plugin_fields.py``; registration in the
built-in list is separate)."""

from __future__ import annotations

from tabletop.games.spymaster.data import TYPE_NAMES
from tabletop.games.spymaster.plugin import PLUGIN
from tabletop.testing.plugincheck import assert_rulebooks


def test_rulebooks_cover_every_type_and_control() -> None:
    types = [f"| {type_ja} | {type_en} |" for type_en, type_ja in TYPE_NAMES.values()]
    assert_rulebooks(PLUGIN, both=types,
                     en=("Play", "Don't tuck", "Stop attacking", "8 or more"),
                     ja=("出す", "差し込まない", "攻撃をやめる", "8枚以上"))


def test_deck_mixes_have_words_in_the_new_game_dialog() -> None:
    # SM-G1: the mix is an option; its raw keys ("9-6-6") would read "9 6 6" in the dialog.
    from tabletop.app.newgame import choice_label

    spec = PLUGIN.game.spec
    deck = next(o for o in spec.options if o.key == "deck")
    assert choice_label(spec, deck, "9-6-6", "en") == \
        "Spies 9 · Forces 6 · Hackers 6 (standard)"
    assert choice_label(spec, deck, "9-6-6", "ja") == "スパイ9・特殊部隊6・ハッカー6（標準）"
    for value in deck.choices:
        spies, forces, hackers = str(value).split("-")
        for lang in ("en", "ja"):
            label = choice_label(spec, deck, value, lang)
            assert all(n in label for n in (spies, forces, hackers)), label
            assert label != str(value).replace("-", " ")
