"""The Not My Fault! plugin's rulebooks (its game, view and spec are checked with the other
games' in ``tests/games/test_plugin_fields.py``; registration in the built-in list is
separate)."""

from __future__ import annotations

from tabletop.games.not_my_fault.data import MILESTONES, VALUES
from tabletop.games.not_my_fault.plugin import PLUGIN
from tabletop.testing.plugincheck import assert_rulebooks


def test_rulebooks_cover_cards_milestones_and_controls() -> None:
    assert_rulebooks(PLUGIN, ("Not My Fault!", "Not My Fault!"),
                     both=["| " + " | ".join(str(v) for v in VALUES) + " |",
                           "| 4 | 7 | 12 | 8 | 4 |", *(str(m) for m in MILESTONES)],
                     en=("Audit!", "(A)", "reprimand", "reserve", "25", "no cards", "**5**"),
                     ja=("監査!", "(A)", "戒告", "取り置き", "手札がない", "**5枚**"))
