"""The Sheep & Thief plugin kit over seeded games at two, three and four players (every message
worded in both languages, every legal action a gesture on pieces and zones of the table, every
tile drawable). Its game, view and spec are checked with the other games' in
``tests/games/test_plugin_fields.py``; registration in the built-in list is separate."""

from __future__ import annotations

import pytest

from tabletop.games.sheep_and_thief.plugin import PLUGIN
from tabletop.plugin_check import check_plugin


def test_plugin_kit_at_every_player_count() -> None:
    # A whole game is under 300 steps: each seed plays to the end and the summary.
    assert check_plugin(PLUGIN, seeds=range(2), player_counts=[2, 3, 4], steps=400,
                        rules=False) > 400


@pytest.mark.slow
def test_plugin_kit_at_length() -> None:
    assert check_plugin(PLUGIN, seeds=range(4), player_counts=[2, 3, 4], steps=400) > 800
