"""The Saboteur 2 plugin: its game, view and spec, and the plugin kit over seeded games (every
message worded in both languages, every legal action a gesture on pieces of the table, turned
moves made by dragging a turnable tile). Registration in the built-in list is separate."""

from __future__ import annotations

import pytest

from tabletop.games.saboteur2.model import Saboteur2Game
from tabletop.games.saboteur2.plugin import PLUGIN
from tabletop.games.saboteur2.view import Saboteur2View
from tabletop.plugin_check import check_plugin
from tests.games.plugincheck import assert_plugin, rulebooks


def test_plugin_fields() -> None:
    assert_plugin(PLUGIN, Saboteur2Game, Saboteur2View,
                  names=("saboteur2", "Saboteur 2", "お邪魔者2"), players=(2, 12),
                  options={"extra_crystals": True, "geologist_share": "untrapped"})


def test_rulebooks_exist_in_both_languages() -> None:
    en, ja = rulebooks(PLUGIN)
    assert en.startswith("# Saboteur 2\n") and ja.startswith("# お邪魔者2\n")


def test_plugin_kit_at_two_and_twelve_players() -> None:
    assert check_plugin(PLUGIN, seeds=range(2), player_counts=[2, 12], steps=100,
                        rules=False) > 350


@pytest.mark.slow
def test_plugin_kit_at_length() -> None:
    assert check_plugin(PLUGIN, seeds=range(3), player_counts=[2, 7, 12], steps=400) > 3000
