"""The Mr. Sneaky plugin's rulebooks (its game, view and spec are checked with the other games'
in ``tests/games/test_plugin_fields.py``; registration in the built-in list is separate)."""

from __future__ import annotations

from tabletop.games.mr_sneaky.data import CARD_FAMILY_NAMES, SYMBOL_NAMES
from tabletop.games.mr_sneaky.plugin import PLUGIN
from tabletop.testing.plugincheck import assert_rulebooks


def test_rulebooks_cover_doors_cards_and_controls() -> None:
    symbols = [f"| {sym_ja} | {sym_en} |" for sym_en, sym_ja in SYMBOL_NAMES.values()]
    families = [f"| {fam_en} |" for fam_en, _ in CARD_FAMILY_NAMES.values()]
    assert_rulebooks(PLUGIN, both=[*symbols, *families],
                     en=("Steal", "Do nothing", "8 jewels", "4 or more agents", "First Rich Man",
                         "Trap tiles", "Guard cards"),
                     ja=("盗む", "何もしない", "宝石8個", "エージェント4以上", "最初の富豪",
                         "罠タイル", "警備カード"))
