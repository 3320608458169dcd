"""Play a match in the app the way a person does: every human decision is a seeded random legal
action performed through the table (a real drag or click) or the action bar's button."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from table.tablehelp import click, drag

from tabletop.engine.layout import Gesture


def perform(window: Any, gesture: Gesture) -> None:
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


def play_through_table(window: Any, controller: Any, qtbot: Any, seed: int,
                       limit: int = 2_000) -> int:
    """Play the human seats to the end of the match; the number of human moves made."""
    rng = random.Random(seed)
    table = window.table
    c = controller
    for moves in range(limit):
        qtbot.waitUntil(lambda: c.over or c.is_human_turn(), timeout=60_000)
        if c.over:
            return moves
        legal = c.session.legal_actions()
        action = legal[rng.randrange(len(legal))]
        offered = [g for g in table.gestures() if g.action == action]
        if not offered:  # buttons are not table gestures: the action bar holds them
            offered = [Gesture(action)]
        # Several actions on one drop open a chooser; answer it with the wanted action.
        table.set_chooser(lambda gs, _pos, a=action: next(g for g in gs if g.action == a))
        before = len(c.session.history)
        perform(window, offered[0])
        qtbot.waitUntil(lambda b=before: len(c.session.history) > b, timeout=10_000)
        assert c.session.history[before].action == action
    raise AssertionError("the match did not end")
