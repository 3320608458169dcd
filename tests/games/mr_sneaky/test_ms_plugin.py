"""The Mr. Sneaky plugin object and its rulebooks (registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.mr_sneaky.data import CARD_FAMILY_NAMES, SYMBOL_NAMES
from tabletop.games.mr_sneaky.model import MrSneakyGame
from tabletop.games.mr_sneaky.plugin import PLUGIN
from tabletop.games.mr_sneaky.view import MrSneakyView
from tests.games.plugincheck import assert_plugin, rulebooks


def test_plugin_fields() -> None:
    assert_plugin(PLUGIN, MrSneakyGame, MrSneakyView,
                  names=("mr-sneaky", "Mr. Sneaky", "ミスター・スニーキー"),
                  players=(2, 2),
                  options={"first": "random", "traps": "1-1-2", "guard_cards": "4-4"})


def test_rulebooks_cover_doors_cards_and_controls() -> None:
    en, ja = rulebooks(PLUGIN)
    for sym_en, sym_ja in SYMBOL_NAMES.values():
        assert f"| {sym_ja} | {sym_en} |" in en
        assert f"| {sym_ja} | {sym_en} |" in ja
    for fam_en, _ in CARD_FAMILY_NAMES.values():
        assert f"| {fam_en} |" in en and f"| {fam_en} |" in ja
    for word in ("Steal", "Do nothing", "8 jewels", "4 or more agents", "First Rich Man",
                 "Trap tiles", "Guard cards"):
        assert word in en
    for word in ("盗む", "何もしない", "宝石8個", "エージェント4以上", "最初の富豪", "罠タイル",
                 "警備カード"):
        assert word in ja
