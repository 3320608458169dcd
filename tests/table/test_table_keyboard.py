"""Playing the table from the keyboard, with real key events: Tab and the arrows step through what
can be played in reading order, Enter picks a piece up and puts it down as clicks do, R turns a
picked-up tile round, Escape puts it back, and the mouse takes over from the keyboard."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tabletop.engine.layout import Gesture
from tabletop.table import TableWidget
from tests.table.tablehelp import make_table, move
from tests.table.test_table_turning import record, tile_table


def key(view: TableWidget, k: Qt.Key,
        modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(view, k, modifiers)


def hovered(view: TableWidget) -> set[str]:
    return {i for i in ("die0", "die1", "A", "B", "C", "T", "tray", "pool")
            if (item := view.item_for(i)) is not None and item.hovered}


def test_tab_steps_through_what_can_be_played_in_reading_order(qtbot: Any) -> None:
    view = make_table(qtbot)
    view.setFocus()
    steps = []
    for _ in range(4):
        key(view, Qt.Key.Key_Tab)
        steps.append(view.key_focus())
    # The dice (top left, left to right), then the token to click; then round again.
    assert steps == ["die0", "die1", "T", "die0"]
    assert hovered(view) == {"die0"}
    key(view, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert view.key_focus() == "T"
    key(view, Qt.Key.Key_Left)
    assert view.key_focus() == "die1"
    key(view, Qt.Key.Key_Right)
    assert view.key_focus() == "T"


def test_enter_picks_a_piece_up_and_puts_it_on_a_target(qtbot: Any) -> None:
    view = make_table(qtbot)
    view.set_chooser(lambda gs, pos: gs[0])
    chosen = record(view.action_chosen)
    view.setFocus()
    key(view, Qt.Key.Key_Tab)
    key(view, Qt.Key.Key_Tab)  # die1
    key(view, Qt.Key.Key_Return)
    assert view.selected_piece() == "die1"
    # With the die picked up, Tab walks its places: card A, the pool, and the die itself.
    seen = []
    for _ in range(3):
        key(view, Qt.Key.Key_Tab)
        seen.append(view.key_focus())
    assert seen == ["A", "pool", "die1"]
    key(view, Qt.Key.Key_Tab)  # A again
    key(view, Qt.Key.Key_Space)
    assert chosen == ["cast:a:4"] and view.selected_piece() is None


def test_escape_puts_the_piece_back_and_enter_on_a_click_target_plays_it(qtbot: Any) -> None:
    view = make_table(qtbot)
    chosen = record(view.action_chosen)
    view.setFocus()
    key(view, Qt.Key.Key_Tab)
    key(view, Qt.Key.Key_Return)
    assert view.selected_piece() == "die0"
    key(view, Qt.Key.Key_Escape)
    assert view.selected_piece() is None and chosen == []
    assert view.key_focus() == "die0"  # put back, the focus stays on it
    for _ in range(2):
        key(view, Qt.Key.Key_Tab)
    assert view.key_focus() == "T"
    key(view, Qt.Key.Key_Enter)
    assert chosen == ["end"]


def test_r_turns_the_picked_up_tile_and_enter_puts_it_down_that_way(qtbot: Any) -> None:
    view, hand = tile_table(qtbot)
    chosen = record(view.action_chosen)
    view.setFocus()
    key(view, Qt.Key.Key_Tab)
    assert view.key_focus() == hand
    key(view, Qt.Key.Key_Return)
    key(view, Qt.Key.Key_R)
    assert view.turned_piece() == hand
    # Turned round, the tile fits only on the left of the row (cell1).
    key(view, Qt.Key.Key_Tab)
    assert view.key_focus() == "cell1"
    key(view, Qt.Key.Key_Return)
    assert chosen == ["place:1:180"]


def test_the_mouse_takes_over_and_a_table_without_moves_lets_tab_leave(qtbot: Any) -> None:
    view = make_table(qtbot)
    view.setFocus()
    key(view, Qt.Key.Key_Tab)
    assert view.key_focus() == "die0"
    move(view, view.view_pos_of("C") + QPoint(1, 1), held=False)
    assert view.key_focus() is None
    # Nothing to play on the table (only a button): Tab has nothing to step to here.
    empty = make_table(qtbot, gestures=[Gesture("pass", label_en="Pass")])
    empty.setFocus()
    key(empty, Qt.Key.Key_Tab)
    assert empty.key_focus() is None and not hovered(empty)
