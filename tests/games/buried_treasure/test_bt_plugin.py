"""The Buried Treasure plugin object and its rulebooks (registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.buried_treasure.data import BID_VALUES
from tabletop.games.buried_treasure.model import BuriedTreasureGame
from tabletop.games.buried_treasure.plugin import PLUGIN
from tabletop.games.buried_treasure.view import BuriedTreasureView
from tests.games.plugincheck import assert_plugin, rulebooks


def test_plugin_fields() -> None:
    assert_plugin(PLUGIN, BuriedTreasureGame, BuriedTreasureView,
                  names=("buried-treasure", "Buried Treasure", "埋蔵金"),
                  # The spec names no option: the decisions of its §6 are fixed.
                  players=(2, 6), options={})


def test_rulebooks_cover_cards_board_and_controls() -> None:
    en, ja = rulebooks(PLUGIN)
    assert en.startswith("# Buried Treasure\n") and ja.startswith("# 埋蔵金\n")
    for text in (en, ja):
        for v in BID_VALUES:
            assert str(v) in text
        assert "−5" in text and "20" in text
    for word in ("choose secretly", "Take nothing", "(N)", "Exact hit", "Bust", "Bury"):
        assert word in en
    for word in ("こっそり", "取らない", "(N)", "ピタリ賞", "バースト", "埋める"):
        assert word in ja
