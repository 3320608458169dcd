"""A whole four-player National Economy game in the app, one person and three AI seats, played
only through what the window offers: drags and clicks on the table and the action buttons.

Every human decision picks a seeded random legal action, finds the gesture the table offers for
it and performs it with real mouse events (or clicks the button). The game must reach its end
and the summary must appear; no action is ever submitted behind the table's back.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTableWidget
from table.tablehelp import click, drag

from tabletop.app.newgame import GameSetup
from tabletop.engine.layout import Gesture
from tabletop.registry import load_plugins

plugins, _failures = load_plugins(include_entry_points=False)
GAME = "national-economy"
pytestmark = pytest.mark.skipif(GAME not in plugins, reason="National Economy did not load")


def perform(window, gesture: Gesture) -> None:  # type: ignore[no-untyped-def]
    """Do what a player would do for ``gesture``: drag, click a piece, or press a button."""
    table = window.table
    if gesture.source is not None and gesture.target is not None:
        drag(table, table.view_pos_of(gesture.source), table.view_pos_of(gesture.target))
    elif gesture.target is not None:
        click(table, table.view_pos_of(gesture.target))
    else:
        buttons = [b for b in window.table_page.game_buttons
                   if b.property("action") == gesture.action]
        assert buttons, f"no button for {gesture.action}"
        QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton)


def test_four_player_game_to_the_end_through_the_table(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window({GAME: plugins[GAME]})
    c = window.start_game(GameSetup(GAME, 4, ["human", "easy", "easy", "easy"], {}, seed=11,
                                    fixed_seed=True))
    assert c is not None
    rng = random.Random(5)
    table = window.table
    human_moves = 0
    for _ in range(2_000):
        qtbot.waitUntil(lambda: c.over or c.is_human_turn(), timeout=60_000)
        if c.over:
            break
        legal = c.session.legal_actions()
        action = legal[rng.randrange(len(legal))]
        offered = [g for g in table.gestures() if g.action == action]
        if not offered:  # buttons are not table gestures: the action bar holds them
            offered = [Gesture(action)]
        gesture = offered[0]
        # Several actions on one drop open a chooser; answer it with the wanted action.
        table.set_chooser(lambda gs, _pos, a=action: next(g for g in gs if g.action == a))
        before = len(c.session.history)
        perform(window, gesture)
        qtbot.waitUntil(lambda b=before: len(c.session.history) > b, timeout=10_000)
        assert c.session.history[before].action == action
        human_moves += 1
    assert c.over, "the game did not end"
    obs = c.session.observation(None)
    assert obs["phase"] == "over" and obs["round"] == 9
    assert human_moves > 20
    # The summary names the winner and breaks down every player's score in its table.
    dialog = window.summary_dialog
    assert dialog is not None
    assert dialog.text.text() == c.summary_text().splitlines()[0]
    assert "win" in dialog.text.text()
    table = dialog.findChild(QTableWidget, "scoreTable")
    assert table is not None and table.columnCount() == 5
    assert [table.horizontalHeaderItem(i).text() for i in range(1, 5)] == [
        f"Player {p}" for p in range(1, 5)]
    totals = [table.item(table.rowCount() - 1, i).text() for i in range(1, 5)]
    assert totals == [str(sc["total"]) for sc in obs["scores"]]
