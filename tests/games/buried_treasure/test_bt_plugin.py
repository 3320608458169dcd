"""The Buried Treasure plugin's rulebooks (its game, view and spec are checked with the other
games' in ``tests/games/test_plugin_fields.py``; registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.buried_treasure.data import BID_VALUES
from tabletop.games.buried_treasure.plugin import PLUGIN
from tabletop.testing.plugincheck import assert_rulebooks


def test_rulebooks_cover_cards_board_and_controls() -> None:
    assert_rulebooks(PLUGIN, ("Buried Treasure", "埋蔵金"),
                     both=[*(str(v) for v in BID_VALUES), "−5", "20"],
                     en=("choose secretly", "Take nothing", "(N)", "Exact hit", "Bust", "Bury"),
                     ja=("こっそり", "取らない", "(N)", "ピタリ賞", "バースト", "埋める"))
