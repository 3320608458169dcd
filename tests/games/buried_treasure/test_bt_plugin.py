"""The Buried Treasure plugin object and its rulebooks (registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.buried_treasure.data import BID_VALUES
from tabletop.games.buried_treasure.model import BuriedTreasureGame
from tabletop.games.buried_treasure.plugin import PLUGIN
from tabletop.games.buried_treasure.view import BuriedTreasureView


def test_plugin_fields() -> None:
    assert isinstance(PLUGIN.game, BuriedTreasureGame)
    spec = PLUGIN.game.spec
    assert (spec.id, spec.name_en, spec.name_ja) == ("buried-treasure", "Buried Treasure",
                                                     "埋蔵金")
    assert (spec.min_players, spec.max_players) == (2, 6)
    assert spec.has_hidden_information and spec.rules_file == "buried-treasure"
    assert spec.resolve_options() == {}  # the spec names no option; §6 decisions are fixed
    assert isinstance(PLUGIN.view(), BuriedTreasureView)


def test_rulebooks_cover_cards_board_and_controls() -> None:
    en = PLUGIN.rules["en"].read_text(encoding="utf-8")
    ja = PLUGIN.rules["ja"].read_text(encoding="utf-8")
    assert en.startswith("# Buried Treasure\n") and ja.startswith("# 埋蔵金\n")
    for text in (en, ja):
        for v in BID_VALUES:
            assert str(v) in text
        assert "−5" in text and "20" in text
    for word in ("choose secretly", "Take nothing", "(N)", "Exact hit", "Bust", "Bury"):
        assert word in en
    for word in ("こっそり", "取らない", "(N)", "ピタリ賞", "バースト", "埋める"):
        assert word in ja
