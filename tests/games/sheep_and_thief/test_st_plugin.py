"""The Sheep & Thief plugin: its game, view and spec, and the plugin kit over seeded games at
two, three and four players (every message worded in both languages, every legal action a
gesture on pieces and zones of the table, every tile drawable). Registration in the built-in
list is separate."""

from __future__ import annotations

import pytest

from tabletop.games.sheep_and_thief.model import SheepAndThiefGame
from tabletop.games.sheep_and_thief.plugin import PLUGIN
from tabletop.games.sheep_and_thief.view import SheepAndThiefView
from tabletop.plugin_check import check_plugin
from tests.games.plugincheck import assert_plugin


def test_plugin_fields() -> None:
    assert_plugin(PLUGIN, SheepAndThiefGame, SheepAndThiefView,
                  names=("sheep-and-thief", "Sheep & Thief", "ひつじとどろぼう"),
                  players=(2, 4),
                  options={"towns": "three", "dogs": "any-flock", "rivers": "strict"})


def test_plugin_kit_at_every_player_count() -> None:
    # A whole game is under 300 steps: each seed plays to the end and the summary.
    assert check_plugin(PLUGIN, seeds=range(2), player_counts=[2, 3, 4], steps=400,
                        rules=False) > 400


@pytest.mark.slow
def test_plugin_kit_at_length() -> None:
    assert check_plugin(PLUGIN, seeds=range(4), player_counts=[2, 3, 4], steps=400) > 800
