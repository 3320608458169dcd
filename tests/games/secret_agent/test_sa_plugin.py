"""The Secret Agent plugin: its game, view and spec, its rulebooks, and the plugin kit over
seeded games at three and six countries (every message worded in both languages, every legal
action a gesture on pieces of the table, every refusal the table shows worded). Registration
in the built-in list is separate."""

from __future__ import annotations

import pytest

from tabletop.games.secret_agent.model import SecretAgentGame
from tabletop.games.secret_agent.plugin import PLUGIN
from tabletop.games.secret_agent.view import SecretAgentView
from tabletop.plugin_check import check_plugin
from tests.games.plugincheck import assert_plugin, rulebooks


def test_plugin_fields() -> None:
    assert_plugin(PLUGIN, SecretAgentGame, SecretAgentView,
                  names=("secret-agent", "Secret Agent", "シークレットエージェント"),
                  players=(3, 6),
                  options={"leader_abilities": False, "open_spies": False,
                           "multi_defence": False, "tops_only": False,
                           "auto_spy_discard": False, "refill_actions_only": False,
                           "clash_high_loses": True})


def test_rulebooks_exist_in_both_languages() -> None:
    en, ja = rulebooks(PLUGIN)
    assert en.startswith("# Secret Agent\n") and ja.startswith("# シークレットエージェント")


def test_plugin_kit_at_three_and_six_players() -> None:
    assert check_plugin(PLUGIN, seeds=range(1), player_counts=[3, 6], steps=120,
                        rules=False) >= 240


@pytest.mark.slow
def test_plugin_kit_at_length() -> None:
    assert check_plugin(PLUGIN, seeds=range(2), player_counts=[3, 4, 6], steps=500) > 1200
