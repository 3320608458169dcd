"""What a screen reader hears of the table, with real key events: the piece or place the keyboard
steps to is the view's accessible name (its readable name in the table's language) and what
Enter does there is its description; assistive technology is told of each change; the mouse
taking over gives the table its own name back."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtTest import QTest

from tabletop.engine.layout import Gesture, Layout, Piece, Zone
from tabletop.table import TableWidget
from tests.table.tablehelp import card_art, make_table, move


def layout() -> Layout:
    """A die, a spell card with its own hover text, a face-down card, and an unlabelled space."""
    lay = Layout(1000, 600)
    lay.zones.append(Zone("cell", 700, 380, 120, 120))
    lay.pieces += [
        Piece("die", "die", 100, 100, art={"value": 5}),
        Piece("fire", "card", 400, 60, art=card_art("Fireball", "ファイアボール"),
              tooltip_en="Fireball (cost 3)\nDeal 3 damage.",
              tooltip_ja="ファイアボール（コスト3）\n3ダメージ。"),
        Piece("back", "card", 600, 60, face_up=False),
    ]
    return lay


def gestures() -> list[Gesture]:
    return [
        Gesture("cast:fire:5", "die", "fire", choice_en="Cast Fireball with 5",
                choice_ja="5でファイアボールを唱える"),
        Gesture("keep:5", "die", "cell", label_en="Keep the 5 here", label_ja="5をここに置く"),
        Gesture("peek", None, "back", label_en="Peek at the card", label_ja="カードを見る"),
    ]


def heard(view: TableWidget) -> tuple[str, str]:
    """The name and description assistive technology reads of the view, through Qt's
    accessibility interface."""
    face = QAccessible.queryAccessibleInterface(view)
    assert face is not None
    return face.text(QAccessible.Text.Name), face.text(QAccessible.Text.Description)


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[tuple[QAccessible.Event, QObject]]:
    """Every accessibility update sent: (what changed, of which object)."""
    sent: list[tuple[QAccessible.Event, QObject]] = []

    def record(event: QAccessibleEvent) -> None:
        sent.append((event.type(), event.object()))

    monkeypatch.setattr(QAccessible, "updateAccessibility", record)
    return sent


def tab(view: TableWidget) -> None:
    QTest.keyClick(view, Qt.Key.Key_Tab)


def test_the_step_in_focus_is_the_views_accessible_name(qtbot: Any, told: list[Any]) -> None:
    view = make_table(qtbot, layout(), gestures())
    view.setFocus()
    assert heard(view) == ("Game table", "")
    told.clear()
    tab(view)
    assert view.key_focus() == "die"
    assert heard(view) == ("Die showing 5", "Enter: Pick it up to move it")
    tab(view)
    assert view.key_focus() == "back"
    assert heard(view) == ("Face-down card", "Enter: Peek at the card")
    # Each step was told to assistive technology: its name and its description changed.
    changes = [kind for kind, obj in told if obj is view]
    assert changes.count(QAccessible.Event.NameChanged) == 2
    assert changes.count(QAccessible.Event.DescriptionChanged) == 2


def test_a_picked_up_piece_names_its_places_and_what_dropping_there_does(
        qtbot: Any, told: list[Any]) -> None:
    view = make_table(qtbot, layout(), gestures())
    view.setFocus()
    tab(view)
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert view.selected_piece() == "die"
    assert heard(view) == ("Die showing 5", "Enter: Put it back")
    told.clear()
    QTest.keyClick(view, Qt.Key.Key_Right)
    # The card's readable name is the first line of its hover text, in the table's language.
    assert view.key_focus() == "fire"
    assert heard(view) == ("Fireball (cost 3)", "Enter: Cast Fireball with 5")
    assert (QAccessible.Event.NameChanged, view) in told
    QTest.keyClick(view, Qt.Key.Key_Right)
    # A space without a label is named by the move it makes.
    assert view.key_focus() == "cell"
    assert heard(view) == ("Keep the 5 here", "Enter: Keep the 5 here")


def test_names_follow_the_language_and_the_status_line_hears_them_too(
        qtbot: Any, told: list[Any]) -> None:
    view = make_table(qtbot, layout(), gestures())
    hints: list[str] = []
    view.status_hint.connect(hints.append)
    view.setFocus()
    tab(view)
    QTest.keyClick(view, Qt.Key.Key_Return)
    QTest.keyClick(view, Qt.Key.Key_Right)
    assert hints[-1] == "Fireball (cost 3)"
    told.clear()
    view.set_language("ja")
    assert heard(view) == ("ファイアボール（コスト3）", "Enter：5でファイアボールを唱える")
    assert (QAccessible.Event.NameChanged, view) in told
    QTest.keyClick(view, Qt.Key.Key_Right)
    assert heard(view)[0] == "5をここに置く"
    assert hints[-1] == "5をここに置く"


def test_the_mouse_and_escape_give_the_table_its_own_name_back(qtbot: Any,
                                                               told: list[Any]) -> None:
    view = make_table(qtbot, layout(), gestures())
    view.setFocus()
    tab(view)
    assert heard(view)[0] == "Die showing 5"
    move(view, view.view_pos_of("fire") + QPoint(1, 1), held=False)
    assert view.key_focus() is None
    assert heard(view) == ("Game table", "")
    tab(view)
    assert heard(view)[0] == "Die showing 5"
    told.clear()
    QTest.keyClick(view, Qt.Key.Key_Escape)  # nothing picked up: the step is let go
    assert view.key_focus() is None and heard(view) == ("Game table", "")
    assert (QAccessible.Event.NameChanged, view) in told
