"""The plugin kit over every installed game (rules, words, view on seeded games), and proof
that it catches a missing word, a word that does not fit, and a legal move without a gesture."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.api import GamePlugin, package_plugin
from tabletop.engine import Gesture
from tabletop.games.buried_treasure.spec import SPEC as BT_SPEC
from tabletop.games.buried_treasure.view import BuriedTreasureView
from tabletop.games.buried_treasure.words import WORDS as BT_WORDS
from tabletop.plugin_check import PluginCheckError, check_plugin
from tabletop.registry import load_plugins
from tabletop.text import Catalogue

PLUGINS, _ = load_plugins(include_entry_points=False)


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_every_game_passes_the_plugin_kit(game_id: str) -> None:
    assert check_plugin(PLUGINS[game_id], seeds=range(2), rules=False) > 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_every_game_passes_the_plugin_kit_at_length(game_id: str) -> None:
    assert check_plugin(PLUGINS[game_id], seeds=range(12), steps=600) > 0


def _bt(words: Catalogue | None = None, view: Any = None) -> GamePlugin:
    plugin = package_plugin("tabletop.games.buried_treasure", BT_SPEC,
                            game="model:BuriedTreasureGame", view="view:BuriedTreasureView",
                            rules="buried-treasure")
    return GamePlugin(spec=BT_SPEC, load=lambda: plugin.game,
                      view=view or BuriedTreasureView, rules=plugin.rules,
                      words=words or BT_WORDS)


def test_a_code_without_words_is_found() -> None:
    entries = dict(BT_WORDS.entries)
    del entries["log.bury"]
    with pytest.raises(PluginCheckError, match=r"no words for the code 'log\.bury'"):
        check_plugin(_bt(Catalogue(entries, parent=BT_WORDS.parent)), seeds=[0],
                     rules=False)


def test_a_language_whose_template_does_not_fit_is_found() -> None:
    entries = dict(BT_WORDS.entries)
    entries["log.bid"] = ("{seat:player} bids {bid}.", "{seat:player}が{amount}に入札")
    with pytest.raises(PluginCheckError, match=r"ja: the words for 'log\.bid' do not fit"):
        check_plugin(_bt(Catalogue(entries, parent=BT_WORDS.parent)), seeds=[0],
                     rules=False)


class _NoPass(BuriedTreasureView):
    def gestures(self, obs: dict[str, Any], seat: int | None,
                 legal_actions: list[str]) -> list[Gesture]:
        return [g for g in super().gestures(obs, seat, legal_actions) if g.action != "pass"]


def test_a_legal_move_without_a_gesture_is_found() -> None:
    with pytest.raises(PluginCheckError, match=r"legal actions without a gesture: \['pass'\]"):
        check_plugin(_bt(view=_NoPass), seeds=range(3), rules=False)
