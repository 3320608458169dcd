"""A tile turned round by the player reaches the game: the tile toy played in the main window
with real mouse and key events on the table."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tabletop.api import GamePlugin
from tabletop.app.newgame import GameSetup
from tabletop.engine.layout import TILE_SIZE
from tabletop.table.items import TileItem
from tests.table.tablehelp import move, press, release
from tests.toygame import TILE_WORDS, TileRowGame, TileRowView


def test_a_tile_dragged_and_turned_is_played_turned_round(make_window: Any, qtbot: Any) -> None:
    window = make_window({"toy-tiles": GamePlugin(TileRowGame(), TileRowView, {},
                                                  words=TILE_WORDS)})
    c = window.start_game(GameSetup("toy-tiles", 2, ["human", "human"], {}, seed=1))
    assert c is not None and c.is_human_turn()
    table = window.table
    start = table.view_pos_of("tile0")
    press(table, start)
    move(table, start + QPoint(15, 15))
    QTest.mousePress(table.viewport(), Qt.MouseButton.RightButton,
                     Qt.KeyboardModifier.NoModifier, start + QPoint(15, 15))
    QTest.mouseRelease(table.viewport(), Qt.MouseButton.RightButton,
                       Qt.KeyboardModifier.NoModifier, start + QPoint(15, 15))
    end = table.view_pos_of("cell1")
    move(table, end)
    release(table, end)
    assert c.moves() == ["place:1:180"]
    # The table now shows the tile in cell 1, drawn turned round: its door faces the row.
    placed = table.item_for("tile0")
    assert isinstance(placed, TileItem) and not placed.turned
    assert [(i.icon, i.at) for i in placed.tile().icons] == [("door", "E")]
    qtbot.waitUntil(lambda: not placed.is_animating(), timeout=3000)
    assert abs(placed.scene_body().left() - TileRowView.CELL_X - (TILE_SIZE + 20)) < 0.5
