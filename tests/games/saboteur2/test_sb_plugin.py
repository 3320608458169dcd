"""The Saboteur 2 plugin: its rulebooks, and the plugin kit over seeded games (every message
worded in both languages, every legal action a gesture on pieces of the table, turned moves
made by dragging a turnable tile). Its game, view and spec are checked with the other games'
in ``tests/games/test_plugin_fields.py``; registration in the built-in list is separate."""

from __future__ import annotations

import pytest

from tabletop.games.saboteur2.plugin import PLUGIN
from tabletop.plugin_check import check_plugin
from tabletop.testing.plugincheck import assert_rulebooks


def test_rulebooks_exist_in_both_languages() -> None:
    assert_rulebooks(PLUGIN, ("Saboteur 2", "お邪魔者2"))


def test_plugin_kit_at_two_and_twelve_players() -> None:
    assert check_plugin(PLUGIN, seeds=range(2), player_counts=[2, 12], steps=100,
                        rules=False) > 350


@pytest.mark.slow
def test_plugin_kit_at_length() -> None:
    assert check_plugin(PLUGIN, seeds=range(3), player_counts=[2, 7, 12], steps=400) > 3000
