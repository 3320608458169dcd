"""The Secret Agent plugin: its rulebooks, and the plugin kit over seeded games at three and six
countries (every message worded in both languages, every legal action a gesture on pieces of
the table, every refusal the table shows worded). Its game, view and spec are checked with the
other games' in ``tests/games/test_plugin_fields.py``; registration in the built-in list is
separate."""

from __future__ import annotations

import pytest

from tabletop.games.secret_agent.plugin import PLUGIN
from tabletop.plugin_check import check_plugin
from tabletop.testing.plugincheck import assert_rulebooks


def test_rulebooks_exist_in_both_languages() -> None:
    assert_rulebooks(PLUGIN, ("Secret Agent", "シークレットエージェント"))


def test_plugin_kit_at_three_and_six_players() -> None:
    assert check_plugin(PLUGIN, seeds=range(1), player_counts=[3, 6], steps=120,
                        rules=False) >= 240


@pytest.mark.slow
def test_plugin_kit_at_length() -> None:
    assert check_plugin(PLUGIN, seeds=range(2), player_counts=[3, 4, 6], steps=500) > 1200
