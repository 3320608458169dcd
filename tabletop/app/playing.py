"""A person's decision made at the window: a legal action performed as a player does it, by a
real drag or click on the table or a click on its button in the action bar.

The app's tests and the hidden-information check at the glass (``glasscheck``) play through
this, so what they check is what a mouse gets to.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tabletop.engine.layout import Gesture
from tabletop.table.pointer import click, drag, visible_point


def offered(window: Any, action: str) -> list[Gesture]:
    """The gestures of the table for ``action``, else its button's (a bare ``Gesture``); [] when
    the window offers no way to make it."""
    gestures = [g for g in window.table.gestures() if g.action == action]
    if gestures:
        return gestures
    if any(b.property("action") == action for b in window.table_page.game_buttons):
        return [Gesture(action)]
    return []


def perform(window: Any, gesture: Gesture) -> None:
    """Do what a player would do for ``gesture``: drag (from a point of the source that shows:
    cards in a hand overlap), click a piece, or press a button. Several actions on one drop
    open a chooser: it is answered with ``gesture``'s action. A gesture of a piece turned round
    (``Gesture.turned``) is a drag during which the piece is turned by a right-click."""
    table = window.table
    action = gesture.action
    table.set_chooser(lambda gs, _pos: next((g for g in gs if g.action == action), None))
    if gesture.source is not None and gesture.target is not None:
        start, end = visible_point(table, gesture.source), table.view_pos_of(gesture.target)
        if gesture.turned:  # the move of the piece turned round: turned by a right-click
            drag(table, start, end, turn_at=2)
        else:
            drag(table, start, end)
    elif gesture.target is not None:
        click(table, visible_point(table, gesture.target))
    else:
        buttons = [b for b in window.table_page.game_buttons if b.property("action") == action]
        assert buttons, f"no button for {action}"
        QTest.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
