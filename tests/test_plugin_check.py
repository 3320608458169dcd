"""The plugin kit over every installed game (rules, words, view on seeded games), and proof
that it catches a missing word, a word that does not fit, a legal move without a gesture, a
tile the table cannot draw, a turned move of a piece that cannot turn, and a button on R."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tabletop.api import GamePlugin, package_plugin
from tabletop.engine import Gesture, Layout
from tabletop.games.buried_treasure.spec import SPEC as BT_SPEC
from tabletop.games.buried_treasure.view import BuriedTreasureView
from tabletop.games.buried_treasure.words import WORDS as BT_WORDS
from tabletop.plugin_check import PluginCheckError, check_plugin
from tabletop.registry import load_plugins
from tabletop.text import Catalogue
from tests.toygame import TILE_WORDS, TileRowGame, TileRowView

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


def _tiles(view: Any = None) -> GamePlugin:
    return GamePlugin(TileRowGame(), view or TileRowView, {}, words=TILE_WORDS)


def test_the_tile_toy_passes_the_plugin_kit() -> None:
    # Its rules are checked too: turned moves are ordinary legal actions of the game.
    assert check_plugin(_tiles(), seeds=range(2)) > 0


class _BadTile(TileRowView):
    def layout(self, obs: dict[str, Any], seat: int | None) -> Layout:
        lay = super().layout(obs, seat)
        lay.pieces[0].art = {**lay.pieces[0].art, "style": "lava"}
        return lay


class _NotTurnable(TileRowView):
    def layout(self, obs: dict[str, Any], seat: int | None) -> Layout:
        lay = super().layout(obs, seat)
        for piece in lay.pieces:
            piece.turnable = False
        return lay


class _PassOnR(TileRowView):
    def gestures(self, obs: dict[str, Any], seat: int | None,
                 legal_actions: list[str]) -> list[Gesture]:
        out = super().gestures(obs, seat, legal_actions)
        return [dataclasses.replace(g, shortcut="R") if g.action == "pass" else g for g in out]


class _PassOnHint(TileRowView):
    def gestures(self, obs: dict[str, Any], seat: int | None,
                 legal_actions: list[str]) -> list[Gesture]:
        out = super().gestures(obs, seat, legal_actions)
        return [dataclasses.replace(g, shortcut="H") if g.action == "pass" else g for g in out]


def test_a_tile_the_table_cannot_draw_is_found() -> None:
    with pytest.raises(PluginCheckError, match=r"tile 'start' for None: style 'lava'"):
        check_plugin(_tiles(_BadTile), seeds=[0], rules=False)


def test_a_turned_move_of_a_piece_that_cannot_turn_is_found() -> None:
    with pytest.raises(PluginCheckError, match=r"'place:1:180' is made turned round, but is "
                                               r"not a drag of a piece laid out turnable"):
        check_plugin(_tiles(_NotTurnable), seeds=[0], rules=False)


def test_a_button_on_the_key_that_turns_pieces_is_found() -> None:
    # The tile toy's third tile fits nowhere: its player passes, with a button.
    with pytest.raises(PluginCheckError, match=r"the button of 'pass' takes the key R"):
        check_plugin(_tiles(_PassOnR), seeds=range(3), rules=False)


def test_a_button_on_a_key_the_window_keeps_is_found() -> None:
    # H asks for a hint: a game's button on it would never be pressed by the key.
    with pytest.raises(PluginCheckError, match=r"the button of 'pass' takes the key H, which "
                                               r"the window keeps for itself"):
        check_plugin(_tiles(_PassOnHint), seeds=range(3), rules=False)
